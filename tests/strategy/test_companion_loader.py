"""The analysis board's one loader (``matches.companion.from_link`` / ``from_text``) under
fuzzing: links, pasted positions, pasted records and files, mutated from real rounds of every
game and table size. Every input is either refused with a ValueError (what the page turns
into a plain notice: ``EntryError`` or the engine's coded errors) or accepted as a record
the engine's own loader takes: the stand-in round written as a position and read back
(``engine.notation``), with a score of one number per side, and a link that reads back the
same record. Nothing else may escape (the review found RecursionError, TypeError and
IndexError tracebacks, and 77 records no game reaches).

A few hundred cases run in the normal suite, 2,500 under ``-m slow``; the review's crafted
inputs are regression cases of their own."""

from __future__ import annotations

import base64
import functools
import json
import zlib

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine import Rules
from engine.notation import dumps, loads, position_from_dict, position_to_dict, read_json
from engine.tiles import TILES
from matches.companion import EntryError, TableGame, _encode, from_link, from_text, to_link
from tests.support.positions import sample_rounds

TILE_TEXTS = [str(t) for t in TILES]
ACTIONS = ["pass", "draw", "blocked", "lead 6-6", "lead 0-0", "6-6@L", "5-6@R", "0-1@L", "3-4@R", "lead 4-5"]
KEYS = ["rules", "seat", "hand", "moves", "leader", "round", "score", "start", "hands", "junk", "turn", "line",
        "history", "stock", "counts", "preset", "players", "lot", "last_placer", "round_points"]


@functools.lru_cache(maxsize=None)
def _bases() -> tuple[list[dict], list[dict]]:
    """Records of real rounds (every preset and table size, two seats each, cut at random
    points) and the positions they came from, with and without their history."""
    records, positions = [], []
    for _, rnd in sample_rounds(per_preset=2, seed=7):
        for seat in sorted({0, rnd.rules.num_players - 1}):
            records.append(TableGame.from_round(rnd, seat).to_dict())
        positions.append(position_to_dict(rnd))
        positions.append(position_to_dict(rnd, snapshot=True))
    return records, positions


def _copy(value):
    return json.loads(json.dumps(value))


leaves = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 10), st.integers(-10**40, 10**40), st.floats(allow_nan=False),
    st.sampled_from(TILE_TEXTS + ACTIONS + ["", "x", "0", "-1"]), st.text(max_size=6),
)
json_values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.sampled_from(KEYS), inner, max_size=3), max_leaves=8)
# the values a real record has in its places, so that many mutants still get far in
near_misses = st.one_of(
    st.lists(st.integers(-300, 400), max_size=5),                    # a score
    st.integers(-1, 7), st.none(),                                   # a seat, a leader, a round
    st.lists(st.tuples(st.integers(-1, 4), st.sampled_from(ACTIONS)).map(list), max_size=3),  # moves
    st.lists(st.sampled_from(TILE_TEXTS), max_size=8),               # a hand
)


def _mutate(draw, data):
    """One change at a random place in ``data``: a value replaced, a key removed or added,
    an item appended, a move added at the end."""
    data = _copy(data)
    node = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            node.append(draw(json_values)) if isinstance(node, list) else node.update({"junk": 1})
            return data
        key = draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, (dict, list)) and child and draw(st.booleans()):
            node = child
            continue
        how = draw(st.sampled_from(["value", "near", "near", "delete", "add", "move"]))
        if how == "value":
            node[key] = draw(json_values)
        elif how == "near":
            node[key] = draw(near_misses)
        elif how == "delete" and isinstance(node, dict):
            del node[key]
        elif how == "add" and isinstance(node, dict):
            node[draw(st.sampled_from(KEYS))] = draw(st.one_of(near_misses, json_values))
        elif isinstance(data.get("moves"), list):
            data["moves"].append([draw(st.integers(-1, 3)), draw(st.sampled_from(ACTIONS + TILE_TEXTS))])
        else:
            node[key] = draw(near_misses)
        return data


