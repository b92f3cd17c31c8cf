"""Statistics on hand-made attempts: accuracy, the streak, the calendar, weakest drills."""

from __future__ import annotations

from datetime import date, timedelta

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from progress import attempts_frame
from progress.stats import (
    Streak,
    accuracy_by_type,
    accuracy_over_time,
    completed_days,
    daily_results,
    streak,
    streak_calendar,
    weakest_drills,
)

from .conftest import attempt

EMPTY = attempts_frame([])


def daily_set(day: date, size: int = 3, on: date | None = None, correct: bool = True) -> list:
    """Every puzzle of ``day``'s daily set, tried on ``on`` (the same day by default)."""
    return [attempt(on or day, "daily_kind", correct, daily=day, puzzle=f"{day}/{i}") for i in range(size)]


def frame(*groups: list) -> pd.DataFrame:
    return attempts_frame([a for group in groups for a in group])


# --- accuracy --------------------------------------------------------------------------


def test_accuracy_by_type_counts_every_attempt() -> None:
    d = date(2026, 3, 1)
    df = frame(
        [attempt(d, "count_points", ok) for ok in (True, True, False, True)],
        [attempt(d, "block_or_play", ok) for ok in (False, False, True)],
        [attempt(d, "who_holds", True)],
    )
    table = accuracy_by_type(df).set_index("puzzle_type")
    assert table.loc["count_points", ["attempts", "correct"]].tolist() == [4, 3]
    assert table.loc["count_points", "rate"] == pytest.approx(0.75)
    assert table.loc["block_or_play", "rate"] == pytest.approx(1 / 3)
    assert table.loc["who_holds", "rate"] == 1.0
    assert list(table.index) == ["block_or_play", "count_points", "who_holds"]


def test_accuracy_over_time_by_day_and_by_week() -> None:
    mon, wed, next_mon = date(2026, 11, 23), date(2026, 11, 25), date(2026, 11, 30)
    df = frame(
        [attempt(mon, correct=True), attempt(mon, correct=False)],
        [attempt(wed, correct=True)],
        [attempt(next_mon, correct=False)],
    )
    days = accuracy_over_time(df, by="day")
    assert [p.date() for p in days["period"]] == [mon, wed, next_mon]  # days without attempts have no row
    assert days["rate"].tolist() == [0.5, 1.0, 0.0]
    weeks = accuracy_over_time(df, by="week")
    assert [p.date() for p in weeks["period"]] == [mon, next_mon]
    assert weeks[["attempts", "correct"]].values.tolist() == [[3, 2], [1, 0]]
    sunday_weeks = accuracy_over_time(df, by="week", week_start=6)
    assert [p.date() for p in sunday_weeks["period"]] == [date(2026, 11, 22), date(2026, 11, 29)]
    with pytest.raises(ValueError):
        accuracy_over_time(df, by="month")  # type: ignore[arg-type]


def test_everything_works_on_an_empty_table() -> None:
    assert accuracy_by_type(EMPTY).empty
    assert list(accuracy_by_type(EMPTY).columns) == ["puzzle_type", "attempts", "correct", "rate"]
    assert accuracy_over_time(EMPTY).empty and accuracy_over_time(EMPTY, by="week").empty
    assert weakest_drills(EMPTY).empty
    assert daily_results(EMPTY) == {} and completed_days(EMPTY, 3) == []
    assert streak(EMPTY, date(2026, 1, 1), 3) == Streak(0, 0, None)
    cal = streak_calendar(EMPTY, date(2026, 1, 1), 3)
    assert cal.counts.shape == (7, 12) and int(cal.counts.sum().sum()) == 0


def test_a_table_that_is_not_an_attempts_table_is_refused() -> None:
    with pytest.raises(ValueError, match="not an attempts table"):
        accuracy_by_type(pd.DataFrame({"x": [1]}))


# --- weakest drills --------------------------------------------------------------------


