"""Tables of people, kept in the database so every screen and every server sees one table.

A table is a JSON record (``matches.table.Table.to_dict``; this module does not read
it) with a short join code, a version and ``due_at``, the moment a move nobody makes by
hand may be due (a bot's, a timed-out player's), which the server's driver watches.

Every change is *compare and set*: :meth:`TableStore.put` writes only if the version is
still the one the change was made from (``UPDATE … WHERE version = :expected``, atomic on
SQLite and PostgreSQL alike), so of two taps at the same moment, a double submit, or two
servers playing the same bot, exactly one lands and the other is told it came late.

Each seat's screen says it is still there (:meth:`TableStore.mark_seen`) while it waits on
the live feed; a player whose screen went quiet gets a bot in their seat after the table's
wait (``Table.step``). That row is apart from the record so it does not move the version.
A seat's row is bound to the hash of its token when a person takes the seat
(:meth:`TableStore.claim_seat`: sitting down, or a class table's deal); only that token
marks it, so a stranger who knows the table's code can neither keep a seat alive nor take
its row. (To bind a seat that has no row yet, ``mark_seen`` reads the seat's token hash
from the record; nothing else here reads it.)

>>> import tempfile, pathlib
>>> from progress import open_store
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> tables = TableStore(open_store(f"sqlite:///{folder}/capicu.sqlite3"))
>>> code = tables.create({"v": 1}, version=1, due_at=None)
>>> tables.put(code, {"v": 2}, version=2, due_at=5.0, expected=1), tables.put(code, {"v": 2}, version=2, due_at=None, expected=1)
(True, False)
>>> kept = tables.get(code); kept.record, kept.version, kept.due_at
({'v': 2}, 2, 5.0)
>>> tables.claim_seat(code, 0, "hash-a", 9.0)
>>> tables.mark_seen(code, 0, "hash-a", 10.0); tables.mark_seen(code, 0, "hash-b", 11.0); tables.seen(code)
{0: 10.0}
>>> tables.mark_seen(code, 1, "hash-c", 12.0); tables.seen(code)  # seat 1's token is not "hash-c"
{0: 10.0}
>>> tables.pulses([code, "NOSUCH"])[code].version
2
>>> import shutil; shutil.rmtree(folder)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable

import sqlalchemy as sa
from sqlalchemy import exc

from progress.records import RECORD_LIMIT
from storage.database import SideTables
from storage.join_codes import CODE_ALPHABET, normalize_code

__all__ = ["CODE_LENGTH", "Grade", "GroupPulse", "KEEP_DAYS", "KeptTable", "TablePulse", "TableStore", "group_value",
           "tables_table"]

CODE_LENGTH = 6
#: a table nobody has changed for this long is forgotten (finished matches are saved with profiles)
KEEP_DAYS = 14
#: how many tables one pulse query asks about
BATCH = 200

_metadata = sa.MetaData()
tables_table = sa.Table(
    "capicu_tables",
    _metadata,
    sa.Column("code", sa.String(12), primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("state", sa.String(12), nullable=False),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("due_at", sa.Float, nullable=True),
    sa.Column("host_hash", sa.String(64), nullable=True),  # a host who does not sit (a teacher)
    sa.Column("group_code", sa.String(12), nullable=True, index=True),  # the class that opened it
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)
seen_table = sa.Table(
    "capicu_table_seen",
    _metadata,
    sa.Column("code", sa.String(12), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("token", sa.String(64), nullable=False),  # the seat token's hash: a stranger cannot keep a seat alive
    sa.Column("seen_at", sa.Float, nullable=False),
)
grades_table = sa.Table(
    "capicu_table_grades",
    _metadata,
    sa.Column("code", sa.String(12), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),
    sa.Column("grade", sa.String(16), nullable=False),
    sa.Column("loss", sa.Float, nullable=False),
)
_side_tables = SideTables(_metadata)


@dataclass(frozen=True)
class KeptTable:
    code: str
    record: dict
    version: int
    due_at: float | None
    host_hash: str | None
    group_code: str | None


@dataclass(frozen=True)
class Grade:
    """One judged move of a seated player (their own review wrote it)."""

    code: str
    seat: int
    round: int
    ply: int
    grade: str
    loss: float


@dataclass(frozen=True)
class GroupPulse:
    """What the teacher's overview of a class's tables compares: every table's version."""

    code: str
    tables: tuple[TablePulse, ...]
    host_hash: str = ""

    def watched(self, what: str = "all") -> str:
        return group_value(self.host_hash, ((p.code, p.version) for p in self.tables))


