"""Ask one question about a position and check the answer with the engine.

Used by lesson tasks, practice and the daily puzzle. Board questions are answered by
tapping the board, with no legal-move hints (they would give the answer away); the
others by choice. The verdict is kept in session state under ``key`` until "try again".
"""

from __future__ import annotations

import time
from typing import Any, Callable, Sequence

import streamlit as st

from engine import Round
from puzzles import KINDS

from .. import session
from ..board import announce
from .board_frame import show_board

Checker = Callable[[Any], Any]  # a response -> a puzzles Verdict (with .explanation)


def _record(key: str, verdict: Any, on_answer: Callable[[Any, int], None] | None) -> None:
    started = st.session_state.get(f"{key}:started", time.monotonic())
    elapsed = int((time.monotonic() - started) * 1000)
    st.session_state[f"{key}:verdict"] = verdict
    if on_answer is not None:
        on_answer(verdict, elapsed)


def verdict_text(verdict: Any, right_text: str, wrong_text: str) -> str:
    """What the verdict's box says: the page's words and the engine's explanation (the box
    also has a tick or a cross, so its colour is never the only signal)."""
    tr = session.tr()
    if verdict.correct:
        return " ".join(t for t in (right_text, verdict.explanation) if t) or tr("question.right")
    return " ".join(t for t in (verdict.explanation, wrong_text) if t) or tr("question.wrong")


def spoken_verdict(verdict: Any, right_text: str, wrong_text: str) -> str:
    """The verdict as a screen reader hears it: right or wrong first, in words."""
    tr = session.tr()
    head = tr("question.right") if verdict.correct else tr("question.wrong")
    body = verdict_text(verdict, right_text, wrong_text)
    return body if body.startswith(head.rstrip("!.")) else f"{head} {body}"


def reset(key: str) -> None:
    for suffix in ("verdict", "started", "pick"):
        st.session_state.pop(f"{key}:{suffix}", None)


def ask(
    kind: str,
    rnd: Round,
    *,
    viewer: int,
    key: str,
    check: Checker,
    choices: Sequence[Any] = (),
    label: Callable[[Any], str] = str,
    right_text: str = "",
    wrong_text: str = "",
    on_answer: Callable[[Any, int], None] | None = None,
    reveal: bool = False,
    allow_retry: bool = True,
    labels: Sequence[str] | None = None,
    board_box: Any | None = None,
    controls: Any | None = None,
    selected: str | None = None,
) -> Any | None:
    """Show the question's board and answer controls, then its verdict (returned).

    ``selected``: a hand tile drawn as already picked up (a touch-move question).

    ``board_box`` and ``controls`` are containers (e.g. two columns) for the board and
    for the choices and verdict; by default both go where the call is.
    """
    st.session_state.setdefault(f"{key}:started", time.monotonic())
    answered = st.session_state.get(f"{key}:verdict") is not None
    spec = KINDS[kind]

    def submit(response: Any) -> None:
        if st.session_state.get(f"{key}:verdict") is None:
            verdict = check(response)
            _record(key, verdict, on_answer)
            if verdict is not None:  # a class quiz's verdict waits for the teacher's reveal
                # a screen reader hears it once, through the board's live region
                announce(spoken_verdict(verdict, right_text, wrong_text))

    board_box = board_box or st.container()
    controls = controls or st.container()
    on_board = spec.mode == "board" and not spec.multi
    with board_box:
        show_board(rnd, viewer=viewer, key=f"{key}:board", reveal=reveal or rnd.is_over,
                   interactive=on_board and not answered, hint_legal=False,
                   on_play=submit if on_board else None, labels=labels, selected=selected)
    with controls:
        return _controls(spec, on_board, key, answered, choices, label, submit, right_text, wrong_text,
                         allow_retry)


def _controls(spec, on_board, key, answered, choices, label, submit, right_text, wrong_text, allow_retry):
    tr = session.tr()
    if on_board:
        if not answered:
            st.caption(tr("question.pick_on_board"))
    else:
        indexes = list(range(len(choices)))
        picked = st.pills(
            tr("question.select_all") if spec.multi else tr("question.choose"), indexes,
            format_func=lambda i: label(choices[i]), selection_mode="multi" if spec.multi else "single",
            key=session.translated(f"{key}:pick"), disabled=answered,
        )
        if not answered:
            ready = bool(picked) if spec.multi else picked is not None

            def check_pick() -> None:
                # A callback, so the verdict is drawn in the same run as the click.
                chosen = st.session_state.get(f"{key}:pick")
                if chosen is None or (spec.multi and not chosen):
                    return
                submit([choices[i] for i in chosen] if spec.multi else choices[chosen])

            st.button(tr("question.check"), key=f"{key}:check", disabled=not ready, type="primary",
                      on_click=check_pick)

    verdict = st.session_state.get(f"{key}:verdict")
    if verdict is None:
        return None
    if verdict.correct:
        st.success(verdict_text(verdict, right_text, wrong_text), icon=":material/check:")
    else:
        st.error(verdict_text(verdict, right_text, wrong_text), icon=":material/close:")
        if allow_retry:
            st.button(tr("question.try_again"), key=f"{key}:retry", on_click=reset, args=(key,))
    return verdict
