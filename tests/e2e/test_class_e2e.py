"""The live class quiz in real headless Chromium, two browser contexts on one server: a
teacher opens a quiz, a student joins by its link, answers, the answer appears on the
teacher's chart, the teacher reveals, the student sees the verdict.

Screenshots go to artifacts/.
"""

from __future__ import annotations

import os
import re
import time

import pytest
from playwright.sync_api import expect

from puzzles import generate
from puzzles.explain import label
from tests.support.answer_paths import right_response
from tests.support.axe import DESKTOP, PHONE, assert_accessible

from .test_app_e2e import _css, _pick

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def postgres_base():
    """One throwaway PostgreSQL server for this module's tests (a fresh database each)."""
    from tests.support.postgres import postgres_server

    with postgres_server() as base:
        yield base


def test_a_teacher_and_a_student_in_two_browsers_on_two_servers_sharing_one_postgresql(
        browser, artifacts, postgres_base):
    """A school that outgrew one process: two app servers on different ports behind one
    PostgreSQL (docs/deploy.md); the teacher uses one, the student the other. The student's
    server runs app.py without the live feed (serve.py): its screen falls back to looking
    again every few seconds, and still follows the teacher. axe-core checks both screens
    at each stage. (One server on SQLite: tests/ui/test_class_live.py and the waiting
    phone below.)"""
    from tests.support.postgres import new_database
    from tests.support.streamlit_server import ROOT, streamlit_app

    url = new_database(postgres_base)
    saved = os.environ.get("CAPICU_DB_URL")
    os.environ["CAPICU_DB_URL"] = url
    try:
        with streamlit_app(ROOT / "serve.py") as first, streamlit_app(ROOT / "app.py") as second:
            assert first != second
            class_quiz(browser, first, second, artifacts, "class", check_access=True)
    finally:
        if saved is None:
            os.environ.pop("CAPICU_DB_URL", None)
        else:
            os.environ["CAPICU_DB_URL"] = saved


def class_quiz(browser, teacher_url: str, student_url: str, artifacts, shots: str, *,
               check_access: bool = False) -> None:
    """The whole flow: the teacher on ``teacher_url``, the student on ``student_url``;
    ``check_access`` runs axe-core on both screens at each stage (tests/support/axe.py)."""
    def accessible(page, where: str, *, also_desktop: bool = False) -> None:
        # each screen at the size it is used at (the teacher's laptop, the student's
        # phone): resizing a live screen mid-quiz only adds reruns; both pages are
        # checked at both sizes in their first state (test_accessibility_e2e.py), and the
        # student's lobby and verdict on a laptop too (``also_desktop``)
        if check_access:
            sizes = (DESKTOP,) if page is teacher else (PHONE, DESKTOP) if also_desktop else (PHONE,)
            assert_accessible(page, where, sizes=sizes)

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

        teacher.get_by_text("1 of 40 joined:").wait_for(timeout=30_000)
        teacher.get_by_text("<b>Ana</b>").wait_for()  # the nickname as typed, as text
        teacher.screenshot(path=str(artifacts / f"{shots}_teacher_lobby.png"), full_page=True)
        accessible(teacher, "the teacher's lobby")
        accessible(student, "the student's lobby", also_desktop=True)
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
        accessible(student, "the student's sent answer")

        teacher.get_by_test_id("stMetricValue").get_by_text("1 of 1", exact=True).wait_for(timeout=30_000)  # the live count, without a click
        teacher.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
        teacher.wait_for_timeout(2500)  # one more refresh: the chart stays drawn
        teacher.screenshot(path=str(artifacts / f"{shots}_teacher_live.png"), full_page=True)
        accessible(teacher, "the teacher's live question")
        _press(teacher, "class_reveal", teacher.get_by_text("The answer:"))

        student.get_by_text("Right!").wait_for(timeout=30_000)
        student.screenshot(path=str(artifacts / f"{shots}_student_verdict.png"), full_page=True)
        accessible(student, "the student's verdict", also_desktop=True)
        accessible(teacher, "the teacher's revealed answer")
    finally:
        teacher_ctx.close()
        student_ctx.close()


def _press(page, key: str, outcome) -> None:
    """Press the button under ``key`` until ``outcome`` shows: on a loaded machine a press
    landing while a live fragment redraws can be dropped; a second press of a quiz move
    that already happened is refused quietly (the store's ``bad_move``)."""
    button = page.locator(f".st-key-{key}").get_by_role("button")
    for _ in range(4):
        if button.count():
            button.click()
        try:
            expect(outcome.first).to_be_visible(timeout=10_000)
            return
        except AssertionError:
            continue
    expect(outcome.first).to_be_visible(timeout=30_000)


