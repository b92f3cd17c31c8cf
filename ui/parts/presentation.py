"""Presentation mode: a lesson on a classroom projector.

``?lesson=ID&step=N&present=1`` (or the key F, or the *Present* button) shows only a
slim teacher's bar and the board, large and high-contrast, with the step's caption
beside it; every text is at least 24 px at 1920 px wide (sizes follow the screen's width,
so a 1280 px projector shows the same page two thirds as large). The board steps with the
arrow keys, Page Up / Page Down (a presenter's clicker), Home and End; F asks the
browser for full screen; Escape, the browser leaving full screen, or the *Leave* button
return to the lesson at the same step.

The teacher can hide the hands (every tile face down, and the step's caption, which would
name them, kept back) and show them again, and in a
lesson with a task the last step is *Your turn*: the question on the board, its answer
hidden until *Reveal answer*. Table rules and the language switch live: the step is
kept in session state, so nothing moves but the words and the board. A language chosen
in the bar stays on the next steps (the hidden sidebar's box is set to it), and the
clicker steps at once though the focus is still in the language box (ui/board/board.js).

The Streamlit test ids below are not a public API (streamlit-notes.md §4): re-check them
on upgrades.
"""

from __future__ import annotations

from typing import Any, Callable

import streamlit as st

from .. import session
from ..i18n import LANGUAGES

PRESENT = "present"
HIDE_HANDS = "present_hide_hands"

_CSS = """
<style>
header[data-testid="stHeader"], [data-testid="stSidebar"], [data-testid="stToolbar"],
[data-testid="stSidebarCollapsedControl"], [data-testid="stDecoration"],
[data-testid="stStatusWidget"] { display: none !important; }
.block-container, [data-testid="stMain"] [data-testid="stMainBlockContainer"] {
  padding: 0.5rem 1.2rem 0.2rem !important; max-width: 100% !important; }
[data-testid="stMain"] h1 { font-size: clamp(26px, 2.1vw, 48px) !important; line-height: 1.15; padding: 0 0 0.3rem !important; }
[data-testid="stMain"] p, [data-testid="stMain"] li { font-size: clamp(18px, 1.57vw, 34px); line-height: 1.35; }
[data-testid="stMain"] [data-testid="stAlert"] p { font-size: clamp(19px, 1.67vw, 36px); line-height: 1.35; }
[data-testid="stMain"] button p, [data-testid="stMain"] button span,
[data-testid="stPopoverBody"] p, [data-testid="stPopoverBody"] span,
[data-testid="stMain"] [data-testid="stSelectbox"] *, [data-baseweb="popover"] li,
[data-baseweb="popover"] li * { font-size: clamp(16px, 1.25vw, 28px) !important; }
[data-testid="stMain"] button, [data-testid="stMain"] [data-testid="stSelectbox"] [data-baseweb="select"] > div {
  min-height: 52px; }
[data-testid="stMain"] [data-testid="stCaptionContainer"] { font-size: clamp(16px, 1.25vw, 28px); }
.cp-counter { font-size: clamp(22px, 1.8vw, 40px) !important; font-weight: 800; text-align: center;
  white-space: nowrap; font-variant-numeric: tabular-nums; }
.cp-present-answer { font-size: clamp(19px, 1.67vw, 36px) !important; font-weight: 700; color: #1b5e20; }
*:focus:not(:focus-visible) { outline: none !important; box-shadow: none !important; }
</style>
"""


def presenting() -> bool:
    return st.query_params.get(PRESENT) == "1"


def start() -> None:
    """A callback: into presentation mode (the key F or the *Present* button)."""
    st.query_params[PRESENT] = "1"


def leave() -> None:
    """A callback: back to the lesson, at the same step."""
    st.query_params.pop(PRESENT, None)


def hands_hidden() -> bool:
    return bool(st.session_state.get(HIDE_HANDS, False))


def _toggle_hands() -> None:
    st.session_state[HIDE_HANDS] = not hands_hidden()


def answer_key(lesson_id: str) -> str:
    return f"present_answer:{lesson_id}"


def answer_shown(lesson_id: str) -> bool:
    return bool(st.session_state.get(answer_key(lesson_id), False))


def _toggle_answer(lesson_id: str) -> None:
    st.session_state[answer_key(lesson_id)] = not answer_shown(lesson_id)


def _switch_language() -> None:
    code = st.session_state.get("present_lang")
    if code in LANGUAGES and code != session.lang():
        session.set_lang(code)
        # The hidden sidebar's box follows. Set, not removed: a box removed from session
        # state while the browser still shows it comes back with the old language on the
        # next run and its own callback puts that language back (review C1).
        st.session_state["lang_select"] = code


def presentation_mode() -> None:
    """Hide Streamlit's chrome and set the projector's type sizes."""
    st.markdown(_CSS, unsafe_allow_html=True)


def teacher_bar(*, step: int, total: int, counter: str, go: Callable[[int], None],
                lesson_id: str, has_task: bool, on_task: bool, variants: list[tuple[str, str, bool]],
                toggle_variant: Callable[[str], None]) -> None:
    """One slim row: the steps and their counter, hands, answer, table rules, language and
    *Leave*. ``variants``: (overlay, its words, on) for the rules popover."""
    tr = session.tr()
    widths = [0.7, 2.4, 0.7, 2.2, 2.4 if has_task else 0.01, 2.0 if variants else 0.01, 1.4, 2.6]
    cols = st.columns(widths, vertical_alignment="center", gap="small")
    cols[0].button(":material/chevron_left:", key="present_prev", help=tr("lesson.prev"), on_click=go,
                   args=(step - 1,), disabled=step == 0, width="stretch")
    cols[1].markdown(f"<div class='cp-counter' style='text-align:center'>{counter}</div>",
                     unsafe_allow_html=True)
    cols[2].button(":material/chevron_right:", key="present_next", help=tr("lesson.next"), on_click=go,
                   args=(step + 1,), disabled=step == total - 1, width="stretch")
    hidden = hands_hidden()
    cols[3].button(tr("presenter.show_hands" if hidden else "presenter.hide_hands"), key="present_hands",
                   icon=":material/visibility:" if hidden else ":material/visibility_off:",
                   on_click=_toggle_hands, width="stretch")
    if has_task:
        shown = answer_shown(lesson_id)
        cols[4].button(tr("presenter.hide_answer" if shown else "presenter.reveal_answer"), key="present_answer",
                       icon=":material/quiz:", on_click=_toggle_answer, args=(lesson_id,), disabled=not on_task,
                       width="stretch")
    if variants:
        with cols[5].popover(tr("presenter.rules"), icon=":material/rule:", width="stretch"):
            for overlay, words, on in variants:
                st.toggle(words, key=f"variant:{lesson_id}:{overlay}", value=on,
                          on_change=toggle_variant, args=(overlay,))
    codes = list(LANGUAGES)
    st.session_state["present_lang"] = session.lang()
    cols[6].selectbox(tr("presenter.language"), codes, key="present_lang", on_change=_switch_language,
                      format_func=str.upper, label_visibility="collapsed")
    cols[7].button(tr("presenter.leave"), key="present_leave", icon=":material/close_fullscreen:", on_click=leave,
                   type="primary", width="stretch")


def answer_block(answer_text: str, right_text: str) -> None:
    st.markdown(f"<div class='cp-present-answer'>{_escape(answer_text)}</div>", unsafe_allow_html=True)
    if right_text:
        st.markdown(right_text)


def _escape(text: Any) -> str:
    import html

    return html.escape(str(text))
