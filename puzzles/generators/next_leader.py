"""``next_leader``: the round is over. Who leads the next one?

The answer is the engine's ``next_leader`` under the table's rules: the player who went
out, the blocker (La Plaza, even after a tie or a loss), the next seat in rotation (FID),
the block winner or a new lot (the 002 games), the priority rule (Kozel). A round is kept
only when the other common rules would name someone else, and the answer is none of the
naive ones (the last to play, the lightest hand), so the rule must be known; never after
the round that ends the match (there is no next round to lead).

>>> from puzzles import generate
>>> p = generate(NAME, 4, game="laplaza_partners", overlays=["fid"])
>>> p.answer == p.round().result.next_leader, "rotation" in p.themes
(True, True)
"""

from __future__ import annotations

from engine import Round, Rules, match_outcome
from engine.scoring import BLOCK

from ..play import deal_round, finish
from ..questions import totals_after
from .common import Draft, PuzzleType, block_lines, is_partners, last_placement, line, setups

NAME = "next_leader"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("next_leader",)


def _lowest_seat(rnd: Round) -> int | None:
    """The block winner by the plain lowest-count rule (None on a tie)."""
    result = rnd.result
    rules = rnd.rules
    low = min(result.side_pips)
    sides = [s for s, p in enumerate(result.side_pips) if p == low]
    if len(sides) != 1:
        return None
    return min(rules.seats_of(sides[0]), key=lambda s: (result.pips[s], s))


def rival_answers(rnd: Round) -> dict[str, int | None]:
    """Who the other common rules would name: the last placer, the rotation, the lowest hand,
    the lightest player of the side that won."""
    result = rnd.result
    placer = result.out_seat if result.out_seat is not None else result.blocker
    rivals = {"placer": placer, "rotate": (rnd.leader + 1) % rnd.n}
    if result.kind == BLOCK:
        rivals["lowest"] = _lowest_seat(rnd)
        if result.winner is not None:  # "the winner leads", with this table's block winner
            rivals["winner"] = min(rnd.rules.seats_of(result.winner), key=lambda s: (result.pips[s], s))
    return rivals


#: next-leader rule -> the rival answers that are that rule's own (not alternatives to it)
_FAMILY = {"player_out": {"placer"}, "blocker": {"placer"}, "rotate": {"rotate"},
           "block_winner": {"lowest", "winner"}}


def _rule_lines(rnd: Round) -> list:
    result = rnd.result
    rule = result.next_leader_rule
    seat = result.next_leader
    if rule == "player_out":
        return [line("explain.leader.rule_player_out", seat=seat)]
    if rule == "blocker":
        return [line("explain.leader.rule_blocker", seat=seat)]
    if rule == "rotate":
        return [line("explain.leader.rule_rotate", leader_seat=rnd.leader, seat=seat)]
    if rule == "block_winner":
        return [line("explain.leader.rule_block_winner", seat=seat)]
    if rule == "previous_leader":
        return [line("explain.leader.rule_previous_leader", seat=seat)]
    if rule == "abw333":
        won = rnd.rules.side_of(result.blocker) == result.winner
        key = "explain.leader.rule_abw333_won" if won else "explain.leader.rule_abw333_lost"
        return [line(key, blocker_seat=result.blocker, seat=seat)]
    if rule == "lot":
        return [line("explain.leader.rule_lot")]
    return [line("explain.leader.rule_priority")]


def naive_answers(rnd: Round) -> set[int]:
    """The seats a player who does not know the rule would name: the last to lay a tile,
    the last to act (a pass or draw after the block), and the lightest hand(s)."""
    history = rnd.public_history()
    low = min(rnd.result.pips)
    return {last_placement(rnd)[0], history[-1][0]} | {s for s, p in enumerate(rnd.result.pips) if p == low}


def match_over(rnd: Round) -> bool:
    """This round ends the match: there is no next round to lead."""
    over, _ = match_outcome(rnd.rules, totals_after(rnd), rnd.result)
    return over


