"""A table's round ends on a busy server, in real headless Chromium (docs/tables.md, Known
issues).

Under load a Streamlit server can finish two runs of the table's live part before its
browser hears of the first: the move that ends the round redraws the live part, and the
watcher, told by the feed that the table moved, asks for it again. Streamlit then drops the
first run's writes (the second draws them anew) but kept those of any fragment *inside*
the live part, addressed to places the browser's page did not have yet: the page threw
"Bad delta path index 7 (should be between [0, 2])", went blank, and loaded itself again
30 s later. The live part holds no fragment of its own now (tests/ui/test_table_live_part.py).

This server sends its messages to the browsers every 2 s instead of every 10 ms (the
``slow_flush`` folder beside this file), which makes the two runs meet nearly every time
(on the old page, every screen of a four-person round broke). The player makes the round's
last move, sees the round's end and their review come in by itself, and the page neither
throws nor loads itself again.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from matches.table import Table, new_token
from matches.table_store import TableStore
from progress import open_store
from tests.support.streamlit_server import ROOT, streamlit_server
from tests.support.table_rounds import played_table
from ui.parts.tables.sync import open_table

from .conftest import app_environment
from .taps import tap_action

pytestmark = pytest.mark.e2e

SLOW_FLUSH = Path(__file__).resolve().parent / "slow_flush"
PHONE = {"width": 420, "height": 900}


@pytest.fixture(scope="module")
def busy_app_url(tmp_path_factory):
    """The whole app under ``streamlit run``, as ``app_url`` (conftest.py), sending its
    messages to the browsers only every 2 s."""
    path = os.pathsep.join(p for p in (str(SLOW_FLUSH), os.environ.get("PYTHONPATH", "")) if p)
    with app_environment(tmp_path_factory), streamlit_server(
            ROOT / "serve.py", env={"PYTHONPATH": path, "CAPICU_TEST_FLUSH_SECS": "2"}) as (url, _):
        yield url


def one_move_from_the_end(token: str) -> tuple[Table, str]:
    """A 1 v 1 table whose first round the person at seat 0 ends with their next move (a
    tile), their choices late in the round (little to judge), and that move."""
    from strategy.review import decision_points

    for n in range(300):
        played = played_table(f"busy-server-{n}", token)
        moves = played.game.rounds[-1]
        last = moves[-1]
        choices = decision_points(played.game, 0, 0)
        if last.seat != 0 or str(last.action) in ("pass", "draw") or not choices:
            continue
        if min(ply for ply, _ in choices) < 8:
            continue
        table = played_table(f"busy-server-{n}", token, moves=len(moves) - 1)  # the same deal, played the same way
        assert table.game.round.turn == 0 and not table.game.round.is_over
        return table, str(last.action)
    raise AssertionError("no deal ended with the person's tile")


def test_the_rounds_end_reaches_a_screen_whole_on_a_busy_server(browser, busy_app_url):
    token = new_token()
    table, last = one_move_from_the_end(token)
    code = open_table(TableStore(open_store()), table, seat_token=token)
    context = browser.new_context(viewport=PHONE)
    troubles: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: troubles.append(f"error: {error}"))
        page.on("console", lambda message: message.type == "error" and "Bad delta" in message.text
                and troubles.append(f"console: {message.text[:200]}"))
        page.goto(f"{busy_app_url}/table?t={code}&me={token}&lang=en")
        loaded_at = page.evaluate("performance.timeOrigin")
        board = page.locator("svg[data-board]").first
        expect(board).to_have_attribute("data-moves", str(len(table.game.rounds[-1])), timeout=60_000)
        tap_action(board, last)
        try:
            expect(page.get_by_text("Round over").first).to_be_visible(timeout=60_000)
            # the review's progress, then the whole review by itself: the live part looking
            # again while the choices are judged, nothing clicked
            expect(page.get_by_text("Replay with every hand shown")).to_be_visible(timeout=300_000)
            expect(page.get_by_text(re.compile(r"Judging your moves"))).to_have_count(0)
        except AssertionError as error:
            raise AssertionError(f"the page's errors: {troubles}") from error
        assert not troubles, troubles
        assert page.evaluate("performance.timeOrigin") == loaded_at, "the page loaded itself again"
    finally:
        context.close()
