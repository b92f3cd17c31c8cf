"""What the students of a class did, as its teacher's dashboard shows it (classroom/
dashboard.py), read once per change and kept for every teacher's session of the class.

The reads: each homework's state per student (classroom.homework.statuses), each student's
answers by puzzle type in the window (:func:`topics`), their last rating of each week
(:func:`ratings`), when they were last seen (:func:`last_seen`, from their stamp). Read for
a class of 40 with a term's work, they cost a busy server a few hundred milliseconds; a
teacher's page runs at every click, and two teachers may watch the same class.

So they are kept in this process, per database and class, with what they were read from:

* the class's **setting**: the window's first day, the homework (what it asks, when it was
  set and is due, whether that moment has passed), the puzzle sets;
* each student's **stamp** (:func:`stamps`, one query for the class): per table, how many
  rows they have and the newest of them (answers, matches and how many are finished,
  lessons, rated results, devices), and their personal puzzles due today when a "review
  your mistakes" homework is set. Those rows are only added or moved forward (a match saved
  again or finished, a device seen again); they go only with their profile, which leaves
  the roster too, so any work a student does changes their stamp.

A look costs one small query. A new setting reads the class again; a student whose stamp
changed (or who joined) is read again alone, a student who left is dropped: the rest is
kept. A teacher never sees the grid as it was before a student's work, and a class in the
middle of a lesson is read again one student at a time.
"""

from __future__ import annotations

import hashlib
import json
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from types import MappingProxyType
from typing import Any, Mapping, Sequence
from zoneinfo import ZoneInfo

import pandas as pd
import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom.homework import Assignment, PuzzleSet, Status, Within, _mistakes_due, statuses
from progress.store import Store
from storage.database import (
    attempts_table,
    devices_table,
    games_table,
    lessons_table,
    rating_history_table,
    utc,
)

#: Classes whose reads this process keeps, per database (the least recently shown go first).
KEPT_CLASSES = 256

TOPIC_COLUMNS = {"profile_id": "int64", "puzzle_type": "str", "attempts": "int64", "correct": "int64",
                 "rate": "float64"}
RATING_COLUMNS = {"profile_id": "int64", "kind": "str", "week": "datetime64[us]", "rating": "float64"}


# --- the reads --------------------------------------------------------------------------


def topics(conn: Connection, ids: Sequence[int], since: datetime) -> pd.DataFrame:
    """Each student's answers by puzzle type since ``since`` (how many, how many right)."""
    t = attempts_table
    right = sa.func.sum(sa.case((t.c.correct == sa.true(), 1), else_=0))
    rows = conn.execute(sa.select(t.c.profile_id, t.c.puzzle_type, sa.func.count().label("attempts"),
                                  right.label("correct"))
                        .where(t.c.profile_id.in_(ids), t.c.at >= since)
                        .group_by(t.c.profile_id, t.c.puzzle_type)).all()
    frame = pd.DataFrame({"profile_id": [r.profile_id for r in rows], "puzzle_type": [r.puzzle_type for r in rows],
                          "attempts": [int(r.attempts) for r in rows], "correct": [int(r.correct or 0) for r in rows]})
    frame["rate"] = (frame["correct"] / frame["attempts"]) if len(frame) else pd.Series(dtype="float64")
    return frame.astype(TOPIC_COLUMNS).sort_values(["profile_id", "puzzle_type"]).reset_index(drop=True)


def week_start(moment: pd.Series, time_zone: str) -> pd.Series:
    """The Monday (midnight, the class's wall clock, as a naive datetime) of each moment's week."""
    local = moment.dt.tz_convert(time_zone).dt.tz_localize(None).dt.normalize()
    return (local - pd.to_timedelta(local.dt.day_of_week, unit="D")).astype("datetime64[us]")


def _mondays(since: datetime, until: datetime, time_zone: str) -> list[datetime]:
    """The Mondays (midnight on the class's clock, as UTC moments) from the week of ``since``
    to the one after ``until``: the edges of the chart's weeks."""
    zone = ZoneInfo(time_zone)
    first = since.astimezone(zone).date()
    first -= timedelta(days=first.weekday())
    edges, day = [], first
    while True:
        edge = datetime(day.year, day.month, day.day, tzinfo=zone).astimezone(timezone.utc)
        edges.append(edge)
        if edge > until:
            return edges
        day += timedelta(days=7)


