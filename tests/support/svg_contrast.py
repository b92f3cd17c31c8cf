"""The contrast of every text the board's SVG draws against what it is drawn on.

The board is one SVG (``ui/board/svg.py``), and axe-core does not measure text inside an
SVG; this does, without a browser. Each ``<text>`` gets a box from its anchor, font size
and width (measured in DejaVu Sans Bold, the face Debian's Chromium draws the board's
semi-bold and bold texts in and wider than its regular one; without that font an
average advance of :data:`ADVANCE` ems) and a cap height of 0.7 em, and at
nine points of that box the fills painted before it are composed, in document order, over
the page: a rect (its rounded corners too) or a circle whose fill covers the point. The
WCAG ratio of the text's own fill against that is checked at every point, and a shape
painted *after* the text over one of its points is reported too (the text is hidden there).
A text of class ``halo`` is read on its halo (the ``.halo`` rule of the SVG's ``<style>``:
a stroke painted under the letters, at least :data:`HALO_MIN_EM` wide, so it fills their
inner spaces; WCAG's Understanding 1.4.3 counts such a halo as the background).

Fills come from the attributes, with three exceptions that the SVG's ``<style>`` sets:
``.ring`` is unfilled; an end's ``.slot`` is filled as :data:`ui.board.svg.SLOT_FILLS`
says for the state asked for (at rest, a target, a target under the pointer, a target at
the low point of its pulse, board.css); ``url(#cpb-felt)`` is the felt's radial gradient, its colour worked out at the point
(object-bounding-box units, colours mixed in sRGB as browsers do).

``enlarge(root, scale, min_px)`` applies what ``board.js``'s ``enlarge()`` does to a board
on a projector: each seat's name tag (the pill, its texts and tags) grows as a whole
around its centre, kept inside the board; every other text around its anchor; until no
text is under ``min_px`` CSS pixels, the board drawn at ``scale`` pixels per unit.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Sequence

from tests.support.colour_vision import contrast

SVG = "{http://www.w3.org/2000/svg}"
#: the average advance of a letter of the board's semi-bold sans-serif, in ems (no font file)
ADVANCE = 0.62
#: the narrowest halo counted as the background of the letters it surrounds, in ems
HALO_MIN_EM = 0.25
FONT_FILE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
#: the points of a text's box that are checked, as shares of its width and height
SAMPLES = [(fx, fy) for fx in (0.04, 0.5, 0.96) for fy in (0.1, 0.5, 0.9)]

Affine = tuple[float, float, float, float]  # x' = sx * x + tx, y' = sy * y + ty


@dataclass(frozen=True)
class Shape:
    kind: str  # "rect" or "circle"
    geometry: tuple[float, ...]  # rect: x, y, w, h, rx; circle: cx, cy, r (in the board's units)
    fill: tuple[str, float]  # "#rrggbb" or "felt", and its alpha

    def meets(self, x: float, y: float, w: float, h: float) -> bool:
        """Whether the shape's box meets the box (x, y, w, h)."""
        if self.kind == "circle":
            cx, cy, r = self.geometry
            left, top, right, bottom = cx - r, cy - r, cx + r, cy + r
        else:
            left, top, sw, sh, _ = self.geometry
            right, bottom = left + sw, top + sh
        return left <= x + w and x <= right and top <= y + h and y <= bottom

    def covers(self, x: float, y: float) -> bool:
        if self.kind == "circle":
            cx, cy, r = self.geometry
            return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
        rx0, ry0, w, h, rx = self.geometry
        if not (rx0 <= x <= rx0 + w and ry0 <= y <= ry0 + h):
            return False
        r = min(rx, w / 2, h / 2)
        # in a corner's square, only inside its quarter circle
        nx = min(max(x, rx0 + r), rx0 + w - r)
        ny = min(max(y, ry0 + r), ry0 + h - r)
        return (x - nx) ** 2 + (y - ny) ** 2 <= r * r + 1e-9


