"""The queue's order beyond priorities: a worker kept for hints, each owner in turn, the
count a waiting player sees, and the purge of what nobody collected."""

from __future__ import annotations

import datetime

import jobs
from jobs.store import open_queue, purge, revoke
from tests.jobs import helpers
from tests.jobs.conftest import running_workers, wait_until


def test_a_hint_never_waits_behind_a_review_and_each_owner_takes_turns(queue_mode, tmp_path):
    store = f"sqlite:///{tmp_path / 'jobs.sqlite3'}"
    queue_mode(store)
    order, go = str(tmp_path / "order"), str(tmp_path / "go")
    with running_workers(store, processes=1):  # and one worker kept for hints (the default)
        blocker = jobs.submit(helpers.wait_for_file, (go,))  # a long review holds the one worker
        wait_until(lambda: open_queue().pending_count() == 0, "the worker took the long review")
        assert jobs.submit(helpers.note, (str(tmp_path / "hint"), "hint"), priority=jobs.HINT).result(120) == "hint"
        assert not blocker.done(), "the hint was done while the review still held its worker"
        busy = [jobs.submit(helpers.note, (order, f"a{i}"), owner="table A") for i in range(20)]
        late = jobs.submit(helpers.note, (order, "b"), owner="table B")
        assert late.ahead() == 1, "only table A's first job goes before table B's one"
        assert busy[-1].ahead() == 20 and busy[0].ahead() == 0
        (tmp_path / "go").write_text("go")
        for job in busy + [late]:
            job.result(120)
        assert late.ahead() == 0
    ran = open(order, encoding="utf-8").read().split()
    assert ran[:3] == ["a0", "b", "a1"] and sorted(ran) == sorted([f"a{i}" for i in range(20)] + ["b"])


def test_the_threads_keep_one_for_hints_and_the_same_turns(monkeypatch, tmp_path):
    pool = jobs._Threads(workers=1, hint_workers=1)
    go = str(tmp_path / "go")
    blocker = pool.submit(helpers.wait_for_file, (go,), {}, jobs.REVIEW, jobs.REVIEW + 0.5)
    wait_until(blocker.running, "the review thread took the long review")
    queued = [pool.submit(helpers.note, (str(tmp_path / "order"), str(i)), {}, jobs.REVIEW, order)
              for i, order in enumerate([jobs.REVIEW + 0.5, jobs.REVIEW + 1 / 3, jobs.REVIEW + 0.5])]
    assert [job.ahead() for job in queued] == [0, 2, 1]
    assert pool.submit(helpers.note, (str(tmp_path / "hint"), "hint"), {}, jobs.HINT, jobs.HINT + 0.5).result(60)
    assert not blocker.done()
    (tmp_path / "go").write_text("go")
    for job in queued:
        job.result(60)
    assert open(tmp_path / "order", encoding="utf-8").read().split() == ["0", "2", "1"]


def test_fair_turns_start_again_once_an_owner_has_nothing_open():
    fair = jobs._Fair()
    first, done_first = fair.place("A", jobs.REVIEW)
    second, done_second = fair.place("A", jobs.REVIEW)
    other, _ = fair.place("B", jobs.REVIEW)
    assert first == other > second > jobs.REVIEW and first < jobs.REVIEW + 1
    assert fair.place("A", jobs.HINT)[0] == jobs.HINT + 0.5  # each priority has its own turns
    done_first(), done_second()
    assert fair.place("A", jobs.REVIEW)[0] == first


def test_results_nobody_collected_and_old_cancellations_are_purged(tmp_path):
    huey = open_queue(f"sqlite:///{tmp_path / 'jobs.sqlite3'}")
    now = 1_000_000_000.0
    huey.put_result("old", ("ok", 1, now - 2 * 24 * 3600))
    huey.put_result("fresh", ("ok", 2, now - 60))
    huey.revoke_by_id("gone", revoke_until=datetime.datetime.fromtimestamp(now - 1, datetime.timezone.utc))
    revoke(huey, "cancelled now")  # runs out a day from the real clock: kept
    assert purge(huey, now=now) == 2
    left = {key for key, _ in huey.storage.kv(huey.storage.KV.key, huey.storage.KV.value).tuples()}
    assert "fresh" in left and "old" not in left and len(left) == 2


def test_cancel_all_drops_the_queued_and_stops_the_running(tmp_path):
    """What the suite calls after each test, and a stopping server would: nothing queued
    starts, and the job under way stops at its next look at CANCEL."""
    pool = jobs._Threads(workers=1, hint_workers=0)
    folder = tmp_path / "spin"
    folder.mkdir()
    running = pool.submit(helpers.spin_until_cancelled, (str(folder),), {}, jobs.REVIEW, jobs.REVIEW + 0.5)
    wait_until(lambda: (folder / "started").exists(), "the thread took the spinning job")
    queued = [pool.submit(helpers.note, (str(tmp_path / "order"), str(i)), {}, jobs.REVIEW, jobs.REVIEW + 0.5)
              for i in range(3)]
    assert pool.cancel_all() == 4
    assert running.result(60) == "stopped" and (folder / "stopped").read_text() == "yes"
    assert all(job.cancelled() for job in queued)
    assert not (tmp_path / "order").exists(), "a cancelled job was started"
    assert pool.cancel_all() == 0
