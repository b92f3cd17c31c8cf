"""A lesson: the rule explained, a scripted board that moves, table variants, your turn.

Deep link: ``?lesson=ID&step=N&lang=xx`` (``&present=1`` for a projector: see
:mod:`ui.parts.presentation`; the key F or the *Present* button enter it, Escape leaves).
"""

from dataclasses import replace

import streamlit as st

from lessons.model import final_standings
from puzzles import questions
from puzzles.explain import label, verdict_sentence
from ui import session
from ui.shell import page_file
from ui.board import announce, board, board_model
from ui.labels import ptype_title
from ui.labels import board_texts, event_text, game_title, result_summary, seat_labels
from ui.parts import presentation
from ui.parts.lesson_catalog import course
from ui.parts.question_widget import ask

tr = session.tr()
catalog = course()
ids = catalog.ordered_ids()

# ------------------------------------------------------------------ which lesson
requested = st.query_params.get("lesson")
if requested is not None and requested not in catalog.lessons:
    session.show_notices()
    st.error(tr("lesson.unknown", id=session.plain(str(requested)[:60])), icon=":material/error:")  # link text, shown as text
    st.page_link(page_file("course"), label=tr("lesson.to_course"), icon=":material/school:")
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
presenting = presentation.presenting()
# On a projector a lesson with a task ends on one more step: "Your turn", its answer hidden.
final = last + 1 if presenting and lesson.task is not None else last

if "lesson_step" not in st.session_state:
    st.session_state["lesson_step"] = session.int_param("step", 0, 0, final)
step = min(st.session_state["lesson_step"], final)
st.query_params["lesson"] = lesson_id
st.query_params["step"] = str(step)
session.show_notices()


def go(to: int) -> None:
    target = max(0, min(final, to))
    if target != st.session_state.get("lesson_step") and target <= last:
        announce(_step_words(target))
    st.session_state["lesson_step"] = target


def _step_words(i: int) -> str:
    """A step as a screen reader hears it: which step, what was played, the caption."""
    current = frames[i]
    words = [tr("lesson.step", n=i + 1, total=final + 1) + "."]
    if current.action and current.round.history:
        words.append(event_text(tr, current.round.history[-1][0], current.action,
                                seat_labels(tr, current.round.rules, lesson.viewer), lesson.viewer))
    if not (presenting and presentation.hands_hidden()):  # the caption may name the hidden tiles
        words.append(text.captions.get(current.caption, ""))
    return " ".join(w for w in words if w)


def on_nav(value: str) -> None:
    if value == "present":
        presentation.start()
        return
    if value == "leave":
        presentation.leave()
        return
    current = st.session_state.get("lesson_step", 0)
    go({"prev": current - 1, "next": current + 1, "first": 0, "last": final}.get(value, current))


def _toggle_overlay(lid: str, overlay: str) -> None:
    key = f"overlays:{lid}"
    current = list(st.session_state.get(key, []))
    if overlay in current:
        current.remove(overlay)
    else:
        current.append(overlay)
    st.session_state[key] = current


def _answer_tiles(value) -> list[str]:
    """The tiles an answer names ("3-5@L", "lead 6-6", a list of them), to mark on the board."""
    values = value if isinstance(value, list) else [value]
    tiles = []
    for item in values:
        word = str(item).removeprefix("lead ").split("@")[0]
        if len(word) == 3 and word[1] == "-" and word[0].isdigit() and word[2].isdigit():
            tiles.append(word)
    return tiles


