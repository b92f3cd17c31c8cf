"""One personal puzzle on screen: the seat's view as it was (hand, line, passes and draws,
score, the move log), the question "You played X here. Find a better move", the answer
on the board (a tap, or the keyboard), then the verdict, what each move loses, the theme
with its lesson and a link to the analysis board."""

from __future__ import annotations

import logging
from typing import Callable

import streamlit as st

from language import seat_names
from matches.companion import TableGame, to_link
from strategy.themes import theme_facts

from ... import session
from ...labels import game_title, variant_names
from ...shell import page_file
from ..puzzle_view import double_rule_of, move_log
from ..question_widget import ask
from ..themes import lesson_link, theme_name, theme_sentence
from .explain import KIND, check_answer, losses, question

log = logging.getLogger(__name__)


def _facts(puzzle) -> dict:
    """The figures behind each theme of the better move (``strategy.themes.theme_facts``,
    read off the position now): a sentence is a bonus, so a position it cannot read gives none."""
    best = max(puzzle.values, key=puzzle.values.get)
    try:
        found = theme_facts(puzzle.view(), puzzle.played, best, puzzle.values)
    except Exception:  # noqa: BLE001 - never lose the puzzle's page for its theme's sentence
        log.warning("the theme facts of personal puzzle %s could not be read", puzzle.id, exc_info=True)
        return {}
    facts: dict = {}
    for code, params in found:
        facts.setdefault(code, params)
    return facts


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
    """What each move loses, the themes (what the better move does, in one sentence from the
    position's facts, and the lesson that teaches it), and the analysis board."""
    st.markdown(f"**{tr('mistakes.losses')}**")
    st.markdown("\n".join(f"- {line}" for line in losses(puzzle, tr)))
    facts = _facts(puzzle)
    seats = seat_names(tr.lang, puzzle.round().rules, puzzle.seat)
    for code in puzzle.themes:
        name = theme_name(tr, code)
        if name is None:
            continue
        sentence = theme_sentence(tr, code, facts[code], seats) if code in facts else None
        st.markdown(" ".join(session.plain(text) for text in (tr("mistakes.theme_line", theme=name), sentence) if text))
        lesson_link(tr, code, puzzle.game)
    link = analysis_link(puzzle)
    if link is not None:
        st.page_link(page_file("analyse"), label=tr("mistakes.analyse"), icon=":material/troubleshoot:",
                     query_params={"g": link, "lang": session.lang()})
