"""A table of people and bots (matches/table.py): seats, moves, and the moves nobody
makes by hand, with the clock and the presence passed in."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from matches.table import PACE, Options, Table, TableError, token_hash


def two_people(**options) -> Table:
    table = Table.open("laplaza_1v1", 2, (), "42", ["me", "open"], Options(**options), name="Ana", token=token_hash("a"))
    return table.sit(1, "Luis", token_hash("b")).start(now=0.0)


def test_a_seat_is_taken_once_and_a_name_once_per_table():
    table = Table.open("laplaza_partners", 4, (), "7", ["me", "open", "open", "casual"], Options(), name="Ana",
                       token=token_hash("a"))
    table.sit(1, "Luis", token_hash("b"))
    with pytest.raises(TableError) as taken:
        table.sit(1, "Bea", token_hash("c"))
    assert taken.value.code == "seat_taken"
    with pytest.raises(TableError) as same_name:
        table.sit(2, "ana", token_hash("c"))
    assert same_name.value.code == "name_taken"
    with pytest.raises(TableError) as twice:
        table.sit(2, "Bea", token_hash("b"))
    assert twice.value.code == "already_seated"
    with pytest.raises(TableError) as bot_seat:
        table.sit(3, "Bea", token_hash("c"))
    assert bot_seat.value.code == "seat_taken"


def test_open_seats_become_bots_of_the_fill_level_at_the_start():
    table = Table.open("laplaza_partners", 4, (), "7", ["me", "open", "open", "casual"], Options(fill_level="expert"),
                       name="Ana", token=token_hash("a")).start(now=0.0)
    assert table.game.setup.seats == ("human", "expert", "expert", "casual")
    with pytest.raises(TableError) as late:
        table.sit(1, "Luis", token_hash("b"))
    assert late.value.code == "started"


def test_a_touch_move_table_deals_its_game_with_the_rule_and_keeps_it():
    table = two_people(touch_move=True)
    assert table.game.setup.touch_move and table.game.round.rules.touch_move == "on"
    again = Table.from_dict(table.to_dict())
    assert again.options.touch_move and again.game.round.rules.touch_move == "on"
    assert not Options.from_dict({k: v for k, v in Options().to_dict().items() if k != "touch_move"}).touch_move
    assert two_people().game.round.rules.touch_move == "off"


def test_a_table_of_bots_only_or_rules_that_do_not_fit_are_refused():
    with pytest.raises(TableError):
        Table.open("laplaza_1v1", 2, (), "1", ["strong", "strong"], Options())
    with pytest.raises(TableError) as bad:
        Table.open("laplaza_1v1", 2, ("no_such_rule",), "1", ["me", "open"], Options(), name="A", token="x")
    assert bad.value.code == "bad_rules"


def test_a_move_out_of_turn_late_or_illegal_is_refused_and_changes_nothing():
    table = two_people()
    mover, other = table.game.round.turn, 1 - table.game.round.turn
    before = table.to_dict()
    legal = str(table.game.round.canonical_actions()[0])
    for seat, action, version, code in ((other, legal, table.version, "not_your_turn"),
                                        (mover, legal, table.version - 1, "late"),
                                        (mover, "lead 9-9", table.version, "illegal")):
        with pytest.raises(TableError) as refused:
            table.play(seat, action, version=version, now=1.0)
        assert refused.value.code == code
        assert table.to_dict() == before
    table.play(mover, legal, version=table.version, now=1.0)
    with pytest.raises(TableError) as double:  # the same tap sent twice
        table.play(mover, legal, version=table.version - 1, now=1.0)
    assert double.value.code in ("late", "not_your_turn")


def test_bots_move_at_the_pace_and_not_before():
    table = Table.open("laplaza_1v1", 2, (), "5", ["me", "strong"], Options(), name="Ana", token=token_hash("a"))
    table.start(now=100.0)
    if table.game.round.turn == 0:
        table.play(0, table.game.round.canonical_actions()[0], version=table.version, now=100.0)
    moved_at = table.moved_at
    assert table.due({0: moved_at}) == pytest.approx(moved_at + PACE)
    assert not table.step(moved_at + PACE / 2, {0: moved_at})
    plies = len(table.game.rounds[-1])
    assert table.step(moved_at + PACE, {0: moved_at})
    assert len(table.game.rounds[-1]) == plies + 1 and table.game.rounds[-1][-1].seat == 1


def test_a_player_whose_time_runs_out_gets_the_experts_move_said_in_the_log():
    table = two_people(turn_seconds=30)
    seat, start = table.game.round.turn, table.moved_at
    seen = {0: start + 25, 1: start + 25}
    assert not table.step(start + 29, seen)
    assert table.step(start + 30, seen)
    assert table.note(0, 0) == "timeout" and table.note(0, 1) is None
    assert table.game.rounds[0][0].seat == seat and seat not in table.away
    assert table.moved_at == start + 30


def test_a_player_who_went_quiet_gets_a_bot_after_the_wait_until_they_are_back():
    table = two_people(wait_seconds=60)
    seat = table.game.round.turn
    seen = {0: 0.0, 1: 0.0}
    assert table.due(seen) == pytest.approx(60.0)
    assert not table.step(59.0, seen)
    assert table.step(60.0, seen)
    assert table.note(0, 0) == "away" and seat in table.away
    # the other player moves; when the away player's turn comes again a bot plays at the pace
    other = 1 - seat
    if not table.game.round.is_over and table.game.round.turn == other:
        table.play(other, table.game.round.canonical_actions()[0], version=table.version, now=61.0)
    if not table.game.round.is_over and table.game.round.turn == seat:
        assert table.due({seat: 0.0}) == pytest.approx(table.moved_at + PACE)
        # they are back: their screen was heard after the bot began
        assert not table.step(table.moved_at + PACE, {seat: 61.5, other: 61.0})
        assert seat not in table.away


def test_the_next_round_is_dealt_when_every_person_is_ready_or_the_host_deals():
    table = two_people()
    while not table.game.round.is_over:
        seat = table.game.round.turn
        table.play(seat, table.game.round.canonical_actions()[0], version=table.version, now=1.0)
    if table.state == "over":
        pytest.skip("this deal ended the match in one round")
    table.mark_ready(0, 0, now=2.0)
    assert len(table.game.rounds) == 1
    with pytest.raises(TableError):
        table.mark_ready(1, 5, now=2.0)  # a button from another round
    table.mark_ready(1, 0, now=3.0)
    assert len(table.game.rounds) == 2 and table.ready == set()
    with pytest.raises(TableError):
        table.deal_next(0, now=3.0)  # pressed late: that round was dealt


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.integers(0, 50), min_size=80, max_size=80))
def test_any_play_round_trips_and_every_move_comes_from_the_movers_turn(seed, picks):
    """Whatever the people choose, the kept record replays to the same table, and a
    person only ever moves on their own turn."""
    table = Table.open("laplaza_partners", 4, (), str(seed), ["me", "open", "beginner", "open"], Options(),
                       name="Ana", token=token_hash("a"))
    table.sit(1, "Luis", token_hash("b")).sit(3, "Bea", token_hash("c")).start(now=0.0)
    now = 0.0
    for pick in picks:
        if table.game.round.is_over:
            break
        now += 2.0
        seat = table.game.round.turn
        if table.game.bot_to_move:
            assert table.step(now, {s: now for s in range(4)})
        else:
            legal = table.game.round.canonical_actions()
            table.play(seat, legal[pick % len(legal)], version=table.version, now=now)
        again = Table.from_dict(table.to_dict())
        assert again.to_dict() == table.to_dict()
        assert again.game.round.hands == table.game.round.hands
