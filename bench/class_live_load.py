"""A whole class on the real pages: 40 phones join, wait, answer in the same second, and
the teacher's screen follows — what each phone costs the server, and how fast it all shows.

Run: .venv/bin/python bench/class_live_load.py --students 40 --questions 3
     .venv/bin/python bench/class_live_load.py --students 40 --postgres   (or --db-url postgresql+psycopg://…)

A server (``streamlit run serve.py``, the app with its live feed) is started on a free
loopback port with a fresh database. Every phone and the teacher's screen is a real
Streamlit session on it, speaking the websocket protocol a browser's page speaks
(tests/support/streamlit_client.py): it opens the join page with its link, types its
nickname and presses *Join*, picks an answer and presses *Check*; its live watcher waits on
the feed and reruns its fragment when the quiz moves, as ui/parts/live/watch.js does in the
browser. The teacher's screen is the class page opened by its resume link; the teacher
presses *Start*, *Show the answer* and *Next question* on it.

Printed: join times; the server's CPU per idle phone (in the lobby, and with the answer
sent): what N waiting phones add to the same server with only the teacher's screen on; each phone's time from
*Check* to "Answer sent" on its screen, and the server CPU an answer costs; the time from
the last tap to the teacher's count showing everyone; answers stored against answers sent.
The exit code is 1 when an answer is lost or doubled, or a join fails.

The browser's own side, which this client does not do, is tested in real Chromium
(tests/e2e/test_class_e2e.py): a waiting phone's page asks the server for no run at all,
and follows the teacher when the feed wakes its watcher; a restarted server's phones load
again by themselves. ``--busy K`` keeps K more processes spinning meanwhile, as a teacher's
laptop running other things.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from classroom.quiz import open_quiz_store  # noqa: E402
from tests.support.live_client import Follower  # noqa: E402
from tests.support.streamlit_client import PageSession  # noqa: E402
from tests.support.streamlit_server import ROOT, cpu_seconds, streamlit_server  # noqa: E402

APP = ROOT / "serve.py"
#: Questions whose answers are buttons (so a phone answers with a pick and Check).
PUZZLES = ["fives:all_fives:2:12531294", "round_score:laplaza_partners:4:1", "next_leader:laplaza_partners+partners_pagat:4:1"]
PHONE_WATCH = ("class_join_watch",)
TEACHER_WATCH = ("class_lobby_watch", "class_live_watch")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s, p95 {pct(values, 0.95):.2f} s, max {max(values):.2f} s"


class Phone:
    def __init__(self, base: str, code: str, n: int) -> None:
        self.name = f"Student{n:02d}"
        self.session = PageSession(base, "join", {"join": code, "me": f"bench-phone-{n:04d}"})
        self.lock = asyncio.Lock()
        self.follower = Follower(self.session, PHONE_WATCH, self.lock)
        self.join_s = None

    async def join(self) -> None:
        start = time.monotonic()
        await self.session.open()
        async with self.lock:
            self.session.set_text("class_nickname", self.name)
            trigger, fragment = self.session.click("class_join")
            await self.session.rerun([trigger], fragment_id=fragment)
        await self.session.wait_for("You're in", after=start, timeout=60)
        self.join_s = time.monotonic() - start
        self.follower.start()

    async def answer(self, code: str, question: int, tapped: list[float]) -> float:
        """Pick the first option and press Check; seconds from the press to "Answer sent"."""
        key = f"class:{code}:{question}"
        await self.session.wait_for("Choose your answer", after=0, timeout=60)
        while not any(key in s.widget_id for s in self.session.seen):
            await asyncio.sleep(0.02)
        async with self.lock:
            picked = self.session.set_pick(f"{key}:pick", [self._first_option(key)])
            await self.session.rerun(fragment_id=picked.fragment_id)
            trigger, fragment = self.session.click(f"{key}:check")
            start = time.monotonic()
            tapped.append(start)
            await self.session.rerun([trigger], fragment_id=fragment)
        await self.session.wait_for("Answer sent", after=start, timeout=30)
        return time.monotonic() - start

    def _first_option(self, key: str) -> str:
        group = self.session.widget(f"{key}:pick", "button_group").element.button_group
        return group.options[0].content


async def cpu_rate(pid: int, seconds: float) -> float:
    before, start = cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(seconds)
    return (cpu_seconds(pid) - before) / (time.monotonic() - start)


async def teacher_press(teacher: PageSession, lock: asyncio.Lock, key: str) -> None:
    async with lock:
        trigger, fragment = teacher.click(key)
        await teacher.rerun([trigger], fragment_id=fragment)


async def run_class(base: str, pid: int, db_url: str, n: int, questions: int, idle_s: float) -> int:
    quizzes = open_quiz_store(db_url)
    try:
        quiz, secret = _create(quizzes, n, questions)
        code = quiz.code
        print(f"quiz {code}: {questions} questions, {n} phones")
        quiet = await cpu_rate(pid, idle_s)
        print(f"server with nobody connected: {quiet:.4f} CPU-s per second")

        teacher = PageSession(base, "class", {"quiz": code, "key": secret})
        teacher_lock = asyncio.Lock()
        await teacher.open()
        teacher_follow = Follower(teacher, TEACHER_WATCH, teacher_lock)
        teacher_follow.start()
        alone = await cpu_rate(pid, idle_s)
        print(f"the teacher's screen alone, in the lobby: {alone:.4f} CPU-s per second")

        phones = [Phone(base, code, i) for i in range(n)]
        start = time.monotonic()
        results = await asyncio.gather(*(p.join() for p in phones), return_exceptions=True)
        all_in = time.monotonic() - start
        failed = [r for r in results if isinstance(r, BaseException)]
        joined = [p.join_s for p in phones if p.join_s is not None]
        print(f"joined: {len(joined)} of {n} in {all_in:.2f} s in all; per phone {spread(joined)}")
        if failed:
            print(f"joins failed: {len(failed)} ({failed[0]!r})")
        in_class = quizzes.player_count(code)
        print(f"students stored: {in_class} of {n}")
        failed = failed or ([f"{n - in_class} joins lost"] if in_class != n else [])

        lobby = await cpu_rate(pid, idle_s)
        print(f"lobby, {n} phones waiting: {lobby:.4f} CPU-s per second, "
              f"{max(0.0, lobby - alone) / n:.5f} per idle phone")

        lost = 0
        for q in range(questions):
            key = "class_start" if q == 0 else "class_next"
            moved = time.monotonic()
            await teacher_press(teacher, teacher_lock, key)
            shown = await asyncio.gather(*(p.session.wait_for("Choose your answer", after=moved, timeout=60)
                                           for p in phones))
            print(f"question {q + 1}: on every phone {max(s.at for s in shown) - moved:.2f} s after the teacher's press")
            tapped: list[float] = []
            cpu_before = cpu_seconds(pid)
            sent = await asyncio.gather(*(p.answer(code, q, tapped) for p in phones), return_exceptions=True)
            cpu_answers = cpu_seconds(pid) - cpu_before
            ok = [s for s in sent if isinstance(s, float)]
            if len(ok) < n:
                print(f"  answers that failed: {n - len(ok)} ({next(s for s in sent if not isinstance(s, float))!r})")
            last_tap = max(tapped) if tapped else time.monotonic()
            count = await teacher.wait_for(f"{n} of {n}", after=moved, timeout=30, kind="metric")
            print(f"  taps within {max(tapped) - min(tapped):.2f} s; 'Answer sent' on the phone {spread(ok)}")
            print(f"  server CPU for the answers: {cpu_answers / n * 1000:.1f} ms per answer (pick and Check)")
            print(f"  teacher's count at {n} of {n}: {max(0.0, count.at - last_tap):.2f} s after the last tap")
            waiting = await cpu_rate(pid, idle_s)
            print(f"  {n} phones waiting with the answer sent: {waiting:.4f} CPU-s per second, "
                  f"{max(0.0, waiting - alone) / n:.5f} per idle phone")
            stored = len(quizzes.answers(code, secret, q))
            print(f"  stored {stored} of {len(ok)} answers sent")
            lost += abs(len(ok) - stored) + (n - len(ok))
            revealed = time.monotonic()
            await teacher_press(teacher, teacher_lock, "class_reveal")
            verdicts = await asyncio.gather(*(p.session.wait_for("Wait for the next question", after=revealed,
                                                                  timeout=60) for p in phones))
            print(f"  reveal on every phone {max(v.at for v in verdicts) - revealed:.2f} s after the press")
        reruns = sum(p.follower.reruns for p in phones)
        print(f"watcher reruns on the phones: {reruns} ({reruns / n:.1f} per phone for {2 * questions} moves); "
              f"feed polls answered: {sum(p.follower.polls for p in phones)}")
        for p in phones:
            await p.follower.stop()
            await p.session.close()
        await teacher_follow.stop()
        await teacher.close()
        errors = [e for p in phones for e in p.session.errors] + teacher.errors
        if errors:
            print(f"page errors: {len(errors)}: {errors[0][:200]}")
        print(f"stored answers: {sum(len(quizzes.answers(code, secret, q)) for q in range(questions))} "
              f"of {n * questions}")
        return 1 if lost or failed or errors else 0
    finally:
        quizzes.close_store()


def _create(quizzes, n: int, questions: int):
    ids = (PUZZLES * questions)[:questions]
    # every phone comes from this one loopback address: no per-connection limit here
    return quizzes.create(ids, title="Bench", lang="en", capacity=max(n, 1), per_address=0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--questions", type=int, default=3)
    parser.add_argument("--idle", type=float, default=15.0, help="seconds of each idle measurement")
    parser.add_argument("--db-url", help="a database (default: a fresh SQLite file)")
    parser.add_argument("--postgres", action="store_true",
                        help="a throwaway PostgreSQL server for the run (Debian's postgresql)")
    parser.add_argument("--busy", type=int, default=0,
                        help="processes that keep a core busy meanwhile, as other jobs on a shared laptop")
    args = parser.parse_args()
    with ExitStack() as stack:
        for _ in range(args.busy):
            import subprocess

            hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
            stack.callback(hog.wait)
            stack.callback(hog.kill)
        if args.postgres:
            from tests.support.postgres import new_database, postgres_server

            db_url = new_database(stack.enter_context(postgres_server()))
            env = {"CAPICU_DB_URL": db_url}
        elif args.db_url:
            db_url = args.db_url
            env = {"CAPICU_DB_URL": db_url}
        else:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="capicu-class-")))
            db_url = f"sqlite:///{folder / 'capicu.sqlite3'}"
            env = {"CAPICU_DB_PATH": str(folder / "capicu.sqlite3"), "CAPICU_DB_URL": ""}
        env["CAPICU_JOIN_BURST"] = "0"  # every phone comes from the loopback: no limit of joins a minute
        started = time.monotonic()
        base, process = stack.enter_context(streamlit_server(APP, env=env))
        print(f"server {base} (pid {process.pid}) up in {time.monotonic() - started:.1f} s on {os.cpu_count()} cores; "
              f"load {os.getloadavg()[0]:.1f}")
        if os.environ.get("CAPICU_BENCH_PROFILE"):  # py-spy on the server, for finding what costs
            import subprocess
            subprocess.Popen(["py-spy", "record", "-p", str(process.pid), "-o", os.environ["CAPICU_BENCH_PROFILE"],
                              "-f", "raw", "-r", "100", "-d", os.environ.get("CAPICU_BENCH_PROFILE_S", "30")])
        return asyncio.run(run_class(base, process.pid, db_url, args.students, args.questions, args.idle))


if __name__ == "__main__":
    sys.exit(main())
