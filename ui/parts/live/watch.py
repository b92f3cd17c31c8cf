"""A fragment that redraws when its quiz changes, and not on a timer.

Put :func:`watch` inside an ``st.fragment``: it mounts an invisible component that waits on
the server's live feed (:mod:`ui.parts.live.feed`) and reruns that fragment the moment the
watched value differs from the one the fragment has just drawn. A phone that waits costs
the server no script run at all.

A fragment that shows something still being worked out on this server (a review being
judged, a hint being thought out) asks the watcher to rerun it every ``every`` seconds
until it no longer shows one. It must not put a fragment of its own on a timer
inside itself instead: a nested fragment's writes can reach the browser addressed to a
tree it no longer has, which unmounts the whole page (docs/tables.md, Known issues).

When the app is served without the feed (``streamlit run app.py`` instead of
``serve.py``) the component reruns its fragment every :data:`FALLBACK` seconds, as the
pages did before the feed existed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlencode

import streamlit as st

from ui.parts.live.feed import PATH, SERVER, feed_path

#: Seconds between reruns where the server has no live feed.
FALLBACK = 2.0

_mount = st.components.v2.component(
    "capicu_live_watch",
    html='<span class="live-watch" hidden></span>',
    css=":host { display: none; }",
    js=(Path(__file__).resolve().parent / "watch.js").read_text(encoding="utf-8"),
)


class Seen(NamedTuple):
    """What the watcher saw on this page that the server could not: ``unsent``, the
    question whose answer this phone tapped on an earlier load of the page and the server
    never stored; ``press_lost``, the phase ("question:2") a press of the quiz's own button
    was made on and which had not changed 4 s later. None when nothing went missing."""

    unsent: int | None = None
    press_lost: str | None = None


def _noop() -> None:
    """The ``change`` event exists only with a callback; the rerun it causes is the point."""


def watch(code: str, value: str, *, what: str, key: str, reload_on_restart: bool = False,
          path: str = PATH, params: dict[str, str] | None = None, gap: float = 0.0,
          guard: dict[str, Any] | None = None, press: tuple[str, ...] = (), every: float = 0.0) -> Seen:
    """Rerun the enclosing fragment when quiz ``code``'s ``what`` ("phase" or "all", see
    :class:`classroom.quiz_pulse.Pulse`) is no longer ``value``; ``path`` another feed's
    route (a table's), with ``params`` added to its address.

    ``reload_on_restart``: when the server restarts, load the page again from its link (a
    restarted server drops the reruns of fragments it never drew), and also when the page
    stays behind the feed for 30 s although told (its connection to the server is gone
    and did not come back; its reruns never leave the browser). Right for a page whose
    link is all it needs, such as a phone's; the teacher's screen keeps its secret in the
    session, which a restart loses anyway (the private resume link brings it back).
    ``gap``: redraw at most this often (seconds), for a screen that many changes reach.
    ``every``: also rerun the fragment this often (seconds) for as long as its drawings
    ask, whatever the feed says: for a fragment that shows something being worked out.

    ``guard`` (a phone's page): ``{"key", "question", "state", "answered", "area"}``, see
    :func:`answer_guard`. ``press`` (the teacher's screen): the keys of the containers whose
    button moves the quiz; a press there that changes nothing is reported. Returns
    :class:`Seen`: what went missing, for the page to say."""
    base = st.get_option("server.baseUrlPath") or ""
    url = feed_path(base, code, path)
    if params:
        url += "?" + urlencode(params)
    data = {"url": url, "watch": what, "since": value, "fallback": FALLBACK,
            "reload": reload_on_restart, "gap": gap, "server": SERVER}
    if every:
        data["every"] = float(every)
    if guard is not None:
        data["guard"] = guard
    if press:
        data["press"] = {"areas": list(press)}
    result = _mount(key=key, data=data, on_change_change=_noop, on_unsent_change=_noop,
                    on_press_lost_change=_noop, width="content", height="content")
    unsent = getattr(result, "unsent", None) if result is not None else None
    lost = getattr(result, "press_lost", None) if result is not None else None
    return Seen(unsent if isinstance(unsent, int) and not isinstance(unsent, bool) else None,
                lost.rsplit("@", 1)[0] if isinstance(lost, str) else None)


def answer_guard(code: str, device: str, question: int, state: str, answered: bool, area: str) -> dict[str, Any]:
    """What the watcher needs to tell a lost answer from one on its way (ui/parts/live/watch.js):
    the note's key (this quiz and this device), the question on screen, the quiz's state,
    whether the server holds this phone's answer to it, and the key of the container
    holding the answer controls (a tap there on *Check*, or a play on the board, sends)."""
    return {"key": f"capicu-quiz:{code}:{device}", "question": int(question), "state": str(state),
            "answered": bool(answered), "area": area}
