"""The board in a Streamlit page: a Custom Components v2 component (no iframe, no npm).

It mounts the SVG of :mod:`ui.board.svg` and reports two kinds of events:

* ``play``: an action text the model offered (``"lead 6-6"``, ``"3-5@L"``, ``"draw"``,
  ``"pass"``), after a tap on a tile (then on an end when it fits both);
* ``nav``: ``"prev"``, ``"next"``, ``"first"`` or ``"last"`` from ArrowLeft /
  Page Up, ArrowRight / Page Down (a presenter's clicker), Home and End anywhere on the
  page (lesson frames on a projector); ``"present"`` from the key F, ``"leave"`` from
  Escape (or the browser leaving full screen) while presenting.

A page can pass callbacks, which run before the script and so let one run show the
result, or read the returned :class:`BoardEvent`::

    event = board(model, key="table", on_play=lambda action: rnd.apply(action))
    if event and event.kind == "nav": ...

Events the displayed board did not offer (a stale double tap, a forged message) are
dropped here, before any callback. The picked tile is the component's state
``st.session_state[key].selected``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

import streamlit as st

from language.tiles import spoken

from .layout import board_layout
from .model import ENGLISH_TEXTS, offered_actions
from .speech import describe_board
from .svg import build_svg, draw_tile, render_svg

_HERE = Path(__file__).resolve().parent
NAME = "capicu_board"
NAV_STEPS = ("prev", "next", "first", "last")
#: Presentation mode: F enters it (and asks the browser for full screen), Escape leaves it.
MODE_STEPS = ("present", "leave")
PLAY, NAV = "play", "nav"
#: What pages asked to say (a move, a verdict, a round's result), waiting for a board.
_SPEECH = "capicu_board::speech"

# The page's own words never go into this HTML: they travel in ``data``, inside the
# SVG that ElementTree escaped, or are set with textContent.
_mount = st.components.v2.component(
    NAME,
    html='<div class="cpb"></div>',
    css=(_HERE / "board.css").read_text(encoding="utf-8"),
    js=(_HERE / "board.js").read_text(encoding="utf-8"),
)


@dataclass(frozen=True)
class BoardEvent:
    """What the player did on the board during this run."""

    kind: str   # "play" or "nav"
    value: str  # an action text, or a nav step

    @property
    def is_play(self) -> bool:
        return self.kind == PLAY

    @property
    def is_nav(self) -> bool:
        return self.kind == NAV


def _noop() -> None:
    """State events exist only with a callback; ``selected`` and ``narrow`` need none."""


def _accepted_key(key: str) -> str:
    return f"{key}::board-event"


def announce(text: str) -> None:
    """Say ``text`` once, through the polite live region of the next board this session
    draws (in this run, or the next one if the board is already drawn)."""
    if text:
        speech = st.session_state.setdefault(_SPEECH, {"id": 0, "pending": []})
        speech["pending"].append(text)


def _announcement(texts: Mapping[str, str]) -> dict[str, Any] | None:
    """This run's new words for the live region, tiles spoken; None when there are none
    (a rerun never says the same thing twice)."""
    speech = st.session_state.get(_SPEECH)
    if not speech or not speech["pending"]:
        return None
    speech["id"] += 1
    text = spoken(" ".join(speech["pending"]), texts)
    speech["pending"] = []
    return {"id": speech["id"], "text": text}


def _keys(texts: Mapping[str, str], *, interactive: bool, nav: bool, presentable: bool,
          touch_move: bool = False) -> dict[str, Any]:
    """The keys this board answers to, in the page's language (shown by "?")."""
    end = "keys_end_touch" if touch_move else "keys_end"  # touch-move: Escape cannot put a tile back
    wanted = (["keys_tiles", "keys_play", end, "keys_buttons"] if interactive else [])
    wanted += (["keys_steps"] if nav else []) + (["keys_present"] if presentable else []) + ["keys_help"]
    english = ENGLISH_TEXTS
    return {"title": texts.get("keys", english["keys"]), "lines": [texts.get(k, english[k]) for k in wanted]}


def _touched(model: Mapping[str, Any], state: Any) -> str | None:
    """The tile this player has picked up and must now lay (touch-move on), else None."""
    picked = state.get("selected") if isinstance(state, Mapping) else None
    targets = model["legal"]["tiles"].get(picked) if model.get("touch_move") and isinstance(picked, str) else None
    return picked if targets and len(targets) > 1 else None


