"""``fives``: All Fives. What does this play score, or which play scores most?

After every lead or placement the open ends are added up; a positive multiple of five
scores at once (rules.md AF-09). In the seed game each end counts once, a double
included; with ``all_fives_pagat`` a crosswise double at an end counts both halves
(A-02). A sum of 0 never scores (A-03). ``fives_best`` is kept only when one play alone
scores most and another play scores too; ``fives_points`` when the play scores what the
seed's plan asks (5, 10, or 15 and more), or (for about one seed in eight) looks as if it
would and scores nothing.

>>> from puzzles import generate
>>> p = generate(NAME, 2)
>>> p.question.kind in ("fives_points", "fives_best"), p.rules.preset_name
(True, 'all_fives')
"""

from __future__ import annotations

from engine import Action, Round, Rules, fives_points

from ..play import deal_round, walk
from ..questions import canonical, fives_score
from .common import Draft, PuzzleType, line, setups

NAME = "fives"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("fives_points", "fives_best")


def after_play(rnd: Round, action: Action) -> tuple[list[int], int, Round]:
    """The end values as they count after ``action``, their sum, and the round after it."""
    trial = rnd.copy()
    trial.apply(action)
    left, right = trial.ends
    terms = [left, right]
    if rnd.rules.double_end_value == "both_halves" and len(trial.line) > 1:
        first, last = trial.line[0], trial.line[-1]
        terms = ([left, left] if first[0] == first[1] else [left]) + ([right, right] if last[0] == last[1] else [right])
    return terms, sum(terms), trial


def _double_counts_once(rnd: Round, trial: Round) -> bool:
    """At a table where a double at an end counts once, a double lies at an open end after
    the play and the other rule (both halves, "Muggins") would score otherwise: the
    explanation must say which rule counts (puzzle review 2026-12-05)."""
    if rnd.rules.double_end_value == "both_halves":
        return False
    return fives_points(trial.line, trial.left, trial.right, True) != \
        fives_points(trial.line, trial.left, trial.right, False)


def _score_lines(rnd: Round, action: Action) -> tuple[list, list[str]]:
    terms, total, trial = after_play(rnd, action)
    points = fives_score(rnd, action)
    left, right = trial.ends
    lines = [line("explain.fives.after", action=str(action), left=left, right=right)]
    themes = []
    if len(terms) > 2:
        lines.append(line("explain.fives.double_end"))
        themes.append("double_end")
    elif _double_counts_once(rnd, trial):
        lines.append(line("explain.fives.double_once"))  # no new theme: the puzzle's band stays as measured
    if total == 0:
        lines.append(line("explain.fives.zero"))
        themes.append("zero_sum")
    elif points:
        lines.append(line("explain.fives.scores", terms=terms, total=total, points=points))
    else:
        lines.append(line("explain.fives.no_score", terms=terms, total=total))
        themes.append("no_score")
    return lines, themes


def _tempting(rnd: Round, action: Action) -> bool:
    """A play that does not score but looks as if it might."""
    terms, total, trial = after_play(rnd, action)
    other = fives_points(trial.line, trial.left, trial.right, rnd.rules.double_end_value != "both_halves")
    return other > 0 or action.tile.pips % 5 == 0 or total == 0


#: Plans from this value up ask about a play that scores nothing (about an eighth of the
#: "what does it score" puzzles): a 0 answer stays a real possibility, never the usual one.
ZERO_PLAN = 0.93
#: The score a "what does it score" plan asks for, by plan (below ZERO_PLAN), so that the
#: common 5 is not the answer most of the time: 5 or 10 when each end counts once (two
#: ends make 12 at most), 5, 10, or 15 and more when a double at an end counts twice.
_TARGETS = {"single": ((0.69, 5), (ZERO_PLAN, 10)), "both_halves": ((0.62, 5), (0.78, 10), (ZERO_PLAN, 15))}


