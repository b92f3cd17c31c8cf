"""The class quiz on the classroom projector: type sizes that read from the back of a room.

The teacher's page (``ui/pages/class_teacher.py``) draws the lobby inside
``st.container(key=LOBBY)`` and a question inside ``st.container(key=PROJECTOR)``; every
rule below starts with the ``st-key-...`` class Streamlit gives those containers, so it
touches nothing outside them, on this page or any other (the same mechanism as
``ui/parts/page_style.py``: style-only HTML, which takes no room on the page).

Sizes follow the window's width (``vw``), as in presentation mode (``ui/parts/presentation.py``):
at 1920 px wide the question is 42 px, the options and the count 28 px and more; a
1280 px laptop shows the same page two thirds as large. The chart's type is set in the
figure itself (``ui.parts.classroom.quiz.CHART_PX``); the board is drawn in the board's projector
mode (``present=True``) with two custom properties that inherit into its shadow root:
``--cpb-present-min-px`` (its labels) and ``--cpb-present-max-height`` (:func:`board_room`),
so that the bar with the teacher's button, the question, its options, the board, the count
and the chart fit one 1920 × 1080 screen, sidebar open or shut. Below 640 px Streamlit
stacks the columns: nothing is wider than the window.
``tests/e2e/test_class_projector_e2e.py`` measures all of it in Chromium (docs/classroom.md).

The one rule outside those containers is the *How to join* popover's, which Streamlit draws
at the page's end: it is found by ``:has()`` the keyed container of the join text in it.

The Streamlit test ids are not a public API (streamlit-notes.md §4): re-check on upgrades.
"""

from __future__ import annotations

import streamlit as st

#: The keyed containers the rules are scoped to.
LOBBY = "class_lobby_view"
PROJECTOR = "class_projector"

_P = f".st-key-{PROJECTOR}"
_L = f".st-key-{LOBBY}"

_CSS = f"""
<style>
/* ---- a question on the projector ---- */
/* the board: its labels as drawn (a minimum of 15 px at 1920 px wide; presentation mode's
   24 px would make the seats' tags cover tiles on a board this size), its height: board_room() */
{_P} {{ --cpb-present-max-height: max(300px, calc(100vh - 360px)); --cpb-present-min-px: 15; gap: 0.6rem; }}
/* the teacher's bar: where we are, how to join, and the one button that moves on */
/* (below Streamlit's 60 px header, which paints over the page's first 12 px once the sidebar is shut) */
{_P} .st-key-class_bar {{ align-items: baseline !important; gap: 0.6rem 1.2rem; margin-top: 0.8rem; }}
{_P} .st-key-class_bar [data-testid="stMarkdownContainer"] p {{ margin: 0; }}
{_P} .st-key-class_kicker p {{ font-size: clamp(18px, 1.4vw, 36px); font-weight: 700; white-space: nowrap; }}
{_P} .st-key-class_bar [data-testid="stCaptionContainer"] {{ font-size: clamp(16px, 1.1vw, 28px);
  overflow-wrap: anywhere; }}
{_P} .st-key-class_bar .st-key-class_join_pop {{ margin-left: auto; }}
{_P} .st-key-class_bar button {{ min-height: clamp(44px, 3vw, 72px); padding: 0.3rem 1.2rem; }}
{_P} .st-key-class_bar button p, {_P} .st-key-class_bar button span {{
  font-size: clamp(17px, 1.3vw, 32px) !important; font-weight: 600; }}
{_P} .st-key-class_bar [data-testid="stButton"] button[kind="primary"] {{ padding: 0.3rem 1.8rem; }}
/* the question itself */
{_P} .st-key-class_question h1 {{
  font-size: clamp(24px, 2.2vw, 56px); line-height: 1.18; font-weight: 700; padding: 0 0 0.3rem; margin: 0; }}
/* the options: chips in a row that wraps; once revealed the right one is bold, green and ✓ */
{_P} .st-key-class_options ul {{ display: flex; flex-wrap: wrap; gap: 0.5rem 0.7rem; list-style: none;
  padding: 0; margin: 0 0 0.5rem; }}
{_P} .st-key-class_options li {{ font-size: clamp(20px, 1.6vw, 40px); line-height: 1.2; font-weight: 600;
  margin: 0; padding: 0.2em 0.75em; border-radius: 0.6em; border: 2px solid rgba(31, 119, 180, 0.45);
  background: rgba(31, 119, 180, 0.08); font-variant-numeric: tabular-nums; overflow-wrap: anywhere;
  min-width: 2.6em; text-align: center; }}
{_P} .st-key-class_options li::marker {{ content: none; }}
{_P} .st-key-class_options li:has(strong) {{ border-color: #2e7d32; background: #2e7d32; color: #fff; }}
/* the live count */
{_P} [data-testid="stMetric"] {{ padding: 0; }}
{_P} [data-testid="stMetricLabel"] p, {_P} [data-testid="stMetricLabel"] {{
  font-size: clamp(18px, 1.5vw, 38px) !important; font-weight: 600; }}
{_P} [data-testid="stMetricValue"], {_P} [data-testid="stMetricValue"] div {{
  font-size: clamp(28px, 2.6vw, 66px) !important; font-weight: 800; line-height: 1.1;
  font-variant-numeric: tabular-nums; }}
/* the answer, and why */
{_P} .st-key-class_why [data-testid="stAlert"] p {{ font-size: clamp(17px, 1.3vw, 32px); line-height: 1.35; }}
{_P} .st-key-class_answer [data-testid="stAlert"] p {{ font-size: clamp(20px, 1.6vw, 40px); font-weight: 700; }}
{_P} [data-testid="stAlert"] span:has(> [data-testid="stAlertDynamicIcon"]),
{_P} [data-testid="stAlertDynamicIcon"] {{ font-size: clamp(20px, 1.6vw, 40px); width: auto; height: auto; }}
{_P} [data-testid="stAlert"] [data-testid="stMarkdownContainer"] {{ width: auto !important; flex: 1 1 0; min-width: 0; }}

/* ---- the lobby: the code to type, from the back of the room ---- */
{_L} .st-key-class_start button {{ min-height: clamp(48px, 3.2vw, 76px); padding: 0.3rem 2rem; }}
{_L} .st-key-class_start button p, {_L} .st-key-class_start button span {{
  font-size: clamp(18px, 1.4vw, 34px) !important; font-weight: 700; }}
{_L} .st-key-class_join_text p {{ font-size: clamp(18px, 1.4vw, 34px); line-height: 1.35; }}
{_L} .st-key-class_join_text h1 {{ padding: 0.2rem 0 0.4rem; }}
{_L} .st-key-class_join_text h1 code {{ font-size: clamp(48px, 6vw, 150px); letter-spacing: 0.12em;
  padding: 0.05em 0.35em; font-weight: 700; }}
{_L} .st-key-class_join_text [data-testid="stCode"] code {{ font-size: clamp(15px, 1.25vw, 30px); white-space: pre-wrap !important;
  overflow-wrap: anywhere; }}
{_L} [data-testid="stImage"] img {{ max-width: 100%; height: auto; }}

/* ---- how to join, over a question (a popover: drawn outside the page's containers, so
   found by the keyed container of its text) ---- */
[data-testid="stPopoverBody"]:has(.st-key-class_join_text) {{ width: min(980px, 94vw) !important;
  max-width: none !important; }}
[data-testid="stPopoverBody"] .st-key-class_join_text p {{ font-size: clamp(16px, 1.2vw, 30px); line-height: 1.35; }}
[data-testid="stPopoverBody"] .st-key-class_join_text h1 code {{ font-size: clamp(36px, 3.6vw, 90px);
  letter-spacing: 0.12em; padding: 0.05em 0.35em; font-weight: 700; }}
[data-testid="stPopoverBody"] .st-key-class_join_text [data-testid="stCode"] code {{
  font-size: clamp(14px, 1vw, 24px); white-space: pre-wrap !important; overflow-wrap: anywhere; }}
[data-testid="stPopoverBody"]:has(.st-key-class_join_text) [data-testid="stImage"] img {{ max-width: 100%; height: auto; }}
</style>
"""


