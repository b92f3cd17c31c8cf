"""A class that lasts: the class, its roster, its teacher's passphrase and its login cards.

A teacher creates a class (a name, the games it studies, its language and time zone) and
keeps it with a passphrase, hashed and guarded as profile PINs are (:mod:`progress.pins`:
scrypt, a lock after wrong tries that doubles each time). The class gets a join code for
its students. Students are ordinary profiles (:mod:`progress.accounts`), hidden from the
profile list and kept with a PIN; the class knows each one by a nickname.

* A student joins once by the class code with a nickname and a PIN (:func:`join_class`),
  or the teacher types the roster (:func:`add_students`) and prints login cards
  (:mod:`classroom.login_cards`): a card's QR holds a secret that signs in
  (:func:`issue_card`, :func:`sign_in_by_card`); only its sha256 is stored.
* The nickname is the profile's name when no profile has it yet; otherwise the profile is
  called "Ana (7B)" (nickname and class), then "Ana (7B) 2" and so on, while the class
  still shows "Ana" (:func:`profile_names`).
* Opening a class with its code and passphrase (:func:`open_class`) gives a
  :class:`SchoolClass` whose ``key`` proves it: :func:`teacher_class` checks that key
  against the class's current passphrase hash, so a key of class A never opens class B,
  and a new passphrase, archiving or deleting ends every open teacher screen.

>>> import tempfile, pathlib
>>> from progress.store import open_store
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> store = open_store(f"sqlite:///{folder}/capicu.sqlite3")
>>> made = create_class(store, name="7B", games=["all_fives"], lang="en", time_zone="Europe/Amsterdam",
...                     secret="dominoes rule")
>>> opened = open_class(store, made.code, "dominoes rule")
>>> teacher_class(store, opened.id, opened.key).name
'7B'
>>> [(m.nickname, len(pin)) for m, pin in add_students(store, made.id, ["Ana", "Bo"])]
[('Ana', 6), ('Bo', 6)]
>>> secret = issue_card(store, made.id, members(store, made.id)[0].profile_id)
>>> sign_in_by_card(store, secret) == members(store, made.id)[0].profile_id
True
>>> store.close(); import shutil; shutil.rmtree(folder)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterable, Sequence
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import sqlalchemy as sa
from sqlalchemy import exc
from sqlalchemy.engine import Connection

from classroom.quiz import to_csv
from engine import PRESET_NAMES
from progress.accounts import profile_of_row, put_guard
from progress.pins import Tries, clean_pin, hash_pin, hash_secret, take_try, verify_secret, wait_text
from progress.records import NAME_LIMIT, Profile, clean_name, name_key
from storage.database import (
    class_members_table,
    classes_table,
    devices_table,
    guards_table,
    profiles_table,
    utc,
)
from storage.errors import ProfileError, ProgressError
from storage.join_codes import CODE_ALPHABET, normalize_code

#: a class's join code: 8 characters of the look-alike-free alphabet (31**8, about 8.5e11:
#: a stranger does not find a class by trying codes); a quiz's code has 6
CODE_LENGTH = 8
#: the teacher's passphrase: 8 to 100 characters
SECRET_MIN, SECRET_MAX = 8, 100
#: the most students a class takes
MAX_MEMBERS = 60
#: the PINs made for a typed roster: 6 digits
PIN_DIGITS = 6
#: a login card's secret: 24 random bytes, URL-safe (what the QR's ?card= holds)
CARD_BYTES = 24

ENGLISH = {
    "unknown_class": "there is no class with that code",
    "wrong_secret": "that is not this class's passphrase",
    "secret_locked": "too many wrong passphrases: try again in {wait}",
    "secret_format": "a passphrase has {low} to {high} characters",
    "bad_games": "choose at least one game the class studies",
    "bad_lang": "that language is not one Capicú speaks",
    "bad_time_zone": "'{zone}' is not a time zone",
    "archived": "this class is archived: it takes no new students",
    "class_full": "this class is full: it takes {limit} students",
    "nickname_taken": "someone in this class is already called '{name}'",
    "already_member": "this profile is already in the class",
    "not_member": "that student is not in this class",
    "not_teacher": "open the class with its passphrase first",
    "unknown_card": "this login card is not valid any more: ask your teacher for a new one",
    "export_first": "export the class before you delete it",
    "no_names": "type at least one name",
    "bad_format": "an export is JSON or CSV",
}


class RosterError(ProgressError, ValueError):
    """A class action refused; ``code`` is one of :data:`ENGLISH`'s keys. A name or PIN the
    profile rules refuse is a :class:`storage.errors.ProfileError` instead."""

    MESSAGES = ENGLISH


@dataclass(frozen=True)
class SchoolClass:
    id: int
    code: str
    name: str
    games: tuple[str, ...]
    lang: str
    time_zone: str
    archived: bool
    created_at: datetime
    #: proof that the teacher's passphrase opened it (:func:`teacher_class`); empty when the
    #: class was looked up without it (a student's view)
    key: str = field(default="", repr=False, compare=False)

    @property
    def is_teacher(self) -> bool:
        return bool(self.key)


@dataclass(frozen=True)
class Member:
    class_id: int
    profile_id: int
    nickname: str
    joined_at: datetime
    profile_name: str = ""  # the name the student signs in with (the card shows it)
    has_card: bool = False


# --- checks of what the teacher types -----------------------------------------------------


def clean_secret(text: object) -> str:
    """A passphrase as it is hashed: NFC, outer spaces stripped; 8 to 100 characters."""
    secret = unicodedata.normalize("NFC", text).strip() if isinstance(text, str) else ""
    if not SECRET_MIN <= len(secret) <= SECRET_MAX or any(unicodedata.category(c) == "Cc" for c in secret):
        raise RosterError("secret_format", low=SECRET_MIN, high=SECRET_MAX)
    return secret


def clean_games(games: Iterable[str]) -> tuple[str, ...]:
    chosen = tuple(dict.fromkeys(g for g in games if g in PRESET_NAMES)) if not isinstance(games, str) else ()
    if not chosen or len(chosen) != len(tuple(games)):
        raise RosterError("bad_games")
    return chosen


def clean_zone(zone: object) -> str:
    try:
        if not isinstance(zone, str) or not zone or len(zone) > 60:
            raise ValueError(zone)
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise RosterError("bad_time_zone", zone=str(zone)[:60]) from None
    return zone


def clean_lang(lang: object) -> str:
    if not isinstance(lang, str) or not re.fullmatch(r"[a-z]{2,3}", lang):
        raise RosterError("bad_lang")
    return lang


def _key_of(class_id: int, secret_hash: str) -> str:
    """The teacher key of a class under its current passphrase hash: no one computes it
    without the hash, which never leaves the database."""
    return hashlib.sha256(f"capicu-class-teacher\n{class_id}\n{secret_hash}".encode()).hexdigest()


def _class_of(row: Any, *, key: str = "") -> SchoolClass:
    return SchoolClass(int(row.id), row.code, row.name, tuple(json.loads(row.games)), row.lang, row.time_zone,
                       bool(row.archived), utc(row.created_at), key)


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _row(conn: Connection, class_id: int, *, lock: bool = False) -> Any:
    query = sa.select(classes_table).where(classes_table.c.id == class_id)
    row = conn.execute(query.with_for_update() if lock else query).first()
    if row is None:
        raise RosterError("unknown_class")
    return row


# --- the class ----------------------------------------------------------------------------


def create_class(store: Any, *, name: str, games: Sequence[str], lang: str, time_zone: str,
                 secret: str) -> SchoolClass:
    """A new class; the teacher keeps it with ``secret`` (opened: it carries its key)."""
    shown, chosen = clean_name(name), clean_games(games)
    lang, zone, secret_hash = clean_lang(lang), clean_zone(time_zone), hash_secret(clean_secret(secret))
    now = _now()
    for _ in range(20):  # a code already in use: draw another
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        insert = sa.insert(classes_table).values(
            code=code, name=shown, games=json.dumps(list(chosen)), lang=lang, time_zone=zone,
            secret_hash=secret_hash, failures=0, lockouts=0, locked_until=None, archived=False,
            created_at=now, updated_at=now)
        try:
            class_id = store._run(lambda conn: conn.execute(insert).inserted_primary_key[0], write=True)
        except exc.IntegrityError:
            continue
        return SchoolClass(int(class_id), code, shown, chosen, lang, zone, False, now,
                           _key_of(int(class_id), secret_hash))
    raise RosterError("unknown_class")  # pragma: no cover - 8.5e11 codes


def class_by_code(store: Any, code: object) -> SchoolClass | None:
    """The class a join code names (for students joining: no key, no members), or None."""
    wanted = normalize_code(code)
    if len(wanted) != CODE_LENGTH:
        return None
    row = store._run(lambda conn: conn.execute(
        sa.select(classes_table).where(classes_table.c.code == wanted)).first(), write=False)
    return _class_of(row) if row else None


def open_class(store: Any, code: object, secret: object) -> SchoolClass:
    """The class, opened by its teacher (its ``key`` set): ``unknown_class``,
    ``wrong_secret`` or ``secret_locked`` otherwise. Each try is counted before the
    passphrase is checked, in one locked write, as a profile's PIN tries are."""
    found = class_by_code(store, code)
    if found is None:
        verify_secret("not a passphrase", _dummy_hash())  # as slow as a wrong passphrase
        raise RosterError("unknown_class")

    def take(conn: Connection) -> str:
        row = _row(conn, found.id, lock=True)
        tries, wait = take_try(Tries(int(row.failures), int(row.lockouts),
                                     utc(row.locked_until) if row.locked_until else None), _now())
        if wait is not None:
            raise RosterError("secret_locked", seconds=wait, wait=wait_text(wait))
        conn.execute(sa.update(classes_table).where(classes_table.c.id == found.id).values(
            failures=tries.failures, lockouts=tries.lockouts, locked_until=tries.locked_until))
        return row.secret_hash

    stored = store._run(take, write=True)
    typed = unicodedata.normalize("NFC", secret).strip() if isinstance(secret, str) else ""
    if not verify_secret(typed, stored):  # scrypt: outside the transaction
        raise RosterError("wrong_secret")
    reset = (sa.update(classes_table).where((classes_table.c.id == found.id) & (classes_table.c.secret_hash == stored))
             .values(failures=0, lockouts=0, locked_until=None))
    store._run(lambda conn: conn.execute(reset), write=True)
    return SchoolClass(found.id, found.code, found.name, found.games, found.lang, found.time_zone, found.archived,
                       found.created_at, _key_of(found.id, stored))


