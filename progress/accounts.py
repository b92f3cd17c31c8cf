"""Signing in to a profile: an optional PIN, hidden profiles, devices that stay signed in.

Mixed into :class:`progress.store.Store` (:class:`SavedAccounts`, in the database) and
:class:`progress.store.NullStore` (:class:`MemoryAccounts`, for one session). A profile
without a guard row is open and listed, as every profile was before PINs existed.

* ``protection(id)`` says whether a profile has a PIN and is hidden;
  ``protect(id, pin=..., hidden=...)`` changes either (``pin=""`` removes it).
* ``sign_in(id, pin)`` returns the profile when its PIN (if any) is right; wrong PINs
  count, and after ``pins.MAX_FAILURES`` in a row the profile waits ``pins.LOCK_SECONDS``.
* ``rename_profile(id, name)`` and ``delete_profile(id)`` (with all it saved).
* ``find_profile(name)`` finds a profile by its name, hidden ones too (to sign in to a
  hidden profile, type its name).
* ``remember_device(id)`` makes a random token for the browser's cookie;
  ``device_profile(token)`` gives its profile back (a reload stays signed in);
  ``forget_device(token)`` signs that device out. Only the token's sha256 is stored.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

import sqlalchemy as sa
from sqlalchemy import exc
from sqlalchemy.engine import Connection

from progress.database import devices_table, guards_table, profiles_table, utc
from progress.errors import ProfileError
from progress.pins import LOCK_SECONDS, MAX_FAILURES, clean_pin, hash_pin, verify_pin
from progress.records import Profile, clean_name, name_key

#: a device token: 32 random bytes, URL-safe (what the cookie holds)
TOKEN_BYTES = 32
#: a device stays signed in this long without a visit
DEVICE_DAYS = 180


@dataclass(frozen=True)
class Protection:
    pin: bool = False
    hidden: bool = False


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _now() -> datetime:
    return datetime.now(timezone.utc)


class SavedAccounts:
    """The database side; expects the store's ``self._run(work, write=...)``."""

    _run: Callable[..., Any]

    def protection(self, profile_id: int) -> Protection:
        row = self._run(lambda conn: _guard(conn, profile_id), write=False)
        return Protection(bool(row and row.pin_hash), bool(row and row.hidden))

    def protect(self, profile_id: int, *, pin: str | None = None, hidden: bool | None = None) -> Protection:
        """Set (a PIN), remove (``pin=""``) or keep (``None``) the PIN; hide or show the name."""
        pin_hash = None if pin in (None, "") else hash_pin(clean_pin(pin))

        def work(conn: Connection) -> Protection:
            self._require(conn, profile_id)
            row = _guard(conn, profile_id)
            new_hash = (row.pin_hash if row else None) if pin is None else pin_hash
            new_hidden = bool(row and row.hidden) if hidden is None else bool(hidden)
            put_guard(conn, profile_id, new_hash, new_hidden, exists=row is not None)
            return Protection(bool(new_hash), new_hidden)

        return self._run(work, write=True)

    def sign_in(self, profile_id: int, pin: str | None = None) -> Profile:
        """The profile, when ``pin`` opens it (any pin for a profile without one)."""

        def work(conn: Connection) -> tuple[Profile | None, ProfileError | None]:
            profile = self._require(conn, profile_id)
            row = _guard(conn, profile_id)
            if row is None or not row.pin_hash:
                return profile, None
            now = _now()
            if row.locked_until is not None and utc(row.locked_until) > now:
                wait = int((utc(row.locked_until) - now).total_seconds()) + 1
                return None, ProfileError("pin_locked", seconds=wait)
            where = guards_table.c.profile_id == profile_id
            if verify_pin(pin, row.pin_hash):
                conn.execute(sa.update(guards_table).where(where).values(failures=0, locked_until=None))
                return profile, None
            failures = row.failures + 1
            locked = now + timedelta(seconds=LOCK_SECONDS) if failures >= MAX_FAILURES else None
            conn.execute(sa.update(guards_table).where(where).values(
                failures=0 if locked else failures, locked_until=locked))
            return None, ProfileError("wrong_pin")

        profile, error = self._run(work, write=True)
        if error is not None:
            raise error
        return profile

    def rename_profile(self, profile_id: int, name: str) -> Profile:
        """Give a profile another name (the same rules as a new one; ``name_taken`` if in use)."""
        shown, key = clean_name(name), name_key(name)

        def work(conn: Connection) -> Profile:
            old = self._require(conn, profile_id)
            conn.execute(sa.update(profiles_table).where(profiles_table.c.id == profile_id)
                         .values(name=shown, name_key=key))
            return Profile(old.id, shown, old.created_at)

        try:
            return self._run(work, write=True)
        except exc.IntegrityError:
            raise ProfileError("name_taken", name=shown) from None

    def delete_profile(self, profile_id: int) -> None:
        """Delete a profile and everything saved for it (attempts, lessons, games, devices)."""

        def work(conn: Connection) -> None:
            self._require(conn, profile_id)
            # foreign keys cascade on both SQLite (PRAGMA foreign_keys) and PostgreSQL
            conn.execute(sa.delete(profiles_table).where(profiles_table.c.id == profile_id))

        self._run(work, write=True)

    def find_profile(self, name: str) -> Profile | None:
        key = name_key(name) if isinstance(name, str) else ""
        query = sa.select(profiles_table).where(profiles_table.c.name_key == key)
        row = self._run(lambda conn: conn.execute(query).first(), write=False)
        return profile_of_row(row) if row else None

    def remember_device(self, profile_id: int) -> str:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        now = _now()

        def work(conn: Connection) -> None:
            self._require(conn, profile_id)
            conn.execute(sa.insert(devices_table).values(
                token_hash=token_hash(token), profile_id=profile_id, created_at=now, last_seen=now))

        self._run(work, write=True)
        return token

    def device_profile(self, token: str) -> Profile | None:
        """The profile a device token signs in to, or None (unknown, forgotten, too old)."""
        if not isinstance(token, str) or not 20 <= len(token) <= 100:
            return None
        key = token_hash(token)
        oldest = _now() - timedelta(days=DEVICE_DAYS)
        query = (sa.select(profiles_table, devices_table.c.last_seen)
                 .join(devices_table, devices_table.c.profile_id == profiles_table.c.id)
                 .where(devices_table.c.token_hash == key))

        def work(conn: Connection) -> Profile | None:
            row = conn.execute(query).first()
            if row is None or utc(row.last_seen) < oldest:
                return None
            conn.execute(sa.update(devices_table).where(devices_table.c.token_hash == key).values(last_seen=_now()))
            return profile_of_row(row)

        return self._run(work, write=True)

    def forget_device(self, token: str) -> None:
        if isinstance(token, str):
            delete = sa.delete(devices_table).where(devices_table.c.token_hash == token_hash(token))
            self._run(lambda conn: conn.execute(delete), write=True)

    def _hidden_ids(self, conn: Connection) -> set[int]:
        query = sa.select(guards_table.c.profile_id).where(guards_table.c.hidden.is_(True))
        return {r.profile_id for r in conn.execute(query)}

    @staticmethod
    def _require(conn: Connection, profile_id: int) -> Profile:
        row = conn.execute(sa.select(profiles_table).where(profiles_table.c.id == profile_id)).first()
        if row is None:
            raise ProfileError("unknown_profile", profile_id=profile_id)
        return profile_of_row(row)


