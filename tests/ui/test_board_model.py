"""The board model: what one seat sees, and the engine's legal targets grouped per tile."""

from __future__ import annotations

import doctest
import json
import random

import pytest

from engine import Round, Rules, deal
from tests.support.positions import LABELS, round_id, play_random, sample_rounds
from ui.board import layout as layout_module, model as model_module, svg as svg_module
from ui.board.model import ENGLISH_TEXTS, board_model, finished_board_model, offered_actions

PARTNERS = ["You", "Luis", "Ana", "Marco"]


def model_of(rnd: Round, viewer: int | None = None, **options):
    viewer = rnd.turn if viewer is None else viewer
    return board_model(rnd, viewer, seat_labels=LABELS[rnd.n], texts={}, **options)


@pytest.mark.parametrize("name, rnd", list(sample_rounds()), ids=round_id)
def test_offered_moves_are_exactly_the_engines(name, rnd):
    model = model_of(rnd)
    expected = set() if rnd.is_over else {str(a) for a in rnd.legal_actions()}
    assert offered_actions(model) == expected
    for tile, targets in model["legal"]["tiles"].items():
        assert targets in (["lead"], ["L"], ["R"], ["L", "R"])
        assert tile in model["hand"]
    json.dumps(model)  # the component sends it as JSON


@pytest.mark.parametrize("name, rnd", list(sample_rounds(per_preset=2)), ids=round_id)
def test_other_seats_offer_nothing_and_stay_hidden(name, rnd):
    viewer = (rnd.turn + 1) % rnd.n
    model = model_of(rnd, viewer)
    assert offered_actions(model) == set()
    assert model["hand"] == [str(t) for t in rnd.hand(viewer)]
    for seat in model["seats"]:
        assert seat["count"] == len(rnd.hand(seat["seat"]))
        if seat["seat"] != viewer and not rnd.is_over:
            assert seat["tiles"] is None and seat["pips"] is None


def test_not_interactive_offers_nothing_but_shows_the_same_table():
    rnd = deal(Rules.preset("laplaza_partners"), seed=1)
    still = model_of(rnd, interactive=False)
    live = model_of(rnd)
    assert offered_actions(still) == set() and offered_actions(live) == {"lead 6-6"}
    assert {k: v for k, v in still.items() if k not in ("legal", "interactive", "my_turn")} == \
        {k: v for k, v in live.items() if k not in ("legal", "interactive", "my_turn")}


def test_without_hints_every_tile_may_be_tried_on_either_end():
    rnd = Round.from_hands(Rules.preset("laplaza_partners"), [
        "6-6 1-2 0-0 0-1 0-2 0-3 0-4", "5-6 1-1 1-3 1-4 1-5 0-5 2-2",
        "4-6 2-3 2-4 2-5 0-6 1-6 3-3", "3-6 2-6 3-4 3-5 4-4 4-5 5-5"])
    rnd.apply("lead 6-6")
    model = model_of(rnd, hint_legal=False)
    assert model["legal"]["hinted"] is False
    assert model["legal"]["tiles"] == {t: ["L", "R"] for t in model["hand"]}
    assert "1-1@L" in offered_actions(model)  # the caller's engine will judge it


def test_draw_and_pass_are_flagged_when_legal():
    rnd = Round.from_hands(Rules.preset("laplaza_1v1"), ["6-6 0-1", "1-2 0-0"], "0-2 3-3")
    rnd.apply("lead 6-6")
    model = model_of(rnd)
    assert model["legal"] == {"tiles": {}, "lead": False, "draw": True, "pass": False, "hinted": True}
    assert model["stock"] == {"kind": "draw", "count": 2}
    rnd.apply("draw"), rnd.apply("draw")
    assert offered_actions(model_of(rnd)) == {"pass"}


