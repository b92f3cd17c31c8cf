"""The tables' live feed (ui/parts/table_feed.py): a screen waiting on a table hears the bot's
move that the feed's own driver made when it came due; a seat's request with its token is
kept as presence; a bad code gets a plain answer."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from starlette.requests import Request

from progress import open_store
from progress.tables import TableStore
from strategy.table_play import Options, Table, token_hash
from ui.parts import table_feed
from ui.parts.table_feed import TableFeed
from ui.parts.table_sync import change, load, open_table


@pytest.fixture
def tables(tmp_path):
    return TableStore(open_store(f"sqlite:///{tmp_path / 'capicu.sqlite3'}"))


def person_against_a_bot(tables: TableStore, *, bot_first: bool) -> str:
    """A started 1 v 1 table (Ana against a casual bot) where the bot is, or is not, to move."""
    for seed in range(200):
        table = Table.open("laplaza_1v1", 2, (), str(seed), ["me", "casual"], Options(), name="Ana",
                           token=token_hash("ana"))
        if (table.copy().start(now=0.0).game.round.turn == 1) == bot_first:
            code = open_table(tables, table, seat_token="ana")
            change(tables, code, lambda t: t.start(time.time()))  # as the host's button does
            return code
    raise AssertionError("no deal of 200 lets the wanted seat lead")


def test_the_feed_plays_the_bot_when_it_is_due_and_the_waiting_screen_hears_it(tables) -> None:
    code = person_against_a_bot(tables, bot_first=True)
    _, version = load(tables, code)
    feed = TableFeed(lambda: tables, beat=0.05)

    async def scenario():
        return await asyncio.wait_for(feed.wait(code, "all", str(version), hold=20), 20)

    pulse = asyncio.run(scenario())
    table, now_version = load(tables, code)
    assert pulse is not None and int(pulse.version) > version
    assert now_version > version and table.game.rounds[0][0].seat == 1, "the bot's move landed"
    assert feed.moves >= 1


def test_a_seats_request_is_kept_as_presence_and_a_bad_code_is_answered_plainly(tables, monkeypatch) -> None:
    code = person_against_a_bot(tables, bot_first=False)
    feed = TableFeed(lambda: tables, beat=0.05)
    monkeypatch.setattr(table_feed, "TABLE_FEED", feed)
    monkeypatch.setattr(table_feed, "SEEN_EVERY", 0.0)
    _, version = load(tables, code)

    def request(code_: str, query: str) -> Request:
        return Request({"type": "http", "method": "GET", "path": f"/live/table/{code_}", "headers": [],
                        "query_string": query.encode(), "path_params": {"code": code_}})

    async def scenario():  # "server=another": answered at once, as after a restart, not after a hold
        answered = await table_feed.table_feed(request(code, f"since={version}&server=another&seat=0&me=ana"))
        await asyncio.sleep(0.2)  # the presence is written with the next beat
        unknown = await table_feed.table_feed(request("ZZZZZZ", "since=0&server=another"))
        return answered, unknown

    answered, unknown = asyncio.run(scenario())
    assert answered.status_code == 200
    assert 0 in tables.seen(code), "seat 0 asked with its own token: it is present"
    assert unknown.status_code == 404 and json.loads(unknown.body) == {"error": "unknown_table"}


def test_a_stranger_token_does_not_make_a_seat_present(tables, monkeypatch) -> None:
    code = person_against_a_bot(tables, bot_first=False)
    before = tables.seen(code)
    tables.mark_seen(code, 0, token_hash("not-ana"), time.time() + 100)
    assert tables.seen(code) == before


def test_the_class_feed_answers_when_any_table_moves_and_drives_the_tables_nobody_watches(tables) -> None:
    from ui.parts.table_feed import ClassTablesFeed

    people = [None, ("Ana", token_hash("ana"))]  # a bot against an absent student: nobody watches the table
    for seed in range(200):
        table = Table.for_class("laplaza_1v1", 2, (), str(seed), people, Options(), number=1, now=time.time())
        if table.game.round.turn == 0:
            break
    code = open_table(tables, table, host_hash="teacher", group_code="CLASSA")
    pulse = tables.group_pulses(["CLASSA"])["CLASSA"]
    driver = TableFeed(lambda: tables, beat=0.05)
    feed = ClassTablesFeed(lambda: tables, driver, beat=0.05)

    async def scenario():
        return await asyncio.wait_for(feed.wait("CLASSA", "all", pulse.watched(), hold=20), 20)

    heard = asyncio.run(scenario())
    assert heard is not None and heard.watched() != pulse.watched()
    moved, _ = load(tables, code)
    assert moved.game.rounds[0] and moved.game.rounds[0][0].seat == 0, "the bot's move, made by the class feed"
