"""The teacher's Progress tab of a class (ui/pages/classes.py calls :func:`dashboard_tab`
behind the class's passphrase): who did which homework, each student's drills by topic
and ratings over the weeks, last seen, the class's weakest topics, the class's history
(live quizzes and tables), and the exports: the grid as CSV, a PDF report per student.

Everything is read by classroom.dashboard.dashboard on each run of the tab: the roster,
homework and history afresh, what the students did kept per class until one of them does
something (one cheap look tells). What is drawn from those reads is kept under their version
too (the grid, one student's chart), and a history entry's table is made only when its box
is opened: a teacher's run is the page's own work, not the class's. Nothing reruns on a
timer."""

from __future__ import annotations

from functools import partial

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from classroom.dashboard import (
    Dashboard, class_weeks, dashboard, grid_rows, student_topics, student_weeks, to_csv,
)
from classroom.homework import local_time
from classroom.student_report import Report, student_pdf
from progress import ProgressError
from ui import session
from ui.i18n import Translator, translator
from ui.labels import percent, ptype_title
from ui.parts.chart_inks import Inks, inks
from ui.parts.classes.homework_words import STATE_ICONS, describe, now, state_word, when

RATING_KINDS = ("puzzles", "play")


def _label(tr: Translator, board: Dashboard, number: int) -> str:
    a = board.homework[number - 1]
    return f"{number}. {describe(tr, a, board.sets)}"


@st.cache_resource(show_spinner=False, max_entries=256)
def _kept_grid(version: str, lang: str, names: tuple, time_zone: str, _board: Dashboard) -> pd.DataFrame:
    """The grid, made once per version of the class's reads, language, nicknames and clock
    (the homework is in the version) for every teacher's session (read only)."""
    return _grid(translator(lang), _board)


def _grid(tr: Translator, board: Dashboard) -> pd.DataFrame:
    rows = []
    for m in board.students:
        row = {tr("homework.dash.student"): m.nickname}
        done, total = board.done_count(m.profile_id)
        row[tr("homework.dash.done")] = f"{done}/{total}"
        for number, a in enumerate(board.homework, 1):
            row[f"{number}"] = state_word(tr, board.status[(a.id, m.profile_id)])
        seen = board.last_seen.get(m.profile_id)
        row[tr("homework.dash.last_seen")] = (local_time(board.school_class.time_zone, seen).strftime("%Y-%m-%d %H:%M")
                                              if seen else "—")
        rows.append(row)
    return pd.DataFrame(rows)


def _csv(tr: Translator, board: Dashboard) -> bytes:
    labels = {a.id: _label(tr, board, n) for n, a in enumerate(board.homework, 1)}
    states = {s: tr(f"homework.state.{s}") for s in STATE_ICONS}
    rows = grid_rows(board, labels, states, nickname=tr("homework.dash.student"),
                     last_seen=tr("homework.dash.last_seen"))
    return to_csv(rows).encode("utf-8-sig")


@st.cache_resource(show_spinner=False, max_entries=256)
def _kept_figure(version: str, lang: str, profile_id: int, nickname: str, ink: Inks, _board: Dashboard) -> go.Figure:
    """One student's chart, made once per version of the class's reads for every teacher's
    session (read only: st.plotly_chart draws a copy): Plotly checks every value of a figure
    as it is built."""
    return _weeks_figure(translator(lang), _board, profile_id, nickname, ink)


def _weeks_figure(tr: Translator, board: Dashboard, profile_id: int, nickname: str, ink: Inks) -> go.Figure:
    # the traces and layout as plain data, checked by Plotly once: adding each trace and
    # updating the layout one call at a time checks the figure again at every call (four
    # to eight times the work, on every teacher's run while the class is working)
    traces = []
    for kind, dash_style, symbol in (("puzzles", "solid", "circle"), ("play", "dot", "square")):
        mine = student_weeks(board, profile_id, kind)
        if not mine.empty:
            traces.append(dict(type="scatter", x=mine["week"], y=mine["rating"].round(), mode="lines+markers",
                               name=tr(f"homework.dash.rating_{kind}", name=nickname),
                               line=dict(dash=dash_style, color=ink.good), marker=dict(symbol=symbol, size=9)))
        median = class_weeks(board, kind)
        if not median.empty:
            traces.append(dict(type="scatter", x=median["week"], y=median["rating"].round(), mode="lines+markers",
                               name=tr(f"homework.dash.class_{kind}"),
                               line=dict(dash="dash" if kind == "puzzles" else "dashdot", color=ink.line, width=1),
                               marker=dict(symbol="x" if kind == "puzzles" else "diamond-open", size=8)))
    layout = dict(title=dict(text=tr("homework.dash.ratings_title"), x=0, xanchor="left"), height=340,
                  margin=dict(l=10, r=10, t=50, b=10), plot_bgcolor="rgba(0,0,0,0)", paper_bgcolor="rgba(0,0,0,0)",
                  legend=dict(orientation="h", y=-0.25),
                  xaxis=dict(title=dict(text=tr("homework.dash.week")), tickformat="%Y-%m-%d"),
                  yaxis=dict(title=dict(text=tr("homework.dash.rating"))))
    return go.Figure(data=traces, layout=layout)


