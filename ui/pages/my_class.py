"""My class: a student's side of a class that lasts (docs/classes.md).

* A login card's QR opens ``/myclass?card=<secret>``: the card signs this session in to
  the student's profile before the sidebar is drawn (ui/parts/classes/card.py, from the
  shell, on any page), the secret leaves the address bar at once, and this page says so.
* ``/myclass?joinclass=CODE`` (the class's link and QR) fills in the code: the student
  joins once with a nickname and a PIN (a new profile, hidden from the list), or as the
  profile this session is signed in to.
* Signed in, the page shows the student's own classes and their own nickname there:
  never anyone else's name or results.
"""

from __future__ import annotations

import secrets

import streamlit as st

from classroom import roster
from classroom.roster import RosterError
from progress import ProgressError, Store
from classroom.quiz import normalize_code
from ui import session
from ui.labels import game_title
from ui.parts import device
from ui.parts.classes.card import CARD_DONE, JOINS
from ui.parts.classes.roster import act, error_text, show_flash
from ui.shell import page_file

tr = session.tr()
session.show_notices()
st.title(tr("classes.my_title"))
store = session.store()
if not isinstance(store, Store):
    st.error(tr("classes.no_store"), icon=":material/cloud_off:")
    st.stop()



def _signed_in(profile) -> None:
    session.set_profile(profile)
    st.session_state["profile_select"] = profile.id  # from a callback: before the sidebar's picker


wanted = st.query_params.get("joinclass")
if wanted and "classes_join_code" not in st.session_state:
    st.session_state["classes_join_code"] = normalize_code(wanted)
show_flash()

me = session.profile()
if me is not None and st.session_state.get(CARD_DONE) == me.id:
    st.caption(tr("classes.stay_help"))
    if st.button(tr("classes.stay"), key="classes_stay", icon=":material/devices:"):
        device.remember(me.id)
        st.session_state.pop(CARD_DONE, None)
        st.rerun()

if me is not None:
    try:
        mine = roster.classes_of(store, me.id)
    except ProgressError as error:
        st.error(error_text(error))
        mine = []
    if mine:
        st.subheader(tr("classes.my_classes"))
    for school_class in mine:
        with st.container(border=True):
            st.markdown(f"### {session.plain(school_class.name)}")
            try:
                nickname = roster.member_of(store, school_class.id, me.id).nickname
            except RosterError:
                continue
            st.markdown(tr("classes.you_are", nickname=session.plain(nickname),
                           games=", ".join(game_title(tr, g) for g in school_class.games)))
            if school_class.archived:
                st.caption(tr("classes.my_archived"))
    if mine:
        st.page_link(page_file("home"), label=tr("classes.todo_link"), icon=":material/checklist:")
    elif not st.session_state.get("classes_join_code"):
        st.info(tr("classes.my_none"), icon=":material/group:")


def _address() -> str | None:
    try:
        return st.context.ip_address
    except Exception:  # noqa: BLE001 - no browser context (a bare script run)
        return None


def _join() -> None:
    s = st.session_state
    signed = session.profile()
    tries = s.setdefault("classes_join_session", secrets.token_hex(8))
    if not JOINS.allow(tries, _address(), f"{s.get('classes_join_code', '')}\n{s.get('classes_join_nickname', '')}"):
        s["classes_flash"] = ("error", tr("classes.too_many_joins"))
        return
    joined = act(lambda: roster.join_class(
        store, s.get("classes_join_code", ""), s.get("classes_join_nickname", ""),
        None if signed else s.get("classes_join_pin", ""), profile_id=signed.id if signed else None))
    s["classes_join_pin"] = ""
    if joined is None:
        return
    profile_id, member = joined
    if signed is None:
        found = store.find_profile(member.profile_name)
        if found is not None:
            _signed_in(found)
    s["classes_flash"] = ("success", tr("classes.joined", name=session.plain(member.nickname),
                                        sign_in=session.plain(member.profile_name)))
    s["classes_join_code"] = ""


with st.expander(tr("classes.join_heading_student"), expanded=me is None or bool(st.session_state.get("classes_join_code"))):
    st.text_input(tr("classes.code"), key="classes_join_code", max_chars=12, placeholder="ABCD2345")
    st.text_input(tr("classes.nickname"), key="classes_join_nickname", max_chars=40)
    if me is None:
        st.text_input(tr("classes.pin_choose"), key="classes_join_pin", type="password", max_chars=8,
                      help=tr("classes.pin_choose_help"))
    else:
        st.caption(tr("classes.join_as", name=session.plain(me.name)))
    st.button(tr("classes.join"), key="classes_join_go", on_click=_join, type="primary", icon=":material/how_to_reg:")
