"""``kozel``: Goat. What penalty does a player take, and who is the goat at 101?

Penalties (rules.md KZ-12, A-20): the player who went out, or who made the fish (the
blocker), takes 0 — even holding the heaviest hand; everyone else adds their own pips.
The match ends once a total reaches the limit (101); every player at or over it is a
goat, and 100 is not enough (A-22). Penalty puzzles are kept when the naive answer
(own pips for the fish-maker, 0 for the lightest hand) is wrong, or after a domino for a
player who has to count their own hand; goat puzzles when exactly one player crosses
the limit and a glance at the old totals or at this round alone would not tell who.

>>> from puzzles import generate
>>> p = generate(NAME, 1, players=3)
>>> p.question.kind in ("kozel_penalty", "kozel_goat"), p.rules.match_mode
(True, 'penalty')
"""

from __future__ import annotations

from engine import Round, Rules, ranking

from ..play import deal_round, finish, play_match
from ..questions import totals_after
from .common import Draft, PuzzleType, hand_line, last_placement, line, setups

NAME = "kozel"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("kozel_penalty", "kozel_goat")


def _round_lines(rnd: Round) -> list:
    result = rnd.result
    seat, tile = last_placement(rnd)
    if result.kind == "domino":
        return [line("explain.kozel.domino", seat=seat, tile=tile)]
    return [line("explain.kozel.fish", seat=seat, tile=tile)]


#: Plans below this ask for the fish-maker's penalty (answer 0): about one penalty puzzle in
#: seven, so that 0 is not the answer a guess should go for.
FISH_MAKER_PLAN = 0.08


def _penalty_draft(rnd: Round, rng, plan: float) -> Draft | None:
    result = rnd.result
    pips = result.pips
    zero_seat = result.out_seat if result.kind == "domino" else result.blocker
    themes = ["kozel", "penalty"]
    if result.kind == "block":
        themes.append("fish")
        others = [s for s in range(rnd.n) if s != zero_seat]
        lightest_other = min(others, key=lambda s: (pips[s], s))
        if plan < FISH_MAKER_PLAN:
            if pips[zero_seat] <= pips[lightest_other]:
                return None
            seat = zero_seat
            themes.append("fish_maker")
        elif pips[lightest_other] > 0 and pips[lightest_other] < pips[zero_seat]:
            seat = lightest_other
            themes.append("lightest_pays")
        else:
            return None
    else:
        candidates = [s for s in range(rnd.n) if s != zero_seat and pips[s] > 0]
        if not candidates:
            return None
        seat = candidates[int(rng.random() * len(candidates))]
    lines = _round_lines(rnd)
    lines.append(line("explain.kozel.zero", seat=zero_seat))
    if seat != zero_seat:
        lines.append(hand_line(rnd, seat))
        lines.append(line("explain.kozel.own_pips", seat=seat, pips=pips[seat]))
    elif pips[seat]:
        lines.append(line("explain.kozel.maker_heavy", seat=seat, pips=pips[seat]))
    # a fish is a step more than a domino, and its two cases each beat a naive rule (the
    # fish-maker's own pips, "the lightest hand pays nothing"): one more step
    factors = {"terms": len(rnd.hand(seat)), "total": pips[seat], "steps": 1 + 2 * (result.kind == "block")}
    return Draft(rnd.copy(), "kozel_penalty", {"seat": seat}, lines, themes, factors, viewer=0,
                 trace={"result": result.to_dict()})


def _goat_draft(rnd: Round, final: bool) -> Draft | None:
    result = rnd.result
    before = rnd.score
    after = totals_after(rnd)
    limit = rnd.rules.penalty_limit
    standings = ranking(rnd.rules, after)
    goats = [s.side for s in standings if s.goat]
    themes = ["kozel", "goat"]
    if final:
        if len(goats) != 1:
            return None
        goat = goats[0]
        most_before = max(range(rnd.n), key=lambda s: (before[s], -s))
        most_now = max(range(rnd.n), key=lambda s: (result.points[s], -s))
        if goat == most_before and goat == most_now:
            return None
    else:
        if goats or max(after) < limit - 12:
            return None
        themes.append("near_miss")
        if max(after) == limit - 1:
            themes.append("exactly_100")
    lines = _round_lines(rnd)
    for seat in range(rnd.n):
        lines.append(line("explain.kozel.total", seat=seat, before=before[seat], pips=result.points[seat],
                          after=after[seat]))
    if goats:
        lines.append(line("explain.kozel.goat", seat=goats[0], total=after[goats[0]], limit=limit))
        best = [s for s in standings if s.rank == 1]
        if len(best) == 1:
            lines.append(line("explain.kozel.winner", seat=best[0].side, total=best[0].total))
    else:
        lines.append(line("explain.kozel.no_goat", limit=limit, top=max(after)))
    factors = {"terms": 2 * rnd.n, "total": max(after), "steps": 2 + (not goats)}
    return Draft(rnd.copy(), "kozel_goat", {}, lines, themes, factors, viewer=0,
                 trace={"result": result.to_dict(), "before": list(before), "after": list(after)})


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    if plan < 0.55:
        rnd = deal_round(rules, seed)
        finish(rnd, rng)
        if (rnd.result.kind == "block") != (plan < 0.3):
            return None  # plan < 0.3: a fish; otherwise a domino
        return _penalty_draft(rnd, rng, plan)
    rounds = play_match(rules, seed, rng)
    if plan < 0.7:
        near = [r for r in rounds[:-1] if max(totals_after(r)) >= rules.penalty_limit - 12]
        return _goat_draft(near[-1], final=False) if near else None
    return _goat_draft(rounds[-1], final=True)


SPEC = PuzzleType(
    name=NAME,
    kinds=KINDS,
    setups=tuple(setups("kozel", (2, 3, 4))),
    drills=("KZ-12", "KZ-13", "A-20", "A-22"),
    lessons=("kozel-fish", "kozel-penalties"),
    # Band cuts: the tertiles (quality.calibrate) of each kind's scores over seeds 40000-42999
    # (3000 puzzles, about 1,100-1,800 of each kind: python -m puzzles report --calibrate
    # --per-type 3000 --seed 40000), measured 2026-12-01; a puzzle's band uses its kind's cuts.
    # ``cuts``: the same over all the type's scores.
    cuts=(5.4, 6.8),
    kind_cuts={"kozel_penalty": (4.1, 5.5), "kozel_goat": (6.8, 7.8)},
    build=build,
    summary="Goat: the penalty each player takes, and who is the goat at 101",
)