def board_room(question: str, options: list[str]) -> None:
    """Let the board fill what the screen leaves under the bar, ``question`` and its
    ``options`` chips, so that it never pushes itself below a 1920 × 1080 screen's edge.

    The heights follow the type sizes above, in ``vw``; the lines are counted for the
    narrowest main area a 1920 px window has (the sidebar open: 76 vw), so the estimate
    errs on the side of a board a little smaller. Style-only HTML: it takes no room.
    """
    st.html(f"<style>{_P} {{ --cpb-present-max-height: {board_max_height(question, options)}; }}</style>")


def board_max_height(question: str, options: list[str]) -> str:
    """The CSS height left for the board (see :func:`board_room`).

    >>> board_max_height("How many points?", ["5", "10"])
    'max(300px, calc(100vh - 113px - 10.7vw))'
    >>> board_max_height("x" * 130, ["Winner: Luis and Marco, no shutout"] * 4)  # three lines, two rows of chips
    'max(300px, calc(100vh - 121px - 18.8vw))'
    """
    width = 76.0  # vw
    lines = max(1, -(-len(question) // 60))   # 2.2 vw type, bold: about 60 characters a line
    rows, used = 0, width
    for words in options:  # 1.6 vw type: a chip is its text, its padding and its gap
        chip = 0.9 * len(words) + 3.0
        if used + chip > width:
            rows, used = rows + 1, 0.0
        used += min(chip, width)
    fixed = 61 + 3 * 10 + 6 + 16 + 8 * max(0, rows - 1)  # px: top, gaps, score strip, below; rows' gaps
    vw = 3.0 + 2.6 * lines + 2.9 * rows + 2.2          # bar, question, chips, score strip
    return f"max(300px, calc(100vh - {fixed}px - {vw:.1f}vw))"


def projector_style() -> None:
    """Add the quiz's projector sizes to this run (only the keyed containers take them)."""
    st.html(_CSS)
