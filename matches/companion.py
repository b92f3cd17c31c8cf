"""A round played at a real table, written down as it happens, from one seat's view.

The player enters their own hand, who leads, and then every move as it is made: their own
(a tile, a draw with the tile they drew, a pass) and the others' (a tile, a pass, a draw
whose tile they did not see). The companion keeps what that seat knows —
:class:`engine.knowledge.SeatView`, the same object a seat is given in a game played on
the engine — so every analysis the app has (the hint, who cannot hold which numbers, the
exact odds of where each tile is) works on a real game.

How, without the others' hands: the companion keeps one *stand-in* deal, a whole deal
that fits everything entered so far, and plays each entry on it with the engine. The
engine therefore decides what is legal, whose turn it is, the score and the round's end;
the seat's view of the stand-in is the seat's view of the real game, because a view holds
only the seat's own tiles and the public record. When an entry does not fit the stand-in
(Luis plays 3-5 and the stand-in gave it to Ana), the companion draws other deals that
fit the record so far, uniformly (``engine.inference``), until one lets the entry be
made; when none can, the entry is refused with the reason (Luis passed on 3 earlier, so
he holds no 3). The record itself is only the entries: the stand-in is rebuilt from them,
the same every time (its random draws are seeded by the record), so undo, a link and a
file all give the same analysis.

>>> from engine import Rules
>>> game = TableGame(Rules.preset("laplaza_partners"), seat=0,
...                  hand=["6-6", "1-2", "0-0", "0-1", "0-2", "0-3", "0-4"])
>>> game.turn  # whoever holds 6-6 leads it: here, the player
0
>>> game = game.play(0, "lead 6-6").play(1, "5-6@L").play(2, "pass")
>>> game.view().cannot_hold()[2] >= {5, 6}  # Ana passed facing 5 and 6
True
>>> game.play(1, "4-6@L")
Traceback (most recent call last):
...
matches.companion.EntryError: not_turn: it is seat 3's turn, not seat 1's
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
import random
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from engine import IllegalActionError, Round, Rules
from engine.actions import Action
from engine.errors import NotationError, PositionError
from engine.inference import deals_at_random
from engine.knowledge import SeatView
from engine.match import match_outcome
from engine.notation import _check_score, _numbers, position_from_dict, position_to_dict, read_json
from engine.round import lead_requirement
from engine.tiles import TILES, Tile, mask_of
from engine.view import ends_after

#: how many fitting deals are drawn before an entry is called impossible
DRAWS = 3000
#: the entries' kinds besides a move: the round blocked at the table
BLOCKED = "blocked"
#: how many ways of filling the hidden hands a record begun mid-round tries before its
#: start is called impossible
FILLS = 24


class EntryError(ValueError):
    """An entry the game cannot have had; ``code`` and ``params`` say why (for the page's words)."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code, self.params = code, params
        super().__init__(f"{code}: {_explain(code, params)}")


def _explain(code: str, params: Mapping[str, Any]) -> str:
    english = {
        "not_turn": "it is seat {turn}'s turn, not seat {seat}'s",
        "over": "the round is over",
        "seen": "{tile} is already in your hand or on the table",
        "not_drawn": "say which tile you drew",
        "own_illegal": "{why}",
        "cannot_hold": "seat {seat} cannot hold {tile}",
        "cannot": "no deal fits: seat {seat} cannot {action} here",
        "hand": "a hand of {size} tiles, each once ({got})",
        "not_blocked": "the round cannot block here",
        "link": "this link holds no record of a game",
        "format": "this is not a record of a game",
        "start": "no game reaches this position ({why})",
        "paste_seat": "this game has seats 0 to {last} only",
        "not_over": "the round is not over yet",
        "score": "no match has this score before round {round}",
        "leader": "the rules do not let seat {seat} lead this round with this hand",
        "leader_you": "the rules do not let you lead this round with your hand",
    }
    text = english.get(code, code)
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


@dataclass(frozen=True)
class Entry:
    """One thing that happened: ``seat`` did ``action`` (``"3-5@L"``, ``"lead 6-6"``,
    ``"draw"``, ``"pass"``), or the round blocked (seat -1, ``"blocked"``); ``drawn`` is the
    tile the player drew (their own draws only)."""

    seat: int
    action: str
    drawn: str | None = None

    def to_list(self) -> list:
        return [self.seat, self.action] + ([self.drawn] if self.drawn else [])


@dataclass(frozen=True)
class Start:
    """Where a record begun mid-round starts: what the whole table sees then (the line as
    it lies, each seat's number of tiles, the stock's, whose turn, who led and who placed
    last, the All Fives points scored so far). Nothing before it is known, so nothing is
    inferred from it but the counts."""

    line: tuple[str, ...]
    counts: tuple[int, ...]
    stock: int = 0
    turn: int = 0
    leader: int = 0
    last_placer: int = 0
    round_points: tuple[int, ...] | None = None
    lot: tuple[str, ...] | None = None  # the tile each seat drew in the lot for the lead, seat 0 first

    @staticmethod
    def of(rnd: Round) -> "Start":
        """The public state of a round now."""
        n = rnd.rules.num_players
        return Start(tuple(f"{a}-{b}" for a, b in rnd.line), tuple(len(rnd.hand(s)) for s in range(n)),
                     len(rnd.stock), rnd.turn, rnd.leader, rnd.last_placer,
                     tuple(rnd.round_points) if any(rnd.round_points) else None,
                     tuple(str(TILES[rnd.lot[s]]) for s in range(n)) if rnd.lot else None)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"line": list(self.line), "counts": list(self.counts), "stock": self.stock,
                                "turn": self.turn, "leader": self.leader, "last_placer": self.last_placer}
        if self.round_points is not None:
            data["round_points"] = list(self.round_points)
        if self.lot is not None:
            data["lot"] = list(self.lot)
        return data

    @staticmethod
    def from_dict(data: Any, players: int) -> "Start":
        if not isinstance(data, Mapping) or not set(data) <= {"line", "counts", "stock", "turn", "leader",
                                                              "last_placer", "round_points", "lot"}:
            raise EntryError("format")
        line, counts = data.get("line"), data.get("counts")
        if not isinstance(line, list) or not line or not all(isinstance(t, str) for t in line) or \
                not isinstance(counts, list) or len(counts) != players:
            raise EntryError("format")
        points = data.get("round_points")
        if points is not None and (not isinstance(points, list) or len(points) > players):
            raise EntryError("format")
        lot = data.get("lot")
        if lot is not None and (not isinstance(lot, list) or len(lot) != players
                                or not all(isinstance(t, str) for t in lot)):
            raise EntryError("format")
        return Start(tuple(line), tuple(_int(c, 29) for c in counts), _int(data.get("stock", 0), 29),
                     _int(data.get("turn", 0), players), _int(data.get("leader", 0), players),
                     _int(data.get("last_placer", 0), players),
                     None if points is None else tuple(_int(p, 10_000) for p in points),
                     None if lot is None else tuple(lot))

    def position(self, rules: Rules, hands: Sequence[Sequence[str]], stock: Sequence[str], round_number: int,
                 score: Sequence[int] | None, reachable: bool = True) -> Round:
        """This start with ``hands`` and ``stock`` filled in, checked by the engine as any
        position is (PositionError when it cannot be), and proved to be one a game reaches
        unless ``reachable`` is False."""
        data: dict[str, Any] = {"rules": rules.to_dict(), "round": round_number, "hands": [list(h) for h in hands],
                                "line": list(self.line), "stock": list(stock), "turn": self.turn,
                                "leader": self.leader, "last_placer": self.last_placer}
        if score is not None:
            data["score"] = list(score)
        if self.round_points is not None:
            data["round_points"] = list(self.round_points)
        if self.lot is not None:
            data["lot"] = {str(seat): tile for seat, tile in enumerate(self.lot)}
        return position_from_dict(data, reachable=reachable)

    def seen(self) -> set[str]:
        """The tiles on the line, low-high."""
        return {str(Tile.parse(t)) for t in self.line}


