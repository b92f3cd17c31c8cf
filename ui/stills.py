"""Still pictures of lesson boards: the board's own SVG, rendered once per lesson and language."""

from __future__ import annotations

import streamlit as st

from . import session
from .board import board_model, render_svg
from .labels import board_texts, seat_labels
from .lesson_catalog import course


@st.cache_data(show_spinner=False, max_entries=256)
def lesson_still(lesson_id: str, lang: str) -> str:
    """The lesson's board at its last step, as an SVG (the same look as the live board)."""
    lesson = course().lesson(lesson_id)
    rnd = lesson.frames()[-1].round
    words = session.translator(lang)
    model = board_model(rnd, lesson.viewer, seat_labels=seat_labels(words, rnd.rules),
                        texts=board_texts(words), reveal=lesson.reveal or rnd.is_over, interactive=False)
    return render_svg(model)
