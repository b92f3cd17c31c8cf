"""From "Check" to the verdict on screen, in a real browser (headless Chromium, this machine).

Run: .venv/bin/python bench/check_latency.py [--puzzles 12]

For Practice and for the Daily page (five boards on one page), a pill is picked and then
Check is pressed with a real mouse click; the clock runs in the page from that press to
the frame after the verdict (a success or error box) appears. Goal: a median of at most
300 ms on both pages (issue: puzzles a player can trust).

The daily page is served with its clock pinned (``CAPICU_TODAY``), so every run times
the same sets.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from puzzles import daily_set, generate, questions  # noqa: E402
from puzzles.explain import label  # noqa: E402
from tests.support.streamlit_server import ROOT, launch_chromium, streamlit_app  # noqa: E402

APP = ROOT / "serve.py"
PINNED = dt.date(2026, 11, 30)
VERDICT = '[data-testid="stAlertContentSuccess"], [data-testid="stAlertContentError"]'

# Resolves with the milliseconds from the next pointer press to the frame after one more
# verdict box is in the page than there were when it was armed.
ARM = """(selector) => {
  const before = document.querySelectorAll(selector).length;
  window.__verdict = new Promise((resolve) => {
    let start = null;
    document.addEventListener('pointerdown', () => { start = performance.now(); }, { capture: true, once: true });
    const check = () => {
      if (start !== null && document.querySelectorAll(selector).length > before) {
        requestAnimationFrame(() => resolve(performance.now() - start));
      } else {
        requestAnimationFrame(check);
      }
    };
    requestAnimationFrame(check);
  });
}"""


def _css(key: str) -> str:
    import re

    return re.sub(r"[^A-Za-z0-9_-]", "-", key)


def time_check(page, key: str, puzzle) -> float:
    """Pick the first option of a choice puzzle under ``key``, then time Check → verdict."""
    kind = puzzle.question.kind
    text = label("en", kind, puzzle.options[0], puzzle.rules)
    pill = page.locator(f".st-key-{_css(key + ':pick')} button", has=page.get_by_text(text, exact=True))
    pill.click()
    check = page.locator(f".st-key-{_css(key + ':check')} button")
    for _ in range(50):  # the pick reruns the page; Check is enabled once it is back
        if check.is_enabled():
            break
        page.wait_for_timeout(100)
    page.evaluate(ARM, VERDICT)
    check.click()
    return page.evaluate("window.__verdict")


def choice_puzzles(count: int) -> list:
    out, seed = [], 0
    while len(out) < count:
        for ptype in ("round_score", "next_leader", "block_count", "kozel", "match"):
            puzzle = generate(ptype, seed)
            if questions.KINDS[puzzle.question.kind].mode == questions.CHOICE and not questions.KINDS[
                    puzzle.question.kind].multi:
                out.append(puzzle)
        seed += 1
    return out[:count]


def practice_times(browser, url: str, count: int) -> list[float]:
    times = []
    for puzzle in choice_puzzles(count):
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{url}/practice?puzzle={puzzle.id}&lang=en")
        page.locator("svg[data-board]").first.wait_for(timeout=30_000)
        page.wait_for_timeout(500)  # the board's first report settles
        times.append(time_check(page, f"practice:{puzzle.id}", puzzle))
        page.close()
    return times


def daily_times(browser, url: str, days: int) -> list[float]:
    times = []
    for back in range(days):
        day = PINNED - dt.timedelta(days=back)
        puzzles = daily_set(day)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{url}/daily?daily={day.isoformat()}&lang=en")
        page.locator("svg[data-board]").nth(len(puzzles) - 1).wait_for(timeout=30_000)
        page.wait_for_timeout(800)
        for number, puzzle in enumerate(puzzles, 1):
            spec = questions.KINDS[puzzle.question.kind]
            if spec.mode == questions.CHOICE and not spec.multi:
                times.append(time_check(page, f"daily:{day.isoformat()}:{number}", puzzle))
                page.wait_for_timeout(300)
        page.close()
    return times


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"{name}: Check -> verdict median {statistics.median(times):.0f} ms, p90 {p90:.0f} ms, "
            f"min {min(times):.0f} ms, max {max(times):.0f} ms over {len(times)} answers")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=12)
    parser.add_argument("--days", type=int, default=4)
    args = parser.parse_args()
    os.environ["CAPICU_TODAY"] = PINNED.isoformat()
    with streamlit_app(APP) as url, sync_playwright() as p:
        browser = launch_chromium(p)
        practice = practice_times(browser, url, args.puzzles)
        daily = daily_times(browser, url, args.days)
        browser.close()
    print(summary("Practice", practice))
    print(summary("Daily (five boards)", daily))


if __name__ == "__main__":
    main()