@dataclass(frozen=True)
class TableGame:
    """The record of one round at a real table, from ``seat``'s view (immutable: every
    entry gives a new record, so undo is the previous one)."""

    rules: Rules
    seat: int
    hand: Sequence[str]
    leader: int | None = None          # None: the rules say (the 6-6 holder...), else seat 0
    round_number: int = 1
    score: Sequence[int] | None = None
    entries: tuple[Entry, ...] = ()
    start: Start | None = None         # None: written down from the deal; else from mid-round
    #: the other seats' hands as dealt (as at ``start``), when the player has entered them;
    #: kept with the record, checked only by :func:`with_hands`
    dealt: Mapping[int, tuple[str, ...]] | None = None
    _stand_in: Round | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        hand = tuple(str(Tile.parse(t)) for t in self.hand)
        size = self.rules.hand_size if self.start is None else self.start.counts[self.seat]
        if len(hand) != size or len(set(hand)) != size:
            raise EntryError("hand", size=size, got=len(set(hand)))
        object.__setattr__(self, "hand", hand)
        if type(self.round_number) is not int or not 1 <= self.round_number < ROUND_LIMIT:
            raise EntryError("format")
        if self.score is not None:  # the match score before the round: one per side, as the engine checks it
            object.__setattr__(self, "score", _checked_score(self.rules, self.round_number, self.score))
        if self.dealt is not None:
            object.__setattr__(self, "dealt", {int(seat): tuple(str(t) for t in tiles)
                                               for seat, tiles in self.dealt.items()})
        if self._stand_in is None:
            object.__setattr__(self, "_stand_in", _replay(self))

    # ------------------------------------------------------------------ reading
    def round(self) -> Round:
        """The stand-in round (a copy): its public record and the seat's hand are real,
        the other hands and the stock only fit them."""
        return self._stand_in.copy()

    def view(self) -> SeatView:
        return self._stand_in.view(self.seat)

    @property
    def turn(self) -> int:
        return self._stand_in.turn

    @property
    def is_over(self) -> bool:
        return self._stand_in.is_over

    # ------------------------------------------------------------------ writing
    def play(self, seat: int, action: str, drawn: str | None = None) -> "TableGame":
        """This record with one more entry, or :class:`EntryError` saying why it cannot be."""
        if str(action).strip() != BLOCKED and not (type(seat) is int and 0 <= seat < self.rules.num_players):
            raise EntryError("format")
        entry = Entry(seat, str(action).strip(), None if drawn is None else str(Tile.parse(drawn)))
        entries = self.entries + (entry,)
        stand_in = _advance(self, self._stand_in, entry, entries)
        return replace(self, entries=entries, _stand_in=stand_in)

    @property
    def leader_unknown(self) -> bool:
        """Who leads is not known yet: the record starts at the deal, nothing is entered,
        no leader was named ("as the rules say"), and the player does not lead in every
        deal that fits their hand (the rules give the lead to the holder of the 6-6, or of
        Kozel's best tile, and the player does not hold it; or a lot decides). The page
        then asks who led instead of letting the stand-in deal decide."""
        if self.leader is not None or self.start is not None or self.entries:
            return False
        return self.leaders() != [self.seat]

    def leaders(self) -> list[int]:
        """The seats that can lead this round by the rules, given the player's hand: the
        engine's lead rule (``lead_requirement``) on a deal that gives every tile the
        player does not hold to that seat (for the player, to the next seat)."""
        n = self.rules.num_players
        mine = mask_of(Tile.parse(t) for t in self.hand)
        rest = ((1 << len(TILES)) - 1) & ~mine
        out = []
        for seat in range(n):
            holder = (self.seat + 1) % n if seat == self.seat else seat
            hands = [mine if s == self.seat else rest if s == holder else 0 for s in range(n)]
            forced_seat, _ = lead_requirement(self.rules, self.round_number, hands)
            if forced_seat is None or forced_seat == seat:
                out.append(seat)
        return out

    def led_by(self, seat: int) -> "TableGame":
        """This record with ``seat`` named as the leader (what the page asks when
        :attr:`leader_unknown`); EntryError when the rules do not let that seat lead."""
        if self.entries or self.start is not None or seat not in self.leaders():
            raise EntryError("leader_you" if seat == self.seat else "leader", seat=seat)
        return replace(self, leader=seat, _stand_in=None)

    def lead_tiles(self) -> list[str]:
        """The tiles the seat to move can lead now, another seat's lead (the engine's
        judgement on each unseen tile: the 6-6 alone when the rules force it); [] when it
        is no lead or the player's own."""
        rnd = self._stand_in
        if rnd.is_over or rnd.ends is not None or rnd.turn == self.seat:
            return []
        seen = {str(t) for t in self.view().seen()}
        out = []
        for tile in TILES:
            if str(tile) not in seen:
                try:
                    self.play(rnd.turn, f"lead {tile}")
                except (EntryError, IllegalActionError):
                    continue
                out.append(str(tile))
        return out

    def blocked(self) -> "TableGame":
        """The round blocked at the table after the last move (nobody could play)."""
        return self.play(-1, BLOCKED)

    def undo(self) -> "TableGame":
        return replace(self, entries=self.entries[:-1], _stand_in=None) if self.entries else self

    def next_round(self, hand: Sequence[str], points: Sequence[int], leader: int | None = None) -> "TableGame":
        """The match's next round at the same table, from the same seat: the totals plus
        what this round scored as the table counted it (``points``, one per side: the
        others' pips are not in the record), the player's new hand and who leads (None:
        as the rules say). :func:`match_over` says when there is no next round."""
        if not self.is_over:
            raise EntryError("not_over")
        before = tuple(self.score) if self.score is not None else tuple(0 for _ in self._stand_in.score)
        if not isinstance(points, (list, tuple)) or len(points) != len(before) or \
                any(type(p) is not int or not 0 <= p <= 10_000 for p in points):
            raise EntryError("format")
        return TableGame(self.rules, seat=self.seat, hand=hand, leader=leader, round_number=self.round_number + 1,
                         score=tuple(a + b for a, b in zip(before, points)))

    def round_points(self) -> tuple[int, ...] | None:
        """What the finished round scored, per side, when every hand is entered (else the
        table's count is needed: the others' pips are hidden)."""
        if not self.is_over or self.dealt is None:
            return None
        try:
            return tuple(with_hands(self).result.total)
        except (EntryError, IllegalActionError, PositionError):
            return None

    @staticmethod
    def from_round(rnd: Round, seat: int, hands: bool = False) -> "TableGame":
        """What ``seat`` could have written down of a round played on the engine (a bot
        game, a review, a pasted position): its dealt hand (its hand at a snapshot's
        start), the leader and every public move, with its own draws' tiles. ``hands``:
        with the other hands as dealt too, when the engine can replay the record on them
        (not after another seat drew: which tiles it took is not in a record)."""
        start = rnd.copy()
        for _ in range(len(rnd.history)):
            start.undo()
        mid_round = Start.of(start) if start.from_snapshot and start.line else None
        game = TableGame(rnd.rules, seat=seat, hand=[str(t) for t in start.hand(seat)],
                         leader=None if mid_round else rnd.leader, round_number=rnd.round_number,
                         score=tuple(int(x) for x in rnd.score), start=mid_round)
        for actor, aid, drawn in rnd.history:
            game = game.play(actor, str(Action.from_id(aid)), str(TILES[drawn]) if actor == seat and drawn >= 0 else None)
        if rnd.is_over and rnd.result.kind == "block" and not game.is_over:
            game = game.blocked()
        if hands:
            known = replace(game, dealt={s: [str(t) for t in start.hand(s)]
                                         for s in range(rnd.rules.num_players) if s != seat})
            try:
                with_hands(known)
                return known
            except EntryError:
                pass
        return game

    # ------------------------------------------------------------------ files and links
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rules": self.rules.to_dict(), "seat": self.seat, "hand": list(self.hand),
                                "moves": [e.to_list() for e in self.entries]}
        if self.leader is not None:
            data["leader"] = self.leader
        if self.round_number != 1:
            data["round"] = self.round_number
        if self.score is not None:
            data["score"] = list(self.score)
        if self.start is not None:
            data["start"] = self.start.to_dict()
        if self.dealt is not None:
            data["hands"] = {str(seat): list(tiles) for seat, tiles in sorted(self.dealt.items())}
        return data

    def without_hands(self) -> "TableGame":
        """The record alone (what names it: the hands entered afterwards are not part of it)."""
        return replace(self, dealt=None) if self.dealt is not None else self

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> "TableGame":
        """The record a file or link holds; a bad one raises ValueError (EntryError and
        the engine's errors are ValueErrors) saying what is wrong."""
        if not isinstance(data, Mapping) or not set(data) <= RECORD_KEYS:
            raise EntryError("format")
        rules = Rules.from_dict(data.get("rules", {}))
        n = rules.num_players
        hand, moves = data.get("hand", []), data.get("moves", [])
        if not isinstance(hand, list) or not all(isinstance(t, str) for t in hand) or not isinstance(moves, list):
            raise EntryError("format")
        game = TableGame(rules, seat=_int(data.get("seat", 0), n), hand=list(hand),
                         leader=None if data.get("leader") is None else _int(data["leader"], n),
                         round_number=_int(data.get("round", 1), ROUND_LIMIT) or 1,
                         score=data.get("score"),
                         start=None if data.get("start") is None else Start.from_dict(data["start"], n),
                         dealt=_dealt_from(data.get("hands"), n))
        for move in moves:
            if not isinstance(move, list) or not 2 <= len(move) <= 3 or type(move[0]) is not int or \
                    not all(isinstance(x, str) for x in move[1:]):
                raise EntryError("format")
            if move[1] == BLOCKED and move[0] == -1 and len(move) == 2:
                game = game.blocked()
                continue
            game = game.play(_int(move[0], rules.num_players), move[1], move[2] if len(move) == 3 else None)
        return game


