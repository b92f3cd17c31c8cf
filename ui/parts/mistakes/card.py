"""One personal puzzle on screen: the seat's view as it was (hand, line, passes and draws,
score, the move log), the question "You played X here. Find a better move", the answer
on the board (a tap, or the keyboard), then the verdict, what each move loses, the theme
with its lesson and a link to the analysis board."""

from __future__ import annotations

from typing import Callable

import streamlit as st

from language import seat_names
from lessons.themes import lesson_for
from matches.companion import TableGame, to_link

from ... import session
from ...labels import game_title, variant_names
from ...shell import page_file
from ..puzzle_view import double_rule_of, move_log
from ..question_widget import ask
from .explain import KIND, check_answer, losses, question


def theme_name(tr, code: str) -> str | None:
    """A theme's name in the reader's language (the themes' own wording, when it is
    there); None for "other" or a theme without words yet: it is then not shown."""
    if code == "other":
        return None
    try:
        from ..themes import theme_name as named  # the themes' wording (issue 45 item 3)
    except ImportError:
        named = None
    if named is not None:
        return named(tr, code)
    key = f"themes.name.{code}"
    return tr(key) if tr.has(key) else None


def analysis_link(puzzle) -> str | None:
    """The position as the seat saw it, for the analysis board (None: it cannot be written
    as a table's record)."""
    try:
        return to_link(TableGame.from_round(puzzle.round(), puzzle.seat))
    except ValueError:  # matches.companion.EntryError is one
        return None


def caption(puzzle, tr) -> str:
    """The game, the grade the review gave the move, and where it was played."""
    parts = [game_title(tr, puzzle.game), tr(f"play.grade.{puzzle.grade}")]
    if tr.has(f"mistakes.source.{puzzle.source}"):
        parts.append(tr(f"mistakes.source.{puzzle.source}"))
    return " · ".join(parts)


def show_mistake(puzzle, *, key: str, on_answer: Callable[[bool], None] | None = None):
    """Draw the puzzle; its verdict once answered, else None. ``on_answer(correct)`` is
    called for the first answer only (a retry after a wrong one never counts again)."""
    tr = session.tr()
    rnd = puzzle.round()
    rules = rnd.rules
    names = seat_names(tr.lang, rules, puzzle.seat)
    board_col, side_col = st.columns([3, 2], gap="large")
    with side_col:
        st.caption(caption(puzzle, tr))
        if rules.overlays:  # named before the answer, never only in the explanation
            st.info(tr("puzzle.rules_in_force", rules="; ".join(variant_names(tr, rules))), icon=":material/rule:")
        if (rule := double_rule_of(rules, KIND)) is not None:
            st.info(tr(rule), icon=":material/functions:")
        st.markdown(f"#### {question(puzzle, tr)}")

    def first_answer(verdict, _ms: int) -> None:
        if on_answer is not None and not st.session_state.get(f"{key}:counted"):
            st.session_state[f"{key}:counted"] = True
            on_answer(bool(verdict.correct))

    verdict = ask(KIND, rnd, viewer=puzzle.seat, key=key, board_box=board_col, controls=side_col,
                  check=lambda response: check_answer(puzzle, response, tr), on_answer=first_answer,
                  labels=names)
    with board_col:
        move_log(rnd, puzzle.seat, names, expanded=True)  # the round so far: the board shows only the line
    if verdict is not None:
        with side_col:
            show_explanation(puzzle, tr)
    return verdict


def show_explanation(puzzle, tr) -> None:
    """What each move loses, the theme and its lesson, and the analysis board."""
    st.markdown(f"**{tr('mistakes.losses')}**")
    st.markdown("\n".join(f"- {line}" for line in losses(puzzle, tr)))
    for code in puzzle.themes:
        name = theme_name(tr, code)
        if name is None:
            continue
        st.markdown(tr("mistakes.theme_line", theme=session.plain(name)))
        lesson = lesson_for(code, puzzle.game)
        if lesson is not None:
            st.page_link(page_file("lesson"), label=tr("mistakes.lesson", theme=name), icon=":material/school:",
                         query_params={"lesson": lesson, "lang": session.lang()})
    link = analysis_link(puzzle)
    if link is not None:
        st.page_link(page_file("analyse"), label=tr("mistakes.analyse"), icon=":material/troubleshoot:",
                     query_params={"g": link, "lang": session.lang()})
