"""Two app servers on one PostgreSQL, one of them restarted in the middle of a round: every
table plays on, with no move lost or doubled.

Run: .venv/bin/python bench/tables_servers.py --tables 6

A throwaway PostgreSQL and two real servers (``serve.py``, the app with its live feeds) on
fixed ports. Each table is a Partners match of two people and two bots (``strong``): the
person in seat 1 watches the table through server A's feed, the person in seat 3 through
server B's (``GET /live/table/CODE`` over HTTP, with the seat's token, as the page's
watcher does), and each plays its first legal move when its screen shows its turn (the
tap's own code path, ``ui.parts.tables.sync.change``). The bots' moves are made by the
servers' own drivers: both try, the compare-and-set lets one land.

After a third of the expected moves server A is stopped; two seconds later it is started
again on the same port. Its screens get errors meanwhile and ask again, as the page's
watcher does; server B goes on driving the bots of every table.

Printed: moves, bot moves made while A was down, how long A was away, the move-to-screen
latency over HTTP (from the move's commit to the screen's answer: median, 90th
percentile, worst), and the check: every table's record replays through the engine, the
first round of every table finished, no seat moved twice in a row. Exit code 1 when the
check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from bench.table_checks import committed_at, first_round_trouble  # noqa: E402
from matches.table import Options, Table, TableError, token_hash  # noqa: E402
from matches.table_store import TableStore  # noqa: E402
from progress import open_store  # noqa: E402
from tests.support.postgres import new_database, postgres_server  # noqa: E402
from tests.support.streamlit_server import free_port, streamlit_server  # noqa: E402
from ui.parts.tables.sync import change, load, open_table  # noqa: E402

PEOPLE = (0, 2)


def open_tables(tables: TableStore, count: int) -> list[str]:
    codes = []
    for n in range(count):
        table = Table.open("laplaza_partners", 4, (), str(500 + n), ["me", "strong", "open", "strong"],
                           Options(wait_seconds=300), name="Ana", token=token_hash(f"{n}:0"))
        code = open_table(tables, table, seat_token=f"{n}:0")
        change(tables, code, lambda t: t.sit(2, "Bea", token_hash(f"{n}:2")))
        change(tables, code, lambda t: t.start(time.time()))
        codes.append(code)
    return codes


def long_poll(url: str) -> dict | None:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return json.loads(answer.read())
    except (urllib.error.URLError, OSError, ValueError):
        return None


async def screen(base: str, tables: TableStore, code: str, seat: int, n: int, state: dict) -> None:
    """One person's screen: wait on the feed, read the table, play when it is their turn."""
    since, server, backoff = "", "", 0.0
    while not state["done"].get(code):
        url = (f"{base()}/live/table/{code}?watch=all&since={since}&seat={seat}&me={n}:{seat}"
               + (f"&server={server}" if server else ""))
        answer = await asyncio.to_thread(long_poll, url)
        if answer is None or "value" not in answer:
            state["errors"] += 1
            backoff = min(2.0, backoff * 2 or 0.5)
            await asyncio.sleep(backoff)
            continue
        backoff = 0.0
        server = answer.get("server", server)
        if answer["value"] != since:
            heard = time.time()
            since = answer["value"]
            state["latency"].append((heard, heard - await asyncio.to_thread(committed_at, tables, code)))
        table, version = await asyncio.to_thread(load, tables, code)
        rnd = table.game.round
        if rnd.is_over:
            state["done"][code] = True
            return
        if rnd.turn != seat:
            continue
        action = str(rnd.canonical_actions()[0])
        try:
            await asyncio.to_thread(change, tables, code, lambda t: t.play(seat, action, version=version,
                                                                           now=time.time()))
            state["moves"] += 1
        except TableError as error:
            state["refused"][error.code] = state["refused"].get(error.code, 0) + 1


def check(tables: TableStore, codes: list[str]) -> list[str]:
    return first_round_trouble(lambda code: load(tables, code), codes)


