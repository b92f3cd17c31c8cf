"""Tiles as players say them, for screen readers and spoken text: "six-four", "double
five", "three-blank" (the higher number first). The words come as a mapping (the
board's texts carry them translated, :func:`tile_words`), English when one is missing.

>>> words = tile_words("en")
>>> tile_name("4-6", words), tile_name("5-5", words), tile_name("0-3", words)
('six-four', 'double five', 'three-blank')
>>> spoken("Luis plays 3-5 on the left. Ana passes.", tile_words("es"))
'Luis plays cinco-tres on the left. Ana passes.'
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Mapping, Sequence

from .words import word

#: the keys of the tile words (``tiles.*`` in the word files)
KEYS = ("numbers", "double", "tile_name")
#: a tile of the double-six set as the notation writes it ("3-5"), not part of a longer
#: number ("10-15", "2-3.5")
_TILE = re.compile(r"(?<![\d.,\-])([0-6])-([0-6])(?![\d.,]\d|\d)")


@lru_cache(maxsize=None)
def tile_words(lang: str) -> dict[str, str]:
    """The words :func:`tile_name` needs, in ``lang``."""
    return {key: str(word(lang, f"tiles.{key}")) for key in KEYS}


def _words(words: Mapping[str, str], key: str) -> str:
    return words.get(key) or tile_words("en")[key]


def number_word(n: int, words: Mapping[str, str]) -> str:
    """A tile's number as a word (0 is the blank); past the list, the digits."""
    names = [w.strip() for w in _words(words, "numbers").split(",")]
    return names[n] if 0 <= n < len(names) else str(n)


def tile_name(tile: str, words: Mapping[str, str]) -> str:
    """``"4-6"`` → "six-four", ``"5-5"`` → "double five": the higher number first."""
    low, high = sorted(int(half) for half in tile.split("-"))
    if low == high:
        return _words(words, "double").replace("{n}", number_word(high, words))
    return (_words(words, "tile_name").replace("{high}", number_word(high, words))
            .replace("{low}", number_word(low, words)))


def spoken(sentence: str, words: Mapping[str, str]) -> str:
    """The sentence with every tile written as a player says it."""
    return _TILE.sub(lambda m: tile_name(f"{m.group(1)}-{m.group(2)}", words), sentence)


def tile_list(tiles: Sequence[str], words: Mapping[str, str]) -> str:
    return ", ".join(tile_name(t, words) for t in tiles)
