"""The teacher's Progress tab keeps what it read until a student does something: the
student's answer shows on the teacher's next run, on SQLite and PostgreSQL (classroom/
dashboard.py keeps the class's reads under a key; ui/parts/classes/dashboard.py keeps the
chart under their version). A class history's table is made when its box is opened."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
import streamlit as st

from classroom import homework as hw
from classroom.dashboard import record_history
from classroom.roster import create_class
from progress import Attempt, open_store
from tests.progress.conftest import postgres_base  # noqa: F401 - fixture
from tests.ui.test_homework_tab import NOW, student, tab

SET_AT = NOW - timedelta(days=10)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, progress_db, monkeypatch):
    """The page's database (the tab opens it as the app does): SQLite, or a PostgreSQL."""
    if request.param == "postgresql":
        from tests.support.postgres import new_database

        monkeypatch.setenv("CAPICU_DB_URL", new_database(request.getfixturevalue("postgres_base")))
        st.cache_resource.clear()
    opened = open_store()
    yield opened
    opened.close()


def grid_of(at) -> dict:
    return {r["Student"]: r for r in at.dataframe[0].value.to_dict("records")}


def solve(store, pid: int, n: int, at: datetime) -> None:
    puzzle = f"block_count:all_fives:2:{n}"
    store.record_attempt(pid, Attempt(puzzle, "block_count", "all_fives", True, 900, at.date(), None, at), band="easy")


def test_a_students_answer_shows_on_the_teachers_next_run(store):
    school_class = create_class(store, name="7B", games=["all_fives"], lang="en", time_zone="Europe/Amsterdam",
                                secret="correct horse battery")
    ana, bo = student(store, school_class, "Ana"), student(store, school_class, "Bo")
    hw.set_homework(store, school_class.id, "puzzles",
                    {"drill": {"type": "block_count", "game": "all_fives", "band": "easy", "count": 2}},
                    datetime(2027, 1, 8, 17, 0), set_at=SET_AT, now=SET_AT)
    solve(store, bo.id, 1, NOW - timedelta(days=3))
    at = tab("dashboard", "dashboard_tab", school_class)
    assert grid_of(at)["Ana"]["1"].startswith("○ not started")
    at.run()  # nothing happened: the same grid (from the kept reads)
    assert grid_of(at)["Ana"]["1"].startswith("○ not started")
    solve(store, ana.id, 1, NOW - timedelta(hours=2))
    at.run()
    assert grid_of(at)["Ana"]["1"].startswith("◐ started")
    # an answer dated before Bo's (a phone that was offline) counts as soon as it is kept
    solve(store, ana.id, 2, NOW - timedelta(days=5))
    at.run()
    assert not at.exception
    rows = grid_of(at)
    assert rows["Ana"]["1"].startswith("✅ done") and rows["Ana"]["Homework done"] == "1/1"
    # her chart: a rated answer each time, so her puzzle rating is drawn (one week)
    at.selectbox(key="dash_student").set_value(ana.id).run()
    [chart] = at.get("plotly_chart")
    assert "Ana" in chart.proto.spec


def test_a_history_entry_is_made_into_a_table_when_opened(store):
    school_class = create_class(store, name="7B", games=["all_fives"], lang="en", time_zone="UTC",
                                secret="correct horse battery")
    student(store, school_class, "Ana")
    entry = record_history(store, school_class.id, "quiz",
                           {"title": "Fives", "ranking": [{"rank": 1, "nickname": "Zoë", "correct": 4}]})
    at = tab("dashboard", "dashboard_tab", school_class)
    assert any("Quiz “Fives”" in e.label for e in at.expander)
    assert all("Zoë" not in str(d.value.to_dict()) for d in at.dataframe)  # closed: no table made
    at.session_state[f"dash_history_{entry.id}"] = True  # the teacher opens the box
    at.run()
    assert not at.exception
    assert any("Zoë" in str(d.value.to_dict()) for d in at.dataframe)
