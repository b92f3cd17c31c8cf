"""Accessibility in real headless Chromium (issue 21, docs/accessibility.md).

* axe-core finds no WCAG 2.0/2.1 A or AA violation on any page in its first state, at
  1280×800 and on a 390×844 phone, nor after a lesson step with its task answered wrong
  (both sizes) and right, a puzzle answered wrong and right (both sizes), the profile
  dialogs (the new-profile form at both sizes; signing in by name, the PIN prompt, the
  settings), My progress with data, a match that is over, a hint (both sizes), a round's
  review and its replay (both sizes); the class quiz's and the projector's screens are
  checked in their own tests;
* a lesson's task, a puzzle and a whole round of a match are played with the keyboard
  alone: the focus is visible on every stop, and Tab leaves the board;
* at 200% zoom (a 640×400 viewport) no page goes sideways, and a lesson step, a puzzle
  answered and a match started with a move played keep their controls reachable;
* an end is a dashed frame until a picked tile may go there, then a solid one;
* with ``prefers-reduced-motion`` the board runs no animation or transition;
* the board has a text equivalent, names tiles as players say them, and says each
  lesson step and verdict once through its polite live region, in the page's language.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from lessons.model import load_course
from puzzles.explain import label
from tests.support.answer_paths import (
    PICK_ONE, path_of, pinned_daily_date, puzzle_of_kind, right_response, wrong_response,
)
from tests.support.axe import (
    BOARD_MOTION, DEEP_FOCUS, DESKTOP, PHONE, WATCH_MOTION, assert_accessible, wait_until_idle,
)
from ui.i18n import translator
from ui.shell import PAGES

from .test_app_e2e import _board, _css, _pick

pytestmark = pytest.mark.e2e
EN = translator("en")
#: a 1280×800 window at 200% zoom, in CSS pixels
ZOOMED = {"width": 640, "height": 400}


@pytest.mark.parametrize("url", [url for _file, url, _title, _icon in PAGES])
def test_every_page_in_its_first_state_has_no_violation(browser, app_url, url):
    """axe at both sizes, then 200% zoom (the page reflows, nothing goes sideways); on the
    lesson, practice and play pages the zoomed page is then used: a step, a puzzle answered,
    a match started from the form and a move played (ZOOM_USE)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{app_url}/{url}?lang=en")
        expect(page.locator('[data-testid="stMain"] h1').first).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, f"/{url}")
        # 200% zoom of a 1280×800 window: the page reflows, nothing goes sideways
        page.set_viewport_size(ZOOMED)
        wait_until_idle(page)
        _assert_no_sideways_scroll(page, f"/{url}")
        if url in ZOOM_USE:
            ZOOM_USE[url](page)
    finally:
        page.close()


def _assert_no_sideways_scroll(page, where: str) -> None:
    """Neither the document nor Streamlit's main area is wider than the window."""
    wide = page.evaluate("""() => [document.scrollingElement.scrollWidth,
                                   document.querySelector('[data-testid="stMain"]').scrollWidth]""")
    assert max(wide) <= ZOOMED["width"], f"{where} at 200% zoom is {wide} px wide"


def _reach(control, *, click: bool = True) -> None:
    """A control on the zoomed page: brought into view by scrolling up or down only, inside
    the window's width, then clicked (Playwright clicks only what is visible, enabled and
    not covered, Streamlit's fixed header included)."""
    control.scroll_into_view_if_needed(timeout=30_000)
    expect(control).to_be_in_viewport(timeout=10_000)
    box = control.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= ZOOMED["width"] + 1, f"off to the side: {box}"
    if click:
        control.click(timeout=30_000)


def _zoomed_lesson_step(page) -> None:
    step_two = page.get_by_text(re.compile("^" + re.escape(EN("lesson.step", n=2, total=99)).replace("99", r"\d+") + "$"))
    _reach(page.locator(".st-key-next").get_by_role("button"))
    expect(step_two).to_be_visible(timeout=30_000)
    expect(_board(page, "lesson_board").locator("svg[data-board]")).to_be_visible()
    wait_until_idle(page)
    _assert_no_sideways_scroll(page, "a lesson's second step")
    _reach(page.locator(".st-key-prev").get_by_role("button"), click=False)


