"""A login card's link (``?card=<secret>``, the QR on a card from classroom/login_cards.py),
taken on any page before the sidebar is drawn: the card signs this session in to its
student's profile (the sidebar then shows it), the secret leaves the address bar at once,
and the student lands on My class (ui/pages/my_class.py), which says what happened.

Not remembered on the device: a card read on a shared tablet must not leave the next
student signed in as this one. My class offers "Stay signed in" for a student's own phone.
"""

from __future__ import annotations

import streamlit as st

from classroom import roster
from classroom.roster import RosterError
from progress import ProgressError, Store
from progress.accounts import NameLookups

from ... import session
from .. import device
from .roster import error_text

PARAM = "card"
PAGE = "myclass"
FLASH = "classes_flash"
#: the profile a card has just signed in: My class offers to keep this device signed in
CARD_DONE = "classes_card_signed_in"
#: how often one browser session (10) and one network address (200: a school behind one
#: proxy) may try to join a class in 10 minutes (My class): each try may make a profile, so
#: a script holding a class code cannot fill the server with them. Kept in the server
#: process, shared by its sessions.
JOINS = NameLookups(per_name=10, per_address=200)


def take_card(url_path: str, page_for) -> None:
    """Sign in with the card in the address, if there is one; then go to My class."""
    secret = st.query_params.get(PARAM)
    if secret is None:
        return
    del st.query_params[PARAM]
    tr = session.tr()
    store = session.store()
    try:
        if not isinstance(store, Store):  # nothing is saved: no class, no card
            raise RosterError("unknown_card")
        found = roster.card_profile(store, secret)
    except ProgressError as error:
        st.session_state[FLASH] = ("error", error_text(error))
    else:
        if session.profile() is None or session.profile().id != found.id:
            device.forget()  # the device's previous profile is not this student's
        session.set_profile(found)
        st.session_state["profile_select"] = found.id  # the sidebar's picker is drawn after this
        st.session_state[CARD_DONE] = found.id
        st.session_state[FLASH] = ("success", tr("classes.card_welcome", name=session.plain(found.name)))
    if url_path != PAGE:
        st.switch_page(page_for(PAGE), query_params={"lang": session.lang()})
