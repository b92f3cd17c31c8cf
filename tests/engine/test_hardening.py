"""Hardening (issue 11, findings F1-F3 of the reliability review): no input crashes a parser
or the loader, errors quote only a short excerpt of what was typed, and a position that
no game played by the rules can reach is refused with a coded error.

Each block starts with the review's own reproduction.
"""

from __future__ import annotations

import io
import json
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Action, EngineError, NotationError, PositionError, Rules, RulesError, Tile, deal, dumps, loads,
    position_from_dict,
)
from engine.cli import main
from engine.errors import EXCERPT, excerpt
from engine.notation import prove_position
from engine.rules import PRESET_NAMES, PRESETS, parse_option

LONG = 10_000_000  # the review's 10 MB input


def run(capsys, monkeypatch, *argv: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse's own errors
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(capsys, monkeypatch, *argv: str, stdin: str = "") -> str:
    code, out, err = run(capsys, monkeypatch, *argv, stdin=stdin)
    assert code == 2 and out == "" and "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    return lines[0]


# ------------------------------------------------------------ F1: Unicode digits
NON_ASCII_DIGITS = ["¹", "²", "³", "٣", "٥", "１", "߁", "𝟙", "६"]


@pytest.mark.parametrize("text", ["¹-3", "1-³", "٣-٥", "１-1", "3-𝟙", "⁰-⁰"])
def test_f1_a_tile_takes_ascii_digits_only(text):
    with pytest.raises(NotationError) as err:
        Tile.parse(text)
    assert err.value.code == "bad_tile" and err.value.params == {"text": text}
    with pytest.raises(NotationError) as err:
        Action.parse(f"lead {text}")
    assert err.value.code == "bad_action"


def test_f1_ascii_tiles_still_read_as_before():
    assert Tile.parse(" 5 - 3 ") is Tile(3, 5) and Tile.parse("06-0") is Tile(0, 6)
    assert Tile.parse("1-3\n") is Tile(1, 3) and Tile.parse(Tile(2, 2)) is Tile(2, 2)
    for text in ("7-1", "3", "3-5-", "-3-5", "3 5", "3—5", "", None, 35, 10 ** 5000):
        with pytest.raises(NotationError):
            Tile.parse(text)


def test_f1_the_cli_refuses_a_superscript_tile_in_a_position_and_an_action(capsys, monkeypatch):
    _, dealt, _ = run(capsys, monkeypatch, "deal", "laplaza_1v1", "--seed", "7")
    assert '"1-3"' in dealt
    line = one_line_error(capsys, monkeypatch, "legal", stdin=dealt.replace('"1-3"', '"¹-3"'))
    assert line == "error: '¹-3' is not a tile: write two numbers from 0 to 6, like 3-5"
    line = one_line_error(capsys, monkeypatch, "play", "lead ¹-3", stdin=dealt)
    assert line.startswith("error: 'lead ¹-3' is not an action")
    for digit in ("٣", "１"):  # accepted silently before
        one_line_error(capsys, monkeypatch, "legal", stdin=dealt.replace('"1-3"', f'"{digit}-3"'))


@pytest.mark.parametrize("value", ["¹", "١٠٠", "１００", "1e2", "--5"])
def test_f1_option_values_take_ascii_digits_only(capsys, monkeypatch, value):
    name, parsed = parse_option(f"target={value}")
    assert name == "target" and parsed == value  # left as text: the rules then refuse it
    with pytest.raises(RulesError):
        Rules.preset("draw", target=parsed)
    line = one_line_error(capsys, monkeypatch, "deal", "draw", "--seed", "1", "--option", f"target={value}")
    assert line.startswith("error: rule option target cannot be")
    assert parse_option("target=150") == ("target", 150) and parse_option("stock_reserve=-1") == ("stock_reserve", -1)


@pytest.mark.parametrize("argv", [("--seed", "١"), ("--seed", "¹"), ("--players", "２", "--seed", "1")])
def test_f1_cli_numbers_take_ascii_digits_only(capsys, monkeypatch, argv):
    line = one_line_error(capsys, monkeypatch, "deal", "kozel", *argv)
    assert "invalid int value" in line


@pytest.mark.parametrize("key", ["¹", "٠", "０", "00", "-0", " 1", "1.0"])
def test_f1_lot_seats_take_ascii_digits_only(key):
    data = json.loads(dumps(deal(Rules.preset("laplaza_1v1"), 7)))
    data["lot"] = {key: "1-3", "1": "4-4"}
    with pytest.raises(PositionError) as err:
        loads(json.dumps(data))
    assert err.value.code == "bad_position"


def test_f1_lot_seats_may_be_numbers_from_yaml():
    data = json.loads(dumps(deal(Rules.preset("laplaza_1v1"), 7)))
    data["lot"] = {0: "1-3", 1: "4-4"}
    assert position_from_dict(data).lot == {0: Tile(1, 3).id, 1: Tile(4, 4).id}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("0123456-@ LRleadrwps" + "".join(NON_ASCII_DIGITS)), max_size=12))
