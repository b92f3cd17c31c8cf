"""The course, loaded once per process (read-only data shared by every session)."""

from __future__ import annotations

import streamlit as st

from lessons.model import Course, load_course


@st.cache_resource(show_spinner=False)
def course() -> Course:
    return load_course()
