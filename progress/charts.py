"""Progress charts as pure functions: data and labels in, a Plotly figure out.

Every text a player can see comes from the caller, already translated: titles, axis
titles, hover words, weekday names, puzzle type names and the empty-state message.
Numbers are shown as percentages and dates as ISO dates (2026-11-29), which read the
same in every language. There is no ``None``: with no attempts each function returns
an empty-state figure that shows ``labels.empty``.

>>> from progress.records import attempts_frame
>>> labels = AccuracyLabels(title="Accuracy", axis="Puzzle type", rate="Right",
...                         attempts="attempts", empty="Solve a puzzle to see your progress")
>>> fig = accuracy_by_type_figure(attempts_frame([]), labels)
>>> [a.text for a in fig.layout.annotations]
['Solve a puzzle to see your progress']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any, Mapping, Sequence

import pandas as pd
import plotly.graph_objects as go

from progress.stats import Calendar, accuracy_by_type, accuracy_over_time

_BAR_COLOR = "#2e7d5b"  # the felt green of the board
_CALENDAR_SCALE = [[0.0, "#eef3ef"], [0.01, "#c6e2d2"], [1.0, "#1b5e40"]]


@dataclass(frozen=True)
class AccuracyLabels:
    """The texts of the two accuracy charts.

    ``axis`` names the horizontal axis ("Puzzle type", "Day", "Week"); ``rate`` the
    vertical one; ``attempts`` is the word after a count in the hover ("3/4 attempts");
    ``names`` maps puzzle type ids to their shown names (an id without one is shown as is).
    """

    title: str
    axis: str
    rate: str
    attempts: str
    empty: str
    names: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CalendarLabels:
    """The texts of the streak calendar.

    ``weekdays``: seven names, Monday first (the grid may start on another day);
    ``attempts``: the word after a count; ``done``: the hover note of a day whose daily
    set was completed; ``mark``: drawn in those cells.
    """

    title: str
    weekdays: Sequence[str]
    attempts: str
    done: str
    empty: str
    mark: str = "✓"

    def __post_init__(self) -> None:
        if len(self.weekdays) != 7:
            raise ValueError(f"CalendarLabels.weekdays needs 7 names, Monday first, not {len(self.weekdays)}")


def _labels(labels: Any, kind: type) -> Any:
    # a plain dict (say, from a YAML catalog) is accepted too
    return labels if isinstance(labels, kind) else kind(**labels)


def _base(title: str) -> go.Figure:
    fig = go.Figure()
    fig.update_layout(
        title=dict(text=title, x=0.0, xanchor="left"),
        margin=dict(l=10, r=10, t=50, b=10),
        plot_bgcolor="rgba(0,0,0,0)",
        paper_bgcolor="rgba(0,0,0,0)",
        showlegend=False,
        height=320,
    )
    return fig


def _empty(title: str, message: str) -> go.Figure:
    fig = _base(title)
    fig.add_annotation(text=message, x=0.5, y=0.5, xref="paper", yref="paper", showarrow=False, font=dict(size=15))
    fig.update_xaxes(visible=False)
    fig.update_yaxes(visible=False)
    return fig


def _rate_axis(fig: go.Figure, title: str) -> None:
    """The left axis as a share, 0 to 100% (only that one: a second axis keeps its own
    title and scale)."""
    fig.update_layout(yaxis=dict(title_text=title, range=[0, 1.05], tickformat=".0%",
                                 gridcolor="rgba(128,128,128,0.25)"))


def _hover(name: str, row: pd.Series, word: str) -> str:
    # built here, not as a Plotly hovertemplate, so a translated text holding "%{"
    # can never be read as a template field
    return f"{name}<br>{row['rate']:.0%} · {row['correct']}/{row['attempts']} {word}"


def accuracy_by_type_figure(df: pd.DataFrame, labels: AccuracyLabels | Mapping[str, Any]) -> go.Figure:
    """A bar per puzzle type: the share of right attempts, with ``right/tried`` on the bar.

    ``df`` is the attempts table (``Store.attempts``).
    """
    labels = _labels(labels, AccuracyLabels)
    table = accuracy_by_type(df)
    if table.empty:
        return _empty(labels.title, labels.empty)
    names = [labels.names.get(t, t) for t in table["puzzle_type"]]
    fig = _base(labels.title)
    fig.add_bar(
        x=names,
        y=table["rate"],
        text=[f"{c}/{a}" for c, a in zip(table["correct"], table["attempts"])],
        textposition="auto",
        hovertext=[_hover(n, row, labels.attempts) for n, (_, row) in zip(names, table.iterrows())],
        hoverinfo="text",
        marker_color=_BAR_COLOR,
    )
    fig.update_xaxes(title_text=labels.axis, type="category")
    _rate_axis(fig, labels.rate)
    return fig


def accuracy_over_time_figure(
    df: pd.DataFrame,
    labels: AccuracyLabels | Mapping[str, Any],
    by: str = "day",
    week_start: int = 0,
) -> go.Figure:
    """A line of the share of right attempts per day (or week, from ``week_start``)."""
    labels = _labels(labels, AccuracyLabels)
    table = accuracy_over_time(df, by=by, week_start=week_start)  # type: ignore[arg-type]
    if table.empty:
        return _empty(labels.title, labels.empty)
    when = [ts.date().isoformat() for ts in table["period"]]
    fig = _base(labels.title)
    fig.add_scatter(
        x=table["period"],
        y=table["rate"],
        mode="lines+markers",
        line=dict(color=_BAR_COLOR),
        marker=dict(size=[6 + min(int(a), 20) // 2 for a in table["attempts"]]),  # bigger: more tried
        hovertext=[_hover(w, row, labels.attempts) for w, (_, row) in zip(when, table.iterrows())],
        hoverinfo="text",
    )
    # ISO dates: Plotly's own date ticks would print English month names
    fig.update_xaxes(title_text=labels.axis, type="date", tickformat="%Y-%m-%d")
    if len(table) == 1:
        # a single point gets a week of room on each side instead of a zoom into hours
        center = table["period"].iloc[0]
        fig.update_xaxes(range=[center - pd.Timedelta(days=7), center + pd.Timedelta(days=7)], dtick=86400000 * 7)
    _rate_axis(fig, labels.rate)
    return fig


def streak_calendar_figure(cal: Calendar, labels: CalendarLabels | Mapping[str, Any]) -> go.Figure:
    """The calendar grid (``stats.streak_calendar``): darker cells for more attempts, the
    mark on days whose daily set was completed; days after today are left blank.

    With no attempts at all the grid is still drawn (a calendar of empty days is a fair
    picture), with ``labels.empty`` over it.
    """
    labels = _labels(labels, CalendarLabels)
    rows = [labels.weekdays[w] for w in cal.weekdays]
    columns = [week.isoformat() for week in cal.weeks]
    z: list[list[int | None]] = []
    text: list[list[str]] = []
    hover: list[list[str]] = []
    for i in range(7):
        z_row, text_row, hover_row = [], [], []
        for j in range(len(columns)):
            day: date = cal.date_at(i, j)
            count = cal.counts.iat[i, j]
            done = bool(cal.done.iat[i, j])
            if pd.isna(count):
                z_row.append(None)
                text_row.append("")
                hover_row.append("")
                continue
            z_row.append(int(count))
            text_row.append(labels.mark if done else "")
            note = f"<br>{labels.done}" if done else ""
            hover_row.append(f"{rows[i]} {day.isoformat()}<br>{int(count)} {labels.attempts}{note}")
        z.append(z_row)
        text.append(text_row)
        hover.append(hover_row)
    fig = _base(labels.title)
    fig.add_heatmap(
        z=z,
        x=columns,
        y=rows,
        text=text,
        texttemplate="%{text}",
        hovertext=hover,
        hoverinfo="text",
        colorscale=_CALENDAR_SCALE,
        zmin=0,
        # the legend: what a darker cell means, and the mark of a daily set completed
        showscale=True,
        colorbar=dict(title=dict(text=f"{labels.attempts}<br>{labels.mark} = {labels.done}", side="top"),
                      thickness=12, len=0.9),
        xgap=3,
        ygap=3,
    )
    fig.update_xaxes(type="category", showgrid=False, tickangle=-45, nticks=min(len(columns), 12))
    fig.update_yaxes(type="category", autorange="reversed", showgrid=False)
    fig.update_layout(height=90 + 28 * 7)
    total = cal.counts.sum(skipna=True).sum()
    if total == 0:
        fig.add_annotation(text=labels.empty, x=0.5, y=0.5, xref="paper", yref="paper", showarrow=False,
                           font=dict(size=15), bgcolor="rgba(255,255,255,0.8)")
    return fig


@dataclass(frozen=True)
class GameLabels:
    """The texts of the games chart: ``accuracy`` and ``loss`` name its two lines."""

    title: str
    axis: str
    accuracy: str
    loss: str
    empty: str


def games_figure(games: Sequence[Any], labels: GameLabels | Mapping[str, Any]) -> go.Figure:
    """Each graded match against the bots, oldest first: the share of best moves (left
    axis) and the points lost per decision (right axis).

    >>> from progress.records import SavedGame
    >>> g = SavedGame("draw", "finished", {}, decisions=10, best=7, points_lost=12.0)
    >>> fig = games_figure([g], GameLabels("Games", "Date", "Best moves", "Lost", "none yet"))
    >>> [round(v, 2) for v in fig.data[0].y], [round(v, 2) for v in fig.data[1].y]
    ([0.7], [1.2])
    """
    labels = _labels(labels, GameLabels)
    graded = sorted((g for g in games if g.decisions), key=lambda g: g.started_at)
    if not graded:
        return _empty(labels.title, labels.empty)
    when = [g.started_at for g in graded]
    fig = _base(labels.title)
    fig.add_scatter(x=when, y=[g.best / g.decisions for g in graded], name=labels.accuracy, mode="lines+markers",
                    line=dict(color=_BAR_COLOR))
    fig.add_scatter(x=when, y=[g.points_lost / g.decisions for g in graded], name=labels.loss, yaxis="y2",
                    mode="lines+markers", line=dict(color="#c0603a", dash="dot"))
    fig.update_layout(yaxis2=dict(overlaying="y", side="right", rangemode="tozero", title=labels.loss),
                      showlegend=True, legend=dict(orientation="h", y=-0.25))
    # several matches on one day: the ticks then carry the time as well (ISO, every language)
    fig.update_xaxes(title_text=labels.axis, type="date", tickformat="%Y-%m-%d",
                     tickformatstops=[dict(dtickrange=[None, 86_400_000], value="%Y-%m-%d %H:%M")])
    _rate_axis(fig, labels.accuracy)
    return fig


@dataclass(frozen=True)
class RatingLabels:
    """The texts of the rating chart: ``axis`` counts the rated puzzles, ``rating`` names
    the line and ``band`` the shaded range (the rating ± its deviation)."""

    title: str
    axis: str
    rating: str
    band: str
    empty: str


def rating_figure(history: pd.DataFrame, labels: RatingLabels | Mapping[str, Any]) -> go.Figure:
    """A rating after each rated attempt (``progress.rating_store.HISTORY_COLUMNS``), with
    the likely range around it, which narrows as the rating becomes sure.

    >>> from progress.rating_store import history_frame
    >>> rows = [{"at": pd.Timestamp("2026-12-01", tz="UTC"), "item": "p", "score": 1.0, "rating": 1650.0,
    ...          "deviation": 290.0, "item_rating": 1700.0}]
    >>> fig = rating_figure(history_frame(rows), RatingLabels("Rating", "Puzzles", "Rating", "Range", "none"))
    >>> list(fig.data[-1].y), list(fig.data[-1].x)
    ([1650.0], [1])
    """
    labels = _labels(labels, RatingLabels)
    if history.empty:
        return _empty(labels.title, labels.empty)
    number = list(range(1, len(history) + 1))
    low = (history["rating"] - history["deviation"]).round().tolist()
    high = (history["rating"] + history["deviation"]).round().tolist()
    fig = _base(labels.title)
    fig.add_scatter(x=number + number[::-1], y=high + low[::-1], fill="toself", fillcolor="rgba(46,125,91,0.15)",
                    mode="lines", line=dict(width=0), hoverinfo="skip", name=labels.band)  # no markers on its edge
    when = history["at"].dt.strftime("%Y-%m-%d").tolist()
    fig.add_scatter(x=number, y=history["rating"].round().tolist(), mode="lines+markers", name=labels.rating,
                    line=dict(color=_BAR_COLOR), customdata=list(zip(when, history["deviation"].round())),
                    hovertemplate="%{y:.0f} ± %{customdata[1]:.0f}<br>%{customdata[0]}<extra></extra>")
    fig.update_layout(showlegend=True, legend=dict(orientation="h", y=-0.25))
    fig.update_xaxes(title_text=labels.axis, rangemode="tozero")
    fig.update_yaxes(title_text=labels.rating)
    return fig


@dataclass(frozen=True)
class ThemeLabels:
    """The texts of the themes' trend: ``axis`` the time axis, ``performance`` the rating
    axis, ``right`` the word after "3/10" in a hover, ``names`` the themes' shown names."""

    title: str
    axis: str
    performance: str
    right: str
    empty: str
    names: Mapping[str, str] = field(default_factory=dict)


