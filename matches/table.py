"""A table of people and bots: who sits where, the match they play, and the moves nobody
made by hand (a bot's, a player's whose time ran out, one for a player who is away).

A :class:`Table` is data. ``matches.table_store`` keeps it as JSON with a version, and every
change is read, made here and written back in one transaction that fails if somebody
else's change came first (so two taps at once, a double submit or two servers cannot
play twice or out of turn). Nothing here reads a clock: ``now`` (seconds since the epoch)
is passed in, and so is ``seen``, when each seat's screen was last heard from.

Every seat plays from its own view only: :meth:`Table.hand_of` and the board a page draws
are the seat's, and a bot (or the expert standing in for a person) chooses from
``Round.view(seat)``. The deal follows from the seed, which never leaves the server.

>>> t = Table.open("laplaza_1v1", 2, (), "42", ["me", "open"], Options(), name="Ana", token=token_hash("a"))
>>> t = t.sit(1, "Luis", token_hash("b"))
>>> t = t.start(now=0.0)
>>> t.state, t.game.setup.seats
('playing', ('human', 'human'))
>>> mover = t.game.round.turn
>>> t.play(mover, t.game.round.canonical_actions()[0], version=t.version, now=1.0).game.version > 0
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from engine import Action, EngineError, IllegalActionError

from matches.game import HUMAN, PLAYABLE_LEVELS, Game, GameError, Setup
from strategy.bots import LEVELS

__all__ = [
    "EXPERT", "NAME_LIMIT", "Options", "PACE", "Seat", "TURN_CHOICES", "Table", "TableError", "WAIT_CHOICES",
    "class_seat_token", "new_token", "seat_names", "token_hash",
]

#: Seconds between a move and a bot's reply: a pace the eye can follow on every screen.
PACE = 1.2
#: The turn timer a host may set (0: none), and how long the table waits for a player
#: whose screen has gone quiet before a bot plays for them.
TURN_CHOICES = (0, 30, 60, 120)
WAIT_CHOICES = (30, 60, 120, 300)
#: Who plays for a player whose time ran out (the log says so).
EXPERT = "expert"
NAME_LIMIT = 40
OPEN, PERSON, BOT = "open", "human", "bot"
LOBBY, PLAYING, OVER = "lobby", "playing", "over"


class TableError(ValueError):
    """A change the table refuses: ``code`` names the reason (the page says it plainly)."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code, self.params = code, params
        super().__init__(code)


def new_token() -> str:
    """A seat's token for its private link: 96 random bits."""
    return secrets.token_urlsafe(12)


def class_seat_token(device: str, class_code: str, table_no: int) -> str:
    """A student's seat token at their class's table ``table_no``: made from the device id
    their class link holds (a secret of their phone), so the teacher's page can seat them
    and only their own phone can open the seat."""
    digest = hmac.new(str(device).encode("utf-8"), f"table:{class_code}:{table_no}".encode("utf-8"), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:12]).decode("ascii")


def token_hash(token: str) -> str:
    """Only this is kept: a leaked table record does not give anybody a seat."""
    return hashlib.sha256(str(token).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Seat:
    kind: str  # OPEN, PERSON or BOT
    level: str = ""  # a bot's level
    name: str = ""  # a person's name at the table (cleaned by the caller)
    token: str = ""  # the hash of the seat's token
    profile: int | None = None  # the person's profile, when signed in

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name, "token": self.token,
                "profile": self.profile}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> "Seat":
        seat = Seat(str(data["kind"]), str(data.get("level", "")), str(data.get("name", "")),
                    str(data.get("token", "")), None if data.get("profile") is None else int(data["profile"]))
        if seat.kind not in (OPEN, PERSON, BOT) or (seat.kind == BOT and seat.level not in LEVELS):
            raise TableError("bad_record")
        return seat


