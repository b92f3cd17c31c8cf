"""The table companion (matches/companion.py): a real game written down from one seat's
view gives that seat exactly the engine's SeatView of the same game, in every game and
table size; entries that cannot have happened are refused with the reason; a record
survives its file form and undo."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import PRESETS, Rules, deal
from engine.notation import dumps, position_from_dict
from engine.tiles import TILES
from matches.companion import EntryError, Start, TableGame, from_link, from_text, link_at, to_link, with_hands
from matches.table_review import RecordJudge, choices
from strategy.review import GRADES
from tests.support.positions import finished_round


def _games():
    for preset, (players, _) in PRESETS.items():
        for n in players:
            yield f"{preset}/{n}p", Rules.preset(preset, players=n)


def _record_as_it_happens(rules: Rules, seed: int, seat: int = 0):
    """Play a random real round and write it down as ``seat`` would; yield both after
    every entry."""
    rng = random.Random(seed)
    real = deal(rules, seed)
    game = TableGame(rules, seat=seat, hand=[str(t) for t in real.hand(seat)], leader=real.leader)
    yield real, game
    while not real.is_over:
        actions = real.legal_actions()
        action = actions[int(rng.random() * len(actions))]
        mover = real.turn
        real.apply(action)
        drawn = None
        if mover == seat and action.kind == "draw":
            drawn = str(TILES[real.history[-1][2]])
        game = game.play(mover, str(action), drawn)
        if real.is_over and real.result.kind == "block" and not game.is_over:
            game = game.blocked()
        yield real, game


def _same(view, real_view):
    # the lot (who drew which tile to decide the lead) is not entered: it says nothing
    # about the deal. Before another seat's forced lead in Goat (Kozel), which tile
    # the rules force depends on hands nobody has seen: the table learns it from the lead.
    hidden = not real_view.history and real_view.leader != real_view.seat
    forced = real_view.forced_lead if hidden else view.forced_lead
    return replace(view, lot=(), forced_lead=forced) == replace(real_view, lot=())


@pytest.mark.parametrize("name, rules", list(_games()), ids=[n for n, _ in _games()])
def test_a_recorded_game_gives_the_engines_view_after_every_move(name, rules):
    for seed in (1,):
        for real, game in _record_as_it_happens(rules, seed):
            assert _same(game.view(), real.view(0)), (name, seed, len(real.history))
        assert game.is_over


def test_a_move_that_cannot_have_happened_is_refused_with_its_reason():
    rules = Rules.preset("laplaza_partners")
    game = TableGame(rules, seat=0, hand=["6-6", "1-2", "0-0", "0-1", "0-2", "0-3", "0-4"])
    game = game.play(0, "lead 6-6").play(1, "5-6@L").play(2, "pass")
    with pytest.raises(EntryError) as bad:
        game.play(3, "1-2@L")  # in the player's own hand
    assert bad.value.code == "seen"
    game = game.play(3, "4-6@R").play(0, "0-4@R")
    with pytest.raises(EntryError) as bad:
        game.play(1, "pass")  # Ana holds no 5, 6 or 0: Luis and Marco hold them all
    assert bad.value.code == "cannot"
    with pytest.raises(EntryError) as bad:
        game.play(2, "2-5@L")
    assert bad.value.code == "not_turn"
    later = game.play(1, "0-5@R").play(2, "pass")
    with pytest.raises(EntryError) as bad:
        later.play(3, "pass").play(0, "pass").play(1, "pass").play(2, "5-5@L")  # she passed on 5
    assert bad.value.code in ("cannot_hold", "cannot", "own_illegal")


def test_a_round_played_on_the_engine_is_written_down_as_its_seat_saw_it():
    rules = Rules.preset("all_fives", players=3)
    real = deal(rules, 11)
    rng = random.Random(11)
    while not real.is_over:
        actions = real.legal_actions()
        real.apply(actions[int(rng.random() * len(actions))])
    for seat in range(3):
        assert _same(TableGame.from_round(real, seat).view(), real.view(seat))


def test_the_file_form_and_undo_give_the_same_record():
    rules = Rules.preset("laplaza_1v1")
    for real, game in _record_as_it_happens(rules, 5):
        pass
    again = TableGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.view() == game.view()
    shorter = game.undo()
    assert shorter.entries == game.entries[:-1]
    assert shorter.view() == TableGame.from_dict(shorter.to_dict()).view()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(["rules", "seat", "hand", "moves", "leader", "round", "start", "hands",
                                         "line", "counts", "stock", "turn", "lot", "0", "x"]), inner, max_size=5),
                    max_leaves=12))
def test_a_malformed_record_is_refused_as_a_value_error(data):
    try:
        TableGame.from_dict(data)
    except ValueError:
        pass


def test_a_link_at_a_ply_is_the_record_cut_before_that_move():
    _, real = finished_round("laplaza_partners", 3)
    game = TableGame.from_round(real, 0)
    for ply in (0, 5, len(game.entries)):
        cut = from_link(link_at(game, ply))
        assert cut.entries == game.entries[:ply]
        assert cut.view() == TableGame.from_dict({**game.to_dict(), "moves": game.to_dict()["moves"][:ply]}).view()


def test_a_finished_record_is_graded_from_the_players_view_only():
    _, real = finished_round("laplaza_partners", 3)
    game = TableGame.from_round(real, 0)
    found = choices(game)
    assert [ply for ply, _, _ in found] == [3, 7, 23]
    assert all(before.turn == 0 for _, _, before in found)
    for ply, action, before in found:
        assert before.view(0) == TableGame.from_dict({**game.to_dict(),
                                                      "moves": game.to_dict()["moves"][:ply]}).view()
    review = RecordJudge(game, deals=300).wait(timeout=120)
    assert [d.ply for d in review.decisions] == [3, 7, 23]
    assert all(d.grade in {g for g, _ in GRADES} for d in review.decisions)
    # without the other hands, nothing is said about this deal: the values are the expected ones
    assert all(d.exact == d.expected for d in review.decisions)


def test_every_hand_entered_replays_the_real_deal_and_refuses_hands_that_do_not_fit():
    start, real = finished_round("laplaza_partners", 3)
    game = TableGame.from_round(real, 0)
    hands = {s: [str(t) for t in start.hand(s)] for s in (1, 2, 3)}
    again = with_hands(game, hands)
    assert again.result == real.result and again.history == real.history
    swapped = {**hands, 1: hands[2], 2: hands[1]}
    with pytest.raises(EntryError) as bad:
        with_hands(game, swapped)
    assert bad.value.code in ("hands_wrong", "not_turn")
    with pytest.raises(EntryError) as bad:
        with_hands(game, {**hands, 1: hands[2]})
    assert bad.value.code == "hands_twice"
    with pytest.raises(EntryError) as bad:
        with_hands(game, {**hands, 3: hands[3][:-1]})
    assert bad.value.code == "hand"
    review = RecordJudge(game, real=again, deals=300).wait(timeout=120)
    assert review.decisions and any(d.exact != d.expected for d in review.decisions)


def test_a_draw_by_another_seat_cannot_be_replayed_with_every_hand():
    for seed in range(1, 30):
        start, real = finished_round("laplaza_1v1", seed)
        if any(seat == 1 and drawn >= 0 for seat, _, drawn in real.history):
            break
    else:
        pytest.fail("no round where the other seat drew")
    game = TableGame.from_round(real, 0)
    with pytest.raises(EntryError) as bad:
        with_hands(game, {1: [str(t) for t in start.hand(1)]})
    assert bad.value.code == "hands_draw"


# ---------------------------------------------------------------------- taken up mid-round
def _snapshot_of(rules: Rules, seed: int, moves: int):
    """A real round ``moves`` plies in, read back as a snapshot (no history): the
    position a player pastes, or a lesson's board."""
    rng = random.Random(seed)
    real = deal(rules, seed)
    for _ in range(moves):
        if real.is_over:
            break
        actions = real.legal_actions()
        real.apply(actions[int(rng.random() * len(actions))])
    return position_from_dict(json.loads(dumps(real, snapshot=True)))


