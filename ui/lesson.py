"""A lesson: the rule explained, a scripted board that moves, table variants, your turn.

Deep link: ``?lesson=ID&step=N&lang=xx`` (``&present=1`` for a projector).
"""

from dataclasses import replace

import streamlit as st

from puzzles import questions
from puzzles.explain import label, verdict_sentence
from ui import session
from ui.labels import ptype_title
from ui.board_frame import show_board
from ui.labels import action_label, game_title, result_summary, seat_labels
from ui.lesson_catalog import course
from ui.presentation import presentation_mode
from ui.question_widget import ask

tr = session.tr()
catalog = course()
ids = catalog.ordered_ids()

# ------------------------------------------------------------------ which lesson
requested = st.query_params.get("lesson")
if requested is not None and requested not in catalog.lessons:
    session.show_notices()
    st.error(tr("lesson.unknown", id=str(requested)[:60]), icon=":material/error:")
    st.page_link("ui/course.py", label=tr("lesson.to_course"), icon=":material/school:")
    st.stop()
lesson_id = requested or st.session_state.get("lesson_current") or ids[0]
if st.session_state.get("lesson_current") != lesson_id:
    st.session_state["lesson_current"] = lesson_id
    st.session_state.pop("lesson_step", None)
lesson = catalog.lesson(lesson_id)
text = lesson.text(session.lang())
overlays = st.session_state.get(f"overlays:{lesson_id}", [])
frames = lesson.frames(overlays)
last = len(frames) - 1

if "lesson_step" not in st.session_state:
    st.session_state["lesson_step"] = session.int_param("step", 0, 0, last)
step = min(st.session_state["lesson_step"], last)
st.query_params["lesson"] = lesson_id
st.query_params["step"] = str(step)
presenting = st.query_params.get("present") == "1"
session.show_notices()


def go(to: int) -> None:
    st.session_state["lesson_step"] = max(0, min(last, to))


def on_nav(value: str) -> None:
    current = st.session_state.get("lesson_step", 0)
    go({"prev": current - 1, "next": current + 1, "first": 0, "last": last}.get(value, current))


def _toggle_overlay(lid: str, overlay: str) -> None:
    key = f"overlays:{lid}"
    current = list(st.session_state.get(key, []))
    if overlay in current:
        current.remove(overlay)
    else:
        current.append(overlay)
    st.session_state[key] = current


# ------------------------------------------------------------------ header
if presenting:
    presentation_mode()
game = catalog.game_of(lesson_id)
position = game.lessons.index(lesson_id) + 1
st.caption(f"{game_title(tr, game.id)} · {tr('lesson.number', n=position, total=len(game.lessons))}")
st.title(text.title)
if not presenting:
    st.markdown(f"*{text.summary}*")

frame = frames[step]
rules = frame.round.rules
board_col, side_col = st.columns([3, 2] if not presenting else [5, 2], gap="large")
with board_col:
    show_board(frame.round, viewer=lesson.viewer, key="lesson_board",
               reveal=lesson.reveal or frame.round.is_over, interactive=False, on_nav=on_nav)
    first_b, prev_b, counter, next_b, last_b = st.columns([1, 1, 2, 1, 1], vertical_alignment="center")
    first_b.button(":material/first_page:", key="first", help=tr("lesson.first"), on_click=go, args=(0,),
                   disabled=step == 0, use_container_width=True)
    prev_b.button(":material/chevron_left:", key="prev", help=tr("lesson.prev"), on_click=go, args=(step - 1,),
                  disabled=step == 0, use_container_width=True)
    counter.markdown(f"<div style='text-align:center'>{tr('lesson.step', n=step + 1, total=last + 1)}</div>",
                     unsafe_allow_html=True)
    next_b.button(":material/chevron_right:", key="next", help=tr("lesson.next"), on_click=go, args=(step + 1,),
                  disabled=step == last, use_container_width=True)
    last_b.button(":material/last_page:", key="last", help=tr("lesson.last"), on_click=go, args=(last,),
                  disabled=step == last, use_container_width=True)
    st.caption(tr("lesson.keys_hint"))

