"""Shared helpers: a fresh database file per test, and attempts made in one line."""

from __future__ import annotations

import itertools
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from progress import Attempt, NullStore, Store, open_store

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


@pytest.fixture(scope="session")
def postgres_base():
    """One throwaway PostgreSQL server per test process (tests/support/postgres.py), the
    same one however many modules import this fixture."""
    from tests.support.postgres import shared_server

    return shared_server()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path: Path) -> str:
    """Every store test runs on SQLite and on a real PostgreSQL (a fresh database each,
    on PostgreSQL a copy of one that has the schema: tests/support/postgres.py)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'progress' / 'capicu.sqlite3'}"
        return
    if "db_path" in request.fixturenames:
        pytest.skip("this test looks at the SQLite file itself")
    from tests.support.postgres import database_with_schema, drop_database

    url = database_with_schema(request.getfixturevalue("postgres_base"))
    yield url
    drop_database(url)


@pytest.fixture(params=["saved", "memory"])
def saved_or_memory(request, db_url):
    """A saved store (SQLite and PostgreSQL: ``db_url``) and the memory fallback, which
    runs once, not once per database."""
    if request.param == "memory":
        if "postgresql" in db_url:
            pytest.skip("one memory run is enough")
        yield NullStore()
        return
    with open_store(db_url) as s:
        yield s


@pytest.fixture
def store(db_url: str) -> Store:
    opened = open_store(db_url)
    yield opened
    opened.close()
