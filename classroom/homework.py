"""Homework with due dates, and how far each student got, from what they actually did.

A teacher sets a class an assignment of one of four kinds, due at a date and time in the
class's time zone:

``lessons``
    one lesson or a sequence: ``{"lessons": ["partners-laying", ...]}``; done when every
    lesson of it is finished (the lessons table).
``puzzles``
    a puzzle set the teacher composed and may reuse (``{"set": 3}``: every puzzle of the
    set answered; the score is the share right at the first try), or a drill
    (``{"drill": {"type": "block_count", "game": "all_fives", "band": "easy", "count": 10}}``:
    ``count`` puzzles of that type answered; the band is the level the link opens).
``play``
    ``{"game": "all_fives", "rounds": 3, "level": "casual"}``: that many rounds of finished
    matches of the game against bots of that level.
``mistakes``
    ``{"count": 5}``: review your mistakes (personal puzzles): done when ``count`` were
    answered, or when none is due any more.

Only work from the moment the homework was set (``set_at``) counts, and work finished after
``due_at`` counts as late. There is no "mark done": :func:`statuses` reads the attempts,
lessons and games tables. One exception, said in docs/homework.md: the lessons table keeps
the first day a lesson was finished, so a lesson finished before the homework was set
counts as done (on time).

>>> from datetime import datetime, timezone
>>> due = local_due("Europe/Amsterdam", datetime(2026, 12, 8, 17, 0))
>>> due.isoformat()
'2026-12-08T16:00:00+00:00'
>>> check_spec("play", {"game": "all_fives", "rounds": "3", "level": "casual"})
{'game': 'all_fives', 'rounds': 3, 'level': 'casual'}
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from typing import Any, Iterable, Mapping, Sequence
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from engine import PRESETS
from matches.game import PLAYABLE_LEVELS
from progress.ratings import BAND_SEEDS
from progress.records import TEXT_LIMIT
from progress.store import Store
from storage.database import (
    assignments_table,
    attempts_table,
    class_members_table,
    classes_table,
    games_table,
    lessons_table,
    mistakes_table,
    puzzle_sets_table,
    utc,
)
from storage.errors import ProgressError

KINDS = ("lessons", "puzzles", "play", "mistakes")
#: The most a single assignment asks: lessons in a sequence, puzzles in a set, rounds, drill puzzles.
MAX_LESSONS = 20
MAX_SET = 50
MAX_ROUNDS = 20
MAX_COUNT = 50
SET_NAME_LIMIT = 60
#: Kept as a student's To do after its due date once done (overdue work stays until done).
DONE_SHOWN = timedelta(days=7)
#: A puzzle id of a personal puzzle (progress/mistakes.py: "mine-" + 16 hex).
MINE_PREFIX = "mine-"
_WORD = re.compile(r"^[a-z0-9_+:.\-]{1,%d}$" % TEXT_LIMIT)

ENGLISH = {
    "bad_kind": "homework is lessons, puzzles, play or mistakes",
    "bad_spec": "this homework is not complete: {detail}",
    "bad_due": "the due date must come after the moment the homework is set",
    "bad_time_zone": "unknown time zone {time_zone!r}",
    "unknown_assignment": "there is no such homework in this class",
    "unknown_set": "there is no such puzzle set in this class",
    "set_in_use": "this puzzle set is still used by homework",
    "bad_set": "a puzzle set has a name and 1 to {limit} puzzles",
}


class HomeworkError(ProgressError, ValueError):
    """A homework or puzzle set that cannot be kept; ``code`` names the message the page words."""

    MESSAGES = ENGLISH


@dataclass(frozen=True)
class Assignment:
    id: int
    class_id: int
    kind: str
    spec: dict
    set_at: datetime
    due_at: datetime
    created_at: datetime

    def needed(self, sets: Mapping[int, "PuzzleSet"] | None = None) -> int:
        """How many pieces of work make it done (lessons, puzzles, rounds, reviews)."""
        if self.kind == "lessons":
            return len(self.spec["lessons"])
        if self.kind == "puzzles":
            if "set" in self.spec:
                found = (sets or {}).get(self.spec["set"])
                return len(found.puzzle_ids) if found else 0
            return int(self.spec["drill"]["count"])
        if self.kind == "play":
            return int(self.spec["rounds"])
        return int(self.spec["count"])


@dataclass(frozen=True)
class PuzzleSet:
    id: int
    class_id: int
    name: str
    puzzle_ids: tuple[str, ...]
    created_at: datetime


@dataclass(frozen=True)
class Status:
    """How far one student got with one assignment."""

    state: str  # done, late, started, not_started
    count: int  # pieces of work done (lessons, puzzles, rounds, reviews)
    needed: int
    score: float | None = None  # share right at the first try (puzzles, mistakes), 0 to 1
    done_at: datetime | None = None
    overdue: bool = False  # not done and past its due date

    @property
    def finished(self) -> bool:
        return self.state in ("done", "late")


# --- time ------------------------------------------------------------------------------


def zone(time_zone: str) -> ZoneInfo:
    try:
        return ZoneInfo(str(time_zone))
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise HomeworkError("bad_time_zone", time_zone=str(time_zone)[:60]) from None


def local_due(time_zone: str, when: datetime) -> datetime:
    """A due date and time on the class's wall clock (a naive datetime) in UTC; an aware one
    is only converted. A time the clocks skip (spring forward) lands an hour later."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=zone(time_zone))
    return when.astimezone(timezone.utc)


