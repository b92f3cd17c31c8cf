"""A class quiz under a fault: 40 phones answering while the server restarts mid-question.
Every answer a phone sent must be stored, or the phone must say it was not (review C4).

Run: .venv/bin/python bench/quiz_faults.py            (40 phones, SIGTERM mid-question)
     .venv/bin/python bench/quiz_faults.py --kill     (SIGKILL: the server crashes)
     .venv/bin/python bench/quiz_faults.py --old      (the phones without the answer guard)

A server (``streamlit run serve.py``) is started on a fixed loopback port with a fresh
SQLite database. Forty phones join through the real join page, each a Streamlit session
speaking the websocket protocol a browser's page speaks (tests/support/streamlit_client.py),
each with its live watcher (tests/support/live_client.py). The teacher moves the quiz
through the store, as from a window on another server. Once the question is on every
phone, the phones tap *Check* one after another over ``--spread`` seconds (a seeded random
order), and ``--restart-at`` seconds into that the server gets SIGTERM (a kill after
10 s, as an operator would; ``--kill``: SIGKILL at once), and a new server starts on the
same port.

What a phone does is what the browser does:
- a tap is possible only while its page is connected (a disconnected page's buttons are
  disabled); a phone whose page is down taps once its page is back;
- before it sends the tap it notes it, as ui/parts/live/watch.js notes it in the tab's
  sessionStorage (the question, and which load of the page tapped);
- when its connection drops it loads the page again from its link (the watcher reloads a
  page whose server changed; Streamlit's own reconnect would meet a new session anyway),
  until the server answers;
- on each load it reads the watcher's ``guard`` data and, as the JavaScript does, when the
  note is from an earlier load and the server holds no answer to that question, sets the
  watcher's ``unsent`` state; the page then says "Your answer was not sent. Tap again."
  and the phone taps again. ``--old`` leaves this out: the phones of the reviewed version.

Printed: taps sent, answers stored (the database, once each), answers the phones were told
had failed (the page said "not sent", or an error), and answers lost silently: a phone
tapped, the server holds nothing, and its page said nothing (the goal is 0). The exit code
is 1 when an answer is lost silently or stored twice.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from classroom.quiz import open_quiz_store  # noqa: E402
from tests.support.live_client import Follower  # noqa: E402
from tests.support.streamlit_client import PageSession  # noqa: E402
from tests.support.streamlit_server import ROOT, free_port, streamlit_server  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

APP = ROOT / "serve.py"
PUZZLE = "fives:all_fives:2:12531294"
WATCH = "class_join_watch"
NOT_SENT = "Your answer was not sent"
SENT = "Answer sent"


class Phone:
    """One phone: its page (reloaded after a drop), its watcher, and the note of its tap."""

    def __init__(self, base: str, code: str, n: int, *, guard: bool) -> None:
        self.base, self.code, self.n, self.guard = base, code, n, guard
        self.name = f"Phone{n:02d}"
        self.device = f"fault-phone-{n:04d}"
        self.session: PageSession | None = None
        self.follower: Follower | None = None
        self.lock = asyncio.Lock()
        self.load = 0            # which load of the page this is (performance.timeOrigin's part)
        self.note: dict | None = None  # the tap noted before it was sent (sessionStorage)
        self.taps = 0            # taps sent on an open connection
        self.told = 0            # times the page said the answer was not sent (or an error)
        self.reloads = 0
        self.done = False        # the page says "Answer sent"
        self.stage = ""

    # -- the page
    def connected(self) -> bool:
        s = self.session
        return s is not None and s._reader is not None and not s._reader.done()

    async def open(self, *, first: bool = False) -> None:
        """Load the page from its link, until the server answers."""
        if self.follower is not None:
            await self.follower.stop()
        if self.session is not None:
            try:
                await self.session.close()
            except Exception:  # noqa: BLE001 - a dead connection: gone anyway
                pass
        delay = 0.5
        while True:
            session = PageSession(self.base, "join", {"join": self.code, "me": self.device, "lang": "en"})
            try:
                await session.open(timeout=20)
                break
            except Exception:  # noqa: BLE001 - the server is still down: try again, later each time
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)
        self.session, self.load = session, self.load + 1
        self.reloads += 0 if first else 1
        self.follower = Follower(session, (WATCH,), self.lock)
        self.follower.start()

    async def join(self) -> None:
        await self.open(first=True)
        async with self.lock:
            self.session.set_text("class_nickname", self.name)
            trigger, fragment = self.session.click("class_join")
            await self.session.rerun([trigger], fragment_id=fragment)
        await self.session.wait_for("You're in", timeout=60)

    def _guard(self) -> tuple[dict, str, str] | None:
        """The newest watcher's guard data, its widget id and fragment."""
        found = [s for s in self.session.seen if s.kind == "bidi_component" and WATCH in s.widget_id]
        if not found:
            return None
        newest = max(found, key=lambda s: s.at)
        data = json.loads(newest.element.bidi_component.json)
        return data.get("guard"), newest.widget_id, newest.fragment_id

    async def _send(self, triggers=(), fragment_id: str = "", timeout: float = 20.0) -> bool:
        """A run, as the page sends it; False when the connection drops before it ends."""
        run = asyncio.ensure_future(self.session.rerun(list(triggers), fragment_id=fragment_id, timeout=timeout))
        while not run.done():
            if not self.connected():
                run.cancel()
                break
            await asyncio.sleep(0.05)
        try:
            await run
            return True
        except (asyncio.CancelledError, Exception):  # noqa: BLE001 - the server went down meanwhile
            return False

    # -- answering
    async def _tap(self, question: int) -> None:
        key = f"class:{self.code}:{question}"
        async with self.lock:
            group = self.session.widget(f"{key}:pick", "button_group")
            picked = self.session.set_pick(f"{key}:pick", [group.element.button_group.options[0].content])
            if not await self._send(fragment_id=picked.fragment_id):
                return  # the page went down before Check could be tapped
            trigger, fragment = self.session.click(f"{key}:check")
            if not self.connected():
                return
            if self.guard:
                self.note = {"question": question, "load": self.load}  # noted before it leaves
            self.taps += 1
            await self._send([trigger], fragment_id=fragment, timeout=10)

    async def _page_state(self, question: int, after: float) -> str:
        """What the freshly drawn page shows: "sent", "asking", or "down"."""
        key = f"class:{self.code}:{question}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if not self.connected():
                return "down"
            if self.session.find(SENT, after=after):
                return "sent"
            if any(key in s.widget_id and s.at >= after and s.kind == "button" for s in self.session.seen):
                return "asking"
            await asyncio.sleep(0.05)
        return "down"

    async def _check_guard(self, question: int) -> bool:
        """What ui/parts/live/watch.js does with the note on a page drawn after a load; True when
        the page then says the answer was not sent."""
        found = self._guard()
        if not self.guard or self.note is None or found is None or found[0] is None:
            return False
        guard, widget_id, fragment = found
        if guard["answered"] and guard["question"] == self.note["question"]:
            self.note = None  # stored: the page shows "Answer sent"
            return False
        if guard["question"] != self.note["question"] or guard["state"] not in ("question", "revealed"):
            self.note = None
            return False
        if self.note["load"] == self.load:
            return False  # tapped on this very load: its rerun may still come
        self.note = None
        state = WidgetState(id=widget_id, json_value=json.dumps({"unsent": guard["question"]}))
        async with self.lock:
            self.session.values[widget_id] = state
            start = time.monotonic()
            if not await self._send(fragment_id=fragment):
                self.note = {"question": question, "load": self.load - 1}  # the next load says it
                return False
        try:
            await self.session.wait_for(NOT_SENT, after=start, timeout=20)
        except TimeoutError:
            return False
        self.told += 1
        return True

    async def answer(self, question: int, at: float, started: float) -> None:
        """Tap at ``at`` s after ``started``; then follow the page until "Answer sent"."""
        await asyncio.sleep(max(0.0, started + at - time.monotonic()))
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if not self.connected():
                self.stage = "open"
                await self.open()  # the page loads again from its link
                self.stage = "page"
                state = await self._page_state(question, 0.0)
                if state == "down":
                    continue
                if state == "sent":
                    self.done = True
                    return
                self.stage = "guard"
                told = await self._check_guard(question)
                if self.taps and not told:
                    # the question again, unanswered, and no word: the reviewed phones' page.
                    # This student believes the answer went (review C4: they did not tap again).
                    return
            # connected, the question on screen: tap (a disconnected page cannot be tapped)
            mark = time.monotonic()
            self.stage = "tap"
            await self._tap(question)
            self.stage = "wait sent"
            while self.connected() and time.monotonic() < deadline:
                if self.session.find(SENT, after=mark):
                    self.done = True
                    return
                if self.session.find("no longer takes answers", after=mark) or self.session.find(
                        "could not be saved", after=mark):
                    self.told += 1  # the page says what went wrong
                    return
                await asyncio.sleep(0.05)
        return

    async def _wait_sent(self, after: float, timeout: float = 10.0) -> bool:
        try:
            await self.session.wait_for(SENT, after=after, timeout=timeout)
            return True
        except TimeoutError:
            return False

    async def close(self) -> None:
        if self.follower is not None:
            await self.follower.stop()
        if self.session is not None:
            try:
                await self.session.close()
            except Exception:  # noqa: BLE001
                pass


