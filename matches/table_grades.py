"""A seated player's grades, kept choice by choice the moment each one is judged.

The judging at a table runs in the background on the player's server
(``matches.table_review.SeatJudge``); each judged choice is written here, in the table
store's database, so a class's summary on any server counts it, whatever the player's
screen did meanwhile (the next round dealt before the review was read, a reload, a closed
tab). A choice is one row (``capicu_table_grades``: code, seat, round, ply): writing it
again, from a second screen of the same seat or after a reload, replaces it, so nothing is
ever counted twice, and the other choices of the round stay as they are.

>>> import tempfile, pathlib
>>> from progress import open_store
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> tables = TableStore(open_store(f"sqlite:///{folder}/capicu.sqlite3"))
>>> code = tables.create({"v": 1}, version=1, due_at=None)
>>> keep_judged(tables, code, 0, 0, [(4, "best", 0.0)]); keep_judged(tables, code, 0, 0, [(1, "good", 1.5)])
>>> keep_judged(tables, code, 0, 0, [(4, "best", 0.0)])  # the same choice again, from another screen
>>> [(g.round, g.ply, g.grade) for g in tables.grades([code])]
[(0, 1, 'good'), (0, 4, 'best')]
>>> import shutil; shutil.rmtree(folder)
"""

from __future__ import annotations

from typing import Iterable

import sqlalchemy as sa

from matches.table_store import TableStore, grades_table

__all__ = ["keep_judged"]


def keep_judged(tables: TableStore, code: str, seat: int, round_index: int,
                grades: Iterable[tuple[int, str, float]]) -> None:
    """Keep seat ``seat``'s judged choices ``(ply, grade, loss)`` of round ``round_index``,
    each replacing only its own earlier row (the round's other choices stay)."""
    g = grades_table
    rows = [dict(code=code, seat=int(seat), round=int(round_index), ply=int(ply), grade=str(grade)[:16],
                 loss=float(loss)) for ply, grade, loss in grades]
    if not rows:
        return

    def work(conn) -> None:
        conn.execute(sa.delete(g).where(g.c.code == code, g.c.seat == int(seat), g.c.round == int(round_index),
                                        g.c.ply.in_([r["ply"] for r in rows])))
        conn.execute(sa.insert(g), rows)

    tables._run(work, write=True)  # the table store's own transaction (its tables made once)
