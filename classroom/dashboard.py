"""The teacher's dashboard of a class: what its students did, read in a few queries.

One call, :func:`dashboard`, gathers everything the Progress tab shows: the students ×
homework grid (done, late, started, not started; the score), each student's drill
accuracy by rule topic (the puzzle type), their puzzle and play ratings week by week,
when they were last seen, the class's weakest topics, and the class's history (the live
quizzes and the tables' end-of-class summaries run for the class). A student's own page
never calls this: the teacher's page does, behind the class's passphrase
(classroom/roster.py).

Exports: :func:`grid_rows` (one row per student) and :func:`to_csv` (the quiz's
formula-safe CSV writer), and classroom/student_report.py's PDF per student.

What the students did is read once per change, not once per run: the grid, topics, ratings
and last seen of a class are kept in this process (for every teacher's session of the
class) under a key that one cheap look at the database gives (:func:`_changes`: how many
answers, matches, lessons, rated results and devices the class's students have, and the
newest of each; the roster, the homework and the puzzle sets themselves; which homework is
overdue; the day). An answer, a finished match or a lesson changes that key, so the next run
reads them again: a teacher never sees the grid as it was before a student's work.
"""

from __future__ import annotations

import hashlib
import json
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from types import MappingProxyType
from datetime import date, datetime, timedelta, timezone
from typing import Any, Callable, Mapping, Sequence
from zoneinfo import ZoneInfo

import pandas as pd
import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom.homework import (
    Assignment, PuzzleSet, Status, _mistakes_due, assignments, local_time, puzzle_sets, statuses, zone,
)
from classroom.quiz import to_csv
from classroom.roster import Member, members
from progress.store import Store
from storage.database import (
    attempts_table,
    class_history_table,
    devices_table,
    games_table,
    lessons_table,
    rating_history_table,
    utc,
)

#: How far back the charts and the topics look.
WEEKS = 8
#: A topic needs this many answers (class-wide) to be called weak; a student's, to show.
MIN_TOPIC = 10
HISTORY_KINDS = ("quiz", "tables")
HISTORY_LIMIT = 30
#: The largest end-of-class summary kept (characters of JSON).
HISTORY_DATA_LIMIT = 200_000
#: Classes whose reads this process keeps, per database (the least recently shown go first).
KEPT_CLASSES = 256

TOPIC_COLUMNS = {"profile_id": "int64", "puzzle_type": "str", "attempts": "int64", "correct": "int64",
                 "rate": "float64"}
RATING_COLUMNS = {"profile_id": "int64", "kind": "str", "week": "datetime64[us]", "rating": "float64"}


@dataclass(frozen=True)
class HistoryEntry:
    id: int
    class_id: int
    kind: str  # quiz, tables
    data: dict
    at: datetime


@dataclass
class Dashboard:
    school_class: Any
    students: list[Member]
    homework: list[Assignment]
    sets: dict[int, PuzzleSet]
    # the four below are shared by every session showing the class (see _Reads): read only
    status: Mapping[tuple[int, int], Status]
    topics: pd.DataFrame  # TOPIC_COLUMNS: each student's answers by puzzle type in the window
    ratings: pd.DataFrame  # RATING_COLUMNS: each student's last rating of each week, per kind
    last_seen: Mapping[int, datetime | None]
    history: list[HistoryEntry] = field(default_factory=list)
    since: datetime | None = None
    #: names what the four above were read from: the same version, the same figures (a page
    #: may keep what it draws from them under it)
    version: str = ""
    #: what was worked out from the four above (shared with them): see _remember
    memo: dict = field(default_factory=dict, repr=False, compare=False)

    def _remember(self, what: tuple, work: Callable[[], Any]) -> Any:
        """``work()``, once per version of the reads: every run of every teacher's page of
        the class asks the same questions of the same reads (the answer is read only)."""
        if what not in self.memo:
            self.memo[what] = work()
        return self.memo[what]

    def weakest_topics(self, min_attempts: int = MIN_TOPIC, limit: int = 3) -> pd.DataFrame:
        """The class's weakest topics: lowest share right first, among topics answered at
        least ``min_attempts`` times by the class (``puzzle_type, attempts, correct, rate,
        students``)."""
        return self._remember(("weakest", min_attempts, limit), lambda: self._weakest(min_attempts, limit))

    def _weakest(self, min_attempts: int, limit: int) -> pd.DataFrame:
        t = self.topics
        if t.empty:
            return pd.DataFrame({"puzzle_type": pd.Series(dtype="str"), "attempts": pd.Series(dtype="int64"),
                                 "correct": pd.Series(dtype="int64"), "rate": pd.Series(dtype="float64"),
                                 "students": pd.Series(dtype="int64")})
        grouped = t.groupby("puzzle_type", sort=True).agg(attempts=("attempts", "sum"), correct=("correct", "sum"),
                                                         students=("profile_id", "nunique")).reset_index()
        grouped["rate"] = grouped["correct"] / grouped["attempts"]
        grouped = grouped[grouped["attempts"] >= min_attempts]
        grouped = grouped.sort_values(["rate", "attempts", "puzzle_type"], ascending=[True, False, True], kind="stable")
        return grouped[["puzzle_type", "attempts", "correct", "rate", "students"]].head(limit).reset_index(drop=True)

    def done_count(self, profile_id: int) -> tuple[int, int]:
        """(homework finished, homework set) for one student."""
        mine = [self.status[(a.id, profile_id)] for a in self.homework]
        return sum(s.finished for s in mine), len(mine)


