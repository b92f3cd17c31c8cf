"""The play page in a real browser (headless Chromium, this machine): from the Hint button
to the hint on screen, and from your move to your next turn (the bots' replies).

Run: .venv/bin/python bench/play_latency.py [--moves 12] [--game laplaza_partners]

Each reply time includes the pause the page makes before every bot move (the "fast"
pace, 0.6 s, so a player can follow the table); the figure printed beside it takes those
pauses out, leaving what the bots' thinking and the page's reruns cost. Goals (the
strategy issue): a hint in at most 1 s median and 2 s for 95% of positions; a bot's
move at most 1 s median.
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

FAST = 0.6


def _summary(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"{name}: median {statistics.median(values):.0f} ms, p95 {p95:.0f} ms, "
            f"min {min(values):.0f} ms, max {max(values):.0f} ms over {len(values)}")


def run(moves: int, game: str, levels: str) -> None:
    hints, replies, thinking = [], [], []
    with streamlit_app(ROOT / "serve.py") as url, sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(f"{url}/play?game={game}&seed=bench-1&levels={levels}&pace=fast&lang=en")
        page.locator("svg[data-board]").first.wait_for(timeout=60_000)
        for _ in range(moves * 3):
            if len(replies) >= moves or page.get_by_text("Round over", exact=True).count():
                break
            hint = page.get_by_role("button", name="Hint")
            try:
                hint.wait_for(timeout=30_000)
            except Exception:
                break
            start = time.perf_counter()
            hint.click()
            page.get_by_text("What a strong player would do").wait_for(timeout=60_000)
            hints.append((time.perf_counter() - start) * 1000)
            moves_before = int(page.locator("svg[data-board]").first.get_attribute("data-moves"))
            playable = page.locator("svg[data-board] [data-tile].playable")
            start = time.perf_counter()
            if playable.count():
                playable.first.click()
                if page.locator("[data-end].target").count():
                    page.locator("[data-end].target").first.click()
            else:
                page.locator(".cpb-bar button").first.click()
            try:
                page.get_by_role("button", name="Hint").wait_for(timeout=60_000)
            except Exception:
                break  # the round ended after this move
            elapsed = (time.perf_counter() - start) * 1000
            # every action since, less your own one, was a bot's (the board counts them)
            replied = int(page.locator("svg[data-board]").first.get_attribute("data-moves")) - moves_before - 1
            replies.append(elapsed)
            if replied:
                thinking.append((elapsed - replied * FAST * 1000) / replied)
        browser.close()
    print(f"play page, {game} against {levels} ({len(replies)} of your moves)")
    print(_summary("Hint button -> hint on screen", hints))
    print(_summary("your move -> your next turn (with the 0.6 s pauses)", replies))
    if thinking:
        print(_summary("per bot move, pauses taken out", thinking))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--game", default="laplaza_partners")
    parser.add_argument("--levels", default="expert,expert,expert")
    args = parser.parse_args()
    run(args.moves, args.game, args.levels)


if __name__ == "__main__":
    main()
