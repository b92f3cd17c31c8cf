"""Where everything on the board goes: pure, deterministic geometry in SVG user units.

A line tile is ``U`` by ``2U``; a double lies crosswise. The line grows from its lead
tile both ways: the right arm runs east and, at the edge of the table, turns down and
comes back west (then down again, east ...); the left arm mirrors it, turning up. The
two arms therefore never meet, and a full 28-tile line fits the table's width: only
its height grows.

>>> lay = board_layout({"players": 2, "line": [{"tile": "6-6", "halves": [6, 6]},
...     {"tile": "5-6", "halves": [6, 5]}], "lead_index": 0, "ends": [6, 5],
...     "seats": [{"position": "bottom", "count": 6}, {"position": "top", "count": 7}],
...     "stock": {"kind": "draw", "count": 14}, "hand": ["0-1"] * 6})
>>> [t.rect.w / U for t in lay.line], [t.halves for t in lay.line]
([1.0, 2.0], [(6, 6), (6, 5)])
>>> lay.line[1].rect.x == lay.line[0].rect.right
True
>>> sorted(lay.ends), lay.ends["R"].value
(['L', 'R'], 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Any, Mapping, Sequence

#: The short side of a tile on the line. Everything else is measured in it.
U = 32.0
WIDE = 30 * U           # the board's width; the SVG scales it to any screen
NARROW = 20 * U         # a phone: fewer tiles per row, so each is drawn larger
MARGIN = 0.4 * U
SIDE_COLUMN = 3.6 * U   # a seat on the left or right
NARROW_SIDE_COLUMN = 2.8 * U
LINE_PAD = 0.3 * U      # felt kept free around the line
HAND_TILE = 2.3 * U     # width of a hand tile at most (it stands up: twice as tall)
HAND_PER_ROW = 12
HAND_GAP = 0.2          # gap between hand tiles, as a share of their width
LIFT = 0.3              # how far a playable hand tile rises, as a share of its width
LABEL_H = 1.15 * U      # a seat's name pill
STOCK_BOX = 4.2 * U


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def overlaps(self, other: "Rect", tolerance: float = 1e-6) -> bool:
        """True when the interiors meet (touching edges do not count)."""
        return (self.x < other.right - tolerance and other.x < self.right - tolerance
                and self.y < other.bottom - tolerance and other.y < self.bottom - tolerance)

    def contains(self, other: "Rect", tolerance: float = 1e-6) -> bool:
        return (other.x >= self.x - tolerance and other.y >= self.y - tolerance
                and other.right <= self.right + tolerance and other.bottom <= self.bottom + tolerance)

    def moved(self, dx: float, dy: float) -> "Rect":
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


def _span(a: float, b: float) -> tuple[float, float]:
    return (a, b) if a <= b else (b, a)


def _rect(x1: float, x2: float, y1: float, y2: float) -> Rect:
    (left, right), (top, bottom) = _span(x1, x2), _span(y1, y2)
    return Rect(left, top, right - left, bottom - top)


@dataclass(frozen=True)
class LineTile:
    """A tile of the line: its rectangle and the numbers in its two halves.

    ``halves`` reads left to right for a tile lying flat, top to bottom for one
    standing up.
    """

    index: int
    rect: Rect
    halves: tuple[int, int]


@dataclass(frozen=True)
class EndSlot:
    """Where the next tile on one end would go, and the number it must match."""

    end: str
    rect: Rect
    value: int


@dataclass(frozen=True)
class SeatBox:
    seat: int
    position: str
    label: Rect
    tiles: tuple[Rect, ...]


@dataclass(frozen=True)
class Layout:
    width: float
    height: float
    table: Rect                    # the felt where the line lies
    line: tuple[LineTile, ...]
    ends: dict[str, EndSlot]
    lead_slot: Rect | None         # the empty line's place, before the lead
    seats: tuple[SeatBox, ...]
    hand: tuple[Rect, ...]         # the viewer's tiles, resting (a raised tile moves up)
    hand_label: Rect
    stock: Rect | None

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width:g} {self.height:g}"


# --------------------------------------------------------------------------- the line
class _Arm:
    """Walks one arm of the line outward from the lead, turning at the table's edges.

    ``side`` is +1 for the right arm (east first, turning down) and -1 for the left
    arm (west first, turning up). Coordinates are relative to the lead's centre.
    """

    def __init__(self, side: int, edge: float, x_min: float, x_max: float) -> None:
        self.heading = side          # +1 east, -1 west
        self.turn = side             # rows go down (+1) for the right arm, up (-1) for the left
        self.edge = edge             # x of the open edge on the current row
        self.row = 0.0               # y of the current row's centre line
        self.x_min, self.x_max = x_min, x_max
        self.corner: tuple[float, float] | None = None  # (near, far) x of a corner just placed

    def _fits(self, length: float) -> bool:
        far = self.edge + self.heading * length
        return self.x_min + U <= far <= self.x_max - U  # one U stays free for a corner

    def place(self, inner: int, outer: int, double: bool, commit: bool = True
              ) -> tuple[Rect, tuple[int, int]]:
        """The next tile's rectangle and its halves in reading order (left-right or top-bottom).

        ``inner`` is the half that touches the line, ``outer`` the new open end.
        """
        h, row, edge = self.heading, self.row, self.edge
        flat_halves = (outer, inner) if h < 0 else (inner, outer)
        if self.corner is not None:
            # The first tile of a new row hangs under (or over) the corner tile; a double
            # stands crosswise beside it so that it does not cover the corner.
            near, far = self.corner
            if double:
                rect, new_edge = _rect(near, near + h * U, row - U, row + U), near + h * U
            else:
                rect, new_edge = _rect(far, far + h * 2 * U, row - U / 2, row + U / 2), far + h * 2 * U
            if commit:
                self.edge, self.corner = new_edge, None
            return rect, flat_halves
        length = U if double else 2 * U
        if self._fits(length):
            if double:
                rect = _rect(edge, edge + h * U, row - U, row + U)
            else:
                rect = _rect(edge, edge + h * 2 * U, row - U / 2, row + U / 2)
            if commit:
                self.edge = edge + h * length
            return rect, flat_halves
        # A corner: the tile stands up past the row's end and leads into the next row,
        # which runs the other way, 2U further down (right arm) or up (left arm).
        v = self.turn
        rect = _rect(edge, edge + h * U, row - v * U / 2, row + v * 3 * U / 2)
        if commit:
            self.corner = (edge, edge + h * U)
            self.heading, self.row = -h, row + v * 2 * U
        return rect, ((inner, outer) if v > 0 else (outer, inner))


def line_layout(line: Sequence[Sequence[int]], lead_index: int, width: float
                ) -> tuple[list[LineTile], dict[str, tuple[Rect, int]]]:
    """Tiles of the line and the slots at its two ends, relative to the lead's centre.

    ``line`` lists the tiles as they lie, left half first; ``width`` is the room the
    line may use. The lead stays put as the line grows, so a tile never jumps.
    """
    if not line:
        return [], {}
    half = width / 2
    a, b = line[lead_index]
    lead = _rect(-U / 2, U / 2, -U, U) if a == b else _rect(-U, U, -U / 2, U / 2)
    tiles = {lead_index: LineTile(lead_index, lead, (a, b))}
    right = _Arm(+1, lead.right, -half, half)
    for i in range(lead_index + 1, len(line)):
        touching, open_end = line[i]
        rect, halves = right.place(touching, open_end, touching == open_end)
        tiles[i] = LineTile(i, rect, halves)
    left = _Arm(-1, lead.x, -half, half)
    for i in range(lead_index - 1, -1, -1):
        open_end, touching = line[i]
        rect, halves = left.place(touching, open_end, touching == open_end)
        tiles[i] = LineTile(i, rect, halves)
    left_value, right_value = line[0][0], line[-1][1]
    ends = {
        "L": (left.place(left_value, left_value, False, commit=False)[0], left_value),
        "R": (right.place(right_value, right_value, False, commit=False)[0], right_value),
    }
    return [tiles[i] for i in range(len(line))], ends


# --------------------------------------------------------------------------- the table
def _flat_stack(column: Rect, count: int, face_up: bool) -> tuple[Rect, ...]:
    """Tiles lying flat, stacked down a side column (two stacks when there are many)."""
    if count <= 0:
        return ()
    biggest = (1.5 if face_up else 1.25) * U
    stacks = 1
    s = min(biggest, column.h / (count * 1.2), (column.w - 0.4 * U) / 2)
    if s < 0.6 * U:  # too many for one readable stack: two side by side
        stacks = 2
        s = min(biggest, column.h / (ceil(count / 2) * 1.2), (column.w - 0.6 * U) / 4)
    per = ceil(count / stacks)
    step = s * 1.2
    top = column.y + (column.h - (per * step - 0.2 * s)) / 2
    total_w = stacks * 2 * s + (stacks - 1) * 0.2 * s
    left = column.cx - total_w / 2
    rects = []
    for i in range(count):
        stack, row = divmod(i, per)
        rects.append(Rect(left + stack * (2.2 * s), top + row * step, 2 * s, s))
    return tuple(rects)


def _upright_row(center_x: float, top: float, avail: float, count: int, biggest: float) -> tuple[Rect, ...]:
    """Tiles standing up side by side, centred on ``center_x``."""
    if count <= 0:
        return ()
    w = min(biggest, avail / (count * (1 + HAND_GAP)))
    gap = w * HAND_GAP
    total = count * w + (count - 1) * gap
    left = center_x - total / 2
    return tuple(Rect(left + i * (w + gap), top, w, 2 * w) for i in range(count))


def _upright_width(avail: float, count: int, biggest: float) -> float:
    return min(biggest, avail / (max(count, 1) * (1 + HAND_GAP)))


def board_layout(model: Mapping[str, Any], *, narrow: bool = False) -> Layout:
    """Every rectangle of the board for a model of :func:`ui.board.model.board_model`.

    Only the model's shape matters (players, line, hand and tile counts), so a board
    keeps its geometry while tiles are tapped or highlighted. ``narrow`` lays it out
    for a phone: a narrower table, so the same screen shows every tile larger.
    """
    width = NARROW if narrow else WIDE
    side_column = NARROW_SIDE_COLUMN if narrow else SIDE_COLUMN
    seats = model["seats"]
    by_position = {s["position"]: (i, s) for i, s in enumerate(seats)}
    has_sides = "left" in by_position or "right" in by_position
    side_w = side_column if has_sides else 0.0
    has_stock = model["stock"]["kind"] != "none"

    # The line first: its height decides the table's.
    table_x = MARGIN + side_w
    table_w = width - 2 * table_x
    pairs = [tuple(t["halves"]) for t in model["line"]]
    tiles, ends = line_layout(pairs, model.get("lead_index") or 0, table_w - 2 * LINE_PAD)
    shapes = [t.rect for t in tiles] + [r for r, _ in ends.values()]
    if not shapes:
        shapes = [_rect(-1.5 * U, 1.5 * U, -U, U)]  # the lead slot
    reach = max(max(-r.y for r in shapes), max(r.bottom for r in shapes))
    table_h = max((10.5 if has_sides else 8.0) * U, 2 * (reach + LINE_PAD))

    # The top strip: the stock in its left corner, the seat across the table centred.
    top_avail = width - 2 * (MARGIN + (STOCK_BOX + 0.5 * U if has_stock else U))
    top_strip = 2.6 * U if has_stock else 0.5 * U
    top_seat = by_position.get("top")
    if top_seat:
        face_up = top_seat[1].get("tiles") is not None
        tw = _upright_width(top_avail, top_seat[1]["count"], (1.25 if face_up else 0.95) * U)
        top_strip = max(top_strip, 2 * tw + 0.3 * U + LABEL_H + 0.2 * U)
    table = Rect(table_x, MARGIN + top_strip, table_w, table_h)
    centre_x, centre_y = table.cx, table.cy

    line = tuple(LineTile(t.index, t.rect.moved(centre_x, centre_y), t.halves) for t in tiles)
    end_slots = {end: EndSlot(end, rect.moved(centre_x, centre_y), value) for end, (rect, value) in ends.items()}
    lead_slot = None if line else _rect(-1.5 * U, 1.5 * U, -U, U).moved(centre_x, centre_y)

    boxes: list[SeatBox] = []
    if top_seat:
        i, seat = top_seat
        row = _upright_row(width / 2, MARGIN, top_avail, seat["count"],
                           (1.25 if seat.get("tiles") is not None else 0.95) * U)
        label_y = (row[0].bottom if row else MARGIN) + 0.3 * U
        boxes.append(SeatBox(i, "top", Rect(width / 2 - 5 * U, label_y, 10 * U, LABEL_H), row))
    for position in ("left", "right"):
        if position not in by_position:
            continue
        i, seat = by_position[position]
        x = MARGIN if position == "left" else width - MARGIN - side_column
        label = Rect(x, table.y + 0.4 * U, side_column, LABEL_H)
        top = label.bottom + (1.4 if model.get("over") else 0.4) * U  # room for the pips tag
        column = Rect(x, top, side_column, table.bottom - top - 0.2 * U)
        stack = _flat_stack(column, seat["count"], seat.get("tiles") is not None)
        boxes.append(SeatBox(i, position, label, stack))

    # The viewer's hand along the bottom, in rows of at most HAND_PER_ROW tiles.
    count = len(model["hand"])
    hand_label = Rect(width / 2 - 8 * U, table.bottom + 0.35 * U, 16 * U, LABEL_H)
    rows = max(1, ceil(count / HAND_PER_ROW))
    per_row = ceil(count / rows) if count else 0
    hw = _upright_width(width - 2 * MARGIN, per_row, HAND_TILE)
    hand: list[Rect] = []
    top = hand_label.bottom + 0.2 * U + LIFT * hw
    for r in range(rows):
        in_row = min(per_row, count - r * per_row)
        hand += _upright_row(width / 2, top, width - 2 * MARGIN, in_row, hw)
        top += 2 * hw + LIFT * hw + 0.2 * U
    height = (hand[-1].bottom if hand else hand_label.bottom + U) + MARGIN
    if "bottom" in by_position:
        boxes.append(SeatBox(by_position["bottom"][0], "bottom", hand_label, tuple(hand)))

    stock = None
    if has_stock:
        stock = Rect(MARGIN, MARGIN + (top_strip - 2.4 * U) / 2, STOCK_BOX, 2.4 * U)
    return Layout(
        width=width, height=round(height, 1), table=table, line=line, ends=end_slots,
        lead_slot=lead_slot, seats=tuple(sorted(boxes, key=lambda b: b.seat)), hand=tuple(hand),
        hand_label=hand_label, stock=stock,
    )
