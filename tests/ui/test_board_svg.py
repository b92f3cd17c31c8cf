"""The SVG: pips, highlighted legal tiles, targets for taps, escaped text, stable output."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine import Round, Rules, deal
from tests.support.positions import LABELS, round_id, sample_rounds
from ui.board.model import ENGLISH_TEXTS, board_model
from language.tiles import tile_name
from ui.board.svg import PIP, render_svg

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def hand_tiles(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("data-tile"): el for el in root.iter() if el.get("data-tile")}


def pips_in(el: ET.Element) -> int:
    return sum(1 for c in el.iter(f"{{{NS['s']}}}circle") if c.get("fill") == PIP)


def model_of(rnd: Round, viewer: int | None = None, **options):
    viewer = rnd.turn if viewer is None else viewer
    return board_model(rnd, viewer, seat_labels=LABELS[rnd.n], texts={}, **options)


def test_one_svg_with_a_viewbox_that_fills_the_width():
    root = parse(render_svg(model_of(deal(Rules.preset("laplaza_partners"), seed=1))))
    assert root.tag == f"{{{NS['s']}}}svg"
    x, y, w, h = (float(v) for v in root.get("viewBox").split())
    assert (x, y) == (0, 0) and w > 0 and h > 0
    assert "width:100%" in root.get("style")


@pytest.mark.parametrize("name, rnd", list(sample_rounds(per_preset=2)), ids=round_id)
def test_highlighted_tiles_are_the_engines_legal_tiles(name, rnd):
    model = model_of(rnd)
    root = parse(render_svg(model))
    tiles = hand_tiles(root)
    assert list(tiles) == [str(t) for t in rnd.hand(rnd.turn)]
    legal = {str(a.tile) for a in rnd.legal_actions() if a.tile is not None}
    playable = {t for t, el in tiles.items() if "playable" in classes(el)}
    assert playable == legal
    if not rnd.is_over:
        assert {t for t, el in tiles.items() if "blocked" in classes(el)} == set(tiles) - legal
    draw = [el for el in root.iter() if el.get("data-action") == "draw"]
    assert bool(draw) == any(a.kind == "draw" for a in rnd.legal_actions())


def test_hand_tiles_are_buttons_with_labels_only_when_interactive():
    rnd = deal(Rules.preset("laplaza_partners"), seed=1)
    live = hand_tiles(parse(render_svg(model_of(rnd))))
    for tile, el in live.items():
        # named as players say them ("double six"), not "6-6", which a reader spells out
        assert el.get("role") == "button" and el.get("tabindex") == "0"
        assert el.get("aria-label") == tile_name(tile, ENGLISH_TEXTS)
    assert live["6-6"].get("aria-disabled") is None
    assert all(el.get("aria-disabled") == "true" for t, el in live.items() if t != "6-6")
    still = hand_tiles(parse(render_svg(model_of(rnd, interactive=False))))
    assert set(still) == set(live)
    assert all(el.get("role") is None and el.get("tabindex") is None and el.get("aria-label") is None
               for el in still.values())
    assert all("playable" not in classes(el) for el in still.values())


def test_ends_are_targets_with_their_numbers():
    rnd = Round.from_hands(Rules.preset("laplaza_partners"), [
        "6-6 1-2 0-0 0-1 0-2 0-3 0-4", "5-6 1-1 1-3 1-4 1-5 0-5 2-2",
        "4-6 2-3 2-4 2-5 0-6 1-6 3-3", "3-6 2-6 3-4 3-5 4-4 4-5 5-5"])
    rnd.apply("lead 6-6")
    rnd.apply("5-6@L")
    root = parse(render_svg(model_of(rnd)))
    ends = {el.get("data-end"): el for el in root.iter() if el.get("data-end")}
    assert set(ends) == {"L", "R"}
    assert ends["L"].get("aria-label") == "Left end: five" and ends["R"].get("aria-label") == "Right end: six"
    assert [t.text for t in ends["L"].iter(f"{{{NS['s']}}}text")] == ["5", "left"]
    assert ends["L"].get("role") == "button" and ends["L"].get("tabindex") == "-1"


def test_every_line_tile_shows_its_pips_and_the_last_one_is_marked():
    for name, rnd in sample_rounds(per_preset=1):
        model = model_of(rnd)
        root = parse(render_svg(model))
        line = [el for el in root.iter() if el.get("data-line-tile")]
        assert [el.get("data-line-tile") for el in line] == [t["tile"] for t in model["line"]], name
        for el, tile in zip(line, model["line"]):
            assert pips_in(el) == sum(tile["halves"]), name
        marked = [i for i, el in enumerate(line) if any("last" in classes(c) for c in el)]
        assert marked == ([model["last"]["index"]] if model["last"] else []), name


def test_hidden_hands_leak_nothing():
    rnd = deal(Rules.preset("laplaza_partners"), seed=5)
    svg = render_svg(model_of(rnd, 0))
    root = parse(svg)
    assert set(hand_tiles(root)) == {str(t) for t in rnd.hand(0)}
    for seat in (1, 2, 3):
        group = next(el for el in root.iter() if el.get("data-seat") == str(seat))
        assert pips_in(group) == 0
        for tile in rnd.hand(seat):
            assert f'"{tile}"' not in svg
    revealed = parse(render_svg(model_of(rnd, 0, reveal=True)))
    group = next(el for el in revealed.iter() if el.get("data-seat") == "2")
    assert pips_in(group) == rnd.pips(2)


def test_user_text_is_escaped():
    rnd = deal(Rules.preset("laplaza_1v1"), seed=2)
    evil = '<script>alert("x")</script> & "quotes"'
    model = board_model(rnd, 0, seat_labels=[evil, "B"], texts={"draw": evil, "board": evil})
    svg = render_svg(model)
    assert "<script" not in svg
    root = parse(svg)  # still well-formed XML
    assert not [el for el in root.iter() if el.tag.endswith("script")]
    texts = [el.text for el in root.iter() if el.text]
    assert any(evil[:10] in t for t in texts)
    assert root.get("aria-label") == evil


def test_output_is_deterministic():
    for name, rnd in sample_rounds(per_preset=1):
        model = model_of(rnd)
        assert render_svg(model) == render_svg(model), name
        assert render_svg(model, narrow=True) == render_svg(model, narrow=True), name


def test_selected_and_highlighted_tiles_get_their_classes():
    rnd = deal(Rules.preset("laplaza_1v1"), seed=1)
    hand = [str(t) for t in rnd.hand(0)]
    root = parse(render_svg(model_of(rnd, 0, selected=hand[0], highlight=[hand[1], "R"])))
    tiles = hand_tiles(root)
    assert "selected" in classes(tiles[hand[0]]) and "mark" in classes(tiles[hand[1]])


def test_the_stock_and_the_turn_are_shown():
    rnd = deal(Rules.preset("laplaza_1v1"), seed=3)
    root = parse(render_svg(model_of(rnd, 0)))
    stock = next(el for el in root.iter() if "stock" in classes(el))
    assert "14" in [t.text for t in stock.iter(f"{{{NS['s']}}}text")]
    seat = next(el for el in root.iter() if el.get("data-seat") == str(rnd.turn))
    assert "turn" in classes(seat)
    assert "to play" in root.find("s:desc", NS).text


@pytest.mark.parametrize("lang", ["en", "nl", "pt", "es"])
def test_each_open_end_says_which_end_it_is_even_after_the_line_turns(lang):
    """The left end can lie anywhere once the line turns a corner: the slot says it."""
    from ui.i18n import translator
    from ui.labels import board_texts

    texts = board_texts(translator(lang))
    for _, rnd in sample_rounds(4):
        if rnd.ends is None:
            continue
        root = parse(render_svg(board_model(rnd, 0, seat_labels=LABELS[rnd.rules.num_players], texts=texts)))
        ends = {el.get("data-end"): el for el in root.iter() if el.get("data-end")}
        assert set(ends) == {"L", "R"}
        for end, tag in (("L", texts["left_tag"]), ("R", texts["right_tag"])):
            said = [t.text for t in ends[end].iter(f"{{{NS['s']}}}text") if "end-tag" in classes(t)]
            assert said == [tag]