_DUMMY: list[str] = []


def _dummy_hash() -> str:
    if not _DUMMY:
        _DUMMY.append(hash_secret("not the passphrase"))
    return _DUMMY[0]


def teacher_class(store: Any, class_id: object, key: object) -> SchoolClass:
    """The class ``class_id`` as its teacher sees it, when ``key`` is the one
    :func:`open_class` (or :func:`create_class`) gave for it and its passphrase has not
    changed since; ``not_teacher`` otherwise (a key of another class, a forged one)."""
    if not isinstance(class_id, int) or isinstance(class_id, bool) or not isinstance(key, str) or not key:
        raise RosterError("not_teacher")
    row = store._run(lambda conn: conn.execute(
        sa.select(classes_table).where(classes_table.c.id == class_id)).first(), write=False)
    if row is None or not hmac.compare_digest(_key_of(class_id, row.secret_hash).encode(), key.encode()):
        raise RosterError("not_teacher")
    return _class_of(row, key=key)


def change_secret(store: Any, school_class: SchoolClass, new_secret: str) -> SchoolClass:
    """A new passphrase (the teacher, with the class open): every other open screen closes."""
    teacher_class(store, school_class.id, school_class.key)
    new_hash = hash_secret(clean_secret(new_secret))
    update = sa.update(classes_table).where(classes_table.c.id == school_class.id).values(
        secret_hash=new_hash, failures=0, lockouts=0, locked_until=None, updated_at=_now())
    store._run(lambda conn: conn.execute(update), write=True)
    return teacher_class(store, school_class.id, _key_of(school_class.id, new_hash))


