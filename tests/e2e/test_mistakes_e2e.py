"""Your mistakes in headless Chromium.

* A guest plays the end of a round on Play with a planted blunder (Partners, deal 112 against
  the club player: laying 0-5 loses about 41 points against 3-5 on the right end); the
  review judges it, the proof job proves it (on every consistent deal) and keeps the puzzle
  in the guest's session; Your mistakes serves it and it is solved with the keyboard alone.
* A proven personal puzzle of a profile's, put in the test server's database as the proof
  job keeps one, is counted on Home, opened from there and solved with the keyboard (Tab to
  the hand, the arrow keys to the tile, Enter to pick it up and Enter to lay it); axe finds
  nothing before or after the answer.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches.game import Game, Setup
from matches.live_match import LiveMatches, new_key
from strategy.review import Decision, decision_points
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


#: the planted blunder: deal 112 of Partners against three club players, your first legal
#: move until move 19, where 0-5 (it fits one end only) throws the round away: you then
#: pass twice and the round goes out; 3-5 on the right end keeps it (found by searching the
#: deals for that shape; the assertions below check the shape on every run)
DEAL, PLY, BLUNDER, FIX = "112", 18, "0-5@L", "3-5@R"


def _match_before_the_blunder() -> tuple[str, int]:
    """The match kept at the blunder (``matches.live_match``, as a reload brings one back),
    your earlier choices already judged (as best: nothing to prove there). Returns its id
    and the number of deals that fit there (the proof's, worked out here as the app will)."""
    from progress import open_store
    from strategy.mistake_proof import prove

    game = Game.start(Setup("laplaza_partners", 4, (), DEAL, ("human", "casual", "casual", "casual")))
    while len(game.rounds[0]) < PLY:
        game.play(game.round.legal_actions()[0]) if game.human_to_move else game.play_bot()
    legal = [str(a) for a in game.round.legal_actions()]
    assert game.human_to_move and BLUNDER in legal and FIX in legal
    assert sum(a.startswith(BLUNDER.split("@")[0] + "@") for a in legal) == 1  # one tap lays it
    proof = prove(game.view(0), BLUNDER)
    assert proof is not None and proof.exact and proof.best == FIX
    judged = [Decision(ply, game.rounds[0][ply].action, game.rounds[0][ply].action, 0.0, 0.0, 0.0, "best", 0.0, 0.0,
                       24, False).to_dict() for ply, _ in decision_points(game, 0)]
    key = new_key()
    store = open_store()  # the app_url server's database
    try:
        assert LiveMatches(store).put(key, {**game.to_dict(), "reviews": {}, "judged": judged}, game.version)
    finally:
        store.close()
    return key, proof.deals


def test_a_blunder_played_on_play_comes_back_as_a_puzzle_and_is_solved_by_keyboard(browser, app_url):
    page = browser.new_page(viewport=DESKTOP)
    try:
        key, deals = _match_before_the_blunder()
        page.goto(f"{app_url}/play?match={key}&pace=fast&lang=en")
        table = _board(page, f"play:{DEAL}:1:board")
        tile = BLUNDER.split("@")[0]
        expect(table.locator(f'[data-tile="{tile}"].playable')).to_be_visible(timeout=60_000)
        table.locator(f'[data-tile="{tile}"]').click()  # it fits one end only: one tap lays it
        for _ in range(2):  # then nothing fits twice: you pass, and the round goes out
            pass_button = table.get_by_role("button", name=EN("board.pass"))
            expect(pass_button).to_be_visible(timeout=60_000)
            pass_button.click()
            expect(pass_button).to_have_count(0, timeout=30_000)
        main = page.locator('[data-testid="stMain"]')
        expect(main.get_by_text(EN("play.round_over"), exact=True)).to_be_visible(timeout=60_000)

        # judged, then proven in the background: Your mistakes serves it once it is kept
        puzzle_board = page.locator('[class*="st-key-mistakes-mine-"][class*="-board"]')
        for _ in range(30):
            page.locator('[data-testid="stSidebar"]').get_by_role("link", name=EN("nav.mistakes")).click()
            expect(page.locator('[data-testid="stMain"] h1')).to_have_text(EN("mistakes.title"), timeout=30_000)
            wait_until_idle(page)
            if puzzle_board.count():
                break
        expect(puzzle_board.locator("svg[data-board]")).to_be_visible(timeout=30_000)
        expect(main.get_by_text(EN("mistakes.question", played=action_label(EN, BLUNDER)))).to_be_visible()
        in_board = next(c for c in puzzle_board.get_attribute("class").split() if c.startswith("st-key-"))[7:]

        fix_tile, fix_end = FIX.split("@")
        _tab_to(page, lambda f: f["key"] == in_board and bool(f["tile"]))
        _arrow_to(page, fix_tile)
        page.keyboard.press("Enter")                                   # picked up: the left end first
        _expect_focus(page, f"f.key === '{in_board}' && f.end === 'L'")
        page.keyboard.press("ArrowRight")                              # the right end
        _expect_focus(page, f"f.key === '{in_board}' && f.end === '{fix_end}'")
        page.keyboard.press("Enter")
        verdict = page.locator('[data-testid="stAlertContentSuccess"]').first
        expect(verdict).to_contain_text(EN("mistakes.right_best", move=action_label(EN, FIX)), timeout=30_000)
        expect(verdict).to_contain_text(f"{deals:,}")                  # every one of the deals that fit
        wait_until_idle(page)
        assert_accessible(page, "a personal puzzle from Play, solved", sizes=(DESKTOP,))
    finally:
        page.close()
