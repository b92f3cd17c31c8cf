"""A damaged SQLite progress file: keep it aside, start a fresh one, copy what still reads.

A file that carries SQLite's header but that SQLite cannot check (a truncated or
overwritten page) was ours, or someone's database; either way it is never changed or
deleted. It is renamed, with its ``-wal``/``-journal`` companions, to
``<name>.damaged-<UTC time>``, the store starts afresh at the old path, and then every row
of our tables that SQLite can still read from the kept file is copied into the fresh one
(same ids, so a profile keeps its attempts). The counts say what came back.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from progress.database import metadata

#: SQLite's companion files, renamed with the database so the kept copy stays whole
COMPANIONS = ("-wal", "-journal", "-shm")
#: our tables in an order that inserts every row after the row it refers to
ORDER = ("capicu_profiles", "capicu_profile_guards", "capicu_devices", "capicu_attempts", "capicu_lessons", "capicu_games",
         "capicu_quizzes", "capicu_quiz_players", "capicu_quiz_answers",
         "capicu_player_ratings", "capicu_puzzle_ratings", "capicu_rating_history", "capicu_reviews")


@dataclass(frozen=True)
class Salvage:
    #: where the damaged file now lies
    kept: Path
    #: rows copied back, per table
    recovered: dict[str, int] = field(default_factory=dict)

    @property
    def rows(self) -> int:
        return sum(self.recovered.values())


def set_aside(path: Path, now: datetime | None = None) -> Path | None:
    """Rename the damaged file (and its companions) out of the way; None when another
    process got there first (the file is no longer at ``path``)."""
    stamp = (now or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%S%fZ")
    kept = path.with_name(f"{path.name}.damaged-{stamp}")
    try:
        path.rename(kept)
    except FileNotFoundError:
        return None
    for suffix in COMPANIONS:
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(kept.with_name(kept.name + suffix))
    return kept


def recover(kept: Path, fresh: Path) -> Salvage:
    """Copy every readable row of our tables from ``kept`` into the fresh database."""
    counts: dict[str, int] = {}
    try:
        source = sqlite3.connect(f"file:{kept}?mode=ro", uri=True)
    except sqlite3.Error:
        return Salvage(kept, counts)
    target = sqlite3.connect(fresh, isolation_level=None, timeout=5.0)
    try:
        target.execute("PRAGMA foreign_keys = ON")
        target.execute("BEGIN IMMEDIATE")
        for name in ORDER:
            counts[name] = _copy_table(source, target, name)
        target.execute("COMMIT")
    except sqlite3.Error:
        if target.in_transaction:
            target.execute("ROLLBACK")
        counts = {}
    finally:
        source.close()
        target.close()
    return Salvage(kept, {k: v for k, v in counts.items() if v})


def _copy_table(source: sqlite3.Connection, target: sqlite3.Connection, name: str) -> int:
    columns = [c.name for c in metadata.tables[name].columns]
    try:  # a file made by an older Capicú lacks the columns added since: they take their defaults
        kept = {row[1] for row in source.execute(f"PRAGMA table_info({name})")}
    except sqlite3.DatabaseError:
        kept = set()
    columns = [c for c in columns if c in kept] or columns
    listed = ", ".join(columns)
    insert = f"INSERT OR IGNORE INTO {name} ({listed}) VALUES ({', '.join('?' for _ in columns)})"
    copied = 0
    for row in _readable_rows(source, f"SELECT rowid, {listed} FROM {name} WHERE rowid > ? ORDER BY rowid"):
        try:
            copied += target.execute(insert, row).rowcount
        except sqlite3.IntegrityError:
            continue  # it refers to a row that did not survive
    return copied


def _readable_rows(source: sqlite3.Connection, query: str):
    """The rows (without their rowid) that SQLite can still read, in rowid order.

    A damaged page ends a plain scan, but the rows after it may sit on sound pages (a file
    cut in the middle keeps its end when a later commit wrote it back): the scan starts
    again past the damage, twice as many rowids further each time it meets it again.
    """
    after, skip = 0, 0
    while skip < 2 ** 40:
        try:
            for rowid, *row in source.execute(query, (after + skip,)):
                after, skip = rowid, 0
                yield tuple(row)
            return  # the end of the table
        except sqlite3.DatabaseError:
            skip = max(1, skip * 2)