def stop(process: subprocess.Popen, grace: float = 10.0, *, kill: bool = False) -> float:
    """SIGTERM, then SIGKILL after ``grace`` s, as an operator would (``kill``: SIGKILL at
    once, a crash); seconds to exit."""
    start = time.monotonic()
    process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)  # this process only, by its id
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)
    return time.monotonic() - start


async def run(args) -> int:
    folder = Path(tempfile.mkdtemp(prefix="capicu-faults-"))
    db = folder / "capicu.sqlite3"
    env = {"CAPICU_DB_PATH": str(db), "CAPICU_DB_URL": "", "CAPICU_JOIN_BURST": "0"}
    port = free_port()
    quizzes = open_quiz_store(f"sqlite:///{db}")
    loop = asyncio.get_running_loop()
    # a page's reader ends with the connection the server dropped: that is the fault, not news
    loop.set_exception_handler(lambda lp, ctx: None if isinstance(ctx.get("exception"), ConnectionClosed)
                               else lp.default_exception_handler(ctx))
    first = streamlit_server(APP, env=env, port=port)
    base, process = first.__enter__()
    second = None
    try:
        quiz, secret = quizzes.create([PUZZLE], title="Faults", lang="en", capacity=args.phones, per_address=0)
        print(f"server {base} (pid {process.pid}); quiz {quiz.code}; {args.phones} phones; "
              f"{'the reviewed phones (no answer guard)' if args.old else 'phones with the answer guard'}; "
              f"load {os.getloadavg()[0]:.1f}")
        phones = [Phone(base, quiz.code, n, guard=not args.old) for n in range(args.phones)]
        await asyncio.gather(*(p.join() for p in phones))
        print(f"joined: {quizzes.player_count(quiz.code)} of {args.phones}")
        await asyncio.to_thread(quizzes.advance, quiz.code, secret)
        await asyncio.gather(*(p.session.wait_for("Choose your answer", timeout=60, kind="button_group")
                               for p in phones))
        order = random.Random(args.seed).sample(range(args.phones), args.phones)
        at = {n: args.spread * i / max(1, args.phones - 1) for i, n in enumerate(order)}
        started = time.monotonic()
        answering = asyncio.gather(*(p.answer(0, at[p.n], started) for p in phones))

        async def restart():
            nonlocal second, process
            await asyncio.sleep(max(0.0, started + args.restart_at - time.monotonic()))
            answered = quizzes.answered_count(quiz.code, 0)
            took = await asyncio.to_thread(stop, process, kill=args.kill)
            print(f"{'SIGKILL' if args.kill else 'SIGTERM'} {args.restart_at:.2f} s into the taps ({answered} answers stored by then); "
                  f"the server exited in {took:.1f} s")
            up = time.monotonic()
            second = streamlit_server(APP, env=env, port=port)
            _, process = await asyncio.to_thread(second.__enter__)
            print(f"a new server on the same port, healthy {time.monotonic() - up:.1f} s later")

        try:
            await asyncio.wait_for(asyncio.gather(answering, restart()), args.deadline)
        except asyncio.TimeoutError:
            print(f"phones still busy after {args.deadline:.0f} s (name, step, connected, page loads): "
                  f"{[(p.name, p.stage, p.connected(), p.load) for p in phones if not p.done]}")
        rows = quizzes.answers(quiz.code, secret, 0)
        stored = {a.nickname for a in rows}
        tapped = [p for p in phones if p.taps]
        told = [p for p in phones if p.told]
        silent = [p for p in tapped if p.name not in stored and not p.told]
        print(f"taps sent: {sum(p.taps for p in phones)} by {len(tapped)} phones; pages loaded again: "
              f"{sum(p.reloads for p in phones)}")
        print(f"answers stored: {len(rows)} of {args.phones} ({len(stored)} phones, "
              f"{len(rows) - len(stored)} doubled)")
        print(f"answers the phones were told failed: {sum(p.told for p in phones)} "
              f"(on {len(told)} phones; each tapped again: {sum(1 for p in told if p.name in stored)} stored)")
        print(f"answers lost silently: {len(silent)}" + (f" ({', '.join(p.name for p in silent)})" if silent else ""))
        for p in phones:
            await p.close()
        return 1 if silent or len(rows) != len(stored) else 0
    finally:
        quizzes.close_store()
        for server in (second, first):
            if server is not None:
                try:
                    server.__exit__(None, None, None)
                except Exception:  # noqa: BLE001 - stopped already
                    pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=40)
    parser.add_argument("--spread", type=float, default=3.0, help="seconds over which the phones tap")
    parser.add_argument("--restart-at", type=float, default=1.02,
                        help="seconds into the taps of the SIGTERM (just after a tap: some are on their way)")
    parser.add_argument("--seed", type=int, default=1, help="the order of the taps")
    parser.add_argument("--deadline", type=float, default=300.0, help="seconds the phones have to finish")
    parser.add_argument("--kill", action="store_true", help="SIGKILL instead of SIGTERM: the server crashes")
    parser.add_argument("--old", action="store_true", help="phones without the answer guard (the reviewed version)")
    return asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
