"""``legal_moves``: select every legal move (each tile on each end, or draw, or pass).

The answer is the engine's canonical action set: with equal ends a tile laid left or
right gives the same line, so it is one move (rules.md C-08, A-27). A position is kept
when the set takes thought: some tile does not fit, or nothing fits, or the lead is
forced, or a drawn tile must be played. A position with a single legal placement is not
kept (a forced lead, draw or pass is the point of its own puzzle), nor a two-tile hand
with something to place.

>>> from puzzles import generate
>>> p = generate(NAME, 3, game="laplaza_partners")
>>> p.question.kind, p.answer == [str(a) for a in p.round().canonical_actions()]
('legal_moves', True)
"""

from __future__ import annotations

from engine import DRAW_ACTION, PASS_ACTION, Round, Rules

from ..play import deal_round, walk
from .common import Draft, PuzzleType, line, setups

NAME = "legal_moves"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("legal_moves",)


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


def no_fit_line(tiles: list[str], left: int, right: int):
    """Why these tiles stay in the hand: one number when both ends show it, one tile or more."""
    one = len(tiles) == 1
    if left == right:
        key = "explain.legal.no_fit_same_one" if one else "explain.legal.no_fit_same"
        return line(key, tile=tiles[0], number=left) if one else line(key, tiles=tiles, number=left)
    key = "explain.legal.no_fit_one" if one else "explain.legal.no_fit"
    return line(key, tile=tiles[0], left=left, right=right) if one else line(key, tiles=tiles, left=left, right=right)


def _draft(rnd: Round) -> Draft | None:
    seat = rnd.turn
    hand = rnd.hand(seat)
    legal = rnd.canonical_actions()
    forced = legal in ([DRAW_ACTION], [PASS_ACTION])
    if len(hand) < (2 if forced else 3):
        return None  # a two-tile hand leaves little to select
    if len(legal) == 1 and not forced and rnd.ends is not None:
        return None  # one legal placement: any tile that fits is the whole answer
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
            lines.append(no_fit_line(none, left, right))
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


#: The plan's share of forced leads (where the table has one), then of a forced draw or
#: pass; the other plans ask about a position with tiles to place.
LEAD_PLAN, FORCED_PLAN = 0.12, 0.30


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    rnd = deal_round(rules, seed)
    lead_moment = rnd.forced_lead >= 0 and plan < LEAD_PLAN
    forced = LEAD_PLAN <= plan < FORCED_PLAN  # nothing fits: the only move is to draw or pass
    stop = 0 if lead_moment else rng.randint(1, 24)
    for i, state in enumerate(walk(rnd, rng)):
        if i >= stop:
            draft = _draft(state)
            if draft is not None and (lead_moment or forced == bool({"must_draw", "must_pass"} & set(draft.themes))):
                return draft
            if lead_moment or (i >= stop + 8 and not forced):
                return None
    return None


SPEC = PuzzleType(
    name=NAME,
    kinds=KINDS,
    setups=tuple(
        setups("laplaza_partners", (4,)) + setups("laplaza_1v1", (2,)) + setups("all_fives", (2, 3, 4))
        + setups("draw", (2, 3, 4)) + setups("block", (2, 3, 4)) + setups("kozel", (2, 3, 4))
    ),
    drills=("C-02", "C-03", "C-05", "C-06", "C-08", "C-09", "C-10", "C-11", "A-27", "PT-04", "KZ-05"),
    lessons=("partners-laying", "partners-doubles", "partners-passing", "1v1-draw-pile", "kozel-first-lead",
             "kozel-bazaar"),
    # Band cuts: the tertiles (quality.calibrate) of the scores over seeds 10000-10999 (1000
    # puzzles: python -m puzzles report --calibrate --per-type 1000 --seed 10000), measured 2026-12-01.
    cuts=(5.0, 5.6),
    build=build,
    summary="find every legal move: each tile on each end where it fits, or draw, or pass",
)
