"""axe-core, the accessibility engine of the browsers' own tools, on a page in Chromium.

``assert_accessible(page, where)`` checks the page as it is now against the WCAG 2.0 and
2.1 A and AA rules, at 1280×800 and at a 390×844 phone, and fails with every violation
named (rule, impact, the first elements). Open shadow roots (the board) are checked too.
"""

from __future__ import annotations

from typing import Any

#: the rules issue 21 asks for: WCAG 2.0 and 2.1, levels A and AA
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def violations(page) -> list[dict[str, Any]]:
    """axe-core's violations of the WCAG A/AA rules on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": WCAG_AA}, "resultTypes": ["violations"]}
    return Axe().run(page, options=options).response["violations"]


def report(found: list[dict[str, Any]]) -> str:
    lines = []
    for v in found:
        nodes = v["nodes"]
        lines.append(f"{v['id']} ({v['impact']}, {len(nodes)} elements): {v['help']}")
        for node in nodes[:3]:
            lines.append(f"    {node['html'][:160]}")
    return "\n".join(lines)


def assert_accessible(page, where: str, *, sizes=(DESKTOP, PHONE)) -> None:
    """No axe violation at each of ``sizes``; the page ends at its first size again."""
    original = page.viewport_size
    try:
        for size in sizes:
            if page.viewport_size != size:
                page.set_viewport_size(size)
                # the new width's layout: the board asks for its phone layout (a rerun)
                page.wait_for_timeout(300)
                wait_until_idle(page)
            found = violations(page)
            if found:  # measured mid-paint (a style or fade not settled yet)? a real fault stays
                page.wait_for_timeout(1500)
                wait_until_idle(page)
                found = violations(page)
            assert not found, f"{where} at {size['width']}x{size['height']}:\n{report(found)}"
    finally:
        if original and page.viewport_size != original:
            page.set_viewport_size(original)


def wait_until_idle(page, timeout: float = 60_000, quiet_ms: int = 600) -> None:
    """Until Streamlit has finished running the page and stayed so for ``quiet_ms``: while
    a run is on, Streamlit fades the elements it may replace, and axe would measure the
    faded colours; the fade back takes a moment too, so no finite CSS transition or
    animation may still be running (a spinner's endless one does not count)."""
    page.wait_for_function(
        """(quiet) => {
          const app = document.querySelector('[data-testid="stApp"]');
          const now = performance.now();
          if (window.__capicuQuietSince === undefined || !app
              || app.getAttribute('data-test-script-state') !== 'notRunning'
              || document.querySelector('[data-stale="true"]')
              || document.getAnimations().some((a) => a.playState === 'running'
                   && a.effect && a.effect.getComputedTiming().iterations !== Infinity)) {
            window.__capicuQuietSince = now;
            return false;
          }
          return now - window.__capicuQuietSince >= quiet;
        }""", arg=quiet_ms, timeout=timeout)
    page.evaluate("() => { delete window.__capicuQuietSince; }")


#: the element that has the keyboard focus, through the board's shadow root: its tag, the
#: board's data attributes, its class, name and text, whether the focus is drawn
#: (``:focus-visible``), whether it is inside a board (a shadow root), and the key of the
#: nearest keyed Streamlit element around it (``st-key-<key>``, CSS-safe)
DEEP_FOCUS = """() => {
  let a = document.activeElement, host = a;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) { host = a; a = a.shadowRoot.activeElement; }
  if (!a || a === document.body) return null;
  const attr = (n) => (a.getAttribute ? a.getAttribute(n) : null);
  const keyed = host.closest ? host.closest('[class*="st-key-"]') : null;
  const key = keyed ? [...keyed.classList].find((c) => c.startsWith('st-key-')).slice(7) : null;
  return {tag: a.tagName, tile: attr('data-tile'), end: attr('data-end'), action: attr('data-action'),
          cls: attr('class') || '', label: attr('aria-label'), visible: a.matches(':focus-visible'),
          text: (a.innerText || '').trim().slice(0, 80), board: a !== host, key};
}"""

#: every CSS animation or transition a board (the shadow root inside ``.st-key-<key>``)
#: runs now, and those that started since :data:`WATCH_MOTION`
BOARD_MOTION = """(key) => {
  const box = document.querySelector('.st-key-' + key);
  const host = box && [...box.querySelectorAll('*')].find((e) => e.shadowRoot);
  if (!host) return null;
  const root = host.shadowRoot;
  const running = root.getAnimations().filter((a) => a.playState === 'running')
    .map((a) => a.animationName || a.transitionProperty || a.constructor.name);
  return {running, started: root.__motionSeen || []};
}"""

#: from now on, note every animation or transition that starts on the board under ``key``
WATCH_MOTION = """(key) => {
  const box = document.querySelector('.st-key-' + key);
  const root = [...box.querySelectorAll('*')].find((e) => e.shadowRoot).shadowRoot;
  root.__motionSeen = [];
  if (!root.__motionWatch) {
    root.__motionWatch = true;
    for (const type of ['animationstart', 'transitionrun']) {
      root.addEventListener(type, (e) => root.__motionSeen.push(`${type} ${e.animationName || e.propertyName}`), true);
    }
  }
}"""
