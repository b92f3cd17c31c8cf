"""The puzzle types, one module each, and their registry ``PUZZLE_TYPES``.

>>> list(PUZZLE_TYPES)[:3]
['legal_moves', 'draw_or_pass', 'next_leader']
>>> PUZZLE_TYPES["block_count"].presets
('laplaza_partners', 'laplaza_1v1', 'draw', 'block')
"""

from __future__ import annotations

from . import block_count, draw_or_pass, fives, kozel, legal_moves, match, next_leader, reading, round_score
from .common import Draft, PuzzleType, Setup

PUZZLE_TYPES: dict[str, PuzzleType] = {
    module.SPEC.name: module.SPEC
    for module in (legal_moves, draw_or_pass, next_leader, block_count, round_score, fives, kozel, match, reading)
}

__all__ = ["Draft", "PUZZLE_TYPES", "PuzzleType", "Setup"]
