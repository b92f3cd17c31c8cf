"""How fast the board answers in a real browser (headless Chromium, this machine).

Run: .venv/bin/python bench/board_latency.py [--taps 20] [--loads 4]

* tap → updated board: a real mouse click on a playable hand tile, until the new SVG
  from Python is in the page and painted (the component's whole round trip: trigger,
  script rerun with the engine, new data, DOMParser, next animation frame);
* first render: opening the harness page until the board's SVG is in the DOM (the
  first load after the server starts, then fresh sessions);
* a lesson page's first render: the real app (app.py) opened on a lesson by its deep
  link, until the lesson's board is in the DOM.

It serves tests/e2e/board_harness.py, where the other seats play instantly.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.support.streamlit_server import ROOT, launch_chromium, streamlit_app  # noqa: E402

HARNESS = ROOT / "tests" / "e2e" / "board_harness.py"
APP = ROOT / "serve.py"
LESSON_LINK = "/lesson?lesson=partners-blocked&step=2&lang=nl"
BOARD = "svg[data-board]"

# Arms a watcher in the page: it resolves with the milliseconds from the last pointer
# press to the frame after a new board SVG (another move count) replaced the old one.
ARM = """() => {
  const host = [...document.querySelectorAll('*')].find(
    (e) => e.shadowRoot && e.shadowRoot.querySelector('svg[data-board]'));
  const root = host.shadowRoot;
  const before = root.querySelector('svg[data-board]');
  const moves = before.getAttribute('data-moves');
  window.__tap = new Promise((resolve) => {
    let start = null;  // the last press counts: a tile that fits both ends needs two taps
    const press = () => { start = performance.now(); };
    document.addEventListener('pointerdown', press, { capture: true });
    const check = () => {
      const now = root.querySelector('svg[data-board]');
      if (start !== null && now && now !== before && now.getAttribute('data-moves') !== moves) {
        document.removeEventListener('pointerdown', press, { capture: true });
        requestAnimationFrame(() => resolve(performance.now() - start));
      } else {
        requestAnimationFrame(check);
      }
    };
    requestAnimationFrame(check);
  });
}"""

def tap_latencies(page, taps: int) -> list[float]:
    """Tap the first playable tile (and then an end, when it fits both) ``taps`` times."""
    times: list[float] = []
    for _ in range(taps):
        tile = page.locator(f"{BOARD} [data-tile].playable").first
        tile.wait_for()
        name = tile.get_attribute("data-tile")
        page.evaluate(ARM)
        tile.click()
        if page.locator(".cpb-root").get_attribute("data-selected") == name:
            page.locator("[data-end].target").first.click()  # the clock restarts at this tap
        times.append(page.evaluate("window.__tap"))
        page.wait_for_timeout(150)  # the next tap comes from a settled page
    return times


def first_renders(browser, url: str, loads: int) -> list[float]:
    times = []
    for _ in range(loads):
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        start = time.perf_counter()
        page.goto(url)
        page.locator(BOARD).first.wait_for(timeout=30_000)
        times.append((time.perf_counter() - start) * 1000)
        page.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--loads", type=int, default=4)
    args = parser.parse_args()
    with streamlit_app(HARNESS) as url, sync_playwright() as p:
        browser = launch_chromium(p)
        loads = first_renders(browser, url, args.loads)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        page.locator(BOARD).wait_for(timeout=30_000)
        taps = tap_latencies(page, args.taps)
        browser.close()
    with streamlit_app(APP) as url, sync_playwright() as p:
        browser = launch_chromium(p)
        lessons = first_renders(browser, url + LESSON_LINK, args.loads)
        browser.close()
    taps_sorted = sorted(taps)
    p90 = taps_sorted[min(len(taps_sorted) - 1, int(0.9 * len(taps_sorted)))]
    print(f"tap -> updated board: median {statistics.median(taps):.0f} ms, p90 {p90:.0f} ms, "
          f"min {min(taps):.0f} ms, max {max(taps):.0f} ms over {len(taps)} taps")
    print(f"first render of the harness page: {loads[0]:.0f} ms (first session after start), "
          f"later sessions median {statistics.median(loads[1:] or loads):.0f} ms")
    print(f"first render of a lesson page ({LESSON_LINK}): {lessons[0]:.0f} ms (first session after start), "
          f"later sessions median {statistics.median(lessons[1:] or lessons):.0f} ms")


if __name__ == "__main__":
    main()
