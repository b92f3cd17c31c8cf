"""The teacher's dashboard queries (classroom/dashboard.py) on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from classroom import dashboard as dash
from classroom import homework as hw
from progress import Attempt
from progress.play_rating import MatchResult  # noqa: F401 - the play rating's record type
from tests.classroom.class_rows import make_class, student
from tests.classroom.test_homework import played
from tests.progress.conftest import db_url, postgres_base, store  # noqa: F401 - fixtures

UTC = timezone.utc
NOW = datetime(2026, 12, 10, 12, 0, tzinfo=UTC)
SET_AT = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)


def answer(store, pid, kind, correct, at, n=1, band=None):
    for i in range(n):
        moment = at + timedelta(seconds=i)
        store.record_attempt(pid, Attempt(f"{kind}:all_fives:2:{moment.timestamp():.0f}{i}{pid}", kind, "all_fives",
                                          correct, 800, moment.date(), None, moment), band=band)


def test_the_grid_topics_ratings_and_last_seen_of_a_class(store):
    cls, other = make_class(store), make_class(store, "8A")
    ana, bo = student(store, cls, "Ana"), student(store, cls, "Bo")
    stranger = student(store, other, "Cy")
    lesson = hw.set_homework(store, cls.id, "lessons", {"lessons": ["partners-laying"]}, datetime(2026, 12, 5, 17, 0),
                             set_at=SET_AT, now=SET_AT)
    play = hw.set_homework(store, cls.id, "play", {"game": "all_fives", "rounds": 1, "level": "casual"},
                           datetime(2026, 12, 12, 17, 0), set_at=SET_AT, now=SET_AT)
    store.mark_lesson_done(ana, "partners-laying", date(2026, 12, 2))
    store.mark_lesson_done(bo, "partners-laying", date(2026, 12, 7))
    played(store, bo, datetime(2026, 12, 9, 18, 0, tzinfo=UTC))
    answer(store, ana, "block_count", False, datetime(2026, 12, 2, 9, 0, tzinfo=UTC), n=8, band="easy")
    answer(store, ana, "block_count", True, datetime(2026, 12, 8, 9, 0, tzinfo=UTC), n=2, band="easy")
    answer(store, bo, "next_leader", True, datetime(2026, 12, 3, 9, 0, tzinfo=UTC), n=12)
    answer(store, stranger, "block_count", True, datetime(2026, 12, 3, 9, 0, tzinfo=UTC), n=30)
    answer(store, ana, "next_leader", False, NOW - timedelta(weeks=9), n=5)  # before the window

    board = dash.dashboard(store, cls, now=NOW)
    assert [m.nickname for m in board.students] == ["Ana", "Bo"]
    assert board.status[(lesson.id, ana)].state == "done" and board.status[(lesson.id, bo)].state == "late"
    assert board.status[(play.id, ana)].state == "not_started" and board.status[(play.id, bo)].state == "done"
    assert board.done_count(bo) == (2, 2)
    topics = board.topics.set_index(["profile_id", "puzzle_type"])
    assert topics.loc[(ana, "block_count"), "attempts"] == 10 and topics.loc[(ana, "block_count"), "correct"] == 2
    assert (ana, "next_leader") not in topics.index  # older than the window
    assert stranger not in set(board.topics["profile_id"])  # another class's student is never read
    weakest = board.weakest_topics()
    assert weakest["puzzle_type"].tolist() == ["block_count", "next_leader"]
    assert weakest.loc[0, "rate"] == pytest.approx(0.2)
    weeks = dash.student_weeks(board, ana, "puzzles")
    # two weeks with rated answers (Monday 30 Nov and Monday 7 Dec on the class's clock)
    assert [w.date() for w in weeks["week"]] == [date(2026, 11, 30), date(2026, 12, 7)]
    assert weeks["rating"].iloc[1] > weeks["rating"].iloc[0]
    assert dash.student_weeks(board, bo, "puzzles").empty and not dash.class_weeks(board, "puzzles").empty
    assert board.last_seen[bo] == datetime(2026, 12, 9, 18, 0, tzinfo=UTC)
    assert board.last_seen[ana] == datetime(2026, 12, 8, 9, 0, 1, tzinfo=UTC)


def test_an_empty_class_has_an_empty_dashboard(store):
    board = dash.dashboard(store, make_class(store), now=NOW)
    assert board.students == [] and board.topics.empty and board.ratings.empty and board.weakest_topics().empty


def test_the_history_keeps_quizzes_and_tables_newest_first_per_class(store):
    cls, other = make_class(store), make_class(store, "8A")
    dash.record_history(store, cls.id, "quiz", {"title": "Fives", "ranking": [{"nickname": "Ana", "correct": 3}]},
                        at=datetime(2026, 12, 1, 9, 0, tzinfo=UTC))
    dash.record_history(store, cls.id, "tables", {"tables": [], "students": []}, at=datetime(2026, 12, 2, 9, 0, tzinfo=UTC))
    dash.record_history(store, other.id, "quiz", {"title": "Other"})
    kept = dash.history(store, cls.id)
    assert [e.kind for e in kept] == ["tables", "quiz"] and kept[1].data["ranking"][0]["nickname"] == "Ana"
    with pytest.raises(ValueError):
        dash.record_history(store, cls.id, "gossip", {})


def test_the_grid_exports_as_a_formula_safe_csv(store):
    cls = make_class(store)
    pid = student(store, cls, "=HYPERLINK(1)")
    a = hw.set_homework(store, cls.id, "play", {"game": "all_fives", "rounds": 1, "level": "casual"},
                        datetime(2026, 12, 12, 17, 0), set_at=SET_AT, now=SET_AT)
    answer(store, pid, "best_move", True, datetime(2026, 12, 3, 9, 0, tzinfo=UTC))
    board = dash.dashboard(store, cls, now=NOW)
    rows = dash.grid_rows(board, {a.id: "Play"}, {"not_started": "not started"})
    text = dash.to_csv(rows)
    assert text.splitlines()[1].startswith("'=HYPERLINK(1),not started,")
    assert "2026-12-03 10:00" in text  # last seen on the class's clock (Amsterdam)


def test_a_summary_kept_again_under_its_key_replaces_the_first(store):
    cls = make_class(store)
    dash.record_history(store, cls.id, "tables", {"students": [{"name": "Ana", "judged": 1}]}, key="ABC123")
    dash.record_history(store, cls.id, "tables", {"students": [{"name": "Ana", "judged": 4}]}, key="ABC123")
    dash.record_history(store, cls.id, "tables", {"students": []}, key="XYZ789")
    kept = dash.history(store, cls.id)
    assert len(kept) == 2 and {e.data["key"] for e in kept} == {"ABC123", "XYZ789"}
    assert next(e for e in kept if e.data["key"] == "ABC123").data["students"][0]["judged"] == 4
