"""Changing a table: read it, change it (``matches.table``), write it back if nobody
changed it meanwhile (``matches.table_store``), else read again and retry.

The one path every change takes: a player's tap, the host's buttons, and the driver that
plays the bots and the timed-out (``ui.parts.live.feed``, or a page when the app runs
without the feed). A change that no longer makes sense on the newer table (a move on a
position that is gone) is refused by the table itself with ``TableError("late")``.
"""

from __future__ import annotations

import time
from typing import Callable

from matches.table import Table, TableError
from matches.table_store import TableStore

__all__ = ["RETRIES", "change", "drive", "load", "open_table"]

#: A change that keeps losing the race is given up after this many tries ("busy").
RETRIES = 8


def load(tables: TableStore, code: str) -> tuple[Table, int]:
    """The table of ``code`` and the version it was read at; TableError no_table / bad_record."""
    kept = tables.get(code)
    if kept is None:
        raise TableError("no_table")
    return Table.from_dict(kept.record), kept.version


def open_table(tables: TableStore, table: Table, *, seat_token: str | None = None, now: float | None = None,
               host_hash: str | None = None, group_code: str | None = None) -> str:
    """Keep a new table. Every seat a person holds already is bound to their token from now
    on (the host's, when they sit; each student's at a class table, dealt at once), so only
    their own screen keeps it present, however early a stranger asks (``seat_token`` is
    the host's raw token, which is not kept: the seat's hash is in the table)."""
    # a class table is dealt at once: a bot that leads is due from the start
    code = tables.create(table.to_dict(), version=table.version, due_at=table.due({}), state=table.state,
                         host_hash=host_hash, group_code=group_code)
    moment = time.time() if now is None else now
    for seat in table.people():
        tables.claim_seat(code, seat, table.seats[seat].token, moment)
    return code


def change(tables: TableStore, code: str, work: Callable[[Table], object], *,
           on_change: Callable[[str], None] | None = None) -> Table:
    """Apply ``work`` (which changes the table it is given, or raises TableError) and keep
    the result; retried on a fresh read while another change wins the race."""
    for _ in range(RETRIES):
        table, version = load(tables, code)
        work(table)
        if table.version == version:
            return table  # nothing changed: nothing to write
        if tables.put(code, table.to_dict(), version=table.version, due_at=table.due(tables.seen(code)),
                      expected=version, state=table.state):
            if on_change is not None:
                on_change(code)
            return table
    raise TableError("busy")


def drive(tables: TableStore, code: str, now: float | None = None, *,
          on_change: Callable[[str], None] | None = None) -> bool:
    """Make every move that is due at ``now`` (bots, the timed out, the away), one after
    another only as their pace allows: True if the table changed. The next moment to look
    again is kept with the table."""
    now = time.time() if now is None else now
    kept = tables.get(code)
    if kept is None:
        return False
    try:
        table = Table.from_dict(kept.record)
    except TableError:
        return False
    seen = tables.seen(code)
    if not table.step(now, seen):
        due = table.due(seen)
        if due != kept.due_at:
            tables.set_due(code, version=kept.version, due_at=due)
        return False
    if tables.put(code, table.to_dict(), version=table.version, due_at=table.due(seen), expected=kept.version,
                  state=table.state):
        if on_change is not None:
            on_change(code)
        return True
    return False  # another server or page moved first: its move stands
