"""One puzzle on screen: its question, board, answer, verdict with the engine's explanation.

Every answer is saved as an attempt for the current profile.
"""

from __future__ import annotations

import datetime as dt

import streamlit as st

from progress import Attempt, ProgressError
from puzzles import Puzzle, check
from puzzles.explain import label, question_text, seat_name

from . import session
from .labels import ptype_title
from .labels import game_title
from .question_widget import ask


def _save(puzzle: Puzzle, verdict, elapsed_ms: int, daily: dt.date | None) -> None:
    p = session.profile()
    if p is None:
        return
    attempt = Attempt(puzzle.id, puzzle.ptype, puzzle.rules.preset_name, bool(verdict.correct),
                      elapsed_ms, session.today(), daily=daily)
    try:
        session.store().record_attempt(p.id, attempt)
    except ProgressError:
        session.notice("notice.not_saved")


def show_puzzle(puzzle: Puzzle, *, key: str, daily: dt.date | None, allow_retry: bool = True):
    """Draw the puzzle; returns its verdict once answered, else None."""
    tr = session.tr()
    lang = session.lang()
    band = puzzle.difficulty.band
    st.markdown(f"**{ptype_title(puzzle.ptype)}** · {game_title(tr, puzzle.rules.preset_name)} · "
                f"{tr(f'level.{band}')}")
    st.markdown(f"#### {question_text(puzzle, lang)}")
    kind = puzzle.question.kind
    return ask(
        kind, puzzle.round(), viewer=puzzle.viewer, key=key,
        check=lambda response: check(puzzle, response, lang),
        choices=puzzle.options, label=lambda value: label(lang, kind, value, puzzle.rules),
        reveal=puzzle.ptype not in ("reading",) and puzzle.round().is_over,
        on_answer=lambda verdict, ms: _save(puzzle, verdict, ms, daily),
        allow_retry=allow_retry,
        labels=[seat_name(lang, puzzle.rules, s) for s in range(puzzle.rules.num_players)],
    )