def classes_of(store: Any, profile_id: int) -> list[SchoolClass]:
    """The classes a student belongs to, by name (no keys: a student's view)."""
    query = (sa.select(classes_table).join(class_members_table, class_members_table.c.class_id == classes_table.c.id)
             .where(class_members_table.c.profile_id == profile_id)
             .order_by(classes_table.c.name, classes_table.c.id))
    return [_class_of(r) for r in store._run(lambda conn: conn.execute(query).all(), write=False)]


def archive_class(store: Any, class_id: int, archived: bool = True) -> SchoolClass:
    """Archive a class (no one joins it, its cards stop signing in) or bring it back."""
    def work(conn: Connection) -> Any:
        _row(conn, class_id)
        conn.execute(sa.update(classes_table).where(classes_table.c.id == class_id)
                     .values(archived=bool(archived), updated_at=_now()))
        return _row(conn, class_id)

    return _class_of(store._run(work, write=True))


def delete_class(store: Any, class_id: int, *, exported: bool, students_too: bool = False) -> None:
    """Delete a class and all it kept (members, homework, history): only after an export
    (``exported``, else ``export_first``). ``students_too`` also deletes the profiles of
    its students that belong to no other class, with all they saved."""
    if not exported:
        raise RosterError("export_first")

    def work(conn: Connection) -> None:
        _row(conn, class_id)
        ids = [r.profile_id for r in conn.execute(sa.select(class_members_table.c.profile_id)
                                                   .where(class_members_table.c.class_id == class_id))]
        conn.execute(sa.delete(classes_table).where(classes_table.c.id == class_id))  # rows cascade
        if students_too and ids:
            elsewhere = set(conn.execute(sa.select(class_members_table.c.profile_id)
                                         .where(class_members_table.c.profile_id.in_(ids))).scalars())
            alone = [i for i in ids if i not in elsewhere]
            if alone:
                conn.execute(sa.delete(profiles_table).where(profiles_table.c.id.in_(alone)))

    store._run(work, write=True)