def group_value(host_hash: str | None, versions: Iterable[tuple[str, int]]) -> str:
    """What the class's feed answers: a digest of every table's code and version, keyed by
    the teacher's secret hash. It changes when any table moves, and it names no table: the
    feed's address holds only the class's join code, which every student has, and a table's
    code lets its reader watch it (spectate). The teacher's overview works it out the same way."""
    text = ".".join(f"{code}:{version}" for code, version in sorted(versions))
    return hmac.new(str(host_hash or "").encode("utf-8"), text.encode("utf-8"), hashlib.sha256).hexdigest()[:32]


@dataclass(frozen=True)
class TablePulse:
    """What a screen watching a table compares: the version (and the driver, ``due_at``)."""

    code: str
    version: int
    state: str
    due_at: float | None

    def watched(self, what: str = "all") -> str:
        return str(self.version)


class TableStore:
    """The tables of ``store`` (a saving :class:`progress.store.Store`)."""

    def __init__(self, store: Any) -> None:
        if not getattr(store, "saving", False):
            raise ValueError("tables need a database that saves")
        self._store = store

    def _run(self, work, *, write: bool):
        self._create_once()
        return self._store._run(work, write=write)

    def create(self, record: dict, *, version: int, due_at: float | None, state: str = "lobby",
               host_hash: str | None = None, group_code: str | None = None) -> str:
        """Keep a new table; returns its join code."""
        text = _text(record)
        now = datetime.now(timezone.utc)
        t = tables_table
        for _ in range(20):  # a code in use: draw another
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))

            def work(conn, code=code) -> None:
                conn.execute(sa.delete(t).where(t.c.updated_at < now - timedelta(days=KEEP_DAYS)))
                conn.execute(sa.delete(seen_table).where(seen_table.c.seen_at < now.timestamp() - KEEP_DAYS * 86400))
                conn.execute(sa.delete(grades_table).where(grades_table.c.code.not_in(sa.select(t.c.code))))
                conn.execute(sa.insert(t).values(code=code, version=version, state=state, record=text,
                                                 due_at=due_at, host_hash=host_hash, group_code=group_code,
                                                 created_at=now, updated_at=now))
            try:
                self._run(work, write=True)
            except exc.IntegrityError:
                continue
            return code
        raise RuntimeError("no free table code")  # pragma: no cover - 31^6 codes

    def get(self, code: Any) -> KeptTable | None:
        code = normalize_code(code)
        if not code:
            return None
        t = tables_table
        row = self._run(lambda conn: conn.execute(sa.select(t).where(t.c.code == code)).first(), write=False)
        if row is None:
            return None
        try:
            record = json.loads(row.record)
        except ValueError:
            return None
        return KeptTable(row.code, record, int(row.version), row.due_at, row.host_hash, row.group_code)

    def put(self, code: str, record: dict, *, version: int, due_at: float | None, expected: int,
            state: str | None = None) -> bool:
        """Write the table at ``version`` if it is still at ``expected``; False when another
        change came first (nothing is written then)."""
        text = _text(record)
        t = tables_table
        values: dict[str, Any] = dict(version=version, record=text, due_at=due_at,
                                      updated_at=datetime.now(timezone.utc))
        if state is not None:
            values["state"] = state
        query = sa.update(t).where(t.c.code == code, t.c.version == expected).values(**values)
        return self._run(lambda conn: conn.execute(query).rowcount, write=True) == 1

    def set_due(self, code: str, *, version: int, due_at: float | None) -> None:
        """When the driver found nothing due yet: look again at ``due_at`` (the version stays)."""
        t = tables_table
        query = sa.update(t).where(t.c.code == code, t.c.version == version).values(due_at=due_at)
        self._run(lambda conn: conn.execute(query), write=True)

    def group(self, group_code: str) -> list[KeptTable]:
        """The tables a class opened, by code."""
        t = tables_table
        rows = self._run(lambda conn: conn.execute(
            sa.select(t).where(t.c.group_code == group_code).order_by(t.c.created_at, t.c.code)).all(), write=False)
        out = []
        for row in rows:
            try:
                out.append(KeptTable(row.code, json.loads(row.record), int(row.version), row.due_at, row.host_hash,
                                     row.group_code))
            except ValueError:
                continue
        return out

    # -- who is still there

    def claim_seat(self, code: str, seat: int, token: str, now: float) -> None:
        """The seat is ``token``'s from now on (a person has just sat down in it)."""
        s = seen_table

        def work(conn) -> None:
            conn.execute(sa.delete(s).where(s.c.code == code, s.c.seat == seat))
            conn.execute(sa.insert(s).values(code=code, seat=seat, token=token, seen_at=now))

        self._run(work, write=True)

    def mark_seen(self, code: str, seat: int, token: str, now: float) -> None:
        """Seat ``seat``'s screen is still there. Only the seat's own token hash counts: it
        moves the seat's row on, and it alone may bind a seat that has no row yet (checked
        against the record). Any other token changes nothing."""
        s, t = seen_table, tables_table

        def work(conn) -> None:
            kept = conn.execute(sa.select(s.c.token).where(s.c.code == code, s.c.seat == seat)).first()
            if kept is not None:
                if kept.token == token:
                    conn.execute(sa.update(s).where(s.c.code == code, s.c.seat == seat, s.c.token == token,
                                                    s.c.seen_at < now).values(seen_at=now))
                return
            record = conn.execute(sa.select(t.c.record).where(t.c.code == code)).scalar()
            if record is not None and token and _seat_token(record, seat) == token:
                conn.execute(sa.insert(s).values(code=code, seat=seat, token=token, seen_at=now))

        try:
            self._run(work, write=True)
        except exc.IntegrityError:
            pass  # the same seat marked by two requests at once: one row stands

    def owners(self, codes: Iterable[str]) -> dict[str, dict[int, str]]:
        """Per table of ``codes``, each bound seat's token hash (the live feed keeps no
        presence for any other token)."""
        wanted = sorted({normalize_code(c) for c in codes} - {""})
        s = seen_table
        found: dict[str, dict[int, str]] = {}
        for start in range(0, len(wanted), BATCH):
            query = sa.select(s.c.code, s.c.seat, s.c.token).where(s.c.code.in_(wanted[start:start + BATCH]))
            for code, seat, token in self._run(lambda conn: conn.execute(query).all(), write=False):
                found.setdefault(code, {})[int(seat)] = token
        return found

    def seen(self, code: str) -> dict[int, float]:
        s = seen_table
        rows = self._run(lambda conn: conn.execute(sa.select(s.c.seat, s.c.seen_at).where(s.c.code == code)).all(),
                         write=False)
        return {int(seat): float(at) for seat, at in rows}

    # -- the live feed

    def pulses(self, codes: Iterable[str]) -> dict[str, TablePulse]:
        """The pulse of every table in ``codes`` that exists, in one short read per batch."""
        wanted = sorted({normalize_code(c) for c in codes} - {""})
        t = tables_table
        found: dict[str, TablePulse] = {}
        for start in range(0, len(wanted), BATCH):
            chunk = wanted[start:start + BATCH]
            query = sa.select(t.c.code, t.c.version, t.c.state, t.c.due_at).where(t.c.code.in_(chunk))
            for code, version, state, due in self._run(lambda conn: conn.execute(query).all(), write=False):
                found[code] = TablePulse(code, int(version), state, due)
        return found

    def group_pulses(self, group_codes: Iterable[str]) -> dict[str, GroupPulse]:
        """The pulse of each class in ``group_codes`` that has tables, in one read per batch."""
        wanted = sorted({normalize_code(c) for c in group_codes} - {""})
        t = tables_table
        found: dict[str, list[TablePulse]] = {}
        hosts: dict[str, str] = {}  # a class's tables share the teacher's secret hash
        for start in range(0, len(wanted), BATCH):
            chunk = wanted[start:start + BATCH]
            query = (sa.select(t.c.group_code, t.c.code, t.c.version, t.c.state, t.c.due_at, t.c.host_hash)
                     .where(t.c.group_code.in_(chunk)).order_by(t.c.code))
            for group, code, version, state, due, host in self._run(lambda conn: conn.execute(query).all(),
                                                                    write=False):
                found.setdefault(group, []).append(TablePulse(code, int(version), state, due))
                hosts.setdefault(group, host or "")
        return {g: GroupPulse(g, tuple(p), hosts[g]) for g, p in found.items()}

    # -- the players' own grades (a class's summary)

    def grades(self, codes: Iterable[str]) -> list[Grade]:
        wanted = sorted({normalize_code(c) for c in codes} - {""})
        g = grades_table
        out: list[Grade] = []
        for start in range(0, len(wanted), BATCH):
            chunk = wanted[start:start + BATCH]
            query = sa.select(g).where(g.c.code.in_(chunk)).order_by(g.c.code, g.c.seat, g.c.round, g.c.ply)
            out += [Grade(r.code, int(r.seat), int(r.round), int(r.ply), r.grade, float(r.loss))
                    for r in self._run(lambda conn: conn.execute(query).all(), write=False)]
        return out

    def _create_once(self) -> None:
        _side_tables.ensure(self._store)


def _seat_token(record: str, seat: int) -> str:
    """The token hash a kept record gives seat ``seat`` ("" for none, or a record that is not one)."""
    try:
        seats = json.loads(record)["seats"]
        token = seats[seat]["token"] if 0 <= seat < len(seats) else ""
    except (ValueError, KeyError, TypeError, IndexError):
        return ""
    return token if isinstance(token, str) else ""


def _text(record: dict) -> str:
    text = json.dumps(record, separators=(",", ":"), allow_nan=False)
    if len(text) > RECORD_LIMIT:
        raise ValueError(f"a table's record must stay under {RECORD_LIMIT} characters")
    return text
