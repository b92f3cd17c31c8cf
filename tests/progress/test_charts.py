"""Charts are pure: every visible text comes from the labels; empty data gives an
empty-state figure, never None."""

from __future__ import annotations

import json
from datetime import date, timedelta

import plotly.graph_objects as go
import pytest

from progress import attempts_frame
from progress.charts import (
    AccuracyLabels,
    CalendarLabels,
    accuracy_by_type_figure,
    accuracy_over_time_figure,
    streak_calendar_figure,
)
from progress.stats import streak_calendar

from .conftest import attempt

TODAY = date(2026, 11, 29)
# Dutch labels: if an English word shows up in a figure, it did not come from here
ACCURACY = AccuracyLabels(
    title="Nauwkeurigheid",
    axis="Soort puzzel",
    rate="Goed",
    attempts="pogingen",
    empty="Los een puzzel op om je voortgang te zien",
    names={"count_points": "Punten tellen", "block_or_play": "Blokkeren of spelen"},
)
CALENDAR = CalendarLabels(
    title="Reeks",
    weekdays=["ma", "di", "wo", "do", "vr", "za", "zo"],
    attempts="pogingen",
    done="dagset klaar",
    empty="Nog niets gespeeld",
)


def sample():
    return attempts_frame(
        [attempt(TODAY - timedelta(days=2), "count_points", ok) for ok in (True, True, False)]
        + [attempt(TODAY, "block_or_play", False, daily=TODAY, puzzle=f"d{i}") for i in range(3)]
    )


def texts(fig: go.Figure) -> str:
    """Everything in the figure's JSON, to look for words that should not be there."""
    return json.dumps(fig.to_plotly_json(), default=str)


def test_accuracy_by_type_draws_one_bar_per_type_with_translated_names() -> None:
    fig = accuracy_by_type_figure(sample(), ACCURACY)
    (bar,) = fig.data
    assert list(bar.x) == ["Blokkeren of spelen", "Punten tellen"]
    assert list(bar.y) == pytest.approx([0.0, 2 / 3])
    assert list(bar.text) == ["0/3", "2/3"]
    assert "67% · 2/3 pogingen" in bar.hovertext[1]
    assert fig.layout.title.text == "Nauwkeurigheid"
    assert fig.layout.xaxis.title.text == "Soort puzzel" and fig.layout.yaxis.title.text == "Goed"


def test_an_unknown_type_is_shown_by_its_id() -> None:
    df = attempts_frame([attempt(TODAY, "new_drill", True)])
    assert list(accuracy_by_type_figure(df, ACCURACY).data[0].x) == ["new_drill"]


def test_accuracy_over_time_uses_iso_dates() -> None:
    fig = accuracy_over_time_figure(sample(), ACCURACY)
    (line,) = fig.data
    assert list(line.y) == pytest.approx([2 / 3, 0.0])
    assert fig.layout.xaxis.tickformat == "%Y-%m-%d"  # never Plotly's English month names
    assert line.hovertext[0].startswith("2026-11-27")
    weekly = accuracy_over_time_figure(sample(), ACCURACY, by="week")
    assert len(weekly.data[0].y) == 1


@pytest.mark.parametrize("draw", [accuracy_by_type_figure, accuracy_over_time_figure])
def test_no_attempts_gives_an_empty_state_figure(draw) -> None:
    fig = draw(attempts_frame([]), ACCURACY)
    assert isinstance(fig, go.Figure) and len(fig.data) == 0
    assert [a.text for a in fig.layout.annotations] == [ACCURACY.empty]
    assert fig.layout.title.text == "Nauwkeurigheid"