def bot_moves(tables: TableStore, codes: list[str]) -> int:
    return sum(1 for code in codes for m in load(tables, code)[0].game.rounds[0] if m.seat not in PEOPLE)


async def run(tables: TableStore, codes: list[str], servers: dict, restart) -> dict:
    state = {"done": {}, "errors": 0, "moves": 0, "refused": {}, "latency": []}
    screens = [screen(lambda: servers["A"], tables, code, 0, n, state) for n, code in enumerate(codes)]
    screens += [screen(lambda: servers["B"], tables, code, 2, n, state) for n, code in enumerate(codes)]
    expected = 20 * len(codes)  # a Partners round is 20-28 moves: a third of it is well inside

    async def restarter() -> None:
        while sum(len(load(tables, c)[0].game.rounds[0]) for c in codes) < expected // 3:
            await asyncio.sleep(0.2)
        state["bots_before"] = await asyncio.to_thread(bot_moves, tables, codes)
        state["away"] = await asyncio.to_thread(restart)
        state["bots_after"] = await asyncio.to_thread(bot_moves, tables, codes)

    started = time.monotonic()
    await asyncio.gather(restarter(), *screens)
    state["wall"] = time.monotonic() - started
    return state


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=6)
    args = ap.parse_args()
    with contextlib.ExitStack() as stack:
        base = stack.enter_context(postgres_server())
        url = new_database(base)
        os.environ["CAPICU_DB_URL"] = url
        tables = TableStore(open_store(url))
        ports = {"A": free_port(), "B": free_port()}
        running: dict = {}
        servers: dict = {}
        outage: list[float] = []

        def start(name: str) -> None:
            manager = streamlit_server(ROOT / "serve.py", port=ports[name], env={"CAPICU_DB_URL": url})
            servers[name], _process = manager.__enter__()
            running[name] = manager

        def restart() -> float:
            stopped, wall = time.monotonic(), time.time()
            running.pop("A").__exit__(None, None, None)
            time.sleep(2.0)
            start("A")
            outage.extend([wall, time.time() + 2.0])  # and the screens' back-off after it
            return time.monotonic() - stopped

        start("A")
        start("B")
        try:
            codes = open_tables(tables, args.tables)
            state = asyncio.run(run(tables, codes, servers, restart))
        finally:
            for manager in running.values():
                manager.__exit__(None, None, None)
        trouble = check(tables, codes)
        moves = sum(len(load(tables, c)[0].game.rounds[0]) for c in codes) if not trouble else "?"
    lat = sorted(d for at, d in state["latency"] if not (outage and outage[0] <= at <= outage[1]))
    during = sorted(d for at, d in state["latency"] if outage and outage[0] <= at <= outage[1])
    print(f"{args.tables} Partners tables (2 people, 2 bots each), two servers on one PostgreSQL: {moves} moves "
          f"in {state['wall']:.1f} s; the people's taps {state['moves']}")
    print(f"server A stopped and started again: away {state.get('away', 0):.1f} s; bot moves meanwhile "
          f"{state.get('bots_after', 0) - state.get('bots_before', 0)} (driven by B); screen errors {state['errors']}")
    if lat:
        p90 = lat[int(0.9 * (len(lat) - 1))]
        print(f"move to screen over HTTP, outside the restart: median {statistics.median(lat) * 1000:.0f} ms, "
              f"90th percentile {p90 * 1000:.0f} ms, worst {lat[-1] * 1000:.0f} ms ({len(lat)} answers)")
    if during:
        print(f"during the restart (and 2 s after): median {statistics.median(during) * 1000:.0f} ms, worst "
              f"{during[-1] * 1000:.0f} ms ({len(during)} answers)")
    print("refused: " + (", ".join(f"{k} {v}" for k, v in state["refused"].items()) or "none"))
    print("check: " + ("every table replays, its first round finished, no move lost or doubled" if not trouble
                       else "; ".join(trouble)))
    return 1 if trouble else 0


if __name__ == "__main__":
    raise SystemExit(main())