def _zoomed_puzzle_answer(page) -> None:
    from puzzles import PUZZLE_TYPES, practice_puzzle

    first = next(iter(PUZZLE_TYPES))
    puzzle = practice_puzzle(first, PUZZLE_TYPES[first].presets[0], None, 0)  # the page's first puzzle
    key = f"practice:{puzzle.id}"
    kind = puzzle.question.kind
    assert path_of(kind) != "tap", "this check picks its answer from the choices"
    multi = path_of(kind) != PICK_ONE
    box = page.locator(f".st-key-{_css(key + ':pick')}")
    response = right_response(puzzle)
    for value in (response if multi else [response]):
        pill = box.locator("button", has=page.get_by_text(label("en", kind, value, puzzle.rules), exact=True))
        _reach(pill, click=False)
        _pick(pill, multi)
    _reach(page.locator(f".st-key-{_css(key + ':check')}").get_by_role("button"))
    verdict = page.locator('[data-testid="stAlertContentSuccess"]').first
    expect(verdict).to_be_visible(timeout=30_000)
    wait_until_idle(page)
    _assert_no_sideways_scroll(page, "a puzzle answered")
    _reach(verdict, click=False)
    _reach(page.get_by_role("button", name=re.compile(re.escape(EN("practice.next")))), click=False)


def _zoomed_play_move(page) -> None:
    """The form's deal number typed and Start pressed, then one move played by taps; the
    ends the picked tile fits turn from dashed to solid frames."""
    seed = page.locator(".st-key-play_form_seed input")
    _reach(seed)
    seed.fill("7")
    _reach(page.locator(".st-key-play_start").get_by_role("button"))
    table = page.locator("svg[data-board]").first
    my_turn = table.locator(".hand-tile.playable, .hand-tile.blocked")
    expect(my_turn.first).to_be_visible(timeout=60_000)
    wait_until_idle(page)
    _assert_no_sideways_scroll(page, "a match on the play page")
    moves = table.get_attribute("data-moves")
    playable = table.locator(".hand-tile.playable")
    if table.locator(".end").count():  # dashed until a tile is picked
        expect(table.locator(".end .slot").first).not_to_have_css("stroke-dasharray", "none")
    if not playable.count():  # nothing fits: draw or pass, in the bar under the board
        _reach(page.locator(".cpb-bar button").first)
    else:
        _reach(playable.first)
        moved = page.locator(f'svg[data-board]:not([data-moves="{moves}"])')
        target = table.locator(".end.target")
        expect(moved.or_(target).first).to_be_visible(timeout=30_000)
        if not moved.count():  # it fits both ends: their frames turned solid, the end is tapped
            expect(target.first.locator(".slot")).to_have_css("stroke-dasharray", "none")
            _reach(target.first)
    expect(table).not_to_have_attribute("data-moves", moves, timeout=30_000)
    wait_until_idle(page)
    _assert_no_sideways_scroll(page, "the play page after a move")


#: What is done on a page at 200% zoom, after its first state's checks.
ZOOM_USE = {"lesson": _zoomed_lesson_step, "practice": _zoomed_puzzle_answer, "play": _zoomed_play_move}


