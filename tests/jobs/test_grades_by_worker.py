"""A table's grades are written by the judging job itself: in queue mode by the worker
process, so they are kept even when the page that asked never collects the result."""

from __future__ import annotations

import jobs
from matches.game import Setup
from matches.table_grades import keep_at, store_url
from matches.table_review import SeatJudge
from matches.table_store import TableStore
from progress import open_store
from strategy.review import decision_points
from tests.jobs.conftest import running_workers, wait_until
from tests.support.rounds import played


def test_the_worker_writes_each_grade_itself(queue_mode, tmp_path):
    store = f"sqlite:///{tmp_path / 'jobs.sqlite3'}"
    queue_mode(store)
    tables = TableStore(open_store(f"sqlite:///{tmp_path / 'capicu.sqlite3'}"))
    code = tables.create({"v": 1}, version=1, due_at=None)
    game = played(Setup("block", 2, (), "grades", ("human", "casual")), seed=2)
    points = decision_points(game, 0)[-2:]  # the round's last choices: judged in a moment
    kept_here = []
    judge = SeatJudge(0, 0, lambda index, decision: kept_here.append(decision),
                      then=(keep_at, (store_url(tables), code, 0)))
    with running_workers(store, processes=1):
        for ply, before in points:
            judge.decided(game, before, ply)
        with jobs._client._lock:
            jobs._client._waiting.clear()  # the page's server is gone: nobody collects the results
        wait_until(lambda: len(tables.grades([code])) == len(points), "the worker kept every grade")
    assert sorted(g.ply for g in tables.grades([code])) == [ply for ply, _ in points]
    assert not kept_here, "the page's own callback wrote nothing: the worker did"