# --- the roster ---------------------------------------------------------------------------


def members(store: Any, class_id: int) -> list[Member]:
    """The class's students, by nickname (for the teacher: never shown to students)."""
    query = (sa.select(class_members_table, profiles_table.c.name)
             .join(profiles_table, profiles_table.c.id == class_members_table.c.profile_id)
             .where(class_members_table.c.class_id == class_id)
             .order_by(class_members_table.c.name_key, class_members_table.c.profile_id))
    rows = store._run(lambda conn: conn.execute(query).all(), write=False)
    return [_member_of(r) for r in rows]


def member_of(store: Any, class_id: int, profile_id: int) -> Member:
    """One student of the class; ``not_member`` otherwise."""
    query = (sa.select(class_members_table, profiles_table.c.name)
             .join(profiles_table, profiles_table.c.id == class_members_table.c.profile_id)
             .where((class_members_table.c.class_id == class_id) & (class_members_table.c.profile_id == profile_id)))
    row = store._run(lambda conn: conn.execute(query).first(), write=False)
    if row is None:
        raise RosterError("not_member")
    return _member_of(row)


def _member_of(row: Any) -> Member:
    return Member(int(row.class_id), int(row.profile_id), row.nickname, utc(row.joined_at), row.name,
                  row.card_hash is not None)


