"""The course: every game and its lessons in order, with this session's done-marks."""

import streamlit as st

from ui import session
from ui.labels import game_title
from ui.lesson_catalog import course

tr = session.tr()
session.show_notices()
st.title(tr("course.title"))
st.caption(tr("course.intro"))

done = session.lessons_done()
catalog = course()
for game in catalog.games:
    finished = sum(1 for lid in game.lessons if lid in done)
    with st.expander(f"{game_title(tr, game.id)} · {tr('course.progress', done=finished, total=len(game.lessons))}",
                     expanded=finished < len(game.lessons)):
        st.caption(tr(f"game.{game.id}.blurb"))
        for number, lesson_id in enumerate(game.lessons, 1):
            text = catalog.lesson(lesson_id).text(session.lang())
            mark = ":material/check_circle:" if lesson_id in done else ":material/radio_button_unchecked:"
            st.page_link("ui/lesson.py", label=f"{number}. {text.title} — {text.summary}", icon=mark,
                         query_params={"lesson": lesson_id, "lang": session.lang()})
