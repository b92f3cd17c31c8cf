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
    ACTIONS, DRAW_ID, LEAD_BASE, LEFT_BASE, PASS_ID, RIGHT_BASE, Action,
)
from .errors import IllegalActionError
from .rules import Rules
from .scoring import RoundResult
from .tiles import (
    HIGH, LOW, NUM_TILES, SUIT_MASK, TILES, Tile, ids_in, kozel_priority_key, mask_of, pips_of,
    tile_id, tiles_in,
)

DOUBLE_SIX = tile_id(6, 6)
NO_END = -1

# _FITS[left * 7 + right][tile bit]: the placement ids of that tile on those ends,
# left end first. Legal moves are then read off the set bits of hand & fitting.
_FITS: list[dict[int, tuple[int, ...]]] = []
for _left in range(7):
    for _right in range(7):
        _FITS.append({
            1 << t.id: tuple(base + t.id for base, end in ((LEFT_BASE, _left), (RIGHT_BASE, _right))
                             if t.has(end))
            for t in TILES if t.has(_left) or t.has(_right)
        })
del _left, _right


# _ENDS[left * 7 + right] = (mask of tiles that fit, {tile bit: move records}), where a
# move record is (action id, tile bit, new left, new right, tile as it lies, goes left).
# The random playout reads everything a placement changes from one record.
_ENDS: list[tuple[int, dict[int, tuple[tuple, ...]]]] = []
for _left in range(7):
    for _right in range(7):
        _records: dict[int, tuple[tuple, ...]] = {}
        for _bit, _aids in _FITS[_left * 7 + _right].items():
            _recs = []
            for _aid in _aids:
                _t = TILES[_aid % NUM_TILES]
                if _aid < RIGHT_BASE:
                    _new = _t.other(_left)
                    _recs.append((_aid, _bit, _new, _right, (_new, _left), True))
                else:
                    _new = _t.other(_right)
                    _recs.append((_aid, _bit, _left, _new, (_right, _new), False))
            _records[_bit] = tuple(_recs)
        _ENDS.append((SUIT_MASK[_left] | SUIT_MASK[_right], _records))
del _left, _right, _records, _bit, _aids, _recs, _aid, _t, _new


def _moves(fits: int, table: dict[int, tuple[int, ...]]) -> list[int]:
    """Placement ids for the tiles in ``fits``, ascending tile then left before right."""
    if not fits & (fits - 1):
        return list(table[fits])
    moves: list[int] = []
    while fits:
        bit = fits & -fits
        fits ^= bit
        moves += table[bit]
    return moves


