"""The deal of the day at the size of a busy day: 500 players on two servers, one database.

Run: .venv/bin/python bench/daily_deal_load.py --players 500 [--postgres]

1. **Writing.** Two processes (two app servers' worth of connections to the same
   database) play the day's Partners deal for 500 profiles between them, each through the
   calls the page makes: the rated try's first row at the start (two starts at once, as
   two tabs would: one row), the moves after each move, the result once at the end (sent
   twice: one stored). Every player chooses at random among the legal moves, so the field
   spreads out. Printed: results stored (must equal the players), write time per player.
2. **Reading the field.** With the 500 results in: what the page computes after a round
   (the field's finished tries, place and matchpoints, what the field played at each of
   the player's choices, the day's and the week's standings), timed 200 times: median
   and 95th percentile. Goal: ≤ 0.5 s at the 95th percentile.
3. **Real sessions.** Two app servers (``streamlit run``) on the same database, and
   sessions of the project's protocol client (``tests/support/streamlit_client.py``, the
   browser's websocket messages) opening the deal page on each in turn: the start page
   reads the day's and the week's standings of the 500. Printed: the page's run time
   (median, p95) per server.

SQLite by default (the laptop's set-up); ``--postgres`` starts a throwaway PostgreSQL
(as the tests do) for the school's set-up.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from matches.daily_deal import (  # noqa: E402
    DailyResults, choice_shares, deal_setup, decision_keys, field_of, leaderboard, replay, round_value, week_of,
)
from progress import open_store  # noqa: E402

DAY = date(2026, 12, 6)
GAME = "laplaza_partners"
SECRET = "bench-daily-deal"


def _play(setup, rng: random.Random):
    game = replay(setup, ())
    while not game.round.is_over:
        game.play(rng.choice(game.round.legal_actions()))
        while game.bot_to_move:
            game.play_bot()
    return game


def _writer(args: tuple[str, list[int], int]) -> tuple[int, float]:
    """One server's share of the players: start twice, keep every move, finish twice."""
    url, profile_ids, seed = args
    store = open_store(url, share_engine=False)
    try:
        results = DailyResults(store)
        setup = deal_setup(SECRET.encode(), DAY, GAME)
        rng = random.Random(seed)
        start = time.perf_counter()
        for profile_id in profile_ids:
            results.enter(DAY, GAME, profile_id, f"player {profile_id}")
            results.enter(DAY, GAME, profile_id, f"player {profile_id}")  # a second tab
            game = _play(setup, rng)
            mine = [m.action for m in game.rounds[0] if m.seat == 0]
            for n in range(1, len(mine) + 1):
                results.progress(DAY, GAME, profile_id, mine[:n])
            decided = [(key, action, None) for _, key, action in decision_keys(game)]
            for _ in range(2):  # a double submit
                results.finish(DAY, GAME, profile_id, mine, round_value(game), decided)
        return len(profile_ids), time.perf_counter() - start
    finally:
        store.close()


def _field_once(results: DailyResults, game, profile_id: int) -> None:
    """What the page computes once a round is over."""
    field = results.finished(DAY, GAME)
    others = [r.score for r in field if r.profile_id != profile_id]
    field_of(round_value(game), others)
    for _, key, _ in decision_keys(game):
        choice_shares(field, key)
    leaderboard(results.between(DAY, DAY))
    leaderboard(results.between(*week_of(DAY)))


async def _open_pages(base: str, count: int) -> list[float]:
    from tests.support.streamlit_client import PageSession

    times = []
    for _ in range(count):
        page = PageSession(base, "deal", {"lang": "en", "day": DAY.isoformat()})
        start = time.monotonic()
        await page.open(timeout=120)
        times.append(time.monotonic() - start)
        if page.errors:
            raise RuntimeError(f"the deal page failed: {page.errors[0][:200]}")
        await page.close()
    return times


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--reads", type=int, default=200)
    parser.add_argument("--pages", type=int, default=20, help="page opens per server")
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    os.environ["CAPICU_DEAL_SECRET"] = SECRET
    with ExitStack() as stack:
        if args.postgres:
            from tests.support.postgres import new_database, postgres_server

            url = new_database(stack.enter_context(postgres_server()))
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory())
            url = f"sqlite:///{folder}/capicu.sqlite3"
        store = open_store(url, share_engine=False)
        stack.callback(store.close)
        ids = [store.create_profile(f"player {n}").id for n in range(args.players)]
        results = DailyResults(store)
        halves = [(url, ids[0::2], 1), (url, ids[1::2], 2)]
        started = time.perf_counter()
        with multiprocessing.get_context("spawn").Pool(2) as pool:
            done = pool.map(_writer, halves)
        wall = time.perf_counter() - started
        stored = results.finished(DAY, GAME)
        backend = "PostgreSQL" if args.postgres else "SQLite"
        print(f"{backend}: {sum(n for n, _ in done)} players on two processes in {wall:.1f} s; "
              f"{len(stored)} results stored (one per player: {len(stored) == args.players}); "
              f"{1000 * sum(t for _, t in done) / args.players:.0f} ms of writing and playing per player")
        game = _play(deal_setup(SECRET.encode(), DAY, GAME), random.Random(99))
        reads = []
        for _ in range(args.reads):
            start = time.perf_counter()
            _field_once(results, game, ids[0])
            reads.append(time.perf_counter() - start)
        print(f"the field with {len(stored)} results: median {statistics.median(reads) * 1000:.0f} ms, "
              f"p95 {_p95(reads) * 1000:.0f} ms (goal ≤ 500 ms)")
        if args.pages:
            from tests.support.streamlit_server import streamlit_server

            env = {"CAPICU_DEAL_SECRET": SECRET, "CAPICU_TODAY": DAY.isoformat(), "CAPICU_DB_URL": url}
            servers = [stack.enter_context(streamlit_server(ROOT / "serve.py", env=env, timeout=120))[0]
                       for _ in range(2)]
            for n, base in enumerate(servers, 1):
                asyncio.run(_open_pages(base, 2))  # warm: the first run imports the pages
                times = asyncio.run(_open_pages(base, args.pages))
                print(f"server {n}: the deal page with the standings of {len(stored)}: "
                      f"median {statistics.median(times) * 1000:.0f} ms, p95 {_p95(times) * 1000:.0f} ms "
                      f"({len(times)} sessions)")
        print(json.dumps({"players": args.players, "stored": len(stored), "backend": backend,
                          "field_p95_ms": round(_p95(reads) * 1000)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
