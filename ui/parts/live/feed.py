"""The live feed: one long-poll route that tells a waiting screen its quiz has changed.

No class-quiz page reruns on a timer. A screen's watcher (:mod:`ui.parts.live.watch`) asks
``GET /live/quiz/CODE?watch=phase&since=VALUE`` and the answer comes back the moment the
quiz's value differs from ``since`` (then the watcher reruns the part of the page that
shows it), or after :data:`HOLD` seconds with the same value (then it asks again). While
it waits the request is an asyncio future on the server's event loop: a phone that waits
costs a socket, not CPU.

One task per server reads the pulse of every quiz somebody is watching from the database
(:mod:`classroom.quiz_pulse`, one query for all of them): at once when a page of this server
has just changed a quiz (:meth:`Feed.nudge`), at most every :data:`QUICKEST` seconds, and
each :data:`BEAT` anyway, for changes made through another server on the same database. The
cost grows with the number of quizzes, not of phones.

``serve.py`` mounts :func:`ui.routes.routes` beside Streamlit's own (``st.App``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse

from classroom.quiz import QuizStore, normalize_code
from classroom.quiz_pulse import Pulse, pulses

#: How often the watched quizzes are read without a nudge (seconds): a change made through
#: another server on the same database reaches this server's screens within this.
BEAT = 1.0
#: Nudged reads are at least this far apart (40 answers in one second: 10 reads, not 40).
QUICKEST = 0.1
#: How long a request waits for a change before answering "no change" (seconds).
HOLD = 20.0
#: A quiz nobody has asked about for this long is no longer read.
FORGET = 30.0
#: At most this many quizzes are watched at once (a flood of made-up codes stays bounded).
MAX_WATCHED = 500
#: The route, under the server's base path.
PATH = "/live/quiz/{code}"
WATCHES = ("phase", "all")
#: This server process, as the feed names it: a watcher that sees it change knows the server
#: restarted, and that its page's session (and the fragments it knew) went with it.
SERVER = secrets.token_hex(8)
NO_STORE = {"Cache-Control": "no-store"}

log = logging.getLogger(__name__)


class Feed:
    """The pulses of the quizzes (or tables) being watched, and the requests waiting on them.

    ``open_source`` opens what is read (a :class:`QuizStore`), ``read(source, codes)`` reads
    the pulses of ``codes`` from it: anything with ``watched(what) -> str``."""

    def __init__(self, open_source: Callable[[], Any], *, beat: float = BEAT,
                 read: Callable[[Any, list[str]], dict[str, Any]] = pulses) -> None:
        self._open = open_source
        self._read_pulses = read
        self._quizzes: Any = None
        self._beat = beat
        self._known: dict[str, Pulse] = {}
        self._asked: dict[str, float] = {}  # code -> when a screen last asked
        self._waiting: dict[str, int] = {}
        self._changed: asyncio.Condition | None = None
        self._task: asyncio.Task | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self.reads = 0  # database reads so far (the benchmark prints it)

    # -- reading the database (in a worker thread: the event loop never blocks)

    def _read(self, codes: list[str]) -> dict[str, Pulse]:
        if self._quizzes is None:
            self._quizzes = self._open()
        self.reads += 1
        return self._read_pulses(self._quizzes, codes)

    async def _refresh(self, codes: list[str]) -> None:
        found = await asyncio.to_thread(self._read, codes)
        async with self._condition():
            changed = False
            for code in codes:
                pulse = found.get(code)
                if pulse is None:  # no such quiz (or it was deleted): nobody keeps waiting on it
                    changed |= self._known.pop(code, None) is not None
                    self._asked.pop(code, None)
                elif self._known.get(code) != pulse:
                    self._known[code] = pulse
                    changed = True
            if changed:
                self._changed.notify_all()
        self._after_refresh(found)

    def _after_refresh(self, found: dict[str, Any]) -> None:
        """What a feed does with the pulses it has just read (the tables' driver: see
        :mod:`ui.parts.tables.feed`); nothing for quizzes."""

    def _next_beat(self) -> float:
        """Seconds until the next read without a nudge."""
        return self._beat

    def _condition(self) -> asyncio.Condition:
        if self._changed is None:
            self._changed = asyncio.Condition()
        return self._changed

    async def _beats(self) -> None:
        while True:
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for loses a cancellation that
            # lands as the wake comes, and the feed then outlived its loop's shutdown (a test
            # hung in asyncio.run; a server could hang on SIGTERM)
            try:
                async with asyncio.timeout(self._next_beat()):
                    await self._wake.wait()
            except TimeoutError:
                pass
            self._wake.clear()
            now = time.monotonic()
            for code in [c for c, at in self._asked.items() if now - at > FORGET and not self._waiting.get(c)]:
                self._asked.pop(code, None)
                self._known.pop(code, None)
            codes = sorted(self._asked)
            if not codes:
                continue
            try:
                await self._refresh(codes)
                await asyncio.sleep(QUICKEST)
            except Exception:  # noqa: BLE001 - a database hiccup must not end the feed
                log.warning("the live feed could not read what it watches", exc_info=True)
                self._quizzes = None  # open again on the next beat
                await asyncio.sleep(1.0)

    def _start(self) -> None:
        if self._task is None or self._task.done():
            self._loop = asyncio.get_running_loop()
            self._wake = asyncio.Event()
            self._task = self._loop.create_task(self._beats())

    def nudge(self) -> None:
        """A page of this server has just changed a quiz: read the pulses now, not at the next
        beat. Safe from any thread; does nothing before the first screen has asked."""
        loop, wake = self._loop, self._wake
        if loop is None or wake is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(wake.set)
        except RuntimeError:  # the loop closed meanwhile: the server is stopping
            pass

    # -- what a request does

    async def wait(self, code: str, watch: str, since: str, hold: float = HOLD) -> Pulse | None:
        """The quiz's pulse once its watched value differs from ``since``, or after ``hold``
        seconds; None when there is no such quiz."""
        self._start()
        if code not in self._known:
            if code not in self._asked and len(self._asked) >= MAX_WATCHED:
                return None
            self._asked[code] = time.monotonic()
            await self._refresh([code])  # first ask: read it now, not at the next beat
        deadline = time.monotonic() + hold
        self._waiting[code] = self._waiting.get(code, 0) + 1
        try:
            async with self._condition():
                while True:
                    pulse = self._known.get(code)
                    if code in self._asked:
                        self._asked[code] = time.monotonic()
                    left = deadline - time.monotonic()
                    if pulse is None or pulse.watched(watch) != since or left <= 0:
                        return pulse
                    try:
                        async with asyncio.timeout(left):  # not wait_for: see _beats
                            await self._changed.wait()
                    except TimeoutError:
                        pass
        finally:
            self._waiting[code] -= 1
            if not self._waiting[code]:
                del self._waiting[code]


def _open_quizzes() -> QuizStore:
    from progress import open_store

    return QuizStore(open_store())


#: One feed per server process.
FEED = Feed(_open_quizzes)


async def quiz_feed(request: Request) -> JSONResponse:
    return await answer(FEED, request, normalize_code(request.path_params.get("code", "")), WATCHES, "unknown_quiz")


async def answer(feed: Feed, request: Request, code: str, watches: tuple[str, ...], unknown: str) -> JSONResponse:
    """A watcher's long poll on ``feed`` for ``code``: the value once it differs from the
    request's ``since`` (or the same after a hold), 404 for nothing of that code."""
    watch = request.query_params.get("watch", watches[0])
    since = request.query_params.get("since", "")[:80]
    if not code or watch not in watches:
        return JSONResponse({"error": "bad_request"}, status_code=400, headers=NO_STORE)
    # a watcher that last heard another server process is answered at once: this server
    # restarted, and the page must know now, not after a hold
    known = request.query_params.get("server", SERVER)
    try:
        pulse = await feed.wait(code, watch, since, hold=HOLD if known == SERVER else 0.0)
    except Exception:  # noqa: BLE001 - the database is down: the watcher backs off and asks again
        log.warning("the live feed could not answer", exc_info=True)
        return JSONResponse({"error": "unavailable"}, status_code=503, headers=NO_STORE)
    if pulse is None:
        return JSONResponse({"error": unknown}, status_code=404, headers=NO_STORE)
    return JSONResponse({"value": pulse.watched(watch), "server": SERVER}, headers=NO_STORE)


def feed_path(base: str, code: str, path: str = PATH) -> str:
    """The feed's address for ``code`` on a server whose base path is ``base``."""
    prefix = "/" + base.strip("/") if base.strip("/") else ""
    return prefix + path.replace("{code}", code)