@dataclass(frozen=True)
class Text:
    words: str
    fill: str
    size: float  # in the board's units, after any enlargement
    box: tuple[float, float, float, float]  # x, y, w, h
    order: int  # shapes[:order] are painted before it
    classes: str  # its ancestors' classes, then its own
    halo: bool = False


def _number(value: str | None, default: float = 0.0) -> float:
    return float(value) if value not in (None, "") else default


def _hex(colour: str) -> str:
    colour = colour.strip().lower()
    if re.fullmatch(r"#[0-9a-f]{3}", colour):
        return "#" + "".join(c * 2 for c in colour[1:])
    if re.fullmatch(r"#[0-9a-f]{6}", colour):
        return colour
    raise ValueError(f"not a colour this checker reads: {colour!r}")


def parse_fill(value: str) -> tuple[str, float]:
    """``#abc``, ``#aabbcc``, ``rgba(r,g,b,a)`` or ``url(#cpb-felt)`` as (colour, alpha).

    >>> parse_fill("rgba(255,201,51,.22)")
    ('#ffc933', 0.22)
    """
    value = value.strip()
    found = re.fullmatch(r"rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)", value)
    if found:
        r, g, b = (int(found.group(i)) for i in (1, 2, 3))
        return f"#{r:02x}{g:02x}{b:02x}", float(found.group(4) or 1)
    if value == "url(#cpb-felt)":
        return "felt", 1.0
    return _hex(value), 1.0


