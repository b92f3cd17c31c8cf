"""One round (hand) of dominoes as an explicit state machine: lead, place, draw, pass.

>>> from engine import Round, Rules, Tile, Action
>>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 1-2 0-0 0-1 0-2 0-3 0-4",
...     "5-6 1-1 1-3 1-4 1-5 0-5 2-2", "4-6 2-3 2-4 2-5 0-6 1-6 3-3", "3-6 2-6 3-4 3-5 4-4 4-5 5-5"])
>>> [str(a) for a in r.legal_actions()]
['lead 6-6']
>>> r.apply(Action.parse("lead 6-6"))
>>> r.turn, r.ends
(1, (6, 6))
>>> [str(a) for a in r.legal_actions()]
['5-6@L', '5-6@R']
>>> [str(a) for a in r.canonical_actions()]
['5-6@L']
>>> r.apply(Action.parse("1-2@L"))
Traceback (most recent call last):
...
engine.errors.IllegalActionError: you do not hold 1-2
>>> r.apply(Action.parse("5-6@R")); r.ends
(6, 5)
>>> r.undo()
Action.parse('5-6@R')
>>> r.ends, r.turn
((6, 6), 1)
"""

from __future__ import annotations

from collections import deque
from typing import Iterable, Sequence

from . import scoring
from .actions import (
    ACTIONS, DRAW_ID, LEAD_BASE, LEFT_BASE, NUM_ACTIONS, PASS_ID, RIGHT_BASE, Action,
)
from .errors import IllegalActionError
from .knowledge import SeatView
from .rules import Rules
from .scoring import RoundResult
from .tiles import (
    FULL_SET, HIGH, LOW, NUM_TILES, SUIT_MASK, TILES, Tile, ids_in, kozel_priority_key, mask_of, pips_of,
    tile_id, tiles_in,
)
from .view import ends_after

DOUBLE_SIX = tile_id(6, 6)
NO_END = -1

