"""Puzzle values: the stable id, the question, the difficulty and the puzzle itself.

A puzzle id names everything needed to generate the puzzle again::

    TYPE:PRESET[+OVERLAY...]:PLAYERS:SEED

>>> pid = PuzzleId.parse("block_count:laplaza_partners+fid:4:1234")
>>> pid.ptype, pid.preset, pid.overlays, pid.players, pid.seed
('block_count', 'laplaza_partners', ('fid',), 4, 1234)
>>> str(pid)
'block_count:laplaza_partners+fid:4:1234'
>>> PuzzleId.parse("block_count:laplaza_partners:4")
Traceback (most recent call last):
...
puzzles.model.PuzzleError: bad puzzle id 'block_count:laplaza_partners:4': write TYPE:PRESET[+OVERLAY...]:PLAYERS:SEED
>>> band_of(3.9, (3.0, 6.0)), band_of(6.0, (3.0, 6.0))
('medium', 'hard')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from engine import OVERLAYS, Round, Rules
from engine.errors import quoted

BANDS = ("easy", "medium", "hard")
ID_FORMAT = "TYPE:PRESET[+OVERLAY...]:PLAYERS:SEED"
#: The longest seed an id may carry (generated ids have at most 10 digits; Python would
#: refuse to read more than 4,300 into an int).
MAX_SEED_DIGITS = 100
_DIGITS = re.compile(r"[0-9]+")
#: A type, game or overlay name: ASCII letters, digits and underscores.
_NAME = re.compile(r"[A-Za-z0-9_]{1,40}")


class PuzzleError(ValueError):
    """A bad puzzle id, type, game or option, or no puzzle found for a request."""


def ordered_overlays(overlays) -> tuple[str, ...]:
    """Overlays without repeats, in the order of rules.md §3.3, so one puzzle has one id.

    >>> ordered_overlays(["losing_side_only", "capicu_25", "capicu_25"])
    ('capicu_25', 'losing_side_only')
    """
    order = {name: i for i, name in enumerate(OVERLAYS)}
    unique = dict.fromkeys(overlays)
    return tuple(sorted(unique, key=lambda o: order.get(o, len(order))))


@dataclass(frozen=True)
class PuzzleId:
    ptype: str
    preset: str
    overlays: tuple[str, ...]
    players: int
    seed: int

    def __str__(self) -> str:
        rules = "+".join((self.preset, *self.overlays))
        return f"{self.ptype}:{rules}:{self.players}:{self.seed}"

    @staticmethod
    def parse(text: str) -> "PuzzleId":
        """Read an id; raises :class:`PuzzleError` with a plain message when it is malformed."""
        if not isinstance(text, str):
            raise PuzzleError(f"bad puzzle id {quoted(text)}: write {ID_FORMAT}")
        parts = text.strip().split(":")
        bad = PuzzleError(f"bad puzzle id {quoted(text)}: write {ID_FORMAT}")
        if len(parts) != 4 or not all(parts):
            raise bad
        ptype, rules, players, seed = parts
        # ASCII digits only: str.isdigit() accepts "²", which int() refuses, and "٣".
        if not (_DIGITS.fullmatch(players) and _DIGITS.fullmatch(seed)) or len(players) > 2:
            raise bad
        if not all(_NAME.fullmatch(name) for name in [ptype, *rules.split("+")]):
            raise bad
        if len(seed) > MAX_SEED_DIGITS:
            raise PuzzleError(f"bad puzzle id {quoted(text)}: the seed may have at most "
                              f"{MAX_SEED_DIGITS} digits")
        preset, *overlays = rules.split("+")
        if not preset or not all(overlays):
            raise bad
        return PuzzleId(ptype, preset, tuple(overlays), int(players), int(seed))


@dataclass(frozen=True)
class Difficulty:
    """How hard a puzzle is, measured from its position.

    ``factors``: ``choices`` (options or board targets to weigh), ``terms`` (numbers to
    add up), ``total`` (the size of the biggest sum) and ``steps`` (rules to chain).
    """

    score: float
    band: str
    factors: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"score": self.score, "band": self.band, "factors": dict(self.factors)}


def difficulty_score(choices: int = 1, terms: int = 0, total: int = 0, steps: int = 1) -> float:
    """One number for the work a puzzle asks: choose, add up, reason.

    >>> difficulty_score(choices=2, terms=0, total=0, steps=1)
    2.0
    >>> difficulty_score(choices=4, terms=8, total=60, steps=3)
    8.0
    """
    value = math.log2(max(choices, 1)) + 0.3 * terms + 0.01 * total + steps
    return round(value, 1)


def band_of(score: float, cuts: tuple[float, float]) -> str:
    if score < cuts[0]:
        return "easy"
    return "medium" if score < cuts[1] else "hard"


@dataclass(frozen=True)
class Question:
    kind: str
    params: Mapping[str, Any]
    text_key: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "params": dict(self.params), "text_key": self.text_key}


#: One explanation line: a text key of puzzles/text/<lang>.yaml and its params.
Line = tuple[str, Mapping[str, Any]]


@dataclass(frozen=True)
class Puzzle:
    """A generated puzzle: position, question, the engine's answer, explanation, tags.

    ``position`` is the engine notation (``position_to_dict``) without the round's
    result; ``viewer`` is the seat whose eyes the puzzle uses. ``trace`` keeps the
    engine facts the explanation was built from.
    """

    id: str
    ptype: str
    rules: Rules
    seed: int
    position: Mapping[str, Any]
    viewer: int
    question: Question
    answer: Any
    options: tuple
    explanation: tuple[Line, ...]
    difficulty: Difficulty
    themes: tuple[str, ...]
    trace: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def round(self) -> Round:
        """A fresh engine round of the position (the engine replays its history)."""
        from .play import load
        return load(dict(self.position))


__all__ = [
    "BANDS", "Difficulty", "ID_FORMAT", "Line", "Puzzle", "PuzzleError", "PuzzleId", "Question",
    "band_of", "difficulty_score", "ordered_overlays",
]