def test_seats_sit_around_the_table_in_play_order():
    rnd = deal(Rules.preset("laplaza_partners"), seed=3)
    seats = board_model(rnd, 0, seat_labels=PARTNERS, texts={})["seats"]
    assert [(s["label"], s["position"], s["team"]) for s in seats] == [
        ("You", "bottom", 0), ("Luis", "right", 1), ("Ana", "top", 0), ("Marco", "left", 1)]
    # 002's games pass to the left: the next seat sits on your left.
    draw4 = deal(Rules.preset("draw", players=4), seed=3)
    seats = board_model(draw4, 2, seat_labels=PARTNERS, texts={})["seats"]
    assert [s["position"] for s in seats] == ["top", "right", "bottom", "left"]
    assert all(s["team"] is None for s in seats)
    three = deal(Rules.preset("kozel", players=3), seed=3)
    assert [s["position"] for s in model_of(three, 0)["seats"]] == ["bottom", "left", "right"]
    one_v_one = deal(Rules.preset("laplaza_1v1"), seed=3)
    assert [s["position"] for s in model_of(one_v_one, 1)["seats"]] == ["top", "bottom"]


def test_whose_turn_is_marked_once():
    for _, rnd in sample_rounds(per_preset=1):
        turns = [s["seat"] for s in model_of(rnd)["seats"] if s["turn"]]
        assert turns == ([] if rnd.is_over else [rnd.turn])


def test_the_lead_and_the_last_placed_tile_are_found_in_the_history():
    rnd = Round.from_hands(Rules.preset("laplaza_partners"), [
        "6-6 1-2 0-0 0-1 0-2 0-3 0-4", "5-6 1-1 1-3 1-4 1-5 0-5 2-2",
        "4-6 2-3 2-4 2-5 0-6 1-6 3-3", "3-6 2-6 3-4 3-5 4-4 4-5 5-5"])
    assert model_of(rnd)["lead_index"] is None and model_of(rnd)["last"] is None
    rnd.apply("lead 6-6")
    assert model_of(rnd)["last"] == {"index": 0, "seat": 0, "action": "lead 6-6"}
    rnd.apply("5-6@L")
    m = model_of(rnd)
    assert m["lead_index"] == 1 and m["last"] == {"index": 0, "seat": 1, "action": "5-6@L"}
    assert m["line"] == [{"tile": "5-6", "halves": [5, 6]}, {"tile": "6-6", "halves": [6, 6]}]
    rnd.apply("4-6@R")
    m = model_of(rnd)
    assert m["lead_index"] == 1 and m["last"]["index"] == 2 and m["ends"] == [5, 4]
    assert model_of(rnd, show_last=False)["last"] is None


def test_a_draw_does_not_move_the_last_placed_marker():
    rnd = Round.from_hands(Rules.preset("laplaza_1v1"), ["6-6 0-1", "1-2 0-0"], "0-2 3-3")
    rnd.apply("lead 6-6")
    rnd.apply("draw")
    assert model_of(rnd)["last"] == {"index": 0, "seat": 0, "action": "lead 6-6"}


def test_lead_index_follows_the_lead_in_random_rounds():
    for _, rnd in sample_rounds(per_preset=2):
        m = model_of(rnd)
        leads = [a for _, a in rnd.public_history() if a.kind == "lead"]
        if leads:
            assert m["line"][m["lead_index"]]["tile"] == str(leads[0].tile)


def test_a_round_loaded_mid_way_grows_from_the_middle_of_its_line():
    from engine import position_from_dict
    rnd = position_from_dict({"rules": {"preset": "laplaza_partners"}, "hands": [
        ["2-4", "0-5", "0-1", "1-3", "3-3", "0-0", "4-4"], ["0-2", "1-1", "1-2", "3-4", "4-6", "0-3"],
        ["0-4", "1-5", "2-2", "2-3", "3-6", "5-5"], ["0-6", "1-4", "1-6", "2-5", "3-5", "4-5"]],
        "line": ["5-6", "6-6", "6-2"], "turn": 0, "leader": 1})
    assert model_of(rnd)["lead_index"] == 1
    rnd.apply("0-5@L")
    m = model_of(rnd)
    assert m["lead_index"] == 2 and m["line"][2]["tile"] == "6-6" and m["last"]["index"] == 0


