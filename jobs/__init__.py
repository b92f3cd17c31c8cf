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

Order: a job of higher ``priority`` first (:data:`HINT` > :data:`REVIEW` > :data:`AHEAD` >
:data:`PROOF`); inside a priority, the owners' jobs in turn (:class:`_Fair`: the first
open job of every owner, then the second of each, ...: one busy table never starves the
others), then the oldest. One worker (a process in ``queue`` mode, a thread in ``threads``
mode) takes :data:`HINT` jobs only, so a hint a player waits for never waits behind a
long review; :meth:`Job.ahead` says how many jobs will be taken before it. ``cancel()`` drops a job that has not started; a running one that passed
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

__all__ = ["AHEAD", "CANCEL", "HINT", "HINT_SLOTS", "PROOF", "REVIEW", "Job", "JobCrashed", "JobFailed", "cancel_local", "mode", "submit",
           "NICENESS"]

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
#: the workers kept for the jobs a player waits for (:data:`HINT` and above), beside the
#: others; they yield to the pages half as much as the others (docs/deploy.md, "Solver work")
HINT_SLOTS, HINT_NICENESS = 1, NICENESS // 2


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

    def __init__(self, id: str, priority: int, order: float | None = None) -> None:
        super().__init__()
        self.id, self.priority = id, priority
        #: where it stands in the queue: its priority and its owner's turn (:class:`_Fair`)
        self.order = float(priority) if order is None else order
        self.row: int | None = None  # queue mode: its row in the store's task table
        self.pool: Any = None  # threads mode: the threads that will do it
        self.stop = threading.Event()  # threads mode: what CANCEL.is_set() reads

    def ahead(self) -> int:
        """How many jobs still queued will be taken before this one (a higher order, or the
        same order and submitted before it); 0 once a worker has taken it."""
        if self.done():
            return 0
        if mode_of_job(self) == "queue":
            return _queue_client().ahead(self)
        return self.pool.ahead(self)

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


# --- fairness -------------------------------------------------------------------------

