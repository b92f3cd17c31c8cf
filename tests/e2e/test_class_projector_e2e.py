"""The class quiz on a classroom projector, in real headless Chromium at 1920×1080 (the
browser's default zoom, the sidebar open as a new session finds it): the lobby's join code,
then a question and its reveal read from the back of the room, and everything of one
question — the bar with *Show the answer* / *Next*, the question, its options, the board,
the count and the chart — is on the screen without scrolling, with the sidebar open and
shut. The right answer is marked
with ✓ as well as in green. A 1280×720 laptop gets the same page, smaller, and nothing
wider than the window.

Screenshots: artifacts/class_projector_lobby.png, class_projector_question.png,
class_projector_revealed.png, class_projector_long.png, class_projector_1280.png.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from puzzles import puzzle_from_id
from tests.support.answer_paths import right_response
from tests.support.axe import assert_accessible
from tests.support.svg_contrast import check_texts
from ui.board.svg import SLOT_FILLS
from ui.parts.classroom.quiz import RIGHT_MARK, value_label

from .test_class_e2e import _press

PROJECTOR = {"width": 1920, "height": 1080}
pytestmark = pytest.mark.e2e

#: A finished round at a four-seat table (a tall board) with four short options, then a
#: question with four long options (two rows of chips, two-line labels on the chart).
QUESTIONS = ["round_score:laplaza_partners:4:1", "match:laplaza_partners:4:724417320"]
STUDENTS = 7
ANSWERING = 5

# What the projector shows, measured: computed font sizes (CSS px; SVG text as drawn) and
# boxes (left, top, right, bottom) in the viewport. The board lives in an open shadow root.
_MEASURE = """
() => {
  const q = (s) => document.querySelector(s);
  const px = (el) => el ? Math.round(parseFloat(getComputedStyle(el).fontSize) * 10) / 10 : null;
  const box = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom].map(Math.round);
  };
  const all = (s) => [...document.querySelectorAll(s)];
  const host = all('.st-key-class_projector *').find((el) => el.shadowRoot && el.shadowRoot.querySelector('svg[data-board]'));
  const board = host ? host.shadowRoot.querySelector('svg[data-board]') : null;
  const chartTexts = all('.st-key-class_projector .js-plotly-plot svg text').filter((t) => t.textContent.trim());
  const main = q('[data-testid="stMain"]');
  const min = (xs) => xs.length ? Math.min(...xs) : null;
  return {
    question: px(q('.st-key-class_question h1')),
    options: all('.st-key-class_options li').map(px),
    countLabel: px(q('.st-key-class_projector [data-testid="stMetricLabel"] p')),
    count: px(q('.st-key-class_projector [data-testid="stMetricValue"] div')
      || q('.st-key-class_projector [data-testid="stMetricValue"]')),
    chartTexts: chartTexts.length, chartMin: min(chartTexts.map(px)),
    answer: px(q('.st-key-class_answer [data-testid="stAlert"] p')),
    why: px(q('.st-key-class_why [data-testid="stAlert"] p')),
    code: px(q('.st-key-class_join_text h1 code')),
    bar: box(q('.st-key-class_bar')), questionBox: box(q('.st-key-class_question')),
    optionsBox: box(q('.st-key-class_options')), board: box(board),
    seats: board ? board.querySelectorAll('g.cpb-big').length : 0,  // its labels sized for the projector
    chart: box(q('.st-key-class_projector .js-plotly-plot')),
    chartTextBoxes: chartTexts.map(box),
    button: box(q('.st-key-class_reveal button') || q('.st-key-class_next button')),
    start: box(q('.st-key-class_start button')),
    scrolled: main ? main.scrollTop : null,
    wide: [document.documentElement.scrollWidth, main ? main.scrollWidth - main.clientWidth : null],
  };
}
"""


def _measure(page) -> dict:
    return page.evaluate(_MEASURE)


def _inside(box, width: int, height: int) -> bool:
    return bool(box) and box[0] >= 0 and box[1] >= 0 and box[2] <= width + 1 and box[3] <= height + 1


def _settles(page, check: str, what: str, timeout: float = 20_000) -> dict:
    """Wait until ``check`` (a JS expression over ``m``, the measurements) holds: a chart
    or a board draws after the page's text. On time out, fail with what was measured."""
    try:
        page.wait_for_function(f"() => {{ const m = ({_MEASURE})(); return {check}; }}", timeout=timeout)
    except Exception:  # noqa: BLE001 - Playwright's TimeoutError: say what was on screen instead
        pytest.fail(f"{what}: {json.dumps(_measure(page))}")
    return _measure(page)


