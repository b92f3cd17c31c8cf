"""``match``: after this round, who has won the match, and is it a shutout?

Round scores add up; the first side to reach the target wins (rules.md PT-14). Winning
while the other side is still at 0 is a shutout — op nul, pneu — worth honour only
(PT-13, A-15). Positions come from whole matches played by the engine. Kept: the round
that decides the match when it is a shutout, a comeback or a close finish, and rounds
that bring a side close to the target without reaching it (the match goes on).

>>> from puzzles import generate
>>> p = generate(NAME, 2, game="laplaza_partners", overlays=["target_150"])
>>> sorted(p.answer), p.answer["winner"] in (0, 1, "none")
(['shutout', 'winner'], True)
"""

from __future__ import annotations

from engine import Round, Rules, is_shutout, match_outcome

from ..play import play_match
from ..questions import totals_after
from .common import Draft, PuzzleType, line, setups

NAME = "match"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("match_winner",)


def _count_lines(rnd: Round) -> list:
    """Where this round's points come from (puzzle review 2026-12-05: "This round: Luis and
    Marco +23." alone does not show that the partner's pips count), as the round-score and
    block puzzles count them; nothing when points were also scored during play."""
    from .block_count import _points_line
    from .round_score import domino_count_lines

    result = rnd.result
    if rnd.rules.match_mode != "race" or any(result.in_play) or result.winner is None:
        return []
    if result.kind == "domino":
        lines = domino_count_lines(rnd)[0]
        if result.capicu_bonus:
            lines.append(line("explain.score.bonus", bonus=result.capicu_bonus, total=result.points[result.winner]))
        return lines
    if result.kind == "block":
        return _points_line(rnd)
    return []


def _draft(rnd: Round, final: bool) -> Draft | None:
    result = rnd.result
    rules = rnd.rules
    before = rnd.score
    after = totals_after(rnd)
    over, winner = match_outcome(rules, after, result)
    target = rules.target
    themes = ["match"]
    if final:
        if not over or winner is None:
            return None
        shutout = is_shutout(rules, after, winner)
        comeback = any(before[s] > before[winner] for s in range(len(before)) if s != winner)
        close = after[winner] - target < 10
        if not (shutout or comeback or close):
            return None
        themes += [name for name, on in (("shutout", shutout), ("comeback", comeback), ("close_finish", close)) if on]
    else:
        if over or max(after) < target - 15:
            return None
        themes.append("near_miss")
    lines = []
    if result.winner is None:
        lines.append(line("explain.match.round_tie"))
    else:
        lines.append(line("explain.match.round", side=result.winner, points=result.total[result.winner]))
        lines += _count_lines(rnd)
    for side in range(len(after)):
        lines.append(line("explain.match.total", side=side, before=before[side], points=result.total[side],
                          after=after[side]))
    if over:
        lines.append(line("explain.match.won", side=winner, total=after[winner], target=target))
        others = [after[s] for s in range(len(after)) if s != winner]
        # "the other side" in Partners; the other player, or every other player, otherwise
        two = rules.partnerships == "opposite" or len(after) == 2
        if is_shutout(rules, after, winner):
            key = "explain.match.shutout" if rules.partnerships == "opposite" else \
                "explain.match.shutout_player" if two else "explain.match.shutout_all"
            lines.append(line(key))
        else:
            key = "explain.match.no_shutout" if rules.partnerships == "opposite" else \
                "explain.match.no_shutout_player" if two else "explain.match.no_shutout_all"
            lines.append(line(key, points=max(others)))
    else:
        lines.append(line("explain.match.not_yet", target=target, top=max(after)))
    steps = 1 + sum(t in themes for t in ("shutout", "comeback", "close_finish", "near_miss"))
    factors = {"terms": 2 * len(after), "total": max(after), "steps": steps}
    return Draft(rnd.copy(), "match_winner", {}, lines, themes, factors, viewer=0,
                 trace={"result": result.to_dict(), "before": list(before), "after": list(after)})


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    rounds = play_match(rules, seed, rng)
    near = [r for r in rounds[:-1] if max(totals_after(r)) >= rules.target - 15]
    if plan < 0.3:
        if not near:
            return None
        return _draft(near[-1], final=False)
    return _draft(rounds[-1], final=True)


SPEC = PuzzleType(
    name=NAME,
    kinds=KINDS,
    setups=tuple(
        setups("laplaza_partners", (4,), (), ("target_kort_50",), ("target_150",))
        + setups("laplaza_1v1", (2,), (), ("target_kort_50",))
        + setups("draw", (2, 3)) + setups("block", (2, 3))
    ),
    drills=("PT-13", "PT-14", "BV-09", "DR-04", "A-15"),
    lessons=("partners-match",),
    # Band cuts: the tertiles (quality.calibrate) of the scores over seeds 10000-10999 (1000
    # puzzles: python -m puzzles report --calibrate --per-type 1000 --seed 10000), measured 2026-12-01.
    cuts=(6.2, 6.5),
    build=build,
    summary="who has won the match after this round, and whether it is a shutout",
)