def profile_of_row(row: Any) -> Profile:
    """A row of ``capicu_profiles`` (or of a query that selects its columns) as a Profile."""
    return Profile(row.id, row.name, utc(row.created_at))


def _guard(conn: Connection, profile_id: int) -> Any:
    return conn.execute(sa.select(guards_table).where(guards_table.c.profile_id == profile_id)).first()


def put_guard(conn: Connection, profile_id: int, pin_hash: str | None, hidden: bool, *, exists: bool) -> None:
    """Write a profile's guard row (a change of either resets the count of wrong PINs)."""
    values = {"pin_hash": pin_hash, "hidden": hidden, "failures": 0, "locked_until": None}
    if exists:
        conn.execute(sa.update(guards_table).where(guards_table.c.profile_id == profile_id).values(**values))
    else:
        conn.execute(sa.insert(guards_table).values(profile_id=profile_id, **values))


class MemoryAccounts:
    """The same, for a session that cannot save: nothing outlives the session, so no
    device is remembered; PINs and hidden names still work within it."""

    _lock: threading.Lock
    _profiles: list[Profile]
    #: profile id -> (PIN hash or None, hidden); the store's __init__ makes it
    _guard_rows: dict[int, tuple[str | None, bool]]

    def _profile_of(self, profile_id: int) -> Profile:
        match = [p for p in self._profiles if p.id == profile_id]
        if not match:
            raise ProfileError("unknown_profile", profile_id=profile_id)
        return match[0]

    def protection(self, profile_id: int) -> Protection:
        pin_hash, hidden = self._guard_rows.get(profile_id, (None, False))
        return Protection(bool(pin_hash), hidden)

    def protect(self, profile_id: int, *, pin: str | None = None, hidden: bool | None = None) -> Protection:
        with self._lock:
            self._profile_of(profile_id)
            old_hash, old_hidden = self._guard_rows.get(profile_id, (None, False))
            new_hash = old_hash if pin is None else (hash_pin(clean_pin(pin)) if pin else None)
            self._guard_rows[profile_id] = (new_hash, old_hidden if hidden is None else bool(hidden))
        return self.protection(profile_id)

    def sign_in(self, profile_id: int, pin: str | None = None) -> Profile:
        profile = self._profile_of(profile_id)
        pin_hash, _ = self._guard_rows.get(profile_id, (None, False))
        if pin_hash and not verify_pin(pin, pin_hash):
            raise ProfileError("wrong_pin")
        return profile

    def rename_profile(self, profile_id: int, name: str) -> Profile:
        shown, key = clean_name(name), name_key(name)
        with self._lock:
            old = self._profile_of(profile_id)
            if any(name_key(p.name) == key and p.id != profile_id for p in self._profiles):
                raise ProfileError("name_taken", name=shown)
            new = Profile(old.id, shown, old.created_at)
            self._profiles[self._profiles.index(old)] = new
            return new

    def delete_profile(self, profile_id: int) -> None:
        with self._lock:
            self._profiles.remove(self._profile_of(profile_id))
            for table in (self._attempts, self._lessons, self._games, self._guard_rows):
                table.pop(profile_id, None)

    def find_profile(self, name: str) -> Profile | None:
        key = name_key(name) if isinstance(name, str) else ""
        return next((p for p in self._profiles if name_key(p.name) == key), None)

    def remember_device(self, profile_id: int) -> None:
        return None

    def device_profile(self, token: str) -> Profile | None:
        return None

    def forget_device(self, token: str) -> None:
        return None

    def _hidden_ids(self) -> set[int]:
        return {pid for pid, (_, hidden) in self._guard_rows.items() if hidden}
