"""Sidebar: sign in to a profile (a name, with a PIN if its owner set one) so progress is
saved, create one, or play as a guest. A signed-in device stays signed in across reloads
(ui/parts/device.py) until its player signs out; a profile can be hidden from the list."""

from __future__ import annotations

import secrets

import streamlit as st

from progress import ProgressError, StoreUnavailable
from progress.accounts import NAME_LOOKUPS

from .. import session
from . import device

NEW = "__new__"
GUEST = "__guest__"
OTHER = "__other__"  # sign in by typing a name (a hidden profile)
_PENDING = "profile_pending"  # a profile picked whose PIN is still to be typed
_ERROR = "profile_error"
_INFO = "profile_info"  # a change to the settings just saved
REMEMBER = "profile_remember"  # stay signed in on this device (off unless ticked: computers are shared)
_LOOKUP_ID = "profile_lookup_session"  # this session's key in the server's limit on name lookups
_PROTECTION = "profile_protection"  # (profile id, Protection) as last read or written


def _store_call(call):
    """Run a store call; a ProgressError becomes this run's message by the fields."""
    tr = session.tr()
    try:
        return call()
    except StoreUnavailable as exc:  # the database, not the player: say what happened to it
        st.session_state[_ERROR] = tr("notice.store_problem", detail=tr(f"store.{exc.code}"))
    except ProgressError as exc:
        st.session_state[_ERROR] = session.error_message(exc)  # a name in it is shown as text
    return None


def _signed_in(profile) -> None:
    st.session_state.pop(_ERROR, None)
    st.session_state.pop(_PENDING, None)
    st.session_state.pop("profile_pin", None)
    session.set_profile(profile)
    st.session_state["profile_select"] = profile.id
    if st.session_state.get(REMEMBER, False):  # only when asked: the next person may be a stranger
        device.remember(profile.id)
    else:
        device.forget()


def _on_pick() -> None:
    choice = st.session_state["profile_select"]
    st.session_state.pop(_ERROR, None)
    st.session_state.pop(_PENDING, None)
    if choice in (NEW, OTHER):
        return
    if choice == GUEST:
        device.forget()
        session.set_profile(None)
        return
    store = session.store()
    protection = _store_call(lambda: store.protection(choice))
    if protection is None:
        return
    if protection.pin:
        st.session_state[_PENDING] = choice
        return
    profile = _store_call(lambda: store.sign_in(choice))
    if profile is not None:
        _signed_in(profile)


def _client_address() -> str | None:
    try:
        return st.context.ip_address
    except Exception:  # noqa: BLE001 - no browser context (a bare script run)
        return None


def _on_sign_in() -> None:
    store = session.store()
    pin = st.session_state.get("profile_pin", "")
    pending = st.session_state.get(_PENDING)
    st.session_state.pop(_ERROR, None)  # this try's answer, not the last one's
    if pending is None:  # by name: one answer for "no such name" and "wrong PIN", and not too often
        lookup_id = st.session_state.setdefault(_LOOKUP_ID, secrets.token_hex(8))
        name = st.session_state.get("profile_lookup", "")
        if not NAME_LOOKUPS.allow(lookup_id, _client_address(), name):
            st.session_state[_ERROR] = session.tr()("profile.too_many_lookups")
            return
        profile = _store_call(lambda: store.sign_in_by_name(name, pin or None))
    else:
        profile = _store_call(lambda: store.sign_in(pending, pin or None))
    if profile is not None:
        _signed_in(profile)


def _profiles() -> list:
    try:
        return list(session.store().profiles())
    except ProgressError as exc:  # the store broke mid-session: keep going without it
        session.notice("notice.store_problem", detail=session.tr().error(exc))
        return []


#: the refusals of a new name that tell a hidden profile exists: they count as lookups
_TELLS_A_NAME = {"name_taken", "name_look_alike", "name_look_alike_hidden"}


