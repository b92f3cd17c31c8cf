"""The solver's job queue (jobs/): real worker processes on a SQLite file and on PostgreSQL."""

from __future__ import annotations

import os
import sys

import pytest

import jobs
from tests.support.rounds import played
from matches.game import Setup
from strategy.hints import hint
from strategy.review import decision_points, judge_move
from tests.jobs import helpers
from tests.jobs.conftest import running_workers, wait_until


def test_a_worker_judges_and_hints_exactly_as_the_server_would(store, queue_mode):
    """A review judgement and a hint (node cap, seed) from a worker process equal the
    same work done in this process; the review's RoundJudge gets them through the queue."""
    from strategy.review_queue import RoundJudge

    queue_mode(store)
    game = played(Setup("block", 2, (), "jobs", ("human", "casual")), seed=2)
    points = decision_points(game, 0)[-3:]  # the round's last choices: judged in a moment
    assert len(points) >= 2
    partners = played(Setup("laplaza_partners", 4, (), "jobs", ("human", "casual", "casual", "casual")), seed=4)
    _, middle = decision_points(partners, 0)[1]
    view = middle.view(middle.turn)
    with running_workers(store, processes=2, warm="strategy.solver:warm"):
        hinted = jobs.submit(hint, (view,), {"seed": 11, "budget": None, "max_nodes": 300_000}, priority=jobs.HINT)
        judge = RoundJudge(0)
        for ply, before in points:
            judge.decided(game, before, ply)
        round_review = judge.wait(timeout=600)
        there = hinted.result(600)
    here = hint(view, seed=11, budget=None, max_nodes=300_000)
    assert (there.best, there.facts, there.evaluation.deals, list(there.evaluation.expected)) == (
        here.best, here.facts, here.evaluation.deals, list(here.evaluation.expected))
    assert round_review is not None and not judge.failed() and judge.total == len(points)
    assert [d.to_dict() for d in round_review.decisions] == [judge_move(game, 0, p, b).to_dict() for p, b in points]


def test_a_cancelled_job_stops_and_one_not_started_never_starts(store, queue_mode, tmp_path):
    queue_mode(store)
    with running_workers(store, processes=1):
        running = jobs.submit(helpers.spin_until_cancelled, (str(tmp_path),))
        wait_until(lambda: (tmp_path / "started").exists(), "the job started")
        never = jobs.submit(helpers.note, (str(tmp_path / "never"), "ran"))  # queued behind it
        assert never.cancel() and never.cancelled()
        assert running.cancel() and running.cancelled()  # its waiters are let go at once
        wait_until(lambda: (tmp_path / "stopped").exists(), "the running job saw its cancellation and stopped")
        after = jobs.submit(helpers.note, (str(tmp_path / "after"), "ran"))
        assert after.result(120) == "ran"  # the worker is free again, and the cancelled one was skipped
        assert not (tmp_path / "never").exists()


def test_a_job_that_kills_its_worker_is_retried_once_then_reported(store, queue_mode, tmp_path):
    queue_mode(store)
    with running_workers(store, processes=1):
        assert jobs.submit(helpers.crash_once, (str(tmp_path / "once"),)).result(120) == "survived"
        doomed = jobs.submit(helpers.crash_always, (str(tmp_path / "tries"),))
        with pytest.raises(jobs.JobCrashed):
            doomed.result(120)
        assert (tmp_path / "tries").read_text().split() == ["try", "try"]  # once, and once more
        failing = jobs.submit(helpers.fail)
        with pytest.raises(ValueError, match="the job's own error"):
            failing.result(120)  # an exception of the job itself comes back as itself
        assert jobs.submit(helpers.note, (str(tmp_path / "alive"), "ok")).result(120) == "ok"  # workers restarted


def test_a_waiting_hint_goes_before_a_review_before_work_ahead(queue_mode, tmp_path):
    store = f"sqlite:///{tmp_path / 'jobs.sqlite3'}"
    queue_mode(store)
    order = str(tmp_path / "order")
    with running_workers(store, processes=1):
        blocker = jobs.submit(helpers.wait_for_file, (str(tmp_path / "go"),))
        wait_until(lambda: jobs.store.open_queue().pending_count() == 0, "the worker took the first job")
        queued = [jobs.submit(helpers.note, (order, name), priority=priority)
                  for name, priority in [("ahead", jobs.AHEAD), ("review", jobs.REVIEW), ("hint", jobs.HINT),
                                         ("review2", jobs.REVIEW)]]
        (tmp_path / "go").write_text("go")
        assert blocker.result(120) == "released"
        for job in queued:
            job.result(120)
    assert open(order, encoding="utf-8").read().split() == ["hint", "review", "review2", "ahead"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="niceness is a Linux/Unix feature")
def test_workers_yield_to_the_server_relative_to_its_own_priority(queue_mode, tmp_path):
    """Workers run NICENESS steps below the process that starts them, also when that one
    is niced already (the old pool set exactly 10, which yields nothing under nice 10)."""
    store = f"sqlite:///{tmp_path / 'jobs.sqlite3'}"
    queue_mode(store)
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    with running_workers(store, processes=1):
        assert jobs.submit(helpers.niceness).result(120) == min(19, mine + jobs.NICENESS)


def test_the_threads_mode_keeps_the_same_job_interface(monkeypatch, tmp_path):
    """Without CAPICU_JOBS=queue (the page tests) jobs run on niced threads of this process,
    with the same priorities, cancellation and errors."""
    monkeypatch.delenv("CAPICU_JOBS", raising=False)
    job = jobs.submit(helpers.spin_until_cancelled, (str(tmp_path),), priority=jobs.HINT)
    wait_until(lambda: (tmp_path / "started").exists(), "the job started")
    job.cancel()
    wait_until(lambda: (tmp_path / "stopped").exists(), "the running job stopped")
    with pytest.raises(ValueError):
        jobs.submit(helpers.fail).result(60)