def local_time(time_zone: str, when: datetime) -> datetime:
    """A moment on the class's wall clock."""
    return utc(when).astimezone(zone(time_zone))


def _now(now: datetime | None) -> datetime:
    return utc(now) if now is not None else datetime.now(timezone.utc)


# --- the specs ------------------------------------------------------------------------


def _bad(detail: str) -> HomeworkError:
    return HomeworkError("bad_spec", detail=detail)


def _whole(value: Any, low: int, high: int, name: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):
        raise _bad(f"{name} is a whole number") from None
    if isinstance(value, bool) or not low <= number <= high or (isinstance(value, float) and value != number):
        raise _bad(f"{name} is from {low} to {high}")
    return number


def _among(value: Any, choices: Iterable[str]) -> bool:
    return isinstance(value, str) and value in choices


def _word(value: Any, name: str) -> str:
    if not isinstance(value, str) or not _WORD.match(value):
        raise _bad(f"{name} is not a known id")
    return value


def check_spec(kind: str, spec: Mapping[str, Any]) -> dict:
    """The spec of a homework of ``kind``, checked and in its one stored form; raises
    :class:`HomeworkError` (``bad_kind``, ``bad_spec``). Lesson ids and puzzle types are
    checked for their form here; the page offers only the catalog's."""
    if kind not in KINDS:
        raise HomeworkError("bad_kind")
    if not isinstance(spec, Mapping):
        raise _bad("no details")
    if kind == "lessons":
        lessons = spec.get("lessons")
        if isinstance(lessons, str) or not isinstance(lessons, Sequence) or not 1 <= len(lessons) <= MAX_LESSONS:
            raise _bad(f"1 to {MAX_LESSONS} lessons")
        kept = [_word(x, "lesson") for x in lessons]
        if len(set(kept)) != len(kept):
            raise _bad("a lesson twice")
        return {"lessons": kept}
    if kind == "puzzles":
        if "set" in spec:
            return {"set": _whole(spec["set"], 1, 2**31 - 1, "set")}
        drill = spec.get("drill")
        if not isinstance(drill, Mapping):
            raise _bad("a puzzle set or a drill")
        band = drill.get("band")
        if not _among(band, BAND_SEEDS):
            raise _bad("band is easy, medium or hard")
        game = drill.get("game")
        if game is not None and not _among(game, PRESETS):
            raise _bad("unknown game")
        return {"drill": {"type": _word(drill.get("type"), "type"), "game": game, "band": band,
                          "count": _whole(drill.get("count"), 1, MAX_COUNT, "count")}}
    if kind == "play":
        if not _among(spec.get("game"), PRESETS):
            raise _bad("unknown game")
        if not _among(spec.get("level"), PLAYABLE_LEVELS):
            raise _bad(f"level is one of {', '.join(PLAYABLE_LEVELS)}")
        return {"game": spec["game"], "rounds": _whole(spec.get("rounds"), 1, MAX_ROUNDS, "rounds"),
                "level": spec["level"]}
    return {"count": _whole(spec.get("count"), 1, MAX_COUNT, "count")}


