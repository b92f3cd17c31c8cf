"""A match in progress kept in the database (matches/live_match.py): the newer position
wins, a match is dropped, and one left alone for KEEP_DAYS goes when a new one comes."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import sqlalchemy as sa

from matches.live_match import KEEP_DAYS, LiveMatches, live_table, new_key
from progress import open_store


def test_a_kept_match_comes_back_and_an_older_position_never_replaces_it(store):
    """On SQLite and on PostgreSQL (the conftest's ``store``)."""
    live, key = LiveMatches(store), new_key()
    assert live.put(key, {"rounds": [["a"]]}, 2)
    assert not live.put(key, {"rounds": [[]]}, 1) and not live.put(key, {"rounds": [["b"]]}, 2)
    assert live.put(key, {"rounds": [["a", "c"]]}, 3, profile_id=7)
    found = live.get(key)
    assert (found.record, found.version, found.profile_id) == ({"rounds": [["a", "c"]]}, 3, 7)
    live.drop(key)
    assert live.get(key) is None and live.get("not a key") is None


def test_a_match_left_alone_for_a_month_is_forgotten(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'live.sqlite3'}")
    try:
        live, old = LiveMatches(store), new_key()
        live.put(old, {}, 1)
        long_ago = datetime.now(timezone.utc) - timedelta(days=KEEP_DAYS + 1)
        store._run(lambda conn: conn.execute(sa.update(live_table).values(updated_at=long_ago)), write=True)
        live.put(new_key(), {}, 1)
        assert live.get(old) is None
    finally:
        store.close()
