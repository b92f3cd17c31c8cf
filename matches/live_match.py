"""A match in progress, kept after every move: a reload, a lost connection or a second tab
brings back the exact position.

The play page gives each match a random id and keeps it in its link (``/play?match=...``),
so it works for a guest as well as for a profile (whose matches are also saved in
``capicu_games``). The record is the match's own JSON (:meth:`matches.game.Game.to_dict`,
with the reviews and the choices judged so far); ``version`` (:attr:`Game.version`) says how
far it has come, so a tab that is behind never overwrites a newer position: :meth:`put`
refuses, and the page takes the newer one instead.

A match kept for a profile is opened only by that profile. Without a database (a
:class:`progress.store.NullStore`) the matches are kept in this process's memory.

>>> live = LiveMatches(None)
>>> key = new_key()
>>> live.put(key, {"rounds": [[]]}, 1), live.put(key, {"rounds": [["old"]]}, 1)
(True, False)
>>> live.get(key).version, valid_key(key), valid_key("../etc")
(1, True, False)
>>> live.drop(key); live.get(key) is None
True
"""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

import sqlalchemy as sa

from progress.records import RECORD_LIMIT
from storage.database import SideTables

__all__ = ["KEEP_DAYS", "LiveMatch", "LiveMatches", "live_table", "new_key", "valid_key"]

#: a match nobody touched for this long is forgotten (a profile's stays in capicu_games)
KEEP_DAYS = 30
#: matches kept in memory when there is no database
MEMORY_LIMIT = 500
_KEY = re.compile(r"[A-Za-z0-9_-]{16}")

# Its own metadata: the table is created the first time a store keeps a live match, so a
# database made before it gets it without a schema change.
_metadata = sa.MetaData()
live_table = sa.Table(
    "capicu_live_matches",
    _metadata,
    sa.Column("key", sa.String(16), primary_key=True),
    sa.Column("profile_id", sa.Integer, nullable=True),  # None: a guest's
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)


def new_key() -> str:
    """A match id for a link: 16 URL-safe characters (96 random bits, not guessable)."""
    return secrets.token_urlsafe(12)


def valid_key(text: Any) -> bool:
    return isinstance(text, str) and _KEY.fullmatch(text) is not None


@dataclass(frozen=True)
class LiveMatch:
    key: str
    record: dict
    version: int
    profile_id: int | None = None


_memory: OrderedDict[str, LiveMatch] = OrderedDict()
_memory_lock = threading.Lock()
_side_tables = SideTables(_metadata)


class LiveMatches:
    """The live matches of ``store`` (a :class:`progress.store.Store`), or of this process's
    memory for a store that does not save (``None``, a NullStore)."""

    def __init__(self, store: Any) -> None:
        self._store = store if store is not None and getattr(store, "saving", False) else None

    def put(self, key: str, record: dict, version: int, profile_id: int | None = None) -> bool:
        """Keep ``record`` as match ``key`` at ``version``; False (and nothing kept) when a
        version as new or newer is already there: another tab got there first."""
        if not valid_key(key):
            raise ValueError("a live match's key is 16 URL-safe characters")
        text = json.dumps(record, separators=(",", ":"), allow_nan=False)
        if len(text) > RECORD_LIMIT:
            raise ValueError(f"a live match's record must stay under {RECORD_LIMIT} characters")
        if self._store is None:
            return _put_memory(LiveMatch(key, json.loads(text), version, profile_id))
        self._made()
        now = datetime.now(timezone.utc)
        t = live_table

        def work(conn) -> bool:
            row = conn.execute(sa.select(t.c.version).where(t.c.key == key)).first()
            if row is None:
                # a new match: forget those left alone for a month on the way
                conn.execute(sa.delete(t).where(t.c.updated_at < now - timedelta(days=KEEP_DAYS)))
                conn.execute(sa.insert(t).values(key=key, profile_id=profile_id, version=version, record=text,
                                                 updated_at=now))
                return True
            if row.version >= version:
                return False
            conn.execute(sa.update(t).where(t.c.key == key).values(profile_id=profile_id, version=version,
                                                                   record=text, updated_at=now))
            return True

        return bool(self._store._run(work, write=True))

    def get(self, key: str) -> LiveMatch | None:
        if not valid_key(key):
            return None
        if self._store is None:
            with _memory_lock:
                return _memory.get(key)
        self._made()
        t = live_table
        row = self._store._run(lambda conn: conn.execute(sa.select(t).where(t.c.key == key)).first(), write=False)
        if row is None:
            return None
        try:
            record = json.loads(row.record)
        except ValueError:
            return None
        return LiveMatch(row.key, record, int(row.version), row.profile_id)

    def drop(self, key: str) -> None:
        """Forget match ``key`` (it was stopped, or a new one replaced it)."""
        if self._store is None:
            with _memory_lock:
                _memory.pop(key, None)
            return
        self._made()
        self._store._run(lambda conn: conn.execute(sa.delete(live_table).where(live_table.c.key == key)), write=True)

    def _made(self) -> None:
        _side_tables.ensure(self._store)


def _put_memory(match: LiveMatch) -> bool:
    with _memory_lock:
        kept = _memory.get(match.key)
        if kept is not None and kept.version >= match.version:
            return False
        _memory[match.key] = match
        _memory.move_to_end(match.key)
        while len(_memory) > MEMORY_LIMIT:
            _memory.popitem(last=False)
        return True
