"""In a real browser: a hint that lands after the page has answered appears by itself
(the waiting fragment reruns the page once it is there; no click, no page timer)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.streamlit_server import ROOT, launch_chromium, streamlit_server
from ui.i18n import translator

pytestmark = pytest.mark.e2e


def test_a_hint_that_lands_later_appears_by_itself(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("Debian's chromium is not installed (scripts/test.sh installs it)")
    en = translator("en")
    env = {"CAPICU_DB_PATH": str(tmp_path / "capicu.sqlite3"), "CAPICU_THINK_AHEAD": "off",
           "CAPICU_PAGE_ERRORS": "raise", "CAPICU_HINT_WAIT": "0"}  # the page never waits for the hint
    with streamlit_server(ROOT / "serve.py", env=env) as (url, _), sync_api.sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            page.goto(f"{url}/play?game=laplaza_1v1&seed=303046&levels=beginner&pace=fast&lang=en")
            button = page.locator('[class*="st-key-play_hint-"] button')
            sync_api.expect(button).to_be_visible(timeout=90_000)
            button.click()
            # the info box's words (the board's live region says them too, for a screen reader)
            thinking = page.get_by_test_id("stAlertContentInfo").get_by_text(en("jobs.hint_thinking"), exact=False)
            title = page.get_by_text(en("play.hint_title"))
            sync_api.expect(thinking).to_be_visible(timeout=30_000)  # the page answered before the hint
            sync_api.expect(title).to_be_visible(timeout=120_000)  # landed: shown with no click
            sync_api.expect(thinking).to_have_count(0)
            sync_api.expect(page.locator("[data-testid='stException']")).to_have_count(0)
        finally:
            browser.close()