def test_a_lesson_step_and_its_task_by_keyboard_wrong_then_right_without_motion(browser, app_url):
    """The lesson steps by arrow key and its task is answered wrong, then right, from the
    keyboard alone (Tab, Enter; no click): the focus is visible on every stop and Tab leaves
    the board. With ``prefers-reduced-motion`` the board runs no animation or transition
    when a tile is picked and played (without it, the ends a picked tile fits pulse)."""
    tr = translator("es")
    task = load_course().lesson("partners-laying").task
    task_key = "task:partners-laying:board"
    legal = sorted(str(a) for a in task.round().legal_actions())
    right_tile = next(a.split("@")[0] for a in legal if a.endswith("@L"))  # Enter on a tile offers the left end first
    wrong_tile = next(str(t) for t in task.round().hand(task.viewer) if not any(a.startswith(f"{t}@") for a in legal))
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(f"{app_url}/lesson?lesson=partners-laying&lang=es")
        board = _board(page, "lesson_board")
        expect(board.locator("svg[data-board]")).to_be_visible(timeout=30_000)
        expect(_board(page, task_key).locator("svg[data-board]")).to_be_visible(timeout=30_000)
        # the board in words: the line, each seat's tiles, the hand, tiles as players say them
        description = board.locator(".cpb-description")
        expect(description).to_contain_text(tr("board.hand"))
        assert re.search(r"\b(doble \w+|\w+-\w+)\b", description.inner_text())
        wait_until_idle(page)
        page.keyboard.press("ArrowRight")  # nothing focused: the lesson's board steps
        live = board.locator(".cpb-live")
        expect(live).to_have_attribute("aria-live", "polite")
        expect(live).to_contain_text(tr("lesson.step", n=2, total=99).split("2")[0].strip(), timeout=30_000)

        # the task, wrong: a tile that fits neither end, played on the left one
        in_task = _css(task_key)
        _tab_to(page, lambda f: f["key"] == in_task and f["tile"] == wrong_tile)
        _tab_out_of_board(page)
        _tab_to(page, lambda f: f["key"] == in_task and f["tile"] == wrong_tile, key="Shift+Tab")
        slots = _board(page, task_key).locator(".end .slot")
        expect(slots.first).not_to_have_css("stroke-dasharray", "none")  # an end is a dashed frame...
        page.keyboard.press("Enter")
        _expect_focus(page, f"f.key === '{in_task}' && f.end === 'L'")
        # ...and a solid one once the picked tile may go there: more than its gold (docs/accessibility.md)
        expect(_board(page, task_key).locator(".end.target .slot")).to_have_count(2)
        for target in _board(page, task_key).locator(".end.target .slot").all():
            expect(target).to_have_css("stroke-dasharray", "none")
        # motion as usual: the ends the picked tile fits pulse (the check below can fail)
        page.wait_for_function(f"() => ({BOARD_MOTION})('{in_task}').running.includes('cpb-pulse')", timeout=10_000)
        page.keyboard.press("Enter")
        expect(page.locator('[data-testid="stAlertContentError"]').first).to_be_visible(timeout=30_000)
        # said once, by one of the page's boards (the first one drawn after the answer)
        verdict_said = page.locator(".cpb-live", has_text=tr("question.wrong").rstrip("."))
        expect(verdict_said).to_have_count(1, timeout=30_000)
        wait_until_idle(page)
        said = verdict_said.get_attribute("data-said")
        assert_accessible(page, "a lesson after a step, its task answered wrong")  # both sizes: redraws
        assert verdict_said.get_attribute("data-said") == said, "a redraw says nothing again"

        # right, with reduced motion: nothing on the board moves when a tile is picked or played
        page.emulate_media(reduced_motion="reduce")
        _tab_to(page, _button(tr("question.try_again")))
        page.keyboard.press("Enter")
        expect(page.locator('[data-testid="stAlertContentError"]')).to_have_count(0, timeout=30_000)
        # the task's board drawn again, and the page settled, before the Tabs walk it (under
        # load the board was still being drawn while Tab passed its place)
        expect(_board(page, task_key).locator("svg[data-board]")).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        _tab_to(page, lambda f: f["key"] == in_task and bool(f["tile"]))  # the hand: one Tab stop
        _arrow_to(page, right_tile)  # the arrow keys inside it
        page.evaluate(WATCH_MOTION, in_task)
        page.keyboard.press("Enter")
        _expect_focus(page, f"f.key === '{in_task}' && f.end === 'L'")
        expect(_board(page, task_key).locator(f'[data-tile="{right_tile}"]')).to_have_class(re.compile(r"\bselected\b"))
        _assert_still(page, in_task, "a tile picked")
        page.keyboard.press("Enter")
        expect(page.locator('[data-testid="stAlertContentSuccess"]').first).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        _assert_still(page, in_task, "a tile played")
        assert_accessible(page, "a lesson's task answered right", sizes=(DESKTOP,))
    finally:
        page.close()


