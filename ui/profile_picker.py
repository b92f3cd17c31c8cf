"""Sidebar: pick or create a profile (a name, no password) so progress is saved."""

from __future__ import annotations

import streamlit as st

from progress import ProgressError

from . import session

NEW = "__new__"
GUEST = "__guest__"


def _on_pick() -> None:
    choice = st.session_state["profile_select"]
    if choice in (NEW, GUEST):
        session.set_profile(None)
        return
    match = [p for p in _profiles() if p.id == choice]
    session.set_profile(match[0] if match else None)


def _profiles() -> list:
    try:
        return list(session.store().profiles())
    except ProgressError as exc:  # the store broke mid-session: keep going without it
        session.notice("notice.store_problem", detail=session.tr().error(exc))
        return []


def _create() -> None:
    tr = session.tr()
    name = st.session_state.get("profile_name", "")
    try:
        created = session.store().create_profile(name)
    except ProgressError as exc:
        st.session_state["profile_error"] = tr.error(exc)
        return
    st.session_state.pop("profile_error", None)
    st.session_state["profile_name"] = ""
    session.set_profile(created)
    st.session_state["profile_select"] = created.id


def profile_picker() -> None:
    tr = session.tr()
    store = session.store()
    st.divider()
    if not store.saving:
        st.caption(tr("profile.not_saving", reason=tr(f"store.{store.problem or 'unknown'}")))
    salvage = getattr(store, "salvage", None)
    if salvage is not None:
        st.caption(tr("profile.salvaged", kept=session.plain(salvage.kept.name), rows=salvage.rows))
    profiles = _profiles()
    ids = [GUEST] + [p.id for p in profiles] + [NEW]
    names = {p.id: p.name for p in profiles}
    current = session.profile()
    index = ids.index(current.id) if current is not None and current.id in ids else 0
    if st.session_state.get("profile_select") not in ids:
        # The widget's value lives in session state (a new profile is picked from a
        # callback); giving it an index as well would make Streamlit warn on every run.
        st.session_state["profile_select"] = ids[index]
    choice = st.selectbox(
        tr("profile.label"), ids, key=session.translated("profile_select"), on_change=_on_pick,
        format_func=lambda i: tr("profile.guest") if i == GUEST else tr("profile.new") if i == NEW else names[i],
    )
    if choice == NEW:
        st.text_input(tr("profile.name"), key="profile_name", max_chars=40)
        st.button(tr("profile.create"), on_click=_create, key="profile_create")
        if "profile_error" in st.session_state:
            st.error(st.session_state["profile_error"])
    elif choice == GUEST:
        st.caption(tr("profile.guest_hint"))
