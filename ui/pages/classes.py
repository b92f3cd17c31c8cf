"""My classes: the teacher's side of a class that lasts (docs/classes.md).

Create a class, or open one with its code and passphrase; then its tabs: Roster (how
students join, the students, login cards), Homework and Progress (ui/parts/classes/
homework.py and dashboard.py), and the class's settings.

The teacher's access lasts for this browser session only: the session keeps, for each
class opened, the key :func:`classroom.roster.open_class` gave, and every run checks it
against the class's passphrase hash (:func:`classroom.roster.teacher_class`). A reload
asks for the passphrase again: school computers are shared, and a cookie would leave the
class open to the next student at that computer.
"""

from __future__ import annotations

import importlib

import streamlit as st

from classroom import roster
from classroom.roster import RosterError
from engine import PRESET_NAMES
from progress import Store
from ui import session
from ui.i18n import LANGUAGES
from ui.labels import game_title
from ui.shell import page_file
from ui.parts.classes.roster import ZONES, act, roster_tab, settings_tab, show_flash

tr = session.tr()
KEYS = "classes_keys"        # class id -> the teacher's key, for the classes opened in this session
CURRENT = "classes_current"  # the class on screen
TAB = "classes_tab"          # the class's tab on screen (its label)
TAB_AT = "classes_tab_at"    # ... and its place, which a change of language keeps
DEFAULT_ZONE = {"nl": "Europe/Amsterdam", "pt": "America/Sao_Paulo", "es": "America/Mexico_City"}

store = session.store()
keys: dict = st.session_state.setdefault(KEYS, {})
if not isinstance(keys, dict):  # anything else in that slot is not this page's: start over
    keys = st.session_state[KEYS] = {}


def _forget(class_id: int) -> None:
    st.session_state.get(KEYS, {}).pop(class_id, None)
    if st.session_state.get(CURRENT) == class_id:
        st.session_state.pop(CURRENT, None)


# Every run checks each key against its class's passphrase hash (before the notices, which
# then say that a class was closed): a key of class A never opens B, a forged one nothing.
opened = []
for class_id, key in list(keys.items()) if isinstance(store, Store) else []:
    try:
        opened.append(roster.teacher_class(store, class_id, key))
    except RosterError:  # a new passphrase, a deleted class, or a key that was never this class's
        keys.pop(class_id, None)
        session.notice("classes.closed_again")

session.show_notices()
st.title(tr("classes.title"))
st.caption(tr("classes.intro"))
st.page_link(page_file("class_teacher"), label=tr("classes.to_live"), icon=":material/co_present:")
if not isinstance(store, Store):
    st.error(tr("classes.no_store"), icon=":material/cloud_off:")
    st.stop()


def _opened(found: roster.SchoolClass) -> None:
    st.session_state.setdefault(KEYS, {})[found.id] = found.key
    st.session_state[CURRENT] = found.id


def _create() -> None:
    s = st.session_state
    if s.get("classes_new_secret", "") != s.get("classes_new_secret2", ""):
        s["classes_flash"] = ("error", tr("classes.secrets_differ"))
        return
    made = act(lambda: roster.create_class(
        store, name=s.get("classes_new_name", ""), games=s.get("classes_new_games") or [],
        lang=s.get("classes_new_lang", session.lang()), time_zone=s.get("classes_new_zone", "UTC"),
        secret=s.get("classes_new_secret", "")))
    if made is not None:
        _opened(made)
        s["classes_flash"] = ("success", tr("classes.created", code=made.code))
        for k in ("classes_new_name", "classes_new_secret", "classes_new_secret2"):
            s[k] = ""


def _open() -> None:
    s = st.session_state
    found = act(lambda: roster.open_class(store, s.get("classes_open_code", ""), s.get("classes_open_secret", "")))
    s["classes_open_secret"] = ""
    if found is not None:
        _opened(found)


show_flash()
with st.expander(tr("classes.open_heading"), expanded=not opened):
    st.text_input(tr("classes.code"), key="classes_open_code", max_chars=12, placeholder="ABCD2345")
    st.text_input(tr("classes.secret"), key="classes_open_secret", type="password", max_chars=100)
    st.button(tr("classes.open"), key="classes_open_go", on_click=_open, type="primary", icon=":material/lock_open:")

# A form: the fields are sent together when the teacher creates the class, so nothing
# reruns while they type or pick (a rerun in flight on a busy server could drop a pick)
with st.expander(tr("classes.create_heading"), expanded=False), st.form("classes_new", border=False):
    st.text_input(tr("classes.name"), key="classes_new_name", max_chars=40, placeholder="7B")
    st.multiselect(tr("classes.games"), list(PRESET_NAMES), key=session.translated("classes_new_games"),
                   format_func=lambda g: game_title(tr, g))
    langs = list(LANGUAGES)
    st.selectbox(tr("classes.lang"), langs, index=langs.index(session.lang()), key="classes_new_lang",
                 format_func=LANGUAGES.__getitem__)
    zone = DEFAULT_ZONE.get(session.lang(), "Europe/London")
    st.selectbox(tr("classes.zone"), ZONES, index=ZONES.index(zone) if zone in ZONES else 0, key="classes_new_zone")
    st.text_input(tr("classes.secret"), key="classes_new_secret", type="password", max_chars=100,
                  help=tr("classes.secret_help"))
    st.text_input(tr("classes.secret_again"), key="classes_new_secret2", type="password", max_chars=100)
    st.form_submit_button(tr("classes.create"), key="classes_create_go", on_click=_create, icon=":material/add:")

if not opened:
    st.stop()

by_id = {c.id: c for c in opened}
if st.session_state.get(CURRENT) not in by_id:
    st.session_state[CURRENT] = opened[0].id
if len(opened) > 1:
    st.selectbox(tr("classes.which"), list(by_id), key=CURRENT, format_func=lambda i: by_id[i].name)
school_class = by_id[st.session_state[CURRENT]]

st.header(session.plain(school_class.name))
st.caption(tr("classes.code_line", code=f"`{school_class.code}`"))


def _their_tab(module: str, function: str) -> None:
    """The Homework and Progress tabs (another part of the page): a placeholder until they exist."""
    try:
        tab = getattr(importlib.import_module(module), function)
    except ModuleNotFoundError as error:
        if error.name != module:
            raise
        tab = None
    except AttributeError:
        tab = None
    if tab is None:
        st.info(tr("classes.coming"), icon=":material/construction:")
        return
    tab(roster.teacher_class(store, school_class.id, school_class.key))


# Only the tab on screen runs (choosing another reruns the page): the Progress tab's reads
# and charts, the Homework tab's forms for each homework are not made for a hidden tab.
names = [tr("classes.tab.roster"), tr("classes.tab.homework"), tr("classes.tab.progress"), tr("classes.tab.settings")]
if st.session_state.get(TAB) not in (None, *names) and st.session_state.get(TAB_AT) is not None:
    st.session_state[TAB] = names[st.session_state[TAB_AT]]  # the language changed: the same tab, in its words
tabs = st.tabs(names, key=TAB, on_change="rerun")
st.session_state[TAB_AT] = next((i for i, tab in enumerate(tabs) if tab.open), 0)
if tabs[0].open:
    with tabs[0]:
        roster_tab(store, school_class)
if tabs[1].open:
    with tabs[1]:
        _their_tab("ui.parts.classes.homework", "homework_tab")
if tabs[2].open:
    with tabs[2]:
        _their_tab("ui.parts.classes.dashboard", "dashboard_tab")
if tabs[3].open:
    with tabs[3]:
        settings_tab(store, school_class, _forget)