def _create() -> None:
    name = st.session_state.get("profile_name", "")
    pin = st.session_state.get("profile_new_pin", "")
    hidden = bool(st.session_state.get("profile_new_hidden", False))
    st.session_state.pop(_ERROR, None)
    # "That name is taken" tells a hidden name as well as signing in by name does: the
    # same limit, counted before the try (parallel tries cannot share one) and given back
    # unless the name was refused as taken
    lookup_id = st.session_state.setdefault(_LOOKUP_ID, secrets.token_hex(8))
    address = _client_address()
    if not NAME_LOOKUPS.allow(lookup_id, address, name):
        st.session_state[_ERROR] = session.tr()("profile.too_many_lookups")
        return
    refused: list[str] = []

    def create():
        try:
            return session.store().create_profile(name, pin=pin or None, hidden=hidden)
        except ProgressError as error:
            refused.append(error.code)
            raise

    created = _store_call(create)
    if not (refused and refused[0] in _TELLS_A_NAME):
        NAME_LOOKUPS.give_back(lookup_id, address, name)
    if created is None:
        return
    st.session_state["profile_name"] = ""
    st.session_state["profile_new_pin"] = ""
    _signed_in(created)


def _current_pin() -> str | None:
    """The current PIN typed in the settings (asked before the PIN changes or the profile goes)."""
    typed = st.session_state.get("profile_current_pin", "")
    st.session_state["profile_current_pin"] = ""
    return typed or None


def _on_save_pin() -> None:
    p = session.profile()
    pin = st.session_state.get("profile_set_pin", "")
    current = _current_pin()
    st.session_state.pop(_ERROR, None)
    protection = _store_call(lambda: session.store().protect(p.id, pin=pin, current=current)) if p else None
    if protection is not None:
        st.session_state[_PROTECTION] = (p.id, protection)
        st.session_state["profile_set_pin"] = ""
        st.session_state[_INFO] = "profile.pin_saved" if pin else "profile.pin_removed"
        if st.session_state.get(device.TOKEN):  # every device was signed out: this one stays
            device.remember(p.id)


def _on_hide() -> None:
    p = session.profile()
    if p is not None:
        protection = _store_call(lambda: session.store().protect(p.id, hidden=bool(st.session_state["profile_hidden"])))
        if protection is not None:
            st.session_state[_PROTECTION] = (p.id, protection)


def _on_rename() -> None:
    p = session.profile()
    name = st.session_state.get("profile_rename", "")
    renamed = _store_call(lambda: session.store().rename_profile(p.id, name)) if p is not None else None
    if renamed is not None:
        session.set_profile(renamed)
        st.session_state["profile_rename"] = ""
        st.session_state.pop(_ERROR, None)
        st.session_state[_INFO] = "profile.renamed"


def _on_delete() -> None:
    p = session.profile()
    if p is None or not st.session_state.get("profile_delete_sure"):
        return
    st.session_state.pop(_ERROR, None)
    current = _current_pin()
    _store_call(lambda: session.store().delete_profile(p.id, pin=current))
    if _ERROR in st.session_state:
        return
    device.forget()
    session.set_profile(None)
    st.session_state["profile_select"] = GUEST
    st.session_state["profile_delete_sure"] = False


def _on_sign_out() -> None:
    device.forget()
    session.set_profile(None)
    st.session_state["profile_select"] = GUEST


