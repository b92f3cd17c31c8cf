"""The tables' live feed: screens wait on ``GET /live/table/CODE?since=VERSION`` and redraw
the moment a move lands; the same server task plays the moves nobody makes by hand.

It is the class quiz's long-poll feed (:class:`ui.parts.live.feed.Feed`) reading table
versions instead of quiz phases, one query for every table this server watches, plus:

* **the driver**: after each read, every watched table whose ``due_at`` has come (a bot
  to move at the table's pace, a turn timer run out, a player away past the wait) is
  stepped in a worker thread (:func:`ui.parts.tables.sync.drive`), one at a time per
  table; the beat shortens to the next due moment. Two servers may both try: the
  store's compare-and-set lets one move land.
* **presence**: a seat's request carries ``seat`` and its token (``me``); the feed keeps
  when that token last asked and writes it with the next beat, so a player whose screen
  went quiet (tab closed, network lost) is known to be away on every server. Only the
  seat's own token counts (its hash is the one bound to the seat, ``TableStore.owners``):
  a stranger who knows the table's code, asking with a made-up token or with the hash
  of the real one, is not kept at all, so they can neither hide the player's own
  requests nor keep an absent player present.

The class feed (``/live/class-tables/CLASS``) answers a digest keyed by the teacher's
secret (``matches.table_store.group_value``): it moves when any table of the class moves and
names none, since every student holds the class's join code.

A waiting screen costs a socket; each beat reads the database twice for all tables together
(their versions, and the token each seat is bound to).
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Iterable

from starlette.requests import Request
from starlette.responses import JSONResponse

from classroom.quiz import normalize_code
from matches.table import token_hash
from matches.table_store import GroupPulse, TablePulse, TableStore
from ui.parts.live.feed import BEAT, QUICKEST, Feed, answer
from ui.parts.tables.sync import drive

__all__ = ["CLASS_FEED", "CLASS_PATH", "ClassTablesFeed", "PATH", "TABLE_FEED", "TableFeed", "class_tables_feed",
           "table_feed"]

PATH = "/live/table/{code}"
#: A class's tables, all at once: the teacher's overview (the code is the class's)
CLASS_PATH = "/live/class-tables/{code}"
WATCHES = ("all",)
#: Presence is written at most this often per seat (seconds).
SEEN_EVERY = 5.0
#: At most this many requests wait to be written as presence (a flood of made-up tokens stays
#: bounded; a seat's own token is always kept).
MAX_PENDING = 2000
#: A request kept this long and still not written (its table was never read) is dropped.
PENDING_FOR = 60.0

log = logging.getLogger(__name__)


def _read(tables: TableStore, codes: list[str]) -> dict[str, TablePulse]:
    return tables.pulses(codes)


class TableFeed(Feed):
    def __init__(self, open_tables, *, beat: float = BEAT) -> None:
        super().__init__(open_tables, beat=beat, read=_read)
        self._due: dict[str, float] = {}
        self._driving: set[str] = set()
        self._lock = threading.Lock()
        self._seen: dict[tuple[str, int, str], float] = {}  # (code, seat, token hash) -> when it asked
        self._written: dict[tuple[str, int, str], float] = {}
        self._owners: dict[str, dict[int, str]] = {}  # code -> seat -> the token hash bound to it
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="capicu-table")
        self.moves = 0  # moves the driver made (the benchmark prints it)

    def _read(self, codes: list[str]) -> dict[str, TablePulse]:
        found = super()._read(codes)  # in a worker thread: the writes below never block the loop
        owners = self._quizzes.owners(codes) if codes else {}
        with self._lock:
            for code in codes:
                if code in found:
                    self._owners[code] = owners.get(code, {})
                else:
                    self._owners.pop(code, None)
            for code in [c for c in self._owners if c not in self._asked and c not in codes]:
                del self._owners[code]
        self._write_seen(set(codes))
        return found

    def _after_refresh(self, found: dict[str, Any]) -> None:
        with self._lock:
            self._due = {code: p.due_at for code, p in found.items() if p.due_at is not None and p.state == "playing"}
        self.drive_due(found.values())

    def drive_due(self, pulses: Iterable[TablePulse]) -> None:
        """Step, in the worker threads, every table of ``pulses`` whose move is due (the
        class overview hands over the tables nobody at them is watching)."""
        now = time.time()
        with self._lock:
            ready = [p.code for p in pulses if p.state == "playing" and p.due_at is not None and p.due_at <= now
                     and p.code not in self._driving]
            self._driving.update(ready)
        for code in ready:
            self._pool.submit(self._drive, code)

    def _drive(self, code: str) -> None:
        try:
            if self._quizzes is None:  # driven for the class overview before any screen asked here
                self._quizzes = self._open()
            if drive(self._quizzes, code, on_change=lambda _code: self.nudge()):
                self.moves += 1
        except Exception:  # noqa: BLE001 - one table's trouble must not stop the others
            log.warning("the table driver could not step %s", code, exc_info=True)
        finally:
            with self._lock:
                self._driving.discard(code)
            self.nudge()

    def _next_beat(self) -> float:
        with self._lock:
            waiting = [due for code, due in self._due.items() if code not in self._driving]
        if not waiting:
            return self._beat
        return min(self._beat, max(QUICKEST, min(waiting) - time.time()))

    # -- presence

    def _is_owner(self, code: str, seat: int, hashed: str) -> bool | None:
        """Whether ``hashed`` is the token bound to the seat: None while this server has not
        read the table yet, or when the seat is bound to nobody (then the store checks)."""
        owner = self._owners.get(code, {}).get(seat)
        return None if owner is None else owner == hashed

    def saw(self, code: str, seat: int, token: str) -> None:
        """Seat ``seat`` of table ``code`` asked with ``token`` (the raw one, from its link):
        kept, by the token, until the next beat writes it if it is the seat's own."""
        hashed = token_hash(token)
        with self._lock:
            owner = self._is_owner(code, seat, hashed)
            if owner is False:
                return  # a stranger's token: nothing to keep
            key = (code, seat, hashed)
            if owner or key in self._seen or len(self._seen) < MAX_PENDING:
                self._seen[key] = time.time()

    def _write_seen(self, read: set[str]) -> None:
        """Write the presence of the tables just read (``read``), each seat's own token only."""
        if self._quizzes is None:
            return
        now = time.time()
        with self._lock:
            for key in [k for k, at in self._written.items() if now - at >= SEEN_EVERY]:
                del self._written[key]
            due = []
            for key, at in list(self._seen.items()):
                code, seat, hashed = key
                if code not in read:
                    if now - at > PENDING_FOR:
                        del self._seen[key]  # its table was never read here (a bad request, too many)
                    continue
                if code not in self._owners or self._is_owner(code, seat, hashed) is False:
                    del self._seen[key]  # no such table, or not the seat's token
                elif key not in self._written:
                    del self._seen[key]
                    self._written[key] = now
                    due.append((key, at))
        for (code, seat, hashed), at in due:
            self._quizzes.mark_seen(code, seat, hashed, at)  # the store checks the token again


