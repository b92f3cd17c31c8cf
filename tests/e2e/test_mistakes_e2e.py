"""Your mistakes in headless Chromium: a proven personal puzzle of a profile's, put in the
test server's database as the proof job keeps one, is counted on Home, opened from there and
solved with the keyboard alone (Tab to the hand, the arrow keys to the tile, Enter to pick
it up and Enter to lay it); axe finds nothing before or after the answer."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.answer_paths import pinned_daily_date
from tests.support.axe import DESKTOP, assert_accessible, wait_until_idle
from tests.ui.test_mistakes_page import BEST, PLAYED, planted
from ui.i18n import translator
from ui.labels import action_label

from .test_accessibility_e2e import _arrow_to, _expect_focus, _tab_to
from .test_app_e2e import _board, _css

pytestmark = pytest.mark.e2e
EN = translator("en")


def test_a_planted_blunder_is_solved_by_keyboard_on_the_page(browser, app_url):
    from progress import open_store

    day = pinned_daily_date()
    puzzle = planted(made_on=day)
    store = open_store()  # the app_url server's database (the fixture set it)
    try:
        mika = store.create_profile("Mika")
        assert store.mistakes.add(mika.id, puzzle)
    finally:
        store.close()
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(f"{app_url}/?lang=en")
        box = page.locator(".st-key-profile_select").get_by_role("combobox")
        expect(box).to_be_visible(timeout=30_000)
        box.click()
        page.get_by_role("option", name="Mika", exact=True).click()
        home_link = page.get_by_role("link", name=EN("mistakes.home", n=1))
        expect(home_link).to_be_visible(timeout=30_000)
        home_link.click()

        key = f"mistakes:{puzzle.id}"
        board = _board(page, f"{key}:board")
        expect(board.locator("svg[data-board]")).to_be_visible(timeout=30_000)
        main = page.locator('[data-testid="stMain"]')
        expect(main.get_by_text(EN("mistakes.question", played=action_label(EN, PLAYED)))).to_be_visible()
        wait_until_idle(page)
        assert_accessible(page, "a personal puzzle")

        in_board = _css(f"{key}:board")
        tile, end = BEST.split("@")
        _tab_to(page, lambda f: f["key"] == in_board and bool(f["tile"]))  # the hand: one Tab stop
        _arrow_to(page, tile)
        page.keyboard.press("Enter")                                         # picked up: the left end first
        _expect_focus(page, f"f.key === '{in_board}' && f.end === '{end}'")
        page.keyboard.press("Enter")                                         # laid there
        verdict = page.locator('[data-testid="stAlertContentSuccess"]').first
        expect(verdict).to_contain_text(EN("mistakes.right_best", move=action_label(EN, BEST)), timeout=30_000)
        expect(main.get_by_text(EN("mistakes.losses"))).to_be_visible()
        expect(main.get_by_role("link", name=EN("mistakes.analyse"))).to_be_visible()
        wait_until_idle(page)
        assert_accessible(page, "a personal puzzle solved")
    finally:
        page.close()
    store = open_store()
    try:
        assert store.mistakes.count_due(mika.id, day) == 0, "the answer moved it on its schedule"
    finally:
        store.close()
