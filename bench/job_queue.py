"""The solver's job queue, measured: Huey's SQL storage (jobs/, on SQLite and PostgreSQL)
beside Dask distributed and the old threads of the web process, in one run.

For each way of running solver work, with two worker processes (Dask: a local cluster
whose scheduler runs in this process, as it would in the app's):

* the latency from submit to result of a trivial job (median of ``--trivial``),
* the latency of a real hint (``strategy.hints.hint`` on a mid-round Partners view, a
  node cap and a seed; median of ``--hints``),
* the wall time of ``--reviews`` review judgements (``strategy.review.judge_move`` over
  recorded rounds of several games, ``--deals`` deals each), submitted at once,
* this process's CPU while those judgements run (the web server's share: for threads it
  is the work itself; for the queues the submitting, the watching and Dask's scheduler).

    .venv/bin/python bench/job_queue.py                    # SQLite, Dask, threads
    .venv/bin/python bench/job_queue.py --postgres         # and a throwaway PostgreSQL

Dask is not one of the app's dependencies: ``.venv/bin/pip install distributed`` first to
compare it (its row is left out otherwise).
"""

from __future__ import annotations

import argparse
import contextlib
import operator
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import jobs  # noqa: E402
from matches.game import Game, Setup  # noqa: E402
from strategy.hints import hint  # noqa: E402
from strategy.review import decision_points, judge_move  # noqa: E402
from strategy.solver import warm  # noqa: E402
from tests.support.rounds import played as played_round  # noqa: E402

GAMES = [("laplaza_partners", 4), ("laplaza_1v1", 2), ("all_fives", 2), ("block", 3), ("kozel", 4)]


def cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def played(preset: str, players: int, seed: str) -> Game:
    return played_round(Setup(preset, players, (), seed, ("human",) + ("strong",) * (players - 1)), seed)


def judgements(count: int) -> list[tuple]:
    found, i = [], 0
    while len(found) < count:
        preset, players = GAMES[i % len(GAMES)]
        game = played(preset, players, f"bench-jobs:{i}")
        found += [(game, 0, ply, before) for ply, before in decision_points(game, 0)]
        i += 1
    return found[:count]


def hint_view():
    game = played("laplaza_partners", 4, "bench-jobs:hint")
    _, middle = decision_points(game, 0)[1]
    return middle.view(middle.turn)


class Jobs:
    """jobs.submit in a mode (queue: with its worker processes)."""

    def __init__(self, name: str, url: str | None, processes: int) -> None:
        self.name, self.url, self.processes, self.worker = name, url, processes, None

    def __enter__(self):
        os.environ["CAPICU_JOBS"] = "queue" if self.url else "threads"
        if self.url:
            os.environ["CAPICU_JOBS_URL"] = self.url
            jobs._client = None
            self.worker = subprocess.Popen([sys.executable, "-m", "jobs.worker", "--processes", str(self.processes),
                                            "--store", self.url, "--warm", "strategy.solver:warm",
                                            "--parent", str(os.getpid())], cwd=ROOT,
                                           stdout=subprocess.PIPE, text=True)
            self.worker.stdout.readline()
        else:
            jobs._threads = jobs._Threads(self.processes)
        return self

    def submit(self, fn, *args, priority=jobs.REVIEW, **kwargs):
        return jobs.submit(fn, args, kwargs, priority=priority)

    def __exit__(self, *_):
        if self.worker:
            self.worker.terminate()
            self.worker.wait(30)
        os.environ.pop("CAPICU_JOBS", None)


