"""My progress: the puzzle rating and its trend, the themes (a table and each one's trend),
accuracy by drill and over time, the streak calendar, the weakest drills, and play against
the computer (the play rating and its trend, best moves and points lost per decision, for
every game or one). Only the signed-in profile's own figures are shown."""

import pandas as pd
import streamlit as st

from progress import ProgressError
from progress.charts import (
    AccuracyLabels, CalendarLabels, GameLabels, RatingLabels, ThemeLabels, accuracy_by_type_figure,
    accuracy_over_time_figure, games_figure, rating_figure, streak_calendar_figure, theme_trend_figure,
)
from progress.rating_store import performance_by_type, theme_trend
from progress.stats import accuracy_by_type, streak, streak_calendar, weakest_drills
from puzzles import PUZZLE_TYPES, daily_set
from ui import session
from ui.parts.classes.todo import todo_section
from ui.parts.mistakes.book import counts as mistake_counts
from ui.parts.skill_view import skill_section
from ui.shell import page_file
from ui.labels import chart_separators, figure, game_title, percent, ptype_title

tr = session.tr()
session.show_notices()
st.title(tr("stats.title"))

profile = session.profile()
if profile is None:
    st.info(tr("stats.no_profile"), icon=":material/person:")
    st.stop()
try:
    attempts = session.store().attempts(profile.id)
except ProgressError as exc:
    st.warning(session.error_message(exc), icon=":material/warning:")
    st.stop()

todo_section()  # the homework of the student's classes

today = session.today()
set_size = len(daily_set(today))
names = {name: ptype_title(name) for name in PUZZLE_TYPES}
run = streak(attempts, today, set_size)
total, right = len(attempts), int(attempts["correct"].sum()) if len(attempts) else 0

a, b, c, d = st.columns(4)
a.metric(tr("stats.attempts"), total)
b.metric(tr("stats.accuracy"), percent(tr, right / total) if total else "—")
c.metric(tr("stats.streak"), run.current)
d.metric(tr("stats.best_streak"), run.best)

#: the words of each rating's panel: the puzzle rating, and the play rating (matches against the bots)
PUZZLE_WORDS = {"title": "ratings.title", "help": "ratings.metric_help", "count": "ratings.rated_count",
                "provisional": "ratings.provisional", "chart": "ratings.chart", "axis": "ratings.axis",
                "none": "ratings.none_yet"}
PLAY_WORDS = {"title": "ratings.play_title", "help": "ratings.play_help", "count": "ratings.play_count",
              "provisional": "ratings.play_provisional", "chart": "ratings.play_chart", "axis": "ratings.play_axis",
              "none": "ratings.play_none_yet"}


def rating_panel(kind: str, words: dict[str, str]) -> pd.DataFrame | None:
    """One rating of the profile, with its deviation and its trend; its history, or None
    when there is none yet (or the store cannot be read: a notice says so)."""
    try:
        rating = session.store().rating(profile.id, kind)
        history = session.store().rating_history(profile.id, kind)
    except ProgressError:
        rating, history = None, None
        session.notice("notice.not_saved")
    if rating is None or history is None or history.empty:
        st.caption(tr(words["none"]))
        return None
    recent = history["rating"].iloc[-1] - history["rating"].iloc[max(len(history) - 11, 0)]
    left, right = st.columns([1, 3])
    left.metric(tr(words["title"]), rating.shown, delta=round(recent) if len(history) > 1 else None,
                help=tr(words["help"]))
    left.caption(tr(words["count"], n=len(history)))
    if rating.provisional:
        left.caption(tr(words["provisional"]))
    right.plotly_chart(rating_figure(history, RatingLabels(
        title=tr(words["chart"]), axis=tr(words["axis"]), rating=tr("ratings.line"), band=tr("ratings.range"),
        empty=tr(words["none"]))), width="stretch")
    return history


# ------------------------------------------------------------------ the puzzle rating
st.subheader(tr("ratings.title"))
history = rating_panel("puzzles", PUZZLE_WORDS)
if history is not None:
    themes = performance_by_type(attempts, history)
    if len(themes):
        weakest = themes.iloc[0]["puzzle_type"]
        st.page_link(page_file("practice"), icon=":material/fitness_center:",
                     label=tr("ratings.practise_weakest", theme=names.get(weakest, weakest)),
                     query_params={"type": weakest, "level": "mine", "lang": session.lang()})
        with st.expander(tr("ratings.themes")):
            shown = pd.DataFrame({
                tr("ratings.col_theme"): [names.get(t, t) for t in themes["puzzle_type"]],
                tr("ratings.col_rated"): themes["rated"],
                tr("ratings.col_right"): [percent(tr, r) for r in themes["rate"]],
                tr("ratings.col_performance"): themes["performance"].astype(int),
            })
            st.dataframe(shown, hide_index=True, width="stretch")
            st.caption(tr("ratings.performance_help"))
            # the trend of each theme, beside the table: the weakest three at first
            ordered = list(themes["puzzle_type"])
            chosen = st.multiselect(tr("ratings.trend_pick"), ordered, default=ordered[:3],
                                    key=session.translated("stats_theme_trend"), format_func=lambda t: names.get(t, t))
            trend = theme_trend(attempts, history)
            st.plotly_chart(theme_trend_figure(trend[trend["puzzle_type"].isin(chosen)], ThemeLabels(
                title=tr("ratings.trend_chart"), axis=tr("stats.axis_day"), performance=tr("ratings.col_performance"),
                right=tr("ratings.trend_right"), empty=tr("ratings.trend_empty"), names=names)), width="stretch")
            st.caption(tr("ratings.trend_help"))

