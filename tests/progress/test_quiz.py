"""The class quiz store: open, join, answer, reveal, close; the teacher's secret; one answer
per student and question; a closed quiz refuses; 40 students answering at once lose nothing."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import sqlalchemy as sa

from progress import ProfileError, open_store
from progress.database import quiz_answers_table
from progress.quiz import CODE_ALPHABET, QuizError, QuizStore, open_quiz_store, summary, to_csv

IDS = ["fives:all_fives:2:12531294", "round_score:laplaza_partners:4:876259867"]


@pytest.fixture
def quizzes(db_url: str):
    opened = open_quiz_store(db_url)
    yield opened
    opened.close_store()


def device(n: int) -> str:
    return f"device-{n:04d}"


def test_a_whole_quiz(quizzes: QuizStore) -> None:
    quiz, secret = quizzes.create(IDS, title="Monday", lang="nl")
    assert quiz.state == "lobby" and quiz.current == -1 and quiz.total == 2 and quiz.lang == "nl"
    assert len(quiz.code) == 6 and set(quiz.code) <= set(CODE_ALPHABET)
    assert secret not in quiz.code and len(secret) >= 24
    ana = quizzes.join(quiz.code, "Ana", device(1))
    bo = quizzes.join(quiz.code.lower(), " Bo ", device(2))  # a typed code in small letters works
    assert [p.nickname for p in quizzes.players(quiz.code)] == ["Ana", "Bo"]

    assert quizzes.advance(quiz.code, secret).state == "question"
    quizzes.answer(quiz.code, ana.id, 0, 10, correct=True)
    quizzes.answer(quiz.code, bo.id, 0, 5, correct=False)
    assert quizzes.answered_count(quiz.code, 0) == 2
    assert [a.correct for a in quizzes.answers(quiz.code, secret, 0)] == [True, False]
    assert quizzes.my_answer(quiz.code, bo.id, 0).correct is None  # the verdict waits for the reveal
    assert quizzes.my_results(quiz.code, bo.id) == []

    revealed = quizzes.reveal(quiz.code, secret)
    assert revealed.state == "revealed" and revealed.revealed(0)
    assert quizzes.my_answer(quiz.code, bo.id, 0).correct is False
    with pytest.raises(QuizError) as late:
        quizzes.answer(quiz.code, bo.id, 0, 10, correct=True)
    assert late.value.code == "not_asking"

    second = quizzes.advance(quiz.code, secret)
    assert (second.state, second.current) == ("question", 1) and second.is_last
    quizzes.answer(quiz.code, bo.id, 1, 12, correct=True)
    quizzes.reveal(quiz.code, secret)
    assert quizzes.advance(quiz.code, secret).state == "closed"  # past the last question

    ranking = quizzes.ranking(quiz.code)
    assert sorted((r.nickname, r.correct, r.answered) for r in ranking) == [("Ana", 1, 1), ("Bo", 1, 2)]
    rows = summary(quizzes.get(quiz.code), quizzes.answers(quiz.code, secret), players=2)
    assert [(r["question"], r["answered"], r["correct"]) for r in rows] == [(1, 2, 1), (2, 1, 1)]
    assert to_csv(ranking).splitlines()[0] == "rank,nickname,correct,answered,time_ms"


def test_ranking_is_by_correct_answers_then_speed(quizzes: QuizStore, db_url: str) -> None:
    quiz, secret = quizzes.create(IDS)
    players = [quizzes.join(quiz.code, name, device(i)) for i, name in enumerate(["slow", "fast", "wrong"])]
    quizzes.advance(quiz.code, secret)
    for p, right in zip(players, [True, True, False]):
        quizzes.answer(quiz.code, p.id, 0, 1, correct=right)
    with open_store(db_url) as store:  # pin the times: "slow" took 9 s, "fast" 2 s
        with store._writer.begin() as conn:
            for p, ms in zip(players, [9000, 2000, 100]):
                conn.execute(sa.update(quiz_answers_table).where(quiz_answers_table.c.player_id == p.id)
                             .values(time_ms=ms))
    assert [r.nickname for r in quizzes.ranking(quiz.code, secret)] == ["fast", "slow", "wrong"]


def test_the_first_answer_counts(quizzes: QuizStore) -> None:
    quiz, secret = quizzes.create(IDS)
    ana = quizzes.join(quiz.code, "Ana", device(1))
    quizzes.advance(quiz.code, secret)
    quizzes.answer(quiz.code, ana.id, 0, 10, correct=False)
    with pytest.raises(QuizError) as again:
        quizzes.answer(quiz.code, ana.id, 0, 5, correct=True)
    assert again.value.code == "already_answered"
    kept = quizzes.answers(quiz.code, secret, 0)
    assert [(a.response, a.correct) for a in kept] == [(10, False)]


def test_the_database_itself_refuses_a_second_answer(quizzes: QuizStore, db_url: str) -> None:
    quiz, secret = quizzes.create(IDS)
    ana = quizzes.join(quiz.code, "Ana", device(1))
    quizzes.advance(quiz.code, secret)
    quizzes.answer(quiz.code, ana.id, 0, 10, correct=False)
    row = dict(quiz_id=quiz.id, player_id=ana.id, question=0, response="5", correct=True, time_ms=1,
               at=quiz.created_at)
    with open_store(db_url) as store, pytest.raises(sa.exc.IntegrityError):
        with store._writer.begin() as conn:
            conn.execute(sa.insert(quiz_answers_table).values(**row))


def test_a_closed_quiz_accepts_no_answers_and_no_new_students(quizzes: QuizStore) -> None:
    quiz, secret = quizzes.create(IDS)
    ana = quizzes.join(quiz.code, "Ana", device(1))
    quizzes.advance(quiz.code, secret)
    quizzes.close(quiz.code, secret)
    with pytest.raises(QuizError) as closed:
        quizzes.answer(quiz.code, ana.id, 0, 10, correct=True)
    assert closed.value.code == "closed"
    with pytest.raises(QuizError) as late:
        quizzes.join(quiz.code, "Late", device(2))
    assert late.value.code == "closed"
    assert quizzes.join(quiz.code, "Ana", device(1)).id == ana.id  # but Ana can come back to see her rank
    assert quizzes.answers(quiz.code, secret) == []


def test_only_the_secret_drives_the_quiz(quizzes: QuizStore) -> None:
    quiz, secret = quizzes.create(IDS)
    other, other_secret = quizzes.create(IDS)
    for wrong in (None, "", quiz.code, other_secret, secret[:-1], secret + "x"):
        for move in (quizzes.advance, quizzes.reveal, quizzes.close, quizzes.answers):
            with pytest.raises(QuizError) as refused:
                move(quiz.code, wrong)
            assert refused.value.code == "not_teacher"
        assert not quizzes.is_teacher(quiz.code, wrong)
    with pytest.raises(QuizError):
        quizzes.ranking(quiz.code)  # before the close, the ranking is the teacher's
    assert quizzes.get(quiz.code).state == "lobby"
    assert quizzes.is_teacher(quiz.code, secret)
    with pytest.raises(QuizError) as early:
        quizzes.reveal(quiz.code, secret)  # nothing on screen yet
    assert early.value.code == "bad_move"


def test_answers_only_to_the_question_on_screen(quizzes: QuizStore) -> None:
    quiz, secret = quizzes.create(IDS)
    ana = quizzes.join(quiz.code, "Ana", device(1))
    with pytest.raises(QuizError) as lobby:
        quizzes.answer(quiz.code, ana.id, 0, 1, correct=True)
    assert lobby.value.code == "not_asking"
    quizzes.advance(quiz.code, secret)
    with pytest.raises(QuizError) as ahead:
        quizzes.answer(quiz.code, ana.id, 1, 1, correct=True)
    assert ahead.value.code == "not_asking"
    outsider = quizzes.join(quizzes.create(IDS)[0].code, "Eve", device(9))
    with pytest.raises(QuizError) as stranger:
        quizzes.answer(quiz.code, outsider.id, 0, 1, correct=True)
    assert stranger.value.code == "unknown_player"
    with pytest.raises(QuizError) as odd:
        quizzes.answer(quiz.code, ana.id, 0, object(), correct=True)
    assert odd.value.code == "bad_response"


def test_nicknames_and_devices(quizzes: QuizStore) -> None:
    quiz, _ = quizzes.create(IDS)
    ana = quizzes.join(quiz.code, "Ana", device(1))
    assert quizzes.join(quiz.code, "Ana", device(1)) == ana  # a reload: the same student
    assert quizzes.player(quiz.code, device(1)) == ana
    assert quizzes.player(quiz.code, device(2)) is None
    with pytest.raises(QuizError) as taken:
        quizzes.join(quiz.code, "ANA", device(2))  # the name, on another phone
    assert taken.value.code == "nickname_taken"
    with pytest.raises(ProfileError):
        quizzes.join(quiz.code, "   ", device(3))
    with pytest.raises(QuizError) as bad:
        quizzes.join(quiz.code, "Bo", "short")
    assert bad.value.code == "bad_device"
    hostile = quizzes.join(quiz.code, "<b>x</b>[y](javascript:1)", device(4))
    assert hostile.nickname == "<b>x</b>[y](javascript:1)"  # kept as typed; the pages show it as text
    with pytest.raises(QuizError) as unknown:
        quizzes.join("ZZZZZZ", "Bo", device(5))
    assert unknown.value.code == "unknown_quiz"


def test_a_quiz_needs_questions(quizzes: QuizStore) -> None:
    for ids in ([], ["x"] * 51, [""]):
        with pytest.raises(QuizError):
            quizzes.create(ids)


def test_the_quiz_survives_a_new_store(db_url: str) -> None:
    # a server restart, or another process on the same database, sees the same quiz
    with_one = open_quiz_store(db_url, share_engine=False)
    quiz, secret = with_one.create(IDS)
    ana = with_one.join(quiz.code, "Ana", device(1))
    with_one.advance(quiz.code, secret)
    with_one.close_store()
    with_two = open_quiz_store(db_url, share_engine=False)
    try:
        assert with_two.get(quiz.code).state == "question"
        assert with_two.join(quiz.code, "Ana", device(1)).id == ana.id
        with_two.answer(quiz.code, ana.id, 0, 1, correct=True)
        assert with_two.answered_count(quiz.code, 0) == 1
    finally:
        with_two.close_store()


def test_forty_students_answering_at_once_lose_nothing(quizzes: QuizStore) -> None:
    quiz, secret = quizzes.create(IDS)
    students = [quizzes.join(quiz.code, f"student {i}", device(i)) for i in range(40)]
    quizzes.advance(quiz.code, secret)
    start = threading.Barrier(40)

    def answer(i: int) -> str:
        start.wait()  # all at the same moment
        quizzes.answer(quiz.code, students[i].id, 0, i % 4, correct=i % 4 == 0)
        try:  # a double tap: the second is refused, the first kept
            quizzes.answer(quiz.code, students[i].id, 0, 3, correct=False)
        except QuizError as error:
            return error.code
        return "kept twice"

    with ThreadPoolExecutor(40) as pool:
        outcomes = list(pool.map(answer, range(40)))
    assert outcomes == ["already_answered"] * 40
    kept = quizzes.answers(quiz.code, secret, 0)
    assert len(kept) == 40 and quizzes.answered_count(quiz.code, 0) == 40
    assert sorted(a.player_id for a in kept) == sorted(s.id for s in students)
    index = {s.id: i for i, s in enumerate(students)}
    assert all(a.response == index[a.player_id] % 4 for a in kept)  # the first answers, not the double taps
    assert sum(a.correct for a in kept) == 10


def test_forty_students_on_two_pools_and_a_reveal_in_the_middle(db_url: str) -> None:
    # two pools on one file, as two server processes would have; the reveal lands while
    # answers arrive: every answer is either kept before it or refused after it, none lost
    one = open_quiz_store(db_url, share_engine=False)
    two = open_quiz_store(db_url, share_engine=False)
    try:
        quiz, secret = one.create(IDS)
        students = [one.join(quiz.code, f"s{i}", device(i)) for i in range(40)]
        one.advance(quiz.code, secret)
        start = threading.Barrier(41)
        refused: list[int] = []

        def answer(i: int) -> None:
            start.wait()
            try:
                (one if i % 2 else two).answer(quiz.code, students[i].id, 0, i, correct=True)
            except QuizError as error:
                assert error.code == "not_asking"
                refused.append(i)

        def reveal() -> None:
            start.wait()
            one.reveal(quiz.code, secret)

        threads = [threading.Thread(target=answer, args=(i,)) for i in range(40)]
        threads.append(threading.Thread(target=reveal))
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        kept = two.answers(quiz.code, secret, 0)
        assert len(kept) + len(refused) == 40
        assert {a.player_id for a in kept}.isdisjoint(students[i].id for i in refused)
    finally:
        one.close_store()
        two.close_store()
