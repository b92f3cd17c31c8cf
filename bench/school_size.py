"""The size of a school (issue 46 item 5): 30 classes of 40 students with 8 weeks of
activity on one PostgreSQL, two app servers; how long a teacher waits for the dashboard of
a class and a student for their To do.

Run: .venv/bin/python bench/school_size.py [--classes 30 --students 40 --weeks 8]
                                          [--teachers 12 --live 4 --pupils 24 --runs 5 --together 4]
                                          [--chromium 2]

1. A throwaway PostgreSQL is filled directly (no app in between): the classes (made by
   classroom.roster, with a passphrase each), their students (profiles and members, a
   login card for each student measured), and per student and week about 25 puzzle
   answers (60 % rated, with the rating history), 2 finished matches against the bots
   (with the play rating), 2 lessons, a device; per class and week 2 homework of the four
   kinds (a puzzle set among them) and a live quiz in the class's history. Then VACUUM
   ANALYZE, as autovacuum keeps a database that has been running.
2. Two app servers (``app.py``) on that database.
3. Teachers, through the project's protocol client (tests/support/streamlit_client.py):
   each opens My classes on one of the two servers, types the class's code and passphrase
   (not timed: the passphrase's scrypt is the lockout's cost, not the dashboard's), picks
   the Progress tab (timed: the first look at the class), then ``--runs`` reruns of the page
   on that tab are timed (only the tab on screen runs: the grid, the topics, one student's
   chart, the history). ``--live`` more teachers do the same while, before each of their
   runs, a student of their class answers a puzzle (written here, as the student's server
   would): every one of those runs reads the class again, as during a lesson. Students:
   each signs in with their card's link, goes to Home, and ``--runs`` reruns of Home (with
   its To do) are timed. ``--together`` sessions run at once, spread over the two servers.
4. With ``--chromium N``: N teachers and N students in Debian's Chromium: a teacher's
   Open to the Roster, then the click on the Progress tab to its grid; a student's click on
   Home to the To do.

Printed: the rows made, the time to fill, the load average, per kind of session the median,
95th percentile and worst of the timed runs, and the dashboard's own reads
(classroom.dashboard.dashboard) timed in this process, at a class's first look and again.
Exit code 1 when a p95 misses its target (1 s, 0.5 s).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import sqlalchemy as sa  # noqa: E402

from classroom import roster  # noqa: E402
from classroom.dashboard import dashboard  # noqa: E402
from classroom.homework import todo  # noqa: E402
from lessons.model import load_course  # noqa: E402
from progress import Attempt, open_store  # noqa: E402
from progress.records import name_key  # noqa: E402
from storage.database import (  # noqa: E402
    assignments_table, attempts_table, class_history_table, class_members_table, devices_table, games_table,
    lessons_table, player_ratings_table, profiles_table, puzzle_sets_table, rating_history_table,
)
from tests.support.postgres import new_database, postgres_server  # noqa: E402
from tests.support.streamlit_client import PageSession  # noqa: E402
from tests.support.streamlit_server import streamlit_server  # noqa: E402

APP = ROOT / "app.py"
TYPES = ("legal_moves", "draw_or_pass", "next_leader", "block_count", "round_score", "fives", "reading", "best_move")
GAMES = ("all_fives", "laplaza_partners", "block")
LEVELS = ("beginner", "casual", "strong")
SECRET = "a long class passphrase"
TARGETS = {"dashboard": 1.0, "first look": 1.0, "live": 1.0, "todo": 0.5}
PROGRESS = "Progress"  # the tab's label in English (ui/strings/en.yaml, classes.tab.progress)
CHUNK = 5000


def _insert(conn, table, rows: list[dict]) -> None:
    for start in range(0, len(rows), CHUNK):
        conn.execute(sa.insert(table), rows[start:start + CHUNK])


def populate(store, classes: int, students: int, weeks: int, now: datetime, seed: int = 46) -> dict:
    """Fill the database; returns the classes (id, code) and one card secret per student."""
    rnd = random.Random(seed)
    lessons = load_course().ordered_ids()
    start = now - timedelta(weeks=weeks)
    made = {"classes": [], "cards": {}, "rows": {}}
    counts = {name: 0 for name in ("profiles", "attempts", "rating_history", "games", "lessons", "assignments",
                                   "class_history")}
    for c in range(classes):
        school_class = roster.create_class(store, name=f"Class {c + 1:02d}", games=list(GAMES), lang="en",
                                           time_zone="Europe/Amsterdam", secret=SECRET)
        made["classes"].append((school_class.id, school_class.code))
        profiles = [{"name": f"Student {c + 1:02d}-{s + 1:02d}", "name_key": name_key(f"Student {c + 1:02d}-{s + 1:02d}"),
                     "created_at": start} for s in range(students)]

        def work(conn, profiles=profiles, school_class=school_class, c=c):
            ids = [conn.execute(sa.insert(profiles_table).values(**p)).inserted_primary_key[0] for p in profiles]
            _insert(conn, class_members_table, [
                {"class_id": school_class.id, "profile_id": pid, "nickname": f"S{s + 1:02d}",
                 "name_key": name_key(f"S{s + 1:02d}"), "joined_at": start} for s, pid in enumerate(ids)])
            attempts, history, games, done, devices, ratings = [], [], [], [], [], []
            for pid in ids:
                rating, play = 1500.0, 1500.0
                seen = start
                for w in range(weeks):
                    week = start + timedelta(weeks=w)
                    for n in range(25):
                        at = week + timedelta(seconds=rnd.randrange(7 * 86400))
                        ptype = rnd.choice(TYPES)
                        correct = rnd.random() < 0.6
                        attempts.append({"profile_id": pid, "puzzle_id": f"{ptype}:all_fives:2:{rnd.randrange(10**9)}",
                                         "puzzle_type": ptype, "game": "all_fives", "correct": correct,
                                         "time_ms": rnd.randrange(3000, 60000), "day": at.date(), "daily": None,
                                         "at": at})
                        if n % 5 < 3:
                            rating += rnd.uniform(5, 20) * (1 if correct else -1)
                            history.append({"profile_id": pid, "kind": "puzzles", "item": attempts[-1]["puzzle_id"],
                                            "score": float(correct), "rating": rating, "deviation": 120.0,
                                            "item_rating": 1500.0, "at": at})
                        seen = max(seen, at)
                    for g in range(2):
                        at = week + timedelta(seconds=rnd.randrange(7 * 86400))
                        game, level = rnd.choice(GAMES), rnd.choice(LEVELS)
                        players = 4 if game == "laplaza_partners" else 2
                        record = {"setup": {"preset": game, "players": players, "overlays": [], "seed": str(g),
                                            "seats": ["human"] + [level] * (players - 1)},
                                  "rounds": [[] for _ in range(rnd.randrange(1, 5))], "over": True}
                        games.append({"profile_id": pid, "game": game, "status": "finished", "kind": "match",
                                      "record": json.dumps(record), "decisions": 20, "best": 12, "points_lost": 9.5,
                                      "started_at": at - timedelta(minutes=15), "updated_at": at})
                        play += rnd.uniform(-25, 30)
                        history.append({"profile_id": pid, "kind": "play", "item": f"g{pid}-{w}-{g}",
                                        "score": 1.0, "rating": play, "deviation": 150.0, "item_rating": 1500.0,
                                        "at": at})
                for lesson in rnd.sample(lessons, min(len(lessons), 2 * weeks)):
                    done.append({"profile_id": pid, "lesson_id": lesson,
                                 "day": (start + timedelta(days=rnd.randrange(7 * weeks))).date()})
                devices.append({"token_hash": f"{pid:064d}", "profile_id": pid, "created_at": start, "last_seen": seen})
                ratings += [{"profile_id": pid, "kind": "puzzles", "rating": rating, "deviation": 120.0,
                             "volatility": 0.06, "rated": 120, "updated_at": seen},
                            {"profile_id": pid, "kind": "play", "rating": play, "deviation": 150.0,
                             "volatility": 0.06, "rated": 16, "updated_at": seen}]
            for table, rows in ((attempts_table, attempts), (rating_history_table, history), (games_table, games),
                                (lessons_table, done), (devices_table, devices), (player_ratings_table, ratings)):
                _insert(conn, table, rows)
            set_id = conn.execute(sa.insert(puzzle_sets_table).values(
                class_id=school_class.id, name="Week set", created_at=start,
                puzzle_ids=json.dumps([a["puzzle_id"] for a in attempts[:10]]))).inserted_primary_key[0]
            homework = []
            for w in range(weeks):
                set_at = start + timedelta(weeks=w)
                for spec, kind in ((({"lessons": rnd.sample(lessons, 2)}), "lessons"),
                                   ({"drill": {"type": rnd.choice(TYPES), "game": "all_fives", "band": "easy",
                                               "count": 10}} if w % 2 else {"set": set_id}, "puzzles"),
                                   ({"game": rnd.choice(GAMES), "rounds": 3, "level": rnd.choice(LEVELS)}, "play"),
                                   ({"count": 5}, "mistakes"))[w % 2::2]:
                    homework.append({"class_id": school_class.id, "kind": kind, "spec": json.dumps(spec),
                                     "set_at": set_at, "due_at": set_at + timedelta(days=6), "created_at": set_at})
            _insert(conn, assignments_table, homework)
            _insert(conn, class_history_table, [
                {"class_id": school_class.id, "kind": "quiz", "at": start + timedelta(weeks=w, days=1),
                 "data": json.dumps({"title": f"Quiz {w + 1}", "questions": 5,
                                     "ranking": [{"rank": r + 1, "nickname": f"S{r + 1:02d}", "correct": 5 - r % 5,
                                                  "answered": 5} for r in range(students)]})}
                for w in range(weeks)])
            return ids, {"attempts": len(attempts), "rating_history": len(history), "games": len(games),
                         "lessons": len(done), "assignments": len(homework), "class_history": weeks}

        ids, added = store._run(work, write=True)
        counts["profiles"] += len(ids)
        for name, n in added.items():
            counts[name] += n
        made["cards"][school_class.id] = [(pid, None) for pid in ids]
    made["rows"] = counts
    return made


def settle(url: str) -> None:
    """VACUUM ANALYZE, as autovacuum keeps a school's database that has been running for
    weeks (its statistics, and the visibility that lets counts be read from an index
    alone); a database just filled would have autovacuum start in the middle of the timing."""
    engine = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.exec_driver_sql("VACUUM ANALYZE")
    engine.dispose()


def cards_for(store, made: dict, pupils: int, rnd: random.Random) -> list[str]:
    """Login cards for ``pupils`` students spread over the classes (their QR's secret)."""
    chosen = []
    classes = list(made["cards"].items())
    for n in range(pupils):
        class_id, students = classes[n % len(classes)]
        pid = students[rnd.randrange(len(students))][0]
        chosen.append(roster.issue_card(store, class_id, pid))
    return chosen


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (f"n={len(values)} median {statistics.median(values) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"worst {ordered[-1] * 1000:.0f} ms")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))] if ordered else 0.0


async def teacher(base: str, code: str, runs: int, before_run=None) -> tuple[float, list[float]]:
    """(the pick of the Progress tab, the runs on it); ``before_run`` is awaited before each."""
    s = PageSession(base, "classes", {"lang": "en"})
    await s.open()
    s.set_text("classes_open_code", code)
    s.set_text("classes_open_secret", SECRET)
    button, _ = s.click("classes_open_go")
    await s.rerun([button])
    s.values.pop(s.widget("classes_open_secret", "text_input").widget_id, None)
    await s.rerun()
    s.set_tab("classes_tab", PROGRESS)
    after = time.monotonic()
    first = await s.rerun()
    await s.wait_for("Progress of the class", after=after, timeout=30)
    if s.errors:
        raise RuntimeError(f"the teacher's page failed: {s.errors[:2]}")
    times = []
    for _ in range(runs):
        if before_run is not None:
            await before_run()
        after = time.monotonic()
        times.append(await s.rerun())
        if not s.find("Class history", after=after) or not s.find("Progress of the class", after=after):
            raise RuntimeError("the dashboard's grid was not drawn")
    await s.close()
    return first, times


async def student(base: str, card: str, runs: int) -> list[float]:
    s = PageSession(base, "myclass", {"card": card, "lang": "en"})
    await s.open()
    s.query = {"lang": "en"}
    s.page, s.page_hash = "", ""  # Home, the default page
    await s.rerun()
    if s.errors:
        raise RuntimeError(f"the student's page failed: {s.errors[:2]}")
    times = []
    for _ in range(runs):
        after = time.monotonic()
        times.append(await s.rerun())
        if not s.find("To do", after=after):
            raise RuntimeError("the To do was not drawn")
    await s.close()
    return times


def answering(store, students: list[int]):
    """Before each run: the next of ``students`` answers a new puzzle (as during a lesson)."""
    turn = iter(range(10**9))

    async def answer() -> None:
        n = next(turn)
        pid = students[n % len(students)]
        at = datetime.now(timezone.utc)
        attempt = Attempt(f"fives:all_fives:2:live{pid}x{n}", "fives", "all_fives", n % 3 != 0, 9000, at.date(),
                          None, at)
        await asyncio.to_thread(store.record_attempt, pid, attempt, band="easy")

    return answer


async def sessions(bases: list[str], jobs: list[tuple[str, Any]], runs: int, together: int) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {"dashboard": [], "first look": [], "live": [], "todo": []}
    gate = asyncio.Semaphore(together)

    async def one(n: int, kind: str, what: Any) -> None:
        async with gate:
            base = bases[n % len(bases)]
            if kind == "todo":
                found[kind].extend(await student(base, what, runs))
                return
            code, before_run = what if kind == "live" else (what, None)
            first, times = await teacher(base, code, runs, before_run)
            found["first look"].append(first)
            found[kind].extend(times)

    await asyncio.gather(*(one(n, kind, what) for n, (kind, what) in enumerate(jobs)))
    return found


def chromium(bases: list[str], codes: list[str], cards: list[str]) -> dict[str, list[float]]:
    """In Chromium: a teacher's Open (passphrase checked, then the whole page with the
    dashboard) to the Progress tab's heading; a student's click on Home to the To do."""
    from playwright.sync_api import expect, sync_playwright

    from tests.support.streamlit_server import launch_chromium

    found: dict[str, list[float]] = {"open": [], "dashboard": [], "todo": []}
    with sync_playwright() as p:
        browser = launch_chromium(p)
        for n, code in enumerate(codes):
            page = browser.new_page()
            page.goto(f"{bases[n % 2]}/classes?lang=en")
            page.locator(".st-key-classes_open_code input").fill(code, timeout=60_000)
            page.locator(".st-key-classes_open_secret input").fill(SECRET)
            start = time.monotonic()
            page.locator(".st-key-classes_open_go").get_by_role("button").click()
            tab = page.get_by_role("tab", name=PROGRESS)
            tab.wait_for(timeout=60_000)
            found["open"].append(time.monotonic() - start)
            page.wait_for_timeout(500)  # the Open's run settles (not a measurement)
            start = time.monotonic()
            tab.click()
            expect(page.get_by_text("Progress of the class")).to_be_attached(timeout=60_000)
            expect(page.get_by_text("Class history")).to_be_attached(timeout=60_000)
            found["dashboard"].append(time.monotonic() - start)
            page.close()
        for n, card in enumerate(cards):
            page = browser.new_page()
            page.goto(f"{bases[n % 2]}/myclass?card={card}&lang=en")
            home = page.get_by_role("link", name="Home").first
            home.wait_for(timeout=60_000)
            page.wait_for_timeout(500)  # the card's sign-in run settles (not a measurement)
            start = time.monotonic()
            home.click()
            expect(page.get_by_role("heading", name="To do")).to_be_visible(timeout=60_000)
            found["todo"].append(time.monotonic() - start)
            page.close()
        browser.close()
    return found


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} (1, 5, 15 min)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--classes", type=int, default=30)
    ap.add_argument("--students", type=int, default=40)
    ap.add_argument("--weeks", type=int, default=8)
    ap.add_argument("--teachers", type=int, default=12)
    ap.add_argument("--live", type=int, default=4, help="teachers whose students answer before each run")
    ap.add_argument("--pupils", type=int, default=24)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--together", type=int, default=4)
    ap.add_argument("--chromium", type=int, default=0)
    args = ap.parse_args()
    now = datetime.now(timezone.utc)
    with contextlib.ExitStack() as stack:
        url = new_database(stack.enter_context(postgres_server()))
        store = open_store(url)
        began = time.monotonic()
        made = populate(store, args.classes, args.students, args.weeks, now)
        settle(url)
        filled = time.monotonic() - began
        rows = made["rows"]
        print(f"filled in {filled:.0f} s: " + ", ".join(f"{n} {name}" for name, n in rows.items()))
        rnd = random.Random(7)
        cards = cards_for(store, made, args.pupils + args.chromium, rnd)
        codes = [code for _, code in made["classes"]]
        # the dashboard's reads alone, in this process: a class's first look, then again
        cold, kept = [], []
        for class_id, code in made["classes"][-10:]:
            school_class = roster.class_by_code(store, code)
            for times in (cold, kept):
                start = time.monotonic()
                board = dashboard(store, school_class, now=now)
                times.append(time.monotonic() - start)
            assert len(board.students) == args.students and board.homework
        someone = made["cards"][made["classes"][0][0]][0][0]
        start = time.monotonic()
        todo(store, someone, now=now)
        print(f"classroom.dashboard.dashboard alone, first look: {spread(cold)}; again: {spread(kept)}; "
              f"homework.todo alone: {(time.monotonic() - start) * 1000:.0f} ms")
        env = {"CAPICU_DB_URL": url, "CAPICU_THINK_AHEAD": "off"}
        bases = [stack.enter_context(streamlit_server(APP, env=env, timeout=90))[0] for _ in range(2)]
        jobs: list[tuple[str, Any]] = [("dashboard", codes[n % len(codes)]) for n in range(args.teachers)]
        for n in range(args.live):  # classes no other teacher opens
            class_id, code = made["classes"][-1 - n % len(made["classes"])]
            jobs.append(("live", (code, answering(store, [pid for pid, _ in made["cards"][class_id]]))))
        jobs += [("todo", cards[n]) for n in range(args.pupils)]
        random.Random(3).shuffle(jobs)
        # each server's first sessions pay its imports (the pages, Plotly): not timed; the
        # teacher's on a class that no timed session opens
        spare = codes[args.teachers % len(codes)] if args.classes > args.teachers + args.live else codes[0]
        for base in bases:
            asyncio.run(sessions([base], [("todo", cards[-1]), ("dashboard", spare)], 1, 1))
        print(f"before the sessions: {load()}")
        found = asyncio.run(sessions(bases, jobs, args.runs, args.together))
        print(f"after the sessions: {load()}")
        print(f"teachers' first look at the Progress tab ({args.teachers + args.live} sessions, {args.together} "
              f"at once, 2 servers): {spread(found['first look'])}")
        print(f"teachers' runs on the Progress tab ({args.teachers} sessions): {spread(found['dashboard'])}")
        print(f"teachers' runs while a student answers before each ({args.live} sessions): {spread(found['live'])}")
        print(f"students' To do runs (Home; {args.pupils} sessions): {spread(found['todo'])}")
        failed = [kind for kind, limit in TARGETS.items() if found[kind] and p95(found[kind]) > limit]
        if args.chromium:
            seen = chromium(bases, codes[:args.chromium], cards[args.pupils:args.pupils + args.chromium])
            print(f"Chromium: Open to the Roster {spread(seen['open'])}; the Progress tab's click to its grid "
                  f"{spread(seen['dashboard'])}; To do on Home {spread(seen['todo'])}")
        store.close()
    print("PASS" if not failed else f"FAIL: p95 over target for {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
