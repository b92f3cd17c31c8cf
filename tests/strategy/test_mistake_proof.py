"""The proof of a player's mistake (strategy/mistake_proof.py) and the pipeline that turns a
judged decision into a personal puzzle (matches/mistake_offers.py).

The positions are late in a round, with few consistent deals: every proof here is exact
and takes a few milliseconds. Dates are given, never read from the clock."""

from __future__ import annotations

import threading
from datetime import date, timedelta

import pytest

from engine import Rules, deal
from engine.notation import position_from_dict, position_to_dict
from matches.mistake_offers import offer, offerable, prove_mistake, watch
from progress import open_store
from progress.mistakes import MemoryMistakes, puzzle_id
from strategy.mistake_proof import MIN_DEALS, figures, prove, evaluation
from strategy.review import TOLERANCE, Decision

DAY = date(2026, 12, 1)

#: Partners, seat 3 to move with 0-5, 0-6 and 4-4 (120 consistent deals): 0-6@R is best,
#: 0-5@R is 0.16 behind it (a good move too), 4-4@L loses about 7.1 points (a mistake).
POSITION = {
    "format": "capicu-position/1", "rules": {"preset": "laplaza_partners", "players": 4}, "round": 1,
    "score": [0, 0], "leader": 3, "turn": 3,
    "hands": [["0-3", "1-4"], ["1-1", "2-2"], ["1-3", "3-3", "5-6"], ["0-5", "0-6", "4-4"]],
    "line": ["4-2", "2-6", "6-3", "3-5", "5-4", "4-6", "6-6", "6-1", "1-0", "0-4", "4-3", "3-2", "2-5", "5-5",
             "5-1", "1-2", "2-0", "0-0"],
    "stock": [],
    "history": [{"seat": s, "action": a} for s, a in [
        (3, "lead 6-6"), (0, "1-6@R"), (1, "4-6@L"), (2, "0-1@R"), (3, "0-4@R"), (0, "3-4@R"), (1, "2-3@R"),
        (2, "4-5@L"), (3, "3-5@L"), (0, "2-5@R"), (1, "5-5@R"), (2, "1-5@R"), (3, "3-6@L"), (0, "1-2@R"),
        (1, "2-6@L"), (2, "pass"), (3, "pass"), (0, "2-4@L"), (1, "0-2@R"), (2, "0-0@R")]],
}
SEAT = 3


def _before():
    return position_from_dict(POSITION)


def _decision(action: str = "4-4@L", grade: str = "mistake", sure: bool = True) -> Decision:
    return Decision(ply=20, action=action, best="0-6@R", expected=-13.6, best_expected=-6.5, loss=7.1,
                    grade=grade, exact=-13.6, best_exact=-6.5, deals=120, hint=False, sure=sure)


def test_a_mistake_is_proven_with_every_move_within_half_a_point_as_an_answer():
    view = _before().view(SEAT)
    proof = prove(view, "4-4@L")
    assert proof is not None and proof.exact and proof.deals == proof.consistent == 120
    assert proof.best == "0-6@R" and proof.answers == ("0-6@R", "0-5@R")
    assert 0 < proof.values["0-6@R"] - proof.values["0-5@R"] < TOLERANCE  # the good move is an answer too
    assert proof.margin_low > 0 and proof.loss > 7
    assert prove(view, "4-4@L") == proof  # seeded from the position: the same proof every time


def test_a_move_within_half_a_point_of_the_best_is_not_a_mistake():
    view = _before().view(SEAT)
    assert prove(view, "0-5@R") is None
    assert prove(view, "0-6@R") is None


def test_no_proof_on_too_little_work_or_when_cancelled():
    rnd = deal(Rules.preset("draw", players=2), seed="early")  # the first lead: many deals, sampled
    view = rnd.view(rnd.turn)
    played = str(rnd.legal_actions()[-1])
    assert prove(view, played, max_nodes=2_000) is None  # the cap stopped it short of MIN_DEALS
    stopped = threading.Event()
    stopped.set()
    assert prove(_before().view(SEAT), "4-4@L", cancel=stopped) is None