#: the longest link text read back (a record of a whole round is a few hundred characters)
LINK_LIMIT = 4000
#: a round number from here on is no real match's
ROUND_LIMIT = 10_000
#: every key a record may have (what :meth:`TableGame.to_dict` writes)
RECORD_KEYS = frozenset({"rules", "seat", "hand", "moves", "leader", "round", "score", "start", "hands"})


def to_link(game: TableGame) -> str:
    """The record as one URL-safe word: compact JSON, compressed, base64url."""
    return _encode(game.to_dict())


def _encode(data: Mapping[str, Any]) -> str:
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def from_link(word: str) -> TableGame:
    """The record a link holds; a bad or tampered link raises :class:`EntryError`
    (``"link"``) or, for a record that cannot be, the error :func:`from_text` gives."""
    if not isinstance(word, str) or not 0 < len(word) <= LINK_LIMIT:
        raise EntryError("link")
    try:
        raw = zlib.decompressobj().decompress(base64.urlsafe_b64decode(word + "=" * (-len(word) % 4)), 20_000)
    except (ValueError, zlib.error):
        raise EntryError("link") from None
    return _load(raw, None, "link")


def from_text(raw: bytes | str, seat: int | None = None) -> TableGame:
    """What a file or a paste box holds: a record as :meth:`TableGame.to_dict` writes it,
    or a position in the engine's notation (``docs/notation.md``) seen from ``seat`` (the
    seat to move when None) — with its history, the round from the deal; a snapshot, the
    round from that point on — with the position's other hands, for the exact values.
    Anything else raises a ValueError saying what is wrong."""
    return _load(raw, seat, "format")