def test_a_puzzle_answered_wrong_then_right_by_keyboard_is_said_once_each(browser, app_url):
    """Practice by keyboard alone: Tab to the choices, the arrow keys and Space pick one,
    Tab and Enter check it and try again; the focus is visible on every stop."""
    kind = "round_points"
    assert path_of(kind) == PICK_ONE
    puzzle = puzzle_of_kind(kind)
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(f"{app_url}/practice?puzzle={puzzle.id}&lang=en")
        key = f"practice:{puzzle.id}"
        board = _board(page, f"{key}:board")
        expect(board.locator("svg[data-board]")).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        _answer_by_keyboard(page, key, puzzle, wrong_response(puzzle), past_board=True)
        expect(page.locator('[data-testid="stAlertContentError"]').first).to_be_visible(timeout=30_000)
        live = board.locator(".cpb-live")
        expect(live).to_contain_text(EN("question.wrong").rstrip("."), timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "a wrong answer's verdict")
        verdict = page.locator('[data-testid="stAlertContentError"]')
        for _ in range(3):  # a rerun still settling can take the focus off the button: again
            if verdict.count() == 0:
                break
            _tab_to(page, _button(EN("question.try_again")))
            page.keyboard.press("Enter")
            try:
                expect(verdict).to_have_count(0, timeout=20_000)
                break
            except AssertionError:
                wait_until_idle(page)
        expect(verdict).to_have_count(0, timeout=30_000)
        wait_until_idle(page)  # the choices are drawn again: Tab through the page that stays
        _answer_by_keyboard(page, key, puzzle, right_response(puzzle))
        expect(page.locator('[data-testid="stAlertContentSuccess"]').first).to_be_visible(timeout=30_000)
        expect(live).to_contain_text(EN("question.right").rstrip("!."), timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "a right answer's verdict")
    finally:
        page.close()


def _answer_by_keyboard(page, key: str, puzzle, response, *, past_board: bool = False) -> None:
    """One choice picked by keys (Tab into the choices, arrows to it, Space), then Check;
    ``past_board``: Tab reaches the choices through the board (and out of it)."""
    pick = _css(f"{key}:pick")
    wanted = label("en", puzzle.question.kind, response, puzzle.rules)
    passed: list[dict] = []
    now = _tab_to(page, lambda f: f["key"] == pick, seen=passed)
    if past_board:
        assert any(f["board"] for f in passed), f"Tab reached the choices without passing the board: {passed}"
    for _ in range(len(puzzle.options)):
        if now["text"] == wanted:
            break
        page.keyboard.press("ArrowRight")
        now = _expect_focus(page, f"f.key === '{pick}' && f.text !== {json.dumps(now['text'])}")
    assert now["text"] == wanted, f"the arrow keys never reached {wanted!r}"
    page.keyboard.press("Space")
    expect(page.locator(f".st-key-{pick}").get_by_role("radio", name=wanted, exact=True)).to_be_checked(timeout=10_000)
    _tab_to(page, lambda f: f["key"] == _css(f"{key}:check"))
    page.keyboard.press("Enter")


