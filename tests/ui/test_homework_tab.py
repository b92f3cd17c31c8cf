"""The teacher's Homework and Progress tabs of a class, and a student's To do (AppTest).

The tabs run in a small script of their own (the teacher's page, ui/pages/classes.py,
calls them behind the class's passphrase); the To do on the app's Home and My progress."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest
from streamlit.testing.v1 import AppTest

from classroom import homework as hw
from classroom.dashboard import record_history
from classroom.roster import create_class
from progress import open_store
from tests.classroom.class_rows import add_member
from tests.ui.conftest import APP, texts_of
from ui.session import PROFILE

#: noon UTC of the pinned day (tests/ui/conftest.py PINNED_TODAY): the tabs' clock
NOW = datetime(2026, 12, 31, 12, 0, tzinfo=timezone.utc)

TAB_SCRIPT = """
import streamlit as st
from ui import session
from ui.parts.classes.{part} import {function}
session.init_language()
session.show_notices()
{function}(st.session_state["test_class"])
"""


@pytest.fixture
def store(progress_db):
    opened = open_store(f"sqlite:///{progress_db}")
    yield opened
    opened.close()


@pytest.fixture
def school_class(store):
    return create_class(store, name="7B", games=["all_fives", "block"], lang="en", time_zone="Europe/Amsterdam",
                        secret="correct horse battery")


def tab(part: str, function: str, school_class, lang: str = "en") -> AppTest:
    at = AppTest.from_string(TAB_SCRIPT.format(part=part, function=function), default_timeout=60)
    at.session_state["test_class"] = school_class
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def student(store, school_class, nickname: str):
    profile = store.create_profile(f"{nickname} ({school_class.name})")
    add_member(store, school_class.id, profile.id, nickname)
    return profile


def test_the_teacher_sets_play_homework_with_a_due_date_and_deletes_it(store, school_class):
    at = tab("homework", "homework_tab", school_class)
    assert "No homework yet" in texts_of(at)
    at.radio(key="hw_kind").set_value("play").run()
    at.selectbox(key="hw_game").set_value("block").run()
    at.selectbox(key="hw_level").set_value("strong").run()
    at.number_input(key="hw_rounds").set_value(4).run()
    at.date_input(key="hw_due_day").set_value(date(2027, 1, 8)).run()
    at.button(key="hw_save").click().run()
    assert not at.exception
    [kept] = hw.assignments(store, school_class.id)
    assert kept.kind == "play" and kept.spec == {"game": "block", "rounds": 4, "level": "strong"}
    assert kept.due_at == datetime(2027, 1, 8, 16, 0, tzinfo=timezone.utc)  # 17:00 in Amsterdam
    assert "Play 4 rounds of" in " ".join(e.label for e in at.expander)
    at.checkbox(key=f"hw_sure_{kept.id}").check().run()
    at.button(key=f"hw_delete_{kept.id}").click().run()
    assert hw.assignments(store, school_class.id) == []


def test_a_due_date_in_the_past_is_refused_in_the_readers_language(store, school_class):
    at = tab("homework", "homework_tab", school_class, lang="nl")
    at.radio(key="hw_kind").set_value("mistakes").run()
    at.date_input(key="hw_due_day").set_value(date(2026, 12, 1)).run()
    at.button(key="hw_save").click().run()
    assert [e.value for e in at.error] == ["De inleverdatum moet na vandaag liggen."]
    assert hw.assignments(store, school_class.id) == []


def test_the_teacher_composes_a_puzzle_set_from_codes_and_practice_links_and_sets_it(store, school_class):
    at = tab("homework", "homework_tab", school_class)
    at.text_input(key="hw_set_name_new").input("Blocks, week 1").run()
    at.text_area(key="hw_set_ids_new").input("block_count:all_fives:2:11\nnot-a-code").run()
    assert "not-a-code" in " ".join(e.value for e in at.warning)
    assert at.button(key="hw_set_save_new").disabled
    at.text_area(key="hw_set_ids_new").input(
        "block_count:all_fives:2:11\nhttp://localhost:8501/practice?puzzle=next_leader:all_fives:2:7&lang=en").run()
    at.button(key="hw_set_save_new").click().run()
    [kept] = hw.puzzle_sets(store, school_class.id)
    assert kept.name == "Blocks, week 1" and kept.puzzle_ids == ("block_count:all_fives:2:11", "next_leader:all_fives:2:7")
    at.radio(key="hw_kind").set_value("puzzles").run()
    at.radio(key="hw_source").set_value("set").run()
    at.button(key="hw_save").click().run()
    [a] = hw.assignments(store, school_class.id)
    assert a.spec == {"set": kept.id}


def test_the_progress_tab_shows_who_did_the_lesson_and_exports_it(store, school_class):
    ana, bo = student(store, school_class, "Ana"), student(store, school_class, "<b>Bo</b>")
    lesson = "partners-laying"
    hw.set_homework(store, school_class.id, "lessons", {"lessons": [lesson]}, datetime(2027, 1, 8, 17, 0),
                    set_at=datetime(2026, 12, 20, tzinfo=timezone.utc), now=datetime(2026, 12, 20, tzinfo=timezone.utc))
    store.mark_lesson_done(ana.id, lesson, date(2026, 12, 30))
    record_history(store, school_class.id, "quiz", {"title": "Fives", "ranking": [{"rank": 1, "nickname": "Ana"}]})
    at = tab("dashboard", "dashboard_tab", school_class)
    grid = at.dataframe[0].value
    rows = {r["Student"]: r for r in grid.to_dict("records")}
    assert rows["Ana"]["1"].startswith("✅ done") and rows["<b>Bo</b>"]["1"].startswith("○ not started")
    assert rows["Ana"]["Homework done"] == "1/1"
    assert "1 done, 0 done late, 0 started, 1 not started" in texts_of(at).replace("\\", "")
    assert any("Quiz “Fives”" in e.label for e in at.expander)
    assert at.get("download_button")  # the CSV and the parents' report
    at.selectbox(key="dash_student").set_value(bo.id).run()
    assert not at.exception


def test_a_student_sees_only_their_own_to_do_on_home_and_my_progress(store, school_class):
    ana, bo = student(store, school_class, "Ana"), student(store, school_class, "Bo")
    other = create_class(store, name="8A", games=["all_fives"], lang="en", time_zone="UTC", secret="another secret!")
    student(store, other, "Cy")
    set_at = datetime(2026, 12, 20, tzinfo=timezone.utc)
    hw.set_homework(store, school_class.id, "lessons", {"lessons": ["partners-laying"]}, datetime(2027, 1, 8, 17, 0),
                    set_at=set_at, now=set_at)
    hw.set_homework(store, other.id, "mistakes", {"count": 3}, datetime(2027, 1, 9, 17, 0), set_at=set_at, now=set_at)
    store.mark_lesson_done(bo.id, "partners-laying", date(2026, 12, 30))
    for page in ("home", "stats"):
        at = AppTest.from_file(APP, default_timeout=60)
        at.switch_page(f"ui/pages/{page}.py")
        at.session_state[PROFILE] = ana
        at.run()
        assert not at.exception, [e.message for e in at.exception]
        said = texts_of(at).replace("\\", "").replace("\u2060", "")  # as the reader sees it
        assert "To do" in said and "Lesson:" in said and "not started" in said
        assert "Review 3 of your mistakes" not in said  # another class's homework
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page("ui/pages/home.py")
    at.run()
    assert "To do" not in texts_of(at)  # a guest has none


LIVE_SCRIPT = """
from types import SimpleNamespace
import streamlit as st
from classroom.quiz import RankRow
from ui import session
from ui.parts.classes.live_history import class_choice, keep_quiz, started
session.init_language()
class_choice()
if st.button("open", key="open"):
    started("QUIZ01")
