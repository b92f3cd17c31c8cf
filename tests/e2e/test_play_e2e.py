"""The play page in Chromium, where only a browser shows it (play-walk.md #10, #20): the last
round's review leaves the screen as soon as Next round is pressed, and on a 390 px phone the
review reads without a sideways scroll and the replay buttons stay in one row.

Each test opens a match kept at the end of its first round (``matches.live_match``, the
way a reload brings a match back), with a review already made: no round is played here.
"""

from __future__ import annotations

import pytest

from matches.game import Game, Setup
from matches.live_match import LiveMatches, new_key
from progress import open_store
from strategy.review import Decision, RoundReview, decision_points
from tests.support.streamlit_server import ROOT, streamlit_server

pytestmark = pytest.mark.e2e
expect = pytest.importorskip("playwright.sync_api").expect


@pytest.fixture(scope="module")
def play_server(tmp_path_factory):
    """The app with its own progress database (the test keeps matches in it), its solver
    work on the job queue with a real worker process, as scripts/start.sh runs it."""
    from tests.jobs.conftest import running_workers

    db = tmp_path_factory.mktemp("play") / "capicu.sqlite3"
    queue = f"sqlite:///{db.with_name('jobs.sqlite3')}"
    with running_workers(queue, processes=1), streamlit_server(
            ROOT / "serve.py", env={"CAPICU_DB_PATH": str(db), "CAPICU_JOBS": "queue"}) as (url, _process):
        yield url, f"sqlite:///{db}"


def _round_over_match(db_url: str) -> tuple[str, int]:
    """1 v 1 against a club player, deal 4, your first legal move each time: round 1 over
    (the opponent leads round 2), every choice graded an inaccuracy. Returns its match id
    and how many moves the round holds."""
    game = Game.start(Setup("laplaza_1v1", 2, (), "4", ("human", "casual")))
    while not game.round.is_over:
        if game.human_to_move:
            game.play(game.round.legal_actions()[0])
        else:
            game.play_bot()
    decisions = tuple(
        Decision(ply, game.rounds[0][ply].action, str(before.canonical_actions()[-1]), -1.0, 3.4, 4.4,
                 "inaccuracy", 12.0, 20.0, 32, False, loss_low=1.0, loss_high=7.5)
        for ply, before in decision_points(game, 0))
    record = {**game.to_dict(), "reviews": {"0": RoundReview(0, decisions).to_dict()}, "judged": []}
    key = new_key()
    store = open_store(db_url)
    try:
        assert LiveMatches(store).put(key, record, game.version)
    finally:
        store.close()
    return key, len(game.rounds[0])


def test_next_round_takes_the_last_review_off_the_screen_at_once(browser, play_server):
    url, db = play_server
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        key, _ = _round_over_match(db)
        page.goto(f"{url}/play?match={key}&pace=slow")
        expect(page.get_by_role("button", name="Next round")).to_be_visible(timeout=30_000)
        page.get_by_role("button", name="Next round").click()
        # while the opponent thinks about its lead (1.6 s at the slow pace), the old
        # round's end and its Next round button are gone
        page.wait_for_function("""() => {
            const text = document.body.innerText;
            return text.includes('is thinking') && !text.includes('Round over')
                && ![...document.querySelectorAll('button')].some((b) => b.innerText.includes('Next round'));
        }""", timeout=15_000, polling=50)
    finally:
        page.close()


def test_on_a_phone_the_review_fits_and_the_replay_buttons_stay_in_one_row(browser, play_server):
    url, db = play_server
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        key, moves = _round_over_match(db)
        page.goto(f"{url}/play?match={key}")
        expect(page.get_by_text("your move cost 8.0 points").first).to_be_visible(timeout=30_000)
        page.wait_for_function("""() => {
            const names = ['first', 'prev', 'next', 'last', 'slip'];
            // (Streamlit draws a button with a tooltip twice, one of them hidden)
            const shown = (n) => [...document.querySelectorAll(`[class*="review-${n} "] button`)]
                .find((b) => b.getBoundingClientRect().width > 0);
            const buttons = names.map(shown);
            if (buttons.some((b) => !b)) return false;
            const tops = buttons.map((b) => Math.round(b.getBoundingClientRect().top));
            const inside = buttons.every((b) => b.getBoundingClientRect().right <= window.innerWidth);
            return inside && tops.every((t) => Math.abs(t - tops[0]) <= 4)
                && document.documentElement.scrollWidth <= window.innerWidth;
        }""", timeout=15_000)
        expect(page.get_by_text(f"After the last move, {moves} of {moves}")).to_be_visible()
    finally:
        context.close()
