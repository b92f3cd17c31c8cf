"""Homework: its specs, due dates on the class's clock, and completion read from what the
students did (classroom/homework.py), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone

import pytest
import sqlalchemy as sa
from hypothesis import given, settings, strategies as st

from classroom import homework as hw
from progress import Attempt
from storage.database import games_table, mistakes_table
from tests.classroom.class_rows import T0, make_class, student
from tests.progress.conftest import db_url, postgres_base, store  # noqa: F401 - fixtures

UTC = timezone.utc
SET_AT = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
DUE = datetime(2026, 12, 8, 17, 0)  # the class's wall clock (Amsterdam: 16:00 UTC)
DUE_UTC = datetime(2026, 12, 8, 16, 0, tzinfo=UTC)


def tried(store, pid: int, puzzle: str, correct: bool, at: datetime, kind: str = "block_count") -> None:
    store.record_attempt(pid, Attempt(puzzle, kind, "all_fives", correct, 900, at.date(), None, at))


def played(store, pid: int, at: datetime, *, game: str = "all_fives", level: str = "casual", rounds: int = 2,
           status: str = "finished") -> None:
    record = {"setup": {"preset": game, "players": 2, "overlays": [], "seed": "7", "seats": ["human", level]},
              "rounds": [[] for _ in range(rounds)], "over": True}
    values = dict(profile_id=pid, game=game, status=status, record=json.dumps(record), decisions=0, best=0,
                  points_lost=0.0, started_at=at - timedelta(minutes=20), updated_at=at, kind="match")
    store._run(lambda conn: conn.execute(sa.insert(games_table).values(**values)), write=True)


def one(store, school_class, a, pid, now):
    return hw.statuses(store, school_class, [a], [pid], now=now)[(a.id, pid)]


def test_a_due_time_is_the_classs_wall_clock_in_winter_and_summer():
    assert hw.local_due("Europe/Amsterdam", DUE) == DUE_UTC
    assert hw.local_due("Europe/Amsterdam", datetime(2027, 6, 8, 17, 0)) == datetime(2027, 6, 8, 15, 0, tzinfo=UTC)
    assert hw.local_due("America/Sao_Paulo", DUE) == datetime(2026, 12, 8, 20, 0, tzinfo=UTC)
    with pytest.raises(hw.HomeworkError) as caught:
        hw.local_due("Mars/Olympus", DUE)
    assert caught.value.code == "bad_time_zone"


@settings(max_examples=60, deadline=None)
@given(st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2035, 1, 1)),
       st.sampled_from(["Europe/Amsterdam", "America/Sao_Paulo", "America/Mexico_City", "UTC", "Asia/Kolkata"]))
def test_a_due_time_reads_back_on_the_same_wall_clock(when, time_zone):
    back = hw.local_time(time_zone, hw.local_due(time_zone, when)).replace(tzinfo=None)
    # the same wall clock, but for a time the clocks skip (moved on by the gap, at most an hour)
    assert timedelta(0) <= back - when <= timedelta(hours=1)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(hw.KINDS), st.dictionaries(st.sampled_from(
    ["lessons", "set", "drill", "game", "rounds", "level", "count", "type", "band"]),
    st.one_of(st.none(), st.integers(-5, 80), st.text(max_size=12), st.lists(st.text(max_size=8), max_size=3),
              st.floats(allow_nan=True), st.booleans())))
def test_a_spec_is_either_refused_plainly_or_kept_in_its_one_form(kind, spec):
    try:
        kept = hw.check_spec(kind, spec)
    except hw.HomeworkError as error:
        assert error.code == "bad_spec" and "Traceback" not in str(error)
        return
    assert hw.check_spec(kind, json.loads(json.dumps(kept))) == kept


def test_specs_refuse_what_cannot_be_done():
    for kind, spec in [("play", {"game": "all_fives", "rounds": 3, "level": "grandmaster"}),
                       ("play", {"game": "chess", "rounds": 3, "level": "casual"}),
                       ("play", {"game": "all_fives", "rounds": 0, "level": "casual"}),
                       ("lessons", {"lessons": []}), ("lessons", {"lessons": ["a", "a"]}),
                       ("lessons", {"lessons": "partners-laying"}),
                       ("puzzles", {"drill": {"type": "block_count", "band": "impossible", "count": 5}}),
                       ("mistakes", {"count": True})]:
        with pytest.raises(hw.HomeworkError):
            hw.check_spec(kind, spec)
    with pytest.raises(hw.HomeworkError) as caught:
        hw.check_spec("chores", {})
    assert caught.value.code == "bad_kind"


def test_lessons_are_done_on_time_late_or_not_started(store):
    cls = make_class(store)
    ana, bo, cy = (student(store, cls, n) for n in ("Ana", "Bo", "Cy"))
    a = hw.set_homework(store, cls.id, "lessons", {"lessons": ["partners-laying", "counting-fives"]}, DUE,
                        set_at=SET_AT, now=SET_AT)
    assert a.due_at == DUE_UTC and a.set_at == SET_AT
    for lesson in ("partners-laying", "counting-fives"):
        store.mark_lesson_done(ana, lesson, date(2026, 12, 3))
        store.mark_lesson_done(bo, lesson, date(2026, 12, 9))
    store.mark_lesson_done(cy, "counting-fives", date(2026, 12, 2))
    now = datetime(2026, 12, 10, 9, 0, tzinfo=UTC)
    found = hw.statuses(store, cls, [a], [ana, bo, cy], now=now)
    assert found[(a.id, ana)].state == "done"
    assert found[(a.id, bo)].state == "late"
    cy_status = found[(a.id, cy)]
    assert (cy_status.state, cy_status.count, cy_status.needed, cy_status.overdue) == ("started", 1, 2, True)


def test_a_puzzle_set_counts_only_work_from_when_it_was_set_and_scores_the_first_try(store):
    cls = make_class(store)
    ana = student(store, cls, "Ana")
    ids = ["block_count:all_fives:2:11", "block_count:all_fives:2:12", "block_count:all_fives:2:13"]
    chosen = hw.save_puzzle_set(store, cls.id, "  Fives   week 1 ", ids + ids[:1], now=T0)
    assert chosen.name == "Fives week 1" and chosen.puzzle_ids == tuple(ids)
    a = hw.set_homework(store, cls.id, "puzzles", {"set": chosen.id}, DUE, set_at=SET_AT, now=SET_AT)
    tried(store, ana, ids[0], True, SET_AT - timedelta(hours=1))  # before it was set: does not count
    tried(store, ana, ids[0], False, SET_AT + timedelta(hours=1))
    tried(store, ana, ids[0], True, SET_AT + timedelta(hours=2))  # a retry does not change the score
    tried(store, ana, ids[1], True, SET_AT + timedelta(hours=3))
    tried(store, ana, "block_count:all_fives:2:99", True, SET_AT + timedelta(hours=3))  # not in the set
    now = SET_AT + timedelta(days=1)
    half = one(store, cls, a, ana, now)
    assert (half.state, half.count, half.needed, half.score) == ("started", 2, 3, 0.5)
    tried(store, ana, ids[2], True, SET_AT + timedelta(days=2))
    done = one(store, cls, a, ana, now + timedelta(days=2))
    assert (done.state, done.count, round(done.score, 3), done.done_at) == ("done", 3, 0.667, SET_AT + timedelta(days=2))


def test_a_drill_counts_puzzles_of_its_type_and_late_work_is_late(store):
    cls = make_class(store)
    ana = student(store, cls, "Ana")
    a = hw.set_homework(store, cls.id, "puzzles",
                        {"drill": {"type": "next_leader", "game": "all_fives", "band": "easy", "count": 2}}, DUE,
                        set_at=SET_AT, now=SET_AT)
    tried(store, ana, "next_leader:all_fives:2:1", True, SET_AT + timedelta(days=1), kind="next_leader")
    tried(store, ana, "block_count:all_fives:2:1", True, SET_AT + timedelta(days=1))
    tried(store, ana, "next_leader:all_fives:2:2", False, DUE_UTC + timedelta(minutes=1), kind="next_leader")
    status = one(store, cls, a, ana, DUE_UTC + timedelta(days=1))
    assert (status.state, status.count, status.score) == ("late", 2, 0.5)


def test_play_counts_rounds_of_finished_matches_of_the_game_against_the_level(store):
    cls = make_class(store)
    ana = student(store, cls, "Ana")
    a = hw.set_homework(store, cls.id, "play", {"game": "all_fives", "rounds": 3, "level": "casual"}, DUE,
                        set_at=SET_AT, now=SET_AT)
    played(store, ana, SET_AT - timedelta(hours=1), rounds=5)  # before it was set
    played(store, ana, SET_AT + timedelta(hours=1), level="beginner", rounds=5)  # an easier level
    played(store, ana, SET_AT + timedelta(hours=1), game="block", rounds=5)  # another game
    played(store, ana, SET_AT + timedelta(hours=2), rounds=5, status="abandoned")
    played(store, ana, SET_AT + timedelta(hours=3), rounds=2)
    now = SET_AT + timedelta(days=1)
    assert one(store, cls, a, ana, now).count == 2
    played(store, ana, SET_AT + timedelta(hours=5), rounds=1)
    status = one(store, cls, a, ana, now)
    assert (status.state, status.count, status.done_at) == ("done", 3, SET_AT + timedelta(hours=5))


def owe_mistake(store, pid: int, puzzle_id: str, due: date | None) -> None:
    values = dict(profile_id=pid, puzzle_id=puzzle_id, game="all_fives", themes="[]", data="{}", step=0, solved=0,
                  due=due, missed=date(2026, 11, 30), made_on=date(2026, 11, 30), created_at=T0)
    store._run(lambda conn: conn.execute(sa.insert(mistakes_table).values(**values)), write=True)


def test_mistakes_are_done_when_n_were_answered_or_none_is_due(store):
    cls = make_class(store)
    ana, bo = student(store, cls, "Ana"), student(store, cls, "Bo")
    a = hw.set_homework(store, cls.id, "mistakes", {"count": 2}, DUE, set_at=SET_AT, now=SET_AT)
    for pid in (ana, bo):
        owe_mistake(store, pid, "mine-0123456789abcdef", date(2026, 12, 1))
        owe_mistake(store, pid, "mine-fedcba9876543210", date(2026, 12, 30))  # not due yet
    tried(store, ana, "mine-0123456789abcdef", True, SET_AT + timedelta(hours=1), kind="best_move")
    tried(store, ana, "best_move:all_fives:2:5", True, SET_AT + timedelta(hours=1), kind="best_move")
    now = SET_AT + timedelta(days=1)
    found = hw.statuses(store, cls, [a], [ana, bo], now=now)
    assert (found[(a.id, ana)].state, found[(a.id, ana)].count) == ("started", 1)
    assert found[(a.id, bo)].state == "not_started"
    tried(store, ana, "mine-fedcba9876543210", False, SET_AT + timedelta(hours=2), kind="best_move")
    assert one(store, cls, a, ana, now).state == "done"
    # Bo's queue empties (the review moved the puzzle on): nothing left to review is done
    store._run(lambda conn: conn.execute(sa.update(mistakes_table).where(mistakes_table.c.profile_id == bo)
                                         .values(due=date(2026, 12, 20))), write=True)
    assert one(store, cls, a, bo, now).state == "done"


def test_the_due_date_comes_after_the_setting_and_edits_stay_in_their_class(store):
    cls, other = make_class(store), make_class(store, "8A")
    with pytest.raises(hw.HomeworkError) as caught:
        hw.set_homework(store, cls.id, "mistakes", {"count": 2}, datetime(2026, 11, 1, 9, 0), now=SET_AT)
    assert caught.value.code == "bad_due"
    a = hw.set_homework(store, cls.id, "mistakes", {"count": 2}, DUE, now=SET_AT)
    for change in (lambda: hw.edit_homework(store, other.id, a.id, spec={"count": 3}),
                   lambda: hw.delete_homework(store, other.id, a.id)):
        with pytest.raises(hw.HomeworkError) as caught:
            change()
        assert caught.value.code == "unknown_assignment"
    later = hw.edit_homework(store, cls.id, a.id, spec={"count": 4}, due=datetime(2026, 12, 9, 12, 0))
    assert later.spec == {"count": 4} and later.due_at == datetime(2026, 12, 9, 11, 0, tzinfo=UTC)
    assert hw.assignments(store, cls.id) == [later] and hw.assignments(store, other.id) == []
    hw.delete_homework(store, cls.id, a.id)
    assert hw.assignments(store, cls.id) == []


def test_a_puzzle_set_in_use_is_kept_and_another_classs_set_cannot_be_used(store):
    cls, other = make_class(store), make_class(store, "8A")
    chosen = hw.save_puzzle_set(store, cls.id, "Set", ["block_count:all_fives:2:11"])
    with pytest.raises(hw.HomeworkError) as caught:
        hw.set_homework(store, other.id, "puzzles", {"set": chosen.id}, DUE, now=SET_AT)
    assert caught.value.code == "unknown_set"
    a = hw.set_homework(store, cls.id, "puzzles", {"set": chosen.id}, DUE, now=SET_AT)
    with pytest.raises(hw.HomeworkError) as caught:
        hw.delete_puzzle_set(store, cls.id, chosen.id)
    assert caught.value.code == "set_in_use"
    renamed = hw.save_puzzle_set(store, cls.id, "Set 2", ["block_count:all_fives:2:12"], set_id=chosen.id)
    assert hw.puzzle_sets(store, cls.id) == [renamed]
    hw.delete_homework(store, cls.id, a.id)
    hw.delete_puzzle_set(store, cls.id, chosen.id)
    assert hw.puzzle_sets(store, cls.id) == []
    with pytest.raises(hw.HomeworkError):
        hw.save_puzzle_set(store, cls.id, "Empty", [])


def test_to_do_lists_only_the_students_own_classes_soonest_first_and_done_work_last(store):
    cls, other, old = make_class(store), make_class(store, "8A"), make_class(store, "6C", archived=True)
    ana = student(store, cls, "Ana")
    bo = student(store, other, "Bo")
    student(store, old, "Ana again")  # another profile
    from tests.classroom.class_rows import add_member
    add_member(store, old.id, ana, "Ana")
    later = hw.set_homework(store, cls.id, "lessons", {"lessons": ["b"]}, datetime(2026, 12, 10, 9, 0),
                            set_at=SET_AT, now=SET_AT)
    soon = hw.set_homework(store, cls.id, "lessons", {"lessons": ["a"]}, datetime(2026, 12, 4, 9, 0),
                           set_at=SET_AT, now=SET_AT)
    done = hw.set_homework(store, cls.id, "lessons", {"lessons": ["c"]}, datetime(2026, 12, 3, 9, 0),
                           set_at=SET_AT, now=SET_AT)
    hw.set_homework(store, cls.id, "lessons", {"lessons": ["future"]}, datetime(2026, 12, 20, 9, 0),
                    set_at=datetime(2026, 12, 15, tzinfo=UTC), now=SET_AT)  # not set yet
    hw.set_homework(store, other.id, "lessons", {"lessons": ["a"]}, datetime(2026, 12, 4, 9, 0), now=SET_AT)
    hw.set_homework(store, old.id, "lessons", {"lessons": ["a"]}, datetime(2026, 12, 4, 9, 0), now=SET_AT)
    store.mark_lesson_done(ana, "c", date(2026, 12, 2))
    store.mark_lesson_done(bo, "b", date(2026, 12, 2))
    items = hw.todo(store, ana, now=datetime(2026, 12, 2, 12, 0, tzinfo=UTC))
    assert [i.assignment.id for i in items] == [soon.id, later.id, done.id]
    assert [i.status.state for i in items] == ["not_started", "not_started", "done"]
    assert {i.school_class.name for i in items} == {"7B"}
    # a week after its due date, done work leaves the list; overdue work stays
    items = hw.todo(store, ana, now=datetime(2026, 12, 12, 12, 0, tzinfo=UTC))
    assert [(i.assignment.id, i.status.overdue) for i in items] == [(soon.id, True), (later.id, True)]