# --- keeping homework -----------------------------------------------------------------


def _assignment_of(row: Any) -> Assignment:
    return Assignment(int(row.id), int(row.class_id), row.kind, json.loads(row.spec), utc(row.set_at),
                      utc(row.due_at), utc(row.created_at))


def _time_zone_of(conn: Connection, class_id: int) -> str:
    found = conn.execute(sa.select(classes_table.c.time_zone).where(classes_table.c.id == class_id)).first()
    if found is None:
        raise HomeworkError("unknown_assignment")
    return found.time_zone


def set_homework(store: Store, class_id: int, kind: str, spec: Mapping[str, Any], due: datetime, *,
                 set_at: datetime | None = None, now: datetime | None = None) -> Assignment:
    """Set the class a homework due at ``due`` (the class's wall clock when naive); work
    counts from ``set_at`` (now unless given: a teacher may also set it for later)."""
    kept = check_spec(kind, spec)
    created = _now(now)

    def work(conn: Connection) -> Assignment:
        due_at = local_due(_time_zone_of(conn, class_id), due)
        start = utc(set_at) if set_at is not None else created
        if due_at <= start:
            raise HomeworkError("bad_due")
        if kind == "puzzles" and "set" in kept:
            _set_row(conn, class_id, kept["set"])
        insert = sa.insert(assignments_table).values(class_id=class_id, kind=kind, spec=json.dumps(kept),
                                                     set_at=start, due_at=due_at, created_at=created)
        new_id = conn.execute(insert).inserted_primary_key[0]
        return Assignment(int(new_id), class_id, kind, kept, start, due_at, created)

    return store._run(work, write=True)


def edit_homework(store: Store, class_id: int, assignment_id: int, *, spec: Mapping[str, Any] | None = None,
                  due: datetime | None = None) -> Assignment:
    """Change what a homework asks or when it is due (its kind and ``set_at`` stay)."""
    t = assignments_table

    def work(conn: Connection) -> Assignment:
        row = conn.execute(sa.select(t).where(t.c.id == assignment_id, t.c.class_id == class_id)).first()
        if row is None:
            raise HomeworkError("unknown_assignment")
        old = _assignment_of(row)
        kept = check_spec(old.kind, spec) if spec is not None else old.spec
        due_at = local_due(_time_zone_of(conn, class_id), due) if due is not None else old.due_at
        if due_at <= old.set_at:
            raise HomeworkError("bad_due")
        if old.kind == "puzzles" and "set" in kept:
            _set_row(conn, class_id, kept["set"])
        conn.execute(sa.update(t).where(t.c.id == assignment_id).values(spec=json.dumps(kept), due_at=due_at))
        return Assignment(old.id, class_id, old.kind, kept, old.set_at, due_at, old.created_at)

    return store._run(work, write=True)


def delete_homework(store: Store, class_id: int, assignment_id: int) -> None:
    t = assignments_table

    def work(conn: Connection) -> None:
        if conn.execute(sa.delete(t).where(t.c.id == assignment_id, t.c.class_id == class_id)).rowcount != 1:
            raise HomeworkError("unknown_assignment")

    store._run(work, write=True)


def assignments(store: Store, class_id: int) -> list[Assignment]:
    """The class's homework, soonest due first."""
    t = assignments_table
    query = sa.select(t).where(t.c.class_id == class_id).order_by(t.c.due_at, t.c.id)
    return [_assignment_of(r) for r in store._run(lambda conn: conn.execute(query).all(), write=False)]


# --- puzzle sets ----------------------------------------------------------------------


