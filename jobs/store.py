"""Where the queue keeps its jobs: Huey's SQL storage over peewee (docs/deploy.md, "Solver work").

A SQLite file beside the app's data by default, so a laptop needs no extra server; the
school's PostgreSQL when ``CAPICU_DB_URL`` names one (its own tables, ``huey_*``-free:
peewee's ``kv``, ``task``, ``schedule`` and ``counter``), or any store ``CAPICU_JOBS_URL``
names. Workers on other machines point at the same store and take jobs from it.

>>> store_url({})  # doctest: +ELLIPSIS
'sqlite:///.../data/jobs.sqlite3'
>>> store_url({"CAPICU_DB_URL": "postgresql+psycopg://school@db:5432/capicu"})
'psycopg3://school@db:5432/capicu'
>>> store_url({"CAPICU_DB_URL": "sqlite:////srv/capicu/capicu.sqlite3"})
'sqlite:////srv/capicu/jobs.sqlite3'
>>> store_url({"CAPICU_JOBS_URL": "sqlite:////tmp/q.sqlite3", "CAPICU_DB_URL": "postgresql://x/y"})
'sqlite:////tmp/q.sqlite3'
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Mapping

__all__ = ["QUEUE_NAME", "store_url", "open_queue"]

REPO_ROOT = Path(__file__).resolve().parents[1]
#: the name of this app's queue in the store (several apps may share one database)
QUEUE_NAME = "capicu-solver"
_POSTGRES = ("postgresql+psycopg://", "postgresql+psycopg3://", "postgresql://", "postgres://")
_opened: dict[tuple[int, int, str], object] = {}
_lock = threading.Lock()


def store_url(env: Mapping[str, str] | None = None) -> str:
    """The queue's store: ``CAPICU_JOBS_URL``; else the school's PostgreSQL of
    ``CAPICU_DB_URL``; else a SQLite file beside the app's SQLite file (data/ by default)."""
    env = os.environ if env is None else env
    if env.get("CAPICU_JOBS_URL", "").strip():
        return _peewee_url(env["CAPICU_JOBS_URL"].strip())
    db = env.get("CAPICU_DB_URL", "").strip()
    if db.startswith(_POSTGRES):
        return _peewee_url(db)
    if db.startswith("sqlite:///"):
        return "sqlite:///" + str(Path(db[len("sqlite:///"):]).with_name("jobs.sqlite3"))
    if env.get("CAPICU_DB_PATH", "").strip():
        return "sqlite:///" + str(Path(env["CAPICU_DB_PATH"].strip()).with_name("jobs.sqlite3"))
    return "sqlite:///" + str(REPO_ROOT / "data" / "jobs.sqlite3")


def _peewee_url(url: str) -> str:
    """SQLAlchemy's spelling of a PostgreSQL URL (the app's) in peewee's, on psycopg 3."""
    for prefix in _POSTGRES:
        if url.startswith(prefix):
            return "psycopg3://" + url[len(prefix):]
    return url


def _database(url: str):
    from peewee import SqliteDatabase
    from playhouse.db_url import connect

    if url.startswith("sqlite:///"):
        path = Path(url[len("sqlite:///"):])
        path.parent.mkdir(parents=True, exist_ok=True)
        # WAL: the pages' submits and the workers' takes do not block each other's reads
        return SqliteDatabase(str(path), timeout=30, pragmas={"journal_mode": "wal", "synchronous": "normal",
                                                               "busy_timeout": 30_000})
    return connect(url)


def _call(fn, args, kwargs):
    """The one kind of task: ``fn(*args, **kwargs)`` (``fn`` travels by its import name)."""
    return fn(*args, **kwargs)


def open_queue(url: str | None = None):
    """This process's Huey over the store at ``url`` (one per process and thread: a forked
    worker or another thread never shares a connection)."""
    from huey.contrib.sql_huey import SqlHuey

    url = url or store_url()
    key = (os.getpid(), threading.get_ident(), url)
    with _lock:
        found = _opened.get(key)
        if found is None:
            found = SqlHuey(QUEUE_NAME, database=_database(url), results=True, utc=True)
            found.call = found.task(name="capicu.call")(_call)
            _opened[key] = found
        return found