def profile_names(nickname: str, class_name: str) -> Iterable[str]:
    """The profile names tried for a student, in order: the nickname, then the nickname
    with the class, then numbered; each at most the 40 characters of a profile name.

    >>> list(profile_names("Ana", "7B"))[:4]
    ['Ana', 'Ana (7B)', 'Ana (7B) 2', 'Ana (7B) 3']
    """
    yield nickname
    room = NAME_LIMIT - len(nickname) - len(" ()") - len(" 99")
    label = class_name[:max(room, 1)].strip() if room > 0 else ""
    base = f"{nickname} ({label})" if label else nickname[:NAME_LIMIT - 3]
    yield base
    for n in range(2, 100):
        yield f"{base} {n}"


def _new_student(store: Any, school_class: Any, nickname: str, pin: str) -> int:
    """A new hidden profile with a PIN for a student, named by :func:`profile_names`."""
    for name in profile_names(nickname, school_class.name):
        try:
            return store.create_profile(name, pin=pin, hidden=True).id
        except ProfileError as error:
            if error.code not in ("name_taken", "name_look_alike", "name_look_alike_hidden"):
                raise
    raise ProfileError("name_taken", name=nickname)  # pragma: no cover - 100 names in use


def _add_member(store: Any, class_id: int, profile_id: int, nickname: str) -> Member:
    """Insert the membership (inside the write lock: the class's size and names hold)."""
    now = _now()

    def work(conn: Connection) -> None:
        row = _row(conn, class_id, lock=True)  # on PostgreSQL, joins to one class take turns
        if row.archived:
            raise RosterError("archived")
        count = conn.execute(sa.select(sa.func.count()).select_from(class_members_table)
                             .where(class_members_table.c.class_id == class_id)).scalar()
        if count >= MAX_MEMBERS:
            raise RosterError("class_full", limit=MAX_MEMBERS)
        conn.execute(sa.insert(class_members_table).values(
            class_id=class_id, profile_id=profile_id, nickname=nickname, name_key=name_key(nickname),
            card_hash=None, joined_at=now))

    try:
        store._run(work, write=True)
    except exc.IntegrityError:
        taken = store._run(lambda conn: conn.execute(sa.select(class_members_table.c.profile_id).where(
            (class_members_table.c.class_id == class_id) & (class_members_table.c.profile_id == profile_id))).first(),
            write=False)
        if taken is not None:
            raise RosterError("already_member") from None
        raise RosterError("nickname_taken", name=nickname) from None
    return member_of(store, class_id, profile_id)


def _nickname_free(store: Any, class_id: int, nickname: str) -> None:
    query = sa.select(class_members_table.c.profile_id).where(
        (class_members_table.c.class_id == class_id) & (class_members_table.c.name_key == name_key(nickname)))
    if store._run(lambda conn: conn.execute(query).first(), write=False) is not None:
        raise RosterError("nickname_taken", name=nickname)


def join_class(store: Any, code: object, nickname: str, pin: str | None = None, *,
               profile_id: int | None = None) -> tuple[int, Member]:
    """A student joins the class of ``code`` once: as a new hidden profile kept with
    ``pin``, or (``profile_id``: the profile this session is signed in to) with their own.
    Returns the profile id and the membership."""
    found = class_by_code(store, code)
    if found is None:
        raise RosterError("unknown_class")
    if found.archived:
        raise RosterError("archived")
    nickname = clean_name(nickname)
    _nickname_free(store, found.id, nickname)
    if profile_id is not None:
        return profile_id, _add_member(store, found.id, profile_id, nickname)
    new_id = _new_student(store, found, nickname, clean_pin(pin))
    try:
        return new_id, _add_member(store, found.id, new_id, nickname)
    except RosterError:
        store._run(lambda conn: conn.execute(sa.delete(profiles_table).where(profiles_table.c.id == new_id)),
                   write=True)
        raise


