"""Styles every page shares, on top of Streamlit's theme.

The selectors use Streamlit's test ids, which are not a public API
(streamlit-notes.md §4): ``tests/e2e`` checks the effect in Chromium on every run.
"""

import streamlit as st

# Pills and segmented controls keep their options on one line and hide the overflow
# (a legal-moves question showed 2 of 15 options at 1280 px): let them wrap instead.
# The lesson's step row and the course's links follow (issue 10's layout findings).
_CSS = """
<style>
[data-testid="stButtonGroup"] > div { flex-wrap: wrap !important; overflow-x: visible !important; row-gap: 0.5rem; }
/* A lesson's step row (first, back, counter, next, last) stays one row on a phone,
   where Streamlit would stack every column full width. */
.st-key-lesson_steps [data-testid="stHorizontalBlock"] { flex-wrap: nowrap !important; gap: 0.4rem; }
.st-key-lesson_steps [data-testid="stColumn"] { min-width: 0 !important; width: auto !important; flex: 1 1 0 !important; }
/* Less empty space above every page's first line (Streamlit leaves 6rem). */
@media (min-width: 640px) { [data-testid="stMainBlockContainer"] { padding-top: 3rem !important; } }
/* A lesson's title takes less height, so its board and step buttons fit at 1280 x 800. */
.st-key-lesson_title h1 { font-size: 2.1rem !important; padding: 0.25rem 0 0.5rem !important; }
/* Captions: Streamlit's grey (#828180 on white, 3.9:1) is below the 4.5:1 that WCAG AA
   asks of small text. The body's own colour at 80% keeps them quieter than the text and
   above 6:1 on white, on the sidebar's grey and in the dark theme (docs/accessibility.md). */
[data-testid="stCaptionContainer"] { color: inherit !important; opacity: 0.82; }
[data-testid="stCaptionContainer"] p { color: inherit !important; }
/* A disabled widget's label (an answered question's "Choose your answer") stays readable:
   the widget itself shows that it is disabled. */
[data-testid="stWidgetLabel"], [data-testid="stWidgetLabel"] p { color: inherit !important; }
/* Course cards: a lesson's title wraps instead of ending in an ellipsis. */
[data-testid="stPageLink-NavLink"] p, [data-testid="stPageLink-NavLink"] span {
  white-space: normal !important; overflow: visible !important; text-overflow: clip !important; }
</style>
"""


def apply_page_style() -> None:
    """Add the shared styles to this run (style-only HTML takes no room on the page)."""
    st.html(_CSS)
