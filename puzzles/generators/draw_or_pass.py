"""``draw_or_pass``: nothing fits. What must you do now, and which tile do you end up playing?

The stock is shown top first, as the engine holds it. The answer follows the draw rule
(rules.md C-10, BV-05, KZ-09): draw one tile at a time, stop at the first that fits and
play it; pass only when nothing can be drawn. Kept when it takes the rule to answer:
the top tile does not fit, or the whole stock goes without a fit, or the stock is empty.

>>> from puzzles import generate
>>> p = generate(NAME, 2, game="laplaza_1v1")
>>> p.answer["first"] in ("draw", "pass"), "draw_rule" in p.themes
(True, True)
"""

from __future__ import annotations

from engine import DRAW_ACTION, PASS_ACTION, Round, Rules

from ..play import deal_round, walk
from ..questions import draw_trace
from .common import Draft, PuzzleType, line, setups

NAME = "draw_or_pass"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("draw_outcome",)


def _fresh_turn(rnd: Round) -> bool:
    """The player to move has not drawn yet this turn."""
    history = rnd.public_history()
    return not history or history[-1][0] != rnd.turn or history[-1][1] != DRAW_ACTION


def nothing_fits_line(hand: list[str], left: int, right: int):
    """The ends and the hand that fits neither: one number when both ends show it, one tile or more."""
    tiles = {"tile": hand[0]} if len(hand) == 1 else {"tiles": hand}
    if left == right:
        key = "explain.draw.nothing_fits_same_one" if len(hand) == 1 else "explain.draw.nothing_fits_same"
        return line(key, number=left, **tiles)
    key = "explain.draw.nothing_fits_one" if len(hand) == 1 else "explain.draw.nothing_fits"
    return line(key, left=left, right=right, **tiles)


def _draft(rnd: Round) -> Draft | None:
    legal = rnd.legal_actions()
    if legal not in ([DRAW_ACTION], [PASS_ACTION]) or not _fresh_turn(rnd) or rnd.ends is None:
        return None
    outcome, drawn = draw_trace(rnd)
    left, right = rnd.ends
    hand = [str(t) for t in rnd.hand(rnd.turn)]
    lines = [nothing_fits_line(hand, left, right)]
    themes = ["draw_rule"]
    if legal == [PASS_ACTION]:
        lines.append(line("explain.draw.stock_empty"))
        themes.append("stock_empty_pass")
        steps = 1
    else:
        if len(drawn) == 1 and outcome["plays"] is not None:
            return None  # the top tile fits: nothing to work out
        for n, tile in enumerate(drawn, 1):
            fits = outcome["plays"] == tile and n == len(drawn)
            lines.append(line("explain.draw.drawn_fits" if fits else "explain.draw.drawn_miss", n=n, tile=tile))
        if outcome["plays"] is None:
            lines.append(line("explain.draw.stock_out", count=len(drawn)))
            themes.append("draw_out_pass")
        else:
            themes.append("draw_several")
            below = [str(t) for t in rnd.stock[len(drawn):] if t.has(left) or t.has(right)]
            if below:
                lines.append(line("explain.draw.later_fit", tile=below[0]))
                themes.append("first_fit")
        steps = 1 + min(len(drawn), 6)
    factors = {"terms": 0, "total": 0, "steps": steps}
    return Draft(rnd.copy(), "draw_outcome", {}, lines, themes, factors, viewer=rnd.turn,
                 trace={"drawn": drawn, "outcome": outcome})


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    want = "stock_empty_pass" if plan < 0.2 else "draw_out_pass" if plan < 0.35 else "draw_several"
    rnd = deal_round(rules, seed)
    stop = rng.randint(1, 18)
    for i, state in enumerate(walk(rnd, rng)):
        if i >= stop:
            draft = _draft(state)
            if draft is not None and want in draft.themes:
                return draft
    return None


SPEC = PuzzleType(
    name=NAME,
    kinds=KINDS,
    setups=tuple(setups("laplaza_1v1", (2,)) + setups("draw", (2, 3, 4)) + setups("all_fives", (2, 3))
                 + setups("kozel", (2, 3))),
    drills=("C-09", "C-10", "C-11", "BV-05", "BV-07", "AF-08", "KZ-09", "KZ-10"),
    lessons=("1v1-draw-pile", "1v1-passing-blocking", "draw-game", "kozel-bazaar"),
    # Band cuts: the tertiles (quality.calibrate) of the scores over seeds 10000-10999 (1000
    # puzzles: python -m puzzles report --calibrate --per-type 1000 --seed 10000), measured 2026-12-01.
    cuts=(5.0, 6.0),
    build=build,
    summary="nothing fits: draw or pass, and which tile you end up playing",
)