# Ends are indexed ``e = left * 7 + right``.
#
# _FITS[e][tile bit]: the placement ids of that tile on those ends, left end first; the
# move tables below are built from it, in this order (legal_action_ids' order).
_FITS: list[dict[int, tuple[int, ...]]] = [
    {1 << t.id: tuple(base + t.id for base, end in ((LEFT_BASE, e // 7), (RIGHT_BASE, e % 7)) if t.has(end))
     for t in TILES if t.has(e // 7) or t.has(e % 7)}
    for e in range(49)
]

# A placement's record says everything it changes: (action id, tile bit, the tile as it
# lies, whether it goes on the left, whether going out with it is a capicú, the
# ends after it). _PLACE[e][action id] is that record (apply_id, the line).
#
# The playout reads a slimmer one, with the next step's lookups ready: (action id, tile
# bit, the fitting mask and move table of the ends after it, capicú, the ends after it).
# _ENDS[e] = (mask of the tiles that fit, {set of fitting tiles: their moves}), for
# every set of up to three tiles (about 18 000 sets in all), so the playout's legal
# moves are one lookup; _HALVES covers larger sets.
_ENDS: list[tuple[int, dict[int, tuple[tuple, ...]]]] = [
    (SUIT_MASK[e // 7] | SUIT_MASK[e % 7], {}) for e in range(49)]
_PLACE: list[dict[int, tuple]] = [{} for _ in range(49)]


def _fill_move_tables() -> None:
    for e, fits_here in enumerate(_FITS):
        left, right = divmod(e, 7)
        by_bit: dict[int, tuple[tuple, ...]] = {}
        for bit, aids in fits_here.items():
            records = []
            for aid in aids:
                tile = TILES[aid % NUM_TILES]
                if aid < RIGHT_BASE:
                    after, lying, at_left = tile.other(left) * 7 + right, (tile.other(left), left), True
                else:
                    after, lying, at_left = left * 7 + tile.other(right), (right, tile.other(right)), False
                capicu = scoring.is_capicu(left, right, tile.id, True)
                _PLACE[e][aid] = (aid, bit, lying, at_left, capicu, after)
                records.append((aid, bit, *_ENDS[after], capicu, after))
            by_bit[bit] = tuple(records)
        table = _ENDS[e][1]
        bits = sorted(by_bit)  # ascending tile: the records come out in legal_action_ids' order
        for i, a in enumerate(bits):
            table[a] = by_bit[a]
            for j in range(i + 1, len(bits)):
                b = bits[j]
                table[a | b] = by_bit[a] + by_bit[b]
                for c in bits[j + 1:]:
                    table[a | b | c] = by_bit[a] + by_bit[b] + by_bit[c]


_fill_move_tables()

#: _END_PAIR[e] = (left, right)
_END_PAIR = [divmod(e, 7) for e in range(49)]

# History entries are shared immutable triples (seat, action id, drawn tile or -1), so
# recording an action allocates nothing: _ENTRY[seat][action id], _DRAWN[seat][tile].
_ENTRY = [tuple((seat, aid, -1) for aid in range(NUM_ACTIONS)) for seat in range(4)]
_DRAWN = [tuple((seat, DRAW_ID, t) for t in range(NUM_TILES)) for seat in range(4)]
#: _NEXT[n][seat]: the seat after ``seat`` at a table of ``n``
_NEXT = [tuple((s + 1) % n for s in range(n)) if n else () for n in range(5)]

# A lead is a placement on no ends: its records, keyed by tile bit like _ENDS's.
_NO_ENDS = {1 << t.id: ((LEAD_BASE + t.id, 1 << t.id, *_ENDS[t.low * 7 + t.high], False, t.low * 7 + t.high),)
            for t in TILES}


def _halves(ends: int) -> tuple[int, dict[int, tuple], dict[int, tuple]]:
    """Split the tiles that fit ``ends`` into a lower and an upper half (by tile id) and
    list the move records of every subset of each half: (lower mask, lower, upper)."""
    fitting, records = _ENDS[ends]
    bits = [1 << t for t in range(NUM_TILES) if fitting >> t & 1]
    cut = len(bits) // 2
    tables = []
    for half in (bits[:cut], bits[cut:]):
        table: dict[int, tuple] = {0: ()}
        for bit in half:  # every subset, ascending tile, left before right
            table.update({subset | bit: moves + records[bit] for subset, moves in list(table.items())})
        tables.append(table)
    return sum(bits[:cut]), tables[0], tables[1]


#: _HALVES[e]: the moves of any set of fitting tiles as two lookups (8 000 entries in
#: all), for the sets larger than the ones _ENDS holds.
_HALVES = [_halves(e) for e in range(49)]


def _many_moves(ends: int, fits: int) -> tuple[tuple, ...]:
    """The move records of four or more fitting tiles (or of a free lead), ascending
    tile, left before right."""
    if ends < 0:
        moves: tuple[tuple, ...] = ()
        while fits:
            bit = fits & -fits
            fits ^= bit
            moves += _NO_ENDS[bit]
        return moves
    low_mask, low, high = _HALVES[ends]
    return low[fits & low_mask] + high[fits & ~low_mask]


def lead_requirement(rules: Rules, round_number: int, hands: Sequence[int],
                     previous_rule: str | None = None) -> tuple[int | None, int]:
    """Who must lead and with which tile, before the deal's lot is consulted.

    Returns ``(seat, tile_id)``; ``(None, -1)`` when nothing forces the lead.
    ``previous_rule`` is the previous round's ``next_leader_rule`` (when it is not
    given, a later round follows ``next_lead_after_domino``: Kozel's priority, KZ-06).
    """
    if round_number <= 1:
        mode = rules.first_lead
        if mode == "holder_66_forced":
            for seat, hand in enumerate(hands):
                if hand >> DOUBLE_SIX & 1:
                    return seat, DOUBLE_SIX
            return None, -1  # 6-6 lies in the stock: the lot decides (pt_1v1_66_lead, A-09)
    else:
        mode = rules.next_lead_after_domino if previous_rule is None else previous_rule
    if mode == "kozel_priority":
        best = max((TILES[t] for h in hands for t in ids_in(h)), key=kozel_priority_key)
        holder = next(s for s, h in enumerate(hands) if h >> best.id & 1)
        return holder, best.id
    return None, -1


class Round:
    """The whole state of a round: hands, line, stock, whose turn, history, result.

    Change it only with :meth:`apply` (or :meth:`apply_id`) and :meth:`undo`.
    """

    __slots__ = (
        "rules", "n", "hands", "_line", "_line_upto", "left", "right", "_stock", "sleeping",
        "turn", "leader", "round_number", "score", "round_points", "last_placer", "_base_placer",
        "forced_lead", "history", "result", "lot", "seed", "from_snapshot",
        "_flags", "_side", "_draw_limit",
    )

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[int],
        stock: Sequence[int] = (),
        sleeping: int = 0,
        leader: int = 0,
        round_number: int = 1,
        score: Sequence[int] | None = None,
        forced_lead: int = -1,
        lot: dict[int, int] | None = None,
        seed: int | str | None = None,
    ) -> None:
        """A round before its lead. ``hands`` are masks; ``stock`` lists tile ids top first."""
        self.rules = rules
        self._flags = flags = rules.flags  # the options read on every action, derived once
        self._side, self._draw_limit, self.n = flags.side, flags.draw_limit, flags.n
        self.hands = list(hands)
        self._line: deque[tuple[int, int]] = deque()
        self._line_upto = 0  # how much of the history self._line shows (see line)
        self.left = self.right = NO_END
        self._stock = stock[::-1] if type(stock) is list else list(stock)[::-1]  # pop() draws the top
        self.sleeping = sleeping
        self.turn = self.leader = leader
        self.round_number = round_number
        self.score = flags.zeros if score is None else tuple(score)
        self.round_points = list(flags.zeros)
        #: who placed the last tile (the blocker, should the round block: C-14)
        self.last_placer = self._base_placer = -1   # the base: before the first history entry
        self.forced_lead = forced_lead
        #: One entry per action: (seat, action id, drawn tile id or -1). Undo needs no
        #: more: a placement's inner half is the end it covered (C-04).
        self.history: list[tuple[int, int, int]] = []
        self.result: RoundResult | None = None
        self.lot = lot if lot else {}
        self.seed = seed
        #: True when the round was loaded mid-way without its history (a lesson or puzzle).
        self.from_snapshot = False

    # ------------------------------------------------------------ construction
    @staticmethod
    def from_hands(rules: Rules, hands: Iterable[str | Iterable[str]], stock: Iterable[str] = (),
                   leader: int | None = None, round_number: int = 1) -> "Round":
        """A fresh round from readable hands (``"6-6 1-2 ..."`` or lists of tiles).

        Missing tiles sleep when the game has sleeping tiles. The leader follows the
        rules when they force the lead; otherwise ``leader`` (default seat 0).
        """
        masks = []
        for hand in hands:
            texts = hand.split() if isinstance(hand, str) else list(hand)
            masks.append(mask_of(Tile.parse(t) for t in texts))
        stock_ids = [Tile.parse(t).id for t in (stock.split() if isinstance(stock, str) else stock)]
        used = 0
        for m in masks:
            used |= m
        used |= mask_of(TILES[t] for t in stock_ids)
        sleeping = ((1 << NUM_TILES) - 1) & ~used
        seat, forced = lead_requirement(rules, round_number, masks)
        if seat is None:
            seat = leader or 0
        return Round(rules, masks, stock_ids, sleeping, seat, round_number, forced_lead=forced)

    def copy(self) -> "Round":
        """An independent copy (cheap: a few lists; tiles, actions and results are immutable).

        Every slot is listed (searches copy rounds by the million);
        ``tests/engine/test_round.py`` checks that none is forgotten.
        """
        other = _new_round(Round)
        other.rules, other.n, other._flags = self.rules, self.n, self._flags
        other._side, other._draw_limit = self._side, self._draw_limit
        other.hands = self.hands[:]
        other._line, other._line_upto = deque(self._line), self._line_upto
        other.left, other.right = self.left, self.right
        other._stock, other.sleeping = self._stock[:], self.sleeping
        other.turn, other.leader, other.round_number = self.turn, self.leader, self.round_number
        other.score, other.round_points = self.score, self.round_points[:]
        other.last_placer, other._base_placer = self.last_placer, self._base_placer
        other.forced_lead, other.history, other.result = self.forced_lead, self.history[:], self.result
        other.lot, other.seed, other.from_snapshot = dict(self.lot), self.seed, self.from_snapshot
        return other

    # ----------------------------------------------------------------- queries
    @property
    def ends(self) -> tuple[int, int] | None:
        """The open ends ``(L, R)``, or None before the lead."""
        return None if self.left == NO_END else (self.left, self.right)

    @property
    def line(self) -> deque[tuple[int, int]]:
        """The tiles on the table as they lie, left to right: ``(left half, right half)``.

        The random playout only records the history; the line catches up here, the
        first time someone looks (it follows from the history: C-04).
        """
        if self._line_upto != len(self.history):
            line = self._line
            for _, aid, _ in self.history[self._line_upto:]:
                if aid < LEFT_BASE:
                    line.append((LOW[aid], HIGH[aid]))
                elif aid < DRAW_ID:
                    _, _, lying, at_left, _, _ = _PLACE[line[0][0] * 7 + line[-1][1]][aid]
                    if at_left:
                        line.appendleft(lying)
                    else:
                        line.append(lying)
            self._line_upto = len(self.history)
        return self._line

    @property
    def stock(self) -> list[Tile]:
        """The stock, top first."""
        return [TILES[t] for t in reversed(self._stock)]

    @property
    def stock_ids(self) -> list[int]:
        return list(reversed(self._stock))

    @property
    def drawable(self) -> int:
        """How many tiles may still be drawn."""
        return max(0, len(self._stock) - self._draw_limit)

    def hand(self, seat: int) -> list[Tile]:
        return tiles_in(self.hands[seat])

    def pips(self, seat: int) -> int:
        return pips_of(self.hands[seat])

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def placements(self, seat: int | None = None) -> list[int]:
        """Action ids of every legal placement for ``seat`` (default: the player to move)."""
        hand = self.hands[self.turn if seat is None else seat]
        if self.left == NO_END:
            if self.forced_lead >= 0:
                return [LEAD_BASE + self.forced_lead] if hand >> self.forced_lead & 1 else []
            return [LEAD_BASE + t for t in ids_in(hand)]
        ends = self.left * 7 + self.right
        fits = hand & _ENDS[ends][0]
        return [move[0] for move in _ENDS[ends][1].get(fits) or _many_moves(ends, fits)] if fits else []

    def legal_action_ids(self) -> list[int]:
        """Ids of the legal actions, both ends listed when they are equal (C-08, A-27)."""
        if self.result is not None:
            return []
        left = self.left
        if left == NO_END:
            return self.placements()
        fitting, moves_of = _ENDS[left * 7 + self.right]
        fits = self.hands[self.turn] & fitting
        if fits:
            moves = [move[0] for move in moves_of.get(fits) or _many_moves(left * 7 + self.right, fits)]
            if self._flags.voluntary and len(self._stock) > self._draw_limit:
                moves.append(DRAW_ID)
            return moves
        return [DRAW_ID] if len(self._stock) > self._draw_limit else [PASS_ID]

    def legal_actions(self) -> list[Action]:
        return [ACTIONS[a] for a in self.legal_action_ids()]

    def canonical_actions(self) -> list[Action]:
        """Legal actions without mirror duplicates: with equal ends t@R repeats t@L."""
        actions = self.legal_actions()
        if self.left != self.right or self.left == NO_END:
            return actions
        return [a for a in actions if a.end != "R"]

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` may be played now (:meth:`apply` says why not)."""
        try:
            if isinstance(action, str):
                action = Action.parse(action)
            self._check(action.id)
        except IllegalActionError:
            return False
        return True

    # ------------------------------------------------------------------ change
    def apply(self, action: Action | str) -> None:
        """Play ``action`` for the player to move; raises IllegalActionError saying why not."""
        if isinstance(action, str):
            action = Action.parse(action)
        self._check(action.id)
        self.apply_id(action.id)

    def _check(self, aid: int) -> None:
        if self.result is not None:
            raise IllegalActionError("round_over")
        hand = self.hands[self.turn]
        if aid < LEFT_BASE:  # lead
            t = aid
            if self.left != NO_END:
                raise IllegalActionError("already_led")
            if not hand >> t & 1:
                raise IllegalActionError("not_in_hand", tile=TILES[t])
            if self.forced_lead >= 0 and t != self.forced_lead:
                raise IllegalActionError("forced_lead", tile=TILES[self.forced_lead])
            return
        if self.left == NO_END:
            raise IllegalActionError("not_led")
        fitting = hand & (SUIT_MASK[self.left] | SUIT_MASK[self.right])
        if aid < DRAW_ID:
            t = aid - LEFT_BASE if aid < RIGHT_BASE else aid - RIGHT_BASE
            if not hand >> t & 1:
                raise IllegalActionError("not_in_hand", tile=TILES[t])
            end_value = self.left if aid < RIGHT_BASE else self.right
            if SUIT_MASK[end_value] >> t & 1:
                return
            other = self.right if aid < RIGHT_BASE else self.left
            if SUIT_MASK[other] >> t & 1:
                raise IllegalActionError("wrong_end", tile=TILES[t], value=end_value,
                                         end="left" if aid < RIGHT_BASE else "right")
            raise IllegalActionError("no_fit", tile=TILES[t], ends=f"{self.left} or {self.right}"
                                     if self.left != self.right else str(self.left))
        if fitting and not (aid == DRAW_ID and self._flags.voluntary and self.drawable):
            raise IllegalActionError("must_play", tiles=" or ".join(str(t) for t in tiles_in(fitting)))
        if aid == DRAW_ID:
            if not self.rules.can_draw:
                raise IllegalActionError("no_stock")
            if not self.drawable:
                raise IllegalActionError("stock_empty")
        elif self.drawable:
            raise IllegalActionError("must_draw", count=self.drawable)

    def apply_id(self, aid: int) -> None:
        """Apply an action id from :meth:`legal_action_ids` without checking it (search)."""
        seat = self.turn
        if aid >= DRAW_ID:
            if aid == DRAW_ID:
                t = self._stock.pop()
                self.hands[seat] |= 1 << t
                self.history.append(_DRAWN[seat][t])
                return
            self.history.append(_ENTRY[seat][aid])
            self.turn = _NEXT[self.n][seat]
            if self._blocked():
                self.result = self._settle_block()
            return
        line = self.line
        if aid < LEFT_BASE:  # the lead: its two halves are the two ends
            bit, capicu = 1 << aid, False
            self.left, self.right = LOW[aid], HIGH[aid]
            line.append((LOW[aid], HIGH[aid]))
        else:
            _, bit, lying, at_left, capicu, ends = _PLACE[self.left * 7 + self.right][aid]
            self.left, self.right = _END_PAIR[ends]
            if at_left:
                line.appendleft(lying)
            else:
                line.append(lying)
        hand = self.hands[seat] ^ bit
        self.hands[seat] = hand
        self.history.append(_ENTRY[seat][aid])
        self._line_upto = len(self.history)
        self.last_placer = seat
        if self._flags.fives:
            scored = scoring.fives_points(line, self.left, self.right, self._flags.both_halves)
            if scored:
                side = self._side[seat]
                self.round_points[side] += scored
                if self._flags.immediate and self.score[side] + self.round_points[side] >= self.rules.target:
                    # A-25, before going out
                    self.result = scoring.settle_target(self.rules, self.hands, self.round_points, seat)
                    return
        if not hand:
            self.result = self._settle_domino(seat, capicu)  # before any block (C-12)
        elif self._blocked():
            self.result = self._settle_block()
        else:
            self.turn = _NEXT[self.n][seat]

    def playout(self, rng) -> RoundResult:
        """Play random legal moves to the end of the round and return its result.

        Each action is ``legal[int(rng.random() * len(legal))]``, one draw of
        ``rng.random()`` per action, so it equals a loop of :meth:`legal_action_ids`
        and :meth:`apply_id` (the tests check this). It exists because rollouts are
        the hot loop of simulations, bots and the solver: it keeps the state in local
        variables for most rule sets and falls back to the plain loop for the rest.
        """
        rand = rng.random
        if not self._flags.fast_playout:
            while self.result is None:
                moves = self.legal_action_ids()
                self.apply_id(moves[int(rand() * len(moves))])
            return self.result
        if self.result is not None:
            return self.result
        hands, stock, history = self.hands, self._stock, self.history
        log = history.append  # the line catches up from the history when looked at
        entries, drawn, nxt = _ENTRY, _DRAWN, _NEXT[self.n]
        turn = self.turn
        drawable = len(stock) - self._draw_limit
        if self.left == NO_END:  # the lead: any tile, or the one the rules force
            ends = -1
            fitting, records = (FULL_SET if self.forced_lead < 0 else 1 << self.forced_lead), _NO_ENDS
        else:
            ends = self.left * 7 + self.right
            fitting, records = _ENDS[ends]
        while True:
            hand = hands[turn]
            fits = hand & fitting
            if fits:
                moves = records.get(fits) or _many_moves(ends, fits)
                aid, bit, fitting, records, capicu, ends = moves[int(rand() * len(moves))]
                log(entries[turn][aid])
                hand ^= bit
                hands[turn] = hand
                if not hand:
                    self.left, self.right = _END_PAIR[ends]
                    self.turn = self.last_placer = turn
                    self.result = self._settle_domino(turn, capicu)
                    return self.result
                turn = nxt[turn]
            elif drawable > 0:
                rand()
                t = stock.pop()
                drawable -= 1
                hands[turn] = hand | 1 << t
                log(drawn[turn][t])
            elif sum(hands) & fitting:  # someone else can place: pass (hands are disjoint)
                rand()
                log(entries[turn][PASS_ID])
                turn = nxt[turn]
            else:
                # Nobody can place and nothing can be drawn: a block (C-13). It happened
                # right after the last placement, unless this player has just drawn the
                # stock out (or must still pass, in a snapshot): then the pass comes first.
                seat, aid, _ = history[-1] if history else (turn, DRAW_ID, -1)
                if aid < DRAW_ID:
                    turn = seat
                else:
                    rand()
                    log(entries[turn][PASS_ID])
                    turn = nxt[turn]
                break
        self.left, self.right = _END_PAIR[ends]
        self.turn = turn
        self.last_placer = self._placer_from_history()
        self.result = self._settle_block()
        return self.result

    def _settle_domino(self, seat: int, capicu: bool) -> RoundResult:
        """``seat`` has just gone out: the result (engine.scoring reads plain data)."""
        return scoring.settle_domino(self.rules, self.hands, self.round_points, self.leader, seat, capicu)

    def _settle_block(self) -> RoundResult:
        """The round has just blocked; the last placer is the blocker (C-14)."""
        return scoring.settle_block(self.rules, self.hands, self.round_points, self.leader, self.last_placer)

    def _placer_from_history(self) -> int:
        """Who placed the last tile, read back from the history (C-14)."""
        for seat, aid, _ in reversed(self.history):
            if aid < DRAW_ID:
                return seat
        return self._base_placer

    def _blocked(self) -> bool:
        """Nobody can place and no tile can be drawn (C-13, BV-07, block_declaration).

        With ``dead_board_immediate`` a dead board is called at once, even with stock
        left: no tile in any hand or in the drawable part of the stock fits.
        """
        fits = SUIT_MASK[self.left] | SUIT_MASK[self.right]
        for hand in self.hands:
            if hand & fits:
                return False
        limit = self._draw_limit
        if len(self._stock) > limit:
            if not self._flags.dead_call:
                return False
            return not any(fits >> t & 1 for t in self._stock[limit:])
        return True

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self.history:
            raise IllegalActionError("nothing_to_undo")
        line = self.line  # brought up to date before the history shrinks
        seat, aid, drawn = self.history.pop()
        self._line_upto = len(self.history)
        self.result = None
        self.turn = seat
        if aid == DRAW_ID:
            self.hands[seat] &= ~(1 << drawn)
            self._stock.append(drawn)
            return ACTIONS[aid]
        if aid == PASS_ID:
            return ACTIONS[aid]
        if self._flags.fives:  # what the placement scored is what the ends show now
            self.round_points[self._side[seat]] -= scoring.fives_points(
                line, self.left, self.right, self._flags.both_halves)
        if aid < LEFT_BASE:
            t = aid
            line.pop()
            self.left = self.right = NO_END
        elif aid < RIGHT_BASE:
            t = aid - LEFT_BASE
            self.left = line.popleft()[1]  # the inner half: the end it covered
        else:
            t = aid - RIGHT_BASE
            self.right = line.pop()[0]
        self.hands[seat] |= 1 << t
        self.last_placer = self._placer_from_history()
        return ACTIONS[aid]

    # ------------------------------------------------------------------ views
    def public_history(self) -> list[tuple[int, Action]]:
        return [(entry[0], ACTIONS[entry[1]]) for entry in self.history]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` knows: see :class:`engine.knowledge.SeatView`."""
        # Walk back to the start of the known history to learn the ends it began from.
        start = self.copy()
        for _ in range(len(self.history)):
            start.undo()
        ends = start.ends
        steps = []
        for actor, action in self.public_history():
            steps.append((actor, action, ends))
            ends = ends_after(ends, action)
        return SeatView(
            seat=seat,
            num_players=self.n,
            hand=tuple(self.hand(seat)),
            line=tuple(self.line),
            ends=self.ends,
            hand_counts=tuple(bin(h).count("1") for h in self.hands),
            stock_count=len(self._stock),
            sleeping_count=bin(self.sleeping).count("1"),
            turn=self.turn,
            leader=self.leader,
            history=tuple(steps),
            rules=self.rules,
            round_number=self.round_number,
            forced_lead=TILES[self.forced_lead] if self.forced_lead >= 0 else None,
            own_draws=tuple((i, TILES[drawn]) for i, (actor, aid, drawn) in enumerate(self.history)
                            if actor == seat and aid == DRAW_ID),
            outcome=self.result.kind if self.result is not None else None,
            from_snapshot=self.from_snapshot,
            start_line=tuple(start.line),
            start_last_placer=start.last_placer,
            start_round_points=tuple(start.round_points),
            score=tuple(self.score),
            lot=tuple((s, TILES[t]) for s, t in sorted(self.lot.items())),
        )

    def __repr__(self) -> str:
        ends = "-" if self.left == NO_END else f"{self.left}|{self.right}"
        return f"<Round {self.rules.preset_name} turn={self.turn} ends={ends} over={self.is_over}>"


_new_round = object.__new__
