"""Staying signed in on this device: a cookie with a random token (progress/accounts.py).

The browser sends its cookies when the page connects, so ``st.context.cookies`` has the
token after a reload or from a deep link; the server looks it up and signs the profile in
again. Only the token's hash is kept in the database. The cookie is ``SameSite=Strict``,
``Secure`` over HTTPS, and bound to this app's path (``server.baseUrlPath``).

Streamlit cannot set a cookie from Python, so a tiny component does it when a player
signs in and clears it when they sign out:

* served by ``serve.py`` (``scripts/start.sh``): the component POSTs a one-time nonce to
  the server's own route, whose response sets the cookie ``HttpOnly``
  (``ui/parts/device_cookie.py``); the token never reaches the page's scripts;
* run as ``streamlit run app.py`` (no routes of its own): the component writes the
  cookie itself (``document.cookie``), which cannot be ``HttpOnly``.

Either way the token's power is small: it only signs in (changing the PIN and deleting
the profile ask for the PIN), and it stops working when the player signs out, when the
profile's PIN changes (every device is signed out), and after ``DEVICE_DAYS`` unused.
Staying signed in is off unless the player ticks it. See docs/progress.md.
"""

from __future__ import annotations

import streamlit as st

from progress import ProgressError
from progress.accounts import DEVICE_DAYS

from .. import session
from . import device_cookie
from .device_cookie import COOKIE, cookie_path

_PENDING = "_device_cookie"  # the cookie change this run must send to the browser
_CHECKED = "_device_checked"  # the cookie was looked at once in this session
TOKEN = "_device_token"

_mount = st.components.v2.component(
    "capicu_device_cookie",
    html="<span></span>",
    js="""
export default function ({ data }) {
  if (!data) return;
  if (typeof data.nonce === "string") {  // the server's route sets it, HttpOnly
    fetch(data.url, { method: "POST", credentials: "same-origin", cache: "no-store",
                      headers: { "Content-Type": "application/json" },
                      body: JSON.stringify({ nonce: data.nonce }) }).catch(() => {});
    return;
  }
  if (typeof data.value !== "string") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${data.name}=${encodeURIComponent(data.value)}; Max-Age=${data.max_age}; Path=${data.path}; SameSite=Strict${secure}`;
}
""",
)


def browser_token() -> str | None:
    """The token the browser sent, if any (tests replace this: AppTest sends no cookies)."""
    try:
        value = st.context.cookies.get(COOKIE)
    except Exception:  # noqa: BLE001 - no browser context (a bare script run)
        return None
    return value or None


def restore() -> None:
    """Sign in again from the device's cookie, once per session, when nobody is signed in."""
    if st.session_state.get(_CHECKED):
        return
    st.session_state[_CHECKED] = True
    token = browser_token()
    if not token or session.profile() is not None:
        return
    try:
        found = session.store().device_profile(token)
    except ProgressError:
        return  # the store is down: stay a guest, the picker says why
    if found is not None:
        session.set_profile(found)
        st.session_state[TOKEN] = token


def remember(profile_id: int) -> None:
    """Keep this device signed in to ``profile_id`` (when progress is being saved)."""
    forget()
    try:
        token = session.store().remember_device(profile_id)
    except ProgressError:
        return
    if token:
        st.session_state[TOKEN] = token
        st.session_state[_PENDING] = device_cookie.CookieChange(token, DEVICE_DAYS * 86400)


def forget() -> None:
    """Sign this device out: the token is deleted and the cookie cleared."""
    token = st.session_state.pop(TOKEN, None) or browser_token()
    if token:
        try:
            session.store().forget_device(token)
        except ProgressError:
            pass
        st.session_state[_PENDING] = device_cookie.CookieChange("", 0)


def send_cookie() -> None:
    """Mount the cookie component for this run's change, if there is one: a nonce for the
    server's route when it has one, else the cookie for the page's script to write."""
    change = st.session_state.pop(_PENDING, None)
    if change is None:
        return
    if device_cookie.mounted():
        data = {"url": device_cookie.route_path(), "nonce": device_cookie.NONCES.issue(*change)}
    else:
        data = {"name": COOKIE, "value": change.value, "max_age": change.max_age, "path": cookie_path()}
    _mount(key="device_cookie", data=data)