def _puzzle_set_of(row: Any) -> PuzzleSet:
    return PuzzleSet(int(row.id), int(row.class_id), row.name, tuple(json.loads(row.puzzle_ids)), utc(row.created_at))


def _set_row(conn: Connection, class_id: int, set_id: int) -> Any:
    t = puzzle_sets_table
    row = conn.execute(sa.select(t).where(t.c.id == set_id, t.c.class_id == class_id)).first()
    if row is None:
        raise HomeworkError("unknown_set")
    return row


def _check_set(name: str, puzzle_ids: Sequence[str]) -> tuple[str, list[str]]:
    shown = " ".join(str(name or "").split())[:SET_NAME_LIMIT]
    if isinstance(puzzle_ids, str) or not shown:
        raise HomeworkError("bad_set", limit=MAX_SET)
    kept = list(dict.fromkeys(str(p).strip() for p in puzzle_ids if str(p).strip()))
    if not 1 <= len(kept) <= MAX_SET or any(len(p) > TEXT_LIMIT or not _WORD.match(p) for p in kept):
        raise HomeworkError("bad_set", limit=MAX_SET)
    return shown, kept


def save_puzzle_set(store: Store, class_id: int, name: str, puzzle_ids: Sequence[str], *,
                    set_id: int | None = None, now: datetime | None = None) -> PuzzleSet:
    """Keep a puzzle set the teacher composed (a new one, or set ``set_id`` changed); the
    puzzles in the order given, each once."""
    shown, kept = _check_set(name, puzzle_ids)
    t = puzzle_sets_table
    created = _now(now)

    def work(conn: Connection) -> PuzzleSet:
        if set_id is None:
            new_id = conn.execute(sa.insert(t).values(class_id=class_id, name=shown, puzzle_ids=json.dumps(kept),
                                                      created_at=created)).inserted_primary_key[0]
            return PuzzleSet(int(new_id), class_id, shown, tuple(kept), created)
        old = _set_row(conn, class_id, set_id)
        conn.execute(sa.update(t).where(t.c.id == set_id).values(name=shown, puzzle_ids=json.dumps(kept)))
        return PuzzleSet(set_id, class_id, shown, tuple(kept), utc(old.created_at))

    return store._run(work, write=True)


def puzzle_sets(store: Store, class_id: int) -> list[PuzzleSet]:
    t = puzzle_sets_table
    query = sa.select(t).where(t.c.class_id == class_id).order_by(t.c.name, t.c.id)
    return [_puzzle_set_of(r) for r in store._run(lambda conn: conn.execute(query).all(), write=False)]


def delete_puzzle_set(store: Store, class_id: int, set_id: int) -> None:
    """Remove a set no homework uses (``set_in_use`` otherwise: delete that homework first)."""
    def work(conn: Connection) -> None:
        _set_row(conn, class_id, set_id)
        a = assignments_table
        specs = conn.execute(sa.select(a.c.spec).where(a.c.class_id == class_id, a.c.kind == "puzzles")).scalars()
        if any(json.loads(s).get("set") == set_id for s in specs):
            raise HomeworkError("set_in_use")
        conn.execute(sa.delete(puzzle_sets_table).where(puzzle_sets_table.c.id == set_id))

    store._run(work, write=True)


# --- what the students did ------------------------------------------------------------


@dataclass
class _Work:
    """What the students did that some assignment may count, read in a few queries."""

    lessons: dict[tuple[int, str], date] = field(default_factory=dict)
    # profile -> [(at, puzzle_id, puzzle_type, correct)], oldest first
    attempts: dict[int, list[tuple[datetime, str, str, bool]]] = field(default_factory=lambda: defaultdict(list))
    # profile -> [(at, game, rounds, levels)], oldest first
    games: dict[int, list[tuple[datetime, str, int, tuple[str, ...]]]] = field(default_factory=lambda: defaultdict(list))
    mistakes_due: dict[int, int] = field(default_factory=dict)
    # (profile, puzzle type) -> the same attempts, for drills
    by_type: dict[tuple[int, str], list] = field(default_factory=lambda: defaultdict(list))


