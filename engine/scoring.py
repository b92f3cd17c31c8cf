"""How a round ends and what it scores (rules.md C-12..C-16, PT-08..PT-14, BV-06..BV-08,
AF-09..AF-13, DR-02/03, BK-05, KZ-12).

The settle_* functions read what a finished round leaves, as plain data (the rules, the
hands as masks, the points scored in play, the leader) and return an immutable
:class:`RoundResult`. They know no Round: the round (``engine.round``) and the position
loader (``engine.notation``) both settle with them, one floor below.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

from .rules import RuleFlags, Rules
from .tiles import TILES, ids_in, lot_key, pips_each

DOMINO, BLOCK, TARGET = "domino", "block", "target"


class RoundResult(NamedTuple):
    """The outcome of a finished round: a small immutable value.

    ``points`` are what each side adds to its match total at the end of the round
    (penalties per seat in Kozel); ``in_play`` are the All Fives points already
    scored during the round. ``next_leader`` is a seat, or ``None`` when the next
    deal decides it (``next_leader_rule`` is then ``lot`` or ``kozel_priority``).
    Results are equal when everything but ``detail`` (an explanation) is equal.

    It is a named tuple because simulations settle rounds by the million and a tuple
    is the cheapest immutable value Python builds.

    >>> r = RoundResult("domino", 0, (91, 0), (0, 0), (36, 20, 0, 35), (36, 55), out_seat=2)
    >>> r.total, r.to_dict()["kind"], r == r._replace(detail={"why": "same"})
    ((91, 0), 'domino', True)
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
    #: How the points were found, for explanations: raw points before rounding, etc.
    detail: Mapping[str, Any] = {}  # read-only: the engine gives every result its own dict

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RoundResult):
            return self[:-1] == other[:-1]
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, RoundResult):
            return self[:-1] != other[:-1]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self[:-1])

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


_new_tuple = tuple.__new__


def _result(*fields: Any) -> RoundResult:
    """``RoundResult(*fields)``, all 14 fields given, without the keyword machinery."""
    return _new_tuple(RoundResult, fields)


def round_to_5(points: int) -> int:
    """Nearest multiple of five; pip totals are integers, so 2 rounds down and 3 up (A-04).

    >>> [round_to_5(p) for p in (17, 18, 22, 23, 0)]
    [15, 20, 20, 25, 0]
    """
    return (points + 2) // 5 * 5


def _in_play(flags: RuleFlags, round_points: Sequence[int]) -> tuple[int, ...]:
    """The All Fives points scored during the round, per side (zeros in other games)."""
    return tuple(round_points) if flags.fives else flags.zeros