def _load(raw: bytes | str, seat: int | None, unreadable: str) -> TableGame:
    """The one reader of every way in (a link, a pasted position or record, a file): the
    engine's JSON reader (``engine.notation.read_json``: no deep nesting, no endless
    numbers), then the record or the position, and the engine's own loader on what came
    of it (:func:`_engine_checked`). Every refusal is a ValueError (an EntryError or the
    engine's coded error)."""
    try:
        data = read_json(raw)
    except NotationError:
        raise EntryError(unreadable) from None
    if not isinstance(data, dict):
        raise EntryError(unreadable)
    try:
        if "moves" in data or "hand" in data:
            return _engine_checked(TableGame.from_dict(data))
        rnd = position_from_dict(data)  # checked, and proved to be a position a game reaches
        seat = rnd.turn if seat is None else seat
        if type(seat) is not int or not 0 <= seat < rnd.rules.num_players:
            raise EntryError("paste_seat", last=rnd.rules.num_players - 1)
        return _engine_checked(TableGame.from_round(rnd, seat, hands=True))
    except RecursionError:  # (read_json refuses deep nesting first; this is the last guard)
        raise EntryError(unreadable) from None


def _engine_checked(game: TableGame) -> TableGame:
    """``game`` when the engine's own loader takes the round it stands for: the stand-in
    deal written as a position and read back (``engine.notation``), with its history from
    the deal, proved reachable; a record begun mid-round is read as the snapshot it is
    (that a game reaches it depends on hands nobody has seen; its score is checked all
    the same, in :class:`TableGame`)."""
    try:
        position_from_dict(position_to_dict(game._stand_in), reachable=game.start is None)
    except PositionError:
        raise EntryError("format") from None
    return game


