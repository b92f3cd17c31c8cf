"""Several sessions saving at once lose no attempt: threads of one process sharing an
engine, two stores with their own pools, and a real second process."""

from __future__ import annotations

import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path

from progress import ProfileError, open_store
from storage.database import REPO_ROOT

from .conftest import attempt

DAY = date(2026, 11, 29)


def test_eight_threads_writing_fifty_attempts_each_lose_none(db_url: str) -> None:
    with open_store(db_url) as store:
        profiles = [store.create_profile(f"player {i}") for i in range(8)]
        start = threading.Barrier(8)

        def play(i: int) -> None:
            start.wait()  # all at once
            for n in range(50):
                store.record_attempt(profiles[i].id, attempt(DAY, puzzle=f"t{i}-{n}", correct=n % 2 == 0))

        with ThreadPoolExecutor(8) as pool:
            list(pool.map(play, range(8)))
        for i, profile in enumerate(profiles):
            df = store.attempts(profile.id)
            assert sorted(df["puzzle_id"]) == sorted(f"t{i}-{n}" for n in range(50))
            assert int(df["correct"].sum()) == 25


def test_threads_of_separate_stores_on_one_url_share_an_engine(db_url: str) -> None:
    # each Streamlit session may open its own Store: they share one engine (one pool)
    first, second = open_store(db_url), open_store(db_url)
    try:
        assert first._engine is second._engine
        first.close()
        second.create_profile("still works")  # closing one store does not close the other
    finally:
        second.close()


def test_two_stores_with_their_own_pools_lose_nothing(db_url: str) -> None:
    # two pools on one file: what two server processes would do
    one = open_store(db_url, share_engine=False)
    two = open_store(db_url, share_engine=False)
    try:
        assert one._engine is not two._engine
        ana = one.create_profile("Ana")
        start = threading.Barrier(4)

        def play(store, tag: str) -> None:
            start.wait()
            for n in range(50):
                store.record_attempt(ana.id, attempt(DAY, puzzle=f"{tag}-{n}"))

        writers = [(one, "a0"), (one, "a1"), (two, "b0"), (two, "b1")]  # two threads per "process"
        threads = [threading.Thread(target=play, args=writer) for writer in writers]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(set(one.attempts(ana.id)["puzzle_id"])) == 200
        assert len(two.attempts(ana.id)) == 200
    finally:
        one.close()
        two.close()


def test_two_sessions_creating_the_same_name_make_one_profile(db_url: str) -> None:
    one = open_store(db_url, share_engine=False)
    two = open_store(db_url, share_engine=False)
    outcomes: list[str] = []
    start = threading.Barrier(2)

    def create(store, name: str) -> None:
        start.wait()
        try:
            store.create_profile(name)
            outcomes.append("made")
        except ProfileError as error:
            outcomes.append(error.code)

    try:
        threads = [threading.Thread(target=create, args=args) for args in ((one, "Ana"), (two, "ANA"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == ["made", "name_taken"]
        assert len(one.profiles()) == 1
    finally:
        one.close()
        two.close()


CHILD = """
import sys
from datetime import date
sys.path.insert(0, sys.argv[1])
from progress import Attempt, open_store
store = open_store(sys.argv[2])
print("ready", flush=True)
sys.stdin.readline()  # start together with the parent
for n in range(50):
    played = Attempt(f"child-{n}", "count_points", "all_fives", True, 1, date(2026, 11, 29))
    store.record_attempt(int(sys.argv[3]), played)
store.close()
print("done", flush=True)
"""


def test_a_second_process_writing_at_the_same_time_loses_nothing(db_url: str) -> None:
    with open_store(db_url) as store:
        ana = store.create_profile("Ana")
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(REPO_ROOT), db_url, str(ana.id)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert child.stdout.readline().strip() == "ready", child.stderr.read()
            child.stdin.write("go\n")
            child.stdin.flush()
            for n in range(50):
                store.record_attempt(ana.id, attempt(DAY, puzzle=f"parent-{n}"))
            out, err = child.communicate(timeout=25)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        assert child.returncode == 0, err
        assert out.strip() == "done"
        ids = set(store.attempts(ana.id)["puzzle_id"])
        assert ids == {f"parent-{n}" for n in range(50)} | {f"child-{n}" for n in range(50)}


def test_the_file_after_concurrent_writes_passes_an_integrity_check(db_url: str, db_path: Path) -> None:
    import sqlite3

    with open_store(db_url) as store:
        ana = store.create_profile("Ana")
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda n: store.record_attempt(ana.id, attempt(DAY, puzzle=f"p{n}")), range(80)))
    con = sqlite3.connect(db_path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert con.execute("SELECT count(*) FROM capicu_attempts").fetchone()[0] == 80
    finally:
        con.close()
