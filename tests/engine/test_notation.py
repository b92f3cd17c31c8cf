"""The notation of docs/notation.md: tiles, actions, positions, what loading checks, and
the error messages. The JSON examples of the document are loaded here."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from engine import (
    Action, EngineError, NotationError, RulesError, Tile, deal, dumps, loads,
    position_from_dict, position_to_dict,
)

from .helpers import legal, play, rules, snapshot
from .positions import ANA_OUT, ANA_OUT_LINE, DEAL2

# in the smoke set that scripts/smoke_pythons.sh runs on Python 3.12 and 3.13
pytestmark = pytest.mark.smoke

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"


def doc_examples() -> list[dict]:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)]


def test_every_example_of_the_document_loads_and_complete_ones_are_what_the_engine_writes():
    examples = doc_examples()
    assert len(examples) == 7
    for data in examples:
        rnd = position_from_dict(data)
        if "format" in data:
            assert position_to_dict(rnd) == data


def test_document_examples_mean_what_the_text_says():
    dealt, forced, history, lesson, block, capicu, pending = (position_from_dict(d) for d in doc_examples())
    assert dealt.leader == 1 and len(legal(dealt)) == 7
    assert legal(forced) == ["lead 0-0"]
    assert [str(t) for t in history.hand(1)][:1] == ["1-1"] and history.turn == 0
    assert lesson.ends == (5, 2) and legal(lesson) == ["0-5@L", "2-4@R"]
    assert (block.result.kind, block.result.winner, block.result.points) == ("block", 1, (0, 37))
    assert capicu.result.capicu and capicu.result.points == (92, 0)
    assert not pending.is_over and legal(pending) == ["pass"]
    play(pending, "pass")
    assert pending.result.kind == "block" and pending.result.blocker == 0


def test_tiles_and_actions_read_either_order_and_any_case():
    assert str(Tile.parse("5-3")) == "3-5" and Tile.parse(" 6 - 6 ") is Tile(6, 6)
    assert [str(Action.parse(t)) for t in ("lead 6-6", "5-3@l", "3-5@R", "DRAW", "Pass")] == [
        "lead 6-6", "3-5@L", "3-5@R", "draw", "pass"]
    assert Action.from_id(0).kind == "lead" and str(Action.from_id(28 + 27)) == "6-6@L"
    assert str(Action.from_id(56 + 1)) == "0-1@R" and str(Action.from_id(84)) == "draw"
    assert str(Action.from_id(85)) == "pass"
    for text in ("7-1", "3", "3/5", "a-b", ""):
        with pytest.raises(NotationError) as err:
            Tile.parse(text)
        assert err.value.code == "bad_tile" and err.value.params == {"text": text}
    with pytest.raises(NotationError) as err:
        Action.parse("3-5@X")
    assert str(err.value) == ("'3-5@X' is not an action: write 'lead 6-6', '3-5@L', '3-5@R', 'draw' or 'pass'")


def test_a_position_with_history_replays_and_round_trips():
    rnd = deal(rules("laplaza_1v1"), seed=2)
    rnd.playout(random.Random(2))
    again = loads(dumps(rnd))
    assert dumps(again) == dumps(rnd) and again.result == rnd.result
    assert again.history == rnd.history


def test_a_snapshot_can_be_written_from_any_round():
    rnd = deal(rules("draw", 3), seed=4)
    rnd.apply(rnd.legal_actions()[0])
    snap = json.loads(dumps(rnd, snapshot=True))
    assert "history" not in snap and snap["last_placer"] == rnd.leader
    assert position_to_dict(position_from_dict(snap)) == snap


def bad(data_or_text, reachable: bool = False) -> EngineError:
    """The error for a position; by default without the reachability proof, so that the
    check under test speaks (the diagrams here are hand-made)."""
    with pytest.raises(EngineError) as err:
        if isinstance(data_or_text, str):
            loads(data_or_text, reachable=reachable)
        else:
            position_from_dict(data_or_text, reachable=reachable)
    return err.value


def base(**changes) -> dict:
    data = {"rules": {"preset": "laplaza_partners"}, "hands": [h.split() for h in ANA_OUT],
            "line": ANA_OUT_LINE.split(), "turn": 2, "leader": 1}
    data.update(changes)
    return data


def test_error_messages_of_the_document():
    cases = [
        ("not json", "bad_json", "the position is not valid JSON: Expecting value"),
        (base(rules={"preset_name": "draw", "preset": "draw"}), "bad_rules", "bad rules: unknown key 'preset_name'"),
        (base(rules={"preset": "chess"}), "unknown_preset",
         "unknown game 'chess': choose one of laplaza_partners, laplaza_1v1, all_fives, draw, block, kozel"),
        (base(rules={"preset": "kozel", "players": 5}), "bad_players", "kozel is played by 2 or 3 or 4 players, not 5"),
        (base(hands=[["6-6"]]), "bad_position", "bad position: there must be 4 hands, one per seat"),
        (base(hands=[["1-1"], ANA_OUT[1].split(), ["1-2"], ANA_OUT[3].split() + ["1-1"]]), "duplicate_tile",
         "bad position: 1-1 appears more than once"),
        (base(hands=[ANA_OUT[0].split(), ANA_OUT[1].split()[1:], ["1-2"], ANA_OUT[3].split()]), "missing_tile",
         "bad position: 0-0 missing (only sleeping tiles may be left out, and this game has none)"),
        (base(line=["2-3", "3-3", "3-6", "6-6", "6-5", "5-5", "4-5", "4-4", "4-0"]), "broken_line",
         "bad position: the line is not connected at 5-5 | 4-5"),
        (base(hand=[]), "bad_position", "bad position: unknown key 'hand'"),
        (base(turn=4), "bad_turn", "bad position: turn must be a seat from 0 to 3, not 4"),
    ]
    for data, code, message in cases:
        err = bad(data)
        assert (err.code, str(err)) == (code, message)


def test_hand_sizes_turns_and_forced_leads_are_checked():
    too_many = {"rules": {"preset": "laplaza_partners"},
                "hands": [DEAL2[0].split() + ["6-6"], DEAL2[1].split(), DEAL2[2].split(), DEAL2[3].split()[:-1]],
                "round": 2}
    err = bad(too_many)
    assert (err.code, str(err)) == ("bad_hand_size", "bad position: seat 0 holds 8 tiles, but at most 7 are possible")
    round1 = {"rules": {"preset": "laplaza_partners"}, "hands": [h.split() for h in DEAL2], "turn": 0}
    err = bad(round1)
    assert (err.code, str(err)) == ("bad_turn", "bad position: seat 3 must lead 6-6, not seat 0")
    assert position_from_dict(dict(round1, turn=3)).forced_lead == Tile(6, 6).id


def test_history_is_replayed_step_by_step():
    rnd = deal(rules("laplaza_partners"), seed=1)
    play(rnd, "lead 6-6")
    seat, tile = next((s, t) for s in range(4) if s != rnd.turn for t in rnd.hand(s) if t.has(6))
    data = position_to_dict(rnd)                    # that seat lays its 6 out of turn
    data["hands"][seat].remove(str(tile))
    data["line"].insert(0, f"{tile.other(6)}-6")
    data["history"].append({"seat": seat, "action": f"{tile}@L"})
    err = bad(data)
    assert (err.code, str(err)) == ("bad_history", f"bad position: history step 2 ({tile}@L) cannot be "
                                                   f"replayed: it is seat {rnd.turn}'s turn, not seat {seat}'s")
    wrong_seat = position_to_dict(rnd)
    wrong_seat["history"][0]["seat"] = (rnd.leader + 1) % 4
    assert bad(wrong_seat).code in ("bad_turn", "bad_hand_size", "bad_history")
    draw_without_tile = position_to_dict(deal(rules("laplaza_1v1"), 3))
    draw_without_tile["history"] = [{"seat": 0, "action": "draw"}]
    assert str(bad(draw_without_tile)) == "bad position: history step 1 draws without naming the tile"


def test_a_stored_result_must_agree_with_the_position():
    rnd = play(snapshot(rules("laplaza_partners"), ANA_OUT, ANA_OUT_LINE, turn=2), "1-2@L")
    data = position_to_dict(rnd)
    data["result"]["points"] = [90, 0]
    assert str(bad(data)) == "bad position: the result's points is [90, 0], but the position gives [91, 0]"
    data = position_to_dict(rnd)
    data["result"]["capicu"] = True
    assert str(bad(data)) == "bad position: the result says capicú, but the line's ends cannot come from one"
    data = position_to_dict(rnd)
    data["result"] = None
    assert str(bad(data)) == "bad position: a hand is empty, so the round is over"
    data = base(result={"kind": "domino"})
    assert str(bad(data)) == "bad position: the position has a result, but the round is not over"
    target = base(rules={"preset": "all_fives", "players": 4}, result={"kind": "target"})
    assert bad(target).code in ("bad_position", "missing_tile", "bad_hand_size")


def test_lot_seed_and_sleeping_are_checked():
    dealt = position_to_dict(deal(rules("laplaza_1v1"), seed=7))
    dealt["lot"] = {"0": "6-6", "1": "0-0"}
    assert str(bad(dealt)) == "bad position: seat 0 won the lot, so seat 0 leads, not seat 1"
    dealt["lot"] = {"0": "6-6", "1": "6-6"}
    assert str(bad(dealt)) == "bad position: a lot gives every seat its own tile"
    dealt["lot"] = {"0": "1-3", "1": "4-4"}
    dealt["seed"] = [1]
    assert str(bad(dealt)) == "bad position: seed must be a number or a text"
    asleep = {"rules": {"preset": "laplaza_partners"}, "hands": [h.split() for h in DEAL2], "turn": 3,
              "sleeping": ["6-6"]}
    assert bad(asleep).code == "duplicate_tile"


def test_rules_round_trip_through_their_dict():
    for r in (rules("laplaza_partners", None, "fid", "capicu_25"), rules("kozel", 3, penalty_limit=50),
              rules("all_fives", 4, "all_fives_pagat", target=300)):
        again = type(r).from_dict(json.loads(json.dumps(r.to_dict())))
        assert again == r and again.to_dict() == r.to_dict()
    with pytest.raises(RulesError) as err:
        type(r).from_dict(["draw"])
    assert str(err.value) == 'bad rules: they must be an object naming a preset, like {"preset": "draw"}'
