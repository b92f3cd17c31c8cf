"""The inks a chart writes its own labels in, for the theme the page shows: Plotly's text
takes Streamlit's theme by itself, but a colour a chart sets (the class quiz's answer
labels, the hint's error bars) must follow it too, or it is dark on dark in the dark theme.
Each ink keeps 4.5:1 against its theme's background (tests/ui/test_chart_inks.py)."""

from __future__ import annotations

from typing import NamedTuple

import streamlit as st


class Inks(NamedTuple):
    ink: str      # labels and numbers
    good: str     # the right answer's label (it has a ✓ too: colour is never alone)
    line: str     # error bars and other thin marks


#: Streamlit's own backgrounds: what the inks stand on
BACKGROUND = {"light": "#ffffff", "dark": "#0e1117"}
INKS = {"light": Inks("#262730", "#1b5e20", "#263238"), "dark": Inks("#fafafa", "#81c784", "#cfd8dc")}


def theme() -> str:
    """ "light" or "dark": the theme the reader's page shows (light outside a page)."""
    try:
        kind = st.context.theme.type
    except (AttributeError, RuntimeError):
        return "light"
    return kind if kind in INKS else "light"


def inks() -> Inks:
    return INKS[theme()]
