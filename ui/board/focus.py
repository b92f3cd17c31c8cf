"""Focus for something a button brings up (the hint): Streamlit has no way to move the
keyboard's focus, and a button that disappears when pressed leaves it on the page's body,
so the next Tab starts again from the top (review K1).

``take_focus(key, token)`` inside a container mounts an invisible Custom Components v2
element whose script focuses that container (``tabindex=-1``: reachable by script, not a
Tab stop), once per ``token``, and only if the focus is nowhere (on the body, or on an
element the rerun is about to remove): a player who has gone on with Tab keeps their place.
"""

from __future__ import annotations

import streamlit as st

_JS = """
const STYLE_ID = 'cp-focus-style';

function lost() {
  const a = document.activeElement;
  return !a || a === document.body || Boolean(a.closest && a.closest('[data-stale="true"]'));
}

export default function ({ data, parentElement }) {
  const host = parentElement.host || parentElement;
  const cell = host.closest('[data-testid="stElementContainer"]');
  if (cell) cell.style.display = 'none'; // takes no room in the container
  if (!document.getElementById(STYLE_ID)) {
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = '[data-cp-focus]:focus { outline: none; }'
      + ' [data-cp-focus]:focus-visible { outline: 3px solid #1a73e8; outline-offset: 3px; border-radius: 0.5rem; }';
    document.head.appendChild(style);
  }
  if (!data || parentElement.__token === data.token) return undefined;
  parentElement.__token = data.token;
  const take = () => {
    const box = (cell || host).parentElement && (cell || host).parentElement.closest('[data-testid="stVerticalBlock"]');
    if (!box || !lost()) return false;
    box.setAttribute('tabindex', '-1');
    box.setAttribute('data-cp-focus', '');
    box.focus();
    return true;
  };
  // the button that was pressed may still be on the page for a frame or two
  if (!take()) requestAnimationFrame(() => { if (!take()) setTimeout(take, 120); });
  return undefined;
}
"""

_mount = st.components.v2.component("capicu_focus", html="<span></span>", js=_JS)


def take_focus(key: str, token: str) -> None:
    """Focus the container this is called in, once per ``token`` (see the module's text)."""
    _mount(key=key, data={"token": token}, height="content")
