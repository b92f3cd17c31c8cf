"""The workers: processes that take jobs from the store and do them (docs/deploy.md).

    .venv/bin/python -m jobs.worker                       # one process per core, this store
    CAPICU_DB_URL=postgresql+psycopg://school@server/capicu .venv/bin/python -m jobs.worker

A supervisor starts ``--processes`` worker processes (one per core by default), niced
:data:`jobs.NICENESS` steps below the niceness it was started with, and starts a new one
when one dies. A worker tells the supervisor which job it took before doing it, so the job
of a worker that died (a crash, killed, out of memory) is put back on the queue once with
a mark; if it kills a worker again it is stored as failed (:class:`jobs.JobCrashed`).
``--warm module:function`` runs once in each worker before its first job (the app passes
the solver's warm-up, so the first hint does not pay for loading it). ``--parent PID``:
stop when that process is gone (``scripts/start.sh`` passes the app's).
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

from . import CANCEL_POLL, NICENESS, JobFailed, _run_with
from .store import open_queue, store_url

__all__ = ["main", "work"]

#: how long an idle worker waits before it looks at the queue again (s), at most
IDLE = 0.1


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


def work(url: str, conn, warm: str | None, supervisor: int) -> None:
    """One worker process: take the first job by priority, do it, store its outcome."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the supervisor stops its workers itself
    if warm:
        module, _, name = warm.partition(":")
        getattr(importlib.import_module(module), name)()
    huey = open_queue(url)
    idle = 0.005
    while os.getppid() == supervisor:
        task = huey.dequeue()
        if task is None:
            time.sleep(idle)
            idle = min(IDLE, idle * 2)
            continue
        idle = 0.005
        if huey.is_revoked(task, peek=False):  # cancelled before it started: nobody waits
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
            conn.send(None)
            continue  # cancelled while it ran: nobody waits for it
        try:
            huey.put_result(task.id, outcome)
        except Exception as error:  # noqa: BLE001 - a result or exception that does not pickle
            huey.put_result(task.id, ("error", JobFailed(f"{type(error).__name__}: {error}")))
        conn.send(None)


def _crashed(huey, raw: bytes, exitcode: int | None) -> None:
    """The worker doing ``raw`` died: put the job back once, else store it as failed."""
    task = huey.deserialize_task(raw)
    if task.kwargs.get("crashes", 0) >= 1:
        huey.put_result(task.id, ("crashed", f"the worker doing this job died twice (exit code {exitcode})"))
    else:
        task.kwargs = {"crashes": 1}
        huey.enqueue(task)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m jobs.worker", description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: one per core)")
    parser.add_argument("--store", default=None, help="the queue's store (default: jobs.store.store_url())")
    parser.add_argument("--warm", default=None, help="module:function run once in each worker")
    parser.add_argument("--parent", type=int, default=None, help="stop when this process is gone")
    args = parser.parse_args(argv)
    url = store_url({"CAPICU_JOBS_URL": args.store} if args.store else None)
    try:
        os.nice(NICENESS)  # relative: below whatever the server that started us runs at
    except OSError:
        pass
    huey = open_queue(url)  # creates the tables once, before the workers race to
    context = multiprocessing.get_context("spawn")
    stopping = []

    def stop(*_):
        stopping.append(True)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def start():
        mine, theirs = context.Pipe(duplex=False)
        process = context.Process(target=work, args=(url, theirs, args.warm, os.getpid()), daemon=True)
        process.start()
        theirs.close()
        return [process, mine, None]

    workers = [start() for _ in range(max(1, args.processes))]
    print(f"jobs.worker: {len(workers)} worker processes on {url.split('@')[-1]}", flush=True)
    while not stopping and _alive(args.parent):
        wait([w[1] for w in workers] + [w[0].sentinel for w in workers], timeout=1.0)
        for i, (process, conn, _) in enumerate(list(workers)):
            try:  # what it said it is doing, read even when it died just after saying it
                while conn.poll():
                    workers[i][2] = conn.recv()
            except (EOFError, OSError):
                pass
            if not process.is_alive():
                process.join()
                if workers[i][2] is not None:
                    _crashed(huey, workers[i][2], process.exitcode)
                conn.close()
                workers[i] = start()
    for process, _, _ in workers:
        process.terminate()
    for process, _, _ in workers:
        process.join(5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
