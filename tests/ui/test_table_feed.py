"""The tables' live feed (ui/parts/tables/feed.py): a screen waiting on a table hears the bot's
move that the feed's own driver made when it came due; a seat's request with its token is
kept as presence; a bad code gets a plain answer."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from starlette.requests import Request

from matches.table import Options, Table, token_hash
from matches.table_store import TableStore
from progress import open_store
from ui.parts.tables import feed as table_feed
from ui.parts.tables.feed import TableFeed
from ui.parts.tables.sync import change, load, open_table


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
    from ui.parts.tables.feed import ClassTablesFeed

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


# ------------------------------------------------------------------ strangers who know a table's code
# Written as an attacker would (review T3): the table's code is on the projector, in the lobby's
# QR code, in the class feed's address; a seat's raw token is in its player's link only.

def feed_request(code: str, query: str, path: str = "/live/table/") -> Request:
    return Request({"type": "http", "method": "GET", "path": f"{path}{code}", "headers": [],
                    "query_string": query.encode(), "path_params": {"code": code}})


def friends_table(tables: TableStore) -> str:
    """Ana (the host, token "ana") against Luis (token "luis"), both people, dealt; the seats
    bound at 1.0 (Ana at the open, Luis as he sat down)."""
    table = Table.open("laplaza_1v1", 2, (), "7", ["me", "open"], Options(wait_seconds=30), name="Ana",
                       token=token_hash("ana"))
    code = open_table(tables, table, seat_token="ana", now=1.0)
    change(tables, code, lambda t: t.sit(1, "Luis", token_hash("luis")))
    tables.claim_seat(code, 1, token_hash("luis"), 1.0)  # as the page does when he sits down
    change(tables, code, lambda t: t.start(time.time()))
    return code


def class_table(tables: TableStore, class_code: str = "CLASSB") -> tuple[str, str]:
    """Class table 1 of ``class_code``: Ana's phone (device "phone-ana") in seat 1, a bot in
    seat 0; the table and Ana's raw seat token (what her page's link holds)."""
    from matches.table import class_seat_token

    ana = class_seat_token("phone-ana", class_code, 1)
    table = Table.for_class("laplaza_1v1", 2, (), "5", [None, ("Ana", token_hash(ana))], Options(wait_seconds=30),
                            number=1, now=1.0)
    code = open_table(tables, table, host_hash="teacher-secret-hash", group_code=class_code, now=1.0)
    return code, ana


def ask(feed: TableFeed, code: str, queries: list[str]) -> None:
    """The feed's route asked ``queries`` in order (answered at once), then one beat's writing."""

    async def scenario():
        for query in queries:
            answered = await table_feed.table_feed(feed_request(code, f"since=0&server=another&{query}"))
            assert answered.status_code == 200
        await asyncio.to_thread(feed._read, [code])  # the next beat: presence is written

    asyncio.run(scenario())


@pytest.fixture
def feed(tables, monkeypatch) -> TableFeed:
    made = TableFeed(lambda: tables, beat=60.0)  # no beat of its own: the test says when one comes
    monkeypatch.setattr(table_feed, "TABLE_FEED", made)
    monkeypatch.setattr(table_feed, "SEEN_EVERY", 0.0)
    return made


def test_a_stranger_polling_a_seat_with_a_made_up_token_or_the_tokens_hash_records_no_presence(tables, feed) -> None:
    code = friends_table(tables)
    stranger = ["seat=0&me=made-up-token", f"seat=0&me={token_hash('ana')}", f"seat=0&me={token_hash('ana')[:40]}",
                "seat=1&me=ana"]  # and Ana's own token for another seat than hers
    ask(feed, code, stranger * 5)
    assert tables.seen(code) == {0: 1.0, 1: 1.0}, "nobody but a seat's own token marks it"
    feed.saw(code, 0, token_hash("ana"))  # past the route's length check: the hash is not the token
    asyncio.run(asyncio.to_thread(feed._read, [code]))
    assert tables.seen(code) == {0: 1.0, 1: 1.0}


def test_a_stranger_polling_after_the_player_does_not_hide_the_players_presence(tables, feed) -> None:
    code = friends_table(tables)
    table, _ = load(tables, code)
    seat = table.game.round.turn  # the player to move: the one a bot would stand in for
    mine = ("ana", "luis")[seat]
    due_before = table.due(tables.seen(code))
    ask(feed, code, [f"seat={seat}&me=stranger-0", f"seat={seat}&me={mine}"]
        + [f"seat={seat}&me=stranger-{i}" for i in range(1, 6)])
    assert tables.seen(code)[seat] > table.moved_at, "the player's own request counts, whatever came after it"
    assert table.due(tables.seen(code)) > due_before, "so nobody plays for them while their screen is open"


def test_a_stranger_cannot_keep_an_absent_student_present_nor_own_the_seat_by_asking_first(tables, feed) -> None:
    code, ana = class_table(tables)
    ask(feed, code, ["seat=1&me=early-stranger"])  # before Ana's phone ever asks
    ask(feed, code, ["seat=1&me=early-stranger"] * 3)
    assert tables.seen(code) == {1: 1.0}, "the absent student is not kept present"
    table, _ = load(tables, code)
    assert table.due(tables.seen(code)) == pytest.approx(max(table.moved_at, 1.0) + 30), "she goes away on time"
    ask(feed, code, [f"seat=1&me={ana}", "seat=1&me=late-stranger"])
    assert tables.seen(code)[1] > 1.0, "her own phone counts"
    assert tables.owners([code]) == {code: {1: token_hash(ana)}}, "the seat is hers (the deal bound it)"


def test_the_class_feed_gives_no_table_code_to_whoever_has_only_the_join_code(tables, monkeypatch) -> None:
    from ui.parts.tables.feed import ClassTablesFeed

    code, ana = class_table(tables, "CLASSC")
    feed = ClassTablesFeed(lambda: tables, TableFeed(lambda: tables, beat=60.0), beat=60.0)
    monkeypatch.setattr(table_feed, "CLASS_FEED", feed)

    # the versions as the first answer reads them: reading may then drive a bot that is due,
    # which moves the table on before the later answers (and before this test looks again)
    before = [(k.code, k.version) for k in tables.group("CLASSC")]

    async def scenario():
        answers = []
        for query in ("since=&server=another", f"since=&server=another&me={ana}", "since=&server=another&me=phone-ana"):
            answers.append(await table_feed.class_tables_feed(feed_request("CLASSC", query, "/live/class-tables/")))
        return answers

    answers = asyncio.run(scenario())
    for answered in answers:
        assert answered.status_code == 200
        body = answered.body.decode()
        assert code not in body and code.lower() not in body, "a table's code lets its reader watch the table"
    # the teacher's overview, which knows the secret's hash, works out the same value
    from matches.table_store import group_value

    value = json.loads(answers[0].body)["value"]
    assert value == group_value("teacher-secret-hash", before)
    assert value != group_value("", before), "keyed: not worked out from the codes alone"