def _dealt_from(data: Any, players: int) -> dict[int, tuple[str, ...]] | None:
    """The ``hands`` of a file or link: ``{"1": ["0-0", ...], ...}``, other seats only."""
    if data is None:
        return None
    if not isinstance(data, Mapping) or len(data) >= players:
        raise EntryError("format")
    dealt = {}
    for key, tiles in data.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit()) or not isinstance(tiles, list) \
                or len(tiles) > 28 or not all(isinstance(t, str) for t in tiles):
            raise EntryError("format")
        dealt[_int(int(key), players)] = tuple(str(Tile.parse(t)) for t in tiles)
    return dealt


def _checked_score(rules: Rules, round_number: int, score: Any) -> tuple[int, ...]:
    """The match score before a round, refused as the engine's loader refuses a position's
    (``engine.notation``): one whole number per side, none negative, 0 before round 1,
    short of the match's end, no more than the rounds before can have scored."""
    try:
        numbers = _numbers({"score": list(score) if isinstance(score, (list, tuple)) else score}, "score",
                           rules.flags.units, [])
        _check_score(rules, round_number, numbers, True)
    except PositionError:
        raise EntryError("score", round=round_number) from None
    return tuple(numbers)


def _int(value: Any, below: int) -> int:
    if type(value) is not int or not 0 <= value < below:
        raise EntryError("format")
    return value


# ---------------------------------------------------------------------- the stand-in deal
def _rng(game: TableGame, entries: Sequence[Entry]) -> random.Random:
    """Random draws seeded by the record itself: the same record, the same stand-in."""
    parts = [game.rules.to_dict(), game.seat, list(game.hand), game.leader, game.round_number,
             [e.to_list() for e in entries]]
    if game.start is not None:  # (records from the deal keep the stand-ins they always had)
        parts.append(game.start.to_dict())
    text = json.dumps(parts, sort_keys=True)
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def _start(game: TableGame) -> Round:
    """A first stand-in deal: the seat's hand as entered, the rest shuffled, the lead where
    the rules or the player put it."""
    if game.start is not None:
        return _start_mid_round(game)
    rules, rng = game.rules, _rng(game, ())
    mine = set(game.hand)
    for _ in range(DRAWS):
        rest = [str(t) for t in TILES if str(t) not in mine]
        rng.shuffle(rest)
        size = rules.hand_size
        hands, i = [], 0
        for s in range(rules.num_players):
            if s == game.seat:
                hands.append(list(game.hand))
            else:
                hands.append(rest[i:i + size])
                i += size
        stock = rest[i:] if rules.stock_mode == "draw" else []
        rnd = Round.from_hands(rules, hands, stock, leader=game.leader or 0, round_number=game.round_number)
        if game.leader is None or rnd.leader == game.leader:
            if game.score is not None:
                rnd.score = tuple(game.score)
            return rnd
    # the player named a leader the rules do not allow (the 6-6 is in their own hand, or
    # not in it and they named themselves)
    raise EntryError("leader_you" if game.leader == game.seat else "leader", seat=game.leader)


