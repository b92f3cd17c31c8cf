"""Colour is never the only signal (issue 21): under each common colour-vision deficiency
(tests/support/colour_vision.py) a pair of colours that carries a meaning either stays
far apart in lightness, or the meaning is also given by a shape or a word, checked here
on what the app draws."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest

from engine import Rules, deal
from tests.support.colour_vision import SIMULATIONS, contrast
from tests.support.positions import LABELS
from ui.board import board_model, render_svg
from ui.board.svg import FELT, GOLD, LAST, MARK
from ui.i18n import translator
from ui.labels import board_texts
from ui.parts.hint_view import expected_points_figure

SEEN_BY = [None, *SIMULATIONS]
EN = translator("en")


@pytest.mark.parametrize("kind", SEEN_BY)
def test_the_gold_of_playable_tiles_stands_out_from_the_felt_for_everyone(kind):
    assert contrast(GOLD, FELT, kind) >= 3.0


@pytest.mark.parametrize("kind", SEEN_BY)
def test_the_last_tile_and_a_marked_tile_differ_by_their_ring_not_only_its_colour(kind):
    assert contrast(LAST, MARK, kind) < 1.5  # alike in lightness: the shape must tell them apart
    rnd = deal(Rules.preset("laplaza_1v1"), seed=5)
    rnd.apply(rnd.legal_actions()[0])
    model = board_model(rnd, 0, seat_labels=LABELS[2], texts=board_texts(EN), highlight=[str(rnd.hand(0)[0])])
    root = ET.fromstring(render_svg(model))
    last = [el for el in root.iter() if el.get("class") == "last"]
    assert last and last[0].get("stroke-dasharray"), "the last tile's ring is dashed"
    assert any("mark" in (el.get("class") or "").split() for el in root.iter())


@pytest.mark.parametrize("kind", SEEN_BY)
def test_the_recommended_move_is_starred_as_well_as_green(kind):
    green, grey = "#2e7d32", "#607d8b"
    assert contrast(green, grey, kind) < 1.5  # alike in lightness: the star tells them apart
    evaluation = SimpleNamespace(actions=["3-5@L", "0-1@R"], expected=[4.0, -2.0], stderr=[0.4, 0.5])
    bars = expected_points_figure(SimpleNamespace(evaluation=evaluation, best="3-5@L"), EN).data[0]
    assert [name.startswith("★") for name in bars.y] == [True, False]
    assert list(bars.marker.color) == [green, grey]