def _levels_and_rounds(record_text: str) -> tuple[tuple[str, ...], int]:
    try:
        record = json.loads(record_text)
        seats = tuple(str(s) for s in record["setup"]["seats"])
        return tuple(s for s in seats if s != "human"), len(record.get("rounds") or [])
    except (ValueError, KeyError, TypeError):
        return (), 0


def _read_work(conn: Connection, work: Sequence[Assignment], sets: Mapping[int, PuzzleSet],
               profile_ids: Sequence[int], today: date | None) -> _Work:
    found = _Work()
    if not work or not profile_ids:
        return found
    ids = list(profile_ids)
    lesson_ids = sorted({x for a in work if a.kind == "lessons" for x in a.spec["lessons"]})
    if lesson_ids:
        t = lessons_table
        rows = conn.execute(sa.select(t.c.profile_id, t.c.lesson_id, t.c.day)
                            .where(t.c.profile_id.in_(ids), t.c.lesson_id.in_(lesson_ids))).all()
        found.lessons = {(r.profile_id, r.lesson_id): r.day for r in rows}
    # each kind of puzzle from the earliest homework that counts it (and no earlier)
    set_since: dict[str, datetime] = {}
    type_since: dict[str, datetime] = {}
    mistakes_since: datetime | None = None
    for a in work:
        if a.kind == "puzzles" and "set" in a.spec and a.spec["set"] in sets:
            for puzzle_id in sets[a.spec["set"]].puzzle_ids:
                set_since[puzzle_id] = min(set_since.get(puzzle_id, a.set_at), a.set_at)
        elif a.kind == "puzzles" and "drill" in a.spec:
            kind = a.spec["drill"]["type"]
            type_since[kind] = min(type_since.get(kind, a.set_at), a.set_at)
        elif a.kind == "mistakes":
            mistakes_since = a.set_at if mistakes_since is None else min(mistakes_since, a.set_at)
    if set_since or type_since or mistakes_since is not None:
        t = attempts_table
        which = []
        by_start: dict[datetime, list[str]] = defaultdict(list)
        for puzzle_id, start in set_since.items():
            by_start[start].append(puzzle_id)
        which += [sa.and_(t.c.puzzle_id.in_(sorted(ids_)), t.c.at >= start) for start, ids_ in by_start.items()]
        which += [sa.and_(t.c.puzzle_type == kind, t.c.at >= start) for kind, start in sorted(type_since.items())]
        if mistakes_since is not None:
            which.append(sa.and_(t.c.puzzle_id.startswith(MINE_PREFIX, autoescape=True), t.c.at >= mistakes_since))
        since_puzzles = min([*set_since.values(), *type_since.values(),
                             *([mistakes_since] if mistakes_since is not None else [])])
        rows = conn.execute(sa.select(t.c.profile_id, t.c.at, t.c.puzzle_id, t.c.puzzle_type, t.c.correct)
                            .where(t.c.profile_id.in_(ids), t.c.at >= since_puzzles, sa.or_(*which))
                            .order_by(t.c.at, t.c.id)).all()
        for r in rows:
            one = (utc(r.at), r.puzzle_id, r.puzzle_type, bool(r.correct))
            found.attempts[r.profile_id].append(one)
            found.by_type[(r.profile_id, r.puzzle_type)].append(one)
    games = sorted({a.spec["game"] for a in work if a.kind == "play"})
    if games:
        t = games_table
        since_play = min(a.set_at for a in work if a.kind == "play")
        rows = conn.execute(sa.select(t.c.profile_id, t.c.updated_at, t.c.game, t.c.record)
                            .where(t.c.profile_id.in_(ids), t.c.status == "finished", t.c.kind == "match",
                                   t.c.game.in_(games), t.c.updated_at >= since_play)
                            .order_by(t.c.updated_at, t.c.id)).all()
        for r in rows:
            levels, rounds = _levels_and_rounds(r.record)
            found.games[r.profile_id].append((utc(r.updated_at), r.game, rounds, levels))
    if mistakes_since is not None and today is not None:
        found.mistakes_due = _mistakes_due(conn, ids, today)
    return found