def test_the_profile_dialogs_my_progress_and_a_match_over_have_no_violation(browser, app_url):
    """The sidebar's profile dialogs (a new profile, also on a phone; sign in by name; the
    PIN prompt and a wrong PIN; the settings with PIN, rename and delete), then, signed in
    to a profile with a history, My progress and a finished match reopened on Play."""
    from progress import open_store
    from tests.support.seeded import seed_player

    store = open_store()  # the app_url server's database (the fixture set it)
    try:
        seed_player(store, "Pina", pin="1357", today=pinned_daily_date())
    finally:
        store.close()
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(f"{app_url}/?lang=en")
        sidebar = page.locator('[data-testid="stSidebar"]')
        box = page.locator(".st-key-profile_select").get_by_role("combobox")
        expect(box).to_be_visible(timeout=30_000)

        def choose(option: str) -> None:
            box.click()
            page.get_by_role("option", name=option, exact=True).click()

        choose(EN("profile.new"))
        name = sidebar.get_by_role("textbox", name=EN("profile.name"))
        expect(name).to_be_visible(timeout=30_000)
        name.fill("Noor")
        wait_until_idle(page)
        assert_accessible(page, "the new-profile form", sizes=(DESKTOP,))
        page.set_viewport_size(PHONE)  # the sidebar folds away on a phone: open it
        page.get_by_test_id("stExpandSidebarButton").click()
        expect(name).to_be_in_viewport(timeout=30_000)
        wait_until_idle(page)  # the sidebar has slid in
        assert_accessible(page, "the new-profile form on a phone", sizes=(PHONE,))
        page.set_viewport_size(DESKTOP)
        expect(box).to_be_in_viewport(timeout=30_000)

        choose(EN("profile.other"))
        expect(sidebar.get_by_role("button", name=EN("profile.sign_in"))).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "signing in by name", sizes=(DESKTOP,))

        choose("Pina")
        expect(sidebar.get_by_text(EN("profile.pin_needed", name="Pina"))).to_be_visible(timeout=30_000)
        pin = sidebar.get_by_role("textbox", name=EN("profile.pin"), exact=True)
        pin.fill("0000")
        sidebar.get_by_role("button", name=EN("profile.sign_in")).click()
        expect(sidebar.get_by_role("alert")).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "the PIN prompt after a wrong PIN", sizes=(DESKTOP,))
        pin.fill("1357")
        sidebar.get_by_role("button", name=EN("profile.sign_in")).click()
        expect(box).to_have_value("Pina", timeout=30_000)

        sidebar.get_by_text(EN("profile.settings")).click()
        rename = sidebar.get_by_role("textbox", name=EN("profile.new_name"))
        expect(rename).to_be_visible(timeout=30_000)
        rename.fill("Pina Two")
        sidebar.get_by_role("button", name=EN("profile.rename")).click()
        expect(sidebar.get_by_text(EN("profile.renamed"))).to_be_visible(timeout=30_000)
        sidebar.get_by_text(EN("profile.delete_sure", name="Pina Two")).click()
        expect(sidebar.get_by_role("button", name=EN("profile.delete"))).to_be_enabled(timeout=30_000)
        sidebar.get_by_role("textbox", name=EN("profile.set_pin")).fill("2468")
        sidebar.get_by_role("button", name=EN("profile.save_pin")).click()  # without the current PIN: refused
        expect(sidebar.get_by_role("alert")).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "the profile's settings (PIN, rename, delete)", sizes=(DESKTOP,))

        sidebar.get_by_role("link", name=EN("nav.stats")).click()
        main = page.locator('[data-testid="stMain"]')
        expect(main.locator(".js-plotly-plot")).to_have_count(5, timeout=30_000)  # with the skill figure's trend
        expect(main.get_by_text(EN("stats.games_played"))).to_be_visible()
        expect(main.get_by_text(EN("skill.title"))).to_be_visible()
        wait_until_idle(page)
        assert_accessible(page, "My progress with puzzles, a match and the skill figure", sizes=(DESKTOP,))

        sidebar.get_by_role("link", name=EN("nav.play")).click()
        main.get_by_text(EN("play.saved_games")).click()
        main.locator('[class*="st-key-play_open-"]').get_by_role("button").first.click()
        expect(main.get_by_text(EN("play.match_over"))).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "a match over", sizes=(DESKTOP,))
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
                hinted = _keyboard_hint(page)
            moves = table.get_attribute("data-moves")
            _play_by_keyboard(page)
            expect(page.locator("svg[data-board]").first).not_to_have_attribute("data-moves", moves, timeout=30_000)
            if not said_bot:  # the bot's reply is said once through the board's live region
                expect(my_turn.first.or_(over)).to_be_visible(timeout=60_000)
                if not over.count():
                    # "Your opponent plays …": the bot's move, as a sentence names it
                    expect(page.locator(".cpb-live").first).to_contain_text(re.compile("your opponent", re.I),
                                                                            timeout=30_000)
                    said_bot = True
        assert hinted, "no turn of this round had a choice to hint"
        expect(page.get_by_text(EN("play.review"))).to_be_visible(timeout=60_000)
        expect(page.locator(".cpb-live").first).to_contain_text(EN("play.round_over"), timeout=30_000)
        expect(page.get_by_text(EN("play.accuracy"))).to_be_visible(timeout=180_000)
        wait_until_idle(page)
        assert_accessible(page, "a round's review")
        _tab_to(page, _button(EN("play.replay_first")), limit=150)
        page.keyboard.press("Enter")
        expect(page.get_by_text(re.compile(r"^Before move 1 of \d+"))).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        assert_accessible(page, "the replay")
        page.screenshot(path=str(artifacts / "play_by_keyboard.png"), full_page=True)
    finally:
        page.close()


