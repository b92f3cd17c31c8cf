"""Capicú: the entry point. Navigation only; every page lives in ui/."""

import streamlit as st

from ui import shell

st.set_page_config(page_title="Capicú", page_icon=":material/casino:", layout="wide")
page = st.navigation(shell.pages(), position="sidebar")
shell.frame(page)
page.run()