#: One colour per theme line, distinguishable on white and by most colour-blind readers
#: (Okabe–Ito), and a marker shape each, so the colour is never the only signal.
_THEME_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C6D1F")
_THEME_SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "star", "cross", "triangle-down")


def theme_trend_figure(trend: pd.DataFrame, labels: ThemeLabels | Mapping[str, Any]) -> go.Figure:
    """A line per theme: its rating performance over its last rated tries, try by try
    (``progress.rating_store.theme_trend``), against the date.

    >>> from progress.rating_store import theme_trend
    >>> from progress.records import attempts_frame
    >>> fig = theme_trend_figure(theme_trend(attempts_frame([]), pd.DataFrame({"item": [], "score": [],
    ...     "item_rating": [], "at": pd.Series(dtype="datetime64[us, UTC]")})),
    ...     ThemeLabels("Themes", "Day", "Performance", "right", "none yet"))
    >>> [a.text for a in fig.layout.annotations]
    ['none yet']
    """
    labels = _labels(labels, ThemeLabels)
    if trend.empty:
        return _empty(labels.title, labels.empty)
    fig = _base(labels.title)
    for n, (ptype, rows) in enumerate(trend.groupby("puzzle_type", sort=True)):
        name = labels.names.get(ptype, ptype)
        hover = [f"{name}<br>{at.date().isoformat()}<br>{int(p)} · {int(r)}/{int(w)} {labels.right}"
                 for at, p, r, w in zip(rows["at"], rows["performance"], rows["right"], rows["window"])]
        fig.add_scatter(x=rows["at"], y=rows["performance"], mode="lines+markers", name=name,
                        line=dict(color=_THEME_COLOURS[n % len(_THEME_COLOURS)]),
                        marker=dict(symbol=_THEME_SYMBOLS[n % len(_THEME_SYMBOLS)], size=7),
                        hovertext=hover, hoverinfo="text")
    fig.update_layout(showlegend=True, legend=dict(orientation="h", y=-0.25), height=360)
    fig.update_xaxes(title_text=labels.axis, type="date", tickformat="%Y-%m-%d")
    fig.update_yaxes(title_text=labels.performance)
    return fig