def report_pdf(board: Dashboard, profile_id: int) -> bytes:
    """The parents' report of one student, in the class's language."""
    tr = translator(board.school_class.lang)
    member = next(m for m in board.students if m.profile_id == profile_id)
    zone = board.school_class.time_zone
    homework = [(describe(tr, a, board.sets), when(tr, zone, a.due_at),
                 state_word(tr, board.status[(a.id, profile_id)]).split(" ", 1)[1])
                for a in board.homework]
    topics = [(ptype_title(r.puzzle_type, lang=tr.lang), int(r.attempts), percent(tr, r.rate))
              for r in student_topics(board, profile_id).itertuples()]
    ratings = []
    for kind in RATING_KINDS:
        weeks = student_weeks(board, profile_id, kind)
        if not weeks.empty:
            last, first = weeks["rating"].iloc[-1], weeks["rating"].iloc[0]
            ratings.append(tr(f"homework.report.rating_{kind}", rating=round(last), change=f"{round(last - first):+d}"))
    seen = board.last_seen.get(profile_id)
    period = f"{local_time(zone, board.since).date()} – {local_time(zone, now()).date()}" if board.since else ""
    words = {k: tr(f"homework.report.{k}") for k in ("title", "class", "period", "homework", "what", "due", "state",
                                                     "topics", "topic", "answered", "right", "ratings", "none", "made")}
    return student_pdf(Report(board.school_class.name, member.nickname, period, homework, topics, ratings,
                              tr("homework.report.seen", when=when(tr, zone, seen)) if seen else ""), words)


def _history(tr: Translator, board: Dashboard) -> None:
    st.subheader(tr("homework.dash.history"))
    if not board.history:
        st.caption(tr("homework.dash.history_none"))
        return
    zone = board.school_class.time_zone
    for entry in board.history:
        moment = when(tr, zone, entry.at)
        if entry.kind == "quiz":
            title = tr("homework.dash.history_quiz", title=str(entry.data.get("title") or ""), when=moment,
                       n=len(entry.data.get("ranking", [])))
        else:
            title = tr("homework.dash.history_tables", when=moment, n=len(entry.data.get("tables", [])))
        # the table is made when the box is opened (opening it reruns the page): a term's
        # quizzes and tables are many tables nobody reads on every run
        box = st.expander(session.plain(title), key=f"dash_history_{entry.id}", on_change="rerun")
        if not box.open:
            continue
        with box:
            rows = entry.data.get("ranking") if entry.kind == "quiz" else entry.data.get("students")
            if rows:
                st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
            else:
                st.caption(tr("homework.dash.history_empty"))


def dashboard_tab(school_class) -> None:
    """The class's progress: the grid, the weakest topics, one student's detail, the history."""
    tr = session.tr()
    try:
        board = dashboard(session.store(), school_class, now=now())
    except ProgressError as error:
        st.warning(session.error_message(error), icon=":material/warning:")
        return
    st.subheader(tr("homework.dash.title"))
    if not board.students:
        st.info(tr("homework.dash.no_students"), icon=":material/group_off:")
        _history(tr, board)
        return
    weakest = board.weakest_topics()
    if not weakest.empty:
        names = ", ".join(f"{ptype_title(r.puzzle_type)} ({percent(tr, r.rate)})" for r in weakest.itertuples())
        st.markdown(session.plain(tr("homework.dash.weakest", topics=names)))
    else:
        st.caption(tr("homework.dash.weakest_none"))
    for number, a in enumerate(board.homework, 1):
        states = [board.status[(a.id, m.profile_id)].state for m in board.students]
        tally = tr("homework.dash.tally", **{state: states.count(state) for state in STATE_ICONS})
        st.container(key=f"dash_homework_{a.id}").caption(session.plain(
            f"{_label(tr, board, number)} — {tr('homework.due', due=when(tr, school_class.time_zone, a.due_at))}"
            f" — {tally}"))
    names = tuple((m.profile_id, m.nickname) for m in board.students)
    st.dataframe(_kept_grid(board.version, tr.lang, names, school_class.time_zone, board), hide_index=True,
                 width="stretch", key="dash_grid")
    st.download_button(tr("homework.dash.csv"), data=_csv(tr, board), file_name=f"capicu-class-{school_class.id}.csv",
                       mime="text/csv", icon=":material/download:", on_click="ignore", key="dash_csv")

    st.subheader(tr("homework.dash.student_title"))
    by_id = {m.profile_id: m for m in board.students}
    pid = st.selectbox(tr("homework.dash.pick"), list(by_id), key="dash_student",
                       format_func=lambda p: by_id[p].nickname)
    member = by_id[pid]
    left, right = st.columns(2)
    topics = student_topics(board, pid)
    with left:
        if topics.empty:
            st.caption(tr("homework.dash.topics_none"))
        else:
            shown = pd.DataFrame({tr("homework.dash.topic"): [ptype_title(t) for t in topics["puzzle_type"]],
                                  tr("homework.dash.answered"): topics["attempts"],
                                  tr("homework.dash.right"): [percent(tr, r) for r in topics["rate"]]})
            st.dataframe(shown, hide_index=True, width="stretch", key="dash_topics")
    with right:
        st.plotly_chart(_kept_figure(board.version, tr.lang, pid, member.nickname, inks(), board), width="stretch",
                        key="dash_weeks")
    st.download_button(tr("homework.dash.report", name=member.nickname), data=partial(report_pdf, board, pid),
                       file_name=f"capicu-report-{pid}.pdf", mime="application/pdf", icon=":material/print:",
                       on_click="ignore", key=f"dash_report_{pid}")
    _history(tr, board)
