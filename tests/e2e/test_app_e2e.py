"""The app in real headless Chromium: a Dutch lesson stepped with the arrow keys and
answered by tapping the board, a pinned date's daily set solved by tapping and picking, with
the streak, and a puzzle of each answer path (a tap, one pick, several picks) answered right
and wrong. A whole round of a match, with a hint, its review and replay, is played by
keyboard in test_accessibility_e2e.py.

Screenshots go to artifacts/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from lessons.model import load_course
from puzzles import daily_set
from puzzles.explain import label
from ui.i18n import translator
from tests.e2e.taps import tap_action
from tests.support.answer_paths import (
    PICK_MANY, PUZZLE_PATHS, TAP, path_of, pinned_daily_date, puzzle_of_kind, right_response, wrong_response,
)

pytestmark = pytest.mark.e2e


def _board(page, key: str):
    """The board component mounted with ``key`` (Streamlit marks keyed elements st-key-<key>)."""
    return page.locator(f".st-key-{_css(key)}")


def _tap(page, key: str, action: str) -> None:
    """Tap an action on a board: the tile, then its end (a lead or a one-end tile needs one tap)."""
    tap_action(_board(page, key), action)


def _pick(pill, multi: bool) -> None:
    """Click a pill until the page shows it picked: a rerun that redraws the page while
    the click lands (a loaded machine) would otherwise drop it. A single-choice pill is a
    radio (``aria-checked``), a multi-choice pill a toggle button (``aria-pressed``)."""
    state = "aria-pressed" if multi else "aria-checked"
    for _ in range(5):
        # while a rerun redraws the pills the old and the new one are both on the page: wait
        # for one
        expect(pill).to_have_count(1, timeout=30_000)
        # click only while it is still not picked: a toggle clicked again after a slow rerun
        # would be unpicked (and Check stay disabled)
        if pill.get_attribute(state) != "true":
            pill.click()
        try:
            expect(pill).to_have_attribute(state, "true", timeout=10_000)
            return
        except AssertionError:
            continue
    expect(pill).to_have_attribute(state, "true", timeout=10_000)


def _answer(page, key: str, puzzle, response) -> None:
    """Answer a puzzle drawn under ``key`` as a player does: tap, or pick pills and Check."""
    kind = puzzle.question.kind
    if path_of(kind) == TAP:
        _tap(page, f"{key}:board", response)
        return
    multi = path_of(kind) == PICK_MANY
    box = page.locator(f".st-key-{_css(key + ':pick')}")
    for value in (response if multi else [response]):
        text = label("en", kind, value, puzzle.rules)
        _pick(box.locator("button", has=page.get_by_text(text, exact=True)), multi)
    page.locator(f".st-key-{_css(key + ':check')}").get_by_role("button").click()


def _css(key: str) -> str:
    """The class Streamlit gives a keyed element: ``st-key-`` and the key, CSS-safe."""
    return re.sub(r"[^A-Za-z0-9_-]", "-", key)


def test_a_dutch_lesson_steps_with_arrow_keys_and_checks_a_tap(browser, app_url, artifacts):
    tr = translator("nl")
    lesson = load_course().lesson("partners-laying")
    total = len(lesson.steps) + 1
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    try:
        page.goto(f"{app_url}/lesson?lesson=partners-laying&lang=nl")
        page.get_by_text(lesson.text("nl").title).first.wait_for(timeout=30_000)
        page.get_by_text(tr("lesson.step", n=1, total=total), exact=True).wait_for()
        _board(page, "lesson_board").locator("svg[data-board]").wait_for(timeout=30_000)
        _board(page, "task:partners-laying:board").locator("svg[data-board]").wait_for(timeout=30_000)
        page.mouse.click(5, 300)  # focus the page, not a widget: arrow keys then step the board
        page.keyboard.press("ArrowRight")
        page.get_by_text(tr("lesson.step", n=2, total=total), exact=True).wait_for(timeout=30_000)
        page.get_by_text(lesson.text("nl").captions[lesson.steps[0].caption], exact=True).wait_for()
        page.keyboard.press("End")
        page.get_by_text(tr("lesson.step", n=total, total=total), exact=True).wait_for(timeout=30_000)

        task_round = lesson.task.round()
        legal = sorted(str(a) for a in task_round.legal_actions())
        _tap(page, "task:partners-laying:board", legal[0])
        # in the verdict's box (the board's live region says the same words for a screen reader)
        page.locator('[data-testid="stAlertContentSuccess"]').get_by_text(lesson.text("nl").task["right"])\
            .wait_for(timeout=30_000)
        page.screenshot(path=str(artifacts / "lesson_nl.png"), full_page=True)
    finally:
        page.close()


def test_a_pinned_daily_set_solved_by_tapping_and_picking_then_the_streak(browser, app_url, artifacts):
    """The app's clock is pinned (``CAPICU_TODAY``) to a date whose set walks every answer
    path; every other kind is walked by the per-kind test below."""
    tr = translator("en")
    day = pinned_daily_date()
    puzzles = daily_set(day)
    page = browser.new_page(viewport={"width": 1300, "height": 1100})
    try:
        page.goto(f"{app_url}/daily?lang=en")
        page.get_by_text(tr("daily.title")).first.wait_for(timeout=30_000)
        page.get_by_text(tr("daily.intro", date=day.isoformat(), count=len(puzzles))).wait_for(timeout=30_000)
        page.locator("svg[data-board]").nth(len(puzzles) - 1).wait_for(timeout=30_000)
        # A profile keeps the streak.
        sidebar = page.locator('[data-testid="stSidebar"]')
        page.locator(".st-key-profile_select").get_by_role("combobox").click()
        page.get_by_role("option", name=tr("profile.new")).click()
        sidebar.get_by_label(tr("profile.name")).fill("Tester")
        sidebar.get_by_role("button", name=tr("profile.create")).click()
        expect(page.locator(".st-key-profile_select").get_by_role("combobox")).to_have_value("Tester",
                                                                                           timeout=30_000)

        for number, puzzle in enumerate(puzzles, 1):
            _answer(page, f"daily:{day.isoformat()}:{number}", puzzle, right_response(puzzle))
            page.get_by_text(tr("daily.progress", done=number, total=len(puzzles))).wait_for(timeout=30_000)

        page.get_by_text(tr("daily.done", right=len(puzzles), total=len(puzzles))).wait_for(timeout=30_000)
        page.get_by_text(tr("daily.days", n=1)).wait_for(timeout=30_000)
        page.screenshot(path=str(artifacts / "daily_done.png"), full_page=True)
    finally:
        page.close()


#: one kind per answer path: every kind's path is walked under AppTest
#: (tests/ui/test_answer_paths.py); the browser shows that each path's taps and picks land
BROWSER_KINDS = sorted({path: kind for kind, path in sorted(PUZZLE_PATHS.items(), reverse=True)}.values())


@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
@pytest.mark.parametrize("kind", BROWSER_KINDS)
def test_each_answer_path_answered_in_the_browser(browser, app_url, kind, right):
    puzzle = puzzle_of_kind(kind)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{app_url}/practice?puzzle={puzzle.id}&lang=en")
        key = f"practice:{puzzle.id}"
        _board(page, f"{key}:board").locator("svg[data-board]").wait_for(timeout=30_000)
        _answer(page, key, puzzle, right_response(puzzle) if right else wrong_response(puzzle))
        verdict = page.locator('[data-testid="stAlertContentSuccess"]' if right
                               else '[data-testid="stAlertContentError"]')
        verdict.first.wait_for(timeout=30_000)
    finally:
        page.close()


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_every_answer_pill_and_level_is_visible_and_the_score_strip_is_shown(browser, app_url, artifacts,
                                                                           width, height):
    puzzle = max((puzzle_of_kind("legal_moves"), *[p for p in _many_option_puzzles()]),
                 key=lambda p: len(p.options))
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.goto(f"{app_url}/practice?puzzle={puzzle.id}&lang=en")
        key = f"practice:{puzzle.id}"
        board = _board(page, f"{key}:board")
        board.locator("svg[data-board]").wait_for(timeout=30_000)
        expect(board.locator(".cpb-score")).to_contain_text(translator("en")("board.round", n=1))
        pills = page.locator(f".st-key-{_css(key + ':pick')} button")
        expect(pills).to_have_count(len(puzzle.options), timeout=30_000)
        for i in range(len(puzzle.options)):
            pill = pills.nth(i)
            pill.scroll_into_view_if_needed()
            box = pill.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (i, box)
        for level in page.locator(".st-key-practice_level button").all():
            box = level.bounding_box()
            assert box and box["x"] + box["width"] <= width
            assert level.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), level.inner_text()
        page.screenshot(path=str(artifacts / f"practice_pills_{width}.png"), full_page=True)
    finally:
        page.close()


def _many_option_puzzles():
    from puzzles import generate

    return [generate("legal_moves", seed, game="laplaza_1v1") for seed in range(6)]


def test_switching_language_on_practice_then_changing_level_and_next(browser, app_url):
    nl = translator("nl")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{app_url}/practice?type=next_leader&lang=en")
        page.locator("svg[data-board]").first.wait_for(timeout=30_000)
        page.locator(".st-key-lang_select").get_by_role("combobox").click()
        page.get_by_role("option", name="Nederlands").click()
        page.get_by_text(nl("practice.title")).first.wait_for(timeout=30_000)
        _pick(page.locator(".st-key-practice_level button", has_text=nl("level.hard")), multi=False)
        page.get_by_role("button", name=nl("practice.next")).click()
        page.locator("svg[data-board]").first.wait_for(timeout=30_000)
        page.wait_for_timeout(1500)
        assert page.locator('[data-testid="stException"]').count() == 0
        expect(page.locator(".st-key-practice_type").get_by_role("combobox")).to_have_value(
            re.compile(re.escape(nl_title("next_leader"))), timeout=10_000)
    finally:
        page.close()


def nl_title(ptype: str) -> str:
    from puzzles.explain import lookup

    return str(lookup("nl", f"types.{ptype}.title"))