def _play_on(real, game: TableGame, seat: int, rng: random.Random):
    """The real round and its record, move by move, to the round's end."""
    while not real.is_over:
        actions = real.legal_actions()
        action = actions[int(rng.random() * len(actions))]
        mover = real.turn
        real.apply(action)
        drawn = str(TILES[real.history[-1][2]]) if mover == seat and action.kind == "draw" else None
        game = game.play(mover, str(action), drawn)
        if real.is_over and real.result.kind == "block" and not game.is_over:
            game = game.blocked()
        yield real, game


@pytest.mark.parametrize("name, rules", list(_games()), ids=[n for n, _ in _games()])
def test_a_round_taken_up_mid_round_gives_the_engines_view_after_every_move(name, rules):
    """A snapshot taken up from each seat: the record starts where the snapshot is, and
    after every later move its view is the engine's view of the real round."""
    checked = 0
    for seed in range(2):
        snap = _snapshot_of(rules, seed, 3 + 2 * seed)
        if snap.is_over or not snap.line:
            continue
        for seat in range(rules.num_players):
            game = TableGame.from_round(snap, seat)
            assert game.start == Start.of(snap) and not game.entries
            assert game.view() == snap.view(seat)
            assert from_link(to_link(game)) == game
            for real, game in _play_on(snap.copy(), game, seat, random.Random(seed)):
                assert game.view() == real.view(seat)
                checked += 1
            assert TableGame.from_dict(json.loads(json.dumps(game.to_dict()))).view() == game.view()
    assert checked > 0