def _start_mid_round(game: TableGame) -> Round:
    """A first stand-in for a record begun mid-round: the unseen tiles dealt at random to
    the other seats (as many as each holds) and the stock, the rest out of play. The
    engine checks the position as it checks any (the line, the counts, the stock, the
    round's forced lead), but does not prove a game reaches it: that depends on the
    hidden hands (a seat with a drawn tile must have had nothing to play), and the deal
    model draws the hidden hands by the counts alone. A pasted position was proved when
    it was read (``engine.notation.loads``)."""
    start, rng = game.start, _rng(game, ())
    seen = set(game.hand) | start.seen()
    rest = [str(t) for t in TILES if str(t) not in seen]
    others = sum(c for s, c in enumerate(start.counts) if s != game.seat)
    if len(seen) != len(game.hand) + len(start.line) or others + start.stock > len(rest):
        raise EntryError("start", why=_explain("hand", {"size": start.counts[game.seat], "got": len(game.hand)}))
    why = ""
    for _ in range(FILLS):
        rng.shuffle(rest)
        hands, i = [], 0
        for seat, count in enumerate(start.counts):
            hands.append(list(game.hand) if seat == game.seat else rest[i:i + count])
            i += 0 if seat == game.seat else count
        try:
            return start.position(game.rules, hands, rest[i:i + start.stock], game.round_number, game.score,
                                  reachable=False)
        except PositionError as err:
            why = str(err)
    raise EntryError("start", why=why)


def _replay(game: TableGame) -> Round:
    rnd = _start(game)
    for k, entry in enumerate(game.entries):
        rnd = _advance(game, rnd, entry, game.entries[:k + 1])
    return rnd


def _advance(game: TableGame, rnd: Round, entry: Entry, entries: Sequence[Entry]) -> Round:
    """The stand-in after ``entry`` (the last of ``entries``), with the engine's judgement."""
    if rnd.is_over:
        raise EntryError("over")
    if entry.action == BLOCKED:
        return _blocked(game, entries)
    if entry.seat != rnd.turn:
        raise EntryError("not_turn", turn=rnd.turn, seat=entry.seat)
    action = Action.parse(entry.action)
    view = rnd.view(game.seat)
    if action.tile is not None and (entry.seat != game.seat or action.kind == "draw"):
        if str(action.tile) in {str(t) for t in view.seen()}:
            raise EntryError("seen", tile=str(action.tile))
    if entry.seat == game.seat and action.kind != "draw":
        return _own_move(game, rnd, entry, action, entries)
    if entry.seat == game.seat:  # the player's own draw: their hand is real, so the engine judges it
        try:
            rnd.copy().apply(action)
        except IllegalActionError as err:
            raise EntryError("own_illegal", why=str(err)) from None
    if not _fits_the_line(view.ends, action):
        raise EntryError("cannot", seat=entry.seat, action=entry.action)
    refusal = (_why_not(rnd, game.seat, entry, action) if action.tile is not None
               else EntryError("cannot", seat=entry.seat, action=entry.action))
    return _drawn_for(game, view, entry, action, entries, refusal)


def _fits_the_line(ends: tuple[int, int] | None, action: Action) -> bool:
    """What anyone at the table sees of a move's form: before the lead only a lead, after
    it no lead, and a tile goes on an end that shows one of its numbers. (Whether the
    mover held it is the deal model's question; the player's own moves the engine judges.)"""
    if ends is None:
        return action.kind == "lead"
    if action.kind == "lead":
        return False
    return action.kind != "place" or action.tile.has(ends[0 if action.end == "L" else 1])


def _own_move(game: TableGame, rnd: Round, entry: Entry, action: Action, entries) -> Round:
    """The player's own tile or pass: their hand is real, so the engine judges it as is."""
    trial = rnd.copy()
    try:
        trial.apply(action)
    except IllegalActionError as err:
        raise EntryError("own_illegal", why=str(err)) from None
    if _goes_on(trial):
        return trial
    # the stand-in blocked by itself, which the table did not: a deal where it goes on
    return _drawn_for(game, rnd.view(game.seat), entry, action, entries,
                      EntryError("cannot", seat=entry.seat, action=entry.action))