def test_f1_fuzz_tile_and_action_parsers_raise_only_coded_errors(text):
    for parse in (Tile.parse, Action.parse):
        try:
            parse(text)
        except NotationError as exc:
            assert exc.code in ("bad_tile", "bad_action")
    if any(d in text for d in NON_ASCII_DIGITS):
        with pytest.raises(NotationError):
            Tile.parse(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_f1_fuzz_option_parser_gives_a_value_or_a_coded_error(text):
    try:
        name, value = parse_option(text)
    except RulesError:
        return
    assert isinstance(value, (str, bool, int))
    if isinstance(value, int) and not isinstance(value, bool):
        assert name + "=" in text and text.split("=", 1)[1].strip().lstrip("-").isascii()


# ---------------------------------------------------- F2: over-long numbers
def test_f2_a_json_number_over_python_s_limit_is_a_coded_error(capsys, monkeypatch):
    text = '{"rules":{"preset":"draw"},"hands":[[],[]],"seed":1' + "0" * 5000 + "}"
    with pytest.raises(NotationError) as err:
        loads(text)
    assert err.value.code == "bad_json" and "digits" in str(err.value)
    line = one_line_error(capsys, monkeypatch, "legal", stdin=text)
    assert line.startswith("error: the position is not valid JSON")


@pytest.mark.parametrize("key", ["turn", "leader", "round", "seed", "last_placer"])
def test_f2_huge_numbers_given_as_values_are_coded_errors(key):
    data = json.loads(dumps(deal(Rules.preset("laplaza_partners"), 3)))
    data[key] = 10 ** 5000  # what a YAML file can hold
    data.pop("forced_lead")
    try:
        position_from_dict(data)
    except EngineError as exc:
        assert len(str(exc)) < 300
    with pytest.raises(EngineError):
        position_from_dict({**data, "score": [10 ** 5000, 0]}, reachable=True)


def test_f2_over_long_cli_numbers(capsys, monkeypatch):
    nines = "9" * 5000
    line = one_line_error(capsys, monkeypatch, "deal", "draw", "--seed", nines)
    assert "invalid int value" in line and len(line) < 120
    line = one_line_error(capsys, monkeypatch, "deal", "draw", "--seed", "1", "--option", f"target={nines}")
    assert "at most 18 digits" in line and len(line) < 200
    with pytest.raises(RulesError):
        parse_option(f"target={nines}")


# ------------------------------------------------------ F3: short excerpts
def test_f3_a_10_mb_tile_gives_a_short_error_line(capsys, monkeypatch):
    _, dealt, _ = run(capsys, monkeypatch, "deal", "laplaza_1v1", "--seed", "7")
    huge = "1" * LONG
    line = one_line_error(capsys, monkeypatch, "legal", stdin=dealt.replace('"1-3"', f'"{huge}"'))
    assert line.startswith("error: '111") and len(line) < 120
    line = one_line_error(capsys, monkeypatch, "play", huge, stdin=dealt)
    assert len(line) < 150
    line = one_line_error(capsys, monkeypatch, "deal", huge, "--seed", "1")
    assert line.startswith("error: unknown game '111") and len(line) < 200
    for argv in (("deal", "draw", "--seed", "1", "--option", huge + "=1"),
                 ("deal", "draw", "--seed", "1", "--option", "target=" + "x" * LONG),
                 ("deal", "draw", "--seed", "1", "--overlay", huge),
                 ("deal", "draw", "--seed", huge)):
        assert len(one_line_error(capsys, monkeypatch, *argv)) < 400


def test_f3_the_errors_themselves_quote_an_excerpt():
    huge = "7" * LONG
    for parse in (Tile.parse, Action.parse):
        with pytest.raises(NotationError) as err:
            parse(huge)
        assert len(str(err.value)) < 150 and err.value.params["text"] == excerpt(huge)
    assert len(excerpt(huge)) == EXCERPT and excerpt("3-5") == "3-5"
    with pytest.raises(EngineError) as err:
        position_from_dict({"rules": {"preset": "draw"}, "hands": [[], []], huge: 1})
    assert len(str(err.value)) < 150
    with pytest.raises(EngineError) as err:
        Rules.preset(huge)
    assert len(str(err.value)) < 200


# ------------------------------------------ F4: positions that break a rule
R1 = {"rules": {"preset": "laplaza_1v1"},
      "hands": [["1-3", "1-5", "1-6", "2-2", "3-4", "4-4", "5-5"], ["0-5", "2-3", "2-4", "2-6", "4-6", "5-6"]],
      "line": ["0-0"], "stock": ["3-3", "0-2", "2-5", "1-4", "3-5", "3-6", "0-3", "6-6", "0-4", "1-1", "4-5",
                                 "0-6", "1-2", "0-1"], "turn": 1, "leader": 1}


def refused(data, reachable=True) -> EngineError:
    with pytest.raises(EngineError) as err:
        position_from_dict(data, reachable=reachable)
    assert err.value.code in ("bad_position", "bad_turn", "bad_tile", "bad_hand_size")
    return err.value


def dealt(preset: str, seed: int, players: int | None = None) -> dict:
    return json.loads(dumps(deal(Rules.preset(preset, players), seed)))


def played(preset: str, seed: int, steps: int, players: int | None = None, snapshot: bool = True) -> dict:
    rnd = deal(Rules.preset(preset, players), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if rnd.is_over:
            break
        rnd.apply_id(rng.choice(rnd.legal_action_ids()))
    return json.loads(dumps(rnd, snapshot=snapshot))


def test_r1_the_leader_cannot_move_again_while_the_stock_is_untouched():
    assert "cannot be seat 1's turn" in str(refused(R1))
    with pytest.raises(EngineError, match="cannot be seat 1's turn"):
        loads(json.dumps(R1))  # the default refuses it too
    assert loads(json.dumps(R1), reachable=False).turn == 1  # a hand-made diagram, only on request
    assert loads(json.dumps({**R1, "turn": 0}), reachable=True).turn == 0


def test_r2_partners_round_1_cannot_be_led_with_another_tile_than_6_6():
    data = dealt("laplaza_partners", 3)
    assert data["forced_lead"] == "6-6" and "6-6" in data["hands"][1]
    for reachable in (False, True):
        assert "the rules force 6-6" in str(refused({**data, "turn": 2, "forced_lead": "0-3"}, reachable))
        assert "seat 1 must lead 6-6" in str(refused({**data, "turn": 2}, reachable))


def test_r3_no_forced_lead_in_a_game_that_leads_by_lot():
    data = dealt("laplaza_1v1", 7)
    assert "nothing forces the lead" in str(refused({**data, "forced_lead": "5-6"}, reachable=False))


def test_r4_the_lot_winner_is_the_leader_after_the_lead_too():
    snap = played("laplaza_1v1", 7, 1)
    assert snap["leader"] == 1 and snap["lot"] == {"0": "1-3", "1": "4-4"}
    error = refused({**snap, "leader": 1, "lot": {"0": "6-6", "1": "0-0"}}, reachable=False)
    assert "seat 0 won the lot" in str(error)
    assert "no lot" in str(refused({**played("laplaza_partners", 3, 2), "lot": {"0": "1-3", "1": "4-4",
                                                                                  "2": "0-0", "3": "0-1"}}))


def test_r5_forced_lead_beside_a_history_is_a_tile_and_the_rules_one():
    data = played("laplaza_1v1", 7, 3, snapshot=False)
    assert data["history"]
    assert refused({**data, "forced_lead": "banana"}, reachable=False).code == "bad_tile"
    assert "nothing forces the lead" in str(refused({**data, "forced_lead": "5-6"}, reachable=False))
    partners = played("laplaza_partners", 3, 2, snapshot=False)
    assert position_from_dict({**partners, "forced_lead": "6-6"}).history == position_from_dict(partners).history
    assert "the rules force 6-6" in str(refused({**partners, "forced_lead": "0-3"}, reachable=False))


def test_r6_the_score_must_be_reachable_before_the_round():
    data = dealt("laplaza_partners", 3)
    assert "before round 1" in str(refused({**data, "score": [99, 250]}))
    later = {**data, "round": 3, "score": [99, 250]}
    later.pop("forced_lead")
    assert "target of 100" in str(refused(later))
    assert "one side scores in each round" in str(refused({**later, "round": 2, "score": [40, 30]}))
    assert position_from_dict({**later, "score": [99, 30]}, reachable=True).score == (99, 30)
    kozel = dealt("kozel", 2, 3)
    kozel.pop("forced_lead")
    assert "limit of 101" in str(refused({**kozel, "round": 4, "score": [101, 3, 7]}))
    fives = dealt("all_fives", 2, 2)
    assert "target of 200" in str(refused({**fives, "round": 2, "score": [150, 200]}))
    assert position_from_dict({**fives, "round": 2, "score": [150, 195]}, reachable=True).score == (150, 195)


def test_r7_all_fives_points_in_play():
    snap = played("all_fives", 5, 6)
    assert position_from_dict(snap, reachable=True).round_points == snap.get("round_points", [0, 0])
    assert "multiples of 5" in str(refused({**snap, "round_points": [3, 0]}, reachable=False))
    assert "cannot score 500" in str(refused({**snap, "round_points": [500, 0], "result": {"kind": "target"}},
                                             reachable=False))
    draw = played("draw", 5, 6)
    assert "only in All Fives" in str(refused({**draw, "round_points": [5, 0]}, reachable=False))


def test_every_document_example_is_reachable():
    from tests.engine.test_notation import doc_examples
    for data in doc_examples():
        assert position_from_dict(data, reachable=True) is not None


# ------------------------------------ the property: real play and mutations
GAMES = [(preset, players) for preset in PRESET_NAMES for players in PRESETS[preset][0]]


def _same_state(rnd, other) -> bool:
    return (rnd.hands == other.hands and list(rnd.line) == list(other.line) and rnd.stock_ids == other.stock_ids
            and list(rnd.round_points) == list(other.round_points) and rnd.result == other.result
            and (rnd.is_over or rnd.turn == other.turn))


def _check_accepted(data: dict) -> None:
    """An accepted position is reachable: the game the loader found replays to it."""
    rnd = position_from_dict(data, reachable=True)
    proof = prove_position(data)
    if proof is None:
        return  # the search ran out of budget; the counting checks held
    assert _same_state(rnd, proof)
    # The proof is a whole game: written with its history, it loads by replay to the same round.
    again = loads(dumps(proof), reachable=True)
    assert again.history == proof.history and _same_state(again, rnd)


def _mutate(data: dict, rng: random.Random) -> dict:
    out = json.loads(json.dumps(data))
    n = len(out["hands"])
    kind = rng.randrange(12)
    if kind == 0:
        out["turn"] = rng.randrange(n)
    elif kind == 1:
        out["leader"] = rng.randrange(n)
    elif kind == 2:
        out["last_placer"] = rng.randrange(n)
    elif kind == 3:
        out["round"] = rng.choice([1, 2, 3])
    elif kind == 4:
        out["score"] = [rng.choice([0, 5, 37, 99, 250]) for _ in out.get("score", [0] * n)]
    elif kind == 5:
        out["round_points"] = [rng.choice([0, 3, 5, 10, 500]) for _ in out.get("score", [0] * n)]
    elif kind == 6:  # a tile moves from one hand to another
        a, b = rng.randrange(n), rng.randrange(n)
        if out["hands"][a]:
            out["hands"][b].append(out["hands"][a].pop(rng.randrange(len(out["hands"][a]))))
    elif kind == 7 and out.get("stock"):  # a hand takes a tile from the stock
        out["hands"][rng.randrange(n)].append(out["stock"].pop(0))
    elif kind == 8:
        out["forced_lead"] = rng.choice(["6-6", "0-0", "0-3", "banana"])
    elif kind == 9:
        tiles = rng.sample(["0-0", "1-3", "4-4", "6-6", "2-5"], n)
        out["lot"] = {str(s): t for s, t in enumerate(tiles)}
    elif kind == 10:
        out["result"] = rng.choice([None, {"kind": "target"}, {"kind": "domino", "capicu": True}])
    else:
        for key in ("leader", "last_placer", "turn"):
            out.pop(key, None)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10 ** 6), st.integers(0, 60), st.booleans())