def _draft(rnd: Round, want: str) -> Draft | None:
    result = rnd.result
    if result.kind not in ("domino", "block"):
        return None
    moment = "domino" if result.kind == "domino" else "tie" if result.tie else "block"
    if moment != want or match_over(rnd):
        return None
    rivals = rival_answers(rnd)
    own = _FAMILY.get(result.next_leader_rule, set())
    answer = result.next_leader
    if answer is not None and any(seat == answer for f, seat in rivals.items() if f not in own):
        return None  # another common rule gives the same seat: the rule would not be needed
    if answer is not None and answer in naive_answers(rnd):
        return None  # "the last to play" or "the lightest hand" would give it away
    history = rnd.public_history()
    last_actor = history[-1][0]
    placer, tile = last_placement(rnd)
    lines = []
    themes = [moment]
    steps = 1
    terms = total = 0
    if result.kind == "domino":
        lines.append(line("explain.leader.domino", seat=placer, tile=tile))
    else:
        lines += block_lines(rnd)
        lines.append(line("explain.leader.blocker", seat=placer, tile=tile))
        if last_actor != placer:
            lines.append(line("explain.leader.last_actor", seat=last_actor))
            themes.append("drew_out")
            steps += 2
        if is_partners(rnd):
            for side in range(2):
                lines.append(line("explain.leader.side_pips", side=side, pips=result.side_pips[side]))
        else:
            for seat in range(rnd.n):
                lines.append(line("explain.leader.seat_pips", seat=seat, pips=result.pips[seat]))
        if result.winner is None:
            lines.append(line("explain.leader.tie"))
            steps += 1
        else:
            key = "explain.leader.winner_blocker" if result.detail.get("decided_by") == "blocker" \
                else "explain.leader.winner"
            lines.append(line(key, side=result.winner))
            if rnd.rules.side_of(placer) != result.winner:
                themes.append("blocker_lost")
        steps += 1
        terms, total = len(result.side_pips), sum(result.pips)
    lines += _rule_lines(rnd)
    rule = result.next_leader_rule
    themes.append({"player_out": "winner_leads", "blocker": "blocker_leads", "rotate": "rotation",
                   "block_winner": "winner_leads", "lot": "lot", "kozel_priority": "priority",
                   "abw333": "abw333", "previous_leader": "abw333"}.get(rule, rule))
    if rule in ("rotate", "abw333", "previous_leader", "lot", "kozel_priority"):
        steps += 1
    factors = {"terms": terms, "total": total, "steps": steps}
    return Draft(rnd.copy(), "next_leader", {}, lines, themes, factors, viewer=0,
                 trace={"result": result.to_dict(), "rivals": rivals, "last_actor": last_actor})


#: The share of each moment in a seed's plan, among the moments a table's rules can ask.
_MOMENT_WEIGHTS = {"domino": 0.4, "block": 0.45, "tie": 0.15}


def moments(rules: Rules) -> tuple[str, ...]:
    """The endings whose next-lead rule is not a naive answer at this table: after a domino
    the player who went out is the last to play; after a block the blocker is, and a lone
    block winner (no partner) holds the lightest hand."""
    out = []
    if rules.next_lead_after_domino != "player_out":
        out.append("domino")
    naive_block = ("blocker",) if rules.partnerships == "opposite" else ("blocker", "block_winner")
    if rules.next_lead_after_block not in naive_block:
        out.append("block")
    # A tied block, when its rule is not the block's own; not with a stock (ties are rare
    # there) nor in Partners (equal side totals take hundreds of deals to come up)
    ties = rules.block_winner != "blocker" and rules.match_mode == "race" and rules.stock_mode != "draw" \
        and rules.partnerships != "opposite"
    if ties and rules.next_lead_after_block_tie not in ("blocker", rules.next_lead_after_block):
        out.append("tie")
    return tuple(out)


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    options = moments(rules)
    if not options:
        return None
    weights = [_MOMENT_WEIGHTS[m] for m in options]
    point, want = plan * sum(weights), options[-1]
    for moment, weight in zip(options, weights):
        if point < weight:
            want = moment
            break
        point -= weight
    rnd = deal_round(rules, seed)
    finish(rnd, rng)
    return _draft(rnd, want)


SPEC = PuzzleType(
    name=NAME,
    kinds=KINDS,
    # Only tables where the next-lead rule can name someone other than the last to play
    # and the lightest hand (see ``moments``): plain La Plaza (the blocker or the player
    # who went out leads) and the draw game (a tie there needs an empty stock) are not.
    # Four tables whose answer is a seat, one with a new lot, one with Kozel's priority.
    setups=tuple(
        setups("laplaza_partners", (4,), ("fid",), ("abw333_compat",), ("partners_pagat",))
        + setups("laplaza_1v1", (2,), ("fid",))
        + setups("block", (3,)) + setups("kozel", (4,))
    ),
    drills=("C-14", "PT-05", "PT-06", "BV-04", "AF-13", "A-07", "A-08", "A-12", "A-18", "A-24", "A-33", "KZ-06"),
    lessons=("partners-leading", "partners-blocked", "1v1-leading", "1v1-passing-blocking", "kozel-first-lead"),
    # Band cuts: the tertiles (quality.calibrate) of the scores over seeds 10000-10999 (1000
    # puzzles: python -m puzzles report --calibrate --per-type 1000 --seed 10000), measured 2026-12-01.
    cuts=(4.7, 6.2),
    build=build,
    summary="who leads the next round, after a domino, a block or a tied block",
)
