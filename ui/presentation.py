"""Projector mode: hide Streamlit's chrome so the board fills the screen.

The test ids below are not a public API (streamlit-notes.md §4): re-check them on upgrades.
"""

import streamlit as st

_CSS = """
<style>
header[data-testid="stHeader"], [data-testid="stSidebar"], [data-testid="stToolbar"],
[data-testid="stSidebarCollapsedControl"] { display: none !important; }
.block-container { padding-top: 1rem !important; max-width: 100% !important; }
h1 { font-size: 2.4rem !important; }
[data-testid="stAlert"] p { font-size: 1.4rem; }
</style>
"""


def presentation_mode() -> None:
    st.markdown(_CSS, unsafe_allow_html=True)
