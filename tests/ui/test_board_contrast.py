"""Every word the board draws reads at 4.5:1 or more against what it is drawn on (WCAG 1.4.3
AA, issue 21), as drawn and on a projector, and so does its score strip in the light and
the dark theme.

axe-core does not measure text inside an SVG, so this measures the SVG that
``ui/board/svg.py`` renders (``tests/support/svg_contrast.py``): the end numbers and their
left/right words, the lead's word, the stock's count and word, the seats' names, tile
counts and tags (your turn, passed or drew, pips), the stock row's numbers; an end's slot
at rest, as a target, a target under the pointer and a target at the low point of its
pulse; in the four languages, the wide and the narrow (phone) layout. On a projector the
words grow (``board.js``'s ``enlarge()``, emulated) past their slots, over the line's
tiles and towards the stock: then they must still read, and nothing may be drawn over them.
The 4.5:1 of small text is asked everywhere, none of the board's words is counted as large.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine import Rules, deal
from tests.support.colour_vision import contrast
from tests.support.positions import LABELS, play_random, sample_rounds
from tests.support.svg_contrast import blend, check_texts, enlarge, paint_order, parse_fill
from ui.board import board_model, render_svg
from ui.board.component import face_down_svg
from ui.board.svg import FACE, SLOT_FILLS, stock_row_svg
from ui.i18n import LANGUAGES, translator
from ui.labels import board_texts

ROUNDS = list(sample_rounds(per_preset=2))
BOARD_CSS = Path(__file__).resolve().parents[2] / "ui" / "board" / "board.css"
#: An end's slot in each state it is drawn in: SLOT_FILLS, and a target at the low point of
#: its pulse (board.css: ``cpb-pulse`` takes the fill's opacity to .45; the contrast moves
#: monotonically between the two ends of the pulse, so those two are enough).
_colour, _alpha = parse_fill(SLOT_FILLS["target"])
_r, _g, _b = (int(_colour[i:i + 2], 16) for i in (1, 3, 5))
SLOTS = {**SLOT_FILLS, "pulse": f"rgba({_r},{_g},{_b},{_alpha * 0.45:.4f})"}
#: What a projector makes of the board (board.js ``enlarge()``): pixels per SVG unit and the
#: smallest text in CSS pixels. A lesson presented at 1920×1080: the board measured 1207 px
#: wide in Chromium for its 960 units; the class quiz's board at 1920×1080: at least 850 px
#: wide (tests/e2e/test_class_projector_e2e.py), its words at least 15 px
#: (``--cpb-present-min-px``, ui/parts/classroom/screen.py). A smaller board grows its words more.
PROJECTORS = {"lesson": (1207 / 960, 24.5), "class quiz": (850 / 960, 15.0)}


def _boards(lang: str, *, interactive: bool):
    """(name, model) for the sample rounds in ``lang``: on the turn's seat (its playable
    tiles, *Your turn*), with a lesson's marks; and a finished round (every hand's pips)."""
    texts = board_texts(translator(lang))
    for name, rnd in ROUNDS:
        highlight = [str(t) for t in rnd.hand(rnd.turn)[:1]]
        yield name, board_model(rnd, rnd.turn, seat_labels=LABELS[rnd.n], texts=texts,
                                interactive=interactive, highlight=highlight)
    over = play_random(deal(Rules.preset("all_fives", players=4), seed=3), 200, random.Random(3))
    assert over.is_over
    yield "all_fives/4p/over", board_model(over, 0, seat_labels=LABELS[4], texts=texts, reveal=True)


#: The kinds of words a board draws, by the classes around them; the sample must meet all.
KINDS = {"end number", "end word", "lead", "stock", "seat name or count", "seat tag"}


def _kinds(svg: str) -> set[str]:
    kinds = set()
    for text in paint_order(ET.fromstring(svg))[1]:
        where = text.classes.split()
        if "end" in where:
            kinds.add("end word" if "end-tag" in where else "end number")
        elif "line" in where:
            kinds.add("lead")
        elif "stock" in where:
            kinds.add("stock")
        elif "seat" in where:
            kinds.add("seat tag" if text.fill != "#f4f1e8" and not text.words.isdigit() else "seat name or count")
    return kinds


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_word_on_the_board_reads_at_4_5_to_1(lang):
    """In every state of an end's slot (SLOTS), the wide and the narrow layout. A light
    word on the felt reads on its halo; where it lies on the felt, the table or its slot it
    must also read without it (so the slots' fills are measured), and only where it runs
    over a tile's ivory face (a long end word in a standing slot: Dutch "rechts" on a
    phone) is the halo all it has."""
    findings, checked, kinds = [], 0, set()
    for name, model in _boards(lang, interactive=True):
        for narrow in (False, True):
            svg = render_svg(model, narrow=narrow)
            found, n = check_texts(svg, slot_fill=list(SLOTS.values()))
            bare, _ = check_texts(svg, slot_fill=list(SLOTS.values()), halos=False)
            found += [f for f in bare if f.ground != FACE]
            findings += [f"{name}{' (narrow)' if narrow else ''}: {f}" for f in found]
            checked += n
            kinds |= _kinds(svg)
    assert not findings, f"{len(findings)} points below 4.5:1, the first:\n" + "\n".join(findings[:12])
    assert checked > 500 and kinds == KINDS, (checked, kinds)


def test_the_stock_rows_numbers_read_at_4_5_to_1():
    found, n = check_texts(stock_row_svg(["3-5", "0-0", "6-6"], title="Stock"), slot_fill=SLOTS["rest"])
    assert n == 3 and not found, [str(f) for f in found]


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("where", list(PROJECTORS))
def test_on_a_projector_every_word_still_reads_and_nothing_covers_it(where, lang):
    """The words grown for the back of the room lie partly outside their slots (over a line
    tile, say: the halo keeps them readable) and a side seat's grown name tag must not
    cover the stock's words (board.js moves it clear and draws the stock last)."""
    scale, min_px = PROJECTORS[where]
    findings, checked = [], 0
    for name, model in _boards(lang, interactive=False):
        for hidden in (False, True) if lang == "en" else (False,):  # the teacher may turn the hands face down
            svg = face_down_svg(model) if hidden else render_svg(model)
            found, n = check_texts(enlarge(svg, scale=scale, min_px=min_px), slot_fill=SLOTS["rest"])
            findings += [f"{name}{' (hands hidden)' if hidden else ''}: {f}" for f in found]
            checked += n
    assert not findings, f"{len(findings)} points unreadable on the {where} projector:\n" + "\n".join(findings[:12])
    assert checked > 400


