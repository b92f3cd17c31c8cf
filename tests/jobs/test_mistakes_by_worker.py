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
from tests.jobs.conftest import running_workers, wait_until
from tests.strategy.test_mistake_proof import DAY, SEAT, _before, _decision


@pytest.fixture(params=["sqlite", "postgresql"])
def progress_url(request, tmp_path) -> str:
    """The progress database: a SQLite file, or a new database on a throwaway PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'capicu.sqlite3'}"
    from tests.support.postgres import new_database

    return new_database(request.getfixturevalue("postgres_base"))


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
