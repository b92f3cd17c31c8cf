"""The workers: processes that take jobs from the store and do them (docs/deploy.md).

    .venv/bin/python -m jobs.worker                       # one process per core, this store
    CAPICU_DB_URL=postgresql+psycopg://school@server/capicu .venv/bin/python -m jobs.worker

A supervisor starts ``--processes`` worker processes (one per core by default), niced
:data:`jobs.NICENESS` steps below the niceness it was started with, and ``--hint-slots``
more (:data:`jobs.HINT_SLOTS`) that take only the jobs a player waits for (:data:`jobs.HINT`
and above), niced :data:`jobs.HINT_NICENESS` steps, so a hint never waits behind a long
review and gets a core's worth of time beside them; it starts a new one when one dies.
On start, and after every :data:`PURGE_EVERY` jobs, it deletes what nobody collected:
results and cancellations stored more than :data:`KEEP` seconds ago (:func:`jobs.store.purge`). A worker tells the supervisor which job it took before doing it, so the job
of a worker that died (a crash, killed, out of memory) is put back on the queue once with
a mark; if it kills a worker again it is stored as failed (:class:`jobs.JobCrashed`).
``--warm module:function`` runs once in each worker before its first job (the app passes
the solver's warm-up, so the first hint does not pay for loading it). ``--parent PID``:
stop when that process is gone (``scripts/start.sh`` passes the app's). A job that submits
a job (a table's judgement offering a mistake for its proof) puts it on the queue this
worker takes from, whatever the worker's environment named.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import os
import signal
import sys
import time
from multiprocessing.connection import wait

from . import CANCEL_POLL, HINT, HINT_NICENESS, HINT_SLOTS, NICENESS, JobFailed, _run_with
from .store import KEEP, open_queue, purge, store_url, take

__all__ = ["main", "work"]

#: how long an idle worker waits before it looks at the queue again (s), at most
IDLE = 0.1
#: the supervisor purges uncollected results after this many jobs taken
PURGE_EVERY = 1000


def _alive(pid: int | None) -> bool:
    if pid is None:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def work(url: str, conn, warm: str | None, supervisor: int, at_least: int | None = None, more_nice: int = 0) -> None:
    """One worker process: take the first job by priority (``at_least``: only a job of that
    priority or more), do it, store its outcome and when; ``more_nice``: steps below the
    supervisor (the rest of the niceness the hint workers are spared)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the supervisor stops its workers itself
    if more_nice:
        try:
            os.nice(more_nice)
        except OSError:
            pass
    if warm:
        module, _, name = warm.partition(":")
        getattr(importlib.import_module(module), name)()
    huey = open_queue(url)
    # a job that submits a job (a judgement that offers its mistake for a proof) puts it on
    # the queue it came from, whatever this process's environment said
    os.environ["CAPICU_JOBS"], os.environ["CAPICU_JOBS_URL"] = "queue", url
    idle = 0.005
    while os.getppid() == supervisor:
        task = take(huey, at_least)
        if task is None:
            time.sleep(idle)
            idle = min(IDLE, idle * 2)
            continue
        idle = 0.005
        if huey.is_revoked(task, peek=False):  # cancelled before it started: nobody waits
            huey.restore(task)
            continue
        conn.send(huey.serialize_task(task))
        fn, args, kwargs = task.args
        looked = [0.0, False]

        def cancelled(task=task, looked=looked) -> bool:
            now = time.monotonic()
            if not looked[1] and now - looked[0] >= CANCEL_POLL:
                looked[0], looked[1] = now, huey.is_revoked(task, peek=True)
            return looked[1]

        try:
            outcome = ("ok", _run_with(cancelled, fn, args, kwargs))
        except Exception as error:  # noqa: BLE001 - the job's own failure, carried to its waiter
            outcome = ("error", error)
        if huey.is_revoked(task, peek=False):
            huey.restore(task)
            conn.send(None)
            continue  # cancelled while it ran: nobody waits for it
        try:
            huey.put_result(task.id, outcome + (time.time(),))
        except Exception as error:  # noqa: BLE001 - a result or exception that does not pickle
            huey.put_result(task.id, ("error", JobFailed(f"{type(error).__name__}: {error}"), time.time()))
        conn.send(None)


def _crashed(huey, raw: bytes, exitcode: int | None) -> None:
    """The worker doing ``raw`` died: put the job back once, else store it as failed."""
    task = huey.deserialize_task(raw)
    if task.kwargs.get("crashes", 0) >= 1:
        huey.put_result(task.id, ("crashed", f"the worker doing this job died twice (exit code {exitcode})",
                                  time.time()))
    else:
        task.kwargs = {"crashes": 1}
        huey.enqueue(task)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m jobs.worker", description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: one per core)")
    parser.add_argument("--hint-slots", type=int, default=HINT_SLOTS,
                        help=f"more worker processes that take only hints (default: {HINT_SLOTS})")
    parser.add_argument("--niceness", type=int, default=NICENESS,
                        help=f"steps below the starting niceness (default {NICENESS}: the pages come first; "
                             "0 on a machine that serves no pages); the hint workers take half")
    parser.add_argument("--store", default=None, help="the queue's store (default: jobs.store.store_url())")
    parser.add_argument("--warm", default=None, help="module:function run once in each worker")
    parser.add_argument("--parent", type=int, default=None, help="stop when this process is gone")
    args = parser.parse_args(argv)
    url = store_url({"CAPICU_JOBS_URL": args.store} if args.store else None)
    hint_nice = args.niceness * HINT_NICENESS // NICENESS if NICENESS else 0
    try:  # relative: below whatever the server that started us runs at (the hint workers
        os.nice(hint_nice)  # stay here, the others go --niceness in all)
    except OSError:
        pass
    huey = open_queue(url)  # creates the tables once, before the workers race to
    purge(huey)  # what nobody collected while no worker ran
    context = multiprocessing.get_context("spawn")
    stopping = []

    def stop(*_):
        stopping.append(True)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def start(at_least: int | None):
        mine, theirs = context.Pipe(duplex=False)
        more = 0 if at_least is not None else args.niceness - hint_nice
        process = context.Process(target=work, args=(url, theirs, args.warm, os.getpid(), at_least, more),
                                  daemon=True)
        process.start()
        theirs.close()
        return [process, mine, None, at_least]

    workers = [start(None) for _ in range(max(1, args.processes))]
    workers += [start(HINT) for _ in range(max(0, args.hint_slots))]
    print(f"jobs.worker: {len(workers)} worker processes ({max(0, args.hint_slots)} for hints only) "
          f"on {url.split('@')[-1]}", flush=True)
    taken = 0
    while not stopping and _alive(args.parent):
        wait([w[1] for w in workers] + [w[0].sentinel for w in workers], timeout=1.0)
        for i, (process, conn, _, at_least) in enumerate(list(workers)):
            try:  # what it said it is doing, read even when it died just after saying it
                while conn.poll():
                    workers[i][2] = conn.recv()
                    taken += workers[i][2] is not None
            except (EOFError, OSError):
                pass
            if not process.is_alive():
                process.join()
                if workers[i][2] is not None:
                    _crashed(huey, workers[i][2], process.exitcode)
                conn.close()
                workers[i] = start(at_least)
        if taken >= PURGE_EVERY:
            taken = 0
            purge(huey)
    for process, *_ in workers:
        process.terminate()
    for process, *_ in workers:
        process.join(5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
