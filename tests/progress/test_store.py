"""Saving and reading back: profiles, attempts, lessons, daily results, configuration."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from progress import (
    ATTEMPT_COLUMNS,
    Attempt,
    NullStore,
    ProfileError,
    Store,
    clean_name,
    database_url,
    name_key,
    open_store,
)
from storage.database import DEFAULT_PATH, REPO_ROOT

from .conftest import attempt

DAY = date(2026, 11, 29)


def test_a_missing_folder_is_created(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "capicu.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        assert store.saving and store.problem is None
        assert store.profiles() == []
    assert path.is_file() and path.read_bytes().startswith(b"SQLite format 3\x00")


@pytest.mark.smoke
def test_an_attempt_round_trips_every_field(store: Store) -> None:
    ana = store.create_profile("Ana")
    at = datetime(2026, 11, 29, 23, 30, tzinfo=timezone(timedelta(hours=-4)))  # already 30 Nov in UTC
    store.record_attempt(ana.id, Attempt("2026-11-29/2", "block_or_play", "laplaza_1v1", False, 12345, DAY, DAY, at))
    df = store.attempts(ana.id)
    assert list(df.columns) == list(ATTEMPT_COLUMNS)
    assert {c: str(t) for c, t in df.dtypes.items()} == ATTEMPT_COLUMNS
    row = df.iloc[0]
    assert row["puzzle_id"] == "2026-11-29/2"
    assert row["puzzle_type"] == "block_or_play"
    assert row["game"] == "laplaza_1v1"
    assert not row["correct"]
    assert row["time_ms"] == 12345
    assert row["day"].date() == DAY  # the player's local date, as given
    assert row["daily"].date() == DAY
    assert row["at"] == pd.Timestamp("2026-11-30 03:30", tz="UTC")


def test_attempts_are_per_profile_and_oldest_first(store: Store) -> None:
    ana, bo = store.create_profile("Ana"), store.create_profile("Bo")
    late = attempt(DAY, puzzle="late")
    early = attempt(DAY - timedelta(days=3), puzzle="early")
    store.record_attempt(ana.id, late)
    store.record_attempt(ana.id, early)
    store.record_attempt(bo.id, attempt(DAY, puzzle="bo's"))
    assert store.attempts(ana.id)["puzzle_id"].tolist() == ["early", "late"]
    assert store.attempts(bo.id)["puzzle_id"].tolist() == ["bo's"]


@pytest.mark.smoke
def test_a_new_profile_has_an_empty_table_with_the_right_columns(store: Store) -> None:
    cleo = store.create_profile("Cleo")
    df = store.attempts(cleo.id)
    assert df.empty and {c: str(t) for c, t in df.dtypes.items()} == ATTEMPT_COLUMNS
    assert store.lessons_done(cleo.id) == set()
    assert store.daily_results(cleo.id) == {}


@pytest.mark.smoke
def test_data_survives_closing_and_reopening(db_url: str) -> None:
    with open_store(db_url) as store:
        ana = store.create_profile("Ana")
        store.record_attempt(ana.id, attempt(DAY))
        store.mark_lesson_done(ana.id, "partners-laying", DAY)
    with open_store(db_url) as store:
        assert [p.name for p in store.profiles()] == ["Ana"]
        assert len(store.attempts(ana.id)) == 1
        assert store.lessons_done(ana.id) == {"partners-laying"}


@pytest.mark.smoke
def test_lessons_done_keep_their_first_date(store: Store) -> None:
    ana = store.create_profile("Ana")
    store.mark_lesson_done(ana.id, "partners-laying", DAY)
    store.mark_lesson_done(ana.id, "partners-laying", DAY + timedelta(days=5))
    store.mark_lesson_done(ana.id, "all-fives-scoring", DAY + timedelta(days=1))
    assert store.lessons_done(ana.id) == {"partners-laying", "all-fives-scoring"}
    assert store.lessons_done_on(ana.id)["partners-laying"] == DAY


@pytest.mark.smoke
def test_daily_results_keep_the_first_try_of_each_puzzle(store: Store) -> None:
    ana = store.create_profile("Ana")
    other = DAY - timedelta(days=1)
    for a in [
        attempt(DAY, correct=False, daily=DAY, puzzle="d1"),
        attempt(DAY, correct=True, daily=DAY, puzzle="d1"),  # a retry: does not change d1
        attempt(DAY, correct=True, daily=DAY, puzzle="d2"),
        attempt(DAY, correct=True, puzzle="practice"),
        attempt(DAY, correct=True, daily=other, puzzle="y1"),  # yesterday's set, caught up today
    ]:
        store.record_attempt(ana.id, a)
    assert store.daily_results(ana.id) == {other: [True], DAY: [False, True]}


def test_unknown_profiles_are_refused(store: Store) -> None:
    with pytest.raises(ProfileError) as caught:
        store.record_attempt(999, attempt(DAY))
    assert caught.value.code == "unknown_profile"
    with pytest.raises(ProfileError):
        store.mark_lesson_done(999, "partners-laying", DAY)


# --- profile names ------------------------------------------------------------------


def test_profiles_are_listed_by_name(store: Store) -> None:
    for name in ["bo", "Ana", "Cleo"]:
        store.create_profile(name)
    assert [p.name for p in store.profiles()] == ["Ana", "bo", "Cleo"]


@pytest.mark.smoke
@pytest.mark.parametrize("second", ["ana", "ANA", "  Ana  ", "aNA"])
def test_names_are_unique_ignoring_case_and_spaces(store: Store, second: str) -> None:
    store.create_profile("Ana")
    with pytest.raises(ProfileError) as caught:
        store.create_profile(second)
    assert caught.value.code == "name_taken"
    assert len(store.profiles()) == 1


def test_names_typed_in_two_unicode_forms_are_one_name(store: Store) -> None:
    store.create_profile("Jos\u00e9")  # é as one character
    with pytest.raises(ProfileError):
        store.create_profile("JOSE\u0301")  # E + combining accent


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("", "name_empty"),
        ("   ", "name_empty"),
        ("x" * 41, "name_too_long"),
        ("ana\nbo", "name_control"),
        ("ana\x00", "name_control"),
        ("a\tb", "name_control"),
        ("\u202eevil", "name_control"),
        ("a\u2028b", "name_control"),
    ],
)
def test_bad_names_are_refused_with_a_code(store: Store, name: str, code: str) -> None:
    with pytest.raises(ProfileError) as caught:
        store.create_profile(name)
    assert caught.value.code == code
    assert store.profiles() == []


def test_names_are_trimmed_and_forty_characters_fit(store: Store) -> None:
    assert store.create_profile("  Ana   María  ").name == "Ana María"
    assert store.create_profile("y" * 40).name == "y" * 40
    assert store.create_profile("🁣 dominó").name == "🁣 dominó"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_clean_name_either_refuses_or_gives_a_valid_stable_name(text: str) -> None:
    try:
        name = clean_name(text)
    except ProfileError as error:
        assert error.code in {"name_empty", "name_too_long", "name_control", "name_invisible"}
        return
    assert 1 <= len(name) <= 40 and name == name.strip()
    assert clean_name(name) == name and name_key(name) == name_key(name.upper().lower())


# --- attempts are checked before saving ---------------------------------------------


@pytest.mark.parametrize(
    "change",
    [
        {"puzzle_id": ""},
        {"correct": 1},
        {"time_ms": -1},
        {"time_ms": 1.5},
        {"day": datetime(2026, 11, 29, 10)},
        {"day": "2026-11-29"},
        {"daily": "2026-11-29"},
        {"game": "x" * 101},
    ],
)
def test_malformed_attempts_are_refused(change: dict) -> None:
    fields = dict(puzzle_id="p", puzzle_type="t", game="g", correct=True, time_ms=1, day=DAY)
    with pytest.raises(ValueError):
        Attempt(**{**fields, **change})


def test_a_naive_timestamp_is_read_as_local_time() -> None:
    naive = datetime(2026, 11, 29, 12, 0)
    assert Attempt("p", "t", "g", True, 1, DAY, at=naive).at == naive.astimezone(timezone.utc)


# --- configuration -------------------------------------------------------------------


def test_the_url_comes_from_the_environment_in_order(tmp_path: Path) -> None:
    assert database_url({}) == f"sqlite:///{DEFAULT_PATH}"
    assert DEFAULT_PATH == REPO_ROOT / "data" / "capicu.sqlite3"
    assert database_url({"CAPICU_DB_PATH": str(tmp_path / "x.db")}) == f"sqlite:///{tmp_path / 'x.db'}"
    both = {"CAPICU_DB_PATH": str(tmp_path / "x.db"), "CAPICU_DB_URL": "postgresql+psycopg://u@h/db"}
    assert database_url(both) == "postgresql+psycopg://u@h/db"
    assert database_url({"CAPICU_DB_URL": "  ", "CAPICU_DB_PATH": ""}) == f"sqlite:///{DEFAULT_PATH}"


def test_open_store_reads_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CAPICU_DB_URL", raising=False)
    monkeypatch.setenv("CAPICU_DB_PATH", str(tmp_path / "env" / "p.sqlite3"))
    with open_store() as store:
        store.create_profile("Env")
    assert (tmp_path / "env" / "p.sqlite3").is_file()


@pytest.mark.smoke
def test_the_database_keeps_a_rollback_journal_with_a_busy_timeout(store: Store, db_path: Path) -> None:
    import sqlite3

    con = sqlite3.connect(db_path)
    try:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # no memory-mapped -shm
    finally:
        con.close()
    with store._engine.connect() as conn:  # each pooled connection waits for a lock
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 5000


def test_a_memory_database_works_for_one_session() -> None:
    with open_store("sqlite://") as store:
        ana = store.create_profile("Ana")
        store.record_attempt(ana.id, attempt(DAY))
        assert len(store.attempts(ana.id)) == 1


def test_a_closed_store_says_so(db_url: str) -> None:
    from progress import StoreUnavailable

    store = open_store(db_url)
    store.close()
    store.close()  # twice is harmless
    with pytest.raises(StoreUnavailable) as caught:
        store.profiles()
    assert caught.value.code == "closed"


# --- the NullStore answers like a Store ---------------------------------------------


def test_null_store_keeps_the_session_in_memory() -> None:
    memo = NullStore(problem="corrupt", message="damaged")
    assert (memo.saving, memo.problem) == (False, "corrupt")
    ana = memo.create_profile(" Ana ")
    with pytest.raises(ProfileError):
        memo.create_profile("ANA")
    memo.record_attempt(ana.id, attempt(DAY, correct=False, daily=DAY, puzzle="d1"))
    memo.record_attempt(ana.id, attempt(DAY, correct=True, daily=DAY, puzzle="d1"))
    memo.mark_lesson_done(ana.id, "partners-laying", DAY)
    assert [p.name for p in memo.profiles()] == ["Ana"]
    assert {c: str(t) for c, t in memo.attempts(ana.id).dtypes.items()} == ATTEMPT_COLUMNS
    assert memo.daily_results(ana.id) == {DAY: [False]}
    assert memo.lessons_done(ana.id) == {"partners-laying"}
    with pytest.raises(ProfileError):
        memo.record_attempt(42, attempt(DAY))
    memo.close()
