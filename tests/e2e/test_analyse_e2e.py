"""The analysis board on a phone in real Chromium: a whole round of the Block game,
played on the engine, entered by taps only (the others' tiles from the list, your own on
the board), then its link opened on another device gives the same round."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from engine import Rules, deal
from strategy.companion import TableGame, to_link
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
                    board.locator(f'[data-tile="{action.tile}"]').tap()
                    if action.kind == "place" and board.locator("[data-end].target").count() > 1:
                        board.locator(f'[data-end="{action.end}"]').tap()
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