def _present() -> None:
    """The lesson on a projector: the teacher's bar, the board, the caption; nothing else."""
    presentation.presentation_mode()
    on_task = step > last
    total = final + 1
    counter = (f"{tr('lesson.your_turn')} · {step + 1}/{total}" if on_task
               else tr("lesson.step", n=step + 1, total=total))
    variants = [(v.overlay, text.variants.get(v.overlay, v.overlay), v.overlay in overlays) for v in lesson.variants]
    presentation.teacher_bar(step=step, total=total, counter=counter, go=go, lesson_id=lesson_id,
                             has_task=lesson.task is not None, on_task=on_task, variants=variants,
                             toggle_variant=lambda overlay: _toggle_overlay(lesson_id, overlay))
    hidden = presentation.hands_hidden()
    shown = presentation.answer_shown(lesson_id)
    if on_task:
        task = lesson.task
        rnd = task.round()
        viewer = task.viewer
        params = {"viewer": task.viewer, **task.params}
        answer = questions.answer(task.kind, rnd, params)
        reveal = False
        highlight = _answer_tiles(answer) if shown else []
    else:
        rnd, viewer, reveal, highlight = frames[step].round, lesson.viewer, lesson.reveal or frames[step].round.is_over, []
    board_col, side_col = st.columns([13, 7], gap="medium")
    with board_col:
        model = board_model(rnd, viewer, seat_labels=seat_labels(tr, rnd.rules, viewer), texts=board_texts(tr),
                            reveal=reveal and not hidden, interactive=False, highlight=highlight)
        board(model, key="lesson_board", on_nav=on_nav, present=True, hide_hand=hidden)
    with side_col:
        st.title(text.title, anchor=False)
        if on_task:
            st.markdown(text.task.get("prompt", ""))
            if shown:
                presentation.answer_block(f"{tr('presenter.answer')}: {label(session.lang(), task.kind, answer, rnd.rules, task.viewer)}",
                                          text.task.get("right", ""))
            return
        current = frames[step]
        if current.action and current.round.history:
            st.markdown(event_text(tr, current.round.history[-1][0], current.action,
                                   seat_labels(tr, rules, viewer), viewer))
        # With the hands face down the step's caption is kept back too: it speaks from the
        # viewer's seat ("the two halves of your last tile") and would name what is hidden.
        if not hidden:
            st.info(text.captions.get(current.caption, ""))
        if current.round.result is not None:
            with st.container(border=True):
                for line in result_summary(tr, rules, current.round.result) + standings_lines(current.round):
                    st.markdown(line)


def standings_lines(rnd) -> list[str]:
    """Goat's final standings when this round ends the match (KZ-13, A-22): every place
    and total as the engine ranks them, equal totals sharing a place, the goats named."""
    standings = final_standings(rnd)
    if standings is None or rnd.rules.match_mode != "penalty":
        return []
    seats = seat_labels(tr, rnd.rules, lesson.viewer)
    return [tr("lesson.standings")] + [
        tr("lesson.standing_goat", rank=s.rank, seat=seats[s.side], total=s.total) if s.goat
        else f"{s.rank}. {seats[s.side]}: {s.total}" for s in standings]  # as Play lists them


def analysis_link(rnd, viewer: int, key: str) -> str | None:
    """The lesson's board position on the analysis board, from the lesson's seat (None
    when the step was set up mid-round, without the deal's start):
    made once per step."""
    cache = st.session_state.setdefault("lesson_analysis", {})
    if key not in cache:
        from matches.companion import TableGame, to_link

        link = None
        if not getattr(rnd, "from_snapshot", False):
            try:
                link = to_link(TableGame.from_round(rnd, viewer))
            except ValueError:  # EntryError: a lesson board the record cannot hold: the plain link
                link = None
        cache[key] = link
    return cache[key]


# ------------------------------------------------------------------ header
game = catalog.game_of(lesson_id)
position = game.lessons.index(lesson_id) + 1
frame = frames[min(step, last)]
rules = frame.round.rules
if presenting:
    _present()
    st.stop()

st.caption(f"{game_title(tr, game.id)} · {tr('lesson.number', n=position, total=len(game.lessons))}")
st.container(key="lesson_title").title(text.title)  # a smaller h1 (page_style): the board fits below

board_col, side_col = st.columns([3, 2], gap="large")
with board_col:
    # The same board as show_board() draws, and one that the key F puts on the projector.
    board(board_model(frame.round, lesson.viewer, seat_labels=seat_labels(tr, rules, lesson.viewer), texts=board_texts(tr),
                      reveal=lesson.reveal or frame.round.is_over, interactive=False),
          key="lesson_board", on_nav=on_nav, presentable=True, fit_screen=True)
    steps_row = st.container(key="lesson_steps")
    first_b, prev_b, counter, next_b, last_b = steps_row.columns([1, 1, 2, 1, 1], vertical_alignment="center")
    first_b.button(":material/first_page:", key="first", help=tr("lesson.first"), on_click=go, args=(0,),
                   disabled=step == 0, width="stretch")
    prev_b.button(":material/chevron_left:", key="prev", help=tr("lesson.prev"), on_click=go, args=(step - 1,),
                  disabled=step == 0, width="stretch")
    counter.markdown(f"<div style='text-align:center'>{tr('lesson.step', n=step + 1, total=last + 1)}</div>",
                     unsafe_allow_html=True)
    next_b.button(":material/chevron_right:", key="next", help=tr("lesson.next"), on_click=go, args=(step + 1,),
                  disabled=step == last, width="stretch")
    last_b.button(":material/last_page:", key="last", help=tr("lesson.last"), on_click=go, args=(last,),
                  disabled=step == last, width="stretch")
    hint_col, present_col = st.columns([5, 2], vertical_alignment="center")
    hint_col.caption(tr("lesson.keys_hint"))
    present_col.button(tr("presenter.start"), key="present_start", icon=":material/slideshow:",
                       help=tr("presenter.start_help"), on_click=presentation.start, width="stretch")

