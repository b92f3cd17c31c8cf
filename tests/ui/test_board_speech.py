"""The board in words (ui/board/speech.py, language/tiles.py): tiles as players say them in every language,
a text equivalent that says what the picture shows and hides what it hides, and ARIA
names only on the board's controls."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, strategies as st

from engine import Rules, deal
from tests.support.positions import LABELS, round_id, sample_rounds
from ui.board import board_model, render_svg
from ui.board.component import face_down_svg
from language.tiles import spoken, tile_name
from ui.board.speech import describe_board
from ui.i18n import LANGUAGES, translator
from ui.labels import board_texts

TEXTS = {lang: board_texts(translator(lang)) for lang in LANGUAGES}
TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_tile_has_its_own_name_without_digits(lang):
    names = [tile_name(t, TEXTS[lang]) for t in TILES]
    assert len(set(names)) == len(TILES)
    assert not any(re.search(r"\d", name) for name in names), names


def test_tiles_are_named_as_players_say_them():
    assert [tile_name("4-6", TEXTS[lang]) for lang in ("en", "nl", "pt", "es")] == [
        "six-four", "zes-vier", "seis e quatro", "seis-cuatro"]
    assert [tile_name("5-5", TEXTS[lang]) for lang in ("en", "nl", "pt", "es")] == [
        "double five", "dubbele vijf", "carroça de cinco", "doble cinco"]
    assert tile_name("0-0", TEXTS["en"]) == "double blank"


@given(st.text(alphabet="0123456789-., ab", max_size=30))
def test_spoken_changes_only_single_tiles(sentence):
    said = spoken(sentence, TEXTS["en"])
    # what is left of the digits is exactly what was not a tile
    kept = re.sub(r"(?<![\d.,\-])([0-6])-([0-6])(?![\d.,]\d|\d)", "", sentence)
    assert re.sub(r"[^\d]", "", said) == re.sub(r"[^\d]", "", kept)


def _model(rnd, viewer=0, lang="en", **options):
    labels = LABELS[rnd.rules.num_players]
    return board_model(rnd, viewer, seat_labels=labels, texts=TEXTS[lang], **options)


@pytest.mark.parametrize("name, rnd", list(sample_rounds(per_preset=2)), ids=round_id)
def test_the_description_says_the_line_the_hand_and_every_seat(name, rnd):
    model = _model(rnd)
    words = " ".join(describe_board(model))
    texts = TEXTS["en"]
    for tile in model["hand"]:
        assert tile_name(tile, texts) in words
    for tile in model["line"]:
        assert tile_name(tile["tile"], texts) in words
    for seat in model["seats"][1:]:
        if seat["tiles"]:  # face up at the round's end
            assert f"{seat['label']}: {', '.join(tile_name(t, texts) for t in seat['tiles'])}." in words
        else:
            assert f"{seat['label']}: {seat['count']} in hand." in words
    seen = set(model["hand"]) | {t["tile"] for t in model["line"]}
    hidden = {str(t) for s in range(1, rnd.rules.num_players) for t in rnd.hand(s)} - seen
    if not rnd.is_over:
        for tile in hidden:  # nothing the viewer cannot see
            assert not re.search(rf"(^|[ :,]){re.escape(tile_name(tile, texts))}[.,]", words), tile


def test_a_face_down_hand_is_not_named_in_the_words_either():
    rnd = deal(Rules.preset("laplaza_partners"), seed=3)
    model = _model(rnd)
    hidden = face_down_svg(model)
    for tile in model["hand"]:
        assert tile_name(tile, TEXTS["en"]) not in hidden
    assert tile_name(model["hand"][0], TEXTS["en"]) in render_svg(model)


@pytest.mark.parametrize("interactive", [True, False])
def test_aria_names_only_on_controls(interactive):
    rnd = deal(Rules.preset("laplaza_1v1"), seed=5)
    root = ET.fromstring(render_svg(_model(rnd, interactive=interactive)))
    for el in root.iter():
        if el is root:
            continue
        if el.get("aria-label"):
            assert el.get("role") in ("button", "group"), ET.tostring(el)[:120]
    named = [el.get("aria-label") for el in root.iter() if el.get("role") == "button"]
    if interactive:
        assert named and not any(re.search(r"\d-\d", n) for n in named)
    else:
        assert named == []


def test_the_last_tile_differs_from_a_marked_one_by_shape_too():
    rnd = deal(Rules.preset("laplaza_1v1"), seed=5)
    rnd.apply(rnd.legal_actions()[0])
    root = ET.fromstring(render_svg(_model(rnd)))
    last = [el for el in root.iter() if el.get("class") == "last"]
    assert last and last[0].get("stroke-dasharray")