def test_a_finished_round_shows_every_hand_and_its_pips():
    rnd = play_random(deal(Rules.preset("laplaza_partners"), seed=4), 200, random.Random(1))
    assert rnd.is_over
    m = finished_board_model(rnd, 0, seat_labels=PARTNERS, texts={})
    assert m["over"] and m["interactive"] is False and offered_actions(m) == set()
    assert m["result"]["kind"] == rnd.result.kind
    assert m["result"]["pips"] == [rnd.pips(s) for s in range(4)]
    for seat in m["seats"]:
        assert seat["tiles"] == [str(t) for t in rnd.hand(seat["seat"])]
        assert seat["pips"] == rnd.pips(seat["seat"]) and seat["turn"] is False


def test_reveal_shows_all_hands_mid_round():
    rnd = deal(Rules.preset("block", players=3), seed=9)
    m = model_of(rnd, 0, reveal=True)
    assert all(s["tiles"] == [str(t) for t in rnd.hand(s["seat"])] for s in m["seats"])
    assert m["stock"] == {"kind": "asleep", "count": 13}


def test_texts_fall_back_to_english_and_labels_are_checked():
    rnd = deal(Rules.preset("laplaza_1v1"), seed=1)
    m = board_model(rnd, 0, seat_labels=["Tú", "Rival"], texts={"draw": "Robar", "bogus": "x", "pass": ""})
    assert m["texts"]["draw"] == "Robar" and m["texts"]["pass"] == "Pass" and "bogus" not in m["texts"]
    assert set(m["texts"]) == set(ENGLISH_TEXTS)
    with pytest.raises(ValueError, match="2 names"):
        board_model(rnd, 0, seat_labels=["Tú"], texts={})
    with pytest.raises(ValueError, match="viewer"):
        board_model(rnd, 2, seat_labels=["Tú", "Rival"], texts={})


def test_selected_and_highlight():
    rnd = deal(Rules.preset("laplaza_1v1"), seed=1)
    hand = [str(t) for t in rnd.hand(0)]
    m = model_of(rnd, 0, selected=hand[0], highlight=["L", hand[1], hand[1]])
    assert m["selected"] == hand[0] and m["highlight"] == sorted({"L", hand[1]})
    assert model_of(rnd, 0, selected="9-9")["selected"] is None


@pytest.mark.parametrize("module", [model_module, layout_module, svg_module], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    """ui/ is not among pytest's doctest paths, so the board's examples run here."""
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_a_pass_and_the_draws_of_a_turn_are_shown_at_the_seat_until_it_lays_a_tile():
    rnd = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
                           "1-1 1-2 1-3 1-4 1-5 2-2 2-3", "5-6 2-4 0-6 2-5 1-6 3-3 3-4",
                           "2-6 3-5 3-6 4-5 4-6 5-5 4-4"])
    rnd.apply("lead 6-6")
    rnd.apply("pass")
    seats = board_model(rnd, 0, seat_labels=PARTNERS, texts={})["seats"]
    assert [s["last"] for s in seats] == [None, {"pass": True}, None, None]
    assert "Passed" in svg_module.render_svg(board_model(rnd, 0, seat_labels=PARTNERS, texts={}))
    stock = Round.from_hands(Rules.preset("draw", 2), ["6-6 0-0 0-1", "1-1 1-2 1-3"], stock=["2-2", "3-6", "4-4"])
    stock.apply("lead 6-6")
    stock.apply("draw")
    stock.apply("draw")  # 2-2 did not fit; 3-6 does
    assert board_model(stock, 0, seat_labels=LABELS[2], texts={})["seats"][1]["last"] == {"drew": 2, "pass": False}
    stock.apply("3-6@L")
    assert board_model(stock, 0, seat_labels=LABELS[2], texts={})["seats"][1]["last"] is None
