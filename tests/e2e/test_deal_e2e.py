"""The deal of the day in headless Chromium: two players, each in a browser of their own,
play the same deal from their profiles; the second sees the first in the field, and the
page passes axe."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches.daily_deal import deal_setup, replay, server_secret
from tests.support.answer_paths import pinned_daily_date
from tests.support.axe import DESKTOP, assert_accessible, wait_until_idle
from ui.i18n import translator

from .taps import tap_action
from .test_app_e2e import _board

pytestmark = pytest.mark.e2e
EN = translator("en")
GAME = "laplaza_partners"


def _plan():
    """The deal the test server deals today (its secret is in its database), and your
    moves in it: the first legal move each time, as (moves made before it, action)."""
    from progress import open_store

    store = open_store()
    try:
        setup = deal_setup(server_secret(store), pinned_daily_date(), GAME)
    finally:
        store.close()
    game = replay(setup, ())
    plan = []
    while not game.round.is_over:
        rnd = game.round
        action = str(rnd.legal_actions()[0])
        plan.append((len(game.rounds[0]), action))
        game.play(action)
        while game.bot_to_move:
            game.play_bot()
    return plan


def _play(page, plan) -> None:
    board = _board(page, f"deal:{pinned_daily_date().isoformat()}:{GAME}:board")
    main = page.locator('[data-testid="stMain"]')
    for before, action in plan:
        # your turn at this move: the log shows the moves so far
        expect(main.get_by_text(EN("play.log") + f" ({before})")).to_be_visible(timeout=120_000)
        expect(main.get_by_text(EN("play.your_turn"), exact=True)).to_be_visible(timeout=120_000)
        tap_action(board, action)
    expect(main.get_by_text(EN("deal.field_title"), exact=True)).to_be_visible(timeout=120_000)


def _sign_in(page, app_url, name: str) -> None:
    page.goto(f"{app_url}/deal?lang=en&pace=fast")
    box = page.locator(".st-key-profile_select").get_by_role("combobox")
    expect(box).to_be_visible(timeout=30_000)
    box.click()
    page.get_by_role("option", name=name, exact=True).click()
    start = page.get_by_role("button", name=EN("deal.play_rated"))
    expect(start).to_be_visible(timeout=30_000)
    start.click()


def test_two_players_in_two_browsers_play_the_day_s_deal_and_see_each_other(browser, app_url):
    from progress import open_store

    store = open_store()
    try:
        for name in ("Noor", "Rafa"):
            store.create_profile(name)
    finally:
        store.close()
    plan = _plan()
    first, second = browser.new_context(viewport=DESKTOP), browser.new_context(viewport=DESKTOP)
    try:
        noor, rafa = first.new_page(), second.new_page()
        _sign_in(noor, app_url, "Noor")
        _play(noor, plan)
        expect(noor.get_by_text(EN("deal.alone"))).to_be_visible()
        _sign_in(rafa, app_url, "Rafa")
        _play(rafa, plan)
        main = rafa.locator('[data-testid="stMain"]')
        # the same moves as Noor's: the same score, so they share first place of two
        expect(main.get_by_text(EN("deal.rank_of", rank=1, size=2), exact=True)).to_be_visible(timeout=30_000)
        expect(main.get_by_text(EN("deal.matchpoints_help", beaten=0, tied=1, others=1))).to_be_visible()
        wait_until_idle(rafa)
        assert_accessible(rafa, "the deal of the day, after the round", sizes=(DESKTOP,))
        # Noor, back at the deal's start, finds Rafa in the day's standings
        noor.get_by_role("button", name=EN("deal.leave")).click()
        expect(noor.get_by_text(EN("deal.played", score="").split(":")[0], exact=False)).to_be_visible(timeout=30_000)
        day_board = noor.get_by_text(EN("deal.board_day", date=pinned_daily_date().isoformat()))
        expect(day_board).to_have_count(1, timeout=30_000)  # the round's page has left the screen
        day_board.click()
        expect(noor.get_by_role("cell", name="Rafa", exact=True)).to_be_visible(timeout=30_000)
    finally:
        first.close()
        second.close()
