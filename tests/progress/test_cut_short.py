"""A SQLite file cut short in the middle of a run (issue 18): the transaction in flight
writes page 1 back, so the header looks right on a file SQLite can no longer read.
Nothing may be reported saved then: the store must say ``file_lost``."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import pytest
import sqlalchemy as sa

from progress import StoreUnavailable, open_store
from storage.database import REPO_ROOT, attempts_table
import storage.file_watch as file_watch

from .conftest import attempt

DAY = date(2026, 11, 29)


def _fill(store, count: int = 300):
    """A profile with ``count`` attempts, written in one transaction (the file gets pages)."""
    ana = store.create_profile("Ana")
    rows = [{"profile_id": ana.id, "puzzle_id": a.puzzle_id, "puzzle_type": a.puzzle_type, "game": a.game,
             "correct": a.correct, "time_ms": a.time_ms, "day": a.day, "daily": a.daily, "at": a.at}
            for a in (attempt(DAY) for _ in range(count))]
    store._run(lambda conn: conn.execute(sa.insert(attempts_table), rows), write=True)
    return ana


def _cut_in_flight(store, path: Path, ana) -> None:
    """Save one attempt while someone cuts the file in half under the open transaction."""
    original = store._run

    def cut_then_commit(work, *, write):
        def inner(conn):
            result = work(conn)  # the row is in the transaction; its pages are in SQLite's cache
            os.truncate(path, path.stat().st_size // 2)
            return result
        return original(inner, write=write)

    store._run = cut_then_commit
    try:
        store.record_attempt(ana.id, attempt(DAY))
    finally:
        store._run = original


def _sqlite_reads(path: Path) -> bool:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return con.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    except sqlite3.DatabaseError:
        return False
    finally:
        con.close()


def test_a_file_cut_under_a_transaction_in_flight_is_not_reported_saved(tmp_path: Path) -> None:
    path = tmp_path / "capicu.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        ana = _fill(store)
        with pytest.raises(StoreUnavailable) as caught:
            _cut_in_flight(store, path, ana)
        assert caught.value.code == "file_lost" and not store.saving
        assert path.read_bytes()[:16] == b"SQLite format 3\x00"  # the header check alone passes
        assert not _sqlite_reads(path)  # ... on a file SQLite cannot read


def test_the_length_check_alone_finds_a_cut_that_kept_no_last_page(tmp_path: Path) -> None:
    path = tmp_path / "capicu.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        _fill(store, 100)
    size = path.stat().st_size
    os.truncate(path, size - 4096)
    with path.open("rb") as handle:
        assert file_watch._cut_short(handle.read(100), size - 4096, handle.fileno()) == "the file was cut short"
    os.truncate(path, size)  # grown back with nothing in it: a hole
    with path.open("rb") as handle:
        found = file_watch._cut_short(handle.read(100), size, handle.fileno())
    assert found in (None, "part of the file was cut away")  # None where the file system keeps no holes


def test_a_sound_file_with_a_hole_the_file_system_reports_keeps_saving(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "capicu.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        ana = _fill(store, 20)
        # a file system that reports a hole in a sound file: quick_check has the last word
        monkeypatch.setattr(file_watch, "_cut_short", lambda *_: "part of the file was cut away")
        store.record_attempt(ana.id, attempt(DAY))
        assert store.saving and len(store.attempts(ana.id)) == 21


_WRITER = """
import sys, time
from datetime import date
sys.path.insert(0, {root!r})
from progress import Attempt, StoreUnavailable, open_store
store = open_store({url!r}, salvage=False)
pid = store.profiles()[0].id
with open({out!r}, "w") as out:
    for i in range({count}):
        started = time.time()  # a call that starts after the cut must not be reported saved
        try:
            store.record_attempt(pid, Attempt(f"{tag}-{{i}}", "block", "block", True, 900, date(2026, 1, 2)))
        except StoreUnavailable:
            continue
        out.write(f"{tag}-{{i}} {{time.time()}}\\n")
        out.flush()
"""


@pytest.mark.slow
def test_four_processes_saving_while_the_file_is_cut_report_nothing_lost(tmp_path: Path) -> None:
    path = tmp_path / "capicu.sqlite3"
    url = f"sqlite:///{path}"
    with open_store(url) as store:
        store.create_profile("Ana")
    outs = [tmp_path / f"saved-{k}.txt" for k in range(4)]
    writers = [subprocess.Popen([sys.executable, "-c", _WRITER.format(root=str(REPO_ROOT), url=url, out=str(out),
                                                                         count=1200, tag=f"w{k}")])
               for k, out in enumerate(outs)]

    def saved() -> list[tuple[str, float]]:
        rows = []
        for out in outs:
            if out.exists():
                rows += [(pid, float(t)) for pid, t in (line.split() for line in out.read_text().splitlines())]
        return rows

    while len(saved()) < 400 and any(w.poll() is None for w in writers):
        time.sleep(0.01)
    os.truncate(path, path.stat().st_size // 2)
    cut_at = time.time()
    for w in writers:
        w.wait(timeout=300)
    after = [pid for pid, started in saved() if started > cut_at]
    assert after == []  # nothing begun after the cut is reported saved


def _plain_scan(path: Path) -> int:
    """How many attempts a plain table scan reads before the first damaged page."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    rows = con.execute("SELECT * FROM capicu_attempts")  # the table, not an index
    count = 0
    try:
        while rows.fetchone() is not None:
            count += 1
    except sqlite3.DatabaseError:
        pass
    finally:
        con.close()
    return count


def test_salvage_reads_on_past_a_damaged_page_in_the_middle(tmp_path: Path) -> None:
    path = tmp_path / "capicu.sqlite3"
    url = f"sqlite:///{path}"
    with open_store(url) as store:
        ana = _fill(store, 600)
    data = path.read_bytes()
    # the table's leaf pages (type 13) past the schema's first pages: zero the middle one
    leaves = [n for n in range(30, len(data) // 4096) if data[n * 4096] == 13]
    with path.open("r+b") as handle:  # one page of zeros in the middle: a cut that was written over
        handle.seek(leaves[len(leaves) // 2] * 4096)
        handle.write(b"\0" * 4096)
    before_damage = _plain_scan(path)
    with open_store(url) as store:
        recovered = len(store.attempts(ana.id))
        assert recovered == store.salvage.recovered["capicu_attempts"]
    assert before_damage < recovered < 600  # the rows after the damaged page came back too
