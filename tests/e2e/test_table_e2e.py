"""A table of four people in real headless Chromium, four browser contexts on one server:
the host opens a Partners table, three friends sit down from the link, the host starts,
and the whole first round is played by clicks on each player's own board. Every message
each browser receives is read: none carries a tile of another seat's hand. Midway one
player's browser is closed and their private link opened in a fresh browser: they sit
down again in the same seat, with the same hand.
"""

from __future__ import annotations

import warnings

import re
import time

import pytest
from playwright.sync_api import expect

from language.tiles import tile_name, tile_words
from matches.table_store import TableStore
from progress import open_store
from storage.errors import StoreUnavailable
from tests.support.axe import DESKTOP, assert_accessible
from ui.parts.tables.sync import load as load_table

from .taps import tap_action
from .test_app_e2e import _css

pytestmark = pytest.mark.e2e

NAMES = ["Ana", "Luis", "Bea", "Marco"]
PHONE = {"width": 420, "height": 900}


class Screen:
    """One player's browser and every websocket frame it has received."""

    def __init__(self, browser, url: str) -> None:
        self.context = browser.new_context(viewport=PHONE)
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.read = 0
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._keep))
        # for the hunt of the screen that stops drawing (docs/tables.md, Known issues):
        # what went wrong in the page, and each time it loaded again by itself
        self.troubles: list[list] = []  # [what, how many times in a row]
        self.page.on("pageerror", lambda error: self._trouble(f"error: {error}"))
        self.page.on("console", lambda message: message.type == "error" and self._trouble(f"console: {message.text}"))
        self.page.on("requestfailed", lambda request: self._trouble(f"failed: {request.url[-80:]} {request.failure}"))
        self.page.on("framenavigated", lambda frame: frame == self.page.main_frame and self._trouble(
            f"loaded: {frame.url[-80:]}"))
        self.page.on("websocket", lambda ws: ws.on("close", lambda _ws: self._trouble("websocket closed")))
        self.page.goto(url)
        self.loaded_at = self.page.evaluate("performance.timeOrigin")  # a load by itself changes it

    def _trouble(self, what: str) -> None:
        if self.troubles and self.troubles[-1][0] == what[:300]:
            self.troubles[-1][1] += 1
        else:
            self.troubles.append([what[:300], 1])

    def _keep(self, payload) -> None:
        self.frames.append(payload.decode("latin-1") if isinstance(payload, (bytes, bytearray)) else payload)

    def unread(self) -> str:
        fresh = "".join(self.frames[self.read:])
        self.read = len(self.frames)
        return fresh

    def close(self) -> None:
        self.context.close()


def leaked(text: str, hidden: set[str], words: dict[str, str]) -> set[str]:
    """The hidden tiles that ``text`` names, as the board names them (id or words)."""
    return {t for t in hidden if f'data-tile=\\"{t}\\"' in text or f'data-tile="{t}"' in text
            or re.search(rf"\b{re.escape(tile_name(t, words))}\b", text)}