def test_every_hand_of_a_round_taken_up_mid_round_replays_it():
    snap = _snapshot_of(Rules.preset("laplaza_partners"), 4, 6)
    hands = {s: [str(t) for t in snap.hand(s)] for s in (1, 2, 3)}
    for real, game in _play_on(snap.copy(), TableGame.from_round(snap, 0), 0, random.Random(1)):
        pass
    again = with_hands(game, hands)
    assert again.history == real.history and again.result == real.result
    with pytest.raises(EntryError) as bad:  # a tile that lies on the line is in nobody's hand
        with_hands(game, {**hands, 1: [str(snap.line[0][0]) + "-" + str(snap.line[0][1])] + hands[1][1:]})
    assert bad.value.code in ("hands_twice", "hand")


def test_a_start_that_cannot_be_is_refused():
    rules = Rules.preset("laplaza_partners")
    snap = _snapshot_of(rules, 4, 6)
    game = TableGame.from_round(snap, 0)
    data = game.to_dict()
    for start in ({**data["start"], "counts": [7, 7, 7, 7]},             # more tiles than there are
                  {**data["start"], "line": ["1-2", "5-6"]},             # a line that does not connect
                  {**data["start"], "line": ["0-1"], "counts": [6, 7, 7, 7]}):  # round 1 without 6-6
        with pytest.raises(ValueError):
            TableGame.from_dict({**data, "start": start})


def test_a_pasted_position_becomes_a_record_with_its_hands():
    """A position with history is the round from the deal; a snapshot, the round from that
    point; either way with the other hands, so the exact values are on offer."""
    start, real = finished_round("laplaza_partners", 3)
    cut = real.copy()
    for _ in range(len(real.history) - 9):
        cut.undo()
    game = from_text(dumps(cut), seat=None)
    assert game.seat == cut.turn and game.start is None and len(game.entries) == 9
    assert game.view() == cut.view(cut.turn)
    assert game.dealt == {s: tuple(str(t) for t in start.hand(s)) for s in range(4) if s != cut.turn}
    assert with_hands(game).hands == cut.hands
    snap = from_text(dumps(cut, snapshot=True).encode(), seat=2)
    assert snap.start is not None and not snap.entries
    assert snap.view() == position_from_dict(json.loads(dumps(cut, snapshot=True))).view(2)
    assert with_hands(snap).hands == cut.hands
    assert from_link(to_link(snap)) == snap  # the hands go with the link
    record = from_text(json.dumps(game.to_dict()))
    assert record == game
    with pytest.raises(EntryError) as bad:
        from_text(dumps(cut), seat=4)
    assert bad.value.code == "paste_seat"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60) | st.binary(max_size=40) | st.sampled_from(
    ['{"rules": {"preset": "block"}, "hands": [[]]}', '[1]', '{"moves": 3}', '{"hand": "0-0"}', '"x"',
     '{"rules": {"preset": "kozel"}, "hands": [["0-0"], ["1-1"]], "line": ["2-2"]}', "\ufeff{}", "1e999"]))
def test_pasted_text_is_read_or_refused_as_a_value_error(text):
    try:
        from_text(text)
    except ValueError:
        pass


def test_the_records_in_the_docs_are_records():
    """Every JSON example of docs/analysis.md reads as a record (so the docs stay true)."""
    import pathlib
    import re

    text = (pathlib.Path(__file__).parents[2] / "docs" / "analysis.md").read_text()
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    assert len(blocks) >= 2
    for block in blocks:
        game = TableGame.from_dict(json.loads(block))
        assert from_link(to_link(game)) == game
