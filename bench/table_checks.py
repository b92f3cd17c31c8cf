"""What the tables benchmarks check and time, shared by ``tables_servers.py`` and
``tables_browsers.py`` (a module beside them, not a benchmark)."""

from __future__ import annotations

from typing import Callable

import sqlalchemy as sa

from matches.table import Table, TableError
from matches.table_store import TableStore, tables_table


def first_round_trouble(read: Callable[[str], tuple[Table, int]], codes: list[str]) -> list[str]:
    """What is wrong with each table's first round: its record must replay through the
    engine (``read`` loads it), the round must be finished, and no seat may move twice in a
    row (a doubled move)."""
    trouble = []
    for code in codes:
        try:
            table, _ = read(code)
        except TableError as error:
            trouble.append(f"{code}: {error.code}")
            continue
        moves = table.game.rounds[0]
        if not table.game.round.is_over and len(table.game.rounds) == 1:
            trouble.append(f"{code}: round 1 unfinished after {len(moves)} moves")
        seats = [m.seat for m in moves]
        if any(a == b for a, b in zip(seats, seats[1:])):
            trouble.append(f"{code}: a seat moved twice in a row")
    return trouble


def committed_at(tables: TableStore, code: str) -> float:
    """When the table's newest version was written (its ``updated_at``)."""
    t = tables_table
    row = tables._run(lambda conn: conn.execute(sa.select(t.c.updated_at).where(t.c.code == code)).first(),
                      write=False)
    return row.updated_at.timestamp()
