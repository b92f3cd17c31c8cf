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

import functools
from typing import Iterable

import sqlalchemy as sa

from matches.table_store import TableStore, grades_table

__all__ = ["keep_at", "keep_judged", "store_url", "tables_at"]


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


def store_url(tables: TableStore) -> str:
    """The database of ``tables`` as a URL another process can open (a judging job's)."""
    return tables._store._url.render_as_string(hide_password=False)


@functools.lru_cache(maxsize=8)
def tables_at(url: str) -> TableStore:
    """The table store at ``url``, one per process (a judging job in a worker keeps using it)."""
    from progress import open_store

    return TableStore(open_store(url))


def keep_at(url: str, code: str, seat: int, round_index: int, decision) -> None:
    """:func:`keep_judged` of one judged ``decision``, by the judging job itself (a worker
    process of the queue, or a thread of the server): the grade is written even when the
    page that asked for it is gone (``strategy.review_queue.judge_and_keep``)."""
    keep_judged(tables_at(url), code, seat, round_index, [(decision.ply, decision.grade, decision.loss)])
