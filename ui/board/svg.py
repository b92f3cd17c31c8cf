"""Draw a board model as one SVG, built with ElementTree (every text is escaped by it).

The same picture serves still images (lesson cards, printed puzzles) and the browser
component, which only adds behaviour on top: the look lives here, in presentation
attributes and one constant ``<style>`` inside the SVG.

>>> from engine import Round, Rules
>>> from ui.board.model import board_model
>>> r = Round.from_hands(Rules.preset("laplaza_1v1"), ["3-5 6-6", "1-2 0-0"], "0-1 0-2")
>>> r.apply("lead 6-6"); r.apply("draw")
>>> svg = render_svg(board_model(r, 0, seat_labels=["You", "<b>Bo</b>"], texts={}))
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and "&lt;b&gt;Bo&lt;/b&gt;" in svg
True
>>> 'data-tile="3-5"' in svg, 'data-end="L"' in svg
(True, True)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, Mapping, Sequence

from .layout import LIFT, U, Layout, Rect, board_layout
from language.tiles import number_word, tile_name

from .speech import describe_board

SVG_NS = "http://www.w3.org/2000/svg"

# Colours: a green felt table, ivory tiles with dark pips, navy backs, gold for what
# you may play, orange for the tile placed last, pink for what a lesson points at.
FELT = "#17573f"
FELT_EDGE = "#0e3b2b"
FACE = "#fbf8ef"
FACE_EDGE = "#c7bda5"
PIP = "#1c2230"
BACK = "#22385e"
BACK_EDGE = "#4b6a9e"
GOLD = "#ffc933"
LAST = "#ff8a3d"
MARK = "#ff6fb5"
PASS = "#cfe3ff"  # the tag of a seat that passed or drew
#: The fill of an end's slot (and of the lead's): at rest, a target (an end the picked
#: tile may go on: also a solid gold frame instead of the dashed white one), a target under
#: the pointer. Dark tints, so the ends' light numbers and words stay above 4.5:1 on the
#: felt's lightest green in every state (tests/ui/test_board_contrast.py); a light gold
#: glow there measured 3.7:1, and 2.9:1 under the pointer.
SLOT_FILLS = {"rest": "rgba(0,0,0,.12)", "target": "rgba(120,90,0,.35)", "hover": "rgba(120,90,0,.55)"}
#: The width of the halo (class ``halo``) around the light words on the felt, in ems: wide
#: enough to fill a letter's inner spaces, so it is the background the words are read on.
HALO_EM = 0.3
INK = "#f4f1e8"
TEAM_COLOURS = ("#5aa9ff", "#ff7a59")
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

# States the component toggles without redrawing: hover, focus, a picked tile, a
# fitting end. Constant text, never user data.
STYLE = f"""
.cpb-svg text {{ font-family: {FONT}; pointer-events: none; }}
.cpb-svg .hand-tile, .cpb-svg .end, .cpb-svg .stock {{ outline: none; }}
.cpb-svg .hand-tile {{ transition: transform .12s ease-out, opacity .12s; }}
.cpb-svg [role=button] {{ cursor: pointer; }}
.cpb-svg .hand-tile.blocked, .cpb-svg .end:not(.target) {{ cursor: default; }}
.cpb-svg .hand-tile.playable {{ transform: translateY(calc(var(--lift) * -0.45)); cursor: pointer; }}
.cpb-svg .hand-tile.blocked {{ opacity: .6; }}
.cpb-svg .hand-tile.selected {{ transform: translateY(calc(var(--lift) * -1)); }}
.cpb-svg .ring {{ fill: none; stroke: none; }}
.cpb-svg .hand-tile.playable .ring {{ stroke: {GOLD}; stroke-opacity: .75; }}
.cpb-svg .hand-tile.selected .ring {{ stroke: {GOLD}; stroke-opacity: 1; stroke-width: var(--ring-bold); }}
.cpb-svg .mark .ring, .cpb-svg .end.mark .slot {{ stroke: {MARK}; stroke-opacity: 1; }}
.cpb-svg .end .slot {{ fill: {SLOT_FILLS['rest']}; stroke: rgba(255,255,255,.5); }}
.cpb-svg .end.target {{ cursor: pointer; }}
.cpb-svg .end.target .slot {{ fill: {SLOT_FILLS['target']}; stroke: {GOLD}; stroke-dasharray: none; }}
.cpb-svg .stock.playable {{ cursor: pointer; }}
.cpb-svg .stock.playable .ring {{ stroke: {GOLD}; }}
@media (hover: hover) {{
  .cpb-svg .hand-tile.playable:hover {{ transform: translateY(calc(var(--lift) * -0.8)); }}
  .cpb-svg .end.target:hover .slot {{ fill: {SLOT_FILLS['hover']}; }}
}}
/* A halo of the felt's darkest green behind the light words on the felt: on a projector
   they grow past their slot (board.js) and may lie over a tile's ivory face. */