def new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))


def add_students(store: Any, class_id: int, names: Iterable[str]) -> list[tuple[Member, str]]:
    """The teacher types the roster: a profile with a new PIN for each name (the PINs are
    shown once, for the cards). Names already in the class are refused before any is added."""
    row = store._run(lambda conn: _row(conn, class_id), write=False)
    if row.archived:
        raise RosterError("archived")
    wanted = [clean_name(n) for n in names if isinstance(n, str) and n.strip()]
    if not wanted:
        raise RosterError("no_names")
    seen: set[str] = set()
    for nickname in wanted:
        if name_key(nickname) in seen:
            raise RosterError("nickname_taken", name=nickname)
        seen.add(name_key(nickname))
        _nickname_free(store, class_id, nickname)
    school_class = _class_of(row)
    made: list[tuple[Member, str]] = []
    for nickname in wanted:
        pin = new_pin()
        new_id = _new_student(store, school_class, nickname, pin)
        try:
            made.append((_add_member(store, class_id, new_id, nickname), pin))
        except RosterError:
            store._run(lambda conn: conn.execute(sa.delete(profiles_table).where(profiles_table.c.id == new_id)),
                       write=True)
            raise
    return made


def rename_student(store: Any, class_id: int, profile_id: int, nickname: str) -> Member:
    """A new nickname in the class; a profile named after the old nickname (as
    :func:`profile_names` makes them) is renamed the same way, so the card stays right."""
    old = member_of(store, class_id, profile_id)
    nickname = clean_name(nickname)
    if name_key(nickname) != name_key(old.nickname):
        _nickname_free(store, class_id, nickname)
    update = (sa.update(class_members_table)
              .where((class_members_table.c.class_id == class_id) & (class_members_table.c.profile_id == profile_id))
              .values(nickname=nickname, name_key=name_key(nickname)))
    try:
        store._run(lambda conn: conn.execute(update), write=True)
    except exc.IntegrityError:
        raise RosterError("nickname_taken", name=nickname) from None
    row = store._run(lambda conn: _row(conn, class_id), write=False)
    if old.profile_name in list(profile_names(old.nickname, row.name)) and old.nickname != nickname:
        for name in profile_names(nickname, row.name):
            try:
                store.rename_profile(profile_id, name)
                break
            except ProfileError as error:
                if error.code not in ("name_taken", "name_look_alike", "name_look_alike_hidden"):
                    raise
    return member_of(store, class_id, profile_id)


def reset_pin(store: Any, class_id: int, profile_id: int) -> str:
    """A new PIN for a student of the class (shown once): every device of theirs is signed
    out and a wrong-PIN lock ends. Their login card still signs in."""
    member_of(store, class_id, profile_id)
    pin = new_pin()
    pin_hash = hash_pin(pin)

    def work(conn: Connection) -> None:
        row = conn.execute(sa.select(guards_table).where(guards_table.c.profile_id == profile_id)).first()
        put_guard(conn, profile_id, pin_hash, bool(row.hidden) if row else True, exists=row is not None)
        conn.execute(sa.delete(devices_table).where(devices_table.c.profile_id == profile_id))

    store._run(work, write=True)
    return pin


def remove_student(store: Any, class_id: int, profile_id: int) -> None:
    """Take a student out of the class (their card stops working); the profile and what
    it saved stay the student's."""
    delete = sa.delete(class_members_table).where(
        (class_members_table.c.class_id == class_id) & (class_members_table.c.profile_id == profile_id))
    if store._run(lambda conn: conn.execute(delete).rowcount, write=True) == 0:
        raise RosterError("not_member")


# --- login cards --------------------------------------------------------------------------


