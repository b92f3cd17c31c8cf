"""The live class quiz in real headless Chromium, two browser contexts on one server: a
teacher opens a quiz, a student joins by its link, answers, the answer appears on the
teacher's chart, the teacher reveals, the student sees the verdict.

Screenshots go to artifacts/.
"""

from __future__ import annotations

import os
import re

import pytest

from puzzles import generate
from puzzles.explain import label
from tests.support.answer_paths import right_response

from .test_app_e2e import _css, _pick

pytestmark = pytest.mark.e2e


def test_a_teacher_and_a_student_in_two_browsers(browser, app_url, artifacts):
    class_quiz(browser, app_url, app_url, artifacts, "class")


def test_a_teacher_on_one_server_and_a_student_on_another_share_one_postgresql(browser, artifacts):
    """A school that outgrew one process: two app servers on different ports behind one
    PostgreSQL (docs/deploy.md); the teacher uses one, the student the other."""
    from tests.support.postgres import new_database, postgres_server
    from tests.support.streamlit_server import ROOT, streamlit_app

    with postgres_server() as base:
        url = new_database(base)
        saved = os.environ.get("CAPICU_DB_URL")
        os.environ["CAPICU_DB_URL"] = url
        try:
            with streamlit_app(ROOT / "app.py") as first, streamlit_app(ROOT / "app.py") as second:
                assert first != second
                class_quiz(browser, first, second, artifacts, "class_two_servers")
        finally:
            if saved is None:
                os.environ.pop("CAPICU_DB_URL", None)
            else:
                os.environ["CAPICU_DB_URL"] = saved


def class_quiz(browser, teacher_url: str, student_url: str, artifacts, shots: str) -> None:
    """The whole flow: the teacher on ``teacher_url``, the student on ``student_url``."""
    app_url = teacher_url
    puzzle = generate("round_score", 4, game="laplaza_partners")
    teacher_ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    student_ctx = browser.new_context(viewport={"width": 420, "height": 900})  # a phone
    try:
        teacher = teacher_ctx.new_page()
        teacher.goto(f"{app_url}/class?lang=en")
        teacher.get_by_text("Questions from").wait_for(timeout=30_000)
        teacher.locator(".st-key-class_source").get_by_text("Puzzle ids", exact=True).click()
        box = teacher.get_by_role("textbox", name="Puzzle ids, one per line")
        box.wait_for(timeout=30_000)
        box.fill(puzzle.id)
        box.press("Control+Enter")
        teacher.locator(".st-key-class_build").get_by_role("button").click()
        teacher.get_by_text("Preview: 1 questions").wait_for(timeout=30_000)
        teacher.locator(".st-key-class_open").get_by_role("button").click()
        link_text = teacher.get_by_text(re.compile(r"/join\?join=[A-Z0-9]{6}")).first
        link_text.wait_for(timeout=30_000)
        link = re.search(r"\S+/join\?join=[A-Z0-9]{6}", link_text.inner_text()).group(0)
        assert link.startswith(app_url)
        teacher.locator('[data-testid="stImage"] img').first.wait_for(timeout=30_000)  # the QR code

        student = student_ctx.new_page()
        student.goto(student_url + link[len(teacher_url):])
        nickname = student.get_by_role("textbox", name="Your nickname")
        nickname.wait_for(timeout=30_000)
        nickname.fill("<b>Ana</b>")
        nickname.press("Enter")
        student.locator(".st-key-class_join").get_by_role("button").click()
        student.get_by_text("You're in.").wait_for(timeout=30_000)
        assert "me=" in student.url  # the device id stays in the link, for a reload

        teacher.get_by_text("1 joined:").wait_for(timeout=30_000)
        teacher.get_by_text("<b>Ana</b>").wait_for()  # the nickname as typed, as text
        teacher.screenshot(path=str(artifacts / f"{shots}_teacher_lobby.png"), full_page=True)
        teacher.locator(".st-key-class_start").get_by_role("button").click()
        teacher.get_by_text("Question 1 of 1").wait_for(timeout=30_000)

        student.get_by_text("Question 1 of 1").wait_for(timeout=30_000)  # the student's screen follows
        code = re.search(r"join=([A-Z0-9]{6})", link).group(1)
        key = f"class:{code}:0"
        pills = student.locator(f".st-key-{_css(key + ':pick')}")
        text = label("en", puzzle.question.kind, right_response(puzzle), puzzle.rules)
        _pick(pills.locator("button", has=student.get_by_text(text, exact=True)), False)
        student.locator(f".st-key-{_css(key + ':check')}").get_by_role("button").click()
        student.get_by_text("Answer sent").wait_for(timeout=30_000)

        teacher.get_by_test_id("stMetricValue").get_by_text("1 of 1", exact=True).wait_for(timeout=30_000)  # the live count, without a click
        teacher.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
        teacher.wait_for_timeout(2500)  # one more refresh: the chart stays drawn
        teacher.screenshot(path=str(artifacts / f"{shots}_teacher_live.png"), full_page=True)
        teacher.locator(".st-key-class_reveal").get_by_role("button").click()
        teacher.get_by_text("The answer:").wait_for(timeout=30_000)

        student.get_by_text("Right!").wait_for(timeout=30_000)
        student.screenshot(path=str(artifacts / f"{shots}_student_verdict.png"), full_page=True)
    finally:
        teacher_ctx.close()
        student_ctx.close()