def test_without_the_halo_a_grown_end_word_over_a_tile_is_caught():
    """The check can fail: the same projector boards with the halo rule taken out."""
    scale, min_px = PROJECTORS["lesson"]
    texts = board_texts(translator("en"))
    failed = 0
    for name, rnd in ROUNDS:
        svg = render_svg(board_model(rnd, 0, seat_labels=LABELS[rnd.n], texts=texts))
        bare = re.sub(r"\.cpb-svg \.halo \{[^}]*\}", "", svg)
        assert bare != svg
        found, _ = check_texts(enlarge(bare, scale=scale, min_px=min_px), slot_fill=SLOTS["rest"])
        failed += any(f.ratio is not None and "end" in f.where.split() for f in found)
    assert failed, "no sample board grew an end's word over a tile"


#: Streamlit 1.67's two themes, as the board's shadow root gets them (--st-background-color,
#: --st-text-color, --st-green-text-color; read in Chromium for the light one, from
#: Streamlit's bundle for the dark one, which a user can pick in the settings).
THEMES = {"light": ("#ffffff", "#2f2d2b", "#0c5a44"), "dark": ("#171614", "#edebe8", "#7ed5b0")}


def _rules(css: str) -> dict[str, str]:
    return {sel.strip(): body for sels, body in re.findall(r"([^{}]+)\{([^}]*)\}", css) for sel in sels.split(",")}


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_score_strip_reads_at_4_5_to_1_in_either_theme(theme):
    """The strip above the table is HTML in the theme's colours (axe measures it on the
    light page; this covers the dark one too, and the projector, which only makes it bigger)."""
    page, ink, green = THEMES[theme]
    rules = _rules(re.sub(r"/\*.*?\*/", "", BOARD_CSS.read_text(encoding="utf-8"), flags=re.S))
    strip = rules[".cpb-score"]
    assert "color: var(--st-text-color" in strip
    colours = {"name and points": ink}
    dim = re.search(r"opacity:\s*([\d.]+)", rules[".cpb-score-round"])
    assert dim and rules[".cpb-score-goal"] == rules[".cpb-score-round"]
    colours["round and goal"] = blend(page, ink, float(dim.group(1)))
    extra = re.search(r"color:\s*var\(--st-green-text-color,\s*(#[0-9a-f]{6})\)", rules[".cpb-score-extra"])
    assert extra, "the round's points are in the theme's green for text"
    colours["this round's points"] = green
    for what, colour in colours.items():
        assert contrast(colour, page) >= 4.5, f"{what}: {contrast(colour, page):.2f}:1 in the {theme} theme"
    assert not any("color:" in body and "#" in body for sel, body in rules.items()
                   if sel.startswith(".cpb-root.present .cpb-score")), "the projector keeps the strip's colours"