def _plausible(draw, record):
    """A record changed as a visitor might: cut short, another score or round, another
    leader, or a move added (a tile on an end, a pass, a draw, a lead) for some seat."""
    data = _copy(record)
    units = Rules.from_dict(data["rules"]).flags.units
    how = draw(st.sampled_from(["move", "cut", "move", "score", "leader"]))
    if how == "cut":
        data["moves"] = data["moves"][:draw(st.integers(0, len(data["moves"])))]
    elif how == "score":
        data["round"] = draw(st.integers(1, 6))
        data["score"] = draw(st.lists(st.integers(0, 40).map(lambda x: 5 * x), min_size=units, max_size=units)
                             | st.lists(st.integers(-5, 300), max_size=5))
    elif how == "leader":
        data["leader"] = draw(st.integers(-1, 4))
        data["moves"] = data["moves"][:draw(st.integers(0, 2))]
    else:
        data["moves"] = data["moves"][:draw(st.integers(0, len(data["moves"])))]
        game = TableGame.from_dict(data)
        tile = draw(st.sampled_from(TILE_TEXTS))
        if draw(st.booleans()) and not game.is_over:  # the seat to move, a tile that fits an end
            ends, seen = game.round().ends, {str(t) for t in game.view().seen()}
            fits = [t for t in TILE_TEXTS if t not in seen and (ends is None or set(ends) & set(map(int, t.split("-"))))]
            tile = draw(st.sampled_from(fits)) if fits else tile
            seat = game.turn
        else:
            seat = draw(st.integers(-1, 3))
        action = draw(st.sampled_from([f"{tile}@L", f"{tile}@R", f"lead {tile}", "pass", "draw", "draw", "blocked"]))
        move = [seat, action] + ([draw(st.sampled_from(TILE_TEXTS))] if action == "draw" and draw(st.booleans())
                                 else [])
        data["moves"].append(move)
    return data


@st.composite
def inputs(draw):
    """(way in, payload, seat): what a visitor can hand the board."""
    records, positions = _bases()
    way = draw(st.sampled_from(["link", "link", "link text", "record", "file", "position"]))
    if way == "position":
        data = draw(st.sampled_from(positions))
    else:
        data = draw(st.sampled_from(records))
    plausible = way != "position" and draw(st.sampled_from([True, True, False]))
    if plausible:
        data = _plausible(draw, data)  # often still a record: tests what is accepted
    for _ in range(draw(st.sampled_from([0, 0, 0, 0, 1, 2] if plausible else [1, 1, 2, 3]))):
        data = _mutate(draw, data)
    if way == "link":
        return "link", _encode(data), None
    if way == "link text":  # a link changed as text: a character replaced, cut short, or more added
        word = _encode(draw(st.sampled_from(records)))
        at = draw(st.integers(0, len(word) - 1))
        change = draw(st.sampled_from(["replace", "cut", "insert"]))
        char = draw(st.sampled_from("AZaz09-_=+/%"))
        word = {"replace": word[:at] + char + word[at + 1:], "cut": word[:at],
                "insert": word[:at] + char * draw(st.integers(1, 40)) + word[at:]}[change]
        return "link", word, None
    text = json.dumps(data)
    if way == "file":
        return "text", text.encode("utf-8"), None
    return "text", text, draw(st.sampled_from([None, None, 0, 1, 3, 7]))


def _load(way: str, payload, seat):
    return from_link(payload) if way == "link" else from_text(payload, seat)


def assert_refused_or_possible(way: str, payload, seat) -> bool:
    """True when accepted (then the engine's loader takes the round), False when refused
    plainly; anything else escapes and fails the test."""
    try:
        game = _load(way, payload, seat)
    except ValueError:  # EntryError, the engine's coded errors: the page's plain notice
        return False
    rnd = game.round()
    assert len(rnd.score) == rnd.rules.flags.units, "one number per side"
    # the engine's own loader takes the round the record stands for
    position_from_dict(position_to_dict(rnd), reachable=game.start is None)
    if game.start is None:
        loads(dumps(rnd))  # the review's round trip, proved reachable
    assert from_link(to_link(game)) == game, "the link reads back the same record"
    game.view().cannot_hold()  # and what the page shows of it can be worked out
    return True


_SETTINGS = dict(deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow,
                                                                        HealthCheck.data_too_large])


@settings(max_examples=300, **_SETTINGS)
@given(inputs())
def test_every_link_and_paste_is_refused_plainly_or_a_record_the_engine_takes(case):
    event("accepted" if assert_refused_or_possible(*case) else "refused")


@pytest.mark.slow
@settings(max_examples=2500, **_SETTINGS)
@given(inputs())
def test_every_link_and_paste_is_refused_plainly_or_a_record_the_engine_takes_long(case):
    event("accepted" if assert_refused_or_possible(*case) else "refused")


def test_the_real_rounds_themselves_are_accepted():
    """The fuzzer's starting points load (so that its mutants test the checks, not a
    loader that refuses everything)."""
    records, positions = _bases()
    assert all(assert_refused_or_possible("link", _encode(r), None) for r in records)
    assert all(assert_refused_or_possible("text", json.dumps(r), None) for r in records)
    # (a snapshot of a round already over is no round to take up: nothing happens after it)
    assert all(assert_refused_or_possible("text", json.dumps(p), None) for p in positions
               if "history" in p or not p.get("result"))