def test_four_people_play_a_round_each_seeing_only_their_own_hand(browser, app_url, artifacts):
    tables = TableStore(open_store())  # the app_url server's database (the fixture set it)
    words = tile_words("en")
    screens: dict[int, Screen] = {}
    try:
        host = screens[0] = Screen(browser, f"{app_url}/table?lang=en")
        host.page.get_by_role("textbox", name="Your name at the table").fill(NAMES[0])
        host.page.get_by_role("textbox", name="Your name at the table").press("Enter")
        host.page.locator(".st-key-table_open").get_by_role("button").click()
        share = host.page.get_by_text(re.compile(r"/table\?t=[A-Z0-9]{6}")).first
        expect(share).to_be_visible(timeout=30_000)
        code = re.search(r"t=([A-Z0-9]{6})", host.page.url).group(1)
        link = f"{app_url}/table?t={code}&lang=en"

        for seat in (1, 2, 3):
            screen = screens[seat] = Screen(browser, link)
            box = screen.page.get_by_role("textbox", name="Your name at the table")
            box.fill(NAMES[seat])
            box.press("Enter")
            screen.page.locator(f".st-key-{_css(f'table_sit:{code}:{seat}')}").get_by_role("button").click()
            expect(screen.page.get_by_text("Waiting for the host to start the match.")).to_be_visible(timeout=30_000)
        for name in NAMES[1:]:  # the host's lobby follows without a click
            expect(host.page.get_by_text(name, exact=False).first).to_be_visible(timeout=30_000)
        assert_accessible(host.page, "the host's lobby", sizes=(DESKTOP,))
        _, version = load(tables, code)
        host.page.locator(f".st-key-{_css(f'table_start:{code}')}").get_by_role("button").click()
        wait_for_version(tables, code, version)

        moves, reconnected = 0, False
        for _ in range(120):  # a Partners round is at most 28 tiles and its passes
            table, version = load(tables, code)
            rnd = table.game.round
            for seat, screen in screens.items():  # nothing sent so far names a hand of another seat
                hidden = {str(t) for other in range(4) if other != seat for t in rnd.hand(other)}
                fresh = screen.unread()
                found = leaked(fresh, hidden, words)
                assert not found, f"seat {seat} received tiles of other hands: {sorted(found)}"
                if moves == 0:  # the check sees a hand when one is sent: its own
                    expect(screen.page.locator("svg[data-board]").first).to_be_visible(timeout=30_000)
                    own = {str(t) for t in rnd.hand(seat)}
                    assert leaked(fresh + screen.unread(), own, words) == own, f"seat {seat}'s own hand was not read"
            if rnd.is_over:
                break
            if moves == 6 and not reconnected:  # Luis's phone is lost: his private link, in a new browser
                screens[1] = reconnect(browser, screens[1], link, tables, code)
                reconnected = True
            page = screens[rnd.turn].page  # its board drawn for this very position, then the clicks
            expect(page.locator("svg[data-board]").first).to_have_attribute("data-moves", str(len(rnd.history)),
                                                                           timeout=30_000)
            make_move(page, str(rnd.canonical_actions()[0]), [str(a) for a in rnd.canonical_actions()], tables, code,
                      version)  # with equal ends the board offers a tile on one end only, as a game does
            moves += 1
            if moves == 3:
                assert_accessible(screens[rnd.turn].page, "a player's board mid-round", sizes=(DESKTOP,))
        assert rnd.is_over and reconnected
        missed = []
        for seat, screen in screens.items():  # every screen shows the round's end, and its own review
            # (the round's end draws each screen's review: five browsers and the rest of the
            # suite on two cores can take their time)
            try:
                expect(screen.page.get_by_text("Round over").first).to_be_visible(timeout=150_000)
            except AssertionError:
                # what the stuck screen shows, for the bug's hunt: an error the fragment met
                # after it drew the watcher would leave it waiting on a version it has seen
                errors = screen.page.locator("[data-testid='stException'], [data-testid='stAlertContentError']")
                board = screen.page.locator("svg[data-board]").first
                try:  # a blank screen was seen twice: is a document there at all, and where?
                    state = screen.page.evaluate(
                        "() => [location.pathname + location.search, document.readyState, "
                        "document.body ? document.body.innerHTML.length : -1]")
                except Exception as error:  # noqa: BLE001 - a crashed page is a finding too
                    state = [f"no answer: {type(error).__name__}"]
                missed.append((seat, board.get_attribute("data-moves") if board.count() else None,
                               [text[:200] for text in errors.all_inner_texts()], state, screen.troubles[-12:]))
                screen.page.screenshot(path=str(artifacts / f"table_missed_round_end_seat{seat}.png"), full_page=True)
                # Known under the full suite's load (docs/tables.md, "Known issues"): a screen
                # can miss the round's end and stay on the last move until it looks again. A
                # reload must then show it: the round's end is kept, not lost.
                screen.page.reload()
                expect(screen.page.get_by_text("Round over").first, f"seat {seat}'s screen, reloaded").to_be_visible(
                    timeout=90_000)
        # the watcher loads a page again by itself when it stays behind (its connection gone)
        reloaded = [(seat, screen.troubles[-12:]) for seat, screen in screens.items()
                    if screen.page.evaluate("performance.timeOrigin") != screen.loaded_at]
        if reloaded:
            warnings.warn(f"the screens of seats {reloaded} loaded again by themselves", stacklevel=1)
        if missed:
            warnings.warn(f"the screens of seats {missed} (seat, moves drawn, errors shown, [page, readyState, body size], the page's last errors, failed requests and loads) missed the round's "
                          "end until reloaded", stacklevel=1)
        host.page.screenshot(path=str(artifacts / "table_round_over.png"), full_page=True)
    finally:
        for screen in screens.values():
            screen.close()


