"""Signing in to a profile: an optional PIN, hidden profiles, devices that stay signed in.

Mixed into :class:`progress.store.Store` (:class:`SavedAccounts`, in the database) and
:class:`progress.store.NullStore` (:class:`MemoryAccounts`, for one session). A profile
without a guard row is open and listed, as every profile was before PINs existed.

* ``protection(id)`` says whether a profile has a PIN and is hidden;
  ``protect(id, pin=..., hidden=..., current=...)`` changes either (``pin=""`` removes
  it); changing or removing a PIN needs the ``current`` one and signs every device out.
* ``sign_in(id, pin)`` returns the profile when its PIN (if any) is right. Each try is
  counted before its PIN is checked, in one locked write (parallel tries cannot share a
  count), and the PIN is hashed outside any transaction; after ``pins.MAX_FAILURES``
  tries the profile is locked for a time that doubles with each lock
  (:func:`progress.pins.take_try`).
* ``sign_in_by_name(name, pin)`` (a hidden profile): one answer, ``no_match``, for a
  name without a profile and for a wrong PIN; :class:`NameLookups` limits how often a
  session, a name from one network address, and an address may ask.
* ``rename_profile(id, name)`` and ``delete_profile(id, pin=...)`` (with all it saved).
* ``find_profile(name)`` finds a profile by its name, hidden ones too.
* ``remember_device(id)`` makes a random token for the browser's cookie;
  ``device_profile(token)`` gives its profile back (a reload stays signed in);
  ``forget_device(token)`` signs that device out. Only the token's sha256 is stored.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

import sqlalchemy as sa
from sqlalchemy import exc
from sqlalchemy.engine import Connection

from progress.pins import Tries, clean_pin, hash_pin, take_try, verify_pin, wait_text, waste_pin_check
from progress.records import Profile, clean_name, name_key, refuse_look_alike
from storage.database import devices_table, guards_table, profiles_table, quiz_answers_table, taken_names, utc
from storage.errors import ProfileError

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

    def protect(self, profile_id: int, *, pin: str | None = None, hidden: bool | None = None,
                current: str | None = None) -> Protection:
        """Set (a PIN), remove (``pin=""``) or keep (``None``) the PIN; hide or show the name.

        Changing or removing a PIN the profile has needs that PIN (``current``, checked as a
        sign-in: wrong ones count), so that the next person at a shared computer cannot
        take the profile over; any change of PIN signs every device out.
        """
        pin_hash = None if pin in (None, "") else hash_pin(clean_pin(pin))
        if pin is not None and self.protection(profile_id).pin:
            self.sign_in(profile_id, current)

        def work(conn: Connection) -> Protection:
            self._require(conn, profile_id)
            row = _guard(conn, profile_id)
            new_hash = (row.pin_hash if row else None) if pin is None else pin_hash
            new_hidden = bool(row and row.hidden) if hidden is None else bool(hidden)
            put_guard(conn, profile_id, new_hash, new_hidden, exists=row is not None)
            if pin is not None:  # a copied cookie must not outlive the PIN it was made under
                conn.execute(sa.delete(devices_table).where(devices_table.c.profile_id == profile_id))
            return Protection(bool(new_hash), new_hidden)

        return self._run(work, write=True)

    def sign_in(self, profile_id: int, pin: str | None = None) -> Profile:
        """The profile, when ``pin`` opens it (any pin for a profile without one)."""
        profile, pin_hash = self._run(lambda conn: self._take_try(conn, profile_id), write=True)
        if pin_hash is None:
            return profile
        # scrypt takes tens of milliseconds: outside the transaction, so no writer waits for it
        if not verify_pin(pin, pin_hash):
            raise ProfileError("wrong_pin")
        where = (guards_table.c.profile_id == profile_id) & (guards_table.c.pin_hash == pin_hash)
        reset = sa.update(guards_table).where(where).values(failures=0, lockouts=0, locked_until=None)
        self._run(lambda conn: conn.execute(reset), write=True)
        return profile

    def _take_try(self, conn: Connection, profile_id: int) -> tuple[Profile, str | None]:
        """Count a try (inside the write lock): the profile and the PIN hash to check it
        against (None: no PIN), or ``pin_locked``."""
        profile = self._require(conn, profile_id)
        # FOR UPDATE: parallel tries on PostgreSQL take turns on the row (SQLite's
        # BEGIN IMMEDIATE already makes every writer take turns)
        row = conn.execute(sa.select(guards_table).where(guards_table.c.profile_id == profile_id)
                           .with_for_update()).first()
        if row is None or not row.pin_hash:
            return profile, None
        tries, wait = take_try(_tries_of(row), _now())
        if wait is not None:
            raise locked_error(wait)
        conn.execute(sa.update(guards_table).where(guards_table.c.profile_id == profile_id).values(
            failures=tries.failures, lockouts=tries.lockouts, locked_until=tries.locked_until))
        return profile, row.pin_hash

    def sign_in_by_name(self, name: str, pin: str | None = None) -> Profile:
        """Sign in by typing a name (a hidden profile): see :func:`sign_in_by_name`."""
        return sign_in_by_name(self, name, pin)

    def rename_profile(self, profile_id: int, name: str) -> Profile:
        """Give a profile another name (the same rules as a new one; ``name_taken`` if in use)."""
        shown, key = clean_name(name), name_key(name)

        def work(conn: Connection) -> Profile:
            old = self._require(conn, profile_id)
            refuse_look_alike_quietly(shown, taken_names(conn, besides=profile_id), hidden_names(conn))
            conn.execute(sa.update(profiles_table).where(profiles_table.c.id == profile_id)
                         .values(name=shown, name_key=key))
            return Profile(old.id, shown, old.created_at)

        try:
            return self._run(work, write=True)
        except exc.IntegrityError:
            raise ProfileError("name_taken", name=shown) from None

    def delete_profile(self, profile_id: int, pin: str | None = None) -> None:
        """Delete a profile and everything saved for it (attempts, lessons, games, devices);
        a profile with a PIN needs it (``wrong_pin``, ``pin_locked``)."""
        if self.protection(profile_id).pin:
            self.sign_in(profile_id, pin)

        def work(conn: Connection) -> None:
            self._require(conn, profile_id)
            # foreign keys cascade on both SQLite (PRAGMA foreign_keys) and PostgreSQL
            conn.execute(sa.delete(profiles_table).where(profiles_table.c.id == profile_id))
            # a rated class quiz's answers keep no link to it (that column has no foreign key,
            # and SQLite may give the id to the next new profile)
            answers = quiz_answers_table
            conn.execute(sa.update(answers).where(answers.c.profile_id == profile_id).values(profile_id=None))

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


def _tries_of(row: Any) -> Tries:
    locked = utc(row.locked_until) if row.locked_until is not None else None
    return Tries(int(row.failures), int(row.lockouts or 0), locked)


def locked_error(seconds: int) -> ProfileError:
    return ProfileError("pin_locked", seconds=seconds, wait=wait_text(seconds))


def sign_in_by_name(store: Any, name: str, pin: str | None) -> Profile:
    """The profile called ``name`` (hidden ones too) when ``pin`` opens it.

    A name without a profile and a wrong PIN get the same answer, ``no_match``, after the
    same work (a PIN is hashed either way), so that trying names does not tell which
    hidden profiles exist. A locked profile still says ``pin_locked``: its owner must
    learn to wait; a stranger learns the name only after the wrong tries that locked it,
    and :class:`NameLookups` makes those slow.
    """
    found = store.find_profile(name)
    if found is None:
        waste_pin_check(pin)
        raise ProfileError("no_match")
    try:
        return store.sign_in(found.id, pin)
    except ProfileError as error:
        if error.code == "wrong_pin":
            raise ProfileError("no_match") from None
        raise


class NameLookups:
    """How often "Sign in with a name…" may be tried in ``window_seconds``: ``per_name``
    times for each browser session, and for each name from one network address (so that new
    tabs do not reset it); and ``per_address`` times in all from one address.

    A whole class behind one school NAT or proxy shares one address: each student's own
    name keeps its ten tries whatever the others type, and the address's larger allowance
    (a few classes signing in at once) still bounds how many names one place can probe.
    Kept in the server process, shared by its sessions."""

    def __init__(self, per_name: int = 10, per_address: int = 200, window_seconds: float = 600,
                 clock: Callable[[], float] = time.monotonic):
        self.per_name, self.per_address, self.window = per_name, per_address, window_seconds
        self._clock = clock
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, session: str, address: str | None = None, name: str = "") -> bool:
        """Count one lookup of ``name``, or refuse it (False) when the session, the name
        from this address, or the address is over its limit."""
        now = self._clock()
        limits = {f"s:{session}": self.per_name}
        if address:
            limits[f"a:{address}"] = self.per_address
            limits[f"n:{address}\n{_lookup_key(name)}"] = self.per_name
        with self._lock:
            if len(self._seen) > 10_000:  # forget the keys whose window has passed
                self._seen = {k: q for k, q in self._seen.items() if q and q[-1] > now - self.window}
            queues = {key: self._seen.setdefault(key, deque()) for key in limits}
            for queue in queues.values():
                while queue and queue[0] <= now - self.window:
                    queue.popleft()
            if any(len(queue) >= limits[key] for key, queue in queues.items()):
                return False
            for queue in queues.values():
                queue.append(now)
            return True

    def give_back(self, session: str, address: str | None = None, name: str = "") -> None:
        """Return the lookup :meth:`allow` just counted (a new profile that was created:
        only the tries that answered "taken" count, as they tell which names exist)."""
        keys = [f"s:{session}"]
        if address:
            keys += [f"a:{address}", f"n:{address}\n{_lookup_key(name)}"]
        with self._lock:
            for key in keys:
                queue = self._seen.get(key)
                if queue:
                    queue.pop()


def _lookup_key(name: object) -> str:
    """The name as profiles compare it ("Ana" and "ANA" share their tries)."""
    try:
        return name_key(name)
    except ProfileError:
        return str(name)[:80]


#: the server's limit on signing in by name and on new names refused as taken
#: (ui/parts/profile_picker.py): both tell whether a hidden name exists
NAME_LOOKUPS = NameLookups()


def hidden_names(conn: Connection) -> set[str]:
    """The names of the hidden profiles (inside the caller's transaction)."""
    query = (sa.select(profiles_table.c.name)
             .join(guards_table, guards_table.c.profile_id == profiles_table.c.id)
             .where(guards_table.c.hidden.is_(True)))
    return set(conn.execute(query).scalars())


def refuse_look_alike_quietly(name: str, taken: list[str], hidden: set[str]) -> str:
    """:func:`progress.records.refuse_look_alike`, but a name that looks like a hidden
    profile's is refused without quoting that profile's spelling
    (``name_look_alike_hidden``): the refusal is all a stranger may learn."""
    shown = refuse_look_alike(name, [n for n in taken if n not in hidden])
    try:
        refuse_look_alike(shown, [n for n in taken if n in hidden])
    except ProfileError as error:
        if error.code == "name_look_alike":
            raise ProfileError("name_look_alike_hidden", name=shown) from None
        raise
    return shown


def put_guard(conn: Connection, profile_id: int, pin_hash: str | None, hidden: bool, *, exists: bool) -> None:
    """Write a profile's guard row (a change of either resets the count of wrong PINs)."""
    values = {"pin_hash": pin_hash, "hidden": hidden, "failures": 0, "lockouts": 0, "locked_until": None}
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
    #: profile id -> its count of tries (progress/pins.py); the store's __init__ makes it
    _tries: dict[int, Tries]

    def _profile_of(self, profile_id: int) -> Profile:
        match = [p for p in self._profiles if p.id == profile_id]
        if not match:
            raise ProfileError("unknown_profile", profile_id=profile_id)
        return match[0]

    def protection(self, profile_id: int) -> Protection:
        pin_hash, hidden = self._guard_rows.get(profile_id, (None, False))
        return Protection(bool(pin_hash), hidden)

    def protect(self, profile_id: int, *, pin: str | None = None, hidden: bool | None = None,
                current: str | None = None) -> Protection:
        new_hash = None if pin in (None, "") else hash_pin(clean_pin(pin))
        if pin is not None and self.protection(profile_id).pin:
            self.sign_in(profile_id, current)
        with self._lock:
            self._profile_of(profile_id)
            old_hash, old_hidden = self._guard_rows.get(profile_id, (None, False))
            kept_hash = old_hash if pin is None else new_hash
            self._guard_rows[profile_id] = (kept_hash, old_hidden if hidden is None else bool(hidden))
            self._tries.pop(profile_id, None)
        return self.protection(profile_id)

    def sign_in(self, profile_id: int, pin: str | None = None) -> Profile:
        with self._lock:  # counted before the check, as in the database
            profile = self._profile_of(profile_id)
            pin_hash, _ = self._guard_rows.get(profile_id, (None, False))
            if not pin_hash:
                return profile
            tries, wait = take_try(self._tries.get(profile_id, Tries()), _now())
            if wait is not None:
                raise locked_error(wait)
            self._tries[profile_id] = tries
        if not verify_pin(pin, pin_hash):
            raise ProfileError("wrong_pin")
        with self._lock:
            self._tries.pop(profile_id, None)
        return profile

    def sign_in_by_name(self, name: str, pin: str | None = None) -> Profile:
        return sign_in_by_name(self, name, pin)

    def rename_profile(self, profile_id: int, name: str) -> Profile:
        shown, key = clean_name(name), name_key(name)
        with self._lock:
            old = self._profile_of(profile_id)
            if any(name_key(p.name) == key and p.id != profile_id for p in self._profiles):
                raise ProfileError("name_taken", name=shown)
            refuse_look_alike_quietly(shown, [p.name for p in self._profiles if p.id != profile_id],
                                      self._hidden_names())
            new = Profile(old.id, shown, old.created_at)
            self._profiles[self._profiles.index(old)] = new
            return new

    def delete_profile(self, profile_id: int, pin: str | None = None) -> None:
        if self.protection(profile_id).pin:
            self.sign_in(profile_id, pin)
        with self._lock:
            self._profiles.remove(self._profile_of(profile_id))
            for table in (self._attempts, self._lessons, self._games, self._guard_rows, self._tries):
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

    def _hidden_names(self) -> set[str]:
        hidden = self._hidden_ids()
        return {p.name for p in self._profiles if p.id in hidden}
