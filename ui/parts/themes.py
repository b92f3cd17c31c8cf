"""Themes in words (``strategy.themes``): a theme's name, the one sentence that says what
the best move does, and the link to the lesson that teaches it.

Shared by the review's cards (``ui/parts/play/review.py``), the best-move puzzles
(``ui/parts/puzzle_view.py``), Practice's "practise this theme" and the personal puzzles.
Seat names come from the language layer (``language.in_sentence``); every sentence is
plain text built from the tagger's figures, never from anything a user typed.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from language import in_sentence
from lessons.themes import lesson_for
from strategy.themes import THEMES

from .. import session
from ..shell import page_file

#: the sentence key of each theme, by a param that picks between two wordings
_TWO_WORDINGS = {
    "go_out": lambda p: "go_out_now" if p.get("now") else "go_out_next",
    "play_double": lambda p: "play_double" if p.get("out") else "play_double_none",
    "partner_number": lambda p: "partner_lacks" if "lacks" in p else "partner_number",
}


def theme_name(tr, code: str) -> str | None:
    """The theme's name in the reader's language; None for ``other`` or an unknown code."""
    if code not in THEMES or code == "other":
        return None
    return tr(f"themes.name.{code}")


def theme_sentence(tr, code: str, params: dict[str, Any], seats: list[str] | None = None) -> str | None:
    """The one sentence of a theme fact (``strategy.themes.theme_facts``), its numbers,
    tiles and seats filled in; ``seats``: the seats' names as the reader sees them (needed
    by the themes that name a seat). None for ``other``, an unknown code, or a seat that
    cannot be named."""
    if code not in THEMES or code == "other":
        return None
    key = _TWO_WORDINGS.get(code, lambda p: code)(params)
    values = {k: v for k, v in params.items() if k != "seat"}
    if "lacks" in params:
        values["number"] = params["lacks"]
    if "seat" in params:
        if not seats or not 0 <= params["seat"] < len(seats):
            return None
        values["seat"] = in_sentence(tr.lang, seats[params["seat"]])
    return tr(f"themes.why.{key}", **values)


def lesson_title(lesson_id: str, lang: str) -> str:
    from .lesson_catalog import course

    return course().lesson(lesson_id).text(lang).title


def lesson_link(tr, code: str, game: str | None = None) -> None:
    """A link to the lesson that teaches ``code`` (nothing for ``other``)."""
    lesson = lesson_for(code, game)
    if lesson is None:
        return
    st.page_link(page_file("lesson"), label=tr("themes.lesson", title=lesson_title(lesson, tr.lang)),
                 icon=":material/school:", query_params={"lesson": lesson, "lang": session.lang()})


def practise_link(tr, code: str, game: str) -> None:
    """"Practise this theme": Practice serving best-move puzzles of the theme."""
    if code not in THEMES or code == "other":
        return
    st.page_link(page_file("practice"), label=tr("themes.practise"), icon=":material/fitness_center:",
                 query_params={"theme": code, "game": game, "lang": session.lang()})


__all__ = ["lesson_link", "lesson_title", "practise_link", "theme_name", "theme_sentence"]
