"""A rated class quiz (the teacher's choice; not rated by default): the answers given from a
signed-in profile are rated at the reveal, in the teacher's transaction, never before it;
guests' answers and unrated quizzes move no rating; SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import date

import pytest
import sqlalchemy as sa

from classroom.quiz import QuestionFacts, QuizStore, open_quiz_store
from progress import open_store
from progress.ratings import START, puzzle_seed
from storage.database import quiz_answers_table

from .test_quiz import IDS, _old_quiz_tables, device

DAY = date(2026, 12, 2)
FACTS = {IDS[0]: QuestionFacts("fives", "all_fives", "easy"), IDS[1]: QuestionFacts("round_score", "laplaza_partners",
                                                                                     "hard")}


@pytest.fixture
def quizzes(db_url: str):
    opened = open_quiz_store(db_url)
    yield opened
    opened.close_store()


def _class(quizzes: QuizStore, *, rated: bool):
    """A quiz with Ana (signed in as a profile), Bo (a guest) and Cy (signed in), on question 1."""
    store = quizzes._store
    ana, cy = store.create_profile("Ana"), store.create_profile("Cy")
    quiz, secret = quizzes.create(IDS, rated=rated)
    players = {name: quizzes.join(quiz.code, name, device(n)) for n, name in enumerate(("Ana", "Bo", "Cy"))}
    quizzes.advance(quiz.code, secret)
    return store, quiz, secret, players, ana, cy


def test_a_quiz_is_not_rated_unless_the_teacher_says_so(quizzes: QuizStore) -> None:
    store, quiz, secret, players, ana, _ = _class(quizzes, rated=False)
    assert quizzes.get(quiz.code).rated is False
    quizzes.answer(quiz.code, players["Ana"].id, 0, 10, correct=True, profile_id=ana.id)
    quizzes.reveal(quiz.code, secret, facts=FACTS, day=DAY)
    assert store.rating(ana.id) is None and store.attempts(ana.id).empty  # nothing reaches the profile
    with store._engine.connect() as conn:  # not even the link to it
        assert conn.execute(sa.select(quiz_answers_table.c.profile_id)).scalars().all() == [None]


def test_a_rated_quiz_rates_signed_in_answers_at_the_reveal_and_not_before(quizzes: QuizStore) -> None:
    store, quiz, secret, players, ana, cy = _class(quizzes, rated=True)
    assert quizzes.get(quiz.code).rated is True
    quizzes.answer(quiz.code, players["Ana"].id, 0, 10, correct=True, profile_id=ana.id)
    quizzes.answer(quiz.code, players["Bo"].id, 0, 5, correct=False)  # a guest on that phone
    quizzes.answer(quiz.code, players["Cy"].id, 0, 5, correct=False, profile_id=cy.id)
    # before the reveal no rating moves: a rating that rose would tell the verdict early
    assert store.rating(ana.id) is None and store.puzzle_rating(IDS[0]) is None and store.attempts(ana.id).empty
    quizzes.reveal(quiz.code, secret, facts=FACTS, day=DAY)
    assert store.rating(ana.id).value > START.value > store.rating(cy.id).value
    puzzle = store.puzzle_rating(IDS[0])
    assert puzzle is not None and store.rating_history(ana.id).loc[0, "item"] == IDS[0]
    (kept,) = store.attempts(ana.id).itertuples()
    assert (kept.puzzle_id, kept.puzzle_type, kept.game, kept.correct, kept.day.date()) == (
        IDS[0], "fives", "all_fives", True, DAY)
    assert [r.puzzle_id for r in store.reviews(cy.id)] == [IDS[0]]  # a wrong answer comes back for review
    # both answers rated one after the other: the puzzle moved twice from its band's start
    assert puzzle.value != puzzle_seed("easy").value
    with store._engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(quiz_answers_table).where(
            quiz_answers_table.c.profile_id.is_not(None))).scalar() == 2


def test_a_puzzle_tried_before_is_not_rated_again_and_a_closed_question_is_rated(quizzes: QuizStore) -> None:
    store, quiz, secret, players, ana, cy = _class(quizzes, rated=True)
    from progress import Attempt

    store.record_attempt(ana.id, Attempt(IDS[0], "fives", "all_fives", True, 900, DAY), band="easy")
    before = store.rating(ana.id)
    quizzes.answer(quiz.code, players["Ana"].id, 0, 10, correct=True, profile_id=ana.id)
    quizzes.reveal(quiz.code, secret, facts=FACTS, day=DAY)
    assert store.rating(ana.id) == before and len(store.attempts(ana.id)) == 2  # kept, not rated twice
    quizzes.advance(quiz.code, secret)
    quizzes.answer(quiz.code, players["Cy"].id, 1, 3, correct=True, profile_id=cy.id)
    quizzes.close(quiz.code, secret, facts=FACTS, day=DAY)  # closing an open question reveals it
    assert list(store.rating_history(cy.id)["item"]) == [IDS[1]]


def test_a_reveal_without_facts_or_for_a_deleted_profile_still_reveals(quizzes: QuizStore) -> None:
    store, quiz, secret, players, ana, cy = _class(quizzes, rated=True)
    quizzes.answer(quiz.code, players["Ana"].id, 0, 10, correct=True, profile_id=ana.id)
    quizzes.answer(quiz.code, players["Cy"].id, 0, 10, correct=True, profile_id=cy.id)
    store.delete_profile(cy.id)  # the link goes with the profile: a new profile may get its id
    assert quizzes.reveal(quiz.code, secret, facts={}, day=DAY).state == "revealed"  # no facts: unrated
    assert store.rating(ana.id) is None
    quizzes.advance(quiz.code, secret)
    quizzes.answer(quiz.code, players["Ana"].id, 1, 10, correct=True, profile_id=ana.id)
    bad = {IDS[1]: QuestionFacts("round_score", "laplaza_partners", "impossible")}
    assert quizzes.reveal(quiz.code, secret, facts=bad, day=DAY).state == "revealed"
    assert store.rating(ana.id) is None
    with store._engine.connect() as conn:
        linked = conn.execute(sa.select(quiz_answers_table.c.profile_id)).scalars().all()
    assert cy.id not in linked


def test_forty_signed_in_students_rated_at_one_reveal_while_others_practise(db_url: str) -> None:
    # the reveal locks every profile in id order, then the puzzle: practice answers of the
    # same profiles at the same moment (profile, then puzzle) never deadlock with it
    from progress import Attempt

    teacher = open_quiz_store(db_url, share_engine=False)
    other = open_store(db_url, share_engine=False, retries=10)
    try:
        store = teacher._store
        quiz, secret = teacher.create(IDS, rated=True)
        profiles = [store.create_profile(f"Student {i}") for i in range(40)]
        for i, profile in enumerate(profiles):
            player = teacher.join(quiz.code, f"s{i}", device(i))
            if i == 0:
                teacher.advance(quiz.code, secret)
            teacher.answer(quiz.code, player.id, 0, i, correct=i % 2 == 0, profile_id=profile.id)
        start = threading.Barrier(2)
        failures: list[BaseException] = []

        def practise() -> None:
            start.wait()
            try:
                for profile in reversed(profiles):
                    other.record_attempt(profile.id, Attempt(IDS[0], "fives", "all_fives", True, 500, DAY),
                                         band="easy")
            except BaseException as error:  # noqa: BLE001 - reported below
                failures.append(error)

        def reveal() -> None:
            start.wait()
            try:
                teacher.reveal(quiz.code, secret, facts=FACTS, day=DAY)
            except BaseException as error:  # noqa: BLE001
                failures.append(error)

        threads = [threading.Thread(target=practise), threading.Thread(target=reveal)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert failures == []
        # each profile's first try at the puzzle was rated, by the reveal or by practice: once
        for profile in profiles:
            assert len(store.rating_history(profile.id)) == 1 and len(store.attempts(profile.id)) == 2
    finally:
        teacher.close_store()
        other.close()


def test_an_older_database_gets_the_rated_columns(db_url: str) -> None:
    code, secret = _old_quiz_tables(db_url, {"capicu_quizzes": ("rated",), "capicu_quiz_answers": ("profile_id",)})
    quizzes = open_quiz_store(db_url, share_engine=False)
    try:
        assert quizzes.get(code).rated is False  # an old quiz is not rated
        ana = quizzes._store.create_profile("Ana")
        quizzes.advance(code, secret)
        quizzes.answer(code, quizzes.player(code, device(1)).id, 0, 10, correct=True, profile_id=ana.id)
        assert quizzes.reveal(code, secret, facts=FACTS, day=DAY).state == "revealed"
        assert quizzes.create(IDS, rated=True)[0].rated is True
    finally:
        quizzes.close_store()
