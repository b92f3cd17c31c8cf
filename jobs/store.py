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
import time
from pathlib import Path
from typing import Mapping

__all__ = ["KEEP", "QUEUE_NAME", "ahead", "open_queue", "purge", "put", "revoke", "store_url", "take"]

REPO_ROOT = Path(__file__).resolve().parents[1]
#: the name of this app's queue in the store (several apps may share one database)
QUEUE_NAME = "capicu-solver"
#: how long a result nobody collected, or a cancellation, is kept (s): a day
KEEP = 24 * 3600
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


def put(huey, task) -> int:
    """Queue ``task`` (as ``huey.enqueue`` does) and return its row in the task table, for
    :func:`ahead`."""
    storage = huey.storage
    storage.check_conn()
    return storage.Task.create(queue=storage.name, data=huey.serialize_task(task),
                               priority=task.priority or 0).id


def ahead(huey, row: int, order: float) -> int:
    """How many queued jobs a worker will take before the job in ``row`` (of ``order``):
    a higher order, or the same and queued before it; 0 once it was taken."""
    storage = huey.storage
    storage.check_conn()
    task = storage.Task
    if not storage.tasks().where(task.id == row).exists():
        return 0
    return storage.tasks().where((task.priority > order) | ((task.priority == order) & (task.id < row))).count()


def take(huey, at_least: float | None = None):
    """The first job by order, taken off the queue (None: none); ``at_least``: only a job
    of that priority or more (the workers kept for hints)."""
    if at_least is None:
        return huey.dequeue()
    storage = huey.storage
    storage.check_conn()
    task = storage.Task
    query = (storage.tasks(task.id, task.data).where(task.priority >= at_least)
             .order_by(task.priority.desc(), task.id).limit(1))
    if storage.for_update:
        query = query.for_update(storage.for_update)
    with storage.atomic():
        try:
            found = query.get()
        except task.DoesNotExist:
            return None
        if task.delete().where(task.id == found.id).execute() == 1:
            return huey.deserialize_task(found.data)
    return None


def purge(huey, keep: float = KEEP, now: float | None = None) -> int:
    """Delete what nobody will collect: results stored more than ``keep`` seconds before
    ``now`` (their page is gone: a server restarted, a screen closed) and cancellations
    that ran out (:func:`revoke`); the number deleted. Results of jobs still awaited are
    younger than that, and a page collects a result within a second of its storing."""
    import datetime

    now = time.time() if now is None else now
    storage = huey.storage
    storage.check_conn()
    stale = []
    for key, raw in storage.kv(storage.KV.key, storage.KV.value).tuples():
        try:
            value = huey.serializer.deserialize(bytes(raw))
        except Exception:  # noqa: BLE001 - not ours to read: left alone
            continue
        if not isinstance(value, tuple) or len(value) not in (2, 3):
            continue
        if len(value) == 3 and isinstance(value[2], float) and value[2] < now - keep:
            stale.append(key)  # (kind, value, stored at)
        elif len(value) == 2 and isinstance(value[0], datetime.datetime) and (
                value[0].replace(tzinfo=datetime.timezone.utc).timestamp() < now):
            stale.append(key)  # (revoke until, once)
    for key in stale:
        storage.KV.delete().where((storage.KV.queue == storage.name) & (storage.KV.key == key)).execute()
    return len(stale)


def revoke(huey, task_id: str, keep: float = KEEP) -> None:
    """Cancel the job ``task_id``: a worker skips it or sees it from inside; the mark goes
    by itself after ``keep`` seconds (:func:`purge`), or when a worker has seen it."""
    import datetime

    huey.revoke_by_id(task_id, revoke_until=datetime.datetime.now(datetime.timezone.utc)
                      + datetime.timedelta(seconds=keep))
