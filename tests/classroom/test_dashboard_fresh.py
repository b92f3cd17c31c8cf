"""The dashboard's reads are kept per class while nothing changed (classroom/class_reads.py),
and never shown stale: each kind of work a student does, on its own, changes the teacher's
next look, on SQLite and PostgreSQL. Each step first checks that the kept reads were used
(the same objects), so a test passes only because the key saw the change."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta, timezone

import pandas as pd
import pytest
import sqlalchemy as sa

from classroom import class_reads
from classroom import dashboard as dash
from classroom import homework as hw
from progress import open_store
from storage.database import class_members_table, devices_table, games_table, mistakes_table, rating_history_table
from tests.classroom.class_rows import make_class, student
from tests.classroom.test_dashboard import answer
from tests.classroom.test_homework import owe_mistake, played
from tests.progress.conftest import db_url, postgres_base, store  # noqa: F401 - fixtures

UTC = timezone.utc
NOW = datetime(2026, 12, 10, 12, 0, tzinfo=UTC)
SET_AT = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
DUE = datetime(2026, 12, 12, 17, 0)  # the class's clock (Amsterdam)
original_read = class_reads._read


def kept(store, cls, now=NOW):
    """The teacher's look, taken twice: the second must reuse the first's reads."""
    board = dash.dashboard(store, cls, now=now)
    again = dash.dashboard(store, cls, now=now)
    assert again.status is board.status and again.topics is board.topics and again.version == board.version
    return board


def state(board, a, pid):
    s = board.status[(a.id, pid)]
    return s.state, s.count


def test_each_kind_of_work_shows_on_the_teachers_next_look(store):
    cls = make_class(store)
    ana, bo = student(store, cls, "Ana"), student(store, cls, "Bo")
    drill = hw.set_homework(store, cls.id, "puzzles", {"drill": {"type": "block_count", "game": "all_fives",
                                                                  "band": "easy", "count": 2}},
                            DUE, set_at=SET_AT, now=SET_AT)
    lesson = hw.set_homework(store, cls.id, "lessons", {"lessons": ["partners-laying"]}, DUE, set_at=SET_AT,
                             now=SET_AT)
    play = hw.set_homework(store, cls.id, "play", {"game": "all_fives", "rounds": 1, "level": "casual"}, DUE,
                           set_at=SET_AT, now=SET_AT)
    answer(store, ana, "next_leader", True, datetime(2026, 12, 9, 9, 0, tzinfo=UTC))
    board = kept(store, cls)
    assert state(board, drill, ana) == ("not_started", 0)

    # an answer older than her newest one (a phone that was offline): counted all the same
    answer(store, ana, "block_count", True, datetime(2026, 12, 3, 9, 0, tzinfo=UTC))
    board = kept(store, cls)
    assert state(board, drill, ana) == ("started", 1)
    assert board.topics.set_index(["profile_id", "puzzle_type"]).loc[(ana, "block_count"), "attempts"] == 1

    answer(store, ana, "block_count", False, datetime(2026, 12, 9, 10, 0, tzinfo=UTC))
    board = kept(store, cls)
    assert state(board, drill, ana) == ("done", 2)

    store.mark_lesson_done(bo, "partners-laying", date(2026, 12, 4))
    assert state(kept(store, cls), lesson, bo) == ("done", 1)

    # a match saved while being played, then finished in place (the same moment saved)
    played(store, bo, datetime(2026, 12, 9, 18, 0, tzinfo=UTC), rounds=1, status="playing")
    assert state(kept(store, cls), play, bo) == ("not_started", 0)
    store._run(lambda conn: conn.execute(sa.update(games_table).where(games_table.c.profile_id == bo)
                                         .values(status="finished")), write=True)
    board = kept(store, cls)
    assert state(board, play, bo) == ("done", 1)
    assert board.last_seen[bo] == datetime(2026, 12, 9, 18, 0, tzinfo=UTC)

    # a device seen again: last seen moves, nothing else was written
    store.remember_device(bo)
    later = datetime(2026, 12, 10, 11, 0, tzinfo=UTC)
    store._run(lambda conn: conn.execute(sa.update(devices_table).where(devices_table.c.profile_id == bo)
                                         .values(last_seen=later)), write=True)
    assert kept(store, cls).last_seen[bo] == later

    # a rated result alone (a play rating kept apart from its match): the chart moves
    values = dict(profile_id=bo, kind="play", item="g-1", score=1.0, rating=1512.0, deviation=150.0,
                  item_rating=1500.0, at=datetime(2026, 12, 9, 19, 0, tzinfo=UTC))
    store._run(lambda conn: conn.execute(sa.insert(rating_history_table).values(**values)), write=True)
    assert dash.student_weeks(kept(store, cls), bo, "play")["rating"].tolist() == [1512.0]


def test_the_roster_homework_and_the_clock_change_the_look_too(store):
    cls = make_class(store)
    ana = student(store, cls, "Ana")
    play = hw.set_homework(store, cls.id, "play", {"game": "all_fives", "rounds": 1, "level": "casual"}, DUE,
                           set_at=SET_AT, now=SET_AT)
    played(store, ana, datetime(2026, 12, 11, 9, 0, tzinfo=UTC), rounds=1)
    assert state(kept(store, cls, datetime(2026, 12, 12, 9, 0, tzinfo=UTC)), play, ana) == ("done", 1)
    # the due date moved before the match: late
    hw.edit_homework(store, cls.id, play.id, due=datetime(2026, 12, 10, 17, 0))
    assert state(kept(store, cls, datetime(2026, 12, 12, 9, 0, tzinfo=UTC)), play, ana)[0] == "late"
    # a new student and new homework appear at once
    bo = student(store, cls, "Bo")
    more = hw.set_homework(store, cls.id, "lessons", {"lessons": ["partners-laying"]}, DUE, set_at=SET_AT,
                           now=SET_AT)
    board = kept(store, cls, datetime(2026, 12, 12, 9, 0, tzinfo=UTC))
    assert state(board, more, bo) == ("not_started", 0) and [m.nickname for m in board.students] == ["Ana", "Bo"]
    # nothing written, but the due time passes: the same minute before and after
    due = hw.assignments(store, cls.id)[-1].due_at
    assert not kept(store, cls, due - timedelta(minutes=1)).status[(more.id, bo)].overdue
    assert kept(store, cls, due + timedelta(minutes=1)).status[(more.id, bo)].overdue


def test_a_review_queue_that_empties_on_its_own_shows(store):
    cls = make_class(store)
    bo = student(store, cls, "Bo")
    a = hw.set_homework(store, cls.id, "mistakes", {"count": 2}, DUE, set_at=SET_AT, now=SET_AT)
    owe_mistake(store, bo, "mine-0123456789abcdef", date(2026, 12, 1))
    assert state(kept(store, cls), a, bo) == ("not_started", 0)
    # only the mistakes table changes (its repetition moved the puzzle past today)
    store._run(lambda conn: conn.execute(sa.update(mistakes_table).where(mistakes_table.c.profile_id == bo)
                                         .values(due=date(2026, 12, 20))), write=True)
    assert kept(store, cls).status[(a.id, bo)].state == "done"


def test_two_databases_never_share_a_class(tmp_path):
    """The same class id, the same counts and moments in two databases: each its own reads."""
    boards = []
    for n, correct in enumerate((True, False)):
        with open_store(f"sqlite:///{tmp_path / f'school{n}.sqlite3'}") as store:
            cls = make_class(store)
            ana = student(store, cls, "Ana")
            answer(store, ana, "block_count", correct, datetime(2026, 12, 3, 9, 0, tzinfo=UTC))
            boards.append(kept(store, cls))
    assert [b.school_class.id for b in boards] == [boards[0].school_class.id] * 2
    assert [int(b.topics["correct"].iloc[0]) for b in boards] == [1, 0]
    assert boards[0].version != boards[1].version  # what a page keeps under it is not shared either


def read_afresh(store, cls, now):
    class_reads.forget(store)
    return dash.dashboard(store, cls, now=now)


def same_board(kept_board, fresh):
    assert dict(kept_board.status) == dict(fresh.status)
    assert dict(kept_board.last_seen) == dict(fresh.last_seen)
    pd.testing.assert_frame_equal(kept_board.topics, fresh.topics)
    pd.testing.assert_frame_equal(kept_board.ratings, fresh.ratings)
    assert kept_board.version == fresh.version


@pytest.mark.parametrize("seed", [1, 2])
def test_the_kept_reads_always_equal_a_read_from_scratch(store, seed, monkeypatch):
    """A term in miniature: students answer (some answers dated back), do lessons, play,
    owe and retire personal puzzles, come and go; homework moves; days pass. After each
    step the teacher's look, kept and read again one student at a time, is what a look
    from scratch reads."""
    rnd = random.Random(seed)
    cls = make_class(store)
    pids = [student(store, cls, name) for name in ("Ana", "Bo", "Cy")]
    work = [hw.set_homework(store, cls.id, kind, spec, DUE, set_at=SET_AT, now=SET_AT) for kind, spec in (
        ("puzzles", {"drill": {"type": "block_count", "game": "all_fives", "band": "easy", "count": 3}}),
        ("lessons", {"lessons": ["partners-laying", "block-game"]}),
        ("play", {"game": "all_fives", "rounds": 1, "level": "casual"}),
        ("mistakes", {"count": 1}))]
    reads = []
    monkeypatch.setattr(class_reads, "_read", lambda conn, c, h, s, ids, *rest: reads.append(len(ids))
                        or original_read(conn, c, h, s, ids, *rest))
    now, alone = NOW, 0
    for step in range(30):
        pid = rnd.choice(pids)
        what = rnd.choice(["answer", "answer", "lesson", "match", "finish", "device", "owe", "retire", "join",
                           "leave", "due", "time"])
        at = now - timedelta(hours=rnd.randrange(1, 200))
        if what == "answer":
            answer(store, pid, rnd.choice(["block_count", "next_leader"]), rnd.random() < 0.5, at,
                   band=rnd.choice([None, "easy"]))
        elif what == "lesson":
            store.mark_lesson_done(pid, rnd.choice(["partners-laying", "block-game"]), at.date())
        elif what == "match":
            played(store, pid, at, rounds=rnd.choice([1, 2]), status=rnd.choice(["finished", "playing"]))
        elif what == "finish":
            store._run(lambda conn: conn.execute(sa.update(games_table).where(games_table.c.profile_id == pid)
                                                 .values(status="finished")), write=True)
        elif what == "device":
            store.remember_device(pid)
        elif what == "owe":
            owe_mistake(store, pid, f"mine-{step:016x}", (now - timedelta(days=rnd.choice([0, 3]))).date())
        elif what == "retire":
            store._run(lambda conn: conn.execute(sa.update(mistakes_table).where(mistakes_table.c.profile_id == pid)
                                                 .values(due=None)), write=True)
        elif what == "join":
            pids.append(student(store, cls, f"New {step}"))
        elif what == "leave" and len(pids) > 1:
            pids.remove(pid)
            store._run(lambda conn: conn.execute(sa.delete(class_members_table).where(
                class_members_table.c.class_id == cls.id, class_members_table.c.profile_id == pid)), write=True)
        elif what == "due":
            hw.edit_homework(store, cls.id, rnd.choice(work).id, due=datetime(2026, 12, rnd.randrange(9, 15), 17, 0))
        elif what == "time":
            now += timedelta(hours=rnd.choice([1, 7, 30]))
        before = len(reads)
        kept_board = dash.dashboard(store, cls, now=now)
        alone += any(0 < n < len(pids) for n in reads[before:])
        same_board(kept_board, read_afresh(store, cls, now))
        dash.dashboard(store, cls, now=now)  # kept again, as the last look left it
    assert alone >= 3  # some looks read a student alone