# ------------------------------------------------------------------ the live feed, in a browser
def _runs_sent(page) -> list[float]:
    """The times this page asks the server for a script run (a rerun, whole or fragment)."""
    from streamlit.proto.BackMsg_pb2 import BackMsg

    sent: list[float] = []

    def frame(payload) -> None:
        if isinstance(payload, (bytes, bytearray)):
            msg = BackMsg()
            try:
                msg.ParseFromString(bytes(payload))
            except Exception:  # noqa: BLE001 - not a BackMsg: not a run
                return
            if msg.WhichOneof("type") == "rerun_script":
                sent.append(time.monotonic())

    page.on("websocket", lambda ws: ws.on("framesent", frame))
    return sent


def _join(page, url: str, code: str, name: str) -> None:
    page.goto(f"{url}/join?join={code}&lang=en")
    box = page.get_by_role("textbox", name="Your nickname")
    box.wait_for(timeout=30_000)
    box.fill(name)
    box.press("Enter")
    page.locator(".st-key-class_join").get_by_role("button").click()
    expect(page.get_by_text("You're in.")).to_be_visible(timeout=30_000)


def _answer_first(page, code: str, question: int) -> None:
    key = f"class:{code}:{question}"
    pills = page.locator(f".st-key-{_css(key + ':pick')}")
    _pick(pills.locator("button").first, False)
    page.locator(f".st-key-{_css(key + ':check')}").get_by_role("button").click()
    expect(page.get_by_text("Answer sent")).to_be_visible(timeout=30_000)


CHOICES = ["fives:all_fives:2:12531294", "round_score:laplaza_partners:4:1"]


def test_a_waiting_phone_asks_the_server_for_nothing_and_follows_at_once(browser, app_url):
    """No timer reruns a waiting phone's page: it sends no run while it waits, and shows the
    question as soon as the teacher moves on (the live feed wakes its watcher)."""
    from classroom.quiz import open_quiz_store

    quizzes = open_quiz_store()  # the app_url server's database (the fixture set it)
    quiz, secret = quizzes.create(CHOICES[:1], title="Live", lang="en")
    context = browser.new_context(viewport={"width": 420, "height": 900})
    try:
        phone = context.new_page()
        runs = _runs_sent(phone)
        _join(phone, app_url, quiz.code, "Ana")
        phone.wait_for_timeout(1500)  # the join's own runs settle
        before = len(runs)
        phone.wait_for_timeout(6000)  # three times the old 2 s refresh
        assert len(runs) == before, "a waiting phone asked for a run"
        quizzes.advance(quiz.code, secret)  # as from the teacher's screen (another session)
        expect(phone.get_by_text("Question 1 of 1")).to_be_visible(timeout=15_000)
        assert len(runs) > before  # the watcher's one rerun
    finally:
        context.close()
        quizzes.close_store()


def test_an_answer_that_never_reached_the_server_is_said_and_a_stored_one_shows_as_sent(browser, app_url):
    """Review C4: a tap on *Check* whose rerun died with the server came back, after the
    page's reload, as an unanswered question with no word. Here the tap's message is
    dropped on its way (the websocket is routed through the test), the page is loaded
    again as the watcher does after a restart: it says the answer was not sent; tapped
    again, the answer is stored, and a reload shows it as sent."""
    from streamlit.proto.BackMsg_pb2 import BackMsg

    from classroom.quiz import open_quiz_store

    quizzes = open_quiz_store()
    quiz, secret = quizzes.create(CHOICES[:1], title="Lost", lang="en")
    context = browser.new_context(viewport={"width": 420, "height": 900})
    cut = {"on": False, "dropped": 0}

    def route(ws) -> None:
        server = ws.connect_to_server()

        def to_server(message) -> None:
            if cut["on"] and isinstance(message, (bytes, bytearray)):
                msg = BackMsg()
                try:
                    msg.ParseFromString(bytes(message))
                except Exception:  # noqa: BLE001 - not a BackMsg: let it through
                    msg = None
                if msg is not None and msg.WhichOneof("type") == "rerun_script":
                    cut["dropped"] += 1
                    return  # the server is gone before the tap's rerun arrives
            server.send(message)

        ws.on_message(to_server)

    try:
        phone = context.new_page()
        phone.route_web_socket(re.compile(r".*/_stcore/stream"), route)
        _join(phone, app_url, quiz.code, "Ana")
        quizzes.advance(quiz.code, secret)
        expect(phone.get_by_text("Question 1 of 1")).to_be_visible(timeout=30_000)
        key = f"class:{quiz.code}:0"
        _pick(phone.locator(f".st-key-{_css(key + ':pick')}").locator("button").first, False)
        check = phone.locator(f".st-key-{_css(key + ':check')}").get_by_role("button")
        # the pick's own rerun must reach the server before the cut: only it enables Check
        expect(check).to_be_enabled(timeout=60_000)
        cut["on"] = True
        check.click()
        phone.wait_for_function("() => Object.keys(sessionStorage).some(k => k.startsWith('capicu-quiz:'))")
        # the tap's message reaches the route handler above while Playwright waits: wait
        # for it to be dropped (the page may set its storage first), up to 30 s
        for _ in range(300):
            if cut["dropped"]:
                break
            phone.wait_for_timeout(100)
        assert cut["dropped"] >= 1 and quizzes.answered_count(quiz.code, 0) == 0
        cut["on"] = False
        phone.reload()  # what the watcher does when it sees a new server
        expect(phone.get_by_text("Your answer was not sent. Tap again.")).to_be_visible(timeout=30_000)
        _answer_first(phone, quiz.code, 0)
        assert quizzes.answered_count(quiz.code, 0) == 1
        expect(phone.get_by_text("Your answer was not sent")).to_have_count(0)
        phone.reload()  # an answer kept across a reload shows as sent, with no alarm
        expect(phone.get_by_text("Answer sent")).to_be_visible(timeout=30_000)
        expect(phone.get_by_text("Your answer was not sent")).to_have_count(0)
    finally:
        context.close()
        quizzes.close_store()


