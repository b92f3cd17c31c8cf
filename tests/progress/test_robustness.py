"""A database that cannot be used gives a clear error, is never changed, and the app
carries on without saving."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from datetime import date
from pathlib import Path

import pytest

from progress import NullStore, StoreUnavailable, open_store, open_store_or_null
from storage.database import code_of

from .conftest import attempt

DAY = date(2026, 11, 29)


def unavailable(url: str, **options) -> StoreUnavailable:
    with pytest.raises(StoreUnavailable) as caught:
        open_store(url, **options)
    return caught.value


def test_random_bytes_are_corrupt_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "capicu.sqlite3"
    junk = os.urandom(8192)
    path.write_bytes(junk)
    error = unavailable(f"sqlite:///{path}")
    assert error.code == "corrupt" and "left untouched" in str(error)
    assert path.read_bytes() == junk
    assert sorted(p.name for p in tmp_path.iterdir()) == ["capicu.sqlite3"]  # no -wal, no -journal


def test_a_damaged_database_is_kept_aside_and_a_fresh_one_started(tmp_path: Path) -> None:
    path = tmp_path / "capicu.sqlite3"
    damaged = b"SQLite format 3\x00" + os.urandom(8192)  # the right header, then garbage
    path.write_bytes(damaged)
    with open_store(f"sqlite:///{path}") as store:
        assert store.saving and store.salvage is not None and store.salvage.rows == 0
        kept = store.salvage.kept
        assert kept.name.startswith("capicu.sqlite3.damaged-") and kept.read_bytes() == damaged
        store.create_profile("Ana")  # the fresh file saves
    assert unavailable(f"sqlite:///{kept}", salvage=False).code == "corrupt"  # refused when asked to


def _damage_a_late_page(path: Path) -> None:
    """Overwrite the last pages of a database (its newest rows), keeping the first ones."""
    size = path.stat().st_size
    with path.open("r+b") as handle:
        handle.seek(size - 2 * 4096)
        handle.write(b"\xff" * 4096)


def test_a_damaged_database_gives_back_every_row_it_can(tmp_path: Path) -> None:
    path = tmp_path / "capicu.sqlite3"
    url = f"sqlite:///{path}"
    with open_store(url) as store:
        ana = store.create_profile("Ana")
        for _ in range(400):
            store.record_attempt(ana.id, attempt(DAY))
        store.mark_lesson_done(ana.id, "partners-laying", DAY)
    _damage_a_late_page(path)
    damaged = path.read_bytes()
    with open_store(url) as store:
        salvage = store.salvage
        assert salvage is not None and salvage.kept.read_bytes() == damaged  # kept as it was
        assert salvage.recovered.get("capicu_profiles") == 1
        assert [p.name for p in store.profiles()] == ["Ana"] and store.profiles()[0].id == ana.id
        recovered = len(store.attempts(ana.id))
        assert recovered == salvage.recovered.get("capicu_attempts", 0) and 0 < recovered <= 400


def test_deleting_the_file_while_open_stops_the_saving_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "capicu.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        ana = store.create_profile("Ana")
        store.record_attempt(ana.id, attempt(DAY))
        path.unlink()
        with pytest.raises(StoreUnavailable) as caught:
            store.record_attempt(ana.id, attempt(DAY))
        assert caught.value.code == "file_lost" and "deleted" in str(caught.value)
        assert (store.saving, store.problem) == (False, "file_lost")
        # and it stays so, even once a new file appears at the path
        open_store(f"sqlite:///{path}").close()
        with pytest.raises(StoreUnavailable):
            store.profiles()


def test_a_write_into_a_file_deleted_during_it_is_not_reported_saved(tmp_path: Path) -> None:
    path = tmp_path / "capicu.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        ana = store.create_profile("Ana")
        original = store._run

        def delete_then_write(work, *, write):  # the file goes between the check and the commit
            def inner(conn):
                path.unlink()
                return work(conn)
            return original(inner, write=write)

        store._run = delete_then_write
        with pytest.raises(StoreUnavailable) as caught:
            store.record_attempt(ana.id, attempt(DAY))
        assert caught.value.code == "file_lost" and not store.saving


@pytest.mark.parametrize("fault", ["replaced", "truncated", "overwritten"])
def test_a_file_replaced_or_cut_short_while_open_stops_the_saving(tmp_path: Path, fault: str) -> None:
    path = tmp_path / "capicu.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        ana = store.create_profile("Ana")
        if fault == "replaced":
            other = tmp_path / "other.sqlite3"
            sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
            other.replace(path)
        elif fault == "truncated":
            os.truncate(path, 0)
        else:
            with path.open("r+b") as handle:
                handle.write(b"\0" * 100)
        with pytest.raises(StoreUnavailable) as caught:
            store.record_attempt(ana.id, attempt(DAY))
        assert caught.value.code == "file_lost" and not store.saving


def test_no_memory_mapped_shared_file_is_used(tmp_path: Path) -> None:
    """WAL's -shm file is memory-mapped: a file made unwritable under it kills the server
    with SIGBUS (issue 11). The rollback journal fails one write with an error instead."""
    path = tmp_path / "capicu.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        ana = store.create_profile("Ana")
        store.record_attempt(ana.id, attempt(DAY))
        assert not (tmp_path / "capicu.sqlite3-shm").exists()
        con = sqlite3.connect(path)
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        con.close()


def test_a_text_file_is_not_taken_for_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my shopping list\n")
    store = open_store_or_null(f"sqlite:///{path}")
    assert (store.saving, store.problem) == (False, "corrupt")
    assert path.read_text() == "my shopping list\n"


def test_an_empty_file_is_an_empty_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    with open_store(f"sqlite:///{path}") as store:
        store.create_profile("Ana")


def test_another_programs_database_is_not_damaged(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE profiles (who TEXT)")
    con.execute("INSERT INTO profiles VALUES ('kept')")
    con.commit()
    con.close()
    with open_store(f"sqlite:///{path}") as store:  # our tables have their own prefix
        store.create_profile("Ana")
    con = sqlite3.connect(path)
    assert con.execute("SELECT who FROM profiles").fetchall() == [("kept",)]
    con.close()


def test_a_database_from_a_newer_capicu_is_refused(db_url: str, db_path: Path) -> None:
    open_store(db_url).close()
    con = sqlite3.connect(db_path)
    con.execute("UPDATE capicu_meta SET value = '99' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    error = unavailable(db_url)
    assert error.code == "too_new" and "99" in str(error)


def test_a_folder_in_place_of_the_file_is_unwritable(tmp_path: Path) -> None:
    (tmp_path / "capicu.sqlite3").mkdir()
    error = unavailable(f"sqlite:///{tmp_path / 'capicu.sqlite3'}")
    assert error.code == "unwritable" and "is a folder" in str(error)


def test_a_folder_that_cannot_be_created_is_unwritable(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    error = unavailable(f"sqlite:///{tmp_path / 'file' / 'sub' / 'capicu.sqlite3'}")
    assert error.code == "unwritable" and "cannot create folder" in str(error)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_is_unwritable(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert unavailable(f"sqlite:///{folder / 'capicu.sqlite3'}").code == "unwritable"
    finally:
        folder.chmod(0o700)


def test_a_read_only_database_is_refused_when_opened(db_url: str, db_path: Path) -> None:
    # SQLite's own read-only mode: the refusal a read-only file or mount gives, even as root.
    # It is found when opening, so the app says "not saving" before the first puzzle.
    with open_store(db_url) as store:
        store.create_profile("Ana")
    before = db_path.read_bytes()
    error = unavailable(f"sqlite:///file:{db_path}?mode=ro&uri=true")
    assert error.code == "unwritable" and "readonly" in str(error)
    assert db_path.read_bytes() == before


def test_a_read_only_new_database_is_unwritable(tmp_path: Path) -> None:
    assert unavailable(f"sqlite:///file:{tmp_path / 'new.sqlite3'}?mode=ro&uri=true").code == "unwritable"


# --- locks ---------------------------------------------------------------------------


def hold_write_lock(path: Path, exclusive: bool = False) -> sqlite3.Connection:
    """Another program's connection holding the write lock until it is rolled back (an
    exclusive lock keeps readers out too)."""
    con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    con.execute("BEGIN EXCLUSIVE" if exclusive else "BEGIN IMMEDIATE")
    return con


def test_a_lock_held_longer_than_the_timeout_gives_locked(db_url: str, db_path: Path) -> None:
    with open_store(db_url) as setup:
        ana = setup.create_profile("Ana")
    lock = hold_write_lock(db_path)
    try:
        # a ready database still opens (a writer's lock lets readers through) and can be read
        with open_store(db_url, timeout=0.1, retries=1) as store:
            assert [p.name for p in store.profiles()] == ["Ana"]
            started = time.monotonic()
            with pytest.raises(StoreUnavailable) as caught:
                store.record_attempt(ana.id, attempt(DAY))
            assert caught.value.code == "locked" and "busy" in str(caught.value)
            assert time.monotonic() - started >= 0.2  # it waited, and retried once
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    with open_store(db_url) as store:
        assert store.attempts(ana.id).empty  # the refused write left nothing half-done


def test_a_write_waits_for_a_lock_that_is_released(db_url: str, db_path: Path) -> None:
    with open_store(db_url, timeout=5) as store:
        ana = store.create_profile("Ana")
        lock = hold_write_lock(db_path)
        release = threading.Timer(0.3, lambda: (lock.execute("ROLLBACK"), lock.close()))
        release.start()
        try:
            started = time.monotonic()
            store.record_attempt(ana.id, attempt(DAY))
            assert time.monotonic() - started >= 0.2
        finally:
            release.join()
        assert len(store.attempts(ana.id)) == 1


def test_a_write_succeeds_by_retrying_after_short_timeouts(db_url: str, db_path: Path) -> None:
    # the busy timeout alone is too short; the retries outlast the lock
    with open_store(db_url, timeout=0.1, retries=8) as store:
        ana = store.create_profile("Ana")
        lock = hold_write_lock(db_path)
        release = threading.Timer(0.25, lambda: (lock.execute("ROLLBACK"), lock.close()))
        release.start()
        try:
            store.record_attempt(ana.id, attempt(DAY))
        finally:
            release.join()
        assert len(store.attempts(ana.id)) == 1


def test_opening_a_new_database_while_it_is_locked_gives_locked(tmp_path: Path) -> None:
    path = tmp_path / "plain.sqlite3"
    sqlite3.connect(path).close()  # an empty database in the old journal mode
    lock = hold_write_lock(path, exclusive=True)  # an exclusive lock keeps readers out too
    try:
        assert unavailable(f"sqlite:///{path}", timeout=0.1).code == "locked"
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    with open_store(f"sqlite:///{path}") as store:
        store.create_profile("Ana")


# --- other databases, bad URLs --------------------------------------------------------


def test_an_unreachable_postgresql_url_is_understood(monkeypatch: pytest.MonkeyPatch) -> None:
    url = "postgresql+psycopg://teacher:s3cret@127.0.0.1:1/capicu"
    error = unavailable(url, timeout=1)
    # psycopg is not a dependency: without it the message says so, with it nobody listens on port 1
    assert error.code in {"driver_missing", "unreachable"}
    assert "postgresql+psycopg://teacher:***@127.0.0.1:1/capicu" in str(error)
    assert "s3cret" not in str(error)
    if error.code == "driver_missing":
        assert "psycopg" in str(error) and "not installed" in str(error)


def test_a_connection_failure_on_another_backend_is_unreachable() -> None:
    from sqlalchemy import exc

    refused = exc.OperationalError("connect", {}, ConnectionRefusedError("connection refused"))
    assert code_of(refused, connecting=True) == "unreachable"


@pytest.mark.parametrize(
    ("url", "code"),
    [("not a url", "bad_url"), ("nosuchdb://x/y", "bad_url"), ("mysql+nosuchdriver://u:pw@h/db", "bad_url")],
)
def test_bad_urls_are_refused(url: str, code: str) -> None:
    error = unavailable(url)
    assert error.code == code and "pw" not in str(error)


def test_a_password_is_hidden_even_when_the_url_does_not_parse() -> None:
    error = unavailable("postgresql://u:hunter2@[::1")
    assert "hunter2" not in str(error)


# --- never raising -------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda tmp: f"sqlite:///{tmp}",  # a folder
        lambda tmp: "::::",
        lambda tmp: "postgresql+psycopg://u@127.0.0.1:1/x",
        lambda tmp: (tmp / "junk").write_bytes(b"\x00junk") and f"sqlite:///{tmp / 'junk'}",
    ],
)
def test_open_store_or_null_never_raises(tmp_path: Path, make) -> None:
    store = open_store_or_null(make(tmp_path), timeout=1)
    assert isinstance(store, NullStore)
    assert store.saving is False and store.problem and store.message
    ana = store.create_profile("Ana")  # the session goes on, in memory
    store.record_attempt(ana.id, attempt(DAY))
    assert len(store.attempts(ana.id)) == 1


def test_open_store_or_null_survives_surprises(monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    import progress.store as module

    def boom(*_args, **_kwargs):
        raise RuntimeError("something nobody foresaw")

    monkeypatch.setattr(module, "prepare", boom)
    store = open_store_or_null(db_url)
    assert store.problem == "failed" and "nobody foresaw" in store.message


def test_open_store_or_null_gives_a_saving_store_when_it_can(db_url: str) -> None:
    store = open_store_or_null(db_url)
    try:
        assert store.saving and store.problem is None
    finally:
        store.close()


def test_rows_whose_profile_page_was_lost_come_back_under_a_placeholder(tmp_path: Path) -> None:
    """Review D2: the profiles' root page overwritten, every attempt still readable: all of
    them come back, under placeholder profiles, none skipped by a foreign key."""
    path = tmp_path / "capicu.sqlite3"
    url = f"sqlite:///{path}"
    with open_store(url) as store:
        ids = [store.create_profile(name).id for name in ("Ana", "Bea", "Cy", "Dee")]
        for n in range(600):
            store.record_attempt(ids[n % 4], attempt(DAY))
        store.mark_lesson_done(ids[0], "partners-laying", DAY)
    con = sqlite3.connect(path)
    root, page_size = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'capicu_profiles'").fetchone()[0], \
        con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    with path.open("r+b") as handle:  # the profiles table's root page: garbage
        handle.seek((root - 1) * page_size)
        handle.write(bytes(range(256)) * (page_size // 256))
    with open_store(url) as store:
        salvage = store.salvage
        assert salvage is not None
        assert salvage.recovered.get("capicu_attempts") == 600  # every attempt, not 0
        assert salvage.recovered.get("capicu_lessons") == 1
        assert salvage.placeholders == 4 and "capicu_profiles" not in salvage.recovered
        profiles = store.profiles()
        assert sorted(p.id for p in profiles) == sorted(ids)
        assert sorted(p.name for p in profiles) == ["Recovered 1", "Recovered 2", "Recovered 3", "Recovered 4"]
        assert sorted(len(store.attempts(i)) for i in ids) == [150] * 4
        placeholders = store.placeholder_profiles()
        assert sorted(placeholders.values()) == [1, 2, 3, 4] and set(placeholders) == set(ids)
        renamed = store.rename_profile(ids[0], "Ana")  # its owner takes it back
        assert renamed.id not in store.placeholder_profiles() and len(store.attempts(ids[0])) == 150