def test_the_calendar_marks_completed_days_and_blanks_the_future() -> None:
    cal = streak_calendar(sample(), TODAY, set_size=3, weeks=6)
    fig = streak_calendar_figure(cal, CALENDAR)
    (heat,) = fig.data
    assert list(heat.y) == CALENDAR.weekdays
    assert len(heat.x) == 6 and heat.x[-1] == "2026-11-23"
    z = [list(row) for row in heat.z]
    assert len(z) == 7 and all(len(row) == 6 for row in z)
    assert z[6][5] == 3 and heat.text[6][5] == "✓"  # Sunday 29 Nov: the daily set, done
    assert z[4][5] == 3 and heat.text[4][5] == ""  # Friday 27 Nov: practice only
    assert "zo 2026-11-29<br>3 pogingen<br>dagset klaar" == heat.hovertext[6][5]
    assert not fig.layout.annotations  # there is something to see
    # the legend says what a darker cell and the mark mean
    assert heat.showscale and heat.colorbar.title.text == "pogingen<br>✓ = dagset klaar"


def test_a_sunday_first_calendar_uses_the_right_names() -> None:
    cal = streak_calendar(sample(), TODAY, set_size=3, weeks=2, week_start=6)
    fig = streak_calendar_figure(cal, CALENDAR)
    assert list(fig.data[0].y) == ["zo", "ma", "di", "wo", "do", "vr", "za"]


def test_an_empty_calendar_is_still_drawn_with_the_message() -> None:
    cal = streak_calendar(attempts_frame([]), TODAY, set_size=3, weeks=4)
    fig = streak_calendar_figure(cal, CALENDAR)
    assert len(fig.data) == 1 and [a.text for a in fig.layout.annotations] == ["Nog niets gespeeld"]


def test_labels_may_be_a_plain_dict() -> None:
    fig = streak_calendar_figure(streak_calendar(sample(), TODAY, 3), dict(vars(CALENDAR)))
    assert fig.layout.title.text == "Reeks"
    fig = accuracy_by_type_figure(sample(), {**vars(ACCURACY)})
    assert fig.layout.title.text == "Nauwkeurigheid"
    with pytest.raises(ValueError, match="7 names"):
        CalendarLabels(title="", weekdays=["mo"], attempts="", done="", empty="")


def test_no_english_word_of_our_own_appears() -> None:
    cal = streak_calendar(sample(), TODAY, 3)
    for fig in (
        accuracy_by_type_figure(sample(), ACCURACY),
        accuracy_over_time_figure(sample(), ACCURACY),
        streak_calendar_figure(cal, CALENDAR),
    ):
        dump = texts(fig).lower()
        for word in ("attempts", "accuracy", "correct", "week", "monday", "mon", "nov", "streak", "daily"):
            assert f'"{word}' not in dump and f">{word}" not in dump and f" {word}" not in dump, word


def test_charts_do_not_change_their_input() -> None:
    df = sample()
    before = df.copy()
    accuracy_by_type_figure(df, ACCURACY)
    accuracy_over_time_figure(df, ACCURACY)
    assert df.equals(before)


def test_the_games_chart_keeps_its_second_axis_for_the_points_lost() -> None:
    """play-walk #7: the right axis is titled and scaled for the points lost, not as a share."""
    from datetime import datetime, timezone

    from progress.charts import GameLabels, games_figure
    from progress.records import SavedGame

    day = datetime(2026, 12, 1, 9, tzinfo=timezone.utc)
    games = [SavedGame("draw", "finished", {}, decisions=4, best=1, points_lost=40.0, started_at=day),
             SavedGame("draw", "finished", {}, decisions=4, best=3, points_lost=6.0,
                       started_at=day + timedelta(hours=2))]
    fig = games_figure(games, GameLabels("Games", "Date", "Best moves", "Points lost", "none yet"))
    assert fig.layout.yaxis.title.text == "Best moves" and fig.layout.yaxis.tickformat == ".0%"
    assert fig.layout.yaxis2.title.text == "Points lost"
    assert fig.layout.yaxis2.range is None and fig.layout.yaxis2.tickformat is None  # 10 per decision fits
    # two matches on one day: their ticks carry the hour, not the same date twice
    assert any(stop.value == "%Y-%m-%d %H:%M" for stop in fig.layout.xaxis.tickformatstops)
