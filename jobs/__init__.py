"""Solver work as jobs: submitted by the pages, done by worker processes (docs/deploy.md).

:func:`submit` hands ``fn(*args, **kwargs)`` to the queue and returns a :class:`Job`, a
:class:`concurrent.futures.Future` (``done()``, ``result()``, ``exception()``,
``cancel()``, ``add_done_callback``) that completes when a worker has stored the result.
The queue is Huey's SQL storage (:mod:`jobs.store`: a SQLite file by default, the
school's PostgreSQL when the app uses one); :mod:`jobs.worker` runs the workers, on this
machine or on any other pointed at the same store. ``fn`` must be importable by name (a
module-level function) and its arguments picklable; nothing here knows what the work is.

Two modes, chosen by ``CAPICU_JOBS``:

* ``queue``: the jobs go to the store and worker processes do them (``scripts/start.sh``
  starts them);
* ``threads`` (the default, and what the page tests use): niced threads of this process,
  as before the queue; the same :class:`Job`, the same priorities and cancellation.

Order: a job of higher ``priority`` first (:data:`HINT` > :data:`REVIEW` > :data:`AHEAD`),
then the oldest. ``cancel()`` drops a job that has not started; a running one that passed
:data:`CANCEL` (anywhere in its arguments) sees ``CANCEL.is_set()`` turn true and stops
early. A job whose worker process dies is given to another worker once; if that one dies
too, the job fails with :class:`JobCrashed`. An exception raised by ``fn`` is the job's
exception (not retried: the work is deterministic, it would raise again).
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from concurrent.futures import Future
from typing import Any, Callable

__all__ = ["AHEAD", "CANCEL", "HINT", "PROOF", "REVIEW", "Job", "JobCrashed", "JobFailed", "mode", "submit", "NICENESS"]

#: a hint a player waits for, a review judgement, work done ahead of time, the proof of a
#: puzzle made from a player's mistake (a larger number first)
HINT, REVIEW, AHEAD, PROOF = 30, 20, 10, 5
#: how far the workers yield to the pages: added to the niceness they start with (the
#: server's own, when it starts them), never set to a fixed value
NICENESS = 10
#: the in-process threads (``threads`` mode): one core left for the pages on a big machine
THREADS = max(2, (os.cpu_count() or 2) - 1)
#: how often the pages look for finished jobs, and a running job for its cancellation (s)
POLL, CANCEL_POLL = 0.05, 0.25


class JobFailed(RuntimeError):
    """The job raised something that could not be carried back as itself."""


class JobCrashed(RuntimeError):
    """The job's worker process died twice while doing it (a crash, killed, out of memory)."""


def mode() -> str:
    """``queue`` or ``threads`` (``CAPICU_JOBS``)."""
    return "queue" if os.environ.get("CAPICU_JOBS", "").strip().lower() == "queue" else "threads"


# --- cancellation, seen from inside a running job -------------------------------------

_running = threading.local()


class _Cancel:
    """Passed as an argument (:data:`CANCEL`); ``is_set()`` asks whether the job it runs
    in was cancelled. Outside a job, never set. Pickles as itself."""

    def is_set(self) -> bool:
        check = getattr(_running, "check", None)
        return bool(check and check())

    def __reduce__(self):
        return "CANCEL"

    def __repr__(self) -> str:
        return "jobs.CANCEL"


CANCEL = _Cancel()


def _run_with(check: Callable[[], bool], fn, args, kwargs):
    _running.check = check
    try:
        return fn(*args, **kwargs)
    finally:
        _running.check = None


# --- the job --------------------------------------------------------------------------

class Job(Future):
    """A submitted job (a :class:`concurrent.futures.Future`)."""

    def __init__(self, id: str, priority: int) -> None:
        super().__init__()
        self.id, self.priority = id, priority
        self.stop = threading.Event()  # threads mode: what CANCEL.is_set() reads

    def cancel(self) -> bool:
        """Not needed any more: a job not started is never started; a running one that
        watches :data:`CANCEL` stops early. Its waiters are released at once."""
        self.stop.set()
        if self.done():
            return self.cancelled()
        if mode_of_job(self) == "queue":
            _queue_client().revoke(self)
        return super().cancel() or self.cancelled()


def mode_of_job(job: Job) -> str:
    return "queue" if job.id.startswith("q") else "threads"