def _mistakes_due(conn: Connection, profile_ids: Sequence[int], today: date) -> dict[int, int]:
    """How many personal puzzles each student has due today (progress/mistakes.py's table)."""
    t = mistakes_table
    rows = conn.execute(sa.select(t.c.profile_id, sa.func.count().label("due")).where(
        t.c.profile_id.in_(list(profile_ids)), t.c.due.is_not(None), t.c.due <= today).group_by(t.c.profile_id))
    found = {pid: 0 for pid in profile_ids}
    found.update({r.profile_id: int(r.due) for r in rows})
    return found


def _finish(a: Assignment, count: int, needed: int, done_at: datetime | None, now: datetime,
            score: float | None = None) -> Status:
    if done_at is not None:
        return Status("late" if done_at > a.due_at else "done", count, needed, score, done_at)
    state = "started" if count else "not_started"
    return Status(state, count, needed, score, None, now > a.due_at)


def _status(a: Assignment, pid: int, work: _Work, sets: Mapping[int, PuzzleSet], time_zone: str,
            now: datetime) -> Status:
    needed = a.needed(sets)
    if a.kind == "lessons":
        days = [work.lessons.get((pid, x)) for x in a.spec["lessons"]]
        got = [d for d in days if d is not None]
        if len(got) < needed:
            return _finish(a, len(got), needed, None, now)
        # the day only is known: done at that day's end on the class's clock, never before set_at
        last = max(got)
        done_at = max(a.set_at, datetime.combine(last, time(23, 59, 59), tzinfo=zone(time_zone))
                      .astimezone(timezone.utc))
        due_day = local_time(time_zone, a.due_at).date()
        late = last > due_day
        return Status("late" if late else "done", needed, needed, None, done_at)
    if a.kind == "puzzles":
        if "set" in a.spec:
            wanted = set(sets[a.spec["set"]].puzzle_ids) if a.spec["set"] in sets else set()
            tries = [x for x in work.attempts.get(pid, ()) if x[0] >= a.set_at and x[1] in wanted]
        else:
            tries = [x for x in work.by_type.get((pid, a.spec["drill"]["type"]), ()) if x[0] >= a.set_at]
        return _counted(a, tries, needed, now)
    if a.kind == "play":
        rounds, done_at = 0, None
        for at, game, n, levels in work.games.get(pid, ()):
            if at < a.set_at or game != a.spec["game"] or not levels or any(x != a.spec["level"] for x in levels):
                continue
            rounds += n
            if rounds >= needed and done_at is None:
                done_at = at
        return _finish(a, min(rounds, needed), needed, done_at, now)
    tries = [x for x in work.attempts.get(pid, ()) if x[0] >= a.set_at and x[1].startswith(MINE_PREFIX)]
    status = _counted(a, tries, needed, now)
    if not status.finished and work.mistakes_due.get(pid) == 0 and now >= a.set_at:
        # nothing left to review: done (when the last answer counted here came, else when it was set)
        return _finish(a, status.count, needed, tries[-1][0] if tries else a.set_at, now, status.score)
    return status


def _counted(a: Assignment, tries: list[tuple[datetime, str, str, bool]], needed: int, now: datetime) -> Status:
    """Puzzles answered (each once, its first try scores): done at the ``needed``-th."""
    first: dict[str, bool] = {}
    done_at = None
    for at, puzzle_id, _type, correct in tries:
        if puzzle_id not in first:
            first[puzzle_id] = correct
            if len(first) == needed:
                done_at = at
    score = sum(first.values()) / len(first) if first else None
    return _finish(a, min(len(first), needed), needed, done_at, now, score)