def ratings(conn: Connection, ids: Sequence[int], since: datetime, until: datetime, time_zone: str) -> pd.DataFrame:
    """Each student's last rating of each week, per kind: the database finds the last row of
    each (student, kind, week), so a class's thousands of rated answers stay there."""
    h = rating_history_table
    edges = _mondays(since, until, time_zone)
    week = sa.case(*((h.c.at < edge, n) for n, edge in enumerate(edges[1:])), else_=len(edges) - 1)
    rated = (sa.select(h.c.id, h.c.profile_id, h.c.kind, week.label("week"))
             .where(h.c.profile_id.in_(ids), h.c.at >= since).subquery())
    last = (sa.select(sa.func.max(rated.c.id).label("last_id"), rated.c.week)
            .group_by(rated.c.profile_id, rated.c.kind, rated.c.week).subquery())
    rows = conn.execute(sa.select(h.c.profile_id, h.c.kind, h.c.rating, last.c.week)
                        .join(last, h.c.id == last.c.last_id)).all()
    mondays = [edge.astimezone(ZoneInfo(time_zone)).replace(tzinfo=None) for edge in edges]  # the class's clock
    frame = pd.DataFrame({"profile_id": [r.profile_id for r in rows], "kind": [r.kind for r in rows],
                          "week": [mondays[int(r.week)] for r in rows], "rating": [float(r.rating) for r in rows]})
    frame = frame.astype(RATING_COLUMNS) if len(frame) else pd.DataFrame(
        {k: pd.Series(dtype=v) for k, v in RATING_COLUMNS.items()})
    return frame.sort_values(["profile_id", "kind", "week"]).reset_index(drop=True)


# --- what changed -----------------------------------------------------------------------


def stamps(conn: Connection, ids: Sequence[int], today: date, reviews: bool) -> dict[int, tuple]:
    """Each student's stamp (see the module's words), in one query (and one more for the
    personal puzzles due, when ``reviews``). Each part is an index's range: answers and
    rated results by profile and moment, lessons and matches by profile."""
    a, g, h, d = attempts_table, games_table, rating_history_table, devices_table

    no_moment, no_id = sa.cast(sa.null(), sa.DateTime(timezone=True)), sa.cast(sa.null(), sa.Integer)

    def count(tag: str, table: sa.Table, how_many: Any, moment: Any = no_moment, row: Any = no_id) -> sa.Select:
        return (sa.select(table.c.profile_id.label("pid"), sa.literal(tag).label("tag"), how_many.label("n"),
                          moment.label("moment"), row.label("row"))
                .where(table.c.profile_id.in_(ids)).group_by(table.c.profile_id))

    finished = sa.func.sum(sa.case((g.c.status == "finished", 1), else_=0))
    looks = sa.union_all(
        count("answers", a, sa.func.count(), sa.func.max(a.c.at)),
        count("matches", g, sa.func.count(), sa.func.max(g.c.updated_at)),
        count("finished", g, finished, row=sa.func.max(g.c.id)),
        count("lessons", lessons_table, sa.func.count()),
        count("rated", h, sa.func.count(), sa.func.max(h.c.at)),
        count("devices", d, sa.func.count(), sa.func.max(d.c.last_seen)),
    )
    found: dict[int, list] = {pid: [] for pid in ids}
    if ids:
        for r in conn.execute(looks):
            found[r.pid].append((r.tag, int(r.n or 0), utc(r.moment) if r.moment is not None else None, r.row))
        if reviews:
            for pid, due in _mistakes_due(conn, ids, today).items():
                found[pid].append(("reviews due", due, None, None))
    return {pid: tuple(sorted(rows)) for pid, rows in found.items()}


#: the parts of a stamp whose newest moment is a student's doing (an answer, a match saved,
#: a kept device opening the app): the newest of them is when they were last seen
SEEN_IN = ("answers", "matches", "devices")


def last_seen(stamp: tuple) -> datetime | None:
    """When a student last answered, played or opened the app on a kept device (their stamp
    already holds each newest moment)."""
    moments = [moment for tag, _n, moment, _row in stamp if tag in SEEN_IN and moment is not None]
    return max(moments) if moments else None


def setting(since: datetime, homework: Sequence[Assignment], sets: Mapping[int, PuzzleSet],
            moment: datetime) -> str:
    """The class's setting (see the module's words), hashed: it is compared at every look."""
    work = [(a.id, a.kind, json.dumps(a.spec, sort_keys=True), a.set_at.isoformat(), a.due_at.isoformat(),
             moment > a.due_at, moment >= a.set_at) for a in homework]
    parts = (since.isoformat(), work, sorted((k, list(v.puzzle_ids)) for k, v in sets.items()))
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


# --- keeping them -----------------------------------------------------------------------


@dataclass(frozen=True)
class Reads:
    """What a class's students did (read only: every teacher's session shares it)."""

    status: Mapping[tuple[int, int], Status]  # (homework id, profile id) -> how far they got
    topics: pd.DataFrame  # TOPIC_COLUMNS: each student's answers by puzzle type in the window
    ratings: pd.DataFrame  # RATING_COLUMNS: each student's last rating of each week, per kind
    last_seen: Mapping[int, datetime | None]
    #: names the database, class, setting and stamps these were read at: the same version,
    #: the same reads
    version: str
    #: what pages worked out from these, shared with them (classroom.dashboard.Dashboard)
    memo: dict = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class _Kept:
    setting: str
    stamps: Mapping[int, tuple]
    reads: Reads


