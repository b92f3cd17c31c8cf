"""Tiles of a double-six set.

A tile is a small immutable value written low-high, ``3-5``. There are exactly 28
of them and each exists once: ``Tile.parse("5-3") is Tile(3, 5)``.

>>> t = Tile.parse("5-3")
>>> t, t.pips, t.is_double
(Tile.parse('3-5'), 8, False)
>>> Tile(6, 6).is_double
True
>>> str(max(Tile.parse("6-0"), Tile.parse("3-3"), key=lot_key))
'0-6'

Inside the engine a tile is its ``id`` (0 for 0-0 up to 27 for 6-6) and a set of
tiles is an ``int`` bit mask: the search code that comes later calls these millions of
times, and ``hand & SUIT_MASK[n]`` is the whole "does anything fit" question.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from .errors import NotationError

#: Two ASCII numbers from 0 to 6 (leading zeros allowed) and a hyphen, spaces around
#: each. Only ASCII digits: ``str.isdigit`` also accepts ``¹``, ``٣`` and ``１``.
_TILE_TEXT = re.compile(r"\s*0*([0-6])\s*-\s*0*([0-6])\s*", re.ASCII)

MAX_PIP = 6


class Tile:
    """One domino, identified by its two halves, always stored low-high."""

    __slots__ = ("low", "high", "id")

    low: int
    high: int
    id: int

    def __new__(cls, a: int, b: int) -> "Tile":
        if not (isinstance(a, int) and isinstance(b, int)) or not (0 <= a <= MAX_PIP and 0 <= b <= MAX_PIP):
            raise NotationError("bad_tile", text=f"{a}-{b}")
        low, high = (a, b) if a <= b else (b, a)
        return TILES[_ID_OF[low][high]]

    @classmethod
    def _make(cls, low: int, high: int, tile_id: int) -> "Tile":
        tile = object.__new__(cls)
        object.__setattr__(tile, "low", low)
        object.__setattr__(tile, "high", high)
        object.__setattr__(tile, "id", tile_id)
        return tile

    def __setattr__(self, name, value):  # immutability, like a frozen dataclass
        raise AttributeError("Tile is immutable")

    def __reduce__(self):
        return (Tile, (self.low, self.high))

    @staticmethod
    def parse(text: str) -> "Tile":
        """Read ``3-5`` (either order, spaces ignored; ASCII digits only)."""
        if isinstance(text, Tile):
            return text
        a, b = halves(text)
        return TILES[_ID_OF[a][b]]

    @staticmethod
    def from_id(tile_id: int) -> "Tile":
        return TILES[tile_id]

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def has(self, number: int) -> bool:
        return number == self.low or number == self.high

    def other(self, number: int) -> int:
        """The half opposite ``number`` (the new open end after matching it)."""
        if not self.has(number):
            raise ValueError(f"{self} has no {number}")
        return self.low + self.high - number

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Tile.parse('{self}')"

    def __lt__(self, other: "Tile") -> bool:
        return self.id < other.id

    def __hash__(self) -> int:
        return self.id


# Tile ids follow 0-0, 0-1, ..., 0-6, 1-1, ..., 6-6.
_ID_OF: list[list[int]] = [[-1] * (MAX_PIP + 1) for _ in range(MAX_PIP + 1)]
TILES: list[Tile] = []
for _low in range(MAX_PIP + 1):
    for _high in range(_low, MAX_PIP + 1):
        _ID_OF[_low][_high] = _ID_OF[_high][_low] = len(TILES)
        TILES.append(Tile._make(_low, _high, len(TILES)))
del _low, _high

NUM_TILES = len(TILES)  # 28
FULL_SET = (1 << NUM_TILES) - 1
TOTAL_PIPS = sum(t.pips for t in TILES)  # 168

LOW = [t.low for t in TILES]
HIGH = [t.high for t in TILES]
PIPS = [t.pips for t in TILES]
#: SUIT_MASK[n]: the seven tiles that show n.
SUIT_MASK = [sum(1 << t.id for t in TILES if t.has(n)) for n in range(MAX_PIP + 1)]
DOUBLE_MASK = sum(1 << t.id for t in TILES if t.is_double)


def halves(text: object) -> tuple[int, int]:
    """The two numbers of a tile's text in the order written: ``"5-3"`` is ``(5, 3)``.

    Raises the ``bad_tile`` error (quoting a short excerpt) for anything else.
    """
    match = _TILE_TEXT.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise NotationError("bad_tile", text=text)
    return ord(match[1]) - 48, ord(match[2]) - 48


def tile_id(low: int, high: int) -> int:
    return _ID_OF[low][high]


def lot_key(tile: Tile) -> tuple[int, int]:
    """Order of a lot draw (rules A-10): pip sum, then the larger half.

    It is a strict total order on the 28 tiles, so a lot never needs a redraw.
    """
    return (tile.pips, tile.high)


def kozel_priority_key(tile: Tile) -> tuple[int, int, int, int]:
    """Kozel's lead priority (KZ-05): 0-0, then 6-6 down to 1-1, then the largest sum.

    Larger keys lead first.
    """
    if tile.is_double:
        return (2, 1, 0, 0) if tile.low == 0 else (1, tile.low, 0, 0)
    return (0, 0, tile.pips, tile.high)


def mask_of(tiles: Iterable[Tile]) -> int:
    mask = 0
    for t in tiles:
        mask |= 1 << t.id
    return mask


def ids_in(mask: int) -> Iterator[int]:
    """Tile ids of a mask, ascending."""
    while mask:
        low_bit = mask & -mask
        yield low_bit.bit_length() - 1
        mask ^= low_bit


def tiles_in(mask: int) -> list[Tile]:
    return [TILES[i] for i in ids_in(mask)]


# Pip totals of every 14-bit half of a mask, so a hand's pips are two lookups.
_HALF = 14
_PIPS_LOW = [0] * (1 << _HALF)
_PIPS_HIGH = [0] * (1 << _HALF)
for _m in range(1, 1 << _HALF):
    _bit = (_m & -_m).bit_length() - 1
    _PIPS_LOW[_m] = _PIPS_LOW[_m & (_m - 1)] + PIPS[_bit]
    _PIPS_HIGH[_m] = _PIPS_HIGH[_m & (_m - 1)] + PIPS[_bit + _HALF]
del _m, _bit


def pips_of(mask: int) -> int:
    """Total pips of the tiles in a mask.

    >>> pips_of(FULL_SET)
    168
    """
    return _PIPS_LOW[mask & 0x3FFF] + _PIPS_HIGH[mask >> _HALF]


def pips_each(masks: Iterable[int]) -> tuple[int, ...]:
    """The pips of each mask (each seat's hand, C-16).

    >>> pips_each([0b11, 0, FULL_SET])
    (1, 0, 168)
    """
    low, high = _PIPS_LOW, _PIPS_HIGH
    return tuple([low[m & 0x3FFF] + high[m >> _HALF] for m in masks])


def parse_tiles(texts: Iterable[str]) -> list[Tile]:
    return [Tile.parse(t) for t in texts]