def blend(under: str, over: str, alpha: float) -> str:
    """``over`` at ``alpha`` on an opaque ``under`` (sRGB, as browsers compose)."""
    a = [int(under[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(over[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * alpha):02x}" for x, y in zip(a, b))


def _classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def _fill_of(el: ET.Element, ancestors: Sequence[ET.Element], slot_fill: str | None) -> tuple[str, float] | None:
    classes = _classes(el)
    raw = el.get("fill")
    if raw is None:
        if "ring" in classes:
            return None  # .cpb-svg .ring { fill: none }
        if "slot" in classes:
            if slot_fill is None:
                return ("slot", 1.0)  # filled when checked, in each state asked for
            raw = slot_fill
        else:
            raw = "#000000"  # SVG's default fill
    if raw == "none":
        return None
    colour, alpha = parse_fill(raw)
    alpha *= _number(el.get("fill-opacity"), 1.0)
    return (colour, alpha) if alpha > 0 else None


def _apply(t: Affine, x: float, y: float) -> tuple[float, float]:
    return t[0] * x + t[2], t[1] * y + t[3]


def _compose(outer: Affine, inner: Affine) -> Affine:
    """``outer`` after ``inner``."""
    return (outer[0] * inner[0], outer[1] * inner[1], outer[0] * inner[2] + outer[2], outer[1] * inner[3] + outer[3])


def _parse_transform(value: str | None) -> Affine:
    """The translate/scale lists board.js writes (``translate(a b) scale(k) ...``)."""
    result: Affine = (1.0, 1.0, 0.0, 0.0)
    if not value:
        return result
    for name, args in re.findall(r"(translate|scale)\(([^)]*)\)", value):
        nums = [float(n) for n in re.split(r"[\s,]+", args.strip()) if n]
        if name == "translate":
            step = (1.0, 1.0, nums[0], nums[1] if len(nums) > 1 else 0.0)
        else:
            step = (nums[0], nums[1] if len(nums) > 1 else nums[0], 0.0, 0.0)
        result = _compose(result, step)
    return result


@lru_cache(maxsize=None)
def _font():
    if not FONT_FILE.exists():
        return None
    from PIL import ImageFont

    return ImageFont.truetype(str(FONT_FILE), 1000)


def width_in_ems(words: str) -> float:
    """How wide ``words`` are, in ems.

    >>> 1.5 < width_in_ems("left") < 2.5
    True
    """
    font = _font()
    return font.getlength(words) / 1000 if font is not None else len(words) * ADVANCE


def text_box(el: ET.Element) -> tuple[float, float, float, float]:
    """The box a ``<text>`` covers, in its own units (before any transform)."""
    size = _number(el.get("font-size"), 16.0)
    width = width_in_ems(el.text or "") * size
    height = 0.7 * size
    x, y = _number(el.get("x")), _number(el.get("y"))
    anchor = el.get("text-anchor", "start")
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    top = y - height / 2 if el.get("dominant-baseline") == "central" else y - height
    return left, top, width, height


def paint_order(root: ET.Element, *, slot_fill: str | None = None) -> tuple[list[Shape], list[Text]]:
    """The filled shapes in the order they are painted, and the texts among them."""
    shapes: list[Shape] = []
    texts: list[Text] = []

    def walk(el: ET.Element, ancestors: list[ET.Element], t: Affine) -> None:
        tag = el.tag.replace(SVG, "")
        if tag in ("defs", "title", "desc", "style"):
            return
        t = _compose(t, _parse_transform(el.get("transform")))
        if tag == "rect":
            fill = _fill_of(el, ancestors, slot_fill)
            if fill:
                x0, y0 = _apply(t, _number(el.get("x")), _number(el.get("y")))
                w, h = _number(el.get("width")) * t[0], _number(el.get("height")) * t[1]
                shapes.append(Shape("rect", (x0, y0, w, h, _number(el.get("rx")) * t[0]), fill))
        elif tag == "circle":
            fill = _fill_of(el, ancestors, slot_fill)
            if fill:
                cx, cy = _apply(t, _number(el.get("cx")), _number(el.get("cy")))
                shapes.append(Shape("circle", (cx, cy, _number(el.get("r")) * t[0]), fill))
        elif tag == "text":
            x, y, w, h = text_box(el)
            x0, y0 = _apply(t, x, y)
            where = [" ".join(sorted(_classes(a))) for a in ancestors + [el] if _classes(a)]
            texts.append(Text(el.text or "", _hex(el.get("fill", "#000")), _number(el.get("font-size"), 16.0) * t[0],
                              (x0, y0, w * t[0], h * t[1]), len(shapes), " ".join(where), "halo" in _classes(el)))
            return
        for child in el:
            walk(child, ancestors + [el], t)

    walk(root, [], (1.0, 1.0, 0.0, 0.0))
    return shapes, texts


@dataclass(frozen=True)
class Finding:
    text: str
    where: str
    ratio: float | None  # None: hidden under a shape painted after it
    point: tuple[float, float]
    ground: str = ""  # the topmost fill under the point: "felt", "slot" or a colour

    def __str__(self) -> str:
        what = "hidden under a later shape" if self.ratio is None else f"{self.ratio:.2f}:1"
        return f"{self.text!r} ({self.where}) at {self.point[0]:.0f},{self.point[1]:.0f}: {what}"


def _gradient(root: ET.Element) -> tuple[float, float, float, list[tuple[float, str]]] | None:
    """The felt's radial gradient: its centre and radius (shares of the box) and stops."""
    grad = next((el for el in root.iter(f"{SVG}radialGradient") if el.get("id") == "cpb-felt"), None)
    if grad is None:
        return None
    share = lambda v: float(v.rstrip("%")) / 100  # noqa: E731
    stops = [(float(stop.get("offset")), _hex(stop.get("stop-color"))) for stop in grad.iter(f"{SVG}stop")]
    return share(grad.get("cx")), share(grad.get("cy")), share(grad.get("r")), stops


def felt_at(gradient, shape: Shape, x: float, y: float) -> str:
    """The felt's colour at a point of the rect it fills."""
    cx, cy, r, stops = gradient
    x0, y0, w, h, _ = shape.geometry
    t = min(1.0, (((x - x0) / w - cx) ** 2 + ((y - y0) / h - cy) ** 2) ** 0.5 / r)
    for (o1, c1), (o2, c2) in zip(stops, stops[1:]):
        if t <= o2:
            return blend(c1, c2, (t - o1) / (o2 - o1) if o2 > o1 else 1.0)
    return stops[-1][1]


def halo_colour(root: ET.Element) -> str | None:
    """The colour of the ``.halo`` rule in the SVG's ``<style>``; None without one (or one
    narrower than :data:`HALO_MIN_EM`)."""
    style = " ".join(el.text or "" for el in root.iter(f"{SVG}style"))
    rule = re.search(r"\.halo\s*\{([^}]*)\}", style)
    if not rule:
        return None
    body = rule.group(1)
    colour = re.search(r"(?<![-\w])stroke:\s*(#[0-9a-fA-F]{3,6})", body)
    width = re.search(r"stroke-width:\s*([\d.]+)em", body)
    if "paint-order: stroke" not in body or not colour or not width or float(width.group(1)) < HALO_MIN_EM:
        return None
    return _hex(colour.group(1))


def check_texts(svg: str | ET.Element, *, slot_fill: str | Sequence[str], page: str = "#ffffff",
                minimum: float = 4.5, halos: bool = True) -> tuple[list[Finding], int]:
    """Every text point below ``minimum`` against its background (an end's slot filled
    with ``slot_fill``, or with each of several fills in turn), and how many texts were
    checked. ``halos=False`` reads even a haloed text on what lies under it."""
    root = ET.fromstring(svg) if isinstance(svg, str) else svg
    gradient = _gradient(root)
    halo = halo_colour(root) if halos else None
    shapes, texts = paint_order(root)
    findings: list[Finding] = []
    for i, fill in enumerate([slot_fill] if isinstance(slot_fill, str) else slot_fill):
        # another slot fill changes only the texts drawn over a slot
        findings += _check(shapes, texts, gradient, halo, parse_fill(fill), page, minimum, only_on_slots=i > 0)
    return findings, len(texts)


def _check(shapes, texts, gradient, halo, slot, page, minimum, *, only_on_slots: bool) -> list[Finding]:
    findings: list[Finding] = []
    for text in texts:
        if not text.words.strip():
            continue
        x0, y0, w, h = text.box
        near = [i for i, shape in enumerate(shapes) if shape.meets(x0, y0, w, h)]
        under = [shapes[i] for i in near if i < text.order]
        over_it = [shapes[i] for i in near if i >= text.order]
        if only_on_slots and not any(shape.fill[0] == "slot" for shape in under):
            continue
        for fx, fy in SAMPLES:
            x, y = x0 + fx * w, y0 + fy * h
            colour, ground = page, "page"
            for shape in under:
                if shape.covers(x, y):
                    ground = shape.fill[0]
                    over, alpha = slot if shape.fill[0] == "slot" else shape.fill
                    colour = blend(colour, felt_at(gradient, shape, x, y) if over == "felt" else over, alpha)
            ratio = contrast(text.fill, halo if text.halo and halo else colour)
            hidden = any(s.covers(x, y) and s.fill[1] >= 0.5 for s in over_it)
            if hidden:
                findings.append(Finding(text.words, text.classes, None, (x, y), ground))
            elif ratio < minimum:
                findings.append(Finding(text.words, text.classes, ratio, (x, y), ground))
    return findings


def enlarge(svg: str, *, scale: float, min_px: float) -> ET.Element:
    """The SVG as board.js's ``enlarge()`` leaves it on a projector (see the module's words)."""
    root = ET.fromstring(svg)
    width = float(root.get("viewBox").split()[2])

    def need(text: ET.Element) -> float:
        return max(1.0, min_px / (_number(text.get("font-size"), 16.0) * scale))

    clustered: set[int] = set()
    for seat in (el for el in root.iter(f"{SVG}g") if "seat" in _classes(el)):
        parts = []
        for child in seat:
            if child.tag == f"{SVG}g":
                break  # the seat's tiles follow its name tag
            if child.tag != f"{SVG}title":
                parts.append(child)
        if not parts:
            continue
        cluster = ET.Element(f"{SVG}g", {"class": "cpb-big"})
        index = list(seat).index(parts[0])
        for part in parts:
            seat.remove(part)
            cluster.append(part)
        seat.insert(index, cluster)
        inside = [el for el in cluster.iter(f"{SVG}text")]
        clustered.update(id(el) for el in inside)
        k = max([1.0] + [need(el) for el in inside])
        left, top, right, bottom = _bounds(cluster)
        cx, cy = (left + right) / 2, (top + bottom) / 2
        lo, hi = cx - (right - left) / 2 * k, cx + (right - left) / 2 * k
        dx = 4 - lo if lo < 4 else (width - 4 - hi if hi > width - 4 else 0.0)
        cluster.set("transform", f"translate({dx} 0) translate({cx} {cy}) scale({k}) translate({-cx} {-cy})")
    for text in root.iter(f"{SVG}text"):
        if id(text) in clustered:
            continue
        k = need(text)
        if k > 1:
            x, y = _number(text.get("x")), _number(text.get("y"))
            text.set("transform", f"translate({x} {y}) scale({k}) translate({-x} {-y})")
    stock = next((el for el in root if el.tag == f"{SVG}g" and "stock" in _classes(el)), None)
    if stock is not None:
        # a side seat's grown name tag may reach the stock above it: the tag moves down
        # clear of the stock's tiles and words, and the stock is drawn last
        s_left, _, s_right, s_bottom = _bounds(stock, transformed=True)
        for seat in (el for el in root.iter(f"{SVG}g") if {"seat-left", "seat-right"} & _classes(el)):
            cluster = next((el for el in seat if "cpb-big" in _classes(el)), None)
            if cluster is None:
                continue
            left, top, right, _ = _bounds(cluster, transformed=True)
            if top < s_bottom + 2 and left < s_right and s_left < right:
                cluster.set("transform", f"translate(0 {s_bottom + 2 - top}) " + cluster.get("transform"))
        root.remove(stock)
        root.append(stock)
    return root


def _bounds(group: ET.Element, *, transformed: bool = False) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom) around a group's rects, circles and texts: what
    ``getBBox()`` measures (painted or not), in the group's own units, or (``transformed``)
    with the group's and its children's transforms applied."""
    boxes: list[tuple[float, float, float, float]] = []

    def walk(el: ET.Element, t: Affine) -> None:
        if transformed:
            t = _compose(t, _parse_transform(el.get("transform")))
        tag = el.tag.replace(SVG, "")
        box = None
        if tag == "rect":
            x, y = _number(el.get("x")), _number(el.get("y"))
            box = (x, y, x + _number(el.get("width")), y + _number(el.get("height")))
        elif tag == "circle":
            cx, cy, r = _number(el.get("cx")), _number(el.get("cy")), _number(el.get("r"))
            box = (cx - r, cy - r, cx + r, cy + r)
        elif tag == "text":
            x, y, w, h = text_box(el)
            box = (x, y, x + w, y + h)
        if box is not None:
            (x0, y0), (x1, y1) = _apply(t, box[0], box[1]), _apply(t, box[2], box[3])
            boxes.append((x0, y0, x1, y1))
        for child in el:
            walk(child, t)

    walk(group, (1.0, 1.0, 0.0, 0.0))
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def texts_drawn(svg: str) -> Iterator[str]:
    """Every non-empty text of the SVG (to prove a test saw the kinds it means to)."""
    for el in ET.fromstring(svg).iter(f"{SVG}text"):
        if (el.text or "").strip():
            yield el.text
