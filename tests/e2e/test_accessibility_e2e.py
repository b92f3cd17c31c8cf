"""Accessibility in real headless Chromium (issue 21, docs/accessibility.md).

* axe-core finds no WCAG 2.0/2.1 A or AA violation on any page in its first state, at
  1280×800 and on a 390×844 phone, nor after a lesson step, a task answered wrong and
  right, a profile form, a hint, a round's review and its replay (the class quiz's and
  the projector's screens are checked in their own tests);
* a whole round of a match is played with the keyboard alone, the focus always visible;
* the board has a text equivalent, names tiles as players say them, and says each
  lesson step and verdict once through its polite live region, in the page's language.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from lessons.model import load_course
from tests.support.answer_paths import PICK_ONE, path_of, puzzle_of_kind, right_response, wrong_response
from tests.support.axe import DEEP_FOCUS, assert_accessible, wait_until_idle
from ui.i18n import translator
from ui.shell import PAGES

from .test_app_e2e import _answer, _board, _tap

pytestmark = pytest.mark.e2e
EN = translator("en")
#: a 1280×800 window at 200% zoom, in CSS pixels
ZOOMED = {"width": 640, "height": 400}


@pytest.mark.parametrize("url", [url for _file, url, _title, _icon in PAGES])
def test_every_page_in_its_first_state_has_no_violation(browser, app_url, url):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{app_url}/{url}?lang=en")
        expect(page.locator('[data-testid="stMain"] h1').first).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, f"/{url}")
        # 200% zoom of a 1280×800 window: the page reflows, nothing goes sideways
        page.set_viewport_size(ZOOMED)
        wait_until_idle(page)
        wide = page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollWidth")
        assert wide <= ZOOMED["width"], f"/{url} at 200% zoom is {wide} px wide"
    finally:
        page.close()


def test_a_lesson_step_and_a_task_are_said_and_stay_accessible(browser, app_url):
    tr = translator("es")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{app_url}/lesson?lesson=partners-laying&lang=es")
        board = _board(page, "lesson_board")
        expect(board.locator("svg[data-board]")).to_be_visible(timeout=30_000)
        # the board in words: the line, each seat's tiles, the hand, tiles as players say them
        description = board.locator(".cpb-description")
        expect(description).to_contain_text(tr("board.hand"))
        assert re.search(r"\b(doble \w+|\w+-\w+)\b", description.inner_text())
        wait_until_idle(page)
        page.mouse.click(5, 300)  # the page, not a widget: the arrow keys step the board
        page.keyboard.press("ArrowRight")
        live = board.locator(".cpb-live")
        expect(live).to_have_attribute("aria-live", "polite")
        expect(live).to_contain_text(tr("lesson.step", n=2, total=99).split("2")[0].strip(), timeout=30_000)
        said = live.get_attribute("data-said")
        wait_until_idle(page)
        assert_accessible(page, "a lesson after a step")
        assert live.get_attribute("data-said") == said, "a redraw says nothing again"

        # the lesson's task, answered on its board (a wrong answer's verdict: the puzzle test)
        task = load_course().lesson("partners-laying").task
        legal = sorted(str(a) for a in task.round().legal_actions())
        _tap(page, "task:partners-laying:board", legal[0])
        expect(page.locator('[data-testid="stAlertContentSuccess"]').first).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "a lesson's task answered right", sizes=({"width": 1280, "height": 800},))
    finally:
        page.close()


def test_a_puzzle_answered_wrong_then_right_is_said_once_each(browser, app_url):
    kind = "round_points"
    assert path_of(kind) == PICK_ONE
    puzzle = puzzle_of_kind(kind)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{app_url}/practice?puzzle={puzzle.id}&lang=en")
        key = f"practice:{puzzle.id}"
        board = _board(page, f"{key}:board")
        expect(board.locator("svg[data-board]")).to_be_visible(timeout=30_000)
        _answer(page, key, puzzle, wrong_response(puzzle))
        expect(page.locator('[data-testid="stAlertContentError"]').first).to_be_visible(timeout=30_000)
        live = board.locator(".cpb-live")
        expect(live).to_contain_text(EN("question.wrong").rstrip("."), timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "a wrong answer's verdict")
        page.get_by_role("button", name=EN("question.try_again")).click()
        expect(page.locator('[data-testid="stAlertContentError"]')).to_have_count(0, timeout=30_000)
        _answer(page, key, puzzle, right_response(puzzle))
        expect(page.locator('[data-testid="stAlertContentSuccess"]').first).to_be_visible(timeout=30_000)
        expect(live).to_contain_text(EN("question.right").rstrip("!."), timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "a right answer's verdict")
    finally:
        page.close()


def test_the_profile_form_has_no_violation(browser, app_url):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{app_url}/?lang=en")
        box = page.locator(".st-key-profile_select").get_by_role("combobox")
        expect(box).to_be_visible(timeout=30_000)
        box.click()
        page.get_by_role("option", name=EN("profile.new")).click()
        expect(page.locator('[data-testid="stSidebar"]').get_by_label(EN("profile.name"))).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "the new-profile form", sizes=({"width": 1280, "height": 800},))
    finally:
        page.close()


def test_a_whole_round_by_keyboard_then_its_hint_review_and_replay_are_accessible(browser, app_url, artifacts):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{app_url}/play?game=laplaza_1v1&seed=7&levels=beginner&pace=fast&lang=en")
        table = page.locator("svg[data-board]").first
        expect(table).to_be_visible(timeout=30_000)
        over = page.get_by_text(EN("play.round_over"), exact=True)
        my_turn = page.locator("svg[data-board] .hand-tile.playable, svg[data-board] .hand-tile.blocked")
        hinted = said_bot = False
        for _ in range(60):
            expect(my_turn.first.or_(over)).to_be_visible(timeout=60_000)
            if over.count():
                break
            wait_until_idle(page)
            if not hinted:
                _keyboard_hint(page)
                hinted = True
            moves = table.get_attribute("data-moves")
            _play_by_keyboard(page)
            expect(page.locator("svg[data-board]").first).not_to_have_attribute("data-moves", moves, timeout=30_000)
            if not said_bot:  # the bot's reply is said once through the board's live region
                expect(my_turn.first.or_(over)).to_be_visible(timeout=60_000)
                if not over.count():
                    expect(page.locator(".cpb-live").first).to_contain_text("Opponent", timeout=30_000)
                    said_bot = True
        expect(page.get_by_text(EN("play.review"))).to_be_visible(timeout=60_000)
        expect(page.locator(".cpb-live").first).to_contain_text(EN("play.round_over"), timeout=30_000)
        expect(page.get_by_text(EN("play.accuracy"))).to_be_visible(timeout=180_000)
        wait_until_idle(page)
        assert_accessible(page, "a round's review")
        first = page.get_by_role("button", name=EN("play.replay_first"))
        first.focus()
        page.keyboard.press("Enter")
        expect(page.get_by_text(re.compile(r"^Move 0 of \d+"))).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "the replay")
        page.screenshot(path=str(artifacts / "play_by_keyboard.png"), full_page=True)
    finally:
        page.close()


def _keyboard_hint(page) -> None:
    """The keys panel ("?"), then the hint, asked for from the keyboard; both accessible."""
    page.mouse.click(5, 300)
    page.keyboard.press("?")
    panel = page.locator(".cpb-keys-panel").first
    expect(panel).to_be_visible(timeout=10_000)
    expect(panel).to_contain_text(EN("board.keys_play"))
    page.keyboard.press("?")
    expect(panel).to_be_hidden(timeout=10_000)
    hint = page.get_by_role("button", name=EN("play.hint"))
    if not hint.count():
        return  # one legal move: nothing to hint
    hint.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text(EN("play.hint_title"))).to_be_visible(timeout=60_000)
    wait_until_idle(page)
    assert_accessible(page, "a hint", sizes=({"width": 1280, "height": 900},))


def _focus(page) -> dict | None:
    return page.evaluate(DEEP_FOCUS)


def _tab_to(page, wanted, limit: int = 80) -> dict:
    """Press Tab until the focused element is ``wanted``; the focus must be visible on it."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = _focus(page)
        if now and wanted(now):
            assert now["visible"], f"the focus is not visible on {now}"
            return now
    raise AssertionError("Tab never reached the element")


def _play_by_keyboard(page) -> None:
    """One move by keys: Tab to the hand, arrows to a playable tile, Enter (and an end)."""
    playable = page.locator("svg[data-board] .hand-tile.playable")
    if not playable.count():  # nothing fits: Tab to Draw or Pass
        _tab_to(page, lambda f: f["action"] in ("draw", "pass"))
        page.keyboard.press("Enter")
        return
    now = _focus(page)
    if not (now and now["tile"]):
        now = _tab_to(page, lambda f: bool(f["tile"]) and "hand-tile" in f["cls"])
    assert now["label"] and not re.search(r"\d", now["label"]), f"a tile is named in words: {now}"
    for _ in range(30):
        if "playable" in now["cls"]:
            break
        before = now["tile"]
        page.keyboard.press("ArrowRight")
        now = _focus(page)
        if now["tile"] == before:
            page.keyboard.press("Home")  # the last tile: start again from the first
            now = _focus(page)
    page.keyboard.press("Enter")
    after = _focus(page)
    if after and after["end"]:  # the tile fits both ends: the focus moved to the first one
        page.keyboard.press("Enter")
