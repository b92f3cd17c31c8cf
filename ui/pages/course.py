"""The course: every game and its lessons in order, as cards with a still of each board,
with this session's (and profile's) done-marks."""

import streamlit as st

from ui import session
from ui.shell import page_file
from ui.labels import game_title
from ui.parts.lesson_catalog import course
from ui.parts.stills import lesson_still, lesson_still_text

tr = session.tr()
session.show_notices()
st.title(tr("course.title"))
st.caption(tr("course.intro"))


done = session.lessons_done()
catalog = course()
lang = session.lang()
for game in catalog.games:
    finished = sum(1 for lid in game.lessons if lid in done)
    st.subheader(game_title(tr, game.id))
    st.caption(f"{tr(f'game.{game.id}.blurb')} · {tr('course.progress', done=finished, total=len(game.lessons))}")
    for row in range(0, len(game.lessons), 4):
        for col, lesson_id in zip(st.columns(4), game.lessons[row:row + 4]):
            number = game.lessons.index(lesson_id) + 1
            text = catalog.lesson(lesson_id).text(lang)
            with col.container(border=True):
                st.image(lesson_still(lesson_id, lang), width="stretch", alt=lesson_still_text(lesson_id, lang))
                mark = ":material/check_circle:" if lesson_id in done else ":material/play_circle:"
                st.page_link(page_file("lesson"), label=f"{number}. {text.title}", icon=mark,
                             query_params={"lesson": lesson_id, "lang": lang})
                st.caption(text.summary)