def _quiz(n: int, prefix: str):
    from classroom.quiz import open_quiz_store

    store = open_quiz_store()  # the app_url server's database (the fixture set it)
    quiz, secret = store.create(QUESTIONS, title="Projector", lang="en")
    players = [store.join(quiz.code, f"Student{i}", f"{prefix}-device-{i:04d}") for i in range(n)]
    return store, quiz, secret, players


def _answers(store, quiz, players, question: int) -> None:
    """The first ANSWERING students answer: one right, the others across the options."""
    p = puzzle_from_id(QUESTIONS[question])
    right = right_response(p)
    for i, player in enumerate(players[:ANSWERING]):
        response = right if i < 2 else p.options[i % len(p.options)]
        response = list(response) if isinstance(response, tuple) else response
        store.answer(quiz.code, player.id, question, response, correct=response == right)


BIG = ("m.question >= 40 && m.options.length > 0 && Math.min(...m.options) >= 28"
       " && m.countLabel >= 28 && m.count >= 28 && m.chartTexts > 0 && m.chartMin >= 22")
FITS = ("m.bar && m.button && m.chart && m.board && m.seats > 0 && m.scrolled === 0"
        " && [m.bar, m.questionBox, m.optionsBox, m.board, m.chart, m.button]"
        ".every((b) => b && b[0] >= 0 && b[1] >= 0 && b[2] <= innerWidth + 1 && b[3] <= innerHeight + 1)")