def _open_tables() -> TableStore:
    from progress import open_store

    return TableStore(open_store())


#: One feed per server process.
TABLE_FEED = TableFeed(_open_tables)


def _read_groups(tables: TableStore, codes: list[str]) -> dict[str, GroupPulse]:
    return tables.group_pulses(codes)


class ClassTablesFeed(Feed):
    """The teacher's overview waits here: one answer when any table of the class moves. The
    tables of the class nobody is watching are driven from here too (their bots, timers
    and players away), so a table of absent students plays on."""

    def __init__(self, open_tables, tables_feed: TableFeed, *, beat: float = BEAT) -> None:
        super().__init__(open_tables, beat=beat, read=_read_groups)
        self._tables_feed = tables_feed

    def _after_refresh(self, found: dict[str, Any]) -> None:
        self._tables_feed.drive_due(p for group in found.values() for p in group.tables)


#: One feed per server process.
CLASS_FEED = ClassTablesFeed(_open_tables, TABLE_FEED)


async def class_tables_feed(request: Request) -> JSONResponse:
    return await answer(CLASS_FEED, request, normalize_code(request.path_params.get("code", "")), WATCHES,
                        "unknown_class")


async def table_feed(request: Request) -> JSONResponse:
    code = normalize_code(request.path_params.get("code", ""))
    seat, token = request.query_params.get("seat", ""), request.query_params.get("me", "")
    if code and seat.isascii() and seat.isdigit() and len(seat) < 2 and 0 < len(token) <= 40:
        TABLE_FEED.saw(code, int(seat), token)
    return await answer(TABLE_FEED, request, code, WATCHES, "unknown_table")

