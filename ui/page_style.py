"""Styles every page shares, on top of Streamlit's theme.

The selectors use Streamlit's test ids, which are not a public API
(streamlit-notes.md §4): ``tests/e2e`` checks the effect in Chromium on every run.
"""

import streamlit as st

# Pills and segmented controls keep their options on one line and hide the overflow
# (a legal-moves question showed 2 of 15 options at 1280 px): let them wrap instead.
_CSS = """
<style>
[data-testid="stButtonGroup"] > div { flex-wrap: wrap !important; overflow-x: visible !important; row-gap: 0.5rem; }
</style>
"""


def apply_page_style() -> None:
    """Add the shared styles to this run (style-only HTML takes no room on the page)."""
    st.html(_CSS)
