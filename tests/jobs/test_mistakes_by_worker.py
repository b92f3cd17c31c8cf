"""A profile's personal puzzle is kept by the worker that proves it (queue mode,
matches.mistake_offers.prove_and_keep): a proof still queued when the web server restarts
is not lost, on SQLite and PostgreSQL. A job that submits a job from a worker puts it on
the worker's own queue (jobs/worker.py), so a judgement can offer its mistake there."""

from __future__ import annotations

from pathlib import Path

import pytest

import jobs
from matches.mistake_offers import offer
from progress import open_store
from tests.jobs.conftest import fresh_database, running_workers, wait_until
from tests.strategy.test_mistake_proof import DAY, SEAT, _before, _decision


@pytest.fixture(params=["sqlite", "postgresql"])
def progress_url(request, tmp_path) -> str:
    """The progress database: a SQLite file, or a new database on a throwaway PostgreSQL."""
    yield from fresh_database(request, tmp_path, "capicu.sqlite3")


def test_a_proof_pending_when_the_server_restarts_is_kept_by_the_worker(queue_mode, tmp_path, progress_url):
    queue = f"sqlite:///{tmp_path / 'jobs.sqlite3'}"
    queue_mode(queue)
    with open_store(progress_url) as store:
        ana = store.create_profile("Ana").id
        job = offer(ana, _before(), SEAT, _decision(grade="blunder"), "table", store, day=DAY)
        assert job is not None and job.priority == jobs.PROOF
        with jobs._client._lock:
            jobs._client._waiting.clear()  # the web server restarted: nobody collects the result
        with running_workers(queue, processes=1):  # the workers take the queued proof after the restart
            [puzzle] = wait_until(lambda: store.mistakes.all(ana), "the worker kept the puzzle", limit=180)
        assert not job.done(), "the page's callback had no part in it"
    assert puzzle.played == "4-4@L" and puzzle.answers == ("0-6@R", "0-5@R") and puzzle.exact
    assert puzzle.grade == "blunder" and puzzle.source == "table" and puzzle.made_on == DAY


def submit_a_note(folder: str) -> str:
    """A job that submits a job (as a table's judgement offers its mistake for a proof)."""
    from tests.jobs.helpers import note

    jobs.submit(note, (str(Path(folder, "inner")), jobs.mode()), priority=jobs.PROOF)
    return jobs.mode()


def test_a_job_submitted_by_a_job_goes_to_the_worker_s_own_queue(queue_mode, tmp_path, monkeypatch):
    queue = f"sqlite:///{tmp_path / 'jobs.sqlite3'}"
    queue_mode(queue)
    # the worker's environment names another queue (one nobody works): it must still put
    # the job on the one it works for
    monkeypatch.delenv("CAPICU_JOBS_URL")
    monkeypatch.setenv("CAPICU_DB_URL", f"sqlite:///{tmp_path / 'elsewhere' / 'capicu.sqlite3'}")
    monkeypatch.setattr(jobs, "_client", jobs._QueueClient(queue))  # the page's side knows its queue
    with running_workers(queue, processes=1):
        outer = jobs.submit(submit_a_note, (str(tmp_path),), priority=jobs.REVIEW)
        assert outer.result(timeout=120) == "queue"
        wait_until(lambda: Path(tmp_path, "inner").exists(), "the inner job ran")
    assert Path(tmp_path, "inner").read_text().split() == ["queue"]


def _a_table_round_with_a_blunder(tables, ana: int) -> str:
    """A Draw table, Ana (her profile) in seat 0 choosing at random with seed 5, Luis
    always the first move: at move 36 Ana plays 2-6 on the right, a clear mistake the
    review and the proof settle over a handful of deals (found by a search, fixed here)."""
    import random

    from matches.table import Options, Table, token_hash
    from ui.parts.tables.sync import change, load, open_table

    table = Table.open("draw", 2, (), "s5", ["me", "open"], Options(), name="Ana", token=token_hash("a"), profile=ana)
    code = open_table(tables, table, seat_token="a", now=0.0)
    change(tables, code, lambda t: t.sit(1, "Luis", token_hash("b")))
    change(tables, code, lambda t: t.start(now=0.0))
    rng = random.Random(5)
    while not (rnd := load(tables, code)[0].game.round).is_over:
        legal = [str(a) for a in rnd.canonical_actions()]
        action = rng.choice(legal) if rnd.turn == 0 else legal[0]
        change(tables, code, lambda t: t.play(rnd.turn, action, version=t.version, now=1.0))
    return code


def test_a_table_s_judging_in_a_worker_offers_the_mistake_and_its_proof_is_kept_there(
        queue_mode, tmp_path, progress_url):
    from matches.mistake_offers import keep_and_offer
    from matches.table_grades import store_url
    from matches.table_review import SeatJudge
    from matches.table_store import TableStore
    from strategy.review import decision_points
    from ui.parts.tables.sync import load

    queue = f"sqlite:///{tmp_path / 'jobs.sqlite3'}"
    queue_mode(queue)
    with open_store(progress_url) as store:
        ana = store.create_profile("Ana").id
        tables = TableStore(store)
        code = _a_table_round_with_a_blunder(tables, ana)
        game = load(tables, code)[0].game
        [(ply, before)] = [(p, b) for p, b in decision_points(game, 0, 0) if p == 36]
        assert str(game.rounds[0][ply].action) == "2-6@R"
        judge = SeatJudge(0, 0, lambda *_: None, then=(keep_and_offer, (store_url(tables), code, 0, ana, "table", DAY)))
        with running_workers(queue, processes=1):
            judge.decided(game, before, ply)
            with jobs._client._lock:
                jobs._client._waiting.clear()  # the screen that asked is gone: nobody collects
            [puzzle] = wait_until(lambda: store.mistakes.all(ana), "the worker's proof kept the puzzle", limit=180)
        assert [(g.ply, g.grade in ("mistake", "blunder")) for g in tables.grades([code])] == [(36, True)]
    assert puzzle.played == "2-6@R" and puzzle.seat == 0 and puzzle.source == "table" and puzzle.made_on == DAY
    assert "2-6@R" not in puzzle.answers and puzzle.answers
