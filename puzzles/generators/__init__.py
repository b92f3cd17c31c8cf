"""The puzzle types, one module each, and their registry ``PUZZLE_TYPES``.

>>> list(PUZZLE_TYPES)[:3]
['legal_moves', 'draw_or_pass', 'next_leader']
>>> PUZZLE_TYPES["block_count"].presets
('laplaza_partners', 'laplaza_1v1', 'draw', 'block')
>>> kinds_of_type("fives")
('fives_points', 'fives_best')
"""

from __future__ import annotations

from . import (
    best_move, block_count, draw_or_pass, fives, kozel, legal_moves, match, next_leader, reading, round_score,
    where_tile,
)
from .common import Draft, PuzzleType, Setup

PUZZLE_TYPES: dict[str, PuzzleType] = {
    module.SPEC.name: module.SPEC
    for module in (legal_moves, draw_or_pass, next_leader, block_count, round_score, fives, kozel, match, reading,
                   best_move, where_tile)
}

#: The strategy types: what is best to play, and where the hidden tiles are, from one seat's
#: view. The daily set asks one of them as its hardest puzzle on some days (puzzles.daily).
STRATEGY_TYPES: tuple[str, ...] = ("best_move", "where_tile")



def kinds_of_type(ptype: str) -> tuple[str, ...]:
    """The question kinds a puzzle type can produce: its module's static ``KINDS`` tuple.

    Declared by hand in each generator module (not measured), so a test can tell from a
    type name alone, e.g. from ``daily_plan(date)``, which kinds its puzzles may ask.
    """
    if ptype not in PUZZLE_TYPES:
        raise KeyError(f"unknown puzzle type {ptype!r}")
    return PUZZLE_TYPES[ptype].kinds


__all__ = ["Draft", "PUZZLE_TYPES", "PuzzleType", "STRATEGY_TYPES", "Setup", "kinds_of_type"]