def test_weakest_drills_lowest_rate_first_with_a_minimum_of_attempts() -> None:
    d = date(2026, 3, 1)

    def tries(kind: str, right: int, wrong: int) -> list:
        return [attempt(d, kind, True) for _ in range(right)] + [attempt(d, kind, False) for _ in range(wrong)]

    df = frame(
        tries("rarely_tried", 0, 2),  # 0 % but only 2 attempts: not enough to judge
        tries("hard", 1, 4),  # 20 %
        tries("tie_more", 4, 4),  # 50 % with 8 attempts
        tries("tie_fewer", 3, 3),  # 50 % with 6 attempts: comes first of the two
        tries("easy", 9, 1),  # 90 %
    )
    weakest = weakest_drills(df, min_attempts=5, limit=3)
    assert weakest["puzzle_type"].tolist() == ["hard", "tie_fewer", "tie_more"]
    assert weakest_drills(df, min_attempts=1, limit=1)["puzzle_type"].tolist() == ["rarely_tried"]
    assert weakest_drills(df, min_attempts=50).empty


def test_equal_rate_and_attempts_are_ordered_by_name() -> None:
    d = date(2026, 3, 1)
    df = frame([attempt(d, k, ok) for k in ("zeta", "alpha") for ok in (True, False, False, False, False)])
    assert weakest_drills(df)["puzzle_type"].tolist() == ["alpha", "zeta"]


# --- the daily set and the streak ----------------------------------------------------


def test_a_day_counts_when_every_puzzle_of_its_set_was_tried_that_day() -> None:
    d = date(2026, 5, 10)
    assert completed_days(frame(daily_set(d, 3, correct=False)), 3) == [d]  # wrong answers count: it was done
    assert completed_days(frame(daily_set(d, 2)), 3) == []  # one puzzle left
    retries = [attempt(d, daily=d, puzzle="same") for _ in range(3)]
    assert completed_days(frame(retries), 3) == []  # three tries at one puzzle are not the set
    late = daily_set(d, 3, on=d + timedelta(days=1))
    assert completed_days(frame(late), 3) == []  # caught up the next day: not for the streak
    practice = [attempt(d, "daily_kind") for _ in range(3)]
    assert completed_days(frame(practice), 3) == []  # practice is not the daily set


def test_the_set_size_may_change_with_the_date() -> None:
    old, new = date(2026, 1, 1), date(2026, 6, 1)
    df = frame(daily_set(old, 3), daily_set(new, 3))
    size = lambda day: 3 if day < date(2026, 3, 1) else 5  # noqa: E731
    assert completed_days(df, size) == [old]


def test_the_streak_crosses_month_and_year_ends() -> None:
    days = [date(2026, 12, 30) + timedelta(days=i) for i in range(4)]  # 30 Dec .. 2 Jan
    df = frame(*[daily_set(d) for d in days])
    assert streak(df, today=date(2027, 1, 2), set_size=3) == Streak(4, 4, date(2027, 1, 2))
    feb = [date(2028, 2, 27) + timedelta(days=i) for i in range(4)]  # a leap year: 27 Feb .. 1 Mar
    assert streak(frame(*[daily_set(d) for d in feb]), today=date(2028, 3, 1), set_size=3).current == 4


def test_a_gap_ends_a_run_and_the_best_is_kept() -> None:
    run1 = [date(2026, 1, 28) + timedelta(days=i) for i in range(5)]  # 28 Jan .. 1 Feb
    run2 = [date(2026, 2, 3), date(2026, 2, 4)]  # 2 Feb missed
    df = frame(*[daily_set(d) for d in run1 + run2])
    assert streak(df, today=date(2026, 2, 4), set_size=3) == Streak(2, 5, date(2026, 2, 4))


def test_the_current_streak_survives_until_today_ends() -> None:
    df = frame(*[daily_set(date(2026, 4, d)) for d in (1, 2, 3)])
    assert streak(df, today=date(2026, 4, 3), set_size=3).current == 3  # done today
    assert streak(df, today=date(2026, 4, 4), set_size=3).current == 3  # today's set still open
    assert streak(df, today=date(2026, 4, 5), set_size=3) == Streak(0, 3, date(2026, 4, 3))  # a day missed