def _pips_and_sides(flags: RuleFlags, hands: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's pips (C-16), and each side's (the same tuple without partnerships)."""
    pips = pips_each(hands)
    if flags.partners:  # seats s and s + 2 (rules.side_of)
        return pips, (pips[0] + pips[2], pips[1] + pips[3])
    return pips, pips


def _end_points(rules, raw: int) -> tuple[int, dict[str, Any]]:
    """End-of-hand points after ``end_rounding`` (A-04), and the detail that explains
    them: the raw figure when rounding changed it."""
    if rules.end_rounding != "nearest_5" or round_to_5(raw) == raw:
        return raw, {}
    return round_to_5(raw), {"raw_points": raw}


def _lightest_tile_seat(hands: Sequence[int], seats: list[int]) -> int:
    """The seat holding the lightest single tile: the lowest in the lot order (A-10)."""
    return min(seats, key=lambda s: min(lot_key(TILES[t]) for t in ids_in(hands[s])))


def _block_winner(rules: Rules, hands: Sequence[int], pips, side_pips, blocker: int) -> tuple[int | None, str]:
    """The side that wins a block, or None on a tie, and how it was decided
    (PT-10, BV-08, AF-11, A-06, A-32, A-33; ties per block_tie)."""
    side = rules.flags.side
    if rules.block_winner == "blocker":
        return side[blocker], "blocker"
    if rules.block_compare == "side_total":
        low = min(side_pips)
        if side_pips.count(low) == 1:
            return side_pips.index(low), "lowest"
        tied_sides = [s for s, p in enumerate(side_pips) if p == low]
        tied_seats = [seat for seat in range(rules.num_players) if side[seat] in tied_sides]
    else:
        # individual: the side of the single lowest player; two lowest players of the
        # same side make that side the winner (docs/rules-decisions.md)
        low = min(pips)
        if pips.count(low) == 1:
            return side[pips.index(low)], "lowest"
        tied_seats = [seat for seat, p in enumerate(pips) if p == low]
        tied_sides = sorted({side[seat] for seat in tied_seats})
        if len(tied_sides) == 1:
            return tied_sides[0], "lowest"
    if rules.block_tie == "lightest_tile":
        return side[_lightest_tile_seat(hands, tied_seats)], "lightest_tile"
    if rules.block_tie == "blocker_side" and side[blocker] in tied_sides:
        return side[blocker], "blocker_side"
    return None, "tie"


def _block_points(how: str, winner: int, side_pips: tuple[int, ...]) -> int:
    """What the winning side of a block scores (block_points, A-05, A-33)."""
    if how == "all_hands":
        return sum(side_pips)
    losers = sum(side_pips) - side_pips[winner]
    if how == "losing_side_only":
        return losers
    # The differences can only be negative when the blocker wins with more pips
    # (blocker_wins): a side never scores less than nothing (docs/rules-decisions.md).
    if how == "diff_per_loser":
        return max(0, losers - (len(side_pips) - 1) * side_pips[winner])
    return max(0, losers - side_pips[winner])  # diff_once


def _next_leader(rules: Rules, leader: int, kind: str, winner: int | None, out_seat: int | None,
                 blocker: int | None, pips: tuple[int, ...]) -> tuple[int | None, str]:
    """Who leads the next round (PT-05, PT-06, BV-04, AF-13, A-07, A-24, KZ-06, abw333)."""
    n = rules.num_players
    if kind == DOMINO:
        rule = rules.next_lead_after_domino
    elif winner is None:
        rule = rules.next_lead_after_block_tie
    else:
        rule = rules.next_lead_after_block
        if rule == "abw333":  # the blocker if the blocker's side won, else the next seat
            return (blocker, rule) if rules.flags.side[blocker] == winner else ((blocker + 1) % n, rule)
    if rule == "player_out":
        return out_seat, rule
    if rule == "blocker":
        return blocker, rule
    if rule == "rotate":
        return (leader + 1) % n, rule
    if rule == "previous_leader":
        return leader, rule
    if rule == "block_winner":  # the winning side's lowest hand (the winner itself if alone)
        seats = rules.seats_of(winner)
        if len(seats) > 1:
            return min(seats, key=lambda s: (pips[s], s)), rule
        return seats[0], rule
    return None, rule  # lot, kozel_priority: the next deal decides


def is_capicu(before_left: int, before_right: int, tile_id: int, went_out: bool) -> bool:
    """Rules A-14: going out with x-y on ends (x|y), x != y.

    >>> from engine.tiles import tile_id
    >>> is_capicu(2, 5, tile_id(2, 5), True), is_capicu(5, 5, tile_id(5, 5), True)
    (True, False)
    >>> is_capicu(2, 5, tile_id(2, 5), False), is_capicu(2, 5, tile_id(2, 6), True)
    (False, False)
    """
    if not went_out or before_left == before_right:
        return False
    tile = TILES[tile_id]
    return {tile.low, tile.high} == {before_left, before_right}


def settle_domino(rules: Rules, hands: Sequence[int], round_points: Sequence[int], leader: int,
                  seat: int, capicu: bool) -> RoundResult:
    """``seat`` went out (C-12, PT-08/09, BV-06, AF-11, DR-02, KZ-12, A-14); ``hands`` are
    the masks left, ``round_points`` what each side scored in play, ``leader`` who led."""
    flags = rules.flags
    pips, side_pips = _pips_and_sides(flags, hands)
    winner = flags.side[seat]
    detail: dict[str, Any] = {}
    bonus = 0
    if not flags.race:  # Kozel: everybody adds their own pips; the empty hand adds 0
        points = pips
    else:
        if rules.domino_points == "losing_side_only":
            raw = sum(side_pips) - side_pips[winner]
        else:
            raw = sum(pips)  # every hand, the partner's included (PT-09)
        if capicu:
            bonus = rules.capicu_bonus
        if flags.rounding:
            raw, detail = _end_points(rules, raw)
        points_list = [0] * flags.units
        points_list[winner] = raw + bonus
        points = tuple(points_list)
    nxt, rule = _next_leader(rules, leader, DOMINO, winner, seat, None, pips)
    return _result(DOMINO, winner, points, _in_play(flags, round_points), pips, side_pips, seat, None,
                   capicu, bonus, False, nxt, rule, detail)


def settle_block(rules: Rules, hands: Sequence[int], round_points: Sequence[int], leader: int,
                 blocker: int) -> RoundResult:
    """Nobody can place and nothing can be drawn (C-13/14, PT-10/11, BV-08, AF-11, DR-03,
    BK-03/05, KZ-12 fish); ``blocker`` placed the last tile."""
    flags = rules.flags
    pips, side_pips = _pips_and_sides(flags, hands)
    detail: dict[str, Any] = {}
    if not flags.race:  # Kozel's fish: the fish-maker scores 0, everyone else their pips
        points_list = list(pips)
        points_list[blocker] = 0
        points = tuple(points_list)
        winner, how = flags.side[blocker], "fish"
    else:
        winner, how = _block_winner(rules, hands, pips, side_pips, blocker)
        points_list = [0] * flags.units
        if winner is not None:
            gained = _block_points(rules.block_points, winner, side_pips)
            if flags.rounding:
                gained, detail = _end_points(rules, gained)
            points_list[winner] = gained
        points = tuple(points_list)
    detail["decided_by"] = how
    nxt, rule = _next_leader(rules, leader, BLOCK, winner, None, blocker, pips)
    return _result(BLOCK, winner, points, _in_play(flags, round_points), pips, side_pips, None, blocker,
                   False, 0, winner is None, nxt, rule, detail)


def settle_target(rules: Rules, hands: Sequence[int], round_points: Sequence[int], seat: int) -> RoundResult:
    """All Fives with an immediate target check: ``seat``'s play took its side to the
    target (A-25).

    The match ends at once: no end-of-hand points, and nobody leads again.
    """
    flags = rules.flags
    pips, side_pips = _pips_and_sides(flags, hands)
    return _result(TARGET, flags.side[seat], flags.zeros, _in_play(flags, round_points),
                   pips, side_pips, seat if hands[seat] == 0 else None, None, False, 0, False,
                   None, "match_over", {})


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
