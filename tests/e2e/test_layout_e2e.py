"""What only a browser shows about the lesson layout (issue 10): at 1280 x 800 the board
and its step buttons fit on the screen together; on a 390-px phone the five step
controls stay one row; the open ends say which end they are; side seats keep their
whole name; the favicon is served by the app itself."""

from __future__ import annotations

import pytest

from ui.i18n import translator


def _lesson_page(browser, url, width=1280, height=800):
    """A lesson page after its board's first size report (which reruns the page)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url)
    page.locator("svg[data-board]").first.wait_for(timeout=30_000)
    page.wait_for_timeout(800)
    return page


def _box(page, selector):
    el = page.locator(selector).first
    el.wait_for(timeout=30_000)
    return el.bounding_box()


@pytest.mark.parametrize("lesson", ["partners-laying", "draw-game", "kozel-penalties"])
def test_the_step_buttons_are_on_a_laptop_screen_with_the_board(browser, app_url, lesson):
    page = _lesson_page(browser, f"{app_url}/lesson?lesson={lesson}&lang=pt")
    try:
        for key in ("first", "prev", "next", "last"):
            box = _box(page, f".st-key-{key} button:visible")
            assert box["y"] + box["height"] <= 800, (lesson, key, box)
        board = _box(page, "svg[data-board]")
        assert board["height"] >= 260
    finally:
        page.close()


def test_on_a_phone_the_step_controls_stay_one_row(browser, app_url):
    page = _lesson_page(browser, f"{app_url}/lesson?lesson=1v1-leading&lang=es", 390, 844)
    try:
        tops = [_box(page, f".st-key-{key} button:visible")["y"] for key in ("first", "prev", "next", "last")]
        assert max(tops) - min(tops) < 10, tops
    finally:
        page.close()


def test_the_ends_are_named_and_side_seats_keep_their_names(browser, app_url):
    tr = translator("pt")
    page = _lesson_page(browser, f"{app_url}/lesson?lesson=kozel-penalties&lang=pt")
    try:
        board = page.locator("svg[data-board]").first  # the lesson's board (its task has one too)
        tags = board.locator(".end-tag").all_text_contents()
        assert sorted(tags) == sorted([tr("board.left_tag"), tr("board.right_tag")])
        pills = board.locator(".seat text").all_text_contents()
        assert "Jogador 2" in pills and "Jogador 3" in pills and not any("…" in t for t in pills)
    finally:
        page.close()


def test_the_favicon_comes_from_the_app(browser, app_url):
    page = browser.new_page()
    try:
        page.goto(f"{app_url}/?lang=en")
        page.locator('[data-testid="stSidebar"]').wait_for(timeout=30_000)
        href = page.locator("link[rel*='icon']").first.get_attribute("href")
        assert href and "gstatic" not in href and "googleapis" not in href
        icon = page.request.get(href if href.startswith("http") else f"{app_url}/{href.lstrip('./')}")
        assert icon.ok and icon.headers.get("content-type", "").startswith("image/")
    finally:
        page.close()


def test_a_pass_is_marked_at_the_seat_and_told_as_an_event(browser, app_url):
    """partners-passing, step 2: Luis passes. The board tags his seat, the side text says
    so as an event, in Dutch."""
    tr = translator("nl")
    page = _lesson_page(browser, f"{app_url}/lesson?lesson=partners-passing&lang=nl&step=2")
    try:
        board = page.locator("svg[data-board]").first
        page.get_by_text(tr("play.log_pass", seat="Luis")).first.wait_for(timeout=30_000)
        seat = board.locator(".seat", has_text="Luis")
        assert tr("board.passed") in " ".join(seat.locator("text").all_text_contents())
        others = board.locator(".seat", has_text="Ana").locator("text").all_text_contents()
        assert tr("board.passed") not in " ".join(others)
    finally:
        page.close()
