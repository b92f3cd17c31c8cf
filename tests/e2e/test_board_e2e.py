"""The board in real headless Chromium: taps and keys reach Python through the engine.

Run alone with ``.venv/bin/pytest tests/e2e -m e2e``. Screenshots go to artifacts/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine import Rules, deal
from tests.support.axe import wait_until_idle
from ui.board import ENGLISH_TEXTS, board_model

pytestmark = pytest.mark.e2e

BOARD = "svg[data-board]"  # Playwright's CSS selectors pierce the component's shadow root


def _expected_after(actions: list[str]):
    """The harness's round after ``actions`` of yours, replayed with the engine."""
    rnd = deal(Rules.preset("laplaza_partners"), seed=11)

    def advance():
        while not rnd.is_over and (rnd.turn != 0 or all(a.kind == "pass" for a in rnd.legal_actions())):
            rnd.apply(rnd.canonical_actions()[0])

    advance()
    for action in actions:
        rnd.apply(action)
        advance()
    return rnd


def _moves(page) -> int:
    return int(page.locator(BOARD).get_attribute("data-moves"))


def _keydown_listeners(page) -> int:
    """How many keydown listeners ``document`` has (Chrome DevTools Protocol)."""
    cdp = page.context.new_cdp_session(page)
    document = cdp.send("Runtime.evaluate", {"expression": "document"})["result"]["objectId"]
    listeners = cdp.send("DOMDebugger.getEventListeners", {"objectId": document})["listeners"]
    cdp.detach()
    return sum(1 for listener in listeners if listener["type"] == "keydown")


def _open(browser, url, **context):
    page = browser.new_page(**context)
    page.goto(url)
    page.locator(BOARD).wait_for(timeout=20_000)
    return page


def test_tap_tile_then_end_plays_through_the_engine(browser, harness_url, artifacts):
    page = _open(browser, harness_url, viewport={"width": 1100, "height": 1000})
    try:
        assert _moves(page) == 0
        # 6-6 is a lead: one tap plays it.
        page.locator('[data-tile="6-6"]').click()
        page.get_by_text("played: lead 6-6").wait_for()
        page.locator('[data-line-tile="6-6"]').wait_for()
        page.get_by_text("ends: 3|0").wait_for()
        assert _moves(page) > 1  # the other seats played too

        # 0-3 fits both ends: the tap picks it up and lights the ends it fits.
        page.locator('[data-tile="0-3"]').click()
        page.locator('.cpb-root[data-selected="0-3"]').wait_for()
        assert "target" in page.locator('[data-end="L"]').get_attribute("class")
        assert "selected" in page.locator('[data-tile="0-3"]').get_attribute("class")
        page.locator('[data-end="L"]').click()
        page.get_by_text("played: lead 6-6 0-3@L").wait_for()
        rnd = _expected_after(["lead 6-6", "0-3@L"])
        page.get_by_text(f"ends: {rnd.ends[0]}|{rnd.ends[1]}").wait_for()
        page.locator('.cpb-root[data-selected=""]').wait_for()
        expect(page.locator('[data-tile="0-3"]')).to_have_count(0)
        page.screenshot(path=str(artifacts / "board_e2e.png"), full_page=True)
    finally:
        page.close()


