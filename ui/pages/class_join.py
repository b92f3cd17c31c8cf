"""The live class quiz, a student's side: join with a code and a nickname, answer each
question on the board or the buttons, see whether it was right once the teacher reveals it.

The link keeps the quiz and this device: ``?join=CODE&me=<random id>``. A reload, or the
same link opened again on the phone, is the same student (no account, no cookie). The
right answer never reaches this page before the teacher reveals it: the page only asks,
and the store keeps a student's verdict back until then.

In a rated quiz (the teacher's choice) an answer given while a profile is signed in on this
phone (the sidebar's, as on every page) keeps that profile with it: the teacher's reveal
rates it, and this page then shows the student's new puzzle rating (docs/ratings.md).
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from classroom.quiz import DEVICE, QuizError, new_device_id, normalize_code
from classroom.quiz_pulse import phase_of
from language import seat_names
from matches.table import class_seat_token, token_hash
from progress import ProgressError
from progress.ratings import START, Rating
from puzzles import check
from puzzles.explain import explanation, question_text
from ui import session
from ui.shell import page_file
from ui.parts.classroom.quiz import error_text, no_store_message, puzzle, quizzes, value_label
from ui.parts.live.feed import FEED
from ui.parts.live.watch import answer_guard, watch
from ui.parts.question_widget import ask
from ui.parts.rating_view import signed
from ui.parts.tables.view import table_store

tr = session.tr()
lang = session.lang()

session.show_notices()
st.title(tr("class.join_title"))
store = quizzes()
if store is None:
    no_store_message()
    st.stop()

# This device's id lives in the link, so a reload keeps the student.
me = st.query_params.get("me")
if not me or not DEVICE.match(str(me)):
    me = new_device_id()
    st.query_params["me"] = me
code = normalize_code(st.query_params.get("join", ""))


#: The container of the answer controls, where the watcher notes a tap that sends an answer.
ASKING = "class_asking"


def _go() -> None:
    typed = normalize_code(st.session_state.get("class_code_input", ""))
    if typed:
        st.query_params["join"] = typed


if not code:
    st.caption(tr("class.join_intro"))
    st.text_input(tr("class.code"), key="class_code_input", max_chars=12, placeholder="ABC234")
    st.button(tr("class.go"), key="class_go", type="primary", on_click=_go, icon=":material/login:")
    st.stop()

try:
    quiz = store.get(code)
    player = store.player(code, me)
except QuizError as error:
    st.error(error_text(error), icon=":material/search_off:")
    st.button(tr("class.other_code"), key="class_other", on_click=st.query_params.pop, args=("join",))
    st.stop()
except ProgressError as error:
    st.error(error_text(error))
    st.stop()


def _join() -> None:
    try:
        # the address is kept only as a salted hash: it limits the nicknames one phone can add
        store.join(code, st.session_state.get("class_nickname", ""), me, address=st.context.ip_address)
        st.session_state.pop("class_join_error", None)
        FEED.nudge()  # the teacher's screen shows the new name now, not at the next beat
    except ProgressError as error:
        st.session_state["class_join_error"] = error_text(error)


if player is None:
    st.subheader(session.plain(quiz.title))
    if quiz.state == "closed":
        st.info(tr("class.error.closed"))
        st.stop()
    st.text_input(tr("class.nickname"), key="class_nickname", max_chars=40, help=tr("class.nickname_help"))
    st.button(tr("class.join"), key="class_join", type="primary", on_click=_join, icon=":material/how_to_reg:")
    if st.session_state.get("class_join_error"):
        st.error(st.session_state["class_join_error"])
    st.stop()


def _submit(question: int, p, response) -> None:
    """The engine judges the answer here, on the server; the verdict is stored, not shown."""
    verdict = check(p, response, quiz.lang)
    me_signed_in = session.profile()
    # a rated quiz keeps the profile signed in on this device: the answer is rated at the reveal
    profile_id = me_signed_in.id if quiz.rated and me_signed_in is not None else None
    try:
        store.answer(code, player.id, question, response, correct=bool(verdict.correct), profile_id=profile_id)
        FEED.nudge()
    except QuizError as error:
        if error.code != "already_answered":  # a double tap: the first answer counts
            st.session_state["class_answer_error"] = error_text(error)
    except ProgressError as error:
        st.session_state["class_answer_error"] = error_text(error)


def _asking(quiz, i: int) -> None:
    p = puzzle(quiz.puzzle_ids[i])
    st.markdown(f"#### {question_text(p, quiz.lang)}")
    names = seat_names(quiz.lang, p.rules, p.viewer)
    # ask() draws the board (or the buttons) as everywhere in the app; the checker keeps
    # the answer and gives no verdict back, so nothing is judged on this screen yet
    ask(p.question.kind, p.round(), viewer=p.viewer, key=f"class:{code}:{i}",
        check=lambda response: _submit(i, p, response),
        choices=p.options, label=lambda value: value_label(p, value, quiz.lang), allow_retry=False, labels=names)


def _verdict(quiz, i: int, mine) -> None:
    p = puzzle(quiz.puzzle_ids[i])
    st.markdown(f"#### {question_text(p, quiz.lang)}")
    answer = value_label(p, p.answer, quiz.lang)
    if mine is None:
        st.warning(tr("class.no_answer", answer=answer), icon=":material/timer_off:")
    elif mine.correct:
        st.success(tr("class.you_right", answer=answer), icon=":material/check:")
    else:
        st.error(tr("class.you_wrong", given=session.plain(value_label(p, mine.response, quiz.lang)), answer=answer),
                 icon=":material/close:")
    lines = explanation(p, quiz.lang)
    if lines:
        st.info(" ".join(lines), icon=":material/lightbulb:")
    if quiz.rated and mine is not None:
        said = rated_answer_line(p.id, mine.at)
        if said:
            st.caption(said)


def rated_answer_line(puzzle_id: str, at) -> str | None:
    """What this answer did to the signed-in profile's puzzle rating (rated at the reveal)."""
    profile = session.profile()
    if profile is None:
        return None
    try:
        history = session.store().rating_history(profile.id)
    except ProgressError:
        return None
    found = history.index[(history["item"] == puzzle_id)
                          & ((history["at"] - at).abs() < pd.Timedelta(seconds=1))]
    if not len(found):
        return None  # not rated: answered as a guest, or not this profile's first try at the puzzle
    row = found[0]
    before = history["rating"].iloc[row - 1] if row > 0 else START.value
    mine = Rating(history["rating"].iloc[row], history["deviation"].iloc[row])
    return tr("ratings.yours", rating=mine.shown, change=signed(mine.value - before))