#: database engine -> class id -> what was last read of it
_kept: "weakref.WeakKeyDictionary[Any, OrderedDict[int, _Kept]]" = weakref.WeakKeyDictionary()
_kept_lock = threading.Lock()


def _last_kept(store: Store, class_id: int) -> _Kept | None:
    with _kept_lock:
        classes = _kept.get(store._engine)
        if classes is None or class_id not in classes:
            return None
        classes.move_to_end(class_id)
        return classes[class_id]


def _keep(store: Store, class_id: int, kept: _Kept) -> None:
    with _kept_lock:
        classes = _kept.setdefault(store._engine, OrderedDict())
        classes[class_id] = kept
        classes.move_to_end(class_id)
        while len(classes) > KEPT_CLASSES:
            classes.popitem(last=False)


def forget(store: Store) -> None:
    """Drop what this process keeps of ``store``'s classes (the next look reads them all)."""
    with _kept_lock:
        _kept.pop(store._engine, None)


def class_reads(store: Store, school_class: Any, homework: Sequence[Assignment], sets: Mapping[int, PuzzleSet],
                stamped: Mapping[int, tuple], *, moment: datetime, since: datetime) -> Reads:
    """The reads of ``school_class`` (``id`` and ``time_zone``) for the students ``stamped``
    (profile id -> stamp, from :func:`stamps` of this look): kept ones while nothing
    changed, a changed student's read again alone. Call it after the look: what is read is
    never older than the stamps it is kept under."""
    now_setting = setting(since, homework, sets, moment)
    ids = sorted(stamped)
    # the database and the class too: pages keep what they draw under the version, across
    # every class (and, in tests, every database) of the process
    where = [store.url, id(store._engine), school_class.id]
    version = hashlib.sha256(json.dumps([where, now_setting, sorted(stamped.items())], default=str).encode()).hexdigest()
    old = _last_kept(store, school_class.id)
    if old is not None and old.setting == now_setting:
        changed = [pid for pid in ids if old.stamps.get(pid) != stamped[pid]]
        gone = set(old.stamps) - set(ids)
        if not changed and not gone:
            return old.reads
        fresh = store._run(lambda conn: _read(conn, school_class, homework, sets, changed, stamped, moment, since),
                           write=False)
        reads = _merged(old.reads, fresh, set(changed) | gone, version)
    else:
        reads = store._run(lambda conn: _read(conn, school_class, homework, sets, ids, stamped, moment, since),
                           write=False)
        reads = Reads(reads.status, reads.topics, reads.ratings, reads.last_seen, version)
    _keep(store, school_class.id, _Kept(now_setting, MappingProxyType(dict(stamped)), reads))
    return reads


def _read(conn: Connection, school_class: Any, homework: Sequence[Assignment], sets: Mapping[int, PuzzleSet],
          ids: Sequence[int], stamped: Mapping[int, tuple], moment: datetime, since: datetime) -> Reads:
    status = statuses(Within(conn), school_class, homework, ids, now=moment, sets=sets)
    some = list(ids) or [-1]
    found_topics, found_ratings = topics(conn, some, since), ratings(conn, some, since, moment, school_class.time_zone)
    seen = {pid: last_seen(stamped[pid]) for pid in ids}
    return Reads(MappingProxyType(status), found_topics, found_ratings, MappingProxyType(seen), "")


def _merged(old: Reads, fresh: Reads, again: set[int], version: str) -> Reads:
    """``old`` with the students ``again`` replaced by their ``fresh`` reads (or dropped)."""
    def frame(before: pd.DataFrame, after: pd.DataFrame, order: list[str], columns: dict) -> pd.DataFrame:
        kept = before[~before["profile_id"].isin(again)]
        joined = pd.concat([kept, after], ignore_index=True) if len(after) else kept
        return joined.astype(columns).sort_values(order).reset_index(drop=True)

    status = {k: v for k, v in old.status.items() if k[1] not in again} | dict(fresh.status)
    seen = {pid: v for pid, v in old.last_seen.items() if pid not in again} | dict(fresh.last_seen)
    return Reads(MappingProxyType(status), frame(old.topics, fresh.topics, ["profile_id", "puzzle_type"], TOPIC_COLUMNS),
                 frame(old.ratings, fresh.ratings, ["profile_id", "kind", "week"], RATING_COLUMNS),
                 MappingProxyType(seen), version)


__all__ = [
    "KEPT_CLASSES", "RATING_COLUMNS", "Reads", "TOPIC_COLUMNS", "class_reads", "forget", "last_seen",
    "ratings", "setting", "stamps", "topics", "week_start",
]
