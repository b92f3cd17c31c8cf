"""The board in words, for screen readers: tiles named as players say them, and a text
equivalent of what a sighted player sees (the line, the ends, each seat's tiles, the
stock, the score). Pure Python: the words come translated in the model's ``texts``.

>>> texts = dict(ENGLISH_TEXTS)
>>> tile_name("4-6", texts), tile_name("5-5", texts), tile_name("0-3", texts)
('six-four', 'double five', 'three-blank')
>>> spoken("Luis plays 3-5 on the left. Ana passes.", texts)
'Luis plays five-three on the left. Ana passes.'
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from .model import ENGLISH_TEXTS

#: a tile of the double-six set as the notation writes it ("3-5"), not part of a longer
#: number ("10-15", "2-3.5")
_TILE = re.compile(r"(?<![\d.,\-])([0-6])-([0-6])(?![\d.,]\d|\d)")


def number_word(n: int, texts: Mapping[str, str]) -> str:
    """A tile's number as a word (0 is the blank); past the list, the digits."""
    words = [w.strip() for w in texts.get("numbers", ENGLISH_TEXTS["numbers"]).split(",")]
    return words[n] if 0 <= n < len(words) else str(n)


def tile_name(tile: str, texts: Mapping[str, str]) -> str:
    """``"4-6"`` → "six-four", ``"5-5"`` → "double five": the higher number first."""
    low, high = sorted(int(half) for half in tile.split("-"))
    if low == high:
        return texts.get("double", ENGLISH_TEXTS["double"]).replace("{n}", number_word(high, texts))
    return (texts.get("tile_name", ENGLISH_TEXTS["tile_name"])
            .replace("{high}", number_word(high, texts)).replace("{low}", number_word(low, texts)))


def spoken(sentence: str, texts: Mapping[str, str]) -> str:
    """The sentence with every tile written as a player says it."""
    return _TILE.sub(lambda m: tile_name(f"{m.group(1)}-{m.group(2)}", texts), sentence)


def tile_list(tiles: Sequence[str], texts: Mapping[str, str]) -> str:
    return ", ".join(tile_name(t, texts) for t in tiles)


def describe_board(model: Mapping[str, Any]) -> list[str]:
    """What the board shows, one sentence per part, in the model's language."""
    texts = {**ENGLISH_TEXTS, **model["texts"]}
    say = lambda key, **values: _fill(texts[key], values)  # noqa: E731
    lines = []
    if model.get("score"):
        score = model["score"]
        entries = ", ".join(f"{e['label']} {e['points']}" for e in score["entries"])
        lines.append(f"{score['round']}. {texts['score']}: {entries}. {score['goal']}.")
    line = [tile["tile"] for tile in model.get("line", ())]
    lines.append(say("describe_line", tiles=tile_list(line, texts)) if line else texts["describe_empty"])
    if model.get("ends"):
        left, right = model["ends"]
        lines.append(say("describe_ends", left=number_word(left, texts), right=number_word(right, texts)))
    for seat in model["seats"]:
        if seat["seat"] == model.get("viewer") and model.get("hand") is not None:
            continue
        if seat.get("tiles"):
            lines.append(f"{seat['label']}: {tile_list(seat['tiles'], texts)}.")
        else:
            lines.append(say("describe_seat", name=seat["label"], n=seat["count"]))
    if model.get("hand") is not None:
        hand = model["hand"]
        me = next((s["label"] for s in model["seats"] if s["seat"] == model.get("viewer")), texts["hand"])
        lines.append(f"{texts['hand']}: {tile_list(hand, texts)}." if hand else say("describe_seat", name=me, n=0))
    stock = model.get("stock") or {}
    if stock.get("kind") in ("draw", "asleep"):
        key = "describe_stock" if stock["kind"] == "draw" else "describe_asleep"
        lines.append(say(key, n=stock["count"]))
    for seat in model["seats"]:
        if seat["turn"] and not model.get("over"):
            lines.append(texts["turn_of"].replace("{name}", seat["label"]) + ".")
    return lines


def _fill(template: str, values: Mapping[str, Any]) -> str:
    for name, value in values.items():
        template = template.replace("{" + name + "}", str(value))
    return template