def test_the_hand_is_one_tab_stop_and_the_focus_stays_on_the_board_and_lands_on_the_hint(browser, app_url):
    """Review K1, by keyboard alone on the play page: from the page's load, Tab passes the
    whole hand in one stop on its way to *Hint* (the arrow keys move inside it, and the
    stop moves with them); Enter on *Hint* puts the focus on the hint, not the page's top;
    a move played by keys leaves the focus on the board while the bot plays, then on the
    hand again."""
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    try:
        page.goto(f"{app_url}/play?game=laplaza_1v1&seed=303046&levels=beginner&pace=fast&lang=en")
        table = page.locator("svg[data-board]").first
        hand = table.locator(".hand-tile")
        expect(table.locator(".hand-tile.playable").first).to_be_visible(timeout=60_000)
        expect(page.locator('[class*="st-key-play_hint-"]')).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        assert hand.count() > 2
        passed: list[dict] = []
        _tab_to(page, lambda f: bool(f["key"]) and f["key"].startswith("play_hint-"), seen=passed)
        tiles = [f for f in passed if f["tile"]]
        assert len(tiles) == 1, f"{len(tiles)} Tab stops in the hand: {[f['tile'] for f in tiles]}"
        assert "playable" in tiles[0]["cls"], "the hand's stop is a tile that can be played"

        page.keyboard.press("Enter")  # the hint
        title = EN("play.hint_title")
        _expect_focus(page, f"f.tag === 'DIV' && f.text.startsWith({json.dumps(title)})", timeout=60_000)

        back = _tab_to(page, lambda f: bool(f["tile"]), key="Shift+Tab", limit=6)  # the hand, one stop back
        page.keyboard.press("ArrowRight")
        moved = _expect_focus(page, f"f.board && f.tile && f.tile !== {json.dumps(back['tile'])}")
        stops = table.locator('[data-tile][tabindex="0"]')
        expect(stops).to_have_count(1)
        expect(stops).to_have_attribute("data-tile", moved["tile"])

        moves = table.get_attribute("data-moves")
        _play_by_keyboard(page)
        expect(page.locator("svg[data-board]").first).not_to_have_attribute("data-moves", moves, timeout=30_000)
        _expect_focus(page, "f.board", timeout=30_000)  # not the page's body while the bot plays
        over = page.get_by_text(EN("play.round_over"), exact=True)
        expect(table.locator(".hand-tile.playable, .hand-tile.blocked").first.or_(over)).to_be_visible(timeout=60_000)
        if not over.count():
            _expect_focus(page, "f.board && !!f.tile", timeout=30_000)  # back on the hand, ready to play
    finally:
        page.close()


