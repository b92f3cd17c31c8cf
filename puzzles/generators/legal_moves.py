"""``legal_moves``: select every legal move (each tile on each end, or draw, or pass).

The answer is the engine's canonical action set: with equal ends a tile laid left or
right gives the same line, so it is one move (rules.md C-08, A-27). A position is kept
when the set takes thought: some tile does not fit, or nothing fits, or the lead is
forced, or a drawn tile must be played.

>>> from puzzles import generate
>>> p = generate(NAME, 3, game="laplaza_partners")
>>> p.question.kind, p.answer == [str(a) for a in p.round().canonical_actions()]
('legal_moves', True)
"""

from __future__ import annotations

from engine import DRAW_ACTION, Round, Rules

from ..play import deal_round, walk
from .common import Draft, PuzzleType, line, setups

NAME = "legal_moves"


def _tile_lines(rnd: Round) -> tuple[list, list[str], int]:
    """One line per hand tile (how it fits), the tiles that fit nowhere, and two-way tiles."""
    left, right = rnd.ends
    lines = []
    none = []
    both = 0
    for tile in rnd.hand(rnd.turn):
        fits_left, fits_right = tile.has(left), tile.has(right)
        if fits_left and fits_right:
            if left == right:
                lines.append(line("explain.legal.fits_same", tile=str(tile), number=left))
            else:
                both += 1
                lines.append(line("explain.legal.fits_both", tile=str(tile), left=left, right=right))
        elif fits_left:
            lines.append(line("explain.legal.fits_left", tile=str(tile), number=left))
        elif fits_right:
            lines.append(line("explain.legal.fits_right", tile=str(tile), number=right))
        else:
            none.append(str(tile))
    return lines, none, both


def _draft(rnd: Round) -> Draft | None:
    seat = rnd.turn
    hand = rnd.hand(seat)
    if len(hand) < 2:
        return None
    legal = rnd.canonical_actions()
    history = rnd.public_history()
    just_drew = bool(history) and history[-1][0] == seat and history[-1][1] == DRAW_ACTION
    lines = []
    themes = ["legal_moves"]
    steps = 1
    if rnd.ends is None:
        if rnd.forced_lead < 0:
            return None
        tile = str(legal[0].tile)
        key = "explain.legal.lead_priority" if rnd.rules.preset_name == "kozel" else "explain.legal.lead_66"
        lines.append(line(key, tile=tile))
        themes.append("forced_lead")
        steps += 1
        none: list[str] = []
        both = 0
    else:
        left, right = rnd.ends
        lines.append(line("explain.legal.ends_equal", number=left) if left == right
                     else line("explain.legal.ends", left=left, right=right))
        tile_lines, none, both = _tile_lines(rnd)
        lines += tile_lines
        if none:
            lines.append(line("explain.legal.no_fit", tiles=none, left=left, right=right))
        placements = [a for a in legal if a.is_placement]
        if just_drew and placements:
            lines.append(line("explain.legal.drawn", tile=str(placements[0].tile)))
            themes.append("drawn_tile")
            steps += 1
        elif not placements:
            if legal[0] == DRAW_ACTION:
                lines.append(line("explain.legal.must_draw", count=rnd.drawable))
                themes.append("must_draw")
            else:
                lines.append(line("explain.legal.must_pass"))
                themes.append("must_pass")
            steps += 1
        elif not none and not both and left != right:
            return None  # every tile fits exactly one way: nothing to sort out
        if left == right:
            themes.append("equal_ends")
            steps += 1
        if both:
            themes.append("fits_both")
            steps += 1
        if any(t.is_double and (t.has(left) or t.has(right)) for t in hand):
            themes.append("double")  # a double goes crosswise, on its own number only
    lines.append(line("explain.legal.count", count=len(legal)))
    board_targets = len(hand) * (1 if rnd.ends is None else 2)
    factors = {"choices": board_targets, "terms": 0, "total": 0, "steps": steps + len(legal) // 2}
    return Draft(rnd.copy(), "legal_moves", {}, lines, themes, factors, viewer=seat)


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    rnd = deal_round(rules, seed)
    lead_moment = rnd.forced_lead >= 0 and plan < 0.12
    stop = 0 if lead_moment else rng.randint(1, 24)
    for i, state in enumerate(walk(rnd, rng)):
        if i >= stop:
            draft = _draft(state)
            if draft is not None:
                return draft
            if i >= stop + 8 or lead_moment:
                return None
    return None


SPEC = PuzzleType(
    name=NAME,
    kinds=("legal_moves",),
    setups=tuple(
        setups("laplaza_partners", (4,)) + setups("laplaza_1v1", (2,)) + setups("all_fives", (2, 3, 4))
        + setups("draw", (2, 3, 4)) + setups("block", (2, 3, 4)) + setups("kozel", (2, 3, 4))
    ),
    drills=("C-02", "C-03", "C-05", "C-06", "C-08", "C-09", "C-10", "C-11", "A-27", "PT-04", "KZ-05"),
    lessons=("partners-laying", "partners-doubles", "partners-passing", "1v1-draw-pile", "kozel-first-lead",
             "kozel-bazaar"),
    cuts=(4.6, 5.5),
    build=build,
    summary="find every legal move: each tile on each end where it fits, or draw, or pass",
)