def test_two_servers_on_one_postgresql_and_one_restarted_mid_quiz(browser, postgres_base):
    """Half the phones on each server; the second server stops and starts again mid-quiz:
    its phones reconnect by themselves, show where the quiz is, and carry on; every answer
    is stored once."""
    from classroom.quiz import open_quiz_store
    from tests.support.postgres import new_database
    from tests.support.streamlit_server import ROOT, free_port, streamlit_server

    serve = ROOT / "serve.py"
    db = new_database(postgres_base)
    env = {"CAPICU_DB_URL": db, "CAPICU_JOIN_BURST": "0"}  # every phone is on the loopback
    quizzes = open_quiz_store(db)
    quiz, secret = quizzes.create(CHOICES, title="Two servers", lang="en", per_address=0)
    port = free_port()
    context = browser.new_context(viewport={"width": 420, "height": 900})
    try:
        with streamlit_server(serve, env=env) as (first, _):
            phones = []
            with streamlit_server(serve, env=env, port=port) as (second, _):
                for n, url in enumerate([first, second, first, second]):
                    page = context.new_page()
                    _join(page, url, quiz.code, f"Phone{n}")
                    phones.append(page)
                assert len(quizzes.players(quiz.code)) == 4
                quizzes.advance(quiz.code, secret)
                for page in phones:
                    expect(page.get_by_text("Question 1 of 2")).to_be_visible(timeout=30_000)
                for page in phones[:2]:  # two answer before the restart
                    _answer_first(page, quiz.code, 0)
                for page in phones[1::2]:  # a mark that only a reload of the page wipes
                    page.evaluate("window.__beforeRestart = true")
            # the second server is down: its phones wait; the quiz goes on on the first
            _answer_first(phones[2], quiz.code, 0)  # on the first server
            with streamlit_server(serve, env=env, port=port) as (again, _):
                assert again == second
                # the restarted server's phones load their page again, each still itself
                for page in phones[1::2]:
                    page.wait_for_function("window.__beforeRestart === undefined", timeout=60_000)
                expect(phones[1].get_by_text("Answer sent")).to_be_visible(timeout=60_000)
                expect(phones[3].get_by_text("Question 1 of 2")).to_be_visible(timeout=60_000)
                expect(phones[3].get_by_text("You are Phone3", exact=False)).to_be_visible()
                _answer_first(phones[3], quiz.code, 0)
                assert len(quizzes.answers(quiz.code, secret, 0)) == 4
                quizzes.reveal(quiz.code, secret)
                quizzes.advance(quiz.code, secret)
                for page in phones:
                    expect(page.get_by_text("Question 2 of 2")).to_be_visible(timeout=30_000)
                    _answer_first(page, quiz.code, 1)
                answers = quizzes.answers(quiz.code, secret)
                assert sorted((a.question, a.nickname) for a in answers) == sorted(
                    (q, f"Phone{n}") for q in (0, 1) for n in range(4))
                assert len(quizzes.players(quiz.code)) == 4  # nobody joined twice
    finally:
        context.close()
        quizzes.close_store()
