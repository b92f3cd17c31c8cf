"""Tables of four people in real browsers: 40 Chromium sessions on the real pages.

Run: .venv/bin/python bench/tables_browsers.py --tables 10
     .venv/bin/python bench/tables_browsers.py --tables 10 --postgres   (a throwaway PostgreSQL)

One app server (``serve.py``), ten Partners tables of four people opened in its database,
and one headless Chromium (Debian's) with a browser context for every seat: each opens its
own private link (``/table?t=CODE&me=TOKEN``) and sees its own board. A table's moves are
made by clicks on the board of the seat to move (the tile, then the end when it fits
both), after a short think (0.3–1.0 s), as a player would.

Measured per move: from its commit in the database to each of the table's four screens
drawing it (the board's ``data-moves`` reaching the new count, polled in the page every
50 ms), so the figure holds the whole path: the feed's long poll, the fragment's rerun on
the server, the websocket message and the browser's drawing. Printed: moves, the median,
90th percentile and worst of that latency over every (move, screen), the server's CPU, and
the check: every table's record replays through the engine with its first round finished
and no seat moving twice in a row. Exit code 1 when the check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from bench.table_checks import committed_at, first_round_trouble  # noqa: E402
from matches.table import Options, Table, new_token, token_hash  # noqa: E402
from matches.table_store import TableStore  # noqa: E402
from progress import open_store  # noqa: E402
from storage.errors import StoreUnavailable  # noqa: E402
from tests.support.streamlit_server import CHROMIUM, CHROMIUM_ARGS, cpu_seconds, streamlit_server  # noqa: E402
from ui.parts.tables.sync import change, load, open_table  # noqa: E402

NAMES = ("Ana", "Luis", "Bea", "Marco")
#: the board's move count, wherever the component's shadow root put it
MOVES_DRAWN = """(n) => {
  const find = (root) => {
    const board = root.querySelector('svg[data-board]');
    if (board) return board;
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { const found = find(el.shadowRoot); if (found) return found; }
    }
    return null;
  };
  const board = find(document);
  return !!board && Number(board.getAttribute('data-moves')) >= n;
}"""


def browser_cpu() -> float:
    """CPU seconds used so far by every Chromium process on the machine (the screens)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if "chrom" in (entry / "comm").read_text():
                total += cpu_seconds(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue
    return total


def open_tables(tables: TableStore, count: int) -> list[tuple[str, list[str]]]:
    """Started tables, each with its four seats' private tokens."""
    out = []
    for n in range(count):
        tokens = [new_token() for _ in range(4)]
        table = Table.open("laplaza_partners", 4, (), str(900 + n), ["me", "open", "open", "open"],
                           Options(wait_seconds=300), name=NAMES[0], token=token_hash(tokens[0]))
        code = open_table(tables, table, seat_token=tokens[0])
        for seat in (1, 2, 3):
            change(tables, code, lambda t, s=seat: t.sit(s, NAMES[s], token_hash(tokens[s])))
        change(tables, code, lambda t: t.start(time.time()))
        out.append((code, tokens))
    return out


def read(tables: TableStore, code: str):
    for _ in range(5):  # another process's SQLite file under load: read again, as the pages do
        try:
            return load(tables, code)
        except StoreUnavailable:
            time.sleep(0.2)
    return load(tables, code)


async def click_move(page, action: str, choices: list[str]) -> None:
    board = page.locator("svg[data-board]").first
    if action == "pass":
        await page.locator('[data-action="pass"]').first.click(timeout=30_000)
        return
    tile = action.removeprefix("lead ").split("@")[0]
    await board.locator(f'.hand-tile.playable[data-tile="{tile}"]').click(timeout=30_000)
    if sum(c.startswith(f"{tile}@") for c in choices) > 1:  # it fits both ends: pick one
        await board.locator(f'[data-end="{action[-1]}"]').click(timeout=10_000)


async def play_table(tables: TableStore, code: str, pages: list, rng: random.Random, latencies: list,
                     counts: dict) -> None:
    while True:
        table, version = await asyncio.to_thread(read, tables, code)
        rnd = table.game.round
        if rnd.is_over:
            return
        moves = len(rnd.history)
        page = pages[rnd.turn]
        try:
            await page.wait_for_function(MOVES_DRAWN, arg=moves, polling=50, timeout=60_000)
        except Exception:
            shot = Path(tempfile.gettempdir()) / f"tables_browsers_{code}_{rnd.turn}_{moves}_turn.png"
            await page.screenshot(path=str(shot), full_page=True)
            raise RuntimeError(f"{code}: seat {rnd.turn}'s board never showed move {moves} ({shot})")
        await asyncio.sleep(rng.uniform(0.3, 1.0))
        choices = [str(a) for a in rnd.canonical_actions()]
        for _ in range(4):  # a board redrawn between the tile's click and the end's drops the pick
            with contextlib.suppress(Exception):
                await click_move(page, choices[0], choices)
            landed = False
            for _ in range(80):
                if (await asyncio.to_thread(read, tables, code))[1] > version:
                    landed = True
                    break
                await asyncio.sleep(0.1)
            if landed:
                break
            counts["retries"] += 1
        else:
            raise RuntimeError(f"{code}: {choices[0]} did not land")
        commit = await asyncio.to_thread(committed_at, tables, code)
        counts["moves"] += 1

        async def drawn(seat: int, screen) -> None:
            try:
                await screen.wait_for_function(MOVES_DRAWN, arg=moves + 1, polling=50, timeout=60_000)
            except Exception:
                shot = Path(tempfile.gettempdir()) / f"tables_browsers_{code}_{seat}_{moves}.png"
                await screen.screenshot(path=str(shot), full_page=True)
                raise RuntimeError(f"{code}: seat {seat} did not draw move {moves + 1} within 60 s ({shot})")
            latencies.append(time.time() - commit)

        await asyncio.gather(*(drawn(seat, p) for seat, p in enumerate(pages)))


def check(tables: TableStore, codes: list[str]) -> list[str]:
    return first_round_trouble(lambda code: read(tables, code), codes)


async def run(url: str, tables: TableStore, opened, seed: int) -> dict:
    from playwright.async_api import async_playwright

    latencies: list[float] = []
    counts = {"moves": 0, "retries": 0}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        contexts, screens = [], {}
        started = time.monotonic()
        for code, tokens in opened:
            screens[code] = []
            for seat, token in enumerate(tokens):
                context = await browser.new_context(viewport={"width": 420, "height": 900})
                contexts.append(context)
                page = await context.new_page()
                await page.goto(f"{url}/table?t={code}&me={token}&lang=en")
                screens[code].append(page)
        for pages in screens.values():
            for page in pages:
                await page.wait_for_function(MOVES_DRAWN, arg=0, polling=200, timeout=120_000)
        opened_in = time.monotonic() - started
        rng = random.Random(seed)
        started, chromium = time.monotonic(), browser_cpu()
        await asyncio.gather(*(play_table(tables, code, pages, random.Random(rng.random()), latencies, counts)
                               for code, pages in screens.items()))
        wall = time.monotonic() - started
        chromium = browser_cpu() - chromium
        for context in contexts:
            await context.close()
        await browser.close()
    return {"latencies": latencies, "wall": wall, "opened": opened_in, "chromium": chromium, **counts}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL instead of SQLite")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    with contextlib.ExitStack() as stack:
        if args.postgres:
            from tests.support.postgres import new_database, postgres_server

            db_url = new_database(stack.enter_context(postgres_server()))
        else:
            db_url = f"sqlite:///{stack.enter_context(tempfile.TemporaryDirectory())}/capicu.sqlite3"
        os.environ["CAPICU_DB_URL"] = db_url
        tables = TableStore(open_store(db_url))
        opened = open_tables(tables, args.tables)
        url, process = stack.enter_context(streamlit_server(ROOT / "serve.py", env={"CAPICU_DB_URL": db_url},
                                                            timeout=60))
        cpu_before = cpu_seconds(process.pid)
        state = asyncio.run(run(url, tables, opened, args.seed))
        cpu = cpu_seconds(process.pid) - cpu_before
        trouble = check(tables, [code for code, _ in opened])
    lat = sorted(state["latencies"])
    n = args.tables * 4
    print(f"{args.tables} Partners tables x 4 people = {n} Chromium sessions on "
          f"{'PostgreSQL' if args.postgres else 'SQLite'}: all boards drawn in {state['opened']:.0f} s; "
          f"{state['moves']} moves in {state['wall']:.0f} s ({state['retries']} clicks made again)")
    if lat:
        p90 = lat[int(0.9 * (len(lat) - 1))]
        print(f"move to every screen: median {statistics.median(lat) * 1000:.0f} ms, 90th percentile "
              f"{p90 * 1000:.0f} ms, worst {lat[-1] * 1000:.0f} ms ({len(lat)} screen updates)")
    print(f"server CPU: {cpu:.0f} s over the whole run, {cpu / max(1, state['moves']) * 1000:.0f} ms a move "
          f"(every screen's rerun included); the {n} Chromium screens, on the same cores: "
          f"{state['chromium']:.0f} s while playing ({state['chromium'] / state['wall']:.1f} cores)")
    print("check: " + ("every table replays, its first round finished, no move lost or doubled" if not trouble
                       else "; ".join(trouble)))
    return 1 if trouble else 0


if __name__ == "__main__":
    raise SystemExit(main())
