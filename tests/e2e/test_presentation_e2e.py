"""Presentation mode in real headless Chromium on projector-sized windows: F enters it,
Page Down / End step it, the step counter and the way out stay on screen, every visible
text is at least 24 px at 1920×1080, the hands hide, and Escape leaves at the same step.

Screenshots: artifacts/presentation_1920.png, artifacts/presentation_1280.png. Also: the
Daily page's printable worksheet downloads as a PDF.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from lessons.model import load_course
from tests.support.axe import assert_accessible, wait_until_idle
from tests.support.svg_contrast import check_texts
from ui.board.svg import SLOT_FILLS
from ui.i18n import translator

pytestmark = pytest.mark.e2e

LESSON = "partners-blocked"
MIN_PX = 24

# Every visible piece of text on the page, in the light DOM and in open shadow roots
# (the board): HTML text by its computed font size, SVG text by its font size times the
# scale the SVG is drawn at. Returns the ones under the limit.
_SMALL_TEXT = """
(limit) => {
  const small = [];
  const seen = [];
  const inView = (r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0
    && r.top < innerHeight && r.left < innerWidth;
  const visit = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const el = node.parentElement;
      if (!text || !el || ['STYLE', 'SCRIPT', 'TITLE', 'DESC', 'title', 'desc', 'style'].includes(el.tagName)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || parseFloat(style.opacity) === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (!inView(rect)) continue;
      let px = parseFloat(style.fontSize);
      if (el instanceof SVGElement && el.getScreenCTM) {
        const m = el.getScreenCTM();
        px *= Math.hypot(m.a, m.b);
      } else {
        // covered or clipped away (a skip link, a hidden tooltip): not on the screen
        const hit = root.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        const widget = (x) => x && x.closest && x.closest('[data-baseweb], button, [data-testid="stMarkdownContainer"]');
        if (!hit || !(hit === el || el.contains(hit) || (widget(hit) && widget(hit) === widget(el)))) continue;
      }
      seen.push(px);
      if (px < limit - 0.01) small.push({ text: text.slice(0, 40), px: Math.round(px * 10) / 10, tag: el.tagName });
    }
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
  };
  visit(document);
  return { small, count: seen.length, min: Math.min(...seen) };
}
"""


def _counter(page):
    return page.locator(".cp-counter")


def _in_view(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["x"] >= 0 and box["y"] + box["height"] <= size["height"] + 1 \
        and box["x"] + box["width"] <= size["width"] + 1


def test_presenting_a_lesson_at_1920x1080(browser, app_url, artifacts):
    tr = translator("en")
    lesson = load_course().lesson(LESSON)
    frames = len(lesson.steps) + 1
    total = frames + (lesson.task is not None)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    try:
        page.goto(f"{app_url}/lesson?lesson={LESSON}&lang=en")
        board = page.locator(".st-key-lesson_board")
        board.locator("svg[data-board]").wait_for(timeout=30_000)
        page.get_by_text(tr("lesson.step", n=1, total=frames), exact=True).wait_for(timeout=30_000)
        page.mouse.click(5, 500)  # focus the page, not a widget
        page.keyboard.press("f")
        _counter(page).wait_for(timeout=30_000)
        page.get_by_text(tr("lesson.step", n=1, total=total), exact=True).wait_for(timeout=30_000)
        leave = page.locator(".st-key-present_leave")
        expect(leave).to_be_visible(timeout=30_000)

        page.keyboard.press("PageDown")  # a presenter's clicker
        page.get_by_text(tr("lesson.step", n=2, total=total), exact=True).wait_for(timeout=30_000)
        page.keyboard.press("PageDown")
        page.get_by_text(tr("lesson.step", n=3, total=total), exact=True).wait_for(timeout=30_000)
        page.keyboard.press("PageUp")
        page.get_by_text(tr("lesson.step", n=2, total=total), exact=True).wait_for(timeout=30_000)
        page.keyboard.press("End")
        last = (f"{tr('lesson.your_turn')} · {total}/{total}" if lesson.task is not None
                else tr("lesson.step", n=total, total=total))
        page.get_by_text(last, exact=True).wait_for(timeout=30_000)
        page.keyboard.press("Home")
        page.get_by_text(tr("lesson.step", n=1, total=total), exact=True).wait_for(timeout=30_000)
        page.keyboard.press("End")
        page.get_by_text(last, exact=True).wait_for(timeout=30_000)  # one key per rerun: a key sent mid-rerun may be lost
        page.keyboard.press("ArrowLeft")
        page.get_by_text(tr("lesson.step", n=frames, total=total), exact=True).wait_for(timeout=30_000)  # the block, scored
        page.wait_for_timeout(400)  # the labels grow after the board is laid out

        # The counter, the way out and the whole board are on the screen, with no scrolling.
        assert _in_view(page, _counter(page)) and _in_view(page, leave)
        svg = board.locator("svg[data-board]")
        assert _in_view(page, svg)
        box = svg.bounding_box()
        assert box["width"] >= 1000  # a large board
        assert page.evaluate("document.scrollingElement.scrollHeight") <= 1080 + 2
        # Nothing else on screen: no sidebar, no header, no lesson text below.
        assert not page.locator('[data-testid="stSidebar"]').is_visible()
        assert not page.locator('header[data-testid="stHeader"]').is_visible()

        result = page.evaluate(_SMALL_TEXT, MIN_PX)
        assert result["count"] > 10, result
        assert not result["small"], result["small"][:12]
        # grown for the room, the board's words still read at 4.5:1 on what lies under
        # them, and nothing covers them (tests/support/svg_contrast.py, on the SVG as drawn)
        found, checked = check_texts(svg.evaluate("(el) => el.outerHTML"), slot_fill=SLOT_FILLS["rest"])
        assert checked > 10 and not found, [str(f) for f in found[:8]]
        page.screenshot(path=str(artifacts / "presentation_1920.png"))
        wait_until_idle(page)
        assert_accessible(page, "a lesson presented on a projector", sizes=({"width": 1920, "height": 1080},))

        # Hide the hands: the viewer's tiles turn face down; show them again.
        page.locator(".st-key-present_hands button").click()
        board.locator("svg .face-down").first.wait_for(timeout=30_000)
        expect(board.locator("svg .hand [data-tile]")).to_have_count(0)
        page.locator(".st-key-present_hands button").click()
        board.locator("svg .hand [data-tile]").first.wait_for(timeout=30_000)

        # Escape leaves, at the same step, and the lesson page is back. A key pressed while
        # the page still redraws from the last click (a loaded machine) can fall on nothing:
        # press it again until the page has left, as a presenter would.
        for _ in range(5):
            page.mouse.click(5, 1070)
            page.keyboard.press("Escape")
            try:
                page.locator(".st-key-present_start").wait_for(timeout=10_000)
                break
            except Exception:  # noqa: BLE001 - playwright's TimeoutError: press again
                continue
        else:  # a rare failure on a loaded machine: keep what the page showed, for its cause
            page.screenshot(path=str(artifacts / "presentation_escape_failed.png"))
            state = page.evaluate("({full: Boolean(document.fullscreenElement), "
                                  "focus: document.activeElement && document.activeElement.outerHTML.slice(0, 200)})")
            raise AssertionError(f"Escape did not leave the presentation: {state}, console: {console[-10:]}")
        try:
            expect(_counter(page)).to_have_count(0, timeout=30_000)  # the presentation's counter is gone
        except AssertionError as error:  # what the page showed instead, for its cause
            page.screenshot(path=str(artifacts / "presentation_counter_stayed.png"))
            raise AssertionError(f"{error}\nurl: {page.url}, start button shown: "
                                 f"{page.locator('.st-key-present_start').count()}") from None
        page.get_by_text(tr("lesson.step", n=frames, total=frames), exact=True).wait_for(timeout=30_000)
    finally:
        page.close()


def test_escape_in_full_screen_asks_the_server_once(browser, app_url):
    """Escape leaves full screen, and full screen ending says "leave" too. Both must make one
    request: a second one, sent before the page has answered the first, carries the URL as
    it was (still ?present=1) and can put the lesson back on the projector (the likely cause
    of a failure of this test's neighbour on a loaded machine). Full screen ending is sent
    just after the key, as a slow page sees it."""
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    sent: list[int] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(len(payload))))
    try:
        page.goto(f"{app_url}/lesson?lesson={LESSON}&lang=en&step=1&present=1")
        _counter(page).wait_for(timeout=30_000)
        page.locator(".st-key-lesson_board svg[data-board]").wait_for(timeout=30_000)
        wait_until_idle(page)
        before = len(sent)
        page.mouse.click(5, 1070)  # focus the page, not a widget
        page.evaluate("setTimeout(() => document.dispatchEvent(new Event('fullscreenchange')), 30)")
        page.keyboard.press("Escape")
        page.locator(".st-key-present_start").wait_for(timeout=30_000)
        expect(_counter(page)).to_have_count(0, timeout=30_000)
        wait_until_idle(page)
        assert len(sent) - before == 1, f"{len(sent) - before} requests for one Escape"
        assert "present" not in page.url and "step=1" in page.url
    finally:
        page.close()


def test_a_language_chosen_in_the_bar_stays_and_the_clicker_steps_at_once(browser, app_url):
    """Review C1 and K2: the language chosen in the teacher's bar stays on every next step
    (PageDown, the arrow key, the bar's button) and in the address; and the clicker works
    right after the choice, though the focus is still in the language box."""
    es = translator("es")
    lesson = load_course().lesson(LESSON)
    total = len(lesson.steps) + 1 + (lesson.task is not None)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    counter = _counter(page)
    try:
        page.goto(f"{app_url}/lesson?lesson={LESSON}&lang=en&present=1")
        counter.wait_for(timeout=30_000)
        page.locator(".st-key-lesson_board svg[data-board]").wait_for(timeout=30_000)
        wait_until_idle(page)
        box = page.locator(".st-key-present_lang").get_by_role("combobox")
        box.click()
        page.get_by_role("option", name="ES", exact=True).click()
        expect(counter).to_have_text(es("lesson.step", n=1, total=total), timeout=30_000)
        expect(box).to_have_attribute("aria-expanded", "false")
        expect(box).to_be_focused()  # where the choice leaves the focus
        wait_until_idle(page)
        page.keyboard.press("PageDown")  # a presenter's clicker, at once
        expect(counter).to_have_text(es("lesson.step", n=2, total=total), timeout=30_000)
        wait_until_idle(page)
        page.keyboard.press("ArrowRight")
        expect(counter).to_have_text(es("lesson.step", n=3, total=total), timeout=30_000)
        wait_until_idle(page)
        page.locator(".st-key-present_next button").first.click()
        expect(counter).to_have_text(es("lesson.step", n=4, total=total), timeout=30_000)
        expect(page).to_have_url(re.compile(r"[?&]lang=es(&|$)"), timeout=30_000)
        expect(page.locator(".st-key-present_leave button")).to_contain_text(es("presenter.leave"))
        wait_until_idle(page)
        box.focus()  # Escape from the closed language box leaves, in the language chosen
        expect(box).to_have_attribute("aria-expanded", "false")
        page.keyboard.press("Escape")
        expect(page.locator(".st-key-present_start")).to_be_visible(timeout=30_000)
        expect(page).to_have_url(re.compile(r"[?&]lang=es(&|$)"))
        expect(page.get_by_text(es("lesson.step", n=4, total=total - (lesson.task is not None)), exact=True)).to_be_visible()
    finally:
        page.close()


def test_presenting_fits_a_1280x720_projector_and_the_button_leaves(browser, app_url, artifacts):
    tr = translator("es")
    lesson = load_course().lesson(LESSON)
    total = len(lesson.steps) + 1 + (lesson.task is not None)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto(f"{app_url}/lesson?lesson={LESSON}&lang=es&step=2&present=1")
        board = page.locator(".st-key-lesson_board")
        board.locator("svg[data-board]").wait_for(timeout=30_000)
        page.get_by_text(tr("lesson.step", n=3, total=total), exact=True).wait_for(timeout=30_000)
        page.wait_for_timeout(400)
        assert _in_view(page, _counter(page))
        assert _in_view(page, page.locator(".st-key-present_leave"))
        assert _in_view(page, board.locator("svg[data-board]"))
        page.screenshot(path=str(artifacts / "presentation_1280.png"))
        page.locator(".st-key-present_leave button").click()
        page.locator(".st-key-present_start").wait_for(timeout=30_000)
        assert "step=2" in page.url and "present" not in page.url
    finally:
        page.close()


def test_the_daily_worksheet_downloads_as_a_pdf(browser, app_url, tmp_path):
    """The Daily page's worksheet button (ui/parts/worksheet.py), built when clicked."""
    pypdf = pytest.importorskip("pypdf")
    tr = translator("nl")
    page = browser.new_page(viewport={"width": 1300, "height": 900}, accept_downloads=True)
    try:
        page.goto(f"{app_url}/daily?lang=nl")
        button = page.locator(".st-key-daily_worksheet button").first
        button.wait_for(timeout=30_000)
        # The boards' first reports rerun the page, and a rerun registers the deferred file
        # anew: a click on the button of a run that was replaced downloads nothing. Wait for
        # the boards, then click again if the first click fell between two runs.
        page.locator("svg[data-board]").nth(4).wait_for(timeout=30_000)
        for attempt in range(3):
            try:
                with page.expect_download(timeout=30_000) as download:
                    button.click()
                break
            except Exception:
                if attempt == 2:
                    raise
        path = tmp_path / "daily.pdf"
        download.value.save_as(path)
        reader = pypdf.PdfReader(str(path))
        assert len(reader.pages) >= 2
        # the key starts on a page of its own after the puzzles and runs to the end (with a
        # line for each wrong choice it may take more than one page)
        starts = [i for i, sheet in enumerate(reader.pages) if tr("worksheet.answer_key") in sheet.extract_text()]
        assert starts and starts[0] >= 1
        assert download.value.suggested_filename.endswith("-nl.pdf")
    finally:
        page.close()
