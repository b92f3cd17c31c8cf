"""Capicú: the entry point. Navigation only; every page lives in ui/."""

from pathlib import Path

import streamlit as st

from ui import shell

# The icon ships with the app: a Material icon name would be fetched from the internet.
ICON = str(Path(__file__).resolve().parent / "ui" / "assets" / "favicon.png")
st.set_page_config(page_title="Capicú", page_icon=ICON, layout="wide")
page = st.navigation(shell.pages(), position="sidebar")
shell.run(page)