def test_a_sample_under_the_minimum_proves_nothing():
    view = _before().view(SEAT)
    ev = evaluation(view, "4-4@L", seed=1, deals=64, exact_limit=16)  # 64 sampled deals, not every one
    assert not ev.exact and ev.deals == 64
    assert figures(view, "4-4@L", ev) is None
    assert figures(view, "4-4@L", ev, min_deals=64) is not None and MIN_DEALS > 64


def test_only_clear_mistakes_and_blunders_are_offered():
    assert offerable(_decision()) and offerable(_decision(grade="blunder"))
    assert not offerable(_decision(grade="inaccuracy"))
    assert not offerable(_decision(sure=False))  # a loss at a grade limit: not a clear mistake
    mistakes = MemoryMistakes()
    assert offer(None, _before(), SEAT, _decision(grade="inaccuracy"), "play", mistakes) is None
    with pytest.raises(ValueError):
        offer(None, _before(), SEAT, _decision(), "somewhere", mistakes)


def _finished(job) -> threading.Event:
    """Set once the job's earlier done-callbacks (the keeping) have run: callbacks run in order."""
    done = threading.Event()
    job.add_done_callback(lambda _: done.set())
    return done


def test_a_guest_s_mistake_becomes_a_puzzle_and_comes_back_on_schedule():
    mistakes = MemoryMistakes()
    job = offer(None, _before(), SEAT, _decision(), "play", mistakes, day=DAY)
    assert job is not None and job.priority == 5  # jobs.PROOF: below every job a page waits for
    assert _finished(job).wait(60)
    [puzzle] = mistakes.due(None, DAY)
    assert puzzle.id == puzzle_id(position_to_dict(_before()), SEAT, "4-4@L")
    assert puzzle.played == "4-4@L" and puzzle.answers == ("0-6@R", "0-5@R") and puzzle.grade == "mistake"
    assert puzzle.game == "laplaza_partners" and puzzle.source == "play" and puzzle.exact and puzzle.themes
    assert puzzle.is_answer("0-5@R") and not puzzle.is_answer("4-4@L")
    assert puzzle.view().hand == _before().view(SEAT).hand
    mistakes.answer(None, puzzle.id, False, DAY)
    assert mistakes.count_due(None, DAY) == 0 and mistakes.count_due(None, DAY + timedelta(days=1)) == 1
    # the same mistake again (a reload, a second tab): already a puzzle, not proven again
    assert offer(None, _before(), SEAT, _decision(), "play", mistakes, day=DAY) is None


def test_an_unprovable_decision_is_not_kept():
    mistakes = MemoryMistakes()
    job = offer(None, _before(), SEAT, _decision("0-5@R"), "play", mistakes, day=DAY)  # a good move, misgraded
    assert _finished(job).wait(60)
    assert job.result() is None and mistakes.all(None) == []


def test_a_profile_s_puzzle_is_kept_in_the_database_by_the_job_itself(tmp_path):
    with open_store(f"sqlite:///{tmp_path / 'capicu.sqlite3'}") as store:
        ana = store.create_profile("Ana").id
        job = offer(ana, _before(), SEAT, _decision(grade="blunder"), "table", store, day=DAY)
        assert _finished(job).wait(60)
        [puzzle] = store.mistakes.due(ana, DAY)
        assert puzzle.grade == "blunder" and puzzle.source == "table"


def test_a_decision_being_judged_is_offered_once_it_is_judged():
    from concurrent.futures import Future

    mistakes = MemoryMistakes()
    judging: Future = Future()
    offered = watch(judging, _before(), SEAT, None, "analysis", mistakes, day=DAY)
    assert not offered.done() and mistakes.all(None) == []  # nothing happens before the grade is in
    judging.set_result(_decision())
    job = offered.result(timeout=60)
    assert _finished(job).wait(60)
    [puzzle] = mistakes.all(None)
    assert puzzle == prove_mistake(POSITION, SEAT, "4-4@L", "mistake", "analysis", DAY)
    # a decision that is not a clear mistake is not offered
    fine: Future = Future()
    fine.set_result(_decision(grade="good"))
    assert watch(fine, _before(), SEAT, None, "analysis", mistakes, day=DAY).result(timeout=60) is None
