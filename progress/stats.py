"""Statistics drawn from a profile's attempts table (``Store.attempts``), with pandas.

Every function takes the attempts table and works on an empty one too.

>>> from datetime import date
>>> from progress.records import Attempt, attempts_frame
>>> def tried(day, kind, ok, daily=None, n=1):
...     return [Attempt(f"{day}/{kind}/{i}", kind, "all_fives", ok, 1000, day, daily) for i in range(n)]
>>> df = attempts_frame(tried(date(2026, 11, 28), "count_points", True, n=3)
...                     + tried(date(2026, 11, 29), "count_points", False)
...                     + tried(date(2026, 11, 29), "block_or_play", True, daily=date(2026, 11, 29), n=2))
>>> accuracy_by_type(df).to_dict("records")   # doctest: +NORMALIZE_WHITESPACE
[{'puzzle_type': 'block_or_play', 'attempts': 2, 'correct': 2, 'rate': 1.0},
 {'puzzle_type': 'count_points', 'attempts': 4, 'correct': 3, 'rate': 0.75}]
>>> streak(df, today=date(2026, 11, 30), set_size=2)
Streak(current=1, best=1, last=datetime.date(2026, 11, 29))
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Callable, Literal

import pandas as pd

#: How many puzzles the daily set of a date has: a number, or a function of the date
#: (the puzzles package knows; the set may grow over the years).
SetSize = int | Callable[[date], int]

_NEEDED = ("puzzle_id", "puzzle_type", "correct", "day", "daily", "at")


def _check(df: pd.DataFrame) -> None:
    missing = [c for c in _NEEDED if c not in df.columns]
    if missing:
        raise ValueError(f"not an attempts table (see progress.records.ATTEMPT_COLUMNS): {', '.join(missing)} missing")


def _tally(df: pd.DataFrame, key: str | pd.Series, name: str) -> pd.DataFrame:
    """attempts, correct and rate per value of ``key``, as plain columns."""
    grouped = df.groupby(key, sort=True)["correct"].agg(attempts="size", correct="sum")
    grouped.index.name = name
    table = grouped.reset_index().astype({"attempts": "int64", "correct": "int64"})
    table["rate"] = (table["correct"] / table["attempts"]).astype("float64")
    return table


# --- accuracy -----------------------------------------------------------------------


def accuracy_by_type(df: pd.DataFrame) -> pd.DataFrame:
    """One row per puzzle type: ``puzzle_type, attempts, correct, rate`` (0 to 1), by type.

    Every attempt counts, retries included: a puzzle got right on the second try shows
    as one wrong and one right attempt.
    """
    _check(df)
    return _tally(df, "puzzle_type", "puzzle_type")


def _week_of(days: pd.Series, week_start: int) -> pd.Series:
    """The first day of each day's week (``week_start``: 0 Monday ... 6 Sunday)."""
    return days - pd.to_timedelta((days.dt.day_of_week - week_start) % 7, unit="D")


def accuracy_over_time(df: pd.DataFrame, by: Literal["day", "week"] = "day", week_start: int = 0) -> pd.DataFrame:
    """One row per day (or week) with attempts: ``period, attempts, correct, rate``.

    ``period`` is the day, or the first day of the week, at midnight. Days without
    attempts have no row (their accuracy is not zero, it is unknown).
    """
    _check(df)
    if by not in ("day", "week"):
        raise ValueError(f"by must be 'day' or 'week', not {by!r}")
    days = df["day"].astype("datetime64[us]")
    key = days if by == "day" else _week_of(days, week_start)
    return _tally(df.assign(period=key), "period", "period")


def weakest_drills(df: pd.DataFrame, min_attempts: int = 5, limit: int = 3) -> pd.DataFrame:
    """The puzzle types to practise: lowest accuracy first, among types tried at least
    ``min_attempts`` times; equal accuracy puts the less practised type first (then by name).

    Same columns as :func:`accuracy_by_type`; at most ``limit`` rows.
    """
    table = accuracy_by_type(df)
    table = table[table["attempts"] >= min_attempts]
    table = table.sort_values(["rate", "attempts", "puzzle_type"], kind="stable")
    return table.head(limit).reset_index(drop=True)


# --- the daily set and the streak ---------------------------------------------------


def daily_results(df: pd.DataFrame) -> dict[date, list[bool]]:
    """For each daily set tried: the first try at each of its puzzles, in the order tried.

    Later tries at a puzzle (after seeing the answer) do not change its result. Tries on
    a later day count here (they do not count toward the streak).
    """
    _check(df)
    daily = df[df["daily"].notna()].sort_values("at", kind="stable")
    firsts = daily.drop_duplicates(["daily", "puzzle_id"], keep="first")
    results: dict[date, list[bool]] = {}
    for when, ok in zip(firsts["daily"], firsts["correct"]):
        results.setdefault(when.date(), []).append(bool(ok))
    return dict(sorted(results.items()))


