"""Shared helpers: a fresh database file per test, and attempts made in one line."""

from __future__ import annotations

import itertools
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from progress import Attempt, Store, open_store

_serial = itertools.count(1)


def attempt(
    day: date,
    kind: str = "count_points",
    correct: bool = True,
    *,
    daily: date | None = None,
    puzzle: str | None = None,
    game: str = "all_fives",
    ms: int = 1000,
    at: datetime | None = None,
) -> Attempt:
    """An attempt on ``day``; a unique puzzle id and a timestamp at noon UTC of that day,
    plus a serial number of microseconds so the order of creation is the order in time."""
    n = next(_serial)
    moment = at or datetime(day.year, day.month, day.day, 12, tzinfo=timezone.utc).replace(microsecond=n % 1_000_000)
    return Attempt(puzzle or f"{kind}-{n}", kind, game, correct, ms, day, daily, moment)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "progress" / "capicu.sqlite3"


@pytest.fixture
def db_url(db_path: Path) -> str:
    return f"sqlite:///{db_path}"


@pytest.fixture
def store(db_url: str) -> Store:
    opened = open_store(db_url)
    yield opened
    opened.close()