.cpb-svg .halo {{ paint-order: stroke; stroke: {FELT_EDGE}; stroke-width: {HALO_EM}em; stroke-linejoin: round; }}
.cpb-svg .hand-tile:focus-visible .focus, .cpb-svg .end:focus-visible .focus,
.cpb-svg .stock:focus-visible .focus {{ stroke: #ffffff; }}
"""

# Pip centres in a unit half standing up (x across, y down); lying flat they turn 90°.
_L, _C, _H = 0.25, 0.5, 0.75
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((_C, _C),),
    2: ((_L, _L), (_H, _H)),
    3: ((_L, _L), (_C, _C), (_H, _H)),
    4: ((_L, _L), (_H, _L), (_L, _H), (_H, _H)),
    5: ((_L, _L), (_H, _L), (_C, _C), (_L, _H), (_H, _H)),
    6: ((_L, _L), (_L, _C), (_L, _H), (_H, _L), (_H, _C), (_H, _H)),
}


def _num(value: float) -> str:
    """Short, stable number text: one decimal at most."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _el(parent: ET.Element | None, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    """An element with attributes given as keywords (``class_`` → class, ``aria_label`` → aria-label)."""
    clean = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        clean[name] = _num(value) if isinstance(value, float) else str(value)
    element = ET.Element(tag, clean) if parent is None else ET.SubElement(parent, tag, clean)
    if text is not None:
        element.text = text
    return element


def _box(parent: ET.Element, rect: Rect, pad: float = 0.0, **attrs: Any) -> ET.Element:
    return _el(parent, "rect", x=rect.x - pad, y=rect.y - pad, width=rect.w + 2 * pad,
               height=rect.h + 2 * pad, **attrs)


def _pips(parent: ET.Element, x: float, y: float, side: float, value: int, flat: bool) -> None:
    radius = side * 0.095
    for px, py in PIPS[value]:
        if flat:
            px, py = py, 1 - px
        _el(parent, "circle", cx=x + px * side, cy=y + py * side, r=radius, fill=PIP)


def draw_tile(parent: ET.Element, rect: Rect, halves: tuple[int, int] | None, **attrs: Any) -> ET.Element:
    """One tile: face up with ``halves`` (reading order), face down when ``halves`` is None."""
    group = _el(parent, "g", **attrs)
    side = min(rect.w, rect.h)
    flat = rect.w > rect.h
    gap = side * 0.035  # tiles touch on the table; a hair of felt between them reads better
    body = Rect(rect.x + gap, rect.y + gap, rect.w - 2 * gap, rect.h - 2 * gap)
    corner = side * 0.13
    _box(group, body.moved(side * 0.04, side * 0.07), rx=corner, fill="#000", fill_opacity=".3")
    _box(group, body, pad=side * 0.09, class_="ring", rx=corner * 1.6, stroke_width=side * 0.07)
    _box(group, body, pad=side * 0.16, class_="focus", rx=corner * 2, fill="none",
         stroke_width=side * 0.05, stroke_dasharray=f"{_num(side * 0.12)} {_num(side * 0.08)}")
    if halves is None:
        _box(group, body, rx=corner, fill=BACK, stroke="#0f1d33", stroke_width=side * 0.03)
        _box(group, Rect(body.x + side * 0.12, body.y + side * 0.12, body.w - side * 0.24, body.h - side * 0.24),
             rx=corner * 0.6, fill="none", stroke=BACK_EDGE, stroke_width=side * 0.04)
        _el(group, "circle", cx=body.cx, cy=body.cy, r=side * 0.11, fill=BACK_EDGE)
        return group
    _box(group, body, rx=corner, fill=FACE, stroke=FACE_EDGE, stroke_width=side * 0.035)
    if flat:
        _el(group, "line", x1=body.cx, y1=body.y + side * 0.14, x2=body.cx, y2=body.bottom - side * 0.14,
            stroke=FACE_EDGE, stroke_width=side * 0.05)
        _pips(group, rect.x, rect.y, side, halves[0], True)
        _pips(group, rect.x + side, rect.y, side, halves[1], True)
    else:
        _el(group, "line", x1=body.x + side * 0.14, y1=body.cy, x2=body.right - side * 0.14, y2=body.cy,
            stroke=FACE_EDGE, stroke_width=side * 0.05)
        _pips(group, rect.x, rect.y, side, halves[0], False)
        _pips(group, rect.x, rect.y + side, side, halves[1], False)
    return group


def _halves(tile: str) -> tuple[int, int]:
    low, high = tile.split("-")
    return int(low), int(high)


#: Average advance of a semi-bold sans-serif letter, in ems. Generous on purpose: the
#: widest fallback font (DejaVu Sans) must still fit; others get a little more padding.
EM_WIDTH = 0.66


def _text_width(text: str, size: float) -> float:
    """A rough width for a text (Python has no font metrics; see EM_WIDTH)."""
    return len(text) * size * EM_WIDTH


def _fit_text(text: str, room: float, size: float, smallest: float) -> tuple[str, float]:
    """Shrink the font down to ``smallest``, then cut the text with an ellipsis."""
    while _text_width(text, size) > room and size > smallest:
        size = max(smallest, size * 0.92)
    if _text_width(text, size) > room:
        keep = max(1, int(room / (size * EM_WIDTH)) - 1)
        text = text[:keep] + "…"
    return text, size


def _pill(parent: ET.Element, slot: Rect, text: str, *, count: int, active: bool,
          team: int | None, corner_badge: bool = False) -> Rect:
    """A seat's name tag with its tile count, edged in its team's colour; gold on its turn.

    In a narrow side column the count sits on the pill's corner, leaving the name room.
    """
    size = 0.62 * U
    badge = 0.42 * U
    chrome = 0.8 * U + (0.0 if corner_badge else 2 * badge + 0.2 * U)
    # a side column (three or four at the table, on a narrow board) lets a name like
    # "Jogador 2" shrink further rather than end in an ellipsis
    text, size = _fit_text(text, slot.w - chrome, size, 0.3 * U if corner_badge else 0.42 * U)
    width = min(slot.w, chrome + _text_width(text, size))
    pill = Rect(slot.cx - width / 2, slot.y, width, slot.h)
    edge = TEAM_COLOURS[team % 2] if team is not None else None
    _box(parent, pill, rx=slot.h / 2, fill=GOLD if active else "#000",
         fill_opacity="1" if active else ".38", stroke=edge, stroke_width=0.09 * U if edge else None,
         class_="pill")
    _el(parent, "text", text, x=pill.x + 0.4 * U, y=pill.cy, font_size=size, font_weight="600",
        fill="#1b1b1b" if active else INK, dominant_baseline="central")
    if corner_badge:
        badge = 0.36 * U
        bx, by = pill.right - 0.2 * U, pill.y + 0.05 * U
    else:
        bx, by = pill.right - 0.22 * U - badge, pill.cy
    _el(parent, "circle", cx=bx, cy=by, r=badge, fill="#1b1b1b" if active else "#fff",
        stroke="#1b1b1b" if corner_badge else None, stroke_width=0.04 * U if corner_badge else None)
    _el(parent, "text", str(count), x=bx, y=by, font_size=badge * 1.2, font_weight="700",
        fill=GOLD if active else "#1b1b1b", text_anchor="middle", dominant_baseline="central")
    return pill


def render_svg(model: Mapping[str, Any], *, narrow: bool = False) -> str:
    """The board as one ``<svg>`` string: a ``viewBox`` and ``width:100%``, so it fits any screen."""
    layout = board_layout(model, narrow=narrow)
    return ET.tostring(build_svg(model, layout), encoding="unicode")


def stock_row_svg(tiles: Sequence[str], *, title: str) -> str:
    """The stock face up in the order it is drawn, numbered from 1 (the top tile): for a
    question whose answer depends on that order.

    >>> svg = stock_row_svg(["3-5", "0-0"], title="Stock")
    >>> svg.count('class="stock-tile"'), ">1<" in svg and ">2<" in svg
    (2, True)
    """
    side = U
    gap = 0.35 * U
    width = max(1, len(tiles)) * (side + gap) + gap
    height = 2 * side + 1.7 * U
    root = _el(None, "svg", xmlns=SVG_NS, viewBox=f"0 0 {_num(width)} {_num(height)}", class_="cpb-stock-row",
               role="img", aria_label=f"{title}: {', '.join(tiles)}",
               width=_num(width * 1.25), height=_num(height * 1.25), style="width:100%;height:auto;display:block")
    _el(root, "title", f"{title}: {', '.join(tiles)}")
    _el(root, "rect", x=0.0, y=0.0, width=width, height=height, rx=0.4 * U, fill=FELT)
    for i, tile in enumerate(tiles):
        x = gap + i * (side + gap)
        draw_tile(root, Rect(x, 0.35 * U, side, 2 * side), _halves(tile), class_="stock-tile", data_tile=tile)
        _el(root, "text", str(i + 1), x=x + side / 2, y=2 * side + 1.05 * U, font_size=0.55 * U, fill=INK,
            text_anchor="middle", dominant_baseline="central", font_weight="700")
    return ET.tostring(root, encoding="unicode")


def build_svg(model: Mapping[str, Any], layout: Layout) -> ET.Element:
    texts = model["texts"]
    interactive = bool(model.get("interactive"))
    root = _el(None, "svg", xmlns=SVG_NS, viewBox=layout.view_box, class_="cpb-svg",
               role="group" if interactive else "img", aria_label=texts["board"],
               data_board="capicu", data_moves=model.get("moves", 0),
               style="width:100%;height:auto;display:block;max-height:92vh;user-select:none")
    _el(root, "title", texts["board"])
    _el(root, "desc", _describe(model))
    _el(root, "style", STYLE)
    defs = _el(root, "defs")
    felt = _el(defs, "radialGradient", id="cpb-felt", cx="50%", cy="45%", r="75%")
    _el(felt, "stop", offset="0", stop_color="#1f6e51")
    _el(felt, "stop", offset="1", stop_color=FELT_EDGE)

    _el(root, "rect", x=0.0, y=0.0, width=layout.width, height=layout.height, rx=0.6 * U, fill="url(#cpb-felt)")
    _box(root, layout.table, rx=0.8 * U, fill="#ffffff", fill_opacity=".045", stroke="#ffffff",
         stroke_opacity=".1", stroke_width=0.06 * U)

    marks = set(model.get("highlight", ()))
    _draw_line(root, model, layout, marks)
    _draw_ends(root, model, layout, marks)
    _draw_stock(root, model, layout)
    _draw_seats(root, model, layout, marks)
    return root


def _describe(model: Mapping[str, Any]) -> str:
    """The board's text equivalent (ui/board/speech.py), for screen readers."""
    return " ".join(describe_board(model)) or model["texts"]["board"]


def _draw_line(root: ET.Element, model: Mapping[str, Any], layout: Layout, marks: set[str]) -> None:
    group = _el(root, "g", class_="line")
    last = model.get("last") or {}
    last_index = last.get("index")
    for placed, tile in zip(layout.line, model["line"]):
        classes = ["tile", "line-tile"]
        if tile["tile"] in marks:
            classes.append("mark")
        g = draw_tile(group, placed.rect, placed.halves, class_=" ".join(classes), data_line_tile=tile["tile"])
        if placed.index == last_index:
            side = min(placed.rect.w, placed.rect.h)
            # dashed, so the last tile differs from a marked one (pink, solid) by more
            # than its colour (docs/accessibility.md)
            _box(g, placed.rect, pad=side * 0.03, class_="last", rx=side * 0.18, fill="none",
                 stroke=LAST, stroke_width=side * 0.09,
                 stroke_dasharray=f"{_num(side * 0.28)} {_num(side * 0.1)}")
            _el(g, "title", model["texts"].get("last_move", "Last tile placed"))
    if layout.lead_slot is not None:
        slot = layout.lead_slot
        # the rest of an end's slot (SLOT_FILLS), as hex and opacity: the worksheet's PDF reads those
        _box(group, slot, rx=0.25 * U, fill="#000000", fill_opacity=".12", stroke="#ffffff",
             stroke_opacity=".45", stroke_width=0.06 * U, stroke_dasharray=f"{_num(0.3 * U)} {_num(0.2 * U)}")
        _el(group, "text", model["texts"]["lead"], x=slot.cx, y=slot.cy, font_size=0.6 * U,
            fill=INK, text_anchor="middle", dominant_baseline="central", class_="halo")


def _draw_ends(root: ET.Element, model: Mapping[str, Any], layout: Layout, marks: set[str]) -> None:
    texts = model["texts"]
    interactive = bool(model.get("interactive"))
    group = _el(root, "g", class_="ends")
    for end in ("L", "R"):
        slot = layout.ends.get(end)
        if slot is None:
            continue
        name = texts["left_end"] if end == "L" else texts["right_end"]
        classes = "end mark" if end in marks else "end"
        # a name only where the end is a control: on a picture aria-label needs a role
        g = _el(group, "g", class_=classes, data_end=end,
                aria_label=f"{name}: {number_word(slot.value, texts)}" if interactive else None,
                role="button" if interactive else None, tabindex="-1" if interactive else None)
        side = min(slot.rect.w, slot.rect.h)
        _box(g, slot.rect, pad=-side * 0.06, class_="slot", rx=side * 0.2, stroke_width=side * 0.06,
             stroke_dasharray=f"{_num(side * 0.22)} {_num(side * 0.14)}")
        _box(g, slot.rect, pad=side * 0.04, class_="focus", rx=side * 0.25, fill="none",
             stroke_width=side * 0.05, stroke_dasharray=f"{_num(side * 0.12)} {_num(side * 0.08)}")
        # The number, and under it which end this is: once the line turns a corner the
        # left end can lie anywhere, so the board says it (issue 10).
        _el(g, "text", str(slot.value), x=slot.rect.cx, y=slot.rect.cy - 0.17 * side, font_size=0.6 * U,
            font_weight="700", fill=INK, text_anchor="middle", dominant_baseline="central", class_="halo")
        tag = texts["left_tag"] if end == "L" else texts["right_tag"]
        _el(g, "text", tag, x=slot.rect.cx, y=slot.rect.cy + 0.3 * side, font_size=0.34 * U, font_weight="600",
            fill=INK, text_anchor="middle", dominant_baseline="central", class_="end-tag halo")


def _draw_stock(root: ET.Element, model: Mapping[str, Any], layout: Layout) -> None:
    stock, box = model["stock"], layout.stock
    if box is None:
        return
    texts = model["texts"]
    draw = bool(model["legal"].get("draw"))
    g = _el(root, "g", class_="stock playable" if draw else "stock",
            data_action="draw" if draw else None, role="button" if draw else None,
            tabindex="0" if draw else None, aria_label=texts["draw"] if draw else None)
    side = 0.8 * U
    if draw:
        _box(g, Rect(box.x, box.y, box.w, box.h), pad=0.05 * U, class_="ring", rx=0.3 * U,
             stroke_width=0.08 * U)
        _box(g, box, pad=0.15 * U, class_="focus", rx=0.35 * U, fill="none", stroke_width=0.05 * U)
    shown = min(3, stock["count"])
    top = box.cy - side / 2 - (shown - 1) * 0.09 * U
    for i in range(shown):
        draw_tile(g, Rect(box.x + 0.15 * U + i * 0.09 * U, top + i * 0.09 * U, 2 * side, side), None)
    if not shown:
        _box(g, Rect(box.x + 0.15 * U, box.cy - side / 2, 2 * side, side), rx=0.1 * U, fill="none",
             stroke=INK, stroke_opacity=".35", stroke_width=0.05 * U, stroke_dasharray="4 3")
    text_x = box.x + 2 * side + 0.55 * U
    _el(g, "text", str(stock["count"]), x=text_x, y=box.cy - 0.28 * U, font_size=0.8 * U, font_weight="700",
        fill=INK, dominant_baseline="central", class_="halo")
    label = texts["stock"] if stock["kind"] == "draw" else texts["asleep"]
    room = box.right - text_x + 0.3 * U
    words = label.split()
    if _text_width(label, 0.34 * U) > room and len(words) > 1:
        # two lines rather than an ellipsis ("out of pl…" told nobody anything)
        cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
        lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        fitted = [_fit_text(line, room, 0.38 * U, 0.3 * U) for line in lines]
        size = min(f[1] for f in fitted)
        for i, (line, _) in enumerate(fitted):
            _el(g, "text", line, x=text_x, y=box.cy + (0.3 + 0.42 * i) * U, font_size=size, fill=INK,
                dominant_baseline="central", class_="halo")
        return
    label, size = _fit_text(label, room, 0.45 * U, 0.34 * U)
    _el(g, "text", label, x=text_x, y=box.cy + 0.45 * U, font_size=size, fill=INK,
        dominant_baseline="central", class_="halo")


def _draw_seats(root: ET.Element, model: Mapping[str, Any], layout: Layout, marks: set[str]) -> None:
    texts = model["texts"]
    seats = model["seats"]
    for box in layout.seats:
        seat = seats[box.seat]
        group = _el(root, "g", class_=f"seat seat-{box.position}" + (" turn" if seat["turn"] else ""),
                    data_seat=box.seat)
        _el(group, "title", texts["turn_of"].replace("{name}", seat["label"]) if seat["turn"] else seat["label"])
        pill = _pill(group, box.label, seat["label"], count=seat["count"], active=seat["turn"],
                     team=seat.get("team"), corner_badge=box.position in ("left", "right"))
        beside = box.position in ("top", "bottom")
        if box.position == "bottom" and seat["turn"]:
            pill = _tag(group, pill, texts["your_turn"], beside=True, fill=GOLD, ink="#1b1b1b")
        last = seat.get("last")
        if last and not model.get("over"):  # a pass or a draw, seen at the seat that made it
            words = [texts["drew"].replace("{n}", str(last["drew"]))] if last.get("drew") else []
            words += [texts["passed"]] if last.get("pass") else []
            shown = _tag(group, pill, " · ".join(words), beside=beside, above=not beside, fill=PASS, ink="#10233f")
            pill = shown if beside else pill
        if model.get("over") and seat.get("pips") is not None:
            _tag(group, pill, f"{seat['pips']} {texts['pips']}", beside=beside, fill="#ffffff", ink="#1b1b1b")
        if box.position == "bottom":
            _draw_hand(root, model, layout, marks)
            continue
        tiles = seat.get("tiles")
        for i, rect in enumerate(box.tiles):
            halves = None if tiles is None else _halves(tiles[i])
            mark = tiles is not None and tiles[i] in marks
            draw_tile(group, rect, halves, class_="tile mark" if mark else "tile")


def _tag(parent: ET.Element, pill: Rect, text: str, *, beside: bool, fill: str, ink: str,
         above: bool = False) -> Rect:
    """A small tag after a name pill ("Your turn", "12 pips"), or under it in a side column
    (``above``: over it, where the column's tiles would cover a tag below)."""
    size = 0.5 * U
    height = pill.h - 0.2 * U
    width = _text_width(text, size) + 0.7 * U
    if beside:
        tag = Rect(pill.right + 0.3 * U, pill.y + 0.1 * U, width, height)
    elif above:
        tag = Rect(pill.cx - width / 2, pill.y - height - 0.15 * U, width, height)
    else:
        tag = Rect(pill.cx - width / 2, pill.bottom + 0.2 * U, width, height)
    _box(parent, tag, rx=height / 2, fill=fill)
    _el(parent, "text", text, x=tag.cx, y=tag.cy, font_size=size, font_weight="700", fill=ink,
        text_anchor="middle", dominant_baseline="central")
    return tag


def _draw_hand(root: ET.Element, model: Mapping[str, Any], layout: Layout, marks: set[str]) -> None:
    """The viewer's tiles face up; the playable ones raised and outlined in gold."""
    interactive = bool(model.get("interactive"))
    legal = model["legal"]
    playable = legal["tiles"]
    hinted = legal.get("hinted", True)
    my_turn = bool(model.get("my_turn"))
    group = _el(root, "g", class_="hand", aria_label=model["texts"]["hand"] if interactive else None,
                role="group" if interactive else None)
    for rect, tile in zip(layout.hand, model["hand"]):
        classes = ["tile", "hand-tile"]
        if my_turn and hinted:
            classes.append("playable" if tile in playable else "blocked")
        if tile == model.get("selected"):
            classes.append("selected")
        if tile in marks:
            classes.append("mark")
        usable = interactive and my_turn and tile in playable
        draw_tile(group, rect, _halves(tile), class_=" ".join(classes), data_tile=tile,
                  role="button" if interactive else None, tabindex="0" if interactive else None,
                  aria_label=tile_name(tile, model["texts"]) if interactive else None,
                  aria_disabled=None if usable or not interactive else "true",
                  # where a tap may lay it ("L R": a second tap picks the end), for tests and tools
                  data_targets=" ".join(playable[tile]) if usable else None,
                  style=f"--lift:{_num(LIFT * rect.w)}px;--ring-bold:{_num(rect.w * 0.11)}px")