def lead_requirement(rules: Rules, round_number: int, hands: Sequence[int],
                     previous_rule: str | None = None) -> tuple[int | None, int]:
    """Who must lead and with which tile, before the deal's lot is consulted.

    Returns ``(seat, tile_id)``; ``(None, -1)`` when nothing forces the lead.
    ``previous_rule`` is the previous round's ``next_leader_rule``.
    """
    if previous_rule is None and round_number > 1:
        previous_rule = rules.next_lead_after_domino  # kozel: priority every round (KZ-06)
    mode = rules.first_lead if round_number <= 1 else previous_rule
    if mode == "holder_66_forced" and round_number <= 1:
        for seat, hand in enumerate(hands):
            if hand >> DOUBLE_SIX & 1:
                return seat, DOUBLE_SIX
        return None, -1  # 6-6 sleeps in the stock: the lot decides (pt_1v1_66_lead)
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
        "rules", "n", "hands", "line", "left", "right", "_stock", "_stock_mask", "sleeping",
        "turn", "leader", "round_number", "score", "round_points", "last_placer",
        "forced_lead", "history", "result", "lot", "seed", "from_snapshot",
        "_side", "_fives", "_both_halves", "_immediate", "_draw_limit", "_voluntary", "_dead_call",
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
        self.n = rules.num_players
        self.hands = list(hands)
        self.line: deque[tuple[int, int]] = deque()
        self.left = self.right = NO_END
        self._stock = list(reversed(stock))  # top of the stock at the end: pop() draws
        mask = 0
        for t in stock:
            mask |= 1 << t
        self._stock_mask = mask
        self.sleeping = sleeping
        self.turn = leader
        self.leader = leader
        self.round_number = round_number
        sides = rules.sides if rules.match_mode == "race" else rules.num_players
        self.score = tuple(score) if score is not None else (0,) * sides
        self.round_points = [0] * sides
        self.last_placer = -1
        self.forced_lead = forced_lead
        #: One entry per action: (seat, action id, drawn tile id or -1, then what undo needs:
        #: the ends and last placer before a placement, and the points it scored).
        self.history: list[tuple] = []
        self.result: RoundResult | None = None
        self.lot = lot or {}
        self.seed = seed
        #: True when the round was loaded mid-way without its history (a lesson or puzzle).
        self.from_snapshot = False
        # Rule flags read on every action, looked up once.
        self._side = tuple(rules.side_of(s) for s in range(self.n))
        self._fives = rules.in_play_scoring == "fives"
        self._both_halves = rules.double_end_value == "both_halves"
        self._immediate = rules.target_check == "immediate" and rules.match_mode == "race"
        self._draw_limit = rules.stock_reserve if rules.can_draw else 1 << 30
        self._voluntary = rules.voluntary_draw
        self._dead_call = rules.block_declaration == "dead_board_immediate"

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
        """An independent copy (cheap: a few lists)."""
        other = object.__new__(Round)
        for name in Round.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.line = deque(self.line)
        other._stock = list(self._stock)
        other.round_points = list(self.round_points)
        other.history = list(self.history)
        other.lot = dict(self.lot)
        return other

    # ----------------------------------------------------------------- queries
    @property
    def ends(self) -> tuple[int, int] | None:
        """The open ends ``(L, R)``, or None before the lead."""
        return None if self.left == NO_END else (self.left, self.right)

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
        fits = hand & (SUIT_MASK[self.left] | SUIT_MASK[self.right])
        return _moves(fits, _FITS[self.left * 7 + self.right]) if fits else []

    def legal_action_ids(self) -> list[int]:
        """Ids of the legal actions, both ends listed when they are equal (C-08, A-27)."""
        if self.result is not None:
            return []
        left = self.left
        if left == NO_END:
            return self.placements()
        right = self.right
        fits = self.hands[self.turn] & (SUIT_MASK[left] | SUIT_MASK[right])
        if fits:
            moves = _moves(fits, _FITS[left * 7 + right])
            if self._voluntary and len(self._stock) > self._draw_limit:
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

    def is_legal(self, action: Action) -> bool:
        try:
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
        if fitting and not (aid == DRAW_ID and self._voluntary and self.drawable):
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
                self._stock_mask ^= 1 << t
                self.hands[seat] |= 1 << t
                self.history.append((seat, aid, t))
                return
            self.history.append((seat, aid, -1))
            self.turn = (seat + 1) % self.n
            if self._blocked():
                self.result = scoring.settle_block(self)
            return
        before_left = left = self.left
        before_right = right = self.right
        if aid < LEFT_BASE:
            t = aid
            left, right = LOW[t], HIGH[t]
            self.line.append((left, right))
        elif aid < RIGHT_BASE:
            t = aid - LEFT_BASE
            new = LOW[t] + HIGH[t] - left
            self.line.appendleft((new, left))
            left = new
        else:
            t = aid - RIGHT_BASE
            new = LOW[t] + HIGH[t] - right
            self.line.append((right, new))
            right = new
        self.left = left
        self.right = right
        hand = self.hands[seat] & ~(1 << t)
        self.hands[seat] = hand
        scored = 0
        if self._fives:
            scored = scoring.fives_points(self.line, left, right, self._both_halves)
            if scored:
                self.round_points[self._side[seat]] += scored
        self.history.append((seat, aid, -1, before_left, before_right, self.last_placer, scored))
        self.last_placer = seat
        if scored and self._immediate:
            side = self._side[seat]
            if self.score[side] + self.round_points[side] >= self.rules.target:
                self.result = scoring.settle_target(self, seat)
                return
        if not hand:
            capicu = aid >= LEFT_BASE and scoring.is_capicu(before_left, before_right, t, True)
            self.result = scoring.settle_domino(self, seat, capicu)
            return
        if self._blocked():
            self.result = scoring.settle_block(self)
        else:
            self.turn = (seat + 1) % self.n

    def playout(self, rng) -> RoundResult:
        """Play random legal moves to the end of the round and return its result.

        Each action is ``legal[int(rng.random() * len(legal))]``, one draw of
        ``rng.random()`` per action, so it equals a loop of :meth:`legal_action_ids`
        and :meth:`apply_id` (the tests check this). It exists because rollouts are
        the hot loop of simulations, bots and the solver: it keeps the state in local
        variables for most rule sets and falls back to the plain loop for the rest.
        """
        rand = rng.random
        if self.result is None and self.left == NO_END:
            moves = self.legal_action_ids()
            self.apply_id(moves[int(rand() * len(moves))])
        if self._fives or self._voluntary or self._dead_call:
            while self.result is None:
                moves = self.legal_action_ids()
                self.apply_id(moves[int(rand() * len(moves))])
            return self.result
        if self.result is not None:
            return self.result
        hands, line, history, stock = self.hands, self.line, self.history, self._stock
        n, limit, ends_table = self.n, self._draw_limit, _ENDS
        left, right, turn, placer = self.left, self.right, self.turn, self.last_placer
        stock_mask = self._stock_mask
        held = 0  # every tile in a hand: a block is "nothing held fits and nothing to draw"
        for hand in hands:
            held |= hand
        fitting, records = ends_table[left * 7 + right]
        while True:
            hand = hands[turn]
            fits = hand & fitting
            if fits:
                if fits & (fits - 1):
                    moves = []
                    while fits:
                        bit = fits & -fits
                        fits ^= bit
                        moves += records[bit]
                else:
                    moves = records[fits]
                aid, bit, new_left, new_right, lying, at_left = moves[int(rand() * len(moves))]
                if at_left:
                    line.appendleft(lying)
                else:
                    line.append(lying)
                history.append((turn, aid, -1, left, right, placer, 0))
                hand ^= bit
                hands[turn] = hand
                placer = turn
                if not hand:
                    capicu = new_left != new_right and left != right and scoring.is_capicu(
                        left, right, aid % NUM_TILES, True)
                    self.left, self.right, self.turn, self.last_placer = new_left, new_right, turn, placer
                    self._stock_mask = stock_mask
                    self.result = scoring.settle_domino(self, turn, capicu)
                    return self.result
                held ^= bit
                left, right = new_left, new_right
                fitting, records = ends_table[left * 7 + right]
                if not held & fitting and len(stock) <= limit:
                    break  # blocked right after this placement
                turn = (turn + 1) % n
            elif len(stock) > limit:
                rand()
                t = stock.pop()
                stock_mask ^= 1 << t
                held |= 1 << t
                hands[turn] = hand | 1 << t
                history.append((turn, DRAW_ID, t))
            else:
                rand()
                history.append((turn, PASS_ID, -1))
                turn = (turn + 1) % n
                if not held & fitting:
                    break  # blocked: the stock is out and nobody fits
        self.left, self.right, self.turn, self.last_placer = left, right, turn, placer
        self._stock_mask = stock_mask
        self.result = scoring.settle_block(self)
        return self.result

    def _blocked(self) -> bool:
        """Nobody can place and no tile can be drawn (C-13, BV-07, block_declaration)."""
        fits = SUIT_MASK[self.left] | SUIT_MASK[self.right]
        for hand in self.hands:
            if hand & fits:
                return False
        if len(self._stock) > self._draw_limit:
            return self._dead_call and not self._stock_mask & fits
        return True

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self.history:
            raise IllegalActionError("nothing_to_undo")
        entry = self.history.pop()
        seat, aid, drawn = entry[0], entry[1], entry[2]
        self.result = None
        self.turn = seat
        if aid == DRAW_ID:
            self.hands[seat] &= ~(1 << drawn)
            self._stock.append(drawn)
            self._stock_mask |= 1 << drawn
            return ACTIONS[aid]
        if aid == PASS_ID:
            return ACTIONS[aid]
        _, _, _, before_left, before_right, before_placer, scored = entry
        if aid < LEFT_BASE:
            t = aid
            self.line.pop()
        elif aid < RIGHT_BASE:
            t = aid - LEFT_BASE
            self.line.popleft()
        else:
            t = aid - RIGHT_BASE
            self.line.pop()
        self.left, self.right, self.last_placer = before_left, before_right, before_placer
        self.hands[seat] |= 1 << t
        if scored:
            self.round_points[self._side[seat]] -= scored
        return ACTIONS[aid]

    # ------------------------------------------------------------------ views
    def public_history(self) -> list[tuple[int, Action]]:
        return [(entry[0], ACTIONS[entry[1]]) for entry in self.history]

    def view(self, seat: int):
        """What ``seat`` knows: see :class:`engine.knowledge.SeatView`."""
        from .knowledge import SeatView
        return SeatView.of(self, seat)

    def __repr__(self) -> str:
        ends = "-" if self.left == NO_END else f"{self.left}|{self.right}"
        return f"<Round {self.rules.preset_name} turn={self.turn} ends={ends} over={self.is_over}>"