def _target(rules: Rules, plan: float) -> int:
    targets = _TARGETS["both_halves" if rules.double_end_value == "both_halves" else "single"]
    return next((value for limit, value in targets if plan < limit), 0)


def _points_draft(rnd: Round, moves: list[Action], rng, target: int) -> Draft | None:
    if target:  # a play scoring the target (15: 15 or more)
        pool = [a for a in moves if fives_score(rnd, a) == target or target == 15 and fives_score(rnd, a) > 15]
    else:
        pool = [a for a in moves if not fives_score(rnd, a) and _tempting(rnd, a)]
    if not pool:
        return None
    action = pool[int(rng.random() * len(pool))]
    lines, themes = _score_lines(rnd, action)
    themes = ["fives"] + themes + (["lead_scores"] if action.kind == "lead" else [])
    terms, total, _ = after_play(rnd, action)
    factors = {"terms": len(terms), "total": total, "steps": 1 + len(themes) - 1}
    return Draft(rnd.copy(), "fives_points", {"action": str(action)}, lines, themes, factors, viewer=rnd.turn)


def _best_draft(rnd: Round, moves: list[Action]) -> Draft | None:
    scores = [(fives_score(rnd, a), a) for a in moves]
    best = max(s for s, _ in scores)
    winners = [a for s, a in scores if s == best]
    scoring = [a for s, a in scores if s]
    if best == 0 or len(winners) != 1 or len(scoring) < 2:
        return None  # two plays or more score: "which scores most", not "which one scores"
    lines = []
    themes = ["fives", "best_play"]
    rule = None  # the table's double rule, said once when a double at an end changes a sum
    for points, action in scores:
        terms, total, trial = after_play(rnd, action)
        lines.append(line("explain.fives.option", action=str(action), terms=terms, total=total, points=points))
        if len(terms) > 2:
            rule = "explain.fives.double_end"
        elif _double_counts_once(rnd, trial):
            rule = rule or "explain.fives.double_once"
    if rule is not None:
        lines.append(line(rule))
    if rule == "explain.fives.double_end":
        themes.append("double_end")
    lines.append(line("explain.fives.best", action=str(winners[0]), points=best))
    if len(scoring) >= 2:
        themes.append("several_score")
    factors = {"choices": len(rnd.hand(rnd.turn)) * (1 if rnd.ends is None else 2), "terms": 2 * len(moves),
               "total": best, "steps": 1 + (len(scoring) >= 2)}
    return Draft(rnd.copy(), "fives_best", {}, lines, themes, factors, viewer=rnd.turn)


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    rnd = deal_round(rules, seed)
    best = plan < 0.45
    stop = rng.randint(0, 16)
    for i, state in enumerate(walk(rnd, rng)):
        if i < stop:
            continue
        moves = [canonical(state, a) for a in state.canonical_actions() if a.is_placement]
        if len(moves) < 2:
            continue
        draft = _best_draft(state, moves) if best else _points_draft(state, moves, rng, _target(rules, plan))
        if draft is not None or i > stop + (6 if best else 12):
            return draft
    return None


SPEC = PuzzleType(
    name=NAME,
    kinds=KINDS,
    setups=tuple(setups("all_fives", (2, 3, 4)) + setups("all_fives", (2, 3), ("all_fives_pagat",))),
    drills=("AF-09", "A-02", "A-03"),
    lessons=("allfives-scoring",),
    # Band cuts: the tertiles (quality.calibrate) of each kind's scores over seeds 40000-42999
    # (3000 puzzles, about 1,100-1,800 of each kind: python -m puzzles report --calibrate
    # --per-type 3000 --seed 40000), measured 2026-12-01; a puzzle's band uses its kind's cuts.
    # ``cuts``: the same over all the type's scores.
    cuts=(4.6, 7.1),
    kind_cuts={"fives_points": (3.7, 4.6), "fives_best": (7.3, 8.4)},
    build=build,
    summary="All Fives: what a play scores, and which play scores most",
)
