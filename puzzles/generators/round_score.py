"""``round_score``: a player went out. How many points does the winning side score?

Scored by the engine with the table's options: every pip left in the hands, the
partner's included (La Plaza); only the losing side's (``losing_side_only``); a capicú
bonus (``capicu_25`` / ``capicu_30``); rounding to five (``all_fives_pagat``). Stock and
sleeping tiles never score. Kept only when the rule it drills changes the number: each
scoring overlay is replayed away by the engine and must give another total, and for a
plain table the count must differ from a tempting wrong one (partner's pips left out,
stock or sleeping tiles counted).

>>> from puzzles import generate
>>> p = generate(NAME, 9, game="laplaza_partners", overlays=["capicu_30"])
>>> result = p.round().result
>>> result.capicu, p.answer == result.points[result.winner], result.capicu_bonus
(True, True, 30)
"""

from __future__ import annotations

from engine import Round, Rules

from ..play import deal_round, finish, under
from .common import Draft, PuzzleType, ends_before_last, hand_line, is_partners, last_placement, line, setups

NAME = "round_score"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("round_points",)

#: overlay -> the options that undo it (replayed by the engine to prove it matters)
_WITHOUT = {
    "losing_side_only": {"domino_points": "all_hands"},
    "capicu_25": {"capicu_bonus": 0},
    "capicu_30": {"capicu_bonus": 0},
    "all_fives_pagat": {"end_rounding": "none"},
}


def _points(rnd: Round) -> int:
    result = rnd.result
    return result.points[result.winner]


def _drills_matter(rnd: Round) -> bool:
    """Each scoring overlay changes the points, and a plain table has a tempting wrong count."""
    base = _points(rnd)
    scoring = [o for o in rnd.rules.overlays if o in _WITHOUT]
    for overlay in scoring:
        if _points(under(rnd, **_WITHOUT[overlay])) == base:
            return False
    if scoring:
        return True
    if is_partners(rnd):
        partner = (rnd.result.out_seat + 2) % 4
        return rnd.pips(partner) > 0
    if rnd.rules.stock_mode == "sleeping":
        return True
    return sum(t.pips for t in rnd.stock) > 0


def domino_count_lines(rnd: Round) -> tuple[list, list[str]]:
    """How a domino's points are counted, before any capicú bonus: every other hand's pips,
    the sum the table counts and its rounding; with the themes they drill."""
    result, rules = rnd.result, rnd.rules
    seat, winner = result.out_seat, result.winner
    others = [s for s in range(rnd.n) if s != seat]
    lines, themes = [hand_line(rnd, s) for s in others], []
    if rules.domino_points == "losing_side_only" and is_partners(rnd):
        counted = [s for s in others if rules.side_of(s) != winner]
        lines.append(line("explain.points.domino_losing_side", terms=[rnd.pips(s) for s in counted],
                          total=sum(rnd.pips(s) for s in counted)))
        themes.append("losing_side_only")
    elif is_partners(rnd):
        lines.append(line("explain.points.domino_all", terms=[rnd.pips(s) for s in others],
                          total=sum(rnd.pips(s) for s in others)))
        themes.append("partner_pips")
    else:
        lines.append(line("explain.points.domino_others", terms=[rnd.pips(s) for s in others],
                          total=sum(rnd.pips(s) for s in others)))
    raw = result.detail.get("raw_points")
    if raw is not None:
        lines.append(line("explain.score.rounded", raw=raw, total=result.points[winner] - result.capicu_bonus))
        themes.append("rounding")
    return lines, themes


def _draft(rnd: Round) -> Draft | None:
    result = rnd.result
    if result.kind != "domino" or rnd.rules.match_mode != "race" or not _drills_matter(rnd):
        return None
    rules = rnd.rules
    winner = result.winner
    seat, tile = last_placement(rnd)
    lines = [line("explain.score.domino", seat=seat, tile=tile)]
    themes = ["domino"]
    steps = 1
    if result.capicu:
        left, right = ends_before_last(rnd)
        lines.append(line("explain.score.capicu", tile=tile, left=left, right=right))
        themes.append("capicu")
    others = [s for s in range(rnd.n) if s != seat]
    count_lines, count_themes = domino_count_lines(rnd)
    lines += count_lines
    themes += count_themes
    steps += len(count_themes)
    if result.capicu_bonus:
        lines.append(line("explain.score.bonus", bonus=result.capicu_bonus, total=result.points[winner]))
        themes.append("capicu_bonus")
        steps += 1
    elif result.capicu:
        lines.append(line("explain.score.no_bonus"))
    if rules.can_draw and rnd.stock:
        lines.append(line("explain.score.stock_never", count=len(rnd.stock), pips=sum(t.pips for t in rnd.stock)))
        themes.append("stock_never_scores")
        steps += 1
    elif rules.stock_mode == "sleeping":
        lines.append(line("explain.score.sleeping_never", count=bin(rnd.sleeping).count("1")))
        themes.append("sleeping_tiles")
        steps += 1
    factors = {"terms": sum(len(rnd.hand(s)) for s in others), "total": result.points[winner], "steps": steps}
    return Draft(rnd.copy(), "round_points", {}, lines, themes, factors, viewer=0,
                 trace={"result": result.to_dict()})


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    rnd = deal_round(rules, seed)
    finish(rnd, rng)
    return _draft(rnd)


SPEC = PuzzleType(
    name=NAME,
    kinds=KINDS,
    setups=tuple(
        setups("laplaza_partners", (4,), (), ("losing_side_only",), ("capicu_25",), ("capicu_30",),
               ("capicu_25", "losing_side_only"))
        + setups("laplaza_1v1", (2,), (), ("capicu_25",), ("capicu_30",))
        + setups("draw", (2, 3, 4)) + setups("block", (3, 4)) + setups("all_fives", (2, 3), ("all_fives_pagat",))
    ),
    drills=("C-16", "PT-09", "PT-12", "BV-06", "DR-02", "A-04", "A-14", "A-31"),
    lessons=("partners-going-out", "partners-counting", "partners-capicu", "1v1-draw-pile", "draw-game",
             "block-game", "allfives-end-of-hand"),
    # Band cuts: the tertiles (quality.calibrate) of the scores over seeds 10000-10999 (1000
    # puzzles: python -m puzzles report --calibrate --per-type 1000 --seed 10000), measured 2026-12-01.
    cuts=(5.4, 6.3),
    build=build,
    summary="score the round after a domino, with the table's options",
)