with side_col:
    caption = text.captions.get(frame.caption, "")
    if frame.action:
        seats = seat_labels(tr, rules)
        actor = frame.round.history[-1][0] if frame.round.history else None
        if actor is not None:
            st.markdown(f"**{seats[actor]}:** {action_label(tr, frame.action)}")
    st.info(caption, icon=":material/lightbulb:")
    if frame.round.result is not None:
        with st.container(border=True):
            for line in result_summary(tr, rules, frame.round.result):
                st.markdown(line)
            plain = lesson.frames()[step].round.result  # the same step under the lesson's own rules
            if overlays and plain != frame.round.result:
                st.caption(tr("lesson.variant_changed"))
    if lesson.variants:
        with st.expander(tr("lesson.table_rules"), expanded=bool(overlays)):
            st.caption(tr("lesson.table_rules_hint"))
            for variant in lesson.variants:
                variant_text = text.variants.get(variant.overlay, variant.overlay)
                st.toggle(variant_text, key=f"variant:{lesson_id}:{variant.overlay}",
                          value=variant.overlay in overlays,
                          on_change=lambda v=variant.overlay: _toggle_overlay(lesson_id, v))


if presenting:
    st.stop()

# ------------------------------------------------------------------ explanation
explain, remember = st.columns([3, 2], gap="large")
with explain:
    st.markdown(text.body)
with remember:
    st.markdown(f"**{tr('lesson.remember')}**")
    for point in text.remember:
        st.markdown(f"- {point}")
    st.page_link("ui/lesson.py", label=tr("lesson.present"), icon=":material/slideshow:",
                 query_params={"lesson": lesson_id, "step": str(step), "lang": session.lang(), "present": "1"})

# ------------------------------------------------------------------ your turn
if lesson.task is not None:
    st.subheader(tr("lesson.your_turn"))
    task_col, _ = st.columns([3, 2], gap="large")  # the same width as the lesson's board
    task_col.markdown(text.task.get("prompt", ""))
    task = lesson.task
    task_round = task.round()
    params = {"viewer": task.viewer, **task.params}
    lang = session.lang()

    def check_task(response):
        verdict = questions.check(task.kind, task_round, params, response)
        return replace(verdict, explanation=verdict_sentence(lang, task.kind, verdict, task_round.rules))

    with task_col:
        verdict = ask(task.kind, task_round, viewer=task.viewer, key=f"task:{lesson_id}", check=check_task,
                      choices=questions.options(task.kind, task_round, params),
                      label=lambda value: label(lang, task.kind, value, task_round.rules),
                      right_text=text.task.get("right", ""), wrong_text=text.task.get("wrong", ""))
    if verdict is not None and verdict.correct:
        session.mark_lesson_done(lesson_id)
elif step == last:
    session.mark_lesson_done(lesson_id)

# ------------------------------------------------------------------ onwards
drills = lesson.drills
if drills:
    st.markdown(f"**{tr('lesson.drills')}**")
    for col, drill in zip(st.columns(len(drills)), drills):
        col.page_link("ui/practice.py", label=ptype_title(drill), icon=":material/extension:",
                      query_params={"type": drill, "game": game.preset, "lang": session.lang()})

before, after = catalog.neighbours(lesson_id)
prev_col, next_col = st.columns(2)
if before:
    prev_col.page_link("ui/lesson.py", label=f"← {catalog.lesson(before).text(session.lang()).title}",
                       query_params={"lesson": before, "lang": session.lang()})
if after:
    next_col.page_link("ui/lesson.py", label=f"{catalog.lesson(after).text(session.lang()).title} →",
                       query_params={"lesson": after, "lang": session.lang()})