def rated_note(quiz) -> None:
    """Whether this quiz counts for a rating, and for whom."""
    if not quiz.rated:
        return
    st.caption(tr("ratings.quiz_counts") if session.profile() is not None else tr("ratings.quiz_guest"))


def my_table() -> None:
    """Where this phone sits: the class table whose seat token this device makes."""
    store = table_store()
    if store is None:
        st.warning(tr("table.no_store"), icon=":material/database_off:")
        return
    try:
        kept = store.group(code)
    except ProgressError as error:
        st.error(error_text(error))
        return
    for table_code, table in ((k.code, k.record) for k in kept):
        number = table.get("number")
        if number is None:
            continue
        token = class_seat_token(me, code, int(number))
        seat = next((i for i, s in enumerate(table.get("seats", ())) if s.get("token") == token_hash(token)), None)
        if seat is None:
            continue
        st.success(tr("class_tables.your_seat", table=number, seat_n=seat + 1), icon=":material/table_restaurant:")
        st.page_link(page_file("table"), label=tr("class_tables.go_to_table"), icon=":material/arrow_forward:",
                     query_params={"t": table_code, "me": token, "lang": lang})
        return
    st.info(tr("class_tables.no_seat"), icon=":material/event_seat:")


@st.fragment
def live() -> None:
    """What the quiz shows now; it redraws when the teacher moves on (the live feed says so)."""
    try:
        now = store.get(code)
    except ProgressError as error:
        st.error(error_text(error))
        return
    i = now.current
    # this phone's answer to the question on screen, read before the watcher is drawn: an
    # answer tapped on an earlier load of this page that is not here was lost on the way
    mine = store.my_answer(code, player.id, i) if now.state in ("question", "revealed") else None
    seen = watch(code, phase_of(now.state, now.current), what="phase", key="class_join_watch",
                 reload_on_restart=True,
                 guard=answer_guard(code, me, i, now.state, mine is not None, ASKING))
    lost = seen.unsent == i and mine is None
    st.caption(tr("class.you_are", name=session.plain(player.nickname)) + f" · {session.plain(now.title)}")
    rated_note(now)
    if st.session_state.get("class_answer_error"):
        st.error(st.session_state.pop("class_answer_error"))
    if now.state == "lobby":
        st.info(tr("class_tables.wait_seating" if not now.total else "class.wait_start"), icon=":material/hourglass_top:")
        return
    if now.state == "tables":
        my_table()
        return
    if now.state == "closed" and not now.total:
        st.success(tr("class_tables.ended_student"), icon=":material/emoji_events:")
        return
    if now.state == "closed":
        mine = store.my_results(code, player.id)
        right = sum(1 for a in mine if a.correct)
        row = next((r for r in store.ranking(code) if r.nickname == player.nickname), None)
        st.success(tr("class.final", right=right, total=now.total), icon=":material/emoji_events:")
        if row is not None:
            st.metric(tr("class.col_rank"), f"{row.rank}")
        return
    st.subheader(tr("class.question_n", n=i + 1, total=now.total))
    if now.state == "revealed":
        if lost:  # the verdict says "No answer": the phone says why
            st.warning(tr("class.not_sent_late"), icon=":material/wifi_off:")
        _verdict(now, i, mine)
        st.caption(tr("class.wait_next"))
    elif mine is None:
        if lost:
            st.warning(tr("class.not_sent"), icon=":material/wifi_off:")
        with st.container(key=ASKING):  # a tap on Check (or a play on the board) in here sends
            _asking(now, i)
    else:
        given = value_label(puzzle(now.puzzle_ids[i]), mine.response, now.lang)
        st.info(tr("class.received", answer=session.plain(given)),
                icon=":material/done:")


live()