class _Fair:
    """Each owner's jobs in turn inside a priority (a round-robin by rank): an owner's
    open jobs of one priority are numbered 0, 1, 2, ... as submitted (back to 0 once none
    is open), and rank ``k`` gets the order ``priority + 1 / (k + 2)``: every owner's first
    open job goes before anyone's second. Owners are named by the pages (a session, a seat,
    a round's judge); jobs without one share the owner ``None``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[tuple, list[int]] = {}  # (owner, priority) -> [open jobs, next rank]

    def place(self, owner, priority: int) -> tuple[float, Callable[[Any], None]]:
        """The order of a new job of ``owner``, and what to call once it is done."""
        key = (owner, priority)
        with self._lock:
            entry = self._open.setdefault(key, [0, 0])
            rank = entry[1]
            entry[0] += 1
            entry[1] += 1

        def done(_=None) -> None:
            with self._lock:
                entry[0] -= 1
                if entry[0] <= 0 and self._open.get(key) is entry:
                    del self._open[key]  # its next job starts again at rank 0

        return priority + 1.0 / (rank + 2), done


_fair = _Fair()


# --- threads mode ---------------------------------------------------------------------

class _Threads:
    """Niced threads of this process taking jobs by priority, then age."""

    def __init__(self, workers: int = THREADS, hint_workers: int = HINT_SLOTS) -> None:
        import heapq

        self._heap: list = []
        self._push, self._pop = heapq.heappush, heapq.heappop
        self._cond = threading.Condition()
        self._order = itertools.count()
        self._running: set[Job] = set()
        for i in range(workers):
            threading.Thread(target=self._work, name=f"capicu-job-{i}", daemon=True).start()
        for i in range(hint_workers):  # kept for the jobs a player waits for
            threading.Thread(target=self._work, args=(HINT,), name=f"capicu-hint-{i}", daemon=True).start()

    def submit(self, fn, args, kwargs, priority: int, order: float) -> Job:
        n = next(self._order)
        job = Job(f"t{n}", priority, order)
        job.pool = self
        with self._cond:
            self._push(self._heap, (-order, n, job, fn, args, kwargs))
            self._cond.notify_all()
        return job

    def ahead(self, job: Job) -> int:
        with self._cond:
            mine = next(((o, n) for o, n, j, *_ in self._heap if j is job), None)
            return 0 if mine is None else sum((o, n) < mine and not j.done() for o, n, j, *_ in self._heap)

    def cancel_all(self) -> int:
        """Drop every job queued and stop every one running (each stops after its deal):
        a server that stops, or a test that ends, leaves no work on these threads. Returns
        how many jobs were cancelled."""
        with self._cond:
            queued = [entry[2] for entry in self._heap]
            self._heap.clear()
            running = list(self._running)
        for job in queued + running:
            job.cancel()
        return len(queued) + len(running)

    def _work(self, at_least: int | None = None) -> None:
        try:  # only this thread's priority (on Linux a thread has its own), relative to now;
            # the hint thread keeps the page's own: the page computed its hint itself before
            tid = threading.get_native_id()
            step = NICENESS if at_least is None else 0
            os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + step))
        except (AttributeError, OSError):
            pass
        while True:
            with self._cond:
                while not self._heap or (at_least is not None and -self._heap[0][0] < at_least):
                    self._cond.wait()
                _, _, job, fn, args, kwargs = self._pop(self._heap)
            if not job.set_running_or_notify_cancel():
                continue
            with self._cond:
                self._running.add(job)
            try:
                job.set_result(_run_with(job.stop.is_set, fn, args, kwargs))
            except BaseException as error:  # noqa: BLE001 - the job's own failure, carried to its waiter
                job.set_exception(error)
            finally:
                with self._cond:
                    self._running.discard(job)


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

    def submit(self, fn, args, kwargs, priority: int, order: float) -> Job:
        from .store import open_queue, put

        huey = open_queue(self.url)
        task = huey.call.s(fn, tuple(args), dict(kwargs), priority=order)
        job = Job("q" + task.id, priority, order)
        with self._lock:
            self._waiting[task.id] = job
        job.row = put(huey, task)
        self._wake.set()
        return job

    def ahead(self, job: Job) -> int:
        from .store import ahead, open_queue

        return 0 if job.row is None else ahead(open_queue(self.url), job.row, job.order)

    def revoke(self, job: Job) -> None:
        from .store import open_queue, revoke

        with self._lock:
            self._waiting.pop(job.id[1:], None)
        revoke(open_queue(self.url), job.id[1:])

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
    kind, value = outcome[:2]  # then, from a worker, when it was stored
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


def cancel_local() -> int:
    """Cancel every job on this process's threads (threads mode): what is queued is never
    started, what runs stops after its deal. Returns how many were cancelled."""
    with _made:
        pool = _threads
    return 0 if pool is None else pool.cancel_all()


def _queue_client() -> _QueueClient:
    global _client
    with _made:
        if _client is None:
            _client = _QueueClient()
        return _client


def submit(fn: Callable[..., Any], args: tuple = (), kwargs: dict | None = None, *, priority: int = REVIEW,
           owner: Any = None) -> Job:
    """Do ``fn(*args, **kwargs)`` as a job of ``priority`` (:data:`HINT`, :data:`REVIEW`,
    :data:`AHEAD`, :data:`PROOF`) for ``owner`` (a session, a seat: whose turn it is among
    the jobs of that priority, :class:`_Fair`); on the queue's workers in ``queue`` mode, on
    this process's niced threads otherwise."""
    order, done = _fair.place(owner, priority)
    if mode() == "queue":
        job = _queue_client().submit(fn, args, kwargs or {}, priority, order)
    else:
        job = _threads_pool().submit(fn, tuple(args), kwargs or {}, priority, order)
    job.add_done_callback(done)
    return job