def card_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def issue_card(store: Any, class_id: int, profile_id: int) -> str:
    """A new login card's secret for a student (its QR's ``?card=``): only its sha256 is
    kept, and the student's previous card stops working."""
    secret = secrets.token_urlsafe(CARD_BYTES)
    update = (sa.update(class_members_table)
              .where((class_members_table.c.class_id == class_id) & (class_members_table.c.profile_id == profile_id))
              .values(card_hash=card_hash(secret)))
    if store._run(lambda conn: conn.execute(update).rowcount, write=True) == 0:
        raise RosterError("not_member")
    return secret


def sign_in_by_card(store: Any, secret: object) -> int:
    """The profile a login card signs in to; ``unknown_card`` for a card replaced, a
    student removed, an archived or deleted class, or anything else."""
    if not isinstance(secret, str) or not 20 <= len(secret) <= 100:
        raise RosterError("unknown_card")
    query = (sa.select(class_members_table.c.profile_id, classes_table.c.archived)
             .join(classes_table, classes_table.c.id == class_members_table.c.class_id)
             .where(class_members_table.c.card_hash == card_hash(secret)))
    row = store._run(lambda conn: conn.execute(query).first(), write=False)
    if row is None or row.archived:
        raise RosterError("unknown_card")
    return int(row.profile_id)


def card_profile(store: Any, secret: object) -> Profile:
    """The profile a login card signs in to (see :func:`sign_in_by_card`), to sign in with."""
    profile_id = sign_in_by_card(store, secret)
    row = store._run(lambda conn: conn.execute(
        sa.select(profiles_table).where(profiles_table.c.id == profile_id)).first(), write=False)
    if row is None:  # pragma: no cover - the membership cascades with its profile
        raise RosterError("unknown_card")
    return profile_of_row(row)


# --- export -------------------------------------------------------------------------------


def export_class(store: Any, class_id: int, fmt: str = "json") -> bytes:
    """The class and its students' records, for the teacher to keep before deleting it:
    JSON (the class, each student with attempts, lessons done and games) or CSV (one row
    per attempt, cells a spreadsheet would run quoted)."""
    if fmt not in ("json", "csv"):
        raise RosterError("bad_format")
    school_class = _class_of(store._run(lambda conn: _row(conn, class_id), write=False))
    students = []
    for m in members(store, class_id):
        attempts = store.attempts(m.profile_id)
        rows = json.loads(attempts.to_json(orient="records", date_format="iso")) if len(attempts) else []
        games = [{"game": g.game, "kind": g.kind, "status": g.status, "decisions": g.decisions, "best": g.best,
                  "started_at": g.started_at.isoformat()} for g in store.games(m.profile_id)]
        students.append({"nickname": m.nickname, "profile": m.profile_name, "joined_at": m.joined_at.isoformat(),
                         "lessons_done": sorted(store.lessons_done(m.profile_id)), "attempts": rows, "games": games})
    if fmt == "csv":
        flat = [{"nickname": s["nickname"], **{k: a.get(k) for k in
                 ("puzzle_id", "puzzle_type", "game", "correct", "time_ms", "day", "at")}}
                for s in students for a in s["attempts"]]
        if not flat:
            flat = [{"nickname": s["nickname"], "puzzle_id": None} for s in students] or [{"nickname": None}]
        return to_csv(flat).encode("utf-8")
    data = {"class": {"name": school_class.name, "code": school_class.code, "games": list(school_class.games),
                      "lang": school_class.lang, "time_zone": school_class.time_zone,
                      "archived": school_class.archived, "created_at": school_class.created_at.isoformat()},
            "students": students}
    return json.dumps(data, ensure_ascii=False, indent=1, default=str).encode("utf-8")


__all__ = [
    "CODE_LENGTH", "MAX_MEMBERS", "Member", "RosterError", "SchoolClass", "add_students", "archive_class", "card_profile",
    "change_secret", "class_by_code", "classes_of", "create_class", "delete_class", "export_class", "issue_card",
    "join_class", "member_of", "members", "open_class", "profile_names", "remove_student", "rename_student",
    "reset_pin", "sign_in_by_card", "teacher_class",
]
