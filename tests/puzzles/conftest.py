"""Shared puzzles for the puzzle tests: generated once per test session."""

from __future__ import annotations

import pytest

from puzzles import PUZZLE_TYPES, generate

#: Seeds swept for every puzzle type (with the game the seed picks).
SEEDS = range(24)


@pytest.fixture(scope="session")
def sweep() -> dict:
    """type -> puzzles for SEEDS, plus two puzzles for every setup the type declares."""
    out = {}
    for name, spec in PUZZLE_TYPES.items():
        puzzles = [generate(name, s) for s in SEEDS]
        for setup in spec.setups:
            puzzles += [generate(name, s, setup.preset, setup.players, setup.overlays) for s in (101, 202)]
        out[name] = puzzles
    return out


@pytest.fixture(scope="session")
def all_puzzles(sweep) -> list:
    return [p for puzzles in sweep.values() for p in puzzles]
