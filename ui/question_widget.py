"""Ask one question about a position and check the answer with the engine.

Used by lesson tasks, practice and the daily puzzle. Board questions are answered by
tapping the board (with no legal-move hints: that would give the answer away); the
others by choice. The verdict is kept in session state under ``key`` until "try again".
"""

from __future__ import annotations

import time
from typing import Any, Callable, Mapping

import streamlit as st

from engine import EngineError, Round
from puzzles import questions

from . import session
from .board_frame import show_board
from .labels import action_label, seat_labels, side_label


def _label(kind: str, value: Any, rnd: Round) -> str:
    """An answer value in the reader's words."""
    tr = session.tr()
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(_label(kind, v, rnd) for v in sorted(value, key=str)) or "—"
    if kind in ("next_leader", "kozel_goat") and isinstance(value, int):
        return seat_labels(tr, rnd.rules)[value]
    if kind in ("block_winner", "match_winner") and (value is None or isinstance(value, int)):
        return tr("question.tie") if value is None else side_label(tr, rnd.rules, value)
    if kind == "must_do":
        return tr(f"question.{value}")
    if isinstance(value, str) and ("@" in value or value.startswith("lead") or value in ("draw", "pass")):
        return action_label(tr, value)
    if isinstance(value, bool):
        return tr("question.yes") if value else tr("question.no")
    return str(value)


def _record(key: str, verdict: Any, on_answer: Callable[[Any], None] | None) -> None:
    started = st.session_state.get(f"{key}:started", time.monotonic())
    st.session_state[f"{key}:verdict"] = verdict
    st.session_state[f"{key}:ms"] = int((time.monotonic() - started) * 1000)
    if on_answer is not None:
        on_answer(verdict)


def _check(kind, rnd, params, response, key, on_answer) -> None:
    try:
        verdict = questions.check(kind, rnd, params, response)
    except EngineError as exc:  # a malformed response: say so, keep the question open
        st.session_state[f"{key}:problem"] = session.tr().error(exc)
        return
    _record(key, verdict, on_answer)


def reset(key: str) -> None:
    for suffix in ("verdict", "ms", "problem", "started"):
        st.session_state.pop(f"{key}:{suffix}", None)


def ask(
    kind: str,
    rnd: Round,
    params: Mapping[str, Any],
    *,
    viewer: int,
    key: str,
    right_text: str = "",
    wrong_text: str = "",
    explanation: Callable[[Any], str] | None = None,
    on_answer: Callable[[Any], None] | None = None,
    reveal: bool = False,
    allow_retry: bool = True,
) -> Any | None:
    """Show the question and, once answered, its verdict. Returns the verdict or None."""
    tr = session.tr()
    st.session_state.setdefault(f"{key}:started", time.monotonic())
    verdict = st.session_state.get(f"{key}:verdict")
    answered = verdict is not None
    on_board = questions.on_board(kind)

    if on_board:
        def on_play(value: str) -> None:
            if st.session_state.get(f"{key}:verdict") is None:
                _check(kind, rnd, params, value, key, on_answer)

        show_board(rnd, viewer=viewer, key=f"{key}:board", reveal=reveal or rnd.is_over,
                   interactive=not answered, hint_legal=False, on_play=on_play)
        if not answered:
            st.caption(tr("question.pick_on_board"))
    else:
        show_board(rnd, viewer=viewer, key=f"{key}:board", reveal=reveal or rnd.is_over, interactive=False)
        choices = questions.options(kind, rnd, params)
        multi = questions.is_multi(kind)
        labels = {i: _label(kind, c, rnd) for i, c in enumerate(choices)}
        picked = st.pills(
            tr("question.select_all") if multi else tr("question.choose"), list(labels),
            format_func=labels.__getitem__, selection_mode="multi" if multi else "single",
            key=f"{key}:pick", disabled=answered,
        )
        if not answered:
            ready = bool(picked) if multi else picked is not None
            if st.button(tr("question.check"), key=f"{key}:check", disabled=not ready, type="primary"):
                response = [choices[i] for i in picked] if multi else choices[picked]
                _check(kind, rnd, params, response, key, on_answer)
                st.rerun()

    problem = st.session_state.pop(f"{key}:problem", None)
    if problem:
        st.warning(problem, icon=":material/warning:")
    verdict = st.session_state.get(f"{key}:verdict")
    if verdict is None:
        return None
    extra = explanation(verdict) if explanation else ""
    if verdict.correct:
        st.success(" ".join(t for t in (tr("question.right"), right_text, extra) if t), icon=":material/check:")
    else:
        reason = tr.error(verdict.error) if getattr(verdict, "error", None) else ""
        answer = tr("question.answer_was", answer=_label(kind, verdict.expected, rnd))
        st.error(" ".join(t for t in (tr("question.wrong"), reason, wrong_text, answer, extra) if t),
                 icon=":material/close:")
        if allow_retry:
            st.button(tr("question.try_again"), key=f"{key}:retry", on_click=reset, args=(key,))
    return verdict
