"""Moves as every page names them: "3-5 on the left end", "lead 6-6", "draw"."""

from __future__ import annotations

from typing import Any

from engine import Action

from .words import word


def action_label(lang: str, action: Any) -> str:
    """An action (or its notation) in ``lang``; the engine's error for text that is none."""
    act = action if isinstance(action, Action) else Action.parse(str(action))
    if act.kind == "lead":
        return word(lang, "actions.lead").format(tile=act.tile)
    if act.kind == "place":
        return word(lang, "actions.left" if act.end == "L" else "actions.right").format(tile=act.tile)
    return word(lang, f"actions.{act.kind}")