def statuses(store: Store, school_class: Any, work: Sequence[Assignment], profile_ids: Iterable[int], *,
             now: datetime | None = None, sets: Mapping[int, PuzzleSet] | None = None) -> dict[tuple[int, int], Status]:
    """``(assignment id, profile id) -> Status`` for these students and assignments of the
    class (``school_class`` has ``id`` and ``time_zone``), in a handful of queries."""
    moment = _now(now)
    ids = sorted(set(int(p) for p in profile_ids))
    work = list(work)
    if sets is None:
        sets = {s.id: s for s in puzzle_sets(store, school_class.id)} if any(
            a.kind == "puzzles" and "set" in a.spec for a in work) else {}
    today = local_time(school_class.time_zone, moment).date()
    found = store._run(lambda conn: _read_work(conn, work, sets, ids, today), write=False)
    return {(a.id, pid): _status(a, pid, found, sets, school_class.time_zone, moment) for a in work for pid in ids}


# --- a student's To do ------------------------------------------------------------------


@dataclass(frozen=True)
class ClassRef:
    id: int
    name: str
    time_zone: str
    lang: str


@dataclass(frozen=True)
class TodoItem:
    school_class: ClassRef
    assignment: Assignment
    status: Status
    sets: Mapping[int, PuzzleSet] = field(default_factory=dict, compare=False)

    @property
    def puzzle_set(self) -> PuzzleSet | None:
        return self.sets.get(self.assignment.spec.get("set")) if self.assignment.kind == "puzzles" else None


class Within:
    """A store whose calls all run on one connection: several reads in one transaction (one
    snapshot, and one turn at a busy database instead of one per read)."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def _run(self, work: Any, *, write: bool) -> Any:
        return work(self._conn)


def todo(store: Store, profile_id: int, *, now: datetime | None = None) -> list[TodoItem]:
    """A student's homework in every class they belong to (archived classes left out): what
    is not done, soonest due first (overdue first of all), then what was done and is due
    within the last week. Only this student's own work is read."""
    moment = _now(now)
    c, m, a = classes_table, class_members_table, assignments_table
    query = (sa.select(c.c.name.label("class_name"), c.c.time_zone, c.c.lang, a)
             .select_from(m.join(c, c.c.id == m.c.class_id).join(a, a.c.class_id == c.c.id))
             .where(m.c.profile_id == profile_id, c.c.archived == sa.false(), a.c.set_at <= moment,
                    a.c.due_at >= moment - timedelta(days=366))
             .order_by(a.c.due_at, a.c.id))

    def read(conn: Connection):
        rows = conn.execute(query).all()
        set_ids = {json.loads(r.spec).get("set") for r in rows if r.kind == "puzzles"} - {None}
        sets = {}
        if set_ids:
            t = puzzle_sets_table
            sets = {r.id: _puzzle_set_of(r) for r in conn.execute(sa.select(t).where(t.c.id.in_(sorted(set_ids))))}
        by_class: dict[int, tuple[ClassRef, list[Assignment]]] = {}
        for r in rows:
            ref = ClassRef(int(r.class_id), r.class_name, r.time_zone, r.lang)
            by_class.setdefault(ref.id, (ref, []))[1].append(
                Assignment(int(r.id), int(r.class_id), r.kind, json.loads(r.spec), utc(r.set_at), utc(r.due_at),
                           utc(r.created_at)))
        # each class's statuses in the same transaction: a student's Home is one turn at the database
        return sets, [(ref, work, statuses(Within(conn), ref, work, [profile_id], now=moment, sets=sets))
                      for ref, work in by_class.values()]

    sets, classes = store._run(read, write=False)
    items = []
    for ref, work, found in classes:
        for a in work:
            status = found[(a.id, profile_id)]
            if status.finished and a.due_at < moment - DONE_SHOWN:
                continue
            items.append(TodoItem(ref, a, status, sets))
    items.sort(key=lambda i: (i.status.finished, i.assignment.due_at, i.assignment.id))
    return items


__all__ = [
    "Assignment", "ClassRef", "HomeworkError", "KINDS", "PuzzleSet", "Status", "TodoItem", "assignments",
    "check_spec", "delete_homework", "delete_puzzle_set", "edit_homework", "local_due", "local_time",
    "Within", "puzzle_sets", "save_puzzle_set", "set_homework", "statuses", "todo",
]