# ------------------------------------------------------------------ the review's crafted inputs
def _zlib_link(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


HAND = ["0-0", "0-3", "0-5", "3-4", "4-5", "5-5", "6-6"]
ONE_V_ONE = {"rules": {"preset": "laplaza_1v1", "players": 2}, "seat": 0, "hand": HAND}
PARTNERS = {"rules": {"preset": "laplaza_partners", "players": 4}, "seat": 0,
            "hand": ["0-0", "0-2", "0-6", "1-2", "1-4", "3-3", "5-5"]}
CRAFTED = {
    # RecursionError: 5,000 [ then 5,000 ], zlib-compressed (a 48-character link)
    "deep nesting": ("link", "eNrtwTENAAAAAqCgzv41TOEHJAAAAADAWwEAAACAuwEdaAqT", "link"),
    "deep nesting, pasted": ("text", "[" * 5000 + "]" * 5000, "format"),
    "deep nesting in a record": ("link", _zlib_link('{"rules": ' + "[" * 40 + "]" * 40 + "}"), "link"),
    # TypeError: "moves": null, or not a list
    "moves null": ("link", _encode({**ONE_V_ONE, "moves": None}), "format"),
    "moves true": ("text", json.dumps({**ONE_V_ONE, "moves": True}), "format"),
    "moves a number": ("link", _encode({**ONE_V_ONE, "moves": -1}), "format"),
    "a seat as text": ("link", _encode({**ONE_V_ONE, "moves": [["0", "lead 6-6"]]}), "format"),
    # TypeError in the deal model: a pass or a draw before the lead
    "a pass before the lead": ("link", _encode({**ONE_V_ONE, "leader": 1, "moves": [[1, "pass"]]}), "cannot"),
    "a draw before the lead": ("link", _encode({**ONE_V_ONE, "leader": 1, "moves": [[1, "draw"]]}), "cannot"),
    "a second lead": ("link", _encode({**PARTNERS, "leader": 3, "moves": [[3, "lead 6-6"], [0, "0-6@L"],
                                                                          [1, "lead 1-1"]]}), "cannot"),
    "a tile on an end it does not fit": ("link", _encode({**PARTNERS, "leader": 3, "moves": [
        [3, "lead 6-6"], [0, "0-6@L"], [1, "1-3@R"]]}), "cannot"),
    # IndexError on the board: a score with the wrong number of sides
    "1v1 with a one-number score": ("link", _encode({**ONE_V_ONE, "score": [0], "moves": []}), "score"),
    "All Fives for 4 with 2 sides": ("link", _encode({"rules": {"preset": "all_fives", "players": 4}, "seat": 0,
                                                      "hand": HAND[:5], "score": [0, 0], "moves": []}), "score"),
    # records no game reaches, which the engine's loader refuses
    "a negative score": ("link", _encode({**ONE_V_ONE, "round": 2, "score": [-5, 0], "moves": []}), "score"),
    "round 1 at 0-300": ("link", "eNoljE0Kg0AMha9S3joDsaMu5ioiJdRAF9MqmVao4t0bp5uPx_vb8ZDXhDSAA4OcsbJzxtA626q7yj70GAlZZVJ"
                                 "DYsJzXrX4fOC_fTlvRu_YJ5_BjiXLV83llbCYFn0jIYvbm9yatcFBKPfZ1F-YIrOPi4q3-PgBWiorMw", "score"),
    "past the target in round 5": ("link", _encode({**ONE_V_ONE, "round": 5, "score": [99999, 0], "moves": []}),
                                   "score"),
    # Marco leading another tile than the 6-6 in round 1 of Partners was accepted as forced
    "Partners round 1 led without the 6-6": ("link", _encode({**PARTNERS, "leader": 3, "moves": [[3, "lead 0-1"]]}),
                                             "cannot_hold"),
    # the deal model drew hands for a pass the engine does not allow while the stock holds tiles
    "a pass with 13 tiles in the stock": ("link", _encode({"rules": {"preset": "all_fives", "players": 3}, "seat": 0,
                                                           "hand": ["0-5", "2-2", "3-4", "4-4", "4-6"], "leader": 1,
                                                           "moves": [[1, "lead 1-3"], [2, "pass"]]}), "cannot"),
    "a round number no match has": ("text", json.dumps({**ONE_V_ONE, "round": 10**30, "moves": []}), "format"),
    "an unknown key": ("text", json.dumps({**ONE_V_ONE, "moves": [], "turn": 1}), "format"),
}


@pytest.mark.parametrize("name", list(CRAFTED))
def test_the_reviews_crafted_inputs_are_refused_plainly(name):
    way, payload, code = CRAFTED[name]
    with pytest.raises(EntryError) as refused:
        _load(way, payload, None)
    assert refused.value.code == code


def test_a_position_with_a_null_turn_is_refused_by_the_engine():
    """The engine's loader read ``"turn": null`` as no seat and failed on it (TypeError)."""
    records, positions = _bases()
    snapshot = next(p for p in positions if p.get("line") and "history" not in p)
    with pytest.raises(ValueError):
        position_from_dict({**snapshot, "turn": None})
    with pytest.raises(ValueError):
        from_text(json.dumps({**snapshot, "turn": None}))


def test_nesting_is_refused_before_it_is_parsed_and_text_is_not_nesting():
    with pytest.raises(ValueError, match="nested"):
        read_json("[" * 33 + "]" * 33)
    assert read_json('{"a": "' + "[" * 100 + '"}') == {"a": "[" * 100}
    assert read_json("[" * 32 + "]" * 32)


def test_another_seat_leads_and_the_record_goes_on():
    """Review A1: Marco leads the 6-6 (Partners), the opponent 4-5 (1 v 1); the 6-6 is all
    Marco may lead; the records read back and pass the engine's loader."""
    marco = TableGame(Rules.preset("laplaza_partners"), seat=0, hand=PARTNERS["hand"], leader=3)
    assert marco.lead_tiles() == ["6-6"]
    marco = marco.play(3, "lead 6-6").play(0, "0-6@L").play(1, "1-6@R")
    assert assert_refused_or_possible("link", to_link(marco), None)
    opponent = TableGame(Rules.preset("laplaza_1v1"), seat=0, hand=PARTNERS["hand"], leader=1)
    assert "4-5" in opponent.lead_tiles()
    with pytest.raises(EntryError):  # 1-4 and 5-5 fit: a draw is not allowed
        opponent.play(1, "lead 4-5").play(0, "draw", "6-6")
    opponent = opponent.play(1, "lead 4-5").play(0, "5-5@R").play(1, "draw")
    assert assert_refused_or_possible("link", to_link(opponent), None)


def test_who_led_is_asked_when_the_hand_does_not_say():
    """Review A4: round 1 of Partners without the 6-6: any other seat may have led it, and
    nobody is assumed; with the 6-6 the player leads."""
    game = TableGame(Rules.preset("laplaza_partners"), seat=0, hand=PARTNERS["hand"])
    assert game.leader_unknown and game.leaders() == [1, 2, 3]
    assert game.led_by(2).lead_tiles() == ["6-6"]
    with pytest.raises(EntryError) as refused:
        game.led_by(0)
    assert refused.value.code == "leader_you"
    with pytest.raises(EntryError) as refused:  # named at set-up: the same reason, not "out of turn"
        TableGame(Rules.preset("laplaza_partners"), seat=0, hand=PARTNERS["hand"], leader=0)
    assert refused.value.code == "leader_you"
    with pytest.raises(EntryError) as refused:  # the player holds the 6-6: nobody else leads
        TableGame(Rules.preset("laplaza_partners"), seat=0, hand=HAND, leader=2)
    assert refused.value.code == "leader"
    holder = TableGame(Rules.preset("laplaza_partners"), seat=0, hand=HAND)
    assert not holder.leader_unknown and holder.turn == 0
    lot = TableGame(Rules.preset("laplaza_1v1"), seat=0, hand=HAND)
    assert lot.leader_unknown and lot.leaders() == [0, 1]


def _next_entries(record: dict, step: int = 1):
    """Every prefix of ``record`` (every ``step``-th), each with every entry a visitor could
    add next: for the seat to move, each unseen tile on each end (or led), a pass, a draw."""
    for ply in range(0, len(record["moves"]) + 1, step):
        cut = {**record, "moves": record["moves"][:ply]}
        yield cut
        game = TableGame.from_dict(cut)
        if game.is_over:
            continue
        seen = {str(t) for t in game.view().seen()}
        for tile in (t for t in TILE_TEXTS if t not in seen):
            for action in ([f"lead {tile}"] if game.round().ends is None else [f"{tile}@L", f"{tile}@R"]):
                yield {**cut, "moves": cut["moves"] + [[game.turn, action]]}
        yield {**cut, "moves": cut["moves"] + [[game.turn, "pass"]]}
        yield {**cut, "moves": cut["moves"] + [[game.turn, "draw"]]}


def _sweep(records, step: int = 1) -> int:
    accepted = 0
    for record in records:
        for data in _next_entries(record, step):
            ok = assert_refused_or_possible("link", _encode(data), None)
            try:  # an entry the board takes (as the page adds it) is one its link reopens
                TableGame.from_dict(data)
                entered = True
            except ValueError:
                entered = False
            assert ok == entered, data
            accepted += ok
    return accepted


def test_every_next_entry_of_a_few_real_rounds_is_refused_or_possible():
    """Deterministic: many records accepted (a fuzzer's mutants are mostly refused)."""
    records, _ = _bases()
    assert _sweep(records[::14], step=5) > 20


@pytest.mark.slow
def test_every_next_entry_of_every_real_round_is_refused_or_possible():
    records, _ = _bases()
    assert _sweep(records) > 1000
