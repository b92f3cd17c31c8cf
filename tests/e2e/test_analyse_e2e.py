"""The analysis board on a phone in real Chromium: a whole round of the Block game,
played on the engine, entered by taps only (the others' tiles from the list, your own on
the board), then its link opened on another device gives the same round."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from engine import Rules, deal
from matches.companion import TableGame, to_link
from tests.e2e.taps import tap_action
from tests.support.axe import wait_until_idle
from ui.i18n import translator

pytestmark = pytest.mark.e2e
EN = translator("en")
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)


def _moves_shown(page, n: int) -> None:
    expect(page.locator('[data-testid="stMarkdownContainer"] ol > li')).to_have_count(n, timeout=30_000)


def test_a_whole_round_entered_by_taps_on_a_phone_and_its_link(browser, app_url, artifacts):
    rules = Rules.preset("block", players=2)
    real = deal(rules, 4)
    start = TableGame(rules, seat=0, hand=[str(t) for t in real.hand(0)], leader=real.leader)
    rng = random.Random(4)
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    try:
        page.goto(f"{app_url}/analyse?lang=en&g={to_link(start)}")
        expect(page.locator("svg[data-board]")).to_be_visible(timeout=30_000)
        entered = 0
        while not real.is_over:
            wait_until_idle(page)
            actions = real.legal_actions()
            action = actions[int(rng.random() * len(actions))]
            mover = real.turn
            real.apply(action)
            if mover == 0:
                board = page.locator(".st-key-analyse_board")
                if action.kind == "pass":
                    board.locator(".cpb-bar button").first.tap()
                else:
                    tap_action(board, str(action), tap=True)
            elif action.kind == "pass":
                page.get_by_role("button", name=EN("analyse.pass")).tap()
            else:
                page.locator(".st-key-analyse_theirs").get_by_role("combobox").tap()
                page.get_by_role("option", name=str(action.tile), exact=True).tap()
                ends = page.locator(".st-key-analyse_theirs [data-testid='stButtonGroup']")
                if ends.count():
                    word = EN("board.left_end" if action.end == "L" else "board.right_end")
                    ends.get_by_role("button", name=word).tap()
                page.get_by_role("button", name=EN("analyse.play")).tap()
            entered += 1
            _moves_shown(page, entered)
            if real.is_over and real.result.kind == "block" and not page.get_by_text(EN("analyse.over")).count():
                page.get_by_role("button", name=EN("analyse.blocked")).tap()
        expect(page.get_by_text(EN("analyse.over"))).to_be_visible(timeout=30_000)
        assert page.locator('[data-testid="stException"]').count() == 0
        page.screenshot(path=str(artifacts / "analyse_phone.png"), full_page=True)
        link = re.search(r"[?&]g=([A-Za-z0-9_-]+)", page.url).group(1)

        other = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        other.goto(f"{app_url}/analyse?lang=en&g={link}")
        expect(other.get_by_text(EN("analyse.over"))).to_be_visible(timeout=30_000)
        _moves_shown(other, entered)
        other.context.close()
    finally:
        phone.close()


# ------------------------------------------------------------------ another seat leads (review A1, A4)
REVIEW_HAND = ["0-0", "0-2", "0-6", "1-2", "1-4", "3-3", "5-5"]  # no 6-6


def _pick(page, container: str, label: str, option: str) -> None:
    """Choose ``option`` in the select box or multiselect called ``label`` inside ``container``."""
    page.locator(container).get_by_role("combobox", name=label).click()
    page.keyboard.type(option)  # a long list shows only some options: filter it first
    page.get_by_role("option", name=option, exact=True).click()


def _set_up(page, app_url: str, game: str, players: str | None, leader: str) -> None:
    page.goto(f"{app_url}/analyse?lang=en")
    setup = ".st-key-analyse_setup"
    expect(page.locator(setup)).to_be_visible(timeout=30_000)
    _pick(page, setup, EN("analyse.game"), game)
    if players is not None:
        page.locator(setup).get_by_role("button", name=players, exact=True).click()
    wait_until_idle(page)
    for tile in REVIEW_HAND:
        _pick(page, setup, EN("analyse.hand", n=7), tile)
        wait_until_idle(page)
    page.keyboard.press("Escape")
    _pick(page, setup, EN("analyse.leader"), leader)
    wait_until_idle(page)
    page.locator(setup).get_by_role("button", name=EN("analyse.start")).click()


def _their_tile(page, tile: str) -> None:
    theirs = page.locator(".st-key-analyse_theirs")
    theirs.get_by_role("combobox").first.click()
    page.keyboard.type(tile)
    page.get_by_role("option", name=tile, exact=True).click()
    wait_until_idle(page)
    theirs.get_by_role("button", name=EN("analyse.play")).click()


def _own_tile(page, tile: str, end: str) -> None:
    """Your own move, on the board: the tile, then its end when it fits both."""
    wait_until_idle(page)
    board = page.locator(".st-key-analyse_board")
    board.locator(f'[data-tile="{tile}"]').click()
    if board.locator("[data-end].target").count() > 1:
        board.locator(f'[data-end="{end}"]').click()


def test_partners_another_seat_leads_the_6_6_and_the_round_goes_on(browser, app_url, artifacts):
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    try:
        _set_up(page, app_url, "Partners (2 v 2)", None, "Marco")
        expect(page.get_by_text(EN("analyse.their_turn", seat="Marco"))).to_be_visible(timeout=30_000)
        theirs = page.locator(".st-key-analyse_theirs")
        theirs.get_by_role("combobox").first.click()
        expect(page.get_by_role("option")).to_have_count(1)  # the rules force the 6-6
        page.get_by_role("option", name="6-6", exact=True).click()
        wait_until_idle(page)
        theirs.get_by_role("button", name=EN("analyse.play")).click()
        _moves_shown(page, 1)
        expect(page.get_by_text(EN("analyse.your_turn"))).to_be_visible(timeout=30_000)
        _own_tile(page, "0-6", "L")  # your own tile, on the board
        _moves_shown(page, 2)
        expect(page.get_by_text(EN("analyse.their_turn", seat="Luis"))).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        _their_tile(page, "1-6")
        _moves_shown(page, 3)
        expect(page.get_by_text(EN("analyse.their_turn", seat="Ana"))).to_be_visible(timeout=30_000)
        assert page.locator('[data-testid="stException"]').count() == 0
        page.screenshot(path=str(artifacts / "analyse_marco_leads.png"), full_page=True)
    finally:
        page.context.close()


def test_one_v_one_the_opponent_leads_and_the_round_goes_on(browser, app_url):
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    try:
        _set_up(page, app_url, "1 v 1 with a stock", None, "Opponent")
        expect(page.get_by_text(EN("analyse.their_turn", seat="your opponent"))).to_be_visible(timeout=30_000)
        wait_until_idle(page)
        _their_tile(page, "4-5")
        _moves_shown(page, 1)
        expect(page.get_by_text(EN("analyse.your_turn"))).to_be_visible(timeout=30_000)
        _own_tile(page, "5-5", "R")
        _moves_shown(page, 2)
        assert page.locator('[data-testid="stException"]').count() == 0
    finally:
        page.context.close()


def test_partners_without_the_6_6_asks_who_led(browser, app_url):
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    try:
        _set_up(page, app_url, "Partners (2 v 2)", None, EN("analyse.leader_rules"))
        expect(page.get_by_text(EN("analyse.who_led"))).to_be_visible(timeout=30_000)
        expect(page.get_by_text(EN("analyse.their_turn", seat="Luis"))).to_have_count(0)
        assert page.locator('[data-testid="stException"]').count() == 0
    finally:
        page.context.close()