def test_the_quiz_reads_from_the_back_of_the_room_at_1920x1080(browser, app_url, artifacts):
    store, quiz, secret, players = _quiz(STUDENTS, "projector")
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    measured = {}
    try:
        # the lobby: the code to type, large
        page.goto(f"{app_url}/class?quiz={quiz.code}&key={secret}&lang=en")
        expect(page.get_by_text(f"{STUDENTS} of 40 joined:")).to_be_visible(timeout=30_000)
        expect(page.locator('.st-key-class_lobby_view [data-testid="stImage"] img')).to_be_visible()  # the QR code
        lobby = _settles(page, "m.code >= 96 && m.start", "the join code is not large")
        assert _inside(lobby["start"], 1920, 1080), lobby
        measured["lobby"] = lobby
        page.screenshot(path=str(artifacts / "class_projector_lobby.png"))
        assert_accessible(page, "the projector's lobby", sizes=(PROJECTOR,))

        # a question: big type, and all of it on the screen
        _press(page, "class_start", page.get_by_text("Question 1 of 2"))
        _answers(store, quiz, players, 0)
        expect(page.get_by_test_id("stMetricValue")).to_have_text(f"{ANSWERING} of {STUDENTS}", timeout=30_000)
        expect(page.locator(".st-key-class_options li")).to_have_count(4)
        question = _settles(page, f"{BIG} && {FITS}", "a question is too small or does not fit")
        assert question["board"][2] - question["board"][0] >= 850, question  # the board large
        assert question["wide"][0] <= 1920 and question["wide"][1] <= 0, question  # nothing sideways
        # the board's words, grown for the room, read at 4.5:1 (on their halo where they run over a tile)
        board_svg = page.locator(".st-key-class_projector svg[data-board]")
        found, checked = check_texts(board_svg.evaluate("(el) => el.outerHTML"), slot_fill=SLOT_FILLS["rest"])
        assert checked > 10 and not found, [str(f) for f in found[:8]]
        expect(page.locator(".st-key-class_projector .js-plotly-plot")).not_to_contain_text(RIGHT_MARK)  # not yet
        measured["question"] = question
        page.screenshot(path=str(artifacts / "class_projector_question.png"))
        assert_accessible(page, "a question on the projector", sizes=(PROJECTOR,))

        # the reveal: the answer and why, large; the right option marked ✓ as well as green
        _press(page, "class_reveal", page.get_by_text("The answer:"))
        p = puzzle_from_id(QUESTIONS[0])
        right = f"{RIGHT_MARK} {value_label(p, p.answer, 'en')}"
        expect(page.locator(".st-key-class_options li strong")).to_have_text(right)
        expect(page.locator(".st-key-class_projector .js-plotly-plot")).to_contain_text(right, timeout=30_000)
        expect(page.locator(".st-key-class_next button")).to_be_visible()
        revealed = _settles(page, f"{BIG} && {FITS} && m.answer >= 28 && m.why >= 24",
                            "the revealed answer is too small, or the question no longer fits")
        measured["revealed"] = revealed
        page.screenshot(path=str(artifacts / "class_projector_revealed.png"))
        assert_accessible(page, "a revealed answer on the projector", sizes=(PROJECTOR,))

        # the next question's options are long: two rows of chips, two-line labels
        _press(page, "class_next", page.get_by_text("Question 2 of 2"))
        _answers(store, quiz, players, 1)
        expect(page.get_by_test_id("stMetricValue")).to_have_text(f"{ANSWERING} of {STUDENTS}", timeout=30_000)
        long = _settles(page, f"{BIG} && {FITS}", "a question with long options does not fit")
        measured["long"] = long
        page.screenshot(path=str(artifacts / "class_projector_long.png"))

        # the teacher shuts the sidebar: the board grows, and still ends above the screen's edge
        page.mouse.move(150, 40)  # Streamlit shows the sidebar's button on hover
        page.locator('[data-testid="stSidebarCollapseButton"] button').click()
        wider = _settles(page, f"m.bar[0] < 90 && {BIG} && {FITS}", "without the sidebar the question does not fit")
        assert wider["board"][3] - wider["board"][1] >= long["board"][3] - long["board"][1], (wider, long)
        measured["no sidebar"] = wider
    finally:
        page.close()
        store.close_store()
        print(json.dumps({k: {n: v for n, v in m.items() if not n.endswith("Boxes")} for k, m in measured.items()}))


def test_the_quiz_fits_a_1280x720_laptop_without_going_sideways(browser, app_url, artifacts):
    store, quiz, secret, players = _quiz(3, "laptop")
    store.advance(quiz.code, secret)
    store.answer(quiz.code, players[0].id, 0, right_response(puzzle_from_id(QUESTIONS[0])), correct=True)
    store.reveal(quiz.code, secret)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto(f"{app_url}/class?quiz={quiz.code}&key={secret}&lang=en")
        expect(page.get_by_text("The answer:")).to_be_visible(timeout=30_000)
        expect(page.locator(".st-key-class_next button")).to_be_visible()
        m = _settles(page, "m.chartTexts > 0 && m.board && m.chart", "the question did not draw")
        assert m["wide"][0] <= 1280 and m["wide"][1] <= 0, m  # no horizontal scrolling
        assert _inside(m["button"], 1280, 720) and _inside(m["bar"], 1280, 720), m
        chart = m["chart"]
        for text in m["chartTextBoxes"]:  # no label cut at the chart's edges
            assert text[0] >= chart[0] - 1 and text[2] <= chart[2] + 1, (text, chart)
        assert m["chartMin"] >= 22, m
        page.screenshot(path=str(artifacts / "class_projector_1280.png"))
    finally:
        page.close()
        store.close_store()