with side_col:
    # The summary beside the board, not above it: at 1280 x 800 the board and its step
    # buttons then fit on the screen together (issue 10).
    st.markdown(f"*{text.summary}*")
    caption = text.captions.get(frame.caption, "")
    if frame.action:
        seats = seat_labels(tr, rules, lesson.viewer)
        actor = frame.round.history[-1][0] if frame.round.history else None
        if actor is not None:
            st.markdown(f"**{event_text(tr, actor, frame.action, seats, lesson.viewer)}**")
    st.info(caption, icon=":material/lightbulb:")
    if frame.round.result is not None:
        with st.container(border=True):
            for line in result_summary(tr, rules, frame.round.result) + standings_lines(frame.round):
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


# ------------------------------------------------------------------ explanation
explain, remember = st.columns([3, 2], gap="large")
with explain:
    st.markdown(text.body)
with remember:
    st.markdown(f"**{tr('lesson.remember')}**")
    for point in text.remember:
        st.markdown(f"- {point}")
    st.page_link(page_file("lesson"), label=tr("lesson.present"), icon=":material/slideshow:",
                 query_params={"lesson": lesson_id, "step": str(step), "lang": session.lang(), "present": "1"})
    analysis = analysis_link(frame.round, lesson.viewer, f"{lesson_id}:{step}:{','.join(sorted(overlays))}")
    if analysis:
        st.page_link(page_file("analyse"), label=tr("play.analyse_position"), icon=":material/troubleshoot:",
                     query_params={"g": analysis, "lang": session.lang()})
    else:
        st.page_link(page_file("analyse"), label=tr("lesson.analyse_board"), icon=":material/troubleshoot:",
                     query_params={"lang": session.lang()})

# ------------------------------------------------------------------ your turn
#: verdicts that only say right or wrong: a task's own text replaces them
GENERIC_VERDICTS = ("right", "wrong", "exact", "legal", "laid_touched", "not_touched")
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
        own = text.task.get("right" if verdict.correct else "wrong", "")
        # The lesson's own words say right or wrong and why; the engine's sentence is kept
        # only where it adds a fact they cannot know (why that move is illegal).
        sentence = "" if own and verdict.reason in GENERIC_VERDICTS else \
            verdict_sentence(lang, task.kind, verdict, task_round.rules)
        return replace(verdict, explanation=sentence)

    with task_col:
        verdict = ask(task.kind, task_round, viewer=task.viewer, key=f"task:{lesson_id}", check=check_task,
                      selected=str(task.params["tile"]) if task.kind == "touch_move" else None,
                      choices=questions.options(task.kind, task_round, params),
                      label=lambda value: label(lang, task.kind, value, task_round.rules, task.viewer),
                      right_text=text.task.get("right", ""), wrong_text=text.task.get("wrong", ""))
    if verdict is not None and verdict.correct:
        session.mark_lesson_done(lesson_id)
elif step == last:
    session.mark_lesson_done(lesson_id)

# ------------------------------------------------------------------ onwards
drills = lesson.drills
drill_game = lesson.rules.get("preset", game.preset)  # the lesson's own game: the strategy part mixes games
if drills:
    st.markdown(f"**{tr('lesson.drills')}**")
    for col, drill in zip(st.columns(len(drills)), drills):
        col.page_link(page_file("practice"), label=ptype_title(drill), icon=":material/extension:",
                      query_params={"type": drill, "game": drill_game, "lang": session.lang()})

before, after = catalog.neighbours(lesson_id)
prev_col, next_col = st.columns(2)
if before:
    prev_col.page_link(page_file("lesson"), label=f"← {catalog.lesson(before).text(session.lang()).title}",
                       query_params={"lesson": before, "lang": session.lang()})
if after:
    next_col.page_link(page_file("lesson"), label=f"{catalog.lesson(after).text(session.lang()).title} →",
                       query_params={"lesson": after, "lang": session.lang()})
