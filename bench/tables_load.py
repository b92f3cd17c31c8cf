"""Ten tables of four people playing at once, through the tables' own code path: every move
a player makes goes through ``ui.parts.tables.sync.change`` (read, apply through the engine,
compare-and-set), and every player's screen waits on the server's table feed
(``ui.parts.tables.feed.TableFeed``) and reads the table when it wakes, as the page's live
fragment does.

Run: .venv/bin/python bench/tables_load.py --tables 10 --rounds 1
     .venv/bin/python bench/tables_load.py --tables 10 --postgres   (a throwaway PostgreSQL)

Each of the 40 players is a task that waits on the feed, reads the table, and when it is
its turn thinks for a moment (0.2–0.8 s) and plays its first legal move; a tenth of the
taps are sent twice (a double submit), which the table must refuse as late.

Printed: moves made, the move-to-screen latency (from the move's commit to each of the
table's four screens having read it: median, 90th percentile, worst), taps refused as
late, and the check: every table's record replays through the engine, no move lost
(every round finished) and none doubled (one move per ply). Exit code 1 when the check
fails. The browser and websocket layer is measured by bench/class_live_load.py's real
sessions for the same feed; the page itself in tests/e2e/test_table_e2e.py.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from matches.table import Options, Table, TableError, token_hash  # noqa: E402
from matches.table_store import TableStore  # noqa: E402
from progress import open_store  # noqa: E402
from ui.parts.tables.feed import TableFeed  # noqa: E402
from ui.parts.tables.sync import change, load, open_table  # noqa: E402

NAMES = ("Ana", "Luis", "Bea", "Marco")


def open_tables(tables: TableStore, count: int, seed: int) -> list[str]:
    codes = []
    for n in range(count):
        table = Table.open("laplaza_partners", 4, (), str(seed + n), ["me", "open", "open", "open"], Options(),
                           name=NAMES[0], token=token_hash(f"{n}:0"))
        code = open_table(tables, table, seat_token=f"{n}:0")
        for seat in (1, 2, 3):
            change(tables, code, lambda t, s=seat: t.sit(s, NAMES[s], token_hash(f"{n}:{s}")))
        change(tables, code, lambda t: t.start(time.time()))
        codes.append(code)
    return codes


async def player(feed: TableFeed, tables: TableStore, code: str, seat: int, rounds: int, rng: random.Random,
                 seen_at: dict, counts: dict) -> None:
    since = ""
    while True:
        pulse = await feed.wait(code, "all", since, hold=20)
        if pulse is None:
            return
        since = pulse.watched("all")
        table, version = await asyncio.to_thread(load, tables, code)
        seen_at.setdefault((code, version), {})[seat] = time.time()
        game = table.game
        if game is None:
            continue
        if len(game.rounds) > rounds or game.over or (game.round.is_over and len(game.rounds) == rounds):
            return
        rnd = game.round
        if rnd.is_over:
            if seat not in table.ready:
                await asyncio.to_thread(change, tables, code, lambda t: t.mark_ready(seat, len(t.game.rounds) - 1,
                                                                                   time.time()), on_change=nudged(feed))
            continue
        if rnd.turn != seat:
            continue
        await asyncio.sleep(rng.uniform(0.2, 0.8))
        action = str(rnd.canonical_actions()[0])
        taps = 2 if rng.random() < 0.1 else 1
        for _ in range(taps):
            try:
                await asyncio.to_thread(change, tables, code,
                                        lambda t: t.play(seat, action, version=version, now=time.time()),
                                        on_change=nudged(feed))
                counts["moves"] += 1
            except TableError as error:
                counts[error.code] = counts.get(error.code, 0) + 1


def nudged(feed: TableFeed):
    return lambda _code: feed.nudge()


def check(tables: TableStore, codes: list[str], rounds: int, made: int) -> list[str]:
    """What is wrong with the tables' records, given ``made`` moves the players saw land."""
    trouble = []
    kept = sum(len(moves) for code in codes for moves in load(tables, code)[0].game.rounds)
    if kept != made:
        trouble.append(f"{made} moves landed for the players, {kept} in the records")
    for code in codes:
        table, _ = load(tables, code)  # from_dict replays every move through the engine
        game = table.game
        played = game.rounds[:rounds]
        if len(played) < rounds or not all(r for r in played):
            trouble.append(f"{code}: {len(played)} rounds")
        for index, moves in enumerate(played):
            seats = [m.seat for m in moves]  # a doubled tap would show as a seat moving twice running
            if any(a == b for a, b in zip(seats, seats[1:])):  # Partners: no draws, turns go round
                trouble.append(f"{code}: round {index + 1} has a seat moving twice in a row")
        if len(game.rounds) == rounds and not game.round.is_over:
            trouble.append(f"{code}: round {rounds} unfinished after {len(game.rounds[-1])} moves")
    return trouble


async def run(tables: TableStore, count: int, rounds: int, seed: int) -> int:
    codes = open_tables(tables, count, seed)
    feed = TableFeed(lambda: tables, beat=1.0)
    seen_at: dict = {}
    counts = {"moves": 0}
    rng = random.Random(seed)
    started = time.monotonic()
    await asyncio.gather(*(player(feed, tables, code, seat, rounds, random.Random(rng.random()), seen_at, counts)
                           for code in codes for seat in range(4)))
    wall = time.monotonic() - started
    # a version's latency: from its commit (the store's put, stamped) to the last of the
    # table's four screens having read it
    latencies = [max(by_seat.values()) - COMMITS[key] for key, by_seat in seen_at.items()
                 if key in COMMITS and len(by_seat) == 4]
    trouble = check(tables, codes, rounds, counts["moves"])
    latencies.sort()
    print(f"{count} tables x 4 players, {rounds} round(s): {counts['moves']} moves in {wall:.1f} s")
    if latencies:
        p90 = latencies[int(0.9 * (len(latencies) - 1))]
        print(f"move to all four screens: median {statistics.median(latencies) * 1000:.0f} ms, "
              f"90th percentile {p90 * 1000:.0f} ms, worst {latencies[-1] * 1000:.0f} ms ({len(latencies)} moves)")
    print("refused: " + (", ".join(f"{k} {v}" for k, v in counts.items() if k != "moves") or "none"))
    print("check: " + ("every table replays, no move lost or doubled" if not trouble else "; ".join(trouble)))
    return 1 if trouble else 0


#: (code, version) -> when that version was committed
COMMITS: dict = {}


def _stamp_commits(tables: TableStore) -> None:
    """Record when every version lands (the store's put, wrapped)."""
    put = tables.put

    def stamped(code, record, *, version, due_at, expected, state=None):
        landed = put(code, record, version=version, due_at=due_at, expected=expected, state=state)
        if landed:
            COMMITS[(code, version)] = time.time()
        return landed

    tables.put = stamped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL instead of SQLite")
    parser.add_argument("--db-url")
    args = parser.parse_args()
    with ExitStack() as stack:
        if args.db_url:
            url = args.db_url
        elif args.postgres:
            from tests.support.postgres import new_database, postgres_server

            url = new_database(stack.enter_context(postgres_server()))
        else:
            url = f"sqlite:///{stack.enter_context(tempfile.TemporaryDirectory())}/capicu.sqlite3"
        tables = TableStore(open_store(url))
        _stamp_commits(tables)
        print(f"database: {url.split('://')[0]}")
        return asyncio.run(run(tables, args.tables, args.rounds, args.seed))


if __name__ == "__main__":
    sys.exit(main())