class Dask:
    """Dask distributed: a local cluster of worker processes, its scheduler in this process."""

    name = "dask distributed"

    def __init__(self, processes: int) -> None:
        self.processes = processes

    def __enter__(self):
        import dask
        from distributed import Client, LocalCluster

        dask.config.set({"distributed.scheduler.allowed-failures": 1, "distributed.worker.daemon": False})
        self.cluster = LocalCluster(n_workers=self.processes, threads_per_worker=1, processes=True,
                                    dashboard_address=None)
        self.client = Client(self.cluster)
        self.client.run(warm)
        self.client.run(os.nice, jobs.NICENESS)  # as niced as the queue's workers and the threads
        return self

    def submit(self, fn, *args, priority=jobs.REVIEW, **kwargs):
        return self.client.submit(fn, *args, priority=priority, pure=False, **kwargs)

    def __exit__(self, *_):
        self.client.close()
        self.cluster.close()


def measure(way, args, view, work) -> dict:
    with way as runner:
        runner.submit(operator.add, 1, 2).result(120)  # the first one sets things up
        trivial = []
        for i in range(args.trivial):
            start = time.perf_counter()
            runner.submit(operator.add, i, 1, priority=jobs.HINT).result(120)
            trivial.append(time.perf_counter() - start)
        hints = []
        for i in range(args.hints):
            start = time.perf_counter()
            runner.submit(hint, view, seed=i, budget=None, max_nodes=args.hint_nodes, priority=jobs.HINT).result(600)
            hints.append(time.perf_counter() - start)
        mine, start = cpu(), time.perf_counter()
        futures = [runner.submit(judge_move, *w, deals=args.deals) for w in work]
        for f in futures:
            f.result(3600)
        wall = time.perf_counter() - start
        return {"trivial": statistics.median(trivial), "hint": statistics.median(hints), "reviews": wall,
                "per_s": len(work) / wall, "web_cpu": cpu() - mine, "web_share": (cpu() - mine) / wall}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--trivial", type=int, default=30)
    ap.add_argument("--hints", type=int, default=5)
    ap.add_argument("--hint-nodes", type=int, default=2_000_000)
    ap.add_argument("--reviews", type=int, default=100)
    ap.add_argument("--deals", type=int, default=64)
    ap.add_argument("--postgres", action="store_true", help="also Huey on a throwaway PostgreSQL")
    ap.add_argument("--only", default="", help="comma-separated: huey-sqlite,huey-postgres,dask,threads")
    args = ap.parse_args()
    warm()
    view, work = hint_view(), judgements(args.reviews)
    folder = Path(tempfile.mkdtemp(prefix="capicu-jobs-bench-"))
    with contextlib.ExitStack() as stack:
        ways = {"huey-sqlite": lambda: Jobs("huey, SQLite", f"sqlite:///{folder / 'jobs.sqlite3'}", args.workers)}
        if args.postgres:
            from tests.support.postgres import new_database, postgres_server

            base = stack.enter_context(postgres_server())
            ways["huey-postgres"] = lambda: Jobs("huey, PostgreSQL", new_database(base), args.workers)
        try:
            import importlib

            importlib.import_module("distributed")  # not a dependency of the app: pip install distributed
            ways["dask"] = lambda: Dask(args.workers)
        except ImportError:
            print("(Dask distributed is not installed: .venv/bin/pip install distributed to compare it)")
        ways["threads"] = lambda: Jobs("threads in the web process", None, args.workers)
        chosen = [w for w in args.only.split(",") if w in ways] or list(ways)
        print(f"{args.workers} workers; {args.reviews} judgements at {args.deals} deals; hint {args.hint_nodes:,} nodes;"
              f" {os.cpu_count()} cores")
        print(f"{'way':28} {'trivial':>8} {'hint':>7} {'reviews':>8} {'judged/s':>8} {'web CPU':>8} {'web share':>9}")
        for key in chosen:
            way = ways[key]()
            r = measure(way, args, view, work)
            print(f"{way.name:28} {r['trivial'] * 1000:6.1f}ms {r['hint']:6.2f}s {r['reviews']:7.1f}s "
                  f"{r['per_s']:8.2f} {r['web_cpu']:7.2f}s {r['web_share']:8.1%}", flush=True)


if __name__ == "__main__":
    main()
