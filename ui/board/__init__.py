"""The board: a model of what one seat sees, its geometry, its SVG, and the browser component.

``model``, ``layout`` and ``svg`` are pure Python (no Streamlit), so still images and
tests use them directly; ``component`` mounts the same SVG in the browser and reports
taps and arrow keys. See docs/board.md.
"""

from .model import ENGLISH_TEXTS, TEXT_KEYS, board_model, finished_board_model, offered_actions
from .svg import render_svg

__all__ = [
    "BoardEvent", "ENGLISH_TEXTS", "announce", "TEXT_KEYS", "board", "board_model", "finished_board_model",
    "offered_actions", "render_svg",
]


def __getattr__(name: str):
    # The component imports Streamlit; load it only when a page asks for it, so still
    # images and the pure tests stay free of Streamlit.
    if name in ("board", "BoardEvent", "announce"):
        from . import component
        return getattr(component, name)
    raise AttributeError(name)
