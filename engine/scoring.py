"""How a round ends and what it scores (rules.md C-12..C-16, PT-08..PT-14, BV-06..BV-08,
AF-09..AF-13, DR-02/03, BK-05, KZ-12).

The functions here read a finished :class:`~engine.round.Round` and return a frozen
:class:`RoundResult`; they never change the round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .tiles import TILES, ids_in, lot_key, pips_of

if TYPE_CHECKING:  # pragma: no cover
    from .round import Round

DOMINO, BLOCK, TARGET = "domino", "block", "target"


@dataclass(frozen=True)
class RoundResult:
    """The outcome of a finished round.

    ``points`` are what each side adds to its match total at the end of the round
    (penalties per seat in Kozel); ``in_play`` are the All Fives points already
    scored during the round. ``next_leader`` is a seat, or ``None`` when the next
    deal decides it (``next_leader_rule`` is then ``lot`` or ``kozel_priority``).
    """

    kind: str
    winner: int | None
    points: tuple[int, ...]
    in_play: tuple[int, ...]
    pips: tuple[int, ...]
    side_pips: tuple[int, ...]
    out_seat: int | None = None
    blocker: int | None = None
    capicu: bool = False
    capicu_bonus: int = 0
    tie: bool = False
    next_leader: int | None = None
    next_leader_rule: str = ""
    #: How the points were found, for explanations: raw points before rounding, losers, etc.
    detail: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def total(self) -> tuple[int, ...]:
        """Everything each side gained this round (in play plus end of round)."""
        return tuple(a + b for a, b in zip(self.points, self.in_play))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "winner": self.winner,
            "points": list(self.points),
            "in_play": list(self.in_play),
            "pips": list(self.pips),
            "side_pips": list(self.side_pips),
            "out_seat": self.out_seat,
            "blocker": self.blocker,
            "capicu": self.capicu,
            "capicu_bonus": self.capicu_bonus,
            "tie": self.tie,
            "next_leader": self.next_leader,
            "next_leader_rule": self.next_leader_rule,
        }
        if self.detail:
            data["detail"] = dict(self.detail)
        return data


def round_to_5(points: int) -> int:
    """Nearest multiple of five; pip totals are integers, so 2 rounds down and 3 up."""
    return (points + 2) // 5 * 5


def _seat_pips(rnd: "Round") -> tuple[int, ...]:
    return tuple(pips_of(h) for h in rnd.hands)


def _side_totals(rnd: "Round", pips: tuple[int, ...]) -> tuple[int, ...]:
    if rnd.rules.partnerships == "opposite":
        return (pips[0] + pips[2], pips[1] + pips[3])
    return pips


def _lightest_tile_seat(rnd: "Round", seats: list[int]) -> int:
    return min(seats, key=lambda s: min(lot_key(TILES[t]) for t in ids_in(rnd.hands[s])))


def _block_winner(rnd: "Round", pips, side_pips, blocker: int) -> tuple[int | None, str]:
    """The side that wins a block, or None on a tie, and how it was decided."""
    rules = rnd.rules
    if rules.block_winner == "blocker":
        return rules.side_of(blocker), "blocker"
    if rules.block_compare == "side_total":
        low = min(side_pips)
        tied_sides = [s for s, p in enumerate(side_pips) if p == low]
        tied_seats = [seat for seat in range(rules.num_players) if rules.side_of(seat) in tied_sides]
    else:
        low = min(pips)
        tied_seats = [seat for seat, p in enumerate(pips) if p == low]
        tied_sides = sorted({rules.side_of(seat) for seat in tied_seats})
    if len(tied_sides) == 1:
        return tied_sides[0], "lowest"
    if rules.block_tie == "lightest_tile":
        return rules.side_of(_lightest_tile_seat(rnd, tied_seats)), "lightest_tile"
    if rules.block_tie == "blocker_side" and rules.side_of(blocker) in tied_sides:
        return rules.side_of(blocker), "blocker_side"
    return None, "tie"


def _block_points(rnd: "Round", winner: int, side_pips) -> int:
    how = rnd.rules.block_points
    losers = [p for s, p in enumerate(side_pips) if s != winner]
    if how == "all_hands":
        return sum(side_pips)
    if how == "losing_side_only":
        return sum(losers)
    if how == "diff_per_loser":
        return max(0, sum(p - side_pips[winner] for p in losers))
    return max(0, sum(losers) - side_pips[winner])  # diff_once


def _next_leader(rnd: "Round", kind: str, winner: int | None, out_seat, blocker, pips) -> tuple[int | None, str]:
    rules = rnd.rules
    n = rules.num_players
    if kind == DOMINO:
        rule = rules.next_lead_after_domino
    elif winner is None:
        rule = rules.next_lead_after_block_tie
    else:
        rule = rules.next_lead_after_block
        if rule == "abw333":
            return (blocker, rule) if rules.side_of(blocker) == winner else ((blocker + 1) % n, rule)
    if rule == "player_out":
        return out_seat, rule
    if rule == "blocker":
        return blocker, rule
    if rule == "rotate":
        return (rnd.leader + 1) % n, rule
    if rule == "previous_leader":
        return rnd.leader, rule
    if rule == "block_winner":
        seats = rules.seats_of(winner)
        return min(seats, key=lambda s: (pips[s], s)), rule
    return None, rule  # lot, kozel_priority: the next deal decides


def is_capicu(before_left: int, before_right: int, tile_id: int, went_out: bool) -> bool:
    """Rules A-14: going out with x-y on ends (x|y), x != y."""
    if not went_out or before_left == before_right:
        return False
    tile = TILES[tile_id]
    return {tile.low, tile.high} == {before_left, before_right}


def settle_domino(rnd: "Round", seat: int, capicu: bool) -> RoundResult:
    rules = rnd.rules
    pips = _seat_pips(rnd)
    side_pips = _side_totals(rnd, pips)
    winner = rules.side_of(seat)
    points = [0] * (rules.sides if rules.match_mode == "race" else rules.num_players)
    detail: dict[str, Any] = {}
    bonus = 0
    if rules.match_mode == "penalty":
        points = [0 if s == seat else p for s, p in enumerate(pips)]
    else:
        if rules.domino_points == "losing_side_only":
            raw = sum(p for s, p in enumerate(pips) if rules.side_of(s) != winner)
        else:
            raw = sum(pips)
        gained = round_to_5(raw) if rules.end_rounding == "nearest_5" else raw
        if gained != raw:
            detail["raw_points"] = raw
        bonus = rules.capicu_bonus if capicu else 0
        points[winner] = gained + bonus
    leader, rule = _next_leader(rnd, DOMINO, winner, seat, None, pips)
    return RoundResult(
        kind=DOMINO, winner=winner, points=tuple(points), in_play=tuple(rnd.round_points),
        pips=pips, side_pips=side_pips, out_seat=seat, blocker=None, capicu=capicu,
        capicu_bonus=bonus, tie=False, next_leader=leader, next_leader_rule=rule, detail=detail,
    )


def settle_block(rnd: "Round") -> RoundResult:
    rules = rnd.rules
    blocker = rnd.last_placer
    pips = _seat_pips(rnd)
    side_pips = _side_totals(rnd, pips)
    detail: dict[str, Any] = {}
    if rules.match_mode == "penalty":
        points = tuple(0 if s == blocker else p for s, p in enumerate(pips))
        winner, how = rules.side_of(blocker), "fish"
    else:
        winner, how = _block_winner(rnd, pips, side_pips, blocker)
        points_list = [0] * rules.sides
        if winner is not None:
            raw = _block_points(rnd, winner, side_pips)
            gained = round_to_5(raw) if rules.end_rounding == "nearest_5" else raw
            if gained != raw:
                detail["raw_points"] = raw
            points_list[winner] = gained
        points = tuple(points_list)
    detail["decided_by"] = how
    leader, rule = _next_leader(rnd, BLOCK, winner, None, blocker, pips)
    return RoundResult(
        kind=BLOCK, winner=winner, points=points, in_play=tuple(rnd.round_points),
        pips=pips, side_pips=side_pips, out_seat=None, blocker=blocker, capicu=False,
        tie=winner is None, next_leader=leader, next_leader_rule=rule, detail=detail,
    )


def settle_target(rnd: "Round", seat: int) -> RoundResult:
    """All Fives with an immediate target check: a play took a side to the target."""
    pips = _seat_pips(rnd)
    rules = rnd.rules
    return RoundResult(
        kind=TARGET, winner=rules.side_of(seat), points=(0,) * rules.sides,
        in_play=tuple(rnd.round_points), pips=pips, side_pips=_side_totals(rnd, pips),
        out_seat=seat if rnd.hands[seat] == 0 else None, next_leader=None, next_leader_rule="match_over",
    )


def fives_points(line, left: int, right: int, both_halves: bool) -> int:
    """All Fives: what the open ends are worth after a play (AF-09, A-02, A-03).

    >>> fives_points([(5, 5)], 5, 5, False)
    10
    >>> fives_points([(5, 5), (5, 0)], 5, 0, False), fives_points([(5, 5), (5, 0)], 5, 0, True)
    (5, 10)
    >>> fives_points([(0, 0)], 0, 0, False)
    0
    """
    if both_halves and len(line) > 1:
        first, last = line[0], line[-1]
        total = (2 * left if first[0] == first[1] else left) + (2 * right if last[0] == last[1] else right)
    else:
        total = left + right
    return total if total > 0 and total % 5 == 0 else 0