def test_property_positions_from_real_play_are_accepted_and_replay(game, seed, steps, snapshot):
    preset, players = game
    data = played(preset, seed, steps, players, snapshot)
    _check_accepted(data)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10 ** 6), st.integers(0, 50), st.integers(0, 2 ** 32))
def test_property_mutated_positions_are_reachable_or_refused_with_a_coded_error(game, seed, steps, salt):
    preset, players = game
    rng = random.Random(salt)
    data = _mutate(played(preset, seed, steps, players, snapshot=rng.random() < 0.8), rng)
    try:
        position_from_dict(data, reachable=True)
    except EngineError as exc:
        assert exc.code and len(str(exc)) < 400
        return
    _check_accepted(data)


def test_the_lessons_positions_all_load_as_reachable_ones_or_are_known():
    """Lesson positions carry a round when they carry a score (issue 11). The three listed
    here still need more than a round (reported to the lesson authors)."""
    from lessons.model import CONTENT, load_lesson

    known: set = set()
    refused_now = set()
    for folder in sorted(p for p in CONTENT.iterdir() if (p / "script.yaml").exists()):
        try:
            lesson = load_lesson(folder.name)
        except Exception:  # noqa: BLE001 - a lesson being written elsewhere; tests/lessons covers it
            continue
        items = [("start", {**lesson.start, "rules": lesson.rules_with().to_dict()})]
        if lesson.task:
            items.append(("task", {**lesson.task.position, "rules": lesson.task.rules}))
        for which, data in items:
            try:
                position_from_dict(data, reachable=True)
            except EngineError:
                refused_now.add((folder.name, which))
    assert refused_now <= known
