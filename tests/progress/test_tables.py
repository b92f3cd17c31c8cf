"""Tables in the database (matches/table_store.py) and the one path every change takes
(ui/parts/tables/sync.py), on SQLite and PostgreSQL: taps at the same moment, double
submits and two servers never play twice or out of turn."""

from __future__ import annotations

import threading

import pytest

from matches.table import Options, Table, TableError, token_hash
from matches.table_grades import keep_judged
from matches.table_store import TableStore
from progress import open_store
from ui.parts.tables.sync import change, drive, load, open_table


def new_table(tables: TableStore, seats=("me", "open")) -> str:
    table = Table.open("laplaza_1v1", 2, (), "99", list(seats), Options(), name="Ana", token=token_hash("a"))
    code = open_table(tables, table, seat_token="a", now=0.0)
    if "open" in seats:
        change(tables, code, lambda t: t.sit(1, "Luis", token_hash("b")))
    change(tables, code, lambda t: t.start(now=0.0))
    return code


def test_the_same_move_tapped_on_eight_servers_at_once_lands_once(db_url):
    stores = [open_store(db_url, share_engine=False) for _ in range(8)]
    try:
        tables = [TableStore(s) for s in stores]
        code = new_table(tables[0])
        table, version = load(tables[0], code)
        seat, action = table.game.round.turn, str(table.game.round.canonical_actions()[0])
        outcomes: list[str] = []
        barrier = threading.Barrier(len(tables))

        def tap(store: TableStore) -> None:
            barrier.wait()
            try:
                change(store, code, lambda t: t.play(seat, action, version=version, now=1.0))
                outcomes.append("played")
            except TableError as error:
                outcomes.append(error.code)

        threads = [threading.Thread(target=tap, args=(t,)) for t in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert outcomes.count("played") == 1, outcomes
        assert set(outcomes) - {"played"} <= {"late"}
        after, after_version = load(tables[0], code)
        assert len(after.game.rounds[0]) == 1 and after_version == version + 1
    finally:
        for s in stores:
            s.close()


def test_two_servers_driving_the_same_bot_make_one_move(db_url):
    stores = [open_store(db_url, share_engine=False) for _ in range(2)]
    try:
        tables = [TableStore(s) for s in stores]
        code = new_table(tables[0], seats=("me", "casual"))
        table, _ = load(tables[0], code)
        if table.game.round.turn == 0:
            change(tables[0], code, lambda t: t.play(0, t.game.round.canonical_actions()[0], version=t.version, now=1.0))
        table, version = load(tables[0], code)
        moved = []
        barrier = threading.Barrier(2)

        def run(store: TableStore) -> None:
            barrier.wait()
            moved.append(drive(store, code, now=table.moved_at + 60))

        threads = [threading.Thread(target=run, args=(t,)) for t in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        after, after_version = load(tables[1], code)
        assert sorted(moved) == [False, True]
        assert after_version == version + 1 and after.game.rounds[0][-1].seat == 1
    finally:
        for s in stores:
            s.close()


def test_the_next_moment_to_look_is_kept_and_the_driver_waits_for_it(db_url):
    with open_store(db_url) as store:
        tables = TableStore(store)
        code = new_table(tables, seats=("me", "casual"))
        table, version = load(tables, code)
        if table.game.round.turn == 0:
            table = change(tables, code, lambda t: t.play(0, t.game.round.canonical_actions()[0], version=t.version,
                                                          now=10.0))
        kept = tables.get(code)
        assert kept.due_at == pytest.approx(table.moved_at + 1.2)
        assert not drive(tables, code, now=table.moved_at + 0.5)
        assert drive(tables, code, now=table.moved_at + 1.2)
        assert tables.pulses([code])[code].version == table.version + 1


def test_presence_counts_only_with_the_seats_own_token(db_url):
    with open_store(db_url) as store:
        tables = TableStore(store)
        code = new_table(tables)
        tables.claim_seat(code, 1, token_hash("b"), 5.0)
        tables.mark_seen(code, 1, token_hash("stranger"), 50.0)
        tables.mark_seen(code, 0, token_hash("a"), 40.0)
        assert tables.seen(code) == {0: 40.0, 1: 5.0}


def test_a_seat_nobody_bound_yet_is_bound_only_by_its_own_token(db_url):
    with open_store(db_url) as store:
        tables = TableStore(store)
        table = Table.for_class("laplaza_1v1", 2, (), "3", [("Ana", token_hash("a")), None], Options(), number=1,
                                now=0.0)
        code = tables.create(table.to_dict(), version=table.version, due_at=None, state=table.state)  # no claim
        tables.mark_seen(code, 0, token_hash("stranger"), 5.0)
        tables.mark_seen(code, 1, "", 5.0)  # the bot's seat has no token
        tables.mark_seen(code, 7, token_hash("a"), 5.0)  # no such seat
        assert tables.seen(code) == {} and tables.owners([code]) == {}
        tables.mark_seen(code, 0, token_hash("a"), 6.0)
        tables.mark_seen(code, 0, token_hash("stranger"), 9.0)
        tables.mark_seen(code, 0, token_hash("a"), 4.0)  # a late write never moves presence back
        assert tables.seen(code) == {0: 6.0} and tables.owners([code]) == {code: {0: token_hash("a")}}


def test_a_class_table_is_bound_to_its_students_when_it_is_dealt(db_url):
    tables = TableStore(open_store(db_url))
    code = class_table(tables, "CLASS5", 1, [("Ana", token_hash("a")), None, ("Bo", token_hash("b")), None])
    dealt = tables.seen(code)
    assert set(dealt) == {0, 2}
    assert tables.owners([code, "NOSUCH"]) == {code: {0: token_hash("a"), 2: token_hash("b")}}
    tables.mark_seen(code, 0, token_hash("stranger"), dealt[0] + 50.0)
    assert tables.seen(code) == dealt


def test_an_unknown_code_or_a_broken_record_is_said_plainly(db_url):
    with open_store(db_url) as store:
        tables = TableStore(store)
        with pytest.raises(TableError) as unknown:
            load(tables, "NOSUCH")
        assert unknown.value.code == "no_table"
        code = tables.create({"preset": "laplaza_1v1"}, version=1, due_at=None)
        with pytest.raises(TableError) as broken:
            load(tables, code)
        assert broken.value.code == "bad_record"
        assert not drive(tables, code)


def test_a_store_that_does_not_save_cannot_hold_tables():
    from progress import NullStore

    with pytest.raises(ValueError):
        TableStore(NullStore())


def class_table(tables: TableStore, group: str, number: int, people) -> str:
    table = Table.for_class("laplaza_partners", 4, (), str(40 + number), people, Options(), number=number, now=0.0)
    return open_table(tables, table, host_hash="teacher", group_code=group)


def test_a_class_s_tables_have_one_pulse_that_moves_with_any_of_them(db_url):
    tables = TableStore(open_store(db_url))
    people = [("Ana", token_hash("a")), None, ("Bo", token_hash("b")), None]
    codes = [class_table(tables, "CLASS2", n, people) for n in (1, 2)]
    other = class_table(tables, "CLASS3", 1, people)
    before = tables.group_pulses(["CLASS2", "CLASS3", "NOSUCH"])
    assert set(before) == {"CLASS2", "CLASS3"}
    assert {p.code for p in before["CLASS2"].tables} == set(codes) and before["CLASS3"].tables[0].code == other
    table, _ = load(tables, codes[1])
    seat = table.game.round.turn
    if table.seats[seat].kind == "human":
        change(tables, codes[1], lambda t: t.play(seat, t.game.round.canonical_actions()[0], version=t.version, now=1.0))
    else:
        assert drive(tables, codes[1], now=10.0)
    after = tables.group_pulses(["CLASS2", "CLASS3"])
    assert after["CLASS2"].watched() != before["CLASS2"].watched()
    assert after["CLASS3"].watched() == before["CLASS3"].watched()
    assert [k.code for k in tables.group("CLASS2")] == sorted(codes, key=lambda c: codes.index(c))


def test_a_players_grades_are_kept_once_per_round_and_read_back(db_url):
    tables = TableStore(open_store(db_url))
    code = class_table(tables, "CLASS4", 1, [("Ana", token_hash("a")), None, None, None])
    keep_judged(tables, code, 0, 0, [(1, "best", 0.0), (5, "mistake", 8.5)])
    keep_judged(tables, code, 0, 0, [(1, "best", 0.0), (5, "mistake", 8.5)])  # a reload judges the round again
    keep_judged(tables, code, 0, 1, [(2, "good", 1.5)])
    kept = tables.grades([code, "NOSUCH"])
    assert [(g.round, g.ply, g.grade, g.loss) for g in kept] == [(0, 1, "best", 0.0), (0, 5, "mistake", 8.5),
                                                               (1, 2, "good", 1.5)]
