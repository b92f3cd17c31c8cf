"""A class at tables in real headless Chromium: a teacher's laptop and two students' phones.
The teacher opens a class for tables, the students join by its link, the teacher seats them
at one Partners table; each phone learns its seat without a reload and goes to its board;
the teacher's overview follows the table; the projector shows it with every hand hidden
(no tile of any hand in anything the teacher's browser received) until *Show every hand*.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from language.tiles import tile_words
from matches.table import Table
from matches.table_store import TableStore
from progress import open_store
from tests.support.axe import DESKTOP, assert_accessible

from .test_app_e2e import _css
from .test_table_e2e import Screen, leaked

pytestmark = pytest.mark.e2e

NAMES = ("Ana", "Luis")


def test_a_teacher_seats_two_phones_and_watches_their_table(browser, app_url, artifacts):
    tables = TableStore(open_store())  # the app_url server's database (the fixture set it)
    words = tile_words("en")
    teacher = Screen(browser, f"{app_url}/class?lang=en")
    teacher.context.set_default_timeout(30_000)
    phones: list[Screen] = []
    try:
        page = teacher.page
        page.set_viewport_size({"width": 1400, "height": 1000})
        page.locator(".st-key-class_kind").get_by_text("Play at tables", exact=True).click()
        page.locator(".st-key-class_open_tables").get_by_role("button").click()
        link_text = page.get_by_text(re.compile(r"/join\?join=[A-Z0-9]{6}")).first
        link_text.wait_for(timeout=30_000)
        link = re.search(r"\S+/join\?join=[A-Z0-9]{6}", link_text.inner_text()).group(0)
        code = re.search(r"join=([A-Z0-9]{6})", link).group(1)

        for name in NAMES:
            phone = Screen(browser, f"{link}&lang=en")
            phones.append(phone)
            box = phone.page.get_by_role("textbox", name="Your nickname")
            box.wait_for(timeout=30_000)
            box.fill(name)
            box.press("Enter")
            phone.page.locator(".st-key-class_join").get_by_role("button").click()
            expect(phone.page.get_by_text("Your teacher will seat you at a table.")).to_be_visible(timeout=30_000)
        expect(page.get_by_text("2 of 40 joined:")).to_be_visible(timeout=30_000)
        page.locator(".st-key-class_tables_go").get_by_role("button").click()  # Partners, at random

        expect(page.get_by_text("Table 1").first).to_be_visible(timeout=30_000)
        for phone in phones:  # the phone follows the class feed: its seat, without a reload
            expect(phone.page.get_by_text("You're at table 1")).to_be_visible(timeout=30_000)
            phone.page.get_by_role("link", name="Go to my table").click()
            expect(phone.page.locator("svg[data-board]").first).to_be_visible(timeout=30_000)
        kept = tables.group(code)
        assert len(kept) == 1
        for name in NAMES:
            expect(page.get_by_text(name).first).to_be_visible(timeout=30_000)
        assert_accessible(page, "the teacher's overview of the tables", sizes=(DESKTOP,))
        page.screenshot(path=str(artifacts / "class_tables_overview.png"), full_page=True)

        page.locator(f".st-key-{_css(f'class_project:{kept[0].code}')}").get_by_role("button").click()
        expect(page.locator("svg[data-board]").first).to_be_visible(timeout=30_000)
        page.wait_for_timeout(1500)  # a move or two reach the projector meanwhile
        seen = teacher.unread()
        table = Table.from_dict(tables.get(kept[0].code).record)  # still in a hand now: in one all along
        hands = {str(t) for seat in range(4) for t in table.game.round.hand(seat)}
        assert not leaked(seen, hands, words), "the projector got hand tiles while the hands were hidden"
        assert_accessible(page, "a table on the projector", sizes=(DESKTOP,))
        page.get_by_text("Show every hand").click()
        expect(page.locator("svg[data-board] .hand-tile[data-tile]").first).to_be_attached(timeout=30_000)
        page.screenshot(path=str(artifacts / "class_tables_projected.png"), full_page=True)
    finally:
        for screen in [teacher, *phones]:
            screen.close()