def test_keys_step_frames_and_play_from_the_keyboard(browser, harness_url):
    page = _open(browser, harness_url, viewport={"width": 1100, "height": 1000})
    try:
        listeners = _keydown_listeners(page)
        # Focus outside the board: ArrowRight / Home are lesson navigation.
        page.mouse.click(5, 5)
        page.keyboard.press("ArrowRight")
        page.get_by_text("nav: next").wait_for()
        page.keyboard.press("Home")
        page.get_by_text("nav: next first").wait_for()

        # Focus on a hand tile: arrows move between tiles and send no nav.
        page.locator('[data-tile="0-3"]').focus()
        page.keyboard.press("ArrowRight")
        focused = page.evaluate(
            "() => document.activeElement.shadowRoot?.activeElement?.getAttribute('data-tile') ?? null")
        assert focused is not None and focused != "0-3"
        page.keyboard.press("ArrowLeft")
        page.wait_for_timeout(300)
        assert page.get_by_text("nav: next first", exact=True).count() == 1

        # Enter on 6-6 leads; Enter on 0-3 picks it, focus jumps to an end, Enter plays.
        page.locator('[data-tile="6-6"]').focus()
        page.keyboard.press("Enter")
        page.get_by_text("played: lead 6-6").wait_for()
        page.locator('[data-tile="0-3"]').wait_for()
        page.locator('[data-tile="0-3"]').focus()
        page.keyboard.press("Enter")
        page.locator('.cpb-root[data-selected="0-3"]').wait_for()
        page.keyboard.press("ArrowRight")  # from the left end to the right end
        page.keyboard.press("Enter")
        page.get_by_text("played: lead 6-6 0-3@R").wait_for()
        assert page.get_by_text("nav: next first", exact=True).count() == 1  # no nav from the board's own keys

        # The board was redrawn several times, yet the page listens to keys just once.
        assert _keydown_listeners(page) == listeners
        page.mouse.click(5, 5)
        page.keyboard.press("ArrowRight")
        page.get_by_text("nav: next first next").wait_for()
        page.wait_for_timeout(300)
        assert page.get_by_text("nav: next first next", exact=True).count() == 1
    finally:
        page.close()


def test_phone_gets_the_narrow_layout(browser, harness_url, artifacts):
    page = _open(browser, harness_url, viewport={"width": 390, "height": 844}, device_scale_factor=2)
    try:
        page.locator('svg[data-board][viewBox^="0 0 640 "]').wait_for(timeout=10_000)
        page.locator('[data-tile="6-6"]').click()
        page.get_by_text("played: lead 6-6").wait_for()
        page.screenshot(path=str(artifacts / "board_phone.png"), full_page=True)
    finally:
        page.close()


def test_harness_expectations_match_the_engine():
    """The e2e steps above rely on seed 11: check its promises without a browser."""
    rnd = _expected_after(["lead 6-6"])
    model = board_model(rnd, 0, seat_labels=["You", "Luis", "Ana", "Marco"], texts={})
    assert rnd.ends == (3, 0)
    assert model["legal"]["tiles"]["0-3"] == ["L", "R"]


def test_at_a_touch_move_table_a_picked_up_tile_cannot_be_put_back_or_swapped(browser, harness_url):
    page = _open(browser, f"{harness_url}/?touch=on", viewport={"width": 1100, "height": 1000})
    try:
        page.locator('[data-tile="6-6"]').click()
        page.get_by_text("played: lead 6-6").wait_for()
        page.locator('[data-tile="0-3"]').click()  # it fits both ends: picked up
        root = page.locator('.cpb-root[data-selected="0-3"]')
        expect(root).to_have_count(1)
        expect(page.locator(".cpb-status")).to_have_text(ENGLISH_TEXTS["touched"])
        wait_until_idle(page)  # the pick-up's own rerun redraws the board: the shake comes after it
        page.locator('[data-tile="3-3"]').click()  # fits the left end alone: would play at once
        expect(page.locator('[data-tile="3-3"]')).to_have_class(re.compile(r"\bnope\b"))
        page.locator('[data-tile="0-3"]').click()  # a second tap does not put it back
        page.locator('[data-tile="0-3"]').press("Escape")  # nor does Escape
        expect(root).to_have_count(1)
        expect(page.get_by_text("played: lead 6-6", exact=True)).to_be_visible()
        page.locator('[data-end="R"]').click()
        page.get_by_text("played: lead 6-6 0-3@R").wait_for()
        expect(page.locator('.cpb-root[data-selected=""]')).to_have_count(1)
    finally:
        page.close()
