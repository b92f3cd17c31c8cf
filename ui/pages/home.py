"""Home: what Capicú is, the games, and the ways in (course, daily puzzle, practice, play)."""

import streamlit as st

from progress import ProgressError
from ui import session
from ui.shell import page_file
from ui.labels import game_title
from ui.parts.lesson_catalog import course
from ui.parts.classes.todo import todo_section
from ui.parts.mistakes.book import due_count
from ui.parts.stills import lesson_still, lesson_still_text

tr = session.tr()
session.show_notices()

st.title(tr("home.title"))
st.markdown(tr("home.tagline"))

# the review queue (spaced repetition): puzzles missed that are due again today
if (me := session.profile()) is not None:
    try:
        due = session.store().reviews_due(me.id, session.today())
    except ProgressError:
        due = []
    if due:
        st.page_link(page_file("practice"), label=tr("ratings.review_home", n=len(due)), icon=":material/replay:",
                     query_params={"review": "1", "lang": session.lang()})

# your mistakes: puzzles from your own games due today (a guest's, for this visit)
try:
    mistakes_due = due_count(session.today())
except ProgressError:
    mistakes_due = 0
if mistakes_due:
    st.page_link(page_file("mistakes"), label=tr("mistakes.home", n=mistakes_due), icon=":material/psychology_alt:",
                 query_params={"lang": session.lang()})

# the homework of the student's classes, soonest due first (nothing for a guest)
todo_section()

start, daily, practice, play, table, analyse = st.columns(6)
with start:
    st.page_link(page_file("course"), label=tr("home.start_course"), icon=":material/school:")
with daily:
    st.page_link(page_file("daily"), label=tr("home.daily"), icon=":material/today:")
    st.page_link(page_file("deal"), label=tr("nav.deal"), icon=":material/style:")
with practice:
    st.page_link(page_file("practice"), label=tr("home.practice"), icon=":material/extension:")
with play:
    st.page_link(page_file("play"), label=tr("home.play"), icon=":material/sports_esports:")
with table:
    st.page_link(page_file("table"), label=tr("home.table"), icon=":material/groups:")
with analyse:
    st.page_link(page_file("analyse"), label=tr("home.analyse"), icon=":material/troubleshoot:")

st.subheader(tr("home.games"))
done = session.lessons_done()
games = course().games
for row in range(0, len(games), 3):
    for col, game in zip(st.columns(3), games[row:row + 3]):
        with col.container(border=True):
            st.image(lesson_still(game.lessons[-1], session.lang()), width="stretch",
                     alt=lesson_still_text(game.lessons[-1], session.lang()))
            st.markdown(f"**{game_title(tr, game.id)}**")
            st.caption(tr(f"game.{game.id}.blurb"))
            finished = sum(1 for lid in game.lessons if lid in done)
            st.progress(finished / len(game.lessons),
                        text=tr("course.progress", done=finished, total=len(game.lessons)))
            first = next((lid for lid in game.lessons if lid not in done), game.lessons[0])
            st.page_link(page_file("lesson"), label=tr("home.open_game"), icon=":material/arrow_forward:",
                         query_params={"lesson": first, "lang": session.lang()})
