"""A class of 40 at once (issue 44): tables of four students playing at a human pace,
asking for hints, every decision reviewed, on the job queue's workers.

Each table is a thread of this process (the web server's part): four students, scripted
``casual`` and ``strong`` players, each real choice taking ``--pace`` seconds (drawn
from 0.5x to 1.5x) and a forced move half a second. At a real choice a student asks for a
hint with probability ``--hint-rate`` and waits for it (a :data:`jobs.HINT` job, seeded
from the position, the page's caps); then plays, and the move goes to the review (a
:data:`jobs.REVIEW` job: ``strategy.review.judge``, the page's caps and seeds), each
student's jobs under its own owner (the queue's turns). Workers are ``python -m
jobs.worker`` supervisors ("machines"), started by this bench: ``--machines 1x2,2x1``
runs once with one machine of two worker processes and once with two machines of one
each; when the machines' processes fit the cores, each machine is pinned to its own cores
(``taskset``), so two machines of one core are twice the cores of one.

Printed per run (store x machines):

* *round end -> all reviews stored*: per table and round, from the round's last move
  until its every judgement was stored (median, p95; ``>limit`` when not all were);
* *hint latency*: from asking to the hint in hand (median, p95);
* *page step*: this process's own work for a move (apply it, submit its jobs: what a
  page does before it answers; median, p95);
* *drain*: judgements stored per second from the end of play until the backlog was empty
  (or ``--limit`` ran out), and how many were left.

    .venv/bin/python bench/class_load.py --tables 10 --rounds 1 --machines 1x2 --stores sqlite,postgres
    .venv/bin/python bench/class_load.py --tables 5 --machines 1x1,2x1 --limit 240

The machine it runs on is shared or not: say so beside the figures (docs/performance.md).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import jobs  # noqa: E402
from engine import Rules, deal  # noqa: E402
from strategy.bots import get_bot  # noqa: E402
from strategy.evaluate import position_seed, seed_number  # noqa: E402
from strategy.hints import hint  # noqa: E402
from strategy.review import is_choice, judge  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "class_load.jsonl"


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class Run:
    """One class session on one store with some worker machines."""

    def __init__(self, args, store: str, machines: int, cores: int) -> None:
        self.args, self.store, self.machines, self.cores = args, store, machines, cores
        self.lock = threading.Lock()
        self.hints: list[float] = []
        self.steps: list[float] = []
        self.rounds: list[tuple[float, list]] = []  # (round end, its judgement futures)
        self.judged: list[float] = []  # when each judgement was stored (monotonic)

    def start_workers(self) -> list[subprocess.Popen]:
        count = os.cpu_count() or 1
        pin = self.machines * self.cores <= count and shutil.which("taskset")
        started = []
        for m in range(self.machines):
            command = [sys.executable, "-m", "jobs.worker", "--processes", str(self.cores),
                       "--hint-slots", str(self.args.hint_slots), "--niceness", str(self.args.niceness),
                       "--store", self.store,
                       "--warm", "strategy.solver:warm", "--parent", str(os.getpid())]
            if pin:
                cpus = ",".join(str(m * self.cores + c) for c in range(self.cores))
                command = ["taskset", "-c", cpus] + command
            worker = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            line = worker.stdout.readline()
            if not line.startswith("jobs.worker:"):
                raise SystemExit(f"a worker did not start: {line}")
            threading.Thread(target=worker.stdout.read, daemon=True).start()
            started.append(worker)
        return started

    def table(self, number: int) -> None:
        args = self.args
        rng = random.Random(f"class:{number}")
        levels = ["casual", "strong", "casual", "strong"] if number % 2 else ["strong", "casual", "strong", "casual"]
        for round_number in range(args.rounds):
            rnd = deal(Rules.preset(args.preset), seed=seed_number(f"class:{number}:{round_number}"))
            futures = []
            ply = 0
            while not rnd.is_over:
                seat = rnd.turn
                view = rnd.view(seat)
                choice = is_choice(rnd)
                time.sleep(args.pace * rng.uniform(0.5, 1.5) if choice else 0.5)
                hinted = False
                if choice and rng.random() < args.hint_rate:
                    asked = time.monotonic()
                    job = jobs.submit(hint, (view,), {"seed": position_seed(view)}, priority=jobs.HINT,
                                      owner=f"student:{number}:{seat}")
                    job.result()
                    with self.lock:
                        self.hints.append(time.monotonic() - asked)
                    hinted = True
                action = str(get_bot(levels[seat]).choose(view, rng))
                began = time.perf_counter()
                before = rnd.copy()
                rnd.apply(action)
                if choice:
                    job = jobs.submit(judge, (before, ply, action, hinted),
                                      {"seed": seed_number(f"class:{number}:{round_number}:{ply}")},
                                      priority=jobs.REVIEW, owner=f"seat:{number}:{seat}")
                    job.add_done_callback(self._stored)
                    futures.append(job)
                with self.lock:
                    self.steps.append(time.perf_counter() - began)
                ply += 1
            with self.lock:
                self.rounds.append((time.monotonic(), futures))

    def _stored(self, _job) -> None:
        with self.lock:
            self.judged.append(time.monotonic())

    def play(self) -> dict:
        os.environ["CAPICU_JOBS"], os.environ["CAPICU_JOBS_URL"] = "queue", self.store
        jobs._client = None  # a client for this store
        workers = self.start_workers()
        try:
            began = time.monotonic()
            tables = [threading.Thread(target=self.table, args=(n,), daemon=True) for n in range(self.args.tables)]
            for t in tables:
                t.start()
            for t in tables:
                t.join()
            played = time.monotonic()
            with self.lock:
                stored_at_end = len(self.judged)
            total = sum(len(f) for _, f in self.rounds)
            deadline = played + self.args.limit
            while time.monotonic() < deadline and any(not f.done() for _, fs in self.rounds for f in fs):
                time.sleep(0.2)
            drained = time.monotonic()
            left = sum(not f.done() for _, fs in self.rounds for f in fs)
            for _, fs in self.rounds:
                for f in fs:
                    if not f.done():
                        f.cancel()
        finally:
            for worker in workers:
                worker.terminate()
            for worker in workers:
                worker.wait(30)
        waits = []
        for end, fs in self.rounds:
            if fs and all(f.done() and not f.cancelled() for f in fs):
                waits.append(max(self._when(f) for f in fs) - end)
            elif fs:
                waits.append(float("inf"))
        after = (total - left) - stored_at_end
        return {
            "store": "postgresql" if "postgres" in self.store or "psycopg" in self.store else "sqlite",
            "machines": self.machines, "cores": self.cores, "hint_slots": self.args.hint_slots, "niceness": self.args.niceness,
            "tables": self.args.tables, "rounds": self.args.rounds, "pace": self.args.pace,
            "hint_rate": self.args.hint_rate, "play_s": round(played - began, 1),
            "judgements": total, "left": left,
            "round_to_reviews_median": pct(waits, 0.5), "round_to_reviews_p95": pct(waits, 0.95),
            "hints": len(self.hints), "hint_median": pct(self.hints, 0.5), "hint_p95": pct(self.hints, 0.95),
            "step_median_ms": 1000 * (pct(self.steps, 0.5) or 0), "step_p95_ms": 1000 * (pct(self.steps, 0.95) or 0),
            "drain_per_s": round(after / max(1e-9, drained - played), 3) if after > 0 else 0.0,
            "drain_s": round(drained - played, 1),
            "load_before": os.getloadavg()[0],
        }

    @staticmethod
    def _when(future) -> float:
        return getattr(future, "stored_at", None) or time.monotonic()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--preset", default="laplaza_partners")
    ap.add_argument("--pace", type=float, default=4.0, help="seconds a student takes for a real choice (mean)")
    ap.add_argument("--hint-rate", type=float, default=0.1, help="share of real choices a hint is asked at")
    ap.add_argument("--machines", default="1x2", help="comma-separated runs: MACHINESxPROCESSES")
    ap.add_argument("--hint-slots", type=int, default=jobs.HINT_SLOTS)
    ap.add_argument("--niceness", type=int, default=jobs.NICENESS,
                    help="the workers' niceness below this process (0: a machine of workers only)")
    ap.add_argument("--stores", default="sqlite", help="comma-separated: sqlite,postgres")
    ap.add_argument("--limit", type=float, default=600.0, help="seconds after play to wait for the reviews")
    ap.add_argument("--save", action="store_true", help=f"append each run to {RESULTS.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    # the time each job was stored: its future completes then (the watcher's 50 ms look)
    original = jobs.Job.set_result

    def set_result(self, value):
        self.stored_at = time.monotonic()
        return original(self, value)

    jobs.Job.set_result = set_result
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        base = None
        for store_kind in args.stores.split(","):
            for spec in args.machines.split(","):
                machines, cores = (int(x) for x in spec.split("x"))
                if store_kind == "sqlite":
                    url = f"sqlite:///{folder / f'jobs-{machines}x{cores}.sqlite3'}"
                else:
                    from tests.support.postgres import new_database, postgres_server

                    if base is None:
                        base = stack.enter_context(postgres_server())
                    url = new_database(base)
                row = Run(args, url, machines, cores).play()
                row["at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
                print(json.dumps(row), flush=True)
                if args.save:
                    with RESULTS.open("a", encoding="utf-8") as out:
                        out.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
