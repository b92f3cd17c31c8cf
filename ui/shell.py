"""What every page shares: the page list, the sidebar (language, profile), deep links."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import streamlit as st

from . import session
from .i18n import LANGUAGES
from .parts.page_style import apply_page_style

#: the pages' folder. Pages are named by absolute path (:func:`page_file`), never relative to
#: the main script: that is app.py in a checkout and capicu/web/app.py in an installed wheel.
PAGES_DIR = Path(__file__).resolve().parent / "pages"


def page_file(name: str) -> str:
    """The file of page ``name`` (ui/pages/<name>.py) by absolute path, for ``st.page_link``
    and ``st.switch_page`` wherever the main script lives.

    >>> page_file("home").endswith("/ui/pages/home.py")
    True
    """
    return str(PAGES_DIR / f"{name}.py")


# (file, url path, title key, icon); the first is the home page. The sidebar shows the first
# ten and keeps the rest behind "View 5 more" (a fully open menu pushed the profile picker
# below the fold): the learner's own pages come first, the teacher's last.
PAGES = [
    (page_file("home"), "home", "nav.home", ":material/home:"),
    (page_file("course"), "course", "nav.course", ":material/school:"),
    (page_file("lesson"), "lesson", "nav.lesson", ":material/play_lesson:"),
    (page_file("practice"), "practice", "nav.practice", ":material/extension:"),
    (page_file("mistakes"), "mistakes", "nav.mistakes", ":material/psychology_alt:"),
    (page_file("stats"), "stats", "nav.stats", ":material/insights:"),
    (page_file("daily"), "daily", "nav.daily", ":material/today:"),
    (page_file("deal"), "deal", "nav.deal", ":material/style:"),
    (page_file("play"), "play", "nav.play", ":material/sports_esports:"),
    (page_file("table"), "table", "nav.table", ":material/table_restaurant:"),
    (page_file("analyse"), "analyse", "nav.analyse", ":material/troubleshoot:"),
    (page_file("class_teacher"), "class", "nav.class", ":material/co_present:"),
    (page_file("class_join"), "join", "nav.join", ":material/how_to_reg:"),
    (page_file("classes"), "classes", "nav.classes", ":material/groups:"),
    (page_file("my_class"), "myclass", "nav.my_class", ":material/badge:"),
]
# A deep link on the home page (?lesson=..., ?daily=...) opens the page it names.
DEEP_LINKS = {"lesson": "lesson", "daily": "daily", "puzzle": "practice", "seed": "play", "join": "join", "t": "table",
              "joinclass": "myclass"}


def pages() -> list:
    session.init_language()
    tr = session.tr()
    return [
        st.Page(path, title=tr(title), icon=icon, url_path=url, default=(i == 0))
        for i, (path, url, title, icon) in enumerate(PAGES)
    ]


def page_for(url_path: str):
    """The st.Page object of a url path, for links and switches."""
    return next(p for p in pages() if p.url_path == url_path)


def frame(page) -> None:
    """Runs before every page: deep links, the language in the URL, the sidebar."""
    session.set_page(page.url_path)
    apply_page_style()
    if "card" in st.query_params:  # a login card's QR: sign in before the sidebar draws the profile
        from .parts.classes.card import take_card

        take_card(page.url_path, page_for)
    if page.url_path in ("", "home"):
        for param, target in DEEP_LINKS.items():
            if param in st.query_params:
                st.switch_page(page_for(target), query_params=st.query_params.to_dict())
    session.keep_lang_in_url()
    _sidebar()


#: ``raise``: a page's unexpected error reaches the test that ran it (tests set it, so a
#: bug is never hidden behind the plain message below)
PAGE_ERRORS_ENV = "CAPICU_PAGE_ERRORS"
log = logging.getLogger("capicu.pages")


def run(page) -> None:
    """Runs ``page`` in its frame (:func:`frame`). An error nobody foresaw becomes a plain message in the visitor's
    language; its traceback goes to the server's log, never to the page (it would show the
    server's file paths). Streamlit's own stop and rerun signals are not ``Exception``s
    and pass through."""
    try:
        frame(page)
        page.run()
    except Exception:
        if os.environ.get(PAGE_ERRORS_ENV) == "raise":
            raise
        log.exception("page %r failed", page.url_path)
        st.error(session.tr()("crash.page_failed"), icon=":material/error:")


def _on_lang_change() -> None:
    session.set_lang(st.session_state["lang_select"])


def _sidebar() -> None:
    tr = session.tr()
    with st.sidebar:
        # Created after st.navigation(): a widget made before it loses its value on a
        # server's first run (streamlit-notes.md §3).
        codes = list(LANGUAGES)
        st.selectbox(
            tr("sidebar.language"), codes, index=codes.index(session.lang()),
            format_func=LANGUAGES.__getitem__, key="lang_select", on_change=_on_lang_change,
        )
        from .parts.profile_picker import profile_picker

        profile_picker()
