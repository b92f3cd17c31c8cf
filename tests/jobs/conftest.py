"""A real queue for the tests of jobs/: a store (SQLite file or a fresh PostgreSQL
database) and ``python -m jobs.worker`` processes pointed at it."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import jobs

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def postgres_base():
    from tests.support.postgres import shared_server

    return shared_server()  # one server per test process, shared with the store tests


@contextlib.contextmanager
def running_workers(url: str, processes: int = 1, warm: str | None = None):
    """``python -m jobs.worker`` on ``url``, stopped (and its workers with it) afterwards."""
    command = [sys.executable, "-m", "jobs.worker", "--processes", str(processes), "--store", url,
               "--parent", str(os.getpid())]
    if warm:
        command += ["--warm", warm]
    worker = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert worker.stdout.readline().startswith("jobs.worker:"), "the worker did not start"
        # keep reading what it says, so a full pipe never stops it
        threading.Thread(target=worker.stdout.read, daemon=True).start()
        yield worker
    finally:
        worker.terminate()
        worker.wait(30)


@pytest.fixture
def queue_mode(monkeypatch):
    """Jobs go to the queue (CAPICU_JOBS=queue) at the store the test sets."""

    def use(url: str) -> None:
        monkeypatch.setenv("CAPICU_JOBS", "queue")
        monkeypatch.setenv("CAPICU_JOBS_URL", url)
        monkeypatch.setattr(jobs, "_client", None)  # a client (and watcher) for this store

    return use


def fresh_database(request, tmp_path, name: str):
    """A fresh database of the fixture's kind (``request.param``): the SQLite file ``name``
    in ``tmp_path``, or a new database on a throwaway PostgreSQL, dropped afterwards."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / name}"
        return
    from tests.support.postgres import drop_database, new_database

    url = new_database(request.getfixturevalue("postgres_base"))
    yield url
    drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path) -> str:
    """A fresh store for the queue: a SQLite file, or a new database on a throwaway PostgreSQL."""
    yield from fresh_database(request, tmp_path, "jobs.sqlite3")


def wait_until(check, what: str, limit: float = 120.0):
    """Poll ``check`` until it is true (a bound so a broken queue fails, not hangs)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"never happened: {what}")