def _after(game: TableGame, view: SeatView, entry: Entry, action: Action) -> SeatView:
    """The seat's view once ``entry`` is made: for a pass, a draw or another seat's tile
    it follows from the record alone (the deal model then draws exactly the deals in which
    the move was possible, a pass or a draw forced, and the round did not block)."""
    history = view.history + ((entry.seat, action, view.ends),)
    counts = list(view.hand_counts)
    after = replace(view, history=history)
    if action.kind == "pass":
        return replace(after, turn=(entry.seat + 1) % view.num_players)
    if action.kind == "draw":
        if view.stock_count <= 0:
            raise EntryError("cannot", seat=entry.seat, action=entry.action)
        counts[entry.seat] += 1
        after = replace(after, hand_counts=tuple(counts), stock_count=view.stock_count - 1)
        if entry.seat != game.seat:
            return after
        if entry.drawn is None:
            raise EntryError("not_drawn")
        drawn = Tile.parse(entry.drawn)
        if drawn in view.seen():
            raise EntryError("seen", tile=entry.drawn)
        return replace(after, hand=tuple(sorted(view.hand + (drawn,), key=lambda t: t.id)),
                       own_draws=view.own_draws + ((len(view.history), drawn),))
    tile = action.tile
    if action.kind == "lead":
        line = ((tile.low, tile.high),)
        # whether the rules forced this lead (the 6-6; Kozel's priority tile, which the
        # table learns only now) is settled by the deal drawn for it: see _lead_fits
        after = replace(after, forced_lead=tile)
    elif action.end == "L":
        line = ((tile.other(view.ends[0]), view.ends[0]),) + view.line
    else:
        line = view.line + ((view.ends[1], tile.other(view.ends[1])),)
    counts[entry.seat] -= 1
    if entry.seat == game.seat:
        after = replace(after, hand=tuple(t for t in view.hand if t != tile))
    return replace(after, line=line, ends=ends_after(view.ends, action), hand_counts=tuple(counts),
                   turn=(entry.seat + 1) % view.num_players)


def _drawn_for(game: TableGame, view: SeatView, entry: Entry, action: Action, entries, refusal,
               block: bool | None = None) -> Round:
    """A deal in which the record and ``entry`` happened, found by the deal model: one where
    the round goes on, else (the move left nobody able to play in every deal that fits)
    one where it blocked there. ``block=True`` asks for the block only."""
    after = _after(game, view, entry, action)
    # a round's end keeps the turn with the mover (after a pass a block has moved it on)
    ended = lambda how: replace(after, outcome=how, turn=after.turn if action.kind == "pass" else entry.seat)  # noqa: E731
    if block:
        wanted = [ended("block")]
    elif action.tile is not None and after.hand_counts[entry.seat] == 0:
        wanted = [ended("domino")]  # the last tile of a hand: public
    else:
        # the round goes on; or the move left nobody able to play in every deal that fits;
        # or it reached the target with the points it scored (All Fives)
        wanted = [after, ended("block"), ended("target")]
    if action.kind == "lead":
        # a lead the rules forced (the leader held that tile), or a free one (none forced)
        wanted = [v for w in wanted for v in (w, replace(w, forced_lead=None))]
    for view_after in wanted:
        for rnd in deals_at_random(view_after, _rng(game, entries)):
            if rnd.view(game.seat) == view_after and _made_legally(rnd, action) and \
                    (action.kind != "lead" or _lead_fits(rnd)):
                return rnd
            break
    raise refusal


def _made_legally(rnd: Round, action: Action) -> bool:
    """The last move of the deal drawn for it is one the engine allows there (the deal
    model draws hands that fit the record; whether a pass or a draw is allowed with this
    many tiles in the stock is the engine's rule)."""
    before = rnd.copy()
    before.undo()
    return action in before.legal_actions()


def _lead_fits(rnd: Round) -> bool:
    """The deal drawn for a lead is one in which the rules force that lead, or none
    (``engine.round.lead_requirement`` on the hands as dealt: the lead is the first move)."""
    dealt = rnd.copy()
    while dealt.history:
        dealt.undo()
    seat, forced = lead_requirement(rnd.rules, rnd.round_number, dealt.hands)
    return forced == rnd.forced_lead and (seat is None or seat == rnd.leader)


def _blocked(game: TableGame, entries) -> Round:
    """The player says the round blocked with the last move: the deal model finds a deal
    in which nobody could play after it."""
    moves = list(entries[:-1])
    if not moves or moves[-1].action == BLOCKED:
        raise EntryError("not_blocked")
    before = _replay(replace(game, entries=tuple(moves[:-1]), _stand_in=None))
    last = moves[-1]
    action = Action.parse(last.action)
    if action.kind == "draw":
        raise EntryError("not_blocked")
    return _drawn_for(game, before.view(game.seat), last, action, entries, EntryError("not_blocked"), block=True)