def _topics(conn: Connection, ids: Sequence[int], since: datetime) -> pd.DataFrame:
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


def _ratings(conn: Connection, ids: Sequence[int], since: datetime, until: datetime,
             time_zone: str) -> pd.DataFrame:
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
    frame = pd.DataFrame({"profile_id": [r.profile_id for r in rows], "kind": [r.kind for r in rows],
                          "week": [edges[int(r.week)].astimezone(ZoneInfo(time_zone)).replace(tzinfo=None)
                                   for r in rows],
                          "rating": [float(r.rating) for r in rows]})
    frame = frame.astype(RATING_COLUMNS) if len(frame) else pd.DataFrame(
        {k: pd.Series(dtype=v) for k, v in RATING_COLUMNS.items()})
    return frame.sort_values(["profile_id", "kind", "week"]).reset_index(drop=True)


def _last_seen(conn: Connection, ids: Sequence[int]) -> dict[int, datetime | None]:
    seen: dict[int, datetime | None] = {pid: None for pid in ids}
    for table, column in ((attempts_table, "at"), (games_table, "updated_at"), (devices_table, "last_seen")):
        query = (sa.select(table.c.profile_id, sa.func.max(table.c[column]).label("last"))
                 .where(table.c.profile_id.in_(ids)).group_by(table.c.profile_id))
        for r in conn.execute(query):
            if r.last is not None:
                when = utc(r.last)
                if seen.get(r.profile_id) is None or when > seen[r.profile_id]:
                    seen[r.profile_id] = when
    return seen


def _history_of(row: Any) -> HistoryEntry:
    return HistoryEntry(int(row.id), int(row.class_id), row.kind, json.loads(row.data), utc(row.at))


def history(store: Store, class_id: int, limit: int = HISTORY_LIMIT) -> list[HistoryEntry]:
    """The class's live quizzes and tables' summaries, newest first."""
    t = class_history_table
    query = sa.select(t).where(t.c.class_id == class_id).order_by(t.c.at.desc(), t.c.id.desc()).limit(limit)
    return [_history_of(r) for r in store._run(lambda conn: conn.execute(query).all(), write=False)]


def record_history(store: Store, class_id: int, kind: str, data: Mapping[str, Any], *,
                   at: datetime | None = None, key: str | None = None) -> HistoryEntry:
    """Keep a live quiz's results (``kind="quiz"``) or the tables' end-of-class summary
    (``"tables"``) in the class's history. ``data`` is JSON: what the summary showed. With
    ``key`` (the quiz's code) a later call replaces the entry of the same key: a summary
    whose last grades came in late is kept once, as it ended."""
    if kind not in HISTORY_KINDS:
        raise ValueError(f"a class's history keeps {' or '.join(HISTORY_KINDS)}, not {kind!r}")
    kept = {**dict(data), **({"key": key} if key is not None else {})}
    text = json.dumps(kept, separators=(",", ":"), default=str, allow_nan=False)
    if len(text) > HISTORY_DATA_LIMIT:
        raise ValueError(f"a class's history entry must stay under {HISTORY_DATA_LIMIT} characters")
    moment = utc(at) if at is not None else datetime.now(timezone.utc)
    t = class_history_table

    def work(conn: Connection) -> int:
        if key is not None:
            rows = conn.execute(sa.select(t.c.id, t.c.data).where(t.c.class_id == class_id, t.c.kind == kind)).all()
            same = [r.id for r in rows if json.loads(r.data).get("key") == key]
            if same:
                conn.execute(sa.update(t).where(t.c.id == same[0]).values(data=text, at=moment))
                return same[0]
        return conn.execute(sa.insert(t).values(class_id=class_id, kind=kind, data=text, at=moment)).inserted_primary_key[0]

    new_id = store._run(work, write=True)
    return HistoryEntry(int(new_id), class_id, kind, json.loads(text), moment)


