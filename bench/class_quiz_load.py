"""A class of students answering the live quiz in the same second: none of their answers is lost.

Run: .venv/bin/python bench/class_quiz_load.py --students 40
     .venv/bin/python bench/class_quiz_load.py --students 40 --url http://127.0.0.1:8501 --db-url sqlite:////srv/capicu.sqlite3

Without ``--url`` a Streamlit server is started on a free loopback port with a fresh
SQLite database in a temporary folder (never data/); with ``--url`` give the database
that server uses (``--db-url``, else ``CAPICU_DB_URL``/``CAPICU_DB_PATH`` as the app reads it).

What it does, honestly: the server is checked over HTTP (its health endpoint, and the
students' join page answering with the app's page). Then a teacher opens a quiz and the
students join, through ``classroom.quiz`` on the very database the server uses; the
quiz goes to its first question and every student, one thread each, waits at a barrier
and answers at the same moment, the engine judging each answer as the join page does.
The teacher reveals; every student then reads back its own verdict. The browser side
(one websocket session per phone) is covered by tests/ui/test_class_pages.py, not here.

The last line printed is ``stored N of M answers``; the exit code is 1 when N < M or a
student could not read its verdict.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from classroom.quiz import QuizError, open_quiz_store  # noqa: E402
from puzzles import check, generate  # noqa: E402
from storage.database import database_url  # noqa: E402
from tests.support.answer_paths import right_response, wrong_response  # noqa: E402
from tests.support.streamlit_server import ROOT, streamlit_app  # noqa: E402

APP = ROOT / "serve.py"


def http_ok(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read(200_000).decode("utf-8", "replace")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--url", help="a running Capicú server (default: start one)")
    parser.add_argument("--db-url", help="the database that server uses")
    args = parser.parse_args()
    n = max(1, args.students)

    with ExitStack() as stack:
        if args.url:
            base, db_url = args.url.rstrip("/"), args.db_url or database_url()
        else:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="capicu-load-")))
            os.environ["CAPICU_DB_PATH"] = str(folder / "capicu.sqlite3")  # the server inherits it
            os.environ.pop("CAPICU_DB_URL", None)
            db_url = database_url()
            started = time.monotonic()
            base = stack.enter_context(streamlit_app(APP))
            print(f"server: {base} (started in {time.monotonic() - started:.1f} s), database {db_url}")

        status, _ = http_ok(f"{base}/_stcore/health")
        print(f"GET /_stcore/health: {status}")
        if status != 200:
            print(f"stored 0 of {n} answers")
            return 1

        quizzes = open_quiz_store(db_url)  # one shared pool, as one server process has
        stack.callback(quizzes.close_store)
        puzzle = generate("round_score", 4, game="laplaza_partners")
        quiz, secret = quizzes.create([puzzle.id], title="load test", lang="en")
        status, body = http_ok(f"{base}/join?join={quiz.code}")
        page = 'id="root"' in body
        print(f"GET /join?join={quiz.code}: {status}, the app's page: {page}")

        students = [quizzes.join(quiz.code, f"student {i + 1}", f"load-device-{i:04d}") for i in range(n)]
        quizzes.advance(quiz.code, secret)
        responses = [right_response(puzzle) if i % 3 else wrong_response(puzzle) for i in range(n)]
        barrier = threading.Barrier(n)
        latencies: list[float] = [0.0] * n
        failures: list[str] = []

        def answer(i: int) -> float:
            barrier.wait()  # everyone taps at the same moment
            begun = time.perf_counter()
            try:
                verdict = check(puzzle, responses[i], quiz.lang)  # as the join page does
                quizzes.answer(quiz.code, students[i].id, 0, responses[i], correct=verdict.correct)
            except QuizError as error:
                failures.append(f"student {i + 1}: {error.code}")
            latencies[i] = time.perf_counter() - begun
            return time.perf_counter()

        first = time.perf_counter()
        with ThreadPoolExecutor(n) as pool:
            finished = list(pool.map(answer, range(n)))
        spread = max(finished) - first
        print(f"{n} students answered in {spread:.2f} s; per answer median {statistics.median(latencies) * 1000:.0f} ms, "
              f"slowest {max(latencies) * 1000:.0f} ms")
        for line in failures[:10]:
            print(f"refused: {line}")

        # what the teacher's chart counts, then every student's own result after the reveal
        kept = quizzes.answers(quiz.code, secret, 0)
        print(f"teacher's count: {quizzes.answered_count(quiz.code, 0)} of {len(quizzes.players(quiz.code))} answered")
        quizzes.reveal(quiz.code, secret)
        expected = {s.id: bool(i % 3) for i, s in enumerate(students)}
        seen = 0
        for s in students:
            mine = quizzes.my_answer(quiz.code, s.id, 0)
            seen += mine is not None and mine.correct == expected[s.id]
        print(f"students who see their right verdict after the reveal: {seen} of {n}")
        status, _ = http_ok(f"{base}/_stcore/health")
        print(f"GET /_stcore/health after the load: {status}")
        print(f"stored {len(kept)} of {n} answers")
        return 0 if len(kept) == n and seen == n and status == 200 else 1


if __name__ == "__main__":
    raise SystemExit(main())
