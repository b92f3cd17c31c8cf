"""Capicú's puzzles: generated from real rounds, proved by the engine, explained in four languages.

Pure Python on top of ``engine/``; every puzzle is deterministic from its id.

>>> from puzzles import generate, check, puzzle_dict, puzzle_from_id
>>> p = generate("next_leader", 7, game="laplaza_partners")
>>> p.id
'next_leader:laplaza_partners+fid:4:7'
>>> check(p, p.answer).correct
True
>>> puzzle_dict(puzzle_from_id(p.id), "pt")["answer"] == p.answer
True
"""

from .daily import daily_set, share_text
from .explain import LANGUAGES, puzzle_dict
from .generators import PUZZLE_TYPES, PuzzleType, Setup, kinds_of_type
from .model import BANDS, Difficulty, Puzzle, PuzzleError, PuzzleId, Question
from .pipeline import check, generate, practice_puzzle, puzzle_from_id
from .questions import KINDS, Verdict

__all__ = [
    "BANDS", "Difficulty", "KINDS", "LANGUAGES", "PUZZLE_TYPES", "Puzzle", "PuzzleError", "PuzzleId", "PuzzleType",
    "Question", "Setup", "Verdict", "check", "daily_set", "generate", "practice_puzzle", "puzzle_dict", "puzzle_from_id",
    "kinds_of_type", "share_text",
]
