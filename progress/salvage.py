"""A damaged SQLite progress file: keep it aside, start a fresh one, copy what still reads.

A file that carries SQLite's header but that SQLite cannot check (a truncated or
overwritten page) was ours, or someone's database; either way it is never changed or
deleted. It is renamed, with its ``-wal``/``-journal`` companions, to
``<name>.damaged-<UTC time>``, the store starts afresh at the old path, and then every row
of our tables that SQLite can still read from the kept file is copied into the fresh one
(same ids, so a profile keeps its attempts). The counts say what came back.

A row whose profile did not survive (its attempts read, the profiles' page did not) is
copied back all the same, under a **placeholder profile** made for its id: "Recovered 1",
"Recovered 2"… (``PLACEHOLDER``; a ``capicu_meta`` row ``recovered:<id>`` marks it, so the
app shows it in the reader's language until its owner renames it).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from progress.records import name_key
from storage.database import metadata

#: SQLite's companion files, renamed with the database so the kept copy stays whole
COMPANIONS = ("-wal", "-journal", "-shm")
#: our tables in an order that inserts every row after the row it refers to
ORDER = ("capicu_profiles", "capicu_profile_guards", "capicu_devices", "capicu_attempts", "capicu_lessons", "capicu_games",
         "capicu_quizzes", "capicu_quiz_players", "capicu_quiz_answers",
         "capicu_player_ratings", "capicu_puzzle_ratings", "capicu_rating_history", "capicu_reviews",
         "capicu_mistakes")
#: the stored name of a placeholder profile (the UI shows it translated: ``profile.recovered``)
PLACEHOLDER = "Recovered {number}"
#: the ``capicu_meta`` key that marks a placeholder profile: this and its id
META_PREFIX = "recovered:"


def _owned(name: str) -> bool:
    """Whether a table's rows belong to a profile (a foreign key on ``profile_id``)."""
    column = metadata.tables[name].c.get("profile_id")
    return column is not None and any(fk.column.table.name == "capicu_profiles" for fk in column.foreign_keys)


@dataclass(frozen=True)
class Salvage:
    #: where the damaged file now lies
    kept: Path
    #: rows copied back, per table
    recovered: dict[str, int] = field(default_factory=dict)
    #: placeholder profiles made for rows whose profile was lost ("Recovered 1"…)
    placeholders: int = 0

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
    made = 0
    try:
        source = sqlite3.connect(f"file:{kept}?mode=ro", uri=True)
    except sqlite3.Error:
        return Salvage(kept, counts)
    target = sqlite3.connect(fresh, isolation_level=None, timeout=5.0)
    try:
        target.execute("PRAGMA foreign_keys = ON")
        target.execute("BEGIN IMMEDIATE")
        placeholders = _Placeholders(target)
        for name in ORDER:
            counts[name] = _copy_table(source, target, name, placeholders if _owned(name) else None)
        made = placeholders.made
        _copy_marks(source, target)
        target.execute("COMMIT")
    except sqlite3.Error:
        if target.in_transaction:
            target.execute("ROLLBACK")
        counts, made = {}, 0
    finally:
        source.close()
        target.close()
    return Salvage(kept, {k: v for k, v in counts.items() if v}, made)


class _Placeholders:
    """Makes a placeholder profile for each lost profile id that rows still refer to."""

    def __init__(self, target: sqlite3.Connection):
        self.target, self.made, self._number = target, 0, 0
        self._known: set[int] = set()

    def ensure(self, profile_id: object) -> None:
        if not isinstance(profile_id, int) or profile_id in self._known:
            return
        self._known.add(profile_id)
        if self.target.execute("SELECT 1 FROM capicu_profiles WHERE id = ?", (profile_id,)).fetchone():
            return
        while True:  # the next number whose name is free
            self._number += 1
            name = PLACEHOLDER.format(number=self._number)
            if not self.target.execute("SELECT 1 FROM capicu_profiles WHERE name_key = ?",
                                       (name_key(name),)).fetchone():
                break
        now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")  # as SQLAlchemy writes it
        self.target.execute("INSERT INTO capicu_profiles (id, name, name_key, created_at) VALUES (?, ?, ?, ?)",
                            (profile_id, name, name_key(name), now))
        self.target.execute("INSERT OR REPLACE INTO capicu_meta (key, value) VALUES (?, ?)",
                            (f"{META_PREFIX}{profile_id}", name))
        self.made += 1


def _copy_marks(source: sqlite3.Connection, target: sqlite3.Connection) -> None:
    """The placeholder marks of an earlier salvage, for the profiles that came back."""
    like = META_PREFIX + "%"
    try:
        marks = source.execute("SELECT key, value FROM capicu_meta WHERE key LIKE ?", (like,)).fetchall()
    except sqlite3.DatabaseError:
        return
    for key, value in marks:
        target.execute("INSERT OR IGNORE INTO capicu_meta (key, value) VALUES (?, ?)", (key, value))


def _copy_table(source: sqlite3.Connection, target: sqlite3.Connection, name: str,
                placeholders: _Placeholders | None = None) -> int:
    columns = [c.name for c in metadata.tables[name].columns]
    try:  # a file made by an older Capicú lacks the columns added since: they take their defaults
        kept = {row[1] for row in source.execute(f"PRAGMA table_info({name})")}
    except sqlite3.DatabaseError:
        kept = set()
    columns = [c for c in columns if c in kept] or columns
    listed = ", ".join(columns)
    insert = f"INSERT OR IGNORE INTO {name} ({listed}) VALUES ({', '.join('?' for _ in columns)})"
    owner = columns.index("profile_id") if placeholders is not None and "profile_id" in columns else None
    copied = 0
    for row in _readable_rows(source, f"SELECT rowid, {listed} FROM {name} WHERE rowid > ? ORDER BY rowid"):
        if owner is not None:  # its profile was lost: a placeholder keeps the row
            placeholders.ensure(row[owner])
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
