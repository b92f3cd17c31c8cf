"""Ratings in real headless Chromium (issue 23): a new profile answers a practice puzzle,
sees the puzzle's rating and its own move, and My progress shows its rating. Every check
waits (Playwright's ``expect``) for what the page shows after an action."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from progress.ratings import START, puzzle_seed, rate, seed_key
from tests.e2e.test_app_e2e import _answer, _board
from tests.support.answer_paths import PICK_ONE, PUZZLE_PATHS, puzzle_of_kind, right_response
from ui.i18n import translator
from ui.parts.rating_view import signed

pytestmark = pytest.mark.e2e
EN = translator("en")
#: a puzzle answered with one pick (the quickest answer path)
KIND = sorted(kind for kind, path in PUZZLE_PATHS.items() if path == PICK_ONE)[0]


def test_a_profile_answers_a_practice_puzzle_and_sees_both_ratings_then_my_progress(browser, app_url):
    puzzle = puzzle_of_kind(KIND)
    seed = puzzle_seed(seed_key(puzzle.question.kind, puzzle.difficulty.band))  # its kind's measured start
    mine, theirs = rate(START, seed, True)  # a fresh database: nobody was rated on it before
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{app_url}/practice?puzzle={puzzle.id}&lang=en")
        key = f"practice:{puzzle.id}"
        expect(_board(page, f"{key}:board").locator("svg[data-board]")).to_be_visible(timeout=30_000)
        sidebar = page.locator('[data-testid="stSidebar"]')
        profile_box = page.locator(".st-key-profile_select").get_by_role("combobox")
        profile_box.click()
        page.get_by_role("option", name=EN("profile.new")).click()
        sidebar.get_by_label(EN("profile.name")).fill("Rated Rosa")
        sidebar.get_by_role("button", name=EN("profile.create")).click()
        expect(profile_box).to_have_value("Rated Rosa", timeout=30_000)
        expect(page.get_by_text(EN("ratings.rated_toggle"), exact=True)).to_be_visible(timeout=30_000)

        _answer(page, key, puzzle, right_response(puzzle))
        expect(page.locator('[data-testid="stAlertContentSuccess"]').first).to_be_visible(timeout=30_000)
        expect(page.get_by_text(EN("ratings.puzzle_rated", rating=theirs.shown, before=seed.shown))).to_be_visible(
            timeout=30_000)
        expect(page.get_by_text(EN("ratings.yours", rating=mine.shown, change=signed(mine.value - START.value))))\
            .to_be_visible(timeout=30_000)

        sidebar.get_by_role("link", name=EN("nav.stats")).click()  # the same session: still Rosa
        metric = page.get_by_test_id("stMetric").filter(has_text=EN("ratings.title"))
        expect(metric.get_by_test_id("stMetricValue")).to_have_text(mine.shown, timeout=30_000)
        expect(page.get_by_text(EN("ratings.rated_count", n=1), exact=True)).to_be_visible()
    finally:
        page.close()