by_type = AccuracyLabels(title=tr("stats.by_type"), axis=tr("stats.axis_type"), rate=tr("stats.axis_rate"),
                         attempts=tr("stats.attempts_word"), empty=tr("stats.empty"), names=names)
over_time = AccuracyLabels(title=tr("stats.over_time"), axis=tr("stats.axis_day"), rate=tr("stats.axis_rate"),
                           attempts=tr("stats.attempts_word"), empty=tr("stats.empty"), names=names)
left, right_col = st.columns(2)
left.plotly_chart(accuracy_by_type_figure(attempts, by_type), width="stretch")
right_col.plotly_chart(accuracy_over_time_figure(attempts, over_time), width="stretch")

calendar = streak_calendar(attempts, today, set_size)
weekdays = [tr(f"weekday.{i}") for i in range(7)]
st.plotly_chart(streak_calendar_figure(calendar, CalendarLabels(
    title=tr("stats.calendar"), weekdays=weekdays, attempts=tr("stats.attempts_word"),
    done=tr("stats.daily_done"), empty=tr("stats.empty"))), width="stretch")

st.subheader(tr("stats.weakest"))
weak = weakest_drills(attempts)
if weak.empty:
    st.caption(tr("stats.weakest_empty"))
for row in weak.itertuples():
    col1, col2 = st.columns([3, 1])
    col1.markdown(f"**{names.get(row.puzzle_type, row.puzzle_type)}** — "
                  f"{tr('stats.rate_line', rate=percent(tr, row.rate), n=row.attempts)}")
    col2.page_link(page_file("practice"), label=tr("stats.practise"), icon=":material/extension:",
                   query_params={"type": row.puzzle_type, "lang": session.lang()})
if len(by_type_table := accuracy_by_type(attempts)):
    with st.expander(tr("stats.table")):
        shown = by_type_table.assign(puzzle_type=by_type_table["puzzle_type"].map(lambda t: names.get(t, t)))
        st.dataframe(shown, hide_index=True, width="stretch")

# ------------------------------------------------------------------ your mistakes (personal puzzles)
st.subheader(tr("mistakes.stats_title"))
try:
    mine = mistake_counts(today)
except ProgressError:
    mine = None
    session.notice("notice.not_saved")
if mine is not None and mine.total:
    m1, m2, m3 = st.columns(3)
    m1.metric(tr("mistakes.stats_due"), mine.due)
    m2.metric(tr("mistakes.stats_total"), mine.total)
    m3.metric(tr("mistakes.stats_retired"), mine.retired, help=tr("mistakes.stats_retired_help"))
    st.page_link(page_file("mistakes"), label=tr("mistakes.stats_open"), icon=":material/psychology_alt:",
                 query_params={"lang": session.lang()})
elif mine is not None:
    st.caption(tr("mistakes.stats_empty"))

# ------------------------------------------------------------------ games against the bots
st.subheader(tr("stats.games"))
try:
    games = [g for g in session.store().games(profile.id) if g.kind == "match"]  # not rounds recorded at a table
except ProgressError:
    games = []
    session.notice("notice.not_saved")

# the play rating: every finished match against the computer, once per deal
rating_panel("play", PLAY_WORDS)

# best moves and points lost per decision: all games, or one game
ALL_GAMES = "all"
played = sorted({g.game for g in games}, key=lambda name: game_title(tr, name))
which = ALL_GAMES
if len(played) > 1:
    which = st.selectbox(tr("ratings.games_pick"), [ALL_GAMES, *played], key=session.translated("stats_games_pick"),
                         format_func=lambda name: tr("ratings.games_all") if name == ALL_GAMES else game_title(tr, name))
shown_games = games if which == ALL_GAMES else [g for g in games if g.game == which]
graded = [g for g in shown_games if g.decisions]
decisions = sum(g.decisions for g in graded)
g1, g2, g3 = st.columns(3)
g1.metric(tr("stats.games_played"), len(shown_games))
g2.metric(tr("play.accuracy"), percent(tr, sum(g.best for g in graded) / decisions) if decisions else "—")
g3.metric(tr("play.loss"), figure(tr, sum(g.points_lost for g in graded) / decisions) if decisions else "—")
title = tr("stats.games_chart") if which == ALL_GAMES else f"{tr('stats.games_chart')} · {game_title(tr, which)}"
games_chart = games_figure(shown_games, GameLabels(title=title, axis=tr("stats.axis_day"),
                                                   accuracy=tr("play.accuracy"), loss=tr("play.loss"),
                                                   empty=tr("stats.games_empty")))
games_chart.update_layout(separators=chart_separators(tr))  # "3,4" in nl, pt and es
st.plotly_chart(games_chart, width="stretch")
if len(played) > 1:
    with st.expander(tr("ratings.games_table")):
        rows = []
        for name in played:
            mine = [g for g in games if g.game == name]
            done = [g for g in mine if g.decisions]
            n = sum(g.decisions for g in done)
            rows.append({tr("ratings.col_game"): game_title(tr, name), tr("stats.games_played"): len(mine),
                         tr("play.accuracy"): percent(tr, sum(g.best for g in done) / n) if n else "—",
                         tr("play.loss"): figure(tr, sum(g.points_lost for g in done) / n) if n else "—"})
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")

# ------------------------------------------------------------------ the skill figure per game (ui/parts/skill_view.py)
try:
    every_game = session.store().games(profile.id)  # Play and the analysis board alike
except ProgressError:
    every_game = []
skill_section(tr, every_game)