quiz = SimpleNamespace(code="QUIZ01", title="Fives", total=2, state="closed")
keep_quiz(quiz, [RankRow(1, "Ana", 2, 2, 9000)], [{"question": 1, "correct": 1}])
"""


@pytest.mark.parametrize("forged", [False, True])
def test_a_quiz_run_for_a_class_goes_into_its_history_with_the_teachers_access_only(store, school_class, forged):
    from classroom.dashboard import history

    other = create_class(store, name="8A", games=["all_fives"], lang="en", time_zone="UTC", secret="another secret!")
    at = AppTest.from_string(LIVE_SCRIPT, default_timeout=60)
    at.session_state["classes_keys"] = {school_class.id: school_class.key,
                                        **({other.id: "forged-key"} if forged else {})}
    at.run()
    assert at.selectbox(key="live_for_class").options == ["No class", "7B"]  # a forged key lists nothing
    if forged:  # a session value pointing at another class writes nothing there
        at.session_state["live_class_of"] = {"QUIZ01": other.id}
        at.run()
        assert not at.exception, [e.message for e in at.exception]
        assert history(store, other.id) == [] and history(store, school_class.id) == []
        return
    at.selectbox(key="live_for_class").set_value(school_class.id).run()
    at.button(key="open").click().run()
    assert not at.exception, [e.message for e in at.exception]
    [kept] = history(store, school_class.id)
    assert kept.kind == "quiz" and kept.data["ranking"][0]["nickname"] == "Ana" and kept.data["key"] == "QUIZ01"
    at.run()  # drawn again: written once
    assert len(history(store, school_class.id)) == 1


def test_the_parents_report_is_a_pdf_in_the_classs_language(store):
    import io

    from pypdf import PdfReader

    from classroom.dashboard import dashboard
    from ui.parts.classes.dashboard import report_pdf

    dutch = create_class(store, name="Groep 8", games=["all_fives"], lang="nl", time_zone="Europe/Amsterdam",
                         secret="correct horse battery")
    ana = student(store, dutch, "Ana")
    hw.set_homework(store, dutch.id, "mistakes", {"count": 2}, datetime(2027, 1, 8, 17, 0),
                    set_at=datetime(2026, 12, 20, tzinfo=timezone.utc), now=datetime(2026, 12, 20, tzinfo=timezone.utc))
    text = PdfReader(io.BytesIO(report_pdf(dashboard(store, dutch, now=NOW), ana.id))).pages[0].extract_text()
    assert "Voortgangsrapport" in text and "Ana" in text and "Groep 8" in text
    assert "Bekijk 2 van je fouten opnieuw" in text and "klaar" in text  # nothing due: done