def reconnect(browser, lost: Screen, link: str, tables: TableStore, code: str) -> Screen:
    token = re.search(r"me=([A-Za-z0-9_-]+)", lost.page.url).group(1)
    lost.close()
    again = Screen(browser, f"{link}&me={token}")
    table, _ = load(tables, code)
    board = again.page.locator("svg[data-board]").first
    expect(board).to_be_visible(timeout=30_000)
    for tile in table.game.round.hand(1):
        expect(board.locator(f'.hand-tile[data-tile="{tile}"]')).to_have_count(1, timeout=30_000)
    return again


def make_move(page, action: str, choices: list[str], tables: TableStore, code: str, version: int) -> None:
    """Click ``action`` until it lands: a board redrawn between the two clicks of a tile and
    its end (another seat's move arriving) drops the picked tile, as it would for a player."""
    for _ in range(4):
        try:
            click_move(page, action, choices)
        except AssertionError:
            pass
        try:
            return wait_for_version(tables, code, version, timeout=8.0)
        except AssertionError:
            continue
    raise AssertionError(f"{action} did not land after four tries")


def click_move(page, action: str, choices: list[str]) -> None:
    """Make ``action`` (one of ``choices``) on this player's board by clicks, as a player would."""
    board = page.locator("svg[data-board]").first
    if action == "pass":
        button = page.locator('[data-action="pass"]').first
        expect(button).to_be_visible(timeout=30_000)
        button.click()
        return
    tap_action(board, action)


def load(tables: TableStore, code: str):
    """The table as the server wrote it. This process reads the server's SQLite file
    beside it; under a heavy load a read once failed with a transient "disk I/O error"
    (left open in the stop note): read again, as the pages' own store does on "locked"."""
    for _ in range(5):
        try:
            return load_table(tables, code)
        except StoreUnavailable:
            time.sleep(0.5)
    return load_table(tables, code)


def wait_for_version(tables: TableStore, code: str, version: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if load(tables, code)[1] > version:
            return
        time.sleep(0.1)
    raise AssertionError(f"the move at version {version} did not land within {timeout} s")


def test_a_players_review_replaces_its_progress_by_itself(browser, app_url):
    """A player who opens their seat after the round ended (a reload, another device) gets
    every choice judged anew: the page shows the judging's progress, then the whole review
    by itself once the judging ends, with nobody else acting (nothing reruns the page)."""
    from strategy.review import decision_points
    from matches.table import new_token
    from tests.support.table_rounds import played_table
    from ui.parts.tables.sync import open_table

    token = new_token()
    # the first deal (seeds are fixed) where the person has real choices to be judged, all
    # of them late in the round: few unseen tiles, so the judging is light even on a machine
    # the rest of the suite keeps busy (the review's workers yield to everything else)
    for n in range(100):
        table = played_table(f"review-by-itself-{n}", token)
        choices = decision_points(table.game, 0, 0)
        if choices and min(ply for ply, _ in choices) >= 12:
            break
    assert choices, "no deal gave the person a choice"
    code = open_table(TableStore(open_store()), table, seat_token=token)
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{app_url}/table?t={code}&me={token}&lang=en")
        expect(page.get_by_text("Round over").first).to_be_visible(timeout=60_000)
        # the review's replay is drawn only once every choice is judged; nothing is clicked
        expect(page.get_by_text("Replay with every hand shown")).to_be_visible(timeout=300_000)
        expect(page.get_by_text(re.compile(r"Judging your moves"))).to_have_count(0)
    finally:
        context.close()
