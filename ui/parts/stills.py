"""Still pictures of lesson boards: the board's own SVG, rendered once per lesson and language."""

from __future__ import annotations

import re

import streamlit as st

from .. import session
from ..board import board_model, render_svg
from ..board.speech import describe_board
from ..labels import board_texts, seat_labels
from .lesson_catalog import course


def _still_model(lesson_id: str, lang: str) -> dict:
    """The lesson's board at its last step, as ``lang`` shows it."""
    lesson = course().lesson(lesson_id)
    rnd = lesson.frames()[-1].round
    words = session.translator(lang)
    return board_model(rnd, lesson.viewer, seat_labels=seat_labels(words, rnd.rules, lesson.viewer),
                       texts=board_texts(words), reveal=lesson.reveal or rnd.is_over, interactive=False)


@st.cache_data(show_spinner=False, max_entries=256)
def lesson_still(lesson_id: str, lang: str) -> str:
    """The still as an SVG (the same look as the live board)."""
    return same_shape(render_svg(_still_model(lesson_id, lang)))


@st.cache_data(show_spinner=False, max_entries=256)
def lesson_still_text(lesson_id: str, lang: str) -> str:
    """The still's text equivalent (its ``alt``): the same board in words."""
    return " ".join(describe_board(_still_model(lesson_id, lang)))


#: every still has this height / width, so the course's cards line up
STILL_RATIO = 0.75


def same_shape(svg: str, ratio: float = STILL_RATIO) -> str:
    """The SVG with its view box widened or heightened (centred) to ``ratio``.

    >>> same_shape('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"></svg>')
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 -12.5 100 75"></svg>'
    """
    match = _VIEWBOX.search(svg)
    if not match:
        return svg
    x, y, w, h = (float(v) for v in match.group(1).split())
    if h < w * ratio:
        y, h = y - (w * ratio - h) / 2, w * ratio
    else:
        x, w = x - (h / ratio - w) / 2, h / ratio
    box = " ".join(f"{v:g}" for v in (x, y, w, h))
    return svg[:match.start(1)] + box + svg[match.end(1):]


_VIEWBOX = re.compile(r'viewBox="([-0-9. ]+)"')