def profile_picker() -> None:
    tr = session.tr()
    store = session.store()
    device.restore()
    st.divider()
    if not store.saving:
        st.caption(tr("profile.not_saving", reason=tr(f"store.{store.problem or 'unknown'}")))
    salvage = getattr(store, "salvage", None)
    if salvage is not None:
        st.caption(tr("profile.salvaged", kept=session.plain(salvage.kept.name), rows=salvage.rows))
    profiles = _profiles()
    ids = [GUEST] + [p.id for p in profiles] + [OTHER, NEW]
    names = {p.id: p.name for p in profiles}
    try:  # a salvage's placeholder profiles ("Recovered 1"), in the reader's language
        for profile_id, number in store.placeholder_profiles().items():
            if profile_id in names:
                names[profile_id] = tr("profile.recovered", number=number)
    except ProgressError:
        pass
    current = session.profile()
    if current is not None and current.id not in names:
        names[current.id] = current.name  # a hidden profile, signed in: shown while it is
        ids.insert(1, current.id)
    if st.session_state.get("profile_select") not in ids:
        # The widget's value lives in session state (a new profile is picked from a
        # callback); giving it an index as well would make Streamlit warn on every run.
        st.session_state["profile_select"] = current.id if current is not None else GUEST
    labels = {GUEST: "profile.guest", NEW: "profile.new", OTHER: "profile.other"}
    choice = st.selectbox(
        tr("profile.label"), ids, key=session.translated("profile_select"), on_change=_on_pick,
        format_func=lambda i: tr(labels[i]) if i in labels else names[i],
    )
    if choice == NEW:
        st.text_input(tr("profile.name"), key="profile_name", max_chars=40)
        st.text_input(tr("profile.new_pin"), key="profile_new_pin", type="password", max_chars=8,
                      help=tr("profile.pin_help"))
        st.checkbox(tr("profile.hide"), key="profile_new_hidden", help=tr("profile.hide_help"))
        st.button(tr("profile.create"), on_click=_create, key="profile_create")
    elif choice == OTHER:
        st.text_input(tr("profile.name"), key="profile_lookup", max_chars=40)
        st.text_input(tr("profile.pin"), key="profile_pin", type="password", max_chars=8)
        st.button(tr("profile.sign_in"), on_click=_on_sign_in, key="profile_sign_in")
    elif st.session_state.get(_PENDING) == choice:
        st.caption(tr("profile.pin_needed", name=session.plain(names.get(choice, ""))))
        st.text_input(tr("profile.pin"), key="profile_pin", type="password", max_chars=8)
        st.button(tr("profile.sign_in"), on_click=_on_sign_in, key="profile_sign_in")
    elif choice == GUEST:
        st.caption(tr("profile.guest_hint"))
    elif current is not None:
        _settings(current)
    if current is None or choice in (NEW, OTHER) or st.session_state.get(_PENDING) == choice:
        st.session_state.setdefault(REMEMBER, False)
        st.checkbox(tr("profile.remember"), key=REMEMBER, help=tr("profile.remember_help"))
    if _ERROR in st.session_state:
        st.error(st.session_state[_ERROR])
    device.send_cookie()


def _settings(current) -> None:
    tr = session.tr()
    cached = st.session_state.get(_PROTECTION)
    if cached is None or cached[0] != current.id:  # read once per profile, not on every rerun
        try:
            cached = st.session_state[_PROTECTION] = (current.id, session.store().protection(current.id))
        except ProgressError:
            return
    protection = cached[1]
    with st.expander(tr("profile.settings")):
        if _INFO in st.session_state:
            st.success(tr(st.session_state.pop(_INFO)))
        st.caption(tr("profile.has_pin") if protection.pin else tr("profile.no_pin"))
        if protection.pin:  # asked before the PIN changes or the profile is deleted
            st.text_input(tr("profile.current_pin"), key="profile_current_pin", type="password", max_chars=8,
                          help=tr("profile.current_pin_help"))
        st.text_input(tr("profile.set_pin"), key="profile_set_pin", type="password", max_chars=8,
                      help=tr("profile.pin_help"))
        st.button(tr("profile.save_pin"), on_click=_on_save_pin, key="profile_save_pin")
        st.session_state["profile_hidden"] = protection.hidden
        st.checkbox(tr("profile.hide"), key="profile_hidden", on_change=_on_hide, help=tr("profile.hide_help"))
        st.divider()
        st.text_input(tr("profile.new_name"), key="profile_rename", max_chars=40)
        st.button(tr("profile.rename"), on_click=_on_rename, key="profile_rename_button")
        st.divider()
        sure = st.checkbox(tr("profile.delete_sure", name=session.plain(current.name)), key="profile_delete_sure")
        st.button(tr("profile.delete"), on_click=_on_delete, key="profile_delete", disabled=not sure)
    st.button(tr("profile.sign_out"), on_click=_on_sign_out, key="profile_sign_out")
