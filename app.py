"""Capicú: the entry point. Navigation only; every page lives in ui/."""

import streamlit as st

st.set_page_config(page_title="Capicú", page_icon=":material/casino:", layout="wide")
st.navigation([st.Page("ui/home.py", title="Capicú", default=True)]).run()