def window_start(now: datetime, time_zone: str, weeks: int = WEEKS) -> datetime:
    """Where the charts and topics begin: midnight on the class's clock, ``weeks`` weeks
    before today (a whole day, so that the window moves once a day, not at every run)."""
    day = local_time(time_zone, now).date() - timedelta(weeks=weeks)
    return datetime(day.year, day.month, day.day, tzinfo=zone(time_zone)).astimezone(timezone.utc)


def _changes(conn: Connection, ids: Sequence[int]) -> tuple:
    """What changes whenever a student of ``ids`` does something the dashboard shows: per
    table, how many rows they have and the newest of them, in one query. Rows are only added
    (an answer, a lesson, a rated result) or moved forward (a match saved again, finished; a
    device seen again); they go only with their profile, which leaves the roster too. Each
    is an index's range (answers and rated results by profile and moment, lessons by
    profile, matches by profile)."""
    a, g, h, d = attempts_table, games_table, rating_history_table, devices_table

    def count(tag: str, table: sa.Table, how_many: Any, newest: Any) -> sa.Select:
        return sa.select(sa.literal(tag).label("tag"), how_many.label("n"), sa.cast(newest, sa.String).label("newest"))\
            .where(table.c.profile_id.in_(ids))

    finished = sa.func.coalesce(sa.func.sum(sa.case((g.c.status == "finished", 1), else_=0)), 0)
    looks = sa.union_all(
        count("answers", a, sa.func.count(), sa.func.max(a.c.at)),
        count("matches", g, sa.func.count(), sa.func.max(g.c.updated_at)),
        count("finished", g, finished, sa.func.max(g.c.id)),
        count("lessons", lessons_table, sa.func.count(), sa.null()),
        count("rated", h, sa.func.count(), sa.func.max(h.c.at)),
        count("devices", d, sa.func.count(), sa.func.max(d.c.last_seen)),
    )
    return tuple(sorted((r.tag, int(r.n), r.newest) for r in conn.execute(looks)))


