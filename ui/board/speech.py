"""The board in words, for screen readers: a text equivalent of what a sighted player
sees (the line, the ends, each seat's tiles, the stock, the score), with the tiles named
as players say them (``language.tiles``). Pure Python: the words come translated in the
model's ``texts``."""

from __future__ import annotations

from typing import Any, Mapping

from language.tiles import number_word, tile_list

from .model import ENGLISH_TEXTS


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
