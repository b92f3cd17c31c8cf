"""``block_count``: the round is blocked. Which side wins it, and how many points?

The engine settles the block with the table's rules: the lower side total (La Plaza
Partners), the lower hand (1v1 and the 002 games), the blocker's side (``blocker_wins``);
points from all hands, the losing side only, or each loser's pips minus the winner's
(002). A tie scores nothing. Kept when the winner is not simply the blocker's side, or
it is a tie, or (three or four individuals) the per-loser differences must be worked out.

>>> from puzzles import generate
>>> p = generate(NAME, 3, game="block", players=3)
>>> p.round().result.kind, p.question.kind
('block', 'block_score')
"""

from __future__ import annotations

from engine import Round, Rules

from ..play import deal_round, finish
from .common import Draft, PuzzleType, block_lines, hand_line, is_partners, last_placement, line, setups

NAME = "block_count"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("block_score",)


def _points_line(rnd: Round) -> list:
    result = rnd.result
    rules = rnd.rules
    if result.winner is None:
        return [line("explain.block.tie_no_points")]
    winner = result.winner
    side_pips = result.side_pips
    losers = [s for s in range(len(side_pips)) if s != winner]
    how = rules.block_points
    points = result.points[winner]
    if how == "all_hands":
        return [line("explain.points.block_all", terms=list(result.pips), total=points)]
    if how == "losing_side_only":
        terms = [result.pips[s] for s in range(rnd.n) if rules.side_of(s) != winner]
        return [line("explain.points.losing_side", terms=terms, total=points)]
    if how == "diff_per_loser":
        diffs = [[side_pips[s], side_pips[winner]] for s in losers]
        return [line("explain.points.diff_per_loser", diffs=diffs, total=points)]
    terms = [side_pips[s] for s in losers]
    return [line("explain.points.diff_once", terms=terms, winner_pips=side_pips[winner], total=points)]


def _draft(rnd: Round) -> Draft | None:
    result = rnd.result
    if result.kind != "block":
        return None
    rules = rnd.rules
    blocker_side = rules.side_of(result.blocker)
    low_seat = min(range(rnd.n), key=lambda s: (result.pips[s], s))
    individual_low = rules.side_of(low_seat)
    per_loser = rules.block_points in ("diff_per_loser", "diff_once") and rnd.n >= 3
    decided_by = result.detail.get("decided_by")
    if decided_by == "blocker":
        low_side = min(range(len(result.side_pips)), key=lambda s: result.side_pips[s])
        if result.winner == low_side:
            return None  # the blocker's side is the lighter one anyway
    elif not (result.tie or result.winner != blocker_side or result.winner != individual_low or per_loser):
        return None
    placer, tile = last_placement(rnd)
    lines = block_lines(rnd) + [line("explain.block.blocker", seat=placer, tile=tile)]
    lines += [hand_line(rnd, s) for s in range(rnd.n)]
    themes = ["block"]
    steps = 2
    if is_partners(rnd) and rules.block_compare != "individual":  # individual: hands, not sides, compete
        for side in range(2):
            terms = [rnd.pips(s) for s in rules.seats_of(side)]
            lines.append(line("explain.block.side_total", side=side, terms=terms, pips=result.side_pips[side]))
        steps += 1
        themes.append("side_total")
        if result.winner is not None and individual_low != result.winner and decided_by == "lowest":
            themes.append("lighter_partner_loses")
    if decided_by == "blocker":
        lines.append(line("explain.block.blocker_wins", side=result.winner))
        themes.append("blocker_wins")
        steps += 1
    elif result.winner is None and rules.block_compare == "individual" and is_partners(rnd):
        # the single hands are compared, not the side totals: name the tied lightest hands
        low = min(result.pips)
        lines.append(line("explain.block.tie_hands", pips=low,
                          seats=[s for s in range(rnd.n) if result.pips[s] == low]))
        themes.append("tie")
        steps += 1
    elif result.winner is None:
        lines.append(line("explain.block.tie", pips=min(result.side_pips)))
        themes.append("tie")
        steps += 1
    elif decided_by == "lowest" and rules.block_compare == "individual" and is_partners(rnd):
        lines.append(line("explain.block.lowest_hand_side", seat=low_seat, side=result.winner))
        themes.append("individual_compare")
    else:
        lines.append(line("explain.block.lowest", side=result.winner, pips=result.side_pips[result.winner]))
    if result.winner is not None and result.winner != blocker_side:
        themes.append("blocker_lost")
    lines += _points_line(rnd)
    if rules.block_points == "losing_side_only":
        themes.append("losing_side_only")
    elif rules.block_points in ("diff_per_loser", "diff_once"):
        themes.append("difference")
        steps += 1
    if rules.stock_mode == "sleeping":
        themes.append("sleeping_tiles")
    terms = sum(len(rnd.hand(s)) for s in range(rnd.n))
    factors = {"terms": terms, "total": sum(result.pips), "steps": steps}
    return Draft(rnd.copy(), "block_score", {}, lines, themes, factors, viewer=0,
                 trace={"result": result.to_dict()})


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    rnd = deal_round(rules, seed)
    finish(rnd, rng)
    ties = rules.block_winner != "blocker" and rules.stock_mode != "draw"  # ties are rare with a stock
    if plan < 0.12 and ties and not (rnd.result.kind == "block" and rnd.result.tie):
        return None  # this seed asks for a tied block
    return _draft(rnd)


SPEC = PuzzleType(
    name=NAME,
    kinds=KINDS,
    setups=tuple(
        setups("laplaza_partners", (4,), (), ("losing_side_only",), ("blocker_wins",), ("individual_block_compare",))
        + setups("laplaza_1v1", (2,), (), ("blocker_wins",), ("losing_side_only",))
        + setups("draw", (3, 4)) + setups("block", (2, 3, 4))
    ),
    drills=("C-13", "C-14", "C-15", "PT-10", "BV-08", "AF-11", "DR-03", "BK-03", "A-05", "A-06", "A-32", "A-33"),
    lessons=("partners-blocked", "1v1-passing-blocking", "draw-game", "block-game"),
    # Band cuts: the tertiles (quality.calibrate) of the scores over seeds 10000-10999 (1000
    # puzzles: python -m puzzles report --calibrate --per-type 1000 --seed 10000), measured 2026-12-01.
    cuts=(6.8, 8.1),
    build=build,
    summary="which side wins a blocked round and how many points it scores; ties",
)
