"""The live class quiz, the teacher's side: build a quiz from puzzles, preview it, open it,
then drive it question by question, and take the results away as CSV.

Only this session drives the quiz: it holds the teacher's secret (never shown on the
projected screen; a private resume link sits in a closed expander). ``?quiz=CODE&key=SECRET``
resumes a quiz in a new session, and the key is then taken out of the address bar.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from classroom.quiz import CAPACITY, MAX_CLASS, PER_ADDRESS, QuizError, summary, to_csv
from classroom.quiz_pulse import pulses
from progress import ProgressError
from puzzles import BANDS, KINDS, PUZZLE_TYPES, PuzzleError, practice_puzzle, puzzle_from_id
from puzzles.explain import explanation, question_text
from ui import session
from ui.parts.board_frame import show_board
from ui.parts.classroom.quiz import (
    LOBBY_NAMES, RIGHT_MARK, answer_key, answers_figure, error_text, join_link, no_store_message, puzzle, qr_svg,
    question_facts, quizzes, value_label,
)
from ui.labels import game_title, ptype_title
from ui.parts.classroom.screen import LOBBY, PROJECTOR, board_room, projector_style
from ui.parts.classroom.tables import end_all, overview, seating_panel
from ui.parts.classroom.tables import summary as tables_summary
from ui.parts.classes.live_history import class_choice, keep_quiz, keep_tables, started
from ui.parts.live.feed import FEED
from ui.parts.live.watch import watch
from ui.shell import page_file

tr = session.tr()
lang = session.lang()
TEACHER = "class_teacher"  # {"code": ..., "secret": ...}
BUILT = "class_built"      # the previewed puzzle ids
ANY = "any"
FLASH = "class_flash"       # the last action's error, in words, until the next action
MAX_COUNT = 20
SEATING_SEEN = "class_tables_seen"  # the students the seating plan was drawn with

session.show_notices()
projector_style()
# The page's title, except while a question is on the projector: there the question is the title
heading = st.empty()
heading.title(tr("class.teacher_title"))
store = quizzes()
if store is None:
    no_store_message()
    st.stop()

# ------------------------------------------------------------------ resuming by link
wanted, key = st.query_params.get("quiz"), st.query_params.get("key")
if key is not None:
    st.query_params.pop("key")  # a secret must not stay in a projected address bar
    try:
        if store.is_teacher(str(wanted), str(key)):
            st.session_state[TEACHER] = {"code": store.get(str(wanted)).code, "secret": str(key)}
        else:
            st.error(tr("class.error.not_teacher"))
    except ProgressError as error:
        st.error(error_text(error))


# ------------------------------------------------------------------ building
@st.cache_data(show_spinner=False, max_entries=64)
def _build(types: tuple[str, ...], game: str, level: str, count: int, seed: int) -> tuple[list[str], int]:
    """Puzzle ids for the quiz, and how many could not be made."""
    ids: list[str] = []
    failed = 0
    for i in range(count):
        ptype = types[i % len(types)]
        chosen = game if game != ANY and game in PUZZLE_TYPES[ptype].presets else None
        try:
            p = practice_puzzle(ptype, chosen, None if level == ANY else level, seed + i // len(types))
        except (PuzzleError, OSError):
            failed += 1
            continue
        ids.append(p.id)
    return ids, failed


def _from_ids(text: str) -> tuple[list[str], list[str]]:
    ids, bad = [], []
    for line in text.splitlines():
        line = line.strip().replace(" ", "+")
        if not line:
            continue
        try:
            ids.append(puzzle_from_id(line).id)
        except (PuzzleError, OSError):
            bad.append(line)
    return ids, bad


def _open_quiz(for_tables: bool = False) -> None:
    ids = st.session_state.get(BUILT) or []
    title = (st.session_state.get("class_title") or "").strip() or tr(
        "class_tables.default_title" if for_tables else "class.default_title")
    try:
        quiz, secret = store.create(ids, title=title, lang=lang,
                                    capacity=int(st.session_state.get("class_capacity", CAPACITY)),
                                    per_address=int(st.session_state.get("class_per_address", PER_ADDRESS)),
                                    rated=bool(st.session_state.get("class_rated", False)) and not for_tables,
                                    for_tables=for_tables)
    except ProgressError as error:
        st.session_state[FLASH] = error_text(error)
        return
    st.session_state[TEACHER] = {"code": quiz.code, "secret": secret}
    started(quiz.code)  # for a class picked in class_choice: its results go into the class's history
    st.session_state.pop(BUILT, None)


def class_size() -> None:
    size, per = st.columns(2)
    size.number_input(tr("class.capacity"), 1, MAX_CLASS, CAPACITY, key="class_capacity",
                      help=tr("class.capacity_help"))
    per.number_input(tr("class.per_address"), 0, MAX_CLASS, PER_ADDRESS, key="class_per_address",
                     help=tr("class.per_address_help"))


def builder() -> None:
    # the class that lasts (roster, homework, progress): docs/classes.md
    st.page_link(page_file("classes"), label=tr("classes.from_live"), icon=":material/groups:")
    kind = st.segmented_control(tr("class_tables.kind"), ["quiz", "tables"], default="quiz", required=True,
                                key=session.translated("class_kind"),
                                format_func=lambda k: tr(f"class_tables.kind_{k}"))
    class_choice()  # a class of My classes opened in this session, or none
    if kind == "tables":
        st.caption(tr("class_tables.intro"))
        st.text_input(tr("class_tables.class_title"), key="class_title", max_chars=80,
                      placeholder=tr("class_tables.default_title"))
        class_size()
        st.button(tr("class_tables.open_class"), key="class_open_tables", type="primary",
                  icon=":material/co_present:", on_click=_open_quiz, args=(True,))
        return
    st.caption(tr("class.teacher_intro"))
    st.text_input(tr("class.quiz_title"), key="class_title", max_chars=80, placeholder=tr("class.default_title"))
    source = st.segmented_control(tr("class.source"), ["drills", "ids"], key=session.translated("class_source"),
                                  format_func=lambda s: tr(f"class.source_{s}"), default="drills", required=True)
    if source == "ids":
        text = st.text_area(tr("class.ids"), key="class_ids", help=tr("class.ids_help"))
        if st.button(tr("class.build"), key="class_build", icon=":material/construction:"):
            ids, bad = _from_ids(text)
            st.session_state[BUILT] = ids
            if bad:
                st.warning(tr("class.bad_ids", ids=session.plain(", ".join(bad)[:200])))
    else:
        types = st.multiselect(tr("class.types"), list(PUZZLE_TYPES), key=session.translated("class_types"),
                               default=[t for t in ("fives", "round_score", "next_leader") if t in PUZZLE_TYPES],
                               format_func=lambda name: ptype_title(name, lang=tr.lang))
        games = sorted({g for t in (types or PUZZLE_TYPES) for g in PUZZLE_TYPES[t].presets})
        left, middle, right = st.columns([3, 4, 3])
        game = left.selectbox(tr("class.game"), [ANY, *games], key=session.translated("class_game"),
                              format_func=lambda g: tr("class.any_game") if g == ANY else game_title(tr, g))
        level = middle.segmented_control(tr("practice.level"), [ANY, *BANDS], key=session.translated("class_level"),
                                         format_func=lambda b: tr(f"level.{b}"), default=ANY, required=True)
        count = right.number_input(tr("class.count"), 1, MAX_COUNT, 5, key="class_count")
        seed = st.number_input(tr("class.seed"), 0, 10**6, 0, key="class_seed", help=tr("class.seed_help"))
        if st.button(tr("class.build"), key="class_build", icon=":material/construction:", disabled=not types):
            ids, failed = _build(tuple(types), game, level or ANY, int(count), int(seed))
            st.session_state[BUILT] = ids
            if failed:
                st.warning(tr("class.some_failed", n=failed))

    ids = st.session_state.get(BUILT)
    if ids is None:
        return
    if not ids:
        st.warning(tr("class.empty"))
        return
    st.subheader(tr("class.preview", n=len(ids)))
    for n, pid in enumerate(ids, 1):
        p = puzzle(pid)
        st.markdown(f"**{n}.** {question_text(p, lang)}")
        st.caption(f"{ptype_title(p.ptype)} · {game_title(tr, p.rules.preset_name)} · {tr(f'level.{p.difficulty.band}')}"
                   f" · `{pid}`")
    class_size()
    # not rated unless the teacher says so: a class quiz is often a first look at a topic
    st.toggle(tr("ratings.quiz_rated"), value=False, key="class_rated", help=tr("ratings.quiz_rated_help"))
    st.button(tr("class.open"), key="class_open", type="primary", icon=":material/co_present:", on_click=_open_quiz)


# ------------------------------------------------------------------ running
def _act(move: str) -> None:
    held = st.session_state.get(TEACHER) or {}
    st.session_state.pop(FLASH, None)
    try:
        if move in ("reveal", "close"):  # a rated quiz rates the answers to the question it reveals
            quiz = store.get(held.get("code", ""))
            facts = question_facts(quiz.puzzle_ids) if quiz.rated else None
            getattr(store, move)(held.get("code", ""), held.get("secret"), facts=facts, day=session.today())
        else:
            getattr(store, move)(held.get("code", ""), held.get("secret"))
        FEED.nudge()  # the phones move on now, not at the next beat
    except QuizError as error:
        if error.code != "bad_move":  # a double click, or another window moved first: the page redraws
            st.session_state[FLASH] = error_text(error)  # kept until the next action
    except ProgressError as error:
        st.session_state[FLASH] = error_text(error)


def _leave() -> None:
    for name in (TEACHER, BUILT, FLASH):
        st.session_state.pop(name, None)


def _remove(code: str, key: str) -> None:
    held = st.session_state.get(TEACHER) or {}
    chosen = list(st.session_state.get(key) or ())
    st.session_state.pop(FLASH, None)
    if not chosen:
        return
    try:
        # one transaction for all of them: a flood of fakes goes in one press
        store.remove_many(code, held.get("secret"), [int(c[0]) for c in chosen])
        st.session_state[key] = []
        done = (tr("class.removed_done", name=session.plain(chosen[0][1])) if len(chosen) == 1
                else tr("class.removed_many_done", n=len(chosen)))
        st.toast(done, icon=":material/person_remove:")
        FEED.nudge()
    except ProgressError as error:
        st.session_state[FLASH] = error_text(error)


def remove_panel(code: str, players: list, key: str) -> None:
    """Take nicknames out of the quiz: a fake, a rude name, a student twice, or a flood of
    fakes at once. The box searches as the teacher types; every name picked goes in one press."""
    with st.expander(tr("class.remove_title_many"), icon=":material/person_remove:"):
        options = [(p.id, p.nickname) for p in reversed(players)]  # the newest first: fakes arrive last
        if st.session_state.get(key):  # names removed by another window are no longer offered
            st.session_state[key] = [c for c in st.session_state[key] if tuple(c) in options]
        st.multiselect(tr("class.remove_pick_many"), options, key=key, format_func=lambda o: o[1],
                       placeholder=tr("class.remove_placeholder"))
        st.button(tr("class.remove"), key=f"{key}:go", icon=":material/person_remove:", on_click=_remove,
                  args=(code, key), disabled=not players)


def join_panel(code: str, players: list, capacity: int, *, qr_width: int = 260) -> None:
    link = join_link(code)
    qr_col, text_col = st.columns([1, 2])
    qr_col.image(qr_svg(link), width=qr_width, alt=tr("class.qr_alt", link=link))
    with text_col.container(key="class_join_text"):
        st.markdown(f"{tr('class.join_at')}\n# `{code}`")
        # inline, so a long link wraps: a code block would scroll, out of a keyboard's reach
        st.markdown(f"`{link}`")
        shown = players[-LOBBY_NAMES:]
        names = ", ".join(session.plain(p.nickname) for p in shown)
        more = len(players) - len(shown)
        tail = f" {tr('class.more_names', n=more)}" if more else ""
        st.markdown(f"**{tr('class.joined_of', n=len(players), capacity=capacity)}** {names}{tail}")


#: The containers of the buttons that move the quiz (Start; Show the answer / Next).
MOVES = ("class_start", "class_bar")


def _watch_all(code: str, key: str) -> None:
    """Redraw the enclosing fragment when a student joins, leaves or answers, or the quiz moves.
    The value is read before what the fragment shows, so the screen is never behind it.
    A press of a move that changed nothing 4 s later is said here (ui/parts/live/watch.js)."""
    beat = pulses(store, [code]).get(code)
    if beat is None:
        return
    seen = watch(code, beat.watched("all"), what="all", key=key, press=MOVES)
    if seen.press_lost is not None and seen.press_lost == beat.phase:
        st.warning(tr("class.press_lost"), icon=":material/sync_problem:")


@st.fragment
def lobby(code: str) -> None:
    """The students arriving, as they arrive; Start once someone is in."""
    try:
        _watch_all(code, "class_lobby_watch")
        quiz = store.get(code)
        players = store.players(code)
    except ProgressError as error:
        st.error(error_text(error))
        return
    if quiz.state != "lobby":
        st.rerun()  # started (here or from another window of this teacher): draw the question
    if not quiz.total and len(players) != st.session_state.get(SEATING_SEEN, len(players)):
        st.rerun(scope="app")  # the seating plan below lists the students: it draws the newcomer too
    with st.container(key=LOBBY):  # the projector's sizes (ui/parts/classroom/screen.py)
        # Start comes first: however many names arrive, it stays where the teacher left it
        if quiz.total:  # a class for tables is seated below instead
            st.button(tr("class.start"), key="class_start", type="primary", icon=":material/play_arrow:",
                      on_click=_act, args=("advance",), disabled=not players)
        join_panel(quiz.code, players, quiz.capacity, qr_width=400)
    remove_panel(quiz.code, players, "class_remove_lobby")


def teacher_bar(quiz, players: list) -> None:
    """One row above the question: where the class is, how to join (the code, and the QR
    code on a click), and the one button that moves on: *Show the answer*, then *Next*."""
    with st.container(horizontal=True, key="class_bar", vertical_alignment="center"):
        st.container(key="class_kicker", width="content").markdown(
            tr("class.question_n", n=quiz.current + 1, total=quiz.total))
        rated = f" · {tr('ratings.quiz_is_rated')}" if quiz.rated else ""
        st.caption(f"{session.plain(quiz.title)} · {tr(f'class.state_{quiz.state}')}{rated}", width="content")
        with st.popover(tr("class.join_again", code=quiz.code), icon=":material/qr_code_2:", key="class_join_pop"):
            join_panel(quiz.code, players, quiz.capacity, qr_width=320)
        if quiz.state == "question":
            st.button(tr("class.reveal"), key="class_reveal", type="primary", icon=":material/visibility:",
                      on_click=_act, args=("reveal",))
        else:
            label = tr("class.finish") if quiz.is_last else tr("class.next")
            st.button(label, key="class_next", type="primary", icon=":material/skip_next:",
                      on_click=_act, args=("advance",))


def question_view(quiz, held, players: list) -> None:
    """A question on the projector: the bar, the question and its options, then the board
    large and beside it the count and the chart (once revealed, the answer and why under
    them). From the bar to the chart it fits a 1920 × 1080 screen (ui/parts/classroom/screen.py)."""
    i = quiz.current
    p = puzzle(quiz.puzzle_ids[i])
    revealed = quiz.state == "revealed"
    text = question_text(p, quiz.lang)
    teacher_bar(quiz, players)
    st.container(key="class_question").title(text, anchor=False)  # the page's heading, on the projector
    chips: list[str] = []
    if p.options and p.question.kind not in ("legal_moves",) and len(p.options) <= 8:
        answer = p.answer if KINDS[p.question.kind].multi else [p.answer]
        right = {answer_key(a) for a in answer}
        for o in p.options:
            words = value_label(p, o, quiz.lang)
            chips.append(f"**{RIGHT_MARK} {words}**" if revealed and answer_key(o) in right else words)  # bold: green
        st.container(key="class_options").markdown("\n".join(f"- {c}" for c in chips))
    board_room(text, [value_label(p, o, quiz.lang) for o in p.options] if chips else [])
    board_col, side_col = st.columns([13, 7], gap="large")
    rnd = p.round()
    with board_col:
        show_board(rnd, viewer=p.viewer, key=f"class_teacher_board:{quiz.code}:{i}", reveal=rnd.is_over,
                   interactive=False, hint_legal=False, present=True, hide_pips=not revealed)  # the class counts
    with side_col:
        live(quiz.code, held["secret"], i)


@st.fragment
def live(code: str, secret: str, question: int) -> None:
    """The answers arriving, as they arrive; the rest of the page stays put."""
    try:
        _watch_all(code, "class_live_watch")
        quiz = store.get(code)
        answers = store.answers(code, secret, question)
        players = store.players(code)
    except ProgressError as error:
        st.error(error_text(error))
        return
    if quiz.current != question or quiz.state == "closed":
        st.rerun()  # another window of this teacher moved on: redraw the whole page
    st.metric(tr("class.answered"), tr("class.answered_of", n=len(answers), total=len(players)))
    p = puzzle(quiz.puzzle_ids[question])
    revealed = quiz.state == "revealed"
    st.plotly_chart(answers_figure(p, answers, quiz.lang, revealed=revealed),
                    width="stretch", config={"displayModeBar": False}, key=f"class_chart:{code}:{question}")
    if revealed:  # under the chart, in this fragment: its redraws and the reveal's never race
        st.container(key="class_answer").success(
            tr("class.answer_is", answer=value_label(p, p.answer, quiz.lang)), icon=":material/check:")
        lines = explanation(p, quiz.lang)
        if lines:
            st.container(key="class_why").info(" ".join(lines), icon=":material/lightbulb:")


def results(quiz, held) -> None:
    st.subheader(tr("class.results"))
    ranking = store.ranking(quiz.code, held["secret"])
    answers = store.answers(quiz.code, held["secret"])
    rows = summary(quiz, answers, players=len(ranking))
    keep_quiz(quiz, ranking, rows)  # into the class's history, when it was run for one
    if ranking:
        table = pd.DataFrame([{tr("class.col_rank"): r.rank, tr("class.col_nickname"): r.nickname,
                               tr("class.col_correct"): f"{r.correct}/{quiz.total}",
                               tr("class.col_time"): round(r.time_ms / 1000, 1)} for r in ranking])
        st.dataframe(table, hide_index=True, width="stretch")  # a table cell is text, never markup
    else:
        st.info(tr("class.nobody"))
    st.subheader(tr("class.per_question"))
    per = pd.DataFrame([{tr("class.col_question"): r["question"],
                         tr("class.col_text"): question_text(puzzle(r["puzzle_id"]), quiz.lang),
                         tr("class.col_answered"): r["answered"], tr("class.col_correct"): r["correct"],
                         tr("class.col_pct"): r["correct_pct"], tr("class.col_median"): r["median_s"]} for r in rows])
    st.dataframe(per, hide_index=True, width="stretch")
    left, right = st.columns(2)
    left.download_button(tr("class.download_ranking"), to_csv(ranking) or "rank,nickname,correct,answered,time_ms\n",
                         file_name=f"quiz-{quiz.code}-ranking.csv", mime="text/csv", icon=":material/download:",
                         key="class_csv_ranking")
    right.download_button(tr("class.download_summary"), to_csv(rows), file_name=f"quiz-{quiz.code}-questions.csv",
                          mime="text/csv", icon=":material/download:", key="class_csv_summary")


def running(held) -> None:
    try:
        quiz = store.get(held["code"])
        players = store.players(quiz.code)
    except ProgressError as error:
        st.error(error_text(error))
        st.button(tr("class.new_quiz"), key="class_leave", on_click=_leave)
        return
    if not quiz.total:
        heading.title(tr("class_tables.teacher_title"))
    if quiz.state in ("question", "revealed"):
        heading.empty()  # on the projector the question is the title
        with st.container(key=PROJECTOR):  # the projector's sizes (ui/parts/classroom/screen.py)
            question_view(quiz, held, players)
    else:
        rated = f" · {tr('ratings.quiz_is_rated')}" if quiz.rated else ""
        st.caption(f"{session.plain(quiz.title)} · {tr(f'class.state_{quiz.state}')}{rated}")
        if quiz.state == "lobby":
            st.session_state[SEATING_SEEN] = len(players)
            lobby(quiz.code)
            if not quiz.total:
                seating_panel(store, quiz, held["secret"])
        elif quiz.state == "tables":
            overview(store, quiz, held["secret"])
        elif not quiz.total:
            tables_summary(quiz, on_summary=keep_tables)
        else:
            results(quiz, held)
    with st.expander(tr("class.teacher_tools")):
        st.caption(tr("class.resume_help"))
        st.code(f"{join_link(quiz.code).rsplit('/join', 1)[0]}/class?quiz={quiz.code}&key={held['secret']}",
                language=None)
        if quiz.state not in ("closed", "lobby"):
            remove_panel(quiz.code, players, "class_remove_running")
        if quiz.state == "tables":
            st.button(tr("class_tables.end_all"), key="class_close", icon=":material/stop:", on_click=end_all,
                      args=(store, quiz.code, held["secret"]))
        elif quiz.state != "closed":
            st.button(tr("class.close"), key="class_close", icon=":material/stop:", on_click=_act, args=("close",))
        st.button(tr("class.new_quiz"), key="class_leave", on_click=_leave, icon=":material/add:")


if st.session_state.get(FLASH):
    st.error(st.session_state[FLASH], icon=":material/error:")
held = st.session_state.get(TEACHER)
if held is None:
    builder()
else:
    running(held)