class _Within:
    """A store whose calls all run on one connection: a look at a class is one transaction
    (one snapshot, and one turn at a busy database instead of one per read)."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def _run(self, work: Any, *, write: bool) -> Any:
        return work(self._conn)


@dataclass(frozen=True)
class _Reads:
    """The dear part of a dashboard: what the students did, kept per class (read only)."""

    status: Mapping[tuple[int, int], Status]
    topics: pd.DataFrame
    ratings: pd.DataFrame
    last_seen: Mapping[int, datetime | None]
    memo: dict = field(default_factory=dict)


#: database engine -> class id -> (key, reads): one entry per class, the newest key only
_kept: "weakref.WeakKeyDictionary[Any, OrderedDict[int, tuple[str, _Reads]]]" = weakref.WeakKeyDictionary()
_kept_lock = threading.Lock()


def _kept_reads(store: Store, class_id: int, key: str) -> _Reads | None:
    with _kept_lock:
        classes = _kept.get(store._engine)
        found = classes.get(class_id) if classes is not None else None
        if found is None or found[0] != key:
            return None
        classes.move_to_end(class_id)
        return found[1]


def _keep_reads(store: Store, class_id: int, key: str, reads: _Reads) -> None:
    with _kept_lock:
        classes = _kept.setdefault(store._engine, OrderedDict())
        classes[class_id] = (key, reads)
        classes.move_to_end(class_id)
        while len(classes) > KEPT_CLASSES:
            classes.popitem(last=False)


def _key(since: datetime, ids: Sequence[int], homework: Sequence[Assignment], sets: Mapping[int, PuzzleSet],
         moment: datetime, changes: tuple, mistakes: Mapping[int, int] | None) -> str:
    """One string for everything a dashboard's reads depend on (hashed: it is compared on
    every run, and may be long)."""
    work = [(a.id, a.kind, json.dumps(a.spec, sort_keys=True), a.set_at.isoformat(), a.due_at.isoformat(),
             moment > a.due_at, moment >= a.set_at) for a in homework]
    parts = (since.isoformat(), list(ids), work, sorted((k, list(v.puzzle_ids)) for k, v in sets.items()),
             changes, sorted(mistakes.items()) if mistakes is not None else None)
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()


def dashboard(store: Store, school_class: Any, *, now: datetime | None = None, weeks: int = WEEKS) -> Dashboard:
    """Everything the Progress tab of ``school_class`` (a roster SchoolClass) shows: the
    roster, homework and history read afresh, what the students did kept while it is
    unchanged (see the module's words)."""
    moment = utc(now) if now is not None else datetime.now(timezone.utc)
    time_zone = school_class.time_zone
    since = window_start(moment, time_zone, weeks)
    today = local_time(time_zone, moment).date()

    def look(conn: Connection):
        within = _Within(conn)
        students = members(within, school_class.id)
        homework = assignments(within, school_class.id)
        sets = {s.id: s for s in puzzle_sets(within, school_class.id)}
        ids = sorted(m.profile_id for m in students)
        changes = _changes(conn, ids) if ids else ()
        # personal puzzles due today count for "review your mistakes": read when one is set
        reviews = ids and any(a.kind == "mistakes" for a in homework)
        mistakes = _mistakes_due(conn, ids, today) if reviews else None
        return students, homework, sets, ids, changes, mistakes, history(within, school_class.id)

    students, homework, sets, ids, changes, mistakes, entries = store._run(look, write=False)
    key = _key(since, ids, homework, sets, moment, changes, mistakes)
    reads = _kept_reads(store, school_class.id, key)
    if reads is None:  # read after the look: never older than the key it is kept under
        reads = store._run(lambda conn: _read(conn, school_class, homework, sets, ids, moment, since), write=False)
        _keep_reads(store, school_class.id, key, reads)
    return Dashboard(school_class, students, homework, sets, reads.status, reads.topics, reads.ratings,
                     reads.last_seen, entries, since, key, reads.memo)


def _read(conn: Connection, school_class: Any, homework: Sequence[Assignment], sets: Mapping[int, PuzzleSet],
          ids: Sequence[int], moment: datetime, since: datetime) -> _Reads:
    status = statuses(_Within(conn), school_class, homework, ids, now=moment, sets=sets)
    some = ids or [-1]
    topics, ratings = _topics(conn, some, since), _ratings(conn, some, since, moment, school_class.time_zone)
    seen = _last_seen(conn, ids) if ids else {}
    return _Reads(MappingProxyType(status), topics, ratings, MappingProxyType(seen))


def grid_rows(board: Dashboard, labels: Mapping[int, str], states: Mapping[str, str], *,
              nickname: str = "student", last_seen: str = "last seen") -> list[dict[str, Any]]:
    """The students × homework grid as rows for a CSV: the nickname, each homework's state
    (in the reader's words, ``states``) with its score, and when the student was last seen
    (the class's clock). ``labels``: homework id -> its column name."""
    rows = []
    for m in board.students:
        row: dict[str, Any] = {nickname: m.nickname}
        for a in board.homework:
            s = board.status[(a.id, m.profile_id)]
            cell = states.get(s.state, s.state)
            if s.score is not None:
                cell += f" ({round(100 * s.score)}%)"
            row[labels.get(a.id, str(a.id))] = cell
        seen = board.last_seen.get(m.profile_id)
        row[last_seen] = local_time(board.school_class.time_zone, seen).strftime("%Y-%m-%d %H:%M") if seen else ""
        rows.append(row)
    return rows


def _by_student(frame: pd.DataFrame, by: list[str], columns: list[str]) -> dict[Any, pd.DataFrame]:
    return {(key if len(by) > 1 else key[0]): part[columns].reset_index(drop=True)
            for key, part in frame.groupby(by, sort=False)}


def student_weeks(board: Dashboard, profile_id: int, kind: str) -> pd.DataFrame:
    """One student's rating of ``kind`` at the end of each week (``week, rating``)."""
    parts = board._remember(("weeks",), lambda: _by_student(board.ratings, ["profile_id", "kind"], ["week", "rating"]))
    found = parts.get((profile_id, kind))
    return found if found is not None else board.ratings[["week", "rating"]].iloc[:0].reset_index(drop=True)


def class_weeks(board: Dashboard, kind: str) -> pd.DataFrame:
    """The class's median rating of ``kind`` each week (among those rated that week)."""
    def work() -> pd.DataFrame:
        r = board.ratings[board.ratings["kind"] == kind]
        if r.empty:
            return pd.DataFrame({"week": pd.Series(dtype="datetime64[us]"), "rating": pd.Series(dtype="float64")})
        return r.groupby("week", sort=True)["rating"].median().reset_index()

    return board._remember(("class weeks", kind), work)


def student_topics(board: Dashboard, profile_id: int) -> pd.DataFrame:
    columns = ["puzzle_type", "attempts", "correct", "rate"]
    parts = board._remember(("topics",), lambda: _by_student(board.topics, ["profile_id"], columns))
    found = parts.get(profile_id)
    return found if found is not None else board.topics[columns].iloc[:0].reset_index(drop=True)


__all__ = [
    "Dashboard", "HISTORY_KINDS", "HistoryEntry", "MIN_TOPIC", "WEEKS", "class_weeks", "dashboard", "grid_rows",
    "history", "record_history", "student_topics", "student_weeks", "to_csv", "week_start", "window_start",
]