def _goes_on(rnd: Round) -> bool:
    """The round goes on, or ended by a domino (public); a block is only what the player says."""
    return not rnd.is_over or rnd.result.kind != "block"


def _candidates(game: TableGame, rnd: Round, entries):
    """The stand-in, then up to DRAWS other deals that fit the record before ``entries[-1]``."""
    yield rnd
    drawn = deals_at_random(rnd.view(game.seat), _rng(game, entries))
    for _ in range(DRAWS):
        candidate = next(drawn, None)
        if candidate is None:
            return
        yield candidate


def _why_not(rnd: Round, viewer: int, entry: Entry, action: Action) -> EntryError:
    """Why another seat's move cannot have happened, from what the viewer can prove."""
    view = rnd.view(viewer)
    if action.tile is not None:
        number = next((n for n in (action.tile.low, action.tile.high)
                       if n in view.cannot_hold().get(entry.seat, ())), None)
        reason = view.cannot_hold_reasons(entry.seat).get(number) if number is not None else None
        return EntryError("cannot_hold", seat=entry.seat, tile=str(action.tile), number=number,
                          reason=reason[0] if reason else None)
    return EntryError("cannot", seat=entry.seat, action=entry.action)


# ---------------------------------------------------------------------- links at a ply
def link_at(game: TableGame, ply: int) -> str:
    """The link of ``game``'s record cut after its first ``ply`` entries (the position
    before move ``ply``): what the analysis board opens for one position of a round. No
    replay is needed: every prefix of a record that can be is one that can be."""
    data = game.to_dict()
    data["moves"] = data["moves"][:max(0, ply)]
    return _encode(data)


def match_over(rules: Rules, score: Sequence[int]) -> tuple[bool, int | None]:
    """Whether a match at these totals is over, and who won (``engine.match``'s rule)."""
    return match_outcome(rules, score, None)


# ---------------------------------------------------------------------- every hand entered
def with_hands(game: TableGame, hands: Mapping[int, Sequence[str]] | None = None) -> Round:
    """The real round, once the player has entered every other seat's hand as dealt (as
    at the start, for a record begun mid-round; ``game.dealt`` when ``hands`` is None): the
    engine replays the record on that deal, so the exact values with every hand shown
    (``strategy.solver.solve``) are this very deal's. The stock holds the player's own
    draws in order, then the rest; a draw by another seat cannot be replayed (which tile
    it took is not in the record): ``hands_draw``."""
    hands = game.dealt if hands is None else hands
    if hands is None:
        raise EntryError("format")
    rules, start = game.rules, game.start
    own = [e.drawn for e in game.entries if e.seat == game.seat and e.action == "draw"]
    dealt: list[list[str]] = []
    taken: set[str] = set(game.hand) | set(own) | (start.seen() if start else set())  # own draws: the stock
    for seat in range(rules.num_players):
        if seat == game.seat:
            dealt.append(list(game.hand))
            continue
        size = rules.hand_size if start is None else start.counts[seat]
        tiles = [str(Tile.parse(t)) for t in hands.get(seat, ())]
        if len(tiles) != size or len(set(tiles)) != size:
            raise EntryError("hand", size=size, got=len(set(tiles)))
        for tile in tiles:
            if tile in taken:
                raise EntryError("hands_twice", tile=tile)
            taken.add(tile)
        dealt.append(tiles)
    other = next((e.seat for e in game.entries if e.seat not in (game.seat, -1) and e.action == "draw"), None)
    if other is not None:
        raise EntryError("hands_draw", seat=other)
    rest = [str(t) for t in TILES if str(t) not in taken]
    stock = (own + rest) if rules.stock_mode == "draw" else []
    if start is not None:
        try:
            rnd = start.position(rules, dealt, stock[:start.stock], game.round_number, game.score)
        except PositionError as err:
            raise EntryError("start", why=str(err)) from None
    else:
        rnd = Round.from_hands(rules, dealt, stock, leader=game.round().leader, round_number=game.round_number)
        if game.score is not None:
            rnd.score = tuple(game.score)
        if rnd.leader != game.round().leader:
            raise EntryError("not_turn", turn=rnd.leader, seat=game.round().leader)
    for entry in game.entries:
        if entry.action == BLOCKED:
            if not (rnd.is_over and rnd.result.kind == "block"):
                raise EntryError("not_blocked")
            continue
        try:
            rnd.apply(Action.parse(entry.action))
        except (IllegalActionError, ValueError):
            raise EntryError("hands_wrong", seat=entry.seat, action=entry.action) from None
    if rnd.view(game.seat) != game.view():
        raise EntryError("hands_wrong", seat=game.turn, action="…")
    return rnd
