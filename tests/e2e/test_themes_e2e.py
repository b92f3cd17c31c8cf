"""Practise a theme in Chromium (issue 45 item 3): Practice ``?theme=kill_double`` serves a
best-move puzzle of that theme; once it is answered the page names the theme in the page's
language, says it in one sentence and offers the lesson and more of the theme, as links a
keyboard reaches, with no axe violation."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from puzzles import generate
from puzzles.generators.best_move import theme_seeds
from tests.support.axe import DESKTOP, assert_accessible, wait_until_idle
from ui.i18n import translator

from .test_app_e2e import _board, _tap

pytestmark = pytest.mark.e2e


def test_a_themes_puzzle_names_its_theme_and_links_to_the_lesson(browser, app_url):
    tr = translator("es")
    puzzle = generate("best_move", theme_seeds("laplaza_1v1", "kill_double")[0], "laplaza_1v1")
    key = f"practice:{puzzle.id}"
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(f"{app_url}/practice?theme=kill_double&game=laplaza_1v1&lang=es")
        expect(page.get_by_text(tr("themes.practice_caption", name=tr("themes.name.kill_double")))).to_be_visible(
            timeout=30_000)
        expect(_board(page, f"{key}:board").locator("svg[data-board]")).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        _tap(page, f"{key}:board", puzzle.answer[0])
        expect(page.locator('[data-testid="stAlertContentSuccess"]').first).to_be_visible(timeout=30_000)
        expect(page.get_by_text(tr("themes.theme", name=tr("themes.name.kill_double")), exact=True)).to_be_visible(
            timeout=30_000)
        practise = page.get_by_role("link", name=tr("themes.practise"))
        expect(practise).to_be_visible(timeout=30_000)  # after the lesson catalogue is read
        expect(practise).to_have_attribute("href", re.compile(r"practice\?theme=kill_double&game=laplaza_1v1&lang=es$"))
        lesson = page.get_by_role("link", name=tr("themes.lesson", title="").strip())
        expect(lesson.first).to_be_visible(timeout=30_000)
        # a keyboard reaches the lesson link
        lesson.first.focus()
        expect(lesson.first).to_be_focused()
        wait_until_idle(page)
        assert_accessible(page, "a theme's puzzle answered")
    finally:
        page.close()
