"""Spaced repetition: the schedule's invariants, and the review queue in the stores
(SQLite, PostgreSQL and memory). Every date is given: none comes from today's clock."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from progress.repetition import GAPS, TO_CLEAR, Review, gap, schedule

from .conftest import attempt

START = date(2026, 2, 27)  # the gaps cross the end of February


def _answer(review, day, correct):
    return schedule(review, "p", "block_count", "block", correct=correct, day=day)


def test_a_missed_puzzle_comes_back_after_1_3_7_and_21_days_until_solved_twice():
    review = _answer(None, START, False)
    days = [START]
    outcomes = [False, False, False, True, True]  # wrong at the first three reviews, then right twice
    for correct in outcomes:
        day = review.due
        days.append(day)
        review = _answer(review, day, correct)
    assert review is None
    assert [(b - a).days for a, b in zip(days, days[1:])] == [1, 3, 7, 21, 21]
    assert days[1] == date(2026, 2, 28) and days[2] == date(2026, 3, 3)


def test_solving_it_at_the_first_two_reviews_clears_it():
    review = _answer(None, START, False)
    review = _answer(review, review.due, True)
    assert review.solved == 1 and review.due == START + timedelta(days=1 + 3)
    assert _answer(review, review.due, True) is None


def test_a_right_answer_alone_or_before_it_is_due_changes_nothing():
    assert _answer(None, START, True) is None
    review = _answer(None, START, False)
    assert _answer(review, START, True) == review  # the same day: a retry


answers = st.lists(st.tuples(st.integers(0, 12), st.booleans()), max_size=30)


@settings(max_examples=300, deadline=None)
@given(answers)
def test_the_queue_invariants_hold_for_any_answers(steps):
    review: Review | None = None
    day = START
    for wait, correct in steps:
        day = day + timedelta(days=wait)
        before = review
        review = _answer(review, day, correct)
        if not correct and (before is None or day < before.due):
            assert review is not None and review.due == day + timedelta(days=1) and review.solved == 0
        if review is not None and review != before:  # moved: due again after one of the gaps
            assert (review.due - day).days in GAPS and review.step >= 1
        if review is not None:
            assert review.due > day or review == before  # never due in the past after an answer
            assert 0 <= review.solved < TO_CLEAR
            assert review.missed <= day
        if correct and before is None:
            assert review is None


def test_gaps():
    assert [gap(s) for s in range(5)] == [1, 3, 7, 21, 21] and GAPS == (1, 3, 7, 21)


def test_the_stores_keep_the_queue(saved_or_memory):
    store = saved_or_memory
    ana, bo = store.create_profile("Ana"), store.create_profile("Bo")
    store.record_attempt(ana.id, attempt(START, puzzle="a", correct=False))
    store.record_attempt(ana.id, attempt(START, puzzle="b", correct=True))
    store.record_attempt(ana.id, attempt(START + timedelta(days=1), puzzle="c", correct=False), band="hard")
    assert [r.puzzle_id for r in store.reviews(ana.id)] == ["a", "c"]
    assert [r.puzzle_id for r in store.reviews_due(ana.id, START)] == []
    assert [r.puzzle_id for r in store.reviews_due(ana.id, START + timedelta(days=1))] == ["a"]
    assert store.reviews(bo.id) == []
    # a review answered right twice, when due, leaves the queue
    store.record_attempt(ana.id, attempt(START + timedelta(days=1), puzzle="a", correct=True))
    (a,) = [r for r in store.reviews(ana.id) if r.puzzle_id == "a"]
    assert (a.solved, a.due) == (1, START + timedelta(days=4))
    store.record_attempt(ana.id, attempt(START + timedelta(days=2), puzzle="a", correct=True))  # early: no change
    store.record_attempt(ana.id, attempt(START + timedelta(days=4), puzzle="a", correct=True))
    assert [r.puzzle_id for r in store.reviews(ana.id)] == ["c"]
    (c,) = store.reviews(ana.id)
    assert (c.puzzle_type, c.game, c.missed) == ("count_points", "all_fives", START + timedelta(days=1))