def completed_days(df: pd.DataFrame, set_size: SetSize) -> list[date]:
    """The days whose daily set was completed on the day, oldest first.

    A day D counts when the player tried every puzzle of D's daily set (right or
    wrong: finishing the set is the habit being rewarded) with tries made on D itself,
    by the player's local date. Catching up on D's set later does not count for D.
    """
    _check(df)
    on_time = df[df["daily"].notna() & (df["daily"] == df["day"])]
    tried = on_time.groupby("daily")["puzzle_id"].nunique()
    size = set_size if callable(set_size) else (lambda _day: set_size)
    return [when.date() for when, count in tried.items() if count >= size(when.date())]


@dataclass(frozen=True)
class Streak:
    """``current``: consecutive completed days up to today, or up to yesterday while today's
    set is still open; ``best``: the longest run ever; ``last``: the last completed day."""

    current: int
    best: int
    last: date | None


def _runs(days: list[date]) -> list[tuple[date, int]]:
    """Runs of consecutive days as (last day, length), oldest first."""
    runs: list[tuple[date, int]] = []
    for day in sorted(set(days)):
        if runs and runs[-1][0] == day - timedelta(days=1):
            runs[-1] = (day, runs[-1][1] + 1)
        else:
            runs.append((day, 1))
    return runs


def streak(df: pd.DataFrame, today: date, set_size: SetSize) -> Streak:
    """The current and best streak of days with the daily set completed (see
    :func:`completed_days`); ``today`` is the player's local date.

    Runs cross month and year ends; a day without a completed set ends a run.
    """
    days = [d for d in completed_days(df, set_size) if d <= today]
    runs = _runs(days)
    if not runs:
        return Streak(0, 0, None)
    last, length = runs[-1]
    current = length if last >= today - timedelta(days=1) else 0
    return Streak(current, max(n for _, n in runs), last)


# --- the calendar --------------------------------------------------------------------


@dataclass(frozen=True)
class Calendar:
    """The last weeks, day by day: a grid of 7 rows (weekdays) by one column per week.

    ``counts``: attempts made each day (pandas ``Int64``, ``<NA>`` after ``today``);
    ``done``: whether that day's daily set was completed (it counts toward the streak).
    Rows are indexed by weekday number (0 Monday ... 6 Sunday) in display order; columns
    by the first day of each week, oldest first.
    """

    counts: pd.DataFrame
    done: pd.DataFrame
    today: date

    @property
    def weekdays(self) -> list[int]:
        return [int(w) for w in self.counts.index]

    @property
    def weeks(self) -> list[date]:
        return list(self.counts.columns)

    def date_at(self, row: int, column: int) -> date:
        """The date of the cell at these positions (0-based) of the grid."""
        return self.weeks[column] + timedelta(days=row)


def streak_calendar(
    df: pd.DataFrame, today: date, set_size: SetSize, weeks: int = 12, week_start: int = 0
) -> Calendar:
    """The :class:`Calendar` of the ``weeks`` weeks up to the one holding ``today``.

    >>> cal = streak_calendar(pd.DataFrame(columns=list(_NEEDED)), date(2026, 11, 29), 3, weeks=4)
    >>> cal.counts.shape, cal.weeks[-1], cal.date_at(6, 3)
    ((7, 4), datetime.date(2026, 11, 23), datetime.date(2026, 11, 29))
    """
    _check(df)
    if weeks < 1 or week_start not in range(7):
        raise ValueError(f"weeks must be at least 1 and week_start 0 to 6, not {weeks}, {week_start}")
    this_week = today - timedelta(days=(today.weekday() - week_start) % 7)
    starts = [this_week - timedelta(weeks=weeks - 1 - i) for i in range(weeks)]
    per_day = {ts.date(): int(n) for ts, n in df.groupby("day").size().items()}
    finished = set(completed_days(df, set_size))
    counts: dict[date, list[object]] = {}
    done: dict[date, list[bool]] = {}
    for start in starts:
        cells = [start + timedelta(days=i) for i in range(7)]
        counts[start] = [per_day.get(d, 0) if d <= today else pd.NA for d in cells]
        done[start] = [d in finished and d <= today for d in cells]
    rows = pd.Index([(week_start + i) % 7 for i in range(7)], name="weekday")
    return Calendar(
        counts=pd.DataFrame(counts, index=rows).astype("Int64"),
        done=pd.DataFrame(done, index=rows).astype("bool"),
        today=today,
    )
