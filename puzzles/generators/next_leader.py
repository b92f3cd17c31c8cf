"""``next_leader``: the round is over. Who leads the next one?

The answer is the engine's ``next_leader`` under the table's rules: the player who went
out, the blocker (La Plaza, even after a tie or a loss), the next seat in rotation (FID),
the block winner or a new lot (the 002 games), the priority rule (Kozel). A round is kept
only when the other common rules would name someone else, so the rule must be known.

>>> from puzzles import generate
>>> p = generate(NAME, 4, game="laplaza_partners", overlays=["fid"])
>>> p.answer == p.round().result.next_leader, "rotation" in p.themes
(True, True)
"""

from __future__ import annotations

from engine import Round, Rules
from engine.scoring import BLOCK

from ..play import deal_round, finish
from .common import Draft, PuzzleType, block_lines, is_partners, last_placement, line, setups

NAME = "next_leader"


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


def _draft(rnd: Round, want: str) -> Draft | None:
    result = rnd.result
    if result.kind not in ("domino", "block"):
        return None
    moment = "domino" if result.kind == "domino" else "tie" if result.tie else "block"
    if moment != want:
        return None
    rivals = rival_answers(rnd)
    own = _FAMILY.get(result.next_leader_rule, set())
    answer = result.next_leader
    if answer is not None and any(seat == answer for f, seat in rivals.items() if f not in own):
        return None  # another common rule gives the same seat: the rule would not be needed
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


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    ties = rules.block_winner != "blocker" and rules.match_mode == "race" and rules.stock_mode != "draw"
    want = "domino" if plan < 0.35 else "tie" if plan < 0.45 and ties else "block"
    rnd = deal_round(rules, seed)
    finish(rnd, rng)
    return _draft(rnd, want)


SPEC = PuzzleType(
    name=NAME,
    kinds=("next_leader",),
    setups=tuple(
        setups("laplaza_partners", (4,), (), ("fid",), ("blocker_wins",), ("abw333_compat",))
        + setups("laplaza_1v1", (2,), (), ("fid",))
        + setups("draw", (3,)) + setups("block", (2, 3)) + setups("kozel", (3, 4))
    ),
    drills=("C-14", "PT-05", "PT-06", "BV-04", "AF-13", "A-07", "A-08", "A-12", "A-18", "A-24", "A-33", "KZ-06"),
    lessons=("partners-leading", "partners-blocked", "1v1-leading", "1v1-passing-blocking", "kozel-first-lead"),
    cuts=(3.5, 5.0),
    build=build,
    summary="who leads the next round, after a domino, a block or a tied block",
)
