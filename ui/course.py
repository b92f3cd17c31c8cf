"""The course: every game and its lessons in order, as cards with a still of each board,
with this session's (and profile's) done-marks."""

import streamlit as st

from ui import session
from ui.board import board_model, render_svg
from ui.labels import board_texts, game_title, seat_labels
from ui.lesson_catalog import course

tr = session.tr()
session.show_notices()
st.title(tr("course.title"))
st.caption(tr("course.intro"))


@st.cache_data(show_spinner=False, max_entries=256)
def lesson_still(lesson_id: str, lang: str) -> str:
    """The lesson's board at its last step, as an SVG still (the same look as the live board)."""
    lesson = course().lesson(lesson_id)
    rnd = lesson.frames()[-1].round
    words = session.translator(lang)
    model = board_model(rnd, lesson.viewer, seat_labels=seat_labels(words, rnd.rules),
                        texts=board_texts(words), reveal=lesson.reveal or rnd.is_over, interactive=False)
    return render_svg(model)


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
                st.image(lesson_still(lesson_id, lang), use_container_width=True)
                mark = ":material/check_circle:" if lesson_id in done else ":material/play_circle:"
                st.page_link("ui/lesson.py", label=f"{number}. {text.title}", icon=mark,
                             query_params={"lesson": lesson_id, "lang": lang})
                st.caption(text.summary)