def _for_hidden_hand(model: Mapping[str, Any]) -> dict[str, Any]:
    """The model as the room may hear it when the hand is face down: no hand tiles."""
    viewer = model.get("viewer")
    seats = [{**seat, "tiles": None} if seat["seat"] == viewer else seat for seat in model["seats"]]
    return {**model, "hand": None, "seats": seats}


def board(
    model: Mapping[str, Any],
    *,
    key: str,
    on_play: Callable[[str], None] | None = None,
    on_nav: Callable[[str], None] | None = None,
    nav: bool = True,
    present: bool = False,
    presentable: bool = False,
    hide_hand: bool = False,
    fit_screen: bool = False,
) -> BoardEvent | None:
    """Mount the board for ``model`` (see :func:`ui.board.model.board_model`); return this run's event.

    ``on_play(action)`` and ``on_nav(step)`` run before the script, like any widget
    callback. ``nav=False`` stops this board from listening to the arrow keys (a page
    with two boards lets one of them step); a ``presentable`` board sends ``"present"``
    on the key F. ``present=True`` is the projector: the wide layout always, every text at
    least 24 px on screen, Escape sends ``"leave"``. ``hide_hand`` turns the viewer's
    hand face down (pass ``reveal=False`` to the model for the others). ``fit_screen``
    keeps the board short enough for what follows it (a lesson's step buttons) to stay
    on a laptop's screen.
    """
    state = st.session_state.get(key)
    narrow = bool(state.get("narrow")) if isinstance(state, Mapping) and not present else False
    touched = _touched(model, state)
    offered = offered_actions(model, touched)
    accepted = _accepted_key(key)

    def _event_changed(kind: str, valid: Callable[[Any], bool], callback: Callable[[str], None] | None) -> None:
        value = _trigger(key, kind)
        if value is None:
            return
        if not valid(value):
            st.session_state[accepted] = None
            return
        st.session_state[accepted] = BoardEvent(kind, value)
        if callback is not None:
            callback(value)

    result = _mount(
        key=key,
        data={
            "svg": face_down_svg(model) if hide_hand else render_svg(model, narrow=narrow),
            "legal": model["legal"],
            "interactive": bool(model.get("interactive")),
            "nav": bool(nav),
            "narrow": narrow,
            "present": bool(present),
            "fit": bool(fit_screen),
            "presentable": bool(presentable or present),
            "selected": touched or model.get("selected"),
            "touch_move": bool(model.get("touch_move")),
            "score": model.get("score"),
            "texts": {k: model["texts"][k] for k in ("draw", "pass", "choose_end", "touched")},
            # the board in words for screen readers, and what to say once (speech.py)
            "description": describe_board(_for_hidden_hand(model) if hide_hand else model),
            "announce": _announcement({**model["texts"]}),
            "keys": _keys(model["texts"], interactive=bool(model.get("interactive")), nav=nav,
                          presentable=presentable or present, touch_move=bool(model.get("touch_move"))),
        },
        default={"selected": None, "narrow": False},
        on_play_change=lambda: _event_changed(PLAY, lambda v: isinstance(v, str) and v in offered, on_play),
        on_nav_change=lambda: _event_changed(NAV, lambda v: nav and isinstance(v, str) and (
            v in NAV_STEPS or (v == "present" and (presentable or present)) or (v == "leave" and present)), on_nav),
        on_selected_change=_noop,
        on_narrow_change=_noop,
    )
    event = st.session_state.pop(accepted, None)  # what a callback accepted in this run
    for kind in (PLAY, NAV):
        raw = result.get(kind)
        if raw is not None and isinstance(event, BoardEvent) and event.kind == kind and event.value == raw:
            return event
    return None


def _trigger(key: str, kind: str) -> Any:
    """This run's value of a trigger, read inside a callback."""
    state = st.session_state.get(key)
    return state.get(kind) if isinstance(state, Mapping) else None


def face_down_svg(model: Mapping[str, Any]) -> str:
    """The board with the viewer's hand face down (a teacher hiding the hands on a projector).

    The same layout as :func:`render_svg`, so nothing moves when the hand is shown again;
    the hand's tiles lose their names as well as their faces.
    """
    import xml.etree.ElementTree as ET

    layout = board_layout(model)
    root = build_svg(model, layout)
    desc = root.find("desc")
    if desc is not None:  # the words must not name the tiles the picture hides
        desc.text = " ".join(describe_board(_for_hidden_hand(model)))
    hand = next((g for g in root.iter("g") if g.get("class") == "hand"), None)
    if hand is not None:
        for child in list(hand):
            hand.remove(child)
        for rect in layout.hand:
            draw_tile(hand, rect, None, class_="tile hand-tile face-down")
    return ET.tostring(root, encoding="unicode")
