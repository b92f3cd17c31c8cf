"""Capicú: the entry point. Navigation only; every page lives in ui/.

Streamlit runs this file as the app's main script: from a checkout as ``app.py`` (a link
to this file), from an installed wheel as ``capicu/web/app.py`` (``capicu serve``). It
finds everything else through the ``ui`` package, so it may live anywhere.
"""

from pathlib import Path

import streamlit as st

import ui
from ui import shell

# The icon ships with the app: a Material icon name would be fetched from the internet.
ICON = str(Path(ui.__file__).resolve().parent / "assets" / "favicon.png")
st.set_page_config(page_title="Capicú", page_icon=ICON, layout="wide")
page = st.navigation(shell.pages(), position="sidebar")
shell.run(page)