def _keyboard_hint(page) -> bool:
    """The keys panel ("?"), then the hint, reached by Tab past the hand (the board lets
    the focus go on) and asked for with Enter; both accessible, the hint on a phone too.
    False when this turn has one legal move (nothing to hint)."""
    page.keyboard.press("?")
    panel = page.locator(".cpb-keys-panel").first
    expect(panel).to_be_visible(timeout=10_000)
    expect(panel).to_contain_text(EN("board.keys_play"))
    page.keyboard.press("?")
    expect(panel).to_be_hidden(timeout=10_000)
    if page.get_by_text(EN("play.only_move")).count():
        return False
    expect(page.locator('[class*="st-key-play_hint-"]')).to_be_visible(timeout=30_000)
    passed: list[dict] = [_focus(page) or {}]  # after a move the focus is still on the hand
    _tab_to(page, lambda f: bool(f["key"]) and f["key"].startswith("play_hint-"), seen=passed)
    assert any(f.get("board") and f.get("tile") for f in passed), "Tab reached the hint without passing the hand"
    page.keyboard.press("Enter")
    expect(page.get_by_text(EN("play.hint_title"))).to_be_visible(timeout=60_000)
    _expect_focus(page, f"f.text.startsWith({json.dumps(EN('play.hint_title'))})")  # on the hint, not the top
    wait_until_idle(page)
    assert_accessible(page, "a hint", sizes=(DESKTOP, PHONE))
    return True


def _focus(page) -> dict | None:
    return page.evaluate(DEEP_FOCUS)


def _button(text: str):
    """A focus predicate: the Streamlit button that reads ``text`` (after its icon)."""
    return lambda f: f["tag"] == "BUTTON" and not f["board"] and f["text"].splitlines()[-1:] == [text]


def _tab_to(page, wanted, limit: int = 80, *, key: str = "Tab", seen: list | None = None) -> dict:
    """Press Tab (or ``key``) until the focused element is ``wanted``; the focus must be
    visible on each element it stops at (``seen`` collects them)."""
    for _ in range(limit):
        page.keyboard.press(key)
        now = _focus(page)
        if now is None:  # the page itself (past the last element): the next Tab starts again
            continue
        assert now["visible"], f"the focus is not visible on {now}"
        if seen is not None:
            seen.append(now)
        if wanted(now):
            return now
    raise AssertionError("Tab never reached the element")


def _arrow_to(page, tile: str, limit: int = 30) -> dict:
    """From a hand tile, the arrow keys to ``tile`` (the hand is one Tab stop)."""
    now = _focus(page)
    page.keyboard.press("Home")
    for _ in range(limit):
        now = _expect_focus(page, "!!f.tile")
        if now["tile"] == tile:
            return now
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {tile}: {now}")


def _tab_out_of_board(page, limit: int = 12) -> dict:
    """From inside a board, Tab reaches something outside it within ``limit`` presses:
    the board keeps no focus trapped."""
    assert (_focus(page) or {}).get("board"), "the focus is not in a board"
    return _tab_to(page, lambda f: not f["board"], limit)


def _expect_focus(page, condition: str, timeout: float = 10_000) -> dict:
    """Wait until the focused element ``f`` (:data:`DEEP_FOCUS`) meets ``condition``, a
    JavaScript expression (the board moves the focus itself); it must be visible."""
    page.wait_for_function(f"() => {{ const f = ({DEEP_FOCUS})(); return !!f && ({condition}); }}",
                           timeout=timeout)
    now = _focus(page)
    assert now["visible"], f"the focus is not visible on {now}"
    return now


def _assert_still(page, key: str, after: str) -> None:
    """No animation or transition runs on the board, nor started since WATCH_MOTION
    (checked two frames on, once the state the action leads to is drawn)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    motion = page.evaluate(BOARD_MOTION, key)
    assert motion is not None, f"no board under {key}"
    assert not motion["running"] and not motion["started"], f"with reduced motion, {after}: {motion}"


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