# --- threads mode ---------------------------------------------------------------------

class _Threads:
    """Niced threads of this process taking jobs by priority, then age."""

    def __init__(self, workers: int = THREADS) -> None:
        import heapq

        self._heap: list = []
        self._push, self._pop = heapq.heappush, heapq.heappop
        self._cond = threading.Condition()
        self._order = itertools.count()
        for i in range(workers):
            threading.Thread(target=self._work, name=f"capicu-job-{i}", daemon=True).start()

    def submit(self, fn, args, kwargs, priority: int) -> Job:
        n = next(self._order)
        job = Job(f"t{n}", priority)
        with self._cond:
            self._push(self._heap, (-priority, n, job, fn, args, kwargs))
            self._cond.notify()
        return job

    def _work(self) -> None:
        try:  # only this thread's priority (on Linux a thread has its own), relative to now
            tid = threading.get_native_id()
            os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + NICENESS))
        except (AttributeError, OSError):
            pass
        while True:
            with self._cond:
                while not self._heap:
                    self._cond.wait()
                _, _, job, fn, args, kwargs = self._pop(self._heap)
            if not job.set_running_or_notify_cancel():
                continue
            try:
                job.set_result(_run_with(job.stop.is_set, fn, args, kwargs))
            except BaseException as error:  # noqa: BLE001 - the job's own failure, carried to its waiter
                job.set_exception(error)


# --- queue mode: the pages' side ------------------------------------------------------

class _QueueClient:
    """Puts jobs in the store and completes their :class:`Job` when a worker stored the
    result (one thread of this process looks for all of them)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url
        self._waiting: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        threading.Thread(target=self._watch, name="capicu-job-watch", daemon=True).start()

    def submit(self, fn, args, kwargs, priority: int) -> Job:
        from .store import open_queue

        huey = open_queue(self.url)
        task = huey.call.s(fn, tuple(args), dict(kwargs), priority=priority)
        job = Job("q" + task.id, priority)
        with self._lock:
            self._waiting[task.id] = job
        huey.enqueue(task)
        self._wake.set()
        return job

    def revoke(self, job: Job) -> None:
        from .store import open_queue

        with self._lock:
            self._waiting.pop(job.id[1:], None)
        open_queue(self.url).revoke_by_id(job.id[1:])

    def _watch(self) -> None:
        from .store import open_queue

        huey = None
        while True:
            with self._lock:
                ids = list(self._waiting)
            if not ids:
                self._wake.wait(1.0)
                self._wake.clear()
                continue
            try:
                huey = huey or open_queue(self.url)
                found = huey.storage.peek_many(ids)
                for key in found:
                    raw = huey.storage.pop_data(key)
                    with self._lock:
                        job = self._waiting.pop(key, None)
                    if job is None or raw is None or not job.set_running_or_notify_cancel():
                        continue
                    _complete(job, huey.serializer.deserialize(raw))
            except Exception:  # noqa: BLE001 - the store is away for a moment: look again
                huey = None
                time.sleep(1.0)
            time.sleep(POLL)


def _complete(job: Job, outcome) -> None:
    kind, value = outcome
    if kind == "ok":
        job.set_result(value)
    elif kind == "crashed":
        job.set_exception(JobCrashed(value))
    elif isinstance(value, BaseException):
        job.set_exception(value)
    else:
        job.set_exception(JobFailed(str(value)))


_threads: _Threads | None = None
_client: _QueueClient | None = None
_made = threading.Lock()


def _threads_pool() -> _Threads:
    global _threads
    with _made:
        if _threads is None:
            _threads = _Threads()
        return _threads


def _queue_client() -> _QueueClient:
    global _client
    with _made:
        if _client is None:
            _client = _QueueClient()
        return _client


def submit(fn: Callable[..., Any], args: tuple = (), kwargs: dict | None = None, *, priority: int = REVIEW) -> Job:
    """Do ``fn(*args, **kwargs)`` as a job of ``priority`` (:data:`HINT`, :data:`REVIEW`,
    :data:`AHEAD`); on the queue's workers in ``queue`` mode, on this process's niced
    threads otherwise."""
    if mode() == "queue":
        return _queue_client().submit(fn, args, kwargs or {}, priority)
    return _threads_pool().submit(fn, tuple(args), kwargs or {}, priority)
