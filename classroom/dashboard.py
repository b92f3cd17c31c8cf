"""The teacher's dashboard of a class: what its students did, read in one look.

One call, :func:`dashboard`, gathers everything the Progress tab shows: the students ×
homework grid (done, late, started, not started; the score), each student's drill
accuracy by rule topic (the puzzle type), their puzzle and play ratings week by week,
when they were last seen, the class's weakest topics, and the class's history (the live
quizzes and the tables' end-of-class summaries run for the class). A student's own page
never calls this: the teacher's page does, behind the class's passphrase
(classroom/roster.py).

Exports: :func:`grid_rows` (one row per student) and :func:`to_csv` (the quiz's
formula-safe CSV writer), and classroom/student_report.py's PDF per student.

A look is one transaction: the roster, the homework, the puzzle sets and the history,
read afresh, and each student's stamp; what the students did (the grid's states, topics,
ratings, last seen) comes from classroom/class_reads.py, which reads it again only for a
student whose stamp changed: a teacher never sees the grid as it was before a student's
work, and a teacher's page that runs at every click does not read the whole class each time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Mapping

import pandas as pd
import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom.class_reads import class_reads, stamps, week_start
from classroom.homework import Assignment, PuzzleSet, Status, Within, assignments, local_time, puzzle_sets, zone
from classroom.quiz import to_csv
from classroom.roster import Member, members
from progress.store import Store
from storage.database import class_history_table, utc

#: How far back the charts and the topics look.
WEEKS = 8
#: A topic needs this many answers (class-wide) to be called weak; a student's, to show.
MIN_TOPIC = 10
HISTORY_KINDS = ("quiz", "tables")
HISTORY_LIMIT = 30
#: The largest end-of-class summary kept (characters of JSON).
HISTORY_DATA_LIMIT = 200_000


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
    # the four below are shared by every session showing the class (class_reads.Reads): read only
    status: Mapping[tuple[int, int], Status]
    topics: pd.DataFrame  # class_reads.TOPIC_COLUMNS: each student's answers by puzzle type in the window
    ratings: pd.DataFrame  # class_reads.RATING_COLUMNS: each student's last rating of each week, per kind
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
        # summed in Python: a class's few hundred rows, where a pandas group-by costs a
        # teacher's run more than the grid
        t = self.topics
        sums: dict[str, tuple[int, int, set]] = {}
        for ptype, pid, n, right in zip(t["puzzle_type"].tolist(), t["profile_id"].tolist(), t["attempts"].tolist(),
                                        t["correct"].tolist()):
            was = sums.get(ptype, (0, 0, set()))
            sums[ptype] = (was[0] + n, was[1] + right, was[2] | {pid})
        rows = sorted((right / n, -n, ptype, right, len(who)) for ptype, (n, right, who) in sums.items()
                      if n >= max(min_attempts, 1))[:limit]
        return pd.DataFrame({"puzzle_type": pd.Series([r[2] for r in rows], dtype="str"),
                             "attempts": pd.Series([-r[1] for r in rows], dtype="int64"),
                             "correct": pd.Series([r[3] for r in rows], dtype="int64"),
                             "rate": pd.Series([r[0] for r in rows], dtype="float64"),
                             "students": pd.Series([r[4] for r in rows], dtype="int64")})

    def done_count(self, profile_id: int) -> tuple[int, int]:
        """(homework finished, homework set) for one student."""
        mine = [self.status[(a.id, profile_id)] for a in self.homework]
        return sum(s.finished for s in mine), len(mine)


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


def dashboard(store: Store, school_class: Any, *, now: datetime | None = None, weeks: int = WEEKS) -> Dashboard:
    """Everything the Progress tab of ``school_class`` (a roster SchoolClass) shows: the
    roster, homework and history read afresh in one look, what the students did kept while
    it is unchanged (classroom/class_reads.py)."""
    moment = utc(now) if now is not None else datetime.now(timezone.utc)
    since = window_start(moment, school_class.time_zone, weeks)
    today = local_time(school_class.time_zone, moment).date()

    def look(conn: Connection):
        within = Within(conn)
        students = members(within, school_class.id)
        homework = assignments(within, school_class.id)
        sets = {s.id: s for s in puzzle_sets(within, school_class.id)}
        # personal puzzles due today count for "review your mistakes": read when one is set
        reviews = any(a.kind == "mistakes" for a in homework)
        stamped = stamps(conn, [m.profile_id for m in students], today, reviews)
        return students, homework, sets, stamped, history(within, school_class.id)

    students, homework, sets, stamped, entries = store._run(look, write=False)
    reads = class_reads(store, school_class, homework, sets, stamped, moment=moment, since=since)
    return Dashboard(school_class, students, homework, sets, reads.status, reads.topics, reads.ratings,
                     reads.last_seen, entries, since, reads.version, reads.memo)


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


def _of_student(frame: pd.DataFrame, profile_id: int, columns: list[str], kind: str | None = None) -> pd.DataFrame:
    mine = frame["profile_id"] == profile_id
    if kind is not None:
        mine &= frame["kind"] == kind
    return frame.loc[mine, columns].reset_index(drop=True)


def student_weeks(board: Dashboard, profile_id: int, kind: str) -> pd.DataFrame:
    """One student's rating of ``kind`` at the end of each week (``week, rating``)."""
    return board._remember(("weeks", profile_id, kind),
                           lambda: _of_student(board.ratings, profile_id, ["week", "rating"], kind))


def class_weeks(board: Dashboard, kind: str) -> pd.DataFrame:
    """The class's median rating of ``kind`` each week (among those rated that week)."""
    def work() -> pd.DataFrame:
        r = board.ratings[board.ratings["kind"] == kind]
        if r.empty:
            return pd.DataFrame({"week": pd.Series(dtype="datetime64[us]"), "rating": pd.Series(dtype="float64")})
        return r.groupby("week", sort=True)["rating"].median().reset_index()

    return board._remember(("class weeks", kind), work)


def student_topics(board: Dashboard, profile_id: int) -> pd.DataFrame:
    """One student's answers by puzzle type in the window (``puzzle_type, attempts, correct, rate``)."""
    return board._remember(("topics", profile_id), lambda: _of_student(
        board.topics, profile_id, ["puzzle_type", "attempts", "correct", "rate"]))


__all__ = [
    "Dashboard", "HISTORY_KINDS", "HistoryEntry", "MIN_TOPIC", "WEEKS", "class_weeks", "dashboard", "grid_rows",
    "history", "record_history", "student_topics", "student_weeks", "to_csv", "week_start", "window_start",
]