@dataclass(frozen=True)
class Options:
    hints: bool = False  # may players ask for a hint?
    turn_seconds: int = 0  # 0: no turn timer
    wait_seconds: int = 120  # how long the table waits for a player who went quiet
    fill_level: str = "strong"  # the bots that take the empty seats (and stand in for the away)
    touch_move: bool = False  # a tournament table (rules.md PT-16): a tile picked up must be laid

    def __post_init__(self) -> None:
        if self.turn_seconds not in TURN_CHOICES or self.wait_seconds not in WAIT_CHOICES:
            raise TableError("bad_options")
        if self.fill_level not in PLAYABLE_LEVELS:
            raise TableError("bad_options")

    def to_dict(self) -> dict[str, Any]:
        return {"hints": self.hints, "turn_seconds": self.turn_seconds, "wait_seconds": self.wait_seconds,
                "fill_level": self.fill_level, "touch_move": self.touch_move}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> "Options":
        return Options(bool(data.get("hints", False)), int(data.get("turn_seconds", 0)),
                       int(data.get("wait_seconds", 120)), str(data.get("fill_level", "strong")),
                       data.get("touch_move", False) is True)


@dataclass
class Table:
    preset: str
    players: int
    overlays: tuple[str, ...]
    seed: str
    seats: list[Seat]
    options: Options
    host: int | None  # the host's seat; None for a host who does not play (a teacher)
    state: str = LOBBY
    game: Game | None = None
    version: int = 0
    moved_at: float = 0.0  # when the last move (or the deal) was made
    notes: list[dict[str, Any]] = field(default_factory=list)  # moves made for a person, and why
    ready: set[int] = field(default_factory=set)  # seats ready for the next round
    away: dict[int, float] = field(default_factory=dict)  # seat -> when a bot began to play for it
    number: int | None = None  # a class table's number in its class (its students' seat tokens use it)

    # ------------------------------------------------------------------ opening
    @staticmethod
    def open(preset: str, players: int, overlays: Sequence[str], seed: str, seats: Sequence[str], options: Options,
             *, name: str = "", token: str = "", profile: int | None = None) -> "Table":
        """A table in its lobby. ``seats`` says per seat "me" (the host sits there), "open"
        or a bot level. The game's rules are checked now, so a table that cannot be played
        is never opened."""
        if len(seats) != players:
            raise TableError("bad_seats")
        kinds = []
        for spec in seats:
            if spec == "me":
                kinds.append(Seat(PERSON, name=name, token=token, profile=profile))
            elif spec == OPEN:
                kinds.append(Seat(OPEN))
            elif spec in PLAYABLE_LEVELS:
                kinds.append(Seat(BOT, level=spec))
            else:
                raise TableError("bad_seats")
        if [s.kind for s in kinds].count(PERSON) > 1 or not any(s.kind != BOT for s in kinds):
            raise TableError("bad_seats")  # the host sits once; a table of bots only is the play page
        hosts = [i for i, s in enumerate(kinds) if s.kind == PERSON]
        if hosts and not name:
            raise TableError("name_empty")
        table = Table(preset, players, tuple(overlays), seed, kinds, options, hosts[0] if hosts else None)
        table._setup_for(tuple(HUMAN if s.kind != BOT else s.level for s in kinds))  # rules that fit, or an error
        return table

    @staticmethod
    def for_class(preset: str, players: int, overlays: Sequence[str], seed: str,
                  people: Sequence[tuple[str, str] | None], options: Options, *, number: int,
                  now: float) -> "Table":
        """Class table ``number``, dealt at once: ``people`` per seat a student's (name, token
        hash), or None for a bot of the table's fill level. The teacher does not sit (no host)."""
        if len(people) != players or not any(people):
            raise TableError("bad_seats")
        seats = [Seat(OPEN) if p is None else Seat(PERSON, name=p[0], token=p[1]) for p in people]
        table = Table(preset, players, tuple(overlays), seed, seats, options, None, number=int(number))
        return table.start(now)

    def _setup_for(self, seats: tuple[str, ...]) -> Setup:
        try:
            return Setup(self.preset, self.players, self.overlays, self.seed, seats, self.options.touch_move)
        except GameError as error:
            raise TableError(error.code) from None

    # ------------------------------------------------------------------ who sits where
    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token hashes to ``token`` (a hash), if any."""
        if not token:
            return None
        return next((i for i, s in enumerate(self.seats) if s.kind == PERSON and s.token == token), None)

    def seat_of_profile(self, profile: int | None) -> int | None:
        if profile is None:
            return None
        return next((i for i, s in enumerate(self.seats) if s.kind == PERSON and s.profile == profile), None)

    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == PERSON]

    def sit(self, seat: int, name: str, token: str, profile: int | None = None) -> "Table":
        """A person takes open seat ``seat`` in the lobby (a name taken at this table, a
        seat taken, or a second seat for one token or profile is refused)."""
        if self.state != LOBBY:
            raise TableError("started")
        if not 0 <= seat < self.players:
            raise TableError("bad_seat")
        if self.seats[seat].kind != OPEN:
            raise TableError("seat_taken")
        if not name:
            raise TableError("name_empty")
        if self.seat_of(token) is not None or self.seat_of_profile(profile) is not None:
            raise TableError("already_seated")
        if any(s.kind == PERSON and s.name.casefold() == name.casefold() for s in self.seats):
            raise TableError("name_taken", name=name)
        self.seats[seat] = Seat(PERSON, name=name, token=token, profile=profile)
        return self._bump()

    def leave(self, seat: int) -> "Table":
        """A person gets up in the lobby; the seat is open again (the host stays)."""
        if self.state != LOBBY:
            raise TableError("started")
        if seat == self.host or self.seats[seat].kind != PERSON:
            raise TableError("bad_seat")
        self.seats[seat] = Seat(OPEN)
        return self._bump()

    def start(self, now: float) -> "Table":
        """Deal: every open seat gets a bot of the table's fill level."""
        if self.state != LOBBY:
            raise TableError("started")
        self.seats = [Seat(BOT, level=self.options.fill_level) if s.kind == OPEN else s for s in self.seats]
        if not self.people():
            raise TableError("nobody_seated")
        self.game = Game.start(self._setup_for(tuple(HUMAN if s.kind == PERSON else s.level for s in self.seats)))
        self.state, self.moved_at = PLAYING, now
        return self._bump()

    # ------------------------------------------------------------------ moves
    def play(self, seat: int, action: Action | str, *, version: int, now: float, hint: bool = False) -> "Table":
        """Person ``seat`` plays ``action`` on the position of ``version`` (what their screen
        showed). A late tap, a double submit or a move out of turn is refused, not applied."""
        game = self._playing()
        if version != self.version:
            raise TableError("late")
        if game.round.is_over or game.round.turn != seat or self.seats[seat].kind != PERSON:
            raise TableError("not_your_turn")
        try:
            game.play_seat(seat, action, hint=hint)
        except IllegalActionError as error:
            raise TableError("illegal", reason=error.code) from None
        except EngineError:
            raise TableError("illegal", reason="bad_action") from None
        self.away.pop(seat, None)  # they are here
        self.moved_at = now
        return self._bump()

    def due(self, seen: Mapping[int, float]) -> float | None:
        """When the next move nobody makes by hand may be due (None: the table waits for a
        person: a move, or the next round)."""
        if self.state != PLAYING or self.game is None:
            return None
        game = self.game
        if game.round.is_over:
            return self.moved_at if game.last_round or self._all_ready() else None
        seat = game.round.turn
        if game.bot_to_move or seat in self.away:
            return self.moved_at + PACE
        moments = [max(self.moved_at, seen.get(seat, self.moved_at)) + self.options.wait_seconds]
        if self.options.turn_seconds:
            moments.append(self.moved_at + self.options.turn_seconds)
        return min(moments)

    def step(self, now: float, seen: Mapping[int, float]) -> bool:
        """Make the move (or the deal) that is due at ``now``, if one is; True if it changed
        the table. ``seen``: when each person's screen was last heard from."""
        if self.state != PLAYING or self.game is None:
            return False
        game = self.game
        for seat, since in list(self.away.items()):
            if seen.get(seat, 0.0) > since:
                del self.away[seat]  # back at the table: they play for themselves again
        if game.round.is_over:
            if game.last_round or self._all_ready():
                self._deal(now)
                self._bump()
                return True
            return False
        due = self.due(seen)
        if due is None or now < due:
            return False
        seat = game.round.turn
        if game.bot_to_move:
            game.play_bot()
        elif seat in self.away:
            self._stand_in(seat, self.options.fill_level, "away")
        elif self.options.turn_seconds and now >= self.moved_at + self.options.turn_seconds:
            self._stand_in(seat, EXPERT, "timeout")
        else:
            self.away[seat] = now
            self._stand_in(seat, self.options.fill_level, "away")
        self.moved_at = now
        self._bump()
        return True

    def _stand_in(self, seat: int, level: str, why: str) -> None:
        game = self.game
        self.notes.append({"round": len(game.rounds) - 1, "ply": len(game.rounds[-1]), "seat": seat, "why": why})
        game.play_for(seat, level)

    def note(self, index: int, ply: int) -> str | None:
        """Why move ``ply`` of round ``index`` was made for its player ("timeout", "away"), or None."""
        return next((n["why"] for n in self.notes if n["round"] == index and n["ply"] == ply), None)

    # ------------------------------------------------------------------ rounds
    def mark_ready(self, seat: int, index: int, now: float) -> "Table":
        """Person ``seat`` has read round ``index``'s end; when every person has, it is dealt."""
        game = self._playing()
        if index != len(game.rounds) - 1 or not game.round.is_over:
            raise TableError("late")
        self.ready.add(seat)
        if self._all_ready():
            self._deal(now)
        return self._bump()

    def deal_next(self, index: int, now: float) -> "Table":
        """The host deals round ``index + 1`` without waiting for everybody."""
        game = self._playing()
        if index != len(game.rounds) - 1 or not game.round.is_over:
            raise TableError("late")
        self._deal(now)
        return self._bump()

    def _all_ready(self) -> bool:
        waiting = [s for s in self.people() if s not in self.away]
        return all(s in self.ready for s in waiting)

    def _deal(self, now: float) -> None:
        self.game.next_round()
        self.ready = set()
        self.moved_at = now
        if self.game.over:
            self.state = OVER

    def close(self) -> "Table":
        """The host ends the table: nothing more can be played."""
        self.state = OVER
        return self._bump()

    def _playing(self) -> Game:
        if self.state != PLAYING or self.game is None:
            raise TableError("not_playing")
        return self.game

    def _bump(self) -> "Table":
        self.version += 1
        return self

    # ------------------------------------------------------------------ records
    def to_dict(self) -> dict[str, Any]:
        return {
            "preset": self.preset, "players": self.players, "overlays": list(self.overlays), "seed": self.seed,
            "seats": [s.to_dict() for s in self.seats], "options": self.options.to_dict(), "host": self.host,
            "state": self.state, "game": self.game.to_dict() if self.game is not None else None,
            "version": self.version, "moved_at": self.moved_at, "notes": self.notes,
            "ready": sorted(self.ready), "away": {str(k): v for k, v in self.away.items()},
            "number": self.number,
        }

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> "Table":
        """A kept table, its match replayed through the engine (a broken record is refused)."""
        try:
            table = Table(
                str(data["preset"]), int(data["players"]), tuple(str(o) for o in data["overlays"]),
                str(data["seed"]), [Seat.from_dict(s) for s in data["seats"]], Options.from_dict(data["options"]),
                None if data.get("host") is None else int(data["host"]), str(data["state"]),
                Game.from_dict(data["game"]) if data.get("game") else None, int(data["version"]),
                float(data["moved_at"]), [dict(n) for n in data.get("notes", [])],
                {int(s) for s in data.get("ready", [])}, {int(k): float(v) for k, v in data.get("away", {}).items()},
                None if data.get("number") is None else int(data["number"]),
            )
        except (KeyError, TypeError, ValueError, GameError) as error:
            if isinstance(error, TableError):
                raise
            raise TableError("bad_record") from None
        if len(table.seats) != table.players or table.state not in (LOBBY, PLAYING, OVER):
            raise TableError("bad_record")
        return table

    def copy(self) -> "Table":
        return Table.from_dict(self.to_dict())


def seat_names(table: Table, default: Iterable[str]) -> list[str]:
    """Each seat's name at the table: a person's own, else ``default``'s (the bots' names)."""
    return [s.name if s.kind == PERSON else d for s, d in zip(table.seats, default)]