def test_an_unfinished_day_breaks_the_streak() -> None:
    df = frame(daily_set(date(2026, 4, 1)), daily_set(date(2026, 4, 2), size=2), daily_set(date(2026, 4, 3)))
    assert streak(df, today=date(2026, 4, 3), set_size=3) == Streak(1, 1, date(2026, 4, 3))


def test_days_after_today_are_ignored() -> None:
    df = frame(daily_set(date(2026, 4, 1)), daily_set(date(2026, 4, 2)))
    assert streak(df, today=date(2026, 4, 1), set_size=3) == Streak(1, 1, date(2026, 4, 1))


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 120), max_size=40), st.integers(0, 130))
def test_streak_agrees_with_counting_day_by_day(offsets: set[int], today_offset: int) -> None:
    origin = date(2025, 12, 1)
    done = {origin + timedelta(days=o) for o in offsets}
    today = origin + timedelta(days=today_offset)
    result = streak(frame(*[daily_set(d, 1) for d in done]), today=today, set_size=1)
    # the plain way: walk back from today (or yesterday), then try every end day for the best
    end = today if today in done else today - timedelta(days=1)
    current = 0
    while end - timedelta(days=current) in done:
        current += 1
    best = 0
    for d in done:
        if d <= today:
            n = 0
            while d - timedelta(days=n) in done:
                n += 1
            best = max(best, n)
    assert (result.current, result.best) == (current, best)
    assert result.current <= result.best


# --- the calendar ----------------------------------------------------------------------


def test_the_calendar_is_weeks_by_seven_days_ending_with_this_week() -> None:
    today = date(2026, 12, 2)  # a Wednesday
    df = frame(
        daily_set(today),
        [attempt(today - timedelta(days=1), "x") for _ in range(4)],
        [attempt(date(2026, 9, 1), "too_old")],
    )
    cal = streak_calendar(df, today, set_size=3, weeks=5)
    assert cal.counts.shape == cal.done.shape == (7, 5)
    assert cal.weekdays == [0, 1, 2, 3, 4, 5, 6]
    assert cal.weeks == [date(2026, 11, 30) - timedelta(weeks=k) for k in (4, 3, 2, 1, 0)]
    assert cal.counts.loc[2, date(2026, 11, 30)] == 3  # Wednesday: the daily set
    assert cal.counts.loc[1, date(2026, 11, 30)] == 4  # Tuesday: practice
    assert bool(cal.done.loc[2, date(2026, 11, 30)]) and not cal.done.loc[1, date(2026, 11, 30)]
    assert cal.counts[date(2026, 11, 30)].isna().tolist() == [False] * 3 + [True] * 4  # after today
    assert int(cal.counts.sum().sum()) == 7  # September is out of view
    assert cal.date_at(2, 4) == today


def test_a_calendar_can_start_its_weeks_on_sunday() -> None:
    today = date(2026, 11, 29)  # a Sunday
    cal = streak_calendar(frame(daily_set(today)), today, set_size=3, weeks=2, week_start=6)
    assert cal.weekdays == [6, 0, 1, 2, 3, 4, 5]
    assert cal.weeks == [date(2026, 11, 22), date(2026, 11, 29)]
    assert cal.counts.iat[0, 1] == 3 and cal.counts.iloc[1:, 1].isna().all()
    assert cal.date_at(0, 1) == today
    with pytest.raises(ValueError):
        streak_calendar(EMPTY, today, 3, weeks=0)


def test_daily_results_from_the_table() -> None:
    d = date(2026, 6, 1)
    df = frame([attempt(d, correct=False, daily=d, puzzle="a"), attempt(d, correct=True, daily=d, puzzle="a"),
                attempt(d, correct=True, daily=d, puzzle="b")])
    assert daily_results(df) == {d: [False, True]}
