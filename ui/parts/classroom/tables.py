"""A class at tables, the teacher's side: the students gather in the class's lobby (the class
quiz's join code, link and QR code), the teacher chooses the game and the seating, and every
table is dealt at once; then one screen shows every table, any table can go on the projector
with the hands hidden or shown, and *End all tables* gives the summary and its CSV.

The tables are ordinary tables (``matches.table``, ``matches.table_store``) with the class's
code as their group and the teacher's secret as their host; a student's seat token is made
from the device id in their class link (``class_seat_token``), so their phone, and only it,
finds its seat. The overview waits on the class feed (``/live/class-tables/CODE``): one
socket for all the tables, redrawn at most every :data:`OVERVIEW_GAP` seconds. That feed
answers a digest keyed by the teacher's secret, never the tables' codes (every student has
the class's code).
"""

from __future__ import annotations

import time

import pandas as pd
import streamlit as st

from classroom.quiz import QuizError, secret_hash, to_csv
from classroom.report import report
from classroom.seating import GROUP_RULES, Pupil, SeatingError, plan, table_count
from engine import Rules
from matches.table import PERSON, Table, TableError, class_seat_token, token_hash
from matches.table_store import TableStore, group_value
from progress import ProgressError
from ui import session
from ui.labels import about, figure, game_title, percent, side_label
from ui.parts.classroom.quiz import error_text as quiz_error_text
from ui.parts.live.feed import FEED
from ui.parts.live.watch import watch
from ui.parts.play.setup import new_seed
from ui.parts.skill_view import profile_themes
from ui.parts.themes import theme_name
from ui.parts.tables.feed import CLASS_PATH, TABLE_FEED
from ui.parts.tables.form import choose_game, choose_options
from ui.parts.tables.sync import change, open_table
from ui.parts.tables.view import NOBODY, error_text, names_for, score_line, spectate, table_store, turn_line

__all__ = ["OVERVIEW_GAP", "STUCK_AFTER", "end_all", "overview", "seating_panel", "summary"]

#: The overview redraws at most this often, however many tables move (seconds).
OVERVIEW_GAP = 2.0
#: A person who has not moved for this long on their turn is shown as stuck (seconds).
STUCK_AFTER = 30
PROJECTED = "class_tables_projected"  # the code of the table on the projector
FLASH = "class_flash"
PLAN = "class_tables_plan"
RANDOM, BY_HAND = "random", "teacher"


def _say(error: Exception) -> None:
    tr = session.tr()
    if isinstance(error, SeatingError):
        params = {k: session.plain(v) for k, v in error.params.items()}
        text = tr(f"class_tables.error.{error.code}", **params)
    elif isinstance(error, TableError):
        text = error_text(error)
    else:
        text = quiz_error_text(error)
    st.session_state[FLASH] = text


# ------------------------------------------------------------------ seating the class
def seating_panel(quizzes, quiz, secret: str) -> None:
    """The game, the options and the seating plan; *Seat the class* deals every table."""
    tr = session.tr()
    store = table_store()
    if store is None:
        st.warning(tr("table.no_store"), icon=":material/database_off:")
        return
    players_in = quizzes.players(quiz.code)
    with st.container(border=True):
        st.subheader(tr("class_tables.setup_title"))
        preset, players, overlays = choose_game("class_tables_form")
        options = choose_options("class_tables_form")
        n = len(players_in)
        need = table_count(n, players) if n else 1
        count = st.number_input(tr("class_tables.count"), min_value=need, max_value=max(need, n), value=need,
                                key=f"class_tables_count:{players}:{n}", help=tr("class_tables.count_help", n=n))
        mode = st.segmented_control(tr("class_tables.seating"), [RANDOM, BY_HAND], default=RANDOM, required=True,
                                    key=session.translated("class_tables_mode"),
                                    format_func=lambda m: tr(f"class_tables.seating_{m}"))
        rule = st.radio(tr("class_tables.groups"), GROUP_RULES, horizontal=True, key=session.translated("class_tables_rule"),
                        format_func=lambda r: tr(f"class_tables.groups_{r}"), help=tr("class_tables.groups_help"))
        rows = pd.DataFrame({"id": pd.Series([p.id for p in players_in], dtype="Int64"),
                             "name": pd.Series([p.nickname for p in players_in], dtype="string"),
                             "table": pd.Series([None] * n, dtype="Int64"), "seat": pd.Series([None] * n, dtype="Int64"),
                             "group": pd.Series([""] * n, dtype="string")})
        columns = {
            "id": None,
            "name": st.column_config.TextColumn(tr("class_tables.col_student"), disabled=True),
            "table": st.column_config.NumberColumn(tr("class_tables.col_table"), min_value=1, max_value=int(count), step=1),
            "seat": st.column_config.NumberColumn(tr("class_tables.col_seat"), min_value=1, max_value=players, step=1),
            "group": st.column_config.TextColumn(tr("class_tables.col_group"), max_chars=12),
        }
        if mode != BY_HAND:
            columns["table"] = columns["seat"] = None
        edited = st.data_editor(rows, column_config=columns, hide_index=True, width="stretch", num_rows="fixed",
                                key=PLAN, disabled=not n)  # rows in the order of joining: a newcomer's row comes last
        if not n:
            st.info(tr("class_tables.nobody_yet"), icon=":material/hourglass_empty:")
        if not st.button(tr("class_tables.seat_class"), type="primary", icon=":material/table_restaurant:",
                         key="class_tables_go", disabled=not n):
            return
    pupils = [Pupil(int(r["id"]), str(r["name"]),
                    _whole(r.get("table")) if mode == BY_HAND else None,
                    _whole(r.get("seat")) if mode == BY_HAND else None,
                    str(r.get("group") or "").strip().casefold())
              for r in edited.to_dict("records")]
    try:
        seat_class(quizzes, store, quiz.code, secret, preset, players, overlays, options, pupils, int(count), rule)
    except (SeatingError, TableError, ProgressError) as error:
        _say(error)
    st.rerun()


def _whole(value) -> int | None:
    try:
        return None if value is None or pd.isna(value) else int(value)
    except (TypeError, ValueError):
        return None


def seat_class(quizzes, store: TableStore, code: str, secret: str, preset: str, players: int, overlays, options,
               pupils: list[Pupil], count: int, rule: str, *, seed: str | None = None) -> list[str]:
    """Deal every table of the class and send the students to them; the tables' codes."""
    if store.group(code):
        raise QuizError("bad_move", state="tables")  # already seated (a second window, a double click)
    devices = quizzes.devices(code, secret)
    pupils = [p for p in pupils if p.id in devices]  # a student removed meanwhile
    rules = Rules.preset(preset, players, overlays)
    seating = plan(pupils, players=players, tables=count, groups=rule, partners=rules.partnerships == "opposite",
                   seed=seed or new_seed())
    names = {p.id: p.name for p in pupils}
    now = time.time()
    codes = []
    for number, seats in enumerate(seating, 1):
        people = [None if pid is None else (names[pid], token_hash(class_seat_token(devices[pid], code, number)))
                  for pid in seats]
        table = Table.for_class(preset, players, overlays, new_seed(), people, options, number=number, now=now)
        codes.append(open_table(store, table, host_hash=secret_hash(secret), group_code=code))
    quizzes.seat_at_tables(code, secret)
    FEED.nudge()  # the phones learn their table now
    TABLE_FEED.nudge()
    return codes


# ------------------------------------------------------------------ every table at once
def _numbered(kept_tables) -> list[tuple[int, str, Table]]:
    """(number, code, table) of a class's kept tables, in number order (a broken record left out)."""
    out = []
    for kept in kept_tables:
        try:
            table = Table.from_dict(kept.record)
        except TableError:
            continue
        out.append((table.number or len(out) + 1, kept.code, table))
    return sorted(out, key=lambda t: t[0])


def overview(quizzes, quiz, secret: str) -> None:
    tr = session.tr()
    store = table_store()
    if store is None:
        st.warning(tr("table.no_store"), icon=":material/database_off:")
        return
    projected = st.session_state.get(PROJECTED)
    if projected:
        project(store, projected, secret)
        return

    @st.fragment
    def live() -> None:
        try:
            kept = store.group(quiz.code)
            tables = _numbered(kept)
        except ProgressError as error:
            st.error(session.error_message(error))
            return
        watch(quiz.code, group_value(secret_hash(secret), ((k.code, k.version) for k in kept)), what="all",
              key="class_tables_watch", path=CLASS_PATH, gap=OVERVIEW_GAP)
        over = sum(t.state == "over" for _, _, t in tables)
        st.markdown(tr("class_tables.overview_line", n=len(tables), over=over))
        grid = st.columns(3 if len(tables) > 4 else 2)
        now = time.time()
        for i, (number, code, table) in enumerate(tables):
            with grid[i % len(grid)].container(border=True, key=f"class_table_card:{code}"):
                card(number, code, table, now)

    live()


def card(number: int, code: str, table: Table, now: float) -> None:
    """One table on the overview: who sits where, the score, and what it is waiting for."""
    tr = session.tr()
    names = names_for(table, None)
    game = table.game
    st.markdown(f"**{tr('class_tables.table_n', n=number)}** · `{code}` · {game_title(tr, table.preset)}")
    people = [f"{names[i]} ({tr('class_tables.away')})" if seat.kind == PERSON and i in table.away else names[i]
              for i, seat in enumerate(table.seats)]
    st.caption(" · ".join(people))  # in seat order; the names are plain text
    if game is None:
        return
    st.markdown(score_line(table, names))
    rnd = game.round
    if table.state == "over":
        rules = game.setup.rules()
        winner = game.match.winner if game.over else None
        st.markdown(f":material/flag: {tr('class_tables.finished', side=side_label(tr, rules, winner, NOBODY, names))}"
                    if winner is not None else f":material/flag: {tr('class_tables.ended')}")
    elif rnd.is_over:
        waiting = [names[s] for s in table.people() if s not in table.ready and s not in table.away]
        st.markdown(f":material/hourglass_empty: {tr('class_tables.waiting_ready', names=', '.join(waiting))}")
    else:
        line = turn_line(table, names, NOBODY)
        seat = rnd.turn
        waited = int(now - table.moved_at)
        if table.seats[seat].kind == PERSON and seat not in table.away and waited >= STUCK_AFTER:
            st.markdown(f":material/warning: **{tr('class_tables.stuck', seat=names[seat], s=waited)}**")
        else:
            st.markdown(line)
    if st.button(tr("class_tables.project"), key=f"class_project:{code}", icon=":material/cast_for_education:"):
        st.session_state[PROJECTED] = code
        st.rerun(scope="app")


def project(store: TableStore, code: str, secret: str) -> None:
    """One table on the projector; the hands hidden unless the teacher shows them."""
    tr = session.tr()
    kept = store.get(code)
    if kept is None or kept.host_hash != secret_hash(secret):
        st.session_state.pop(PROJECTED, None)
        st.error(tr("table.error.no_table"))
        return
    number = kept.record.get("number") or "?"
    bar = st.container(horizontal=True, vertical_alignment="center")
    bar.markdown(f"### {tr('class_tables.table_n', n=number)} · `{code}`")
    shown = bar.toggle(tr("class_tables.show_hands"), key=f"class_tables_show:{code}", value=False)
    if bar.button(tr("class_tables.back"), key="class_tables_back", icon=":material/grid_view:"):
        st.session_state.pop(PROJECTED, None)
        st.rerun()
    spectate(store, code, shown=shown, present=True)


def end_all(quizzes, code: str, secret: str) -> None:
    """Close every table of the class, then the class (its summary opens)."""
    store = table_store()
    try:
        for kept in (store.group(code) if store is not None else []):
            if kept.host_hash != secret_hash(secret):
                continue
            change(store, kept.code, lambda t: t.close() if t.state != "over" else None,
                   on_change=lambda _c: TABLE_FEED.nudge())
        quizzes.close(code, secret)
        FEED.nudge()
        st.session_state.pop(PROJECTED, None)
    except (TableError, ProgressError) as error:
        _say(error)


# ------------------------------------------------------------------ the end
#: The summary looks again this often (seconds) while grades are still being judged, and
#: for at most GRADES_WAIT seconds after it was first shown (a review that stopped, say on a
#: restarted server, never sends its grades).
GRADES_EVERY = 3.0
GRADES_WAIT = 600.0


def _read_summary(store: TableStore, quiz):
    tables = _numbered(store.group(quiz.code))
    return tables, report(tables, store.grades([c for _, c, _ in tables]))


def summary(quiz, on_summary=None) -> None:
    """The results per table and each student's play, and both as CSV. Grades still being
    judged on the students' servers are said so ("not judged yet"), and the summary looks
    again every few seconds until they have all arrived (or :data:`GRADES_WAIT` has passed).
    ``on_summary(quiz, table_lines, students)`` is told each summary drawn (the class's
    history keeps it: ui/parts/classes/live_history.py)."""
    tr = session.tr()
    store = table_store()
    if store is None:
        return
    try:
        first = [_read_summary(store, quiz)]
    except ProgressError as error:
        st.error(session.error_message(error))
        return
    since = st.session_state.setdefault(f"class_tables_summary_since:{quiz.code}", time.time())
    looking = any(s.waiting for s in first[0][1][1]) and time.time() - since < GRADES_WAIT

    def body() -> None:
        try:
            tables, (table_lines, students) = first.pop() if first else _read_summary(store, quiz)
        except ProgressError as error:
            st.error(session.error_message(error))
            return
        waiting = sum(s.waiting for s in students)
        if on_summary is not None:
            on_summary(quiz, table_lines, students)
        if looking and (not waiting or time.time() - since >= GRADES_WAIT):
            st.rerun()  # every grade is in (or no more will come): drawn once more, with no timer
        _draw_summary(quiz, tables, table_lines, students, waiting, looking)

    st.fragment(body, run_every=GRADES_EVERY if looking else None)()


def _figure_cell(tr, student, value: str | None) -> str:
    """A student's share or loss as text: the figure, "not judged yet", or "—" for none."""
    if value is not None:
        return value
    return tr("class_tables.not_judged_yet") if student.waiting else "—"


def _themes_of(student) -> list[str]:
    """The codes of a student's weakest themes in the game played (their profile's recent
    reviewed rounds; none for a student without a profile), read once per summary."""
    if student.profile is None:
        return []
    key = f"class_tables_skill_themes:{student.profile}:{student.game}"
    if key not in st.session_state:
        st.session_state[key] = [code for code, _, _ in profile_themes(session.store(), student.profile, student.game)]
    return st.session_state[key]


def _skill_cell(tr, student) -> str:
    """A student's points lost per decision with its 95% interval ("—" without a figure)."""
    if student.skill is None:
        return _figure_cell(tr, student, None)
    return about(tr, student.skill.mean, student.skill.half)


def _draw_summary(quiz, tables, table_lines, students, waiting: int, looking: bool) -> None:
    tr = session.tr()
    st.subheader(tr("class_tables.results"))
    by_code = {c: t for _, c, t in tables}
    rows = []
    for line in table_lines:
        table = by_code[line.code]
        names = names_for(table, None, markdown=False)  # a cell shows text as it is: no escapes
        rules = table.game.setup.rules()
        sides = " · ".join(f"{side_label(tr, rules, s, NOBODY, names)}: {total}" for s, total in enumerate(line.totals))
        rows.append({tr("class_tables.col_table"): line.table, tr("class_tables.col_rounds"): line.rounds,
                     tr("class_tables.col_score"): sides,
                     tr("class_tables.col_winner"): side_label(tr, rules, line.winner, NOBODY, names)
                     if line.winner is not None else "—"})
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    st.subheader(tr("class_tables.students"))
    people = pd.DataFrame([{
        tr("class_tables.col_student"): s.name, tr("class_tables.col_table"): s.table,
        tr("class_tables.col_seat"): s.seat, tr("class_tables.col_side_total"): s.side_total,
        tr("class_tables.col_choices"): s.moves, tr("class_tables.col_judged"): s.judged,
        tr("class_tables.col_best"): s.best,
        tr("class_tables.col_best_share"): _figure_cell(tr, s, None if s.best_share is None else percent(tr, s.best_share)),
        tr("class_tables.col_loss"): _figure_cell(tr, s, None if s.loss_per_move is None else figure(tr, s.loss_per_move)),
        tr("class_tables.col_waiting"): str(s.waiting) if s.waiting else "—",
        tr("skill.col_skill"): _skill_cell(tr, s),
        tr("skill.col_themes"): ", ".join(filter(None, (theme_name(tr, c) for c in _themes_of(s)))) or "—",
    } for s in students])
    st.dataframe(people, hide_index=True, width="stretch")  # a cell is text, never markup
    if waiting:
        st.info(tr("class_tables.judging_note" if looking else "class_tables.never_judged", n=waiting),
                icon=":material/hourglass_empty:" if looking else ":material/info:")
    st.caption(tr("class_tables.students_help"))
    st.caption(tr("skill.teacher_help"))
    csv_rows = [{"table": s.table, "seat": s.seat, "student": s.name, "side_total": s.side_total,
                 "won": "" if s.won is None else int(s.won), "choices": s.moves, "judged": s.judged, "best": s.best,
                 "best_share": "" if s.best_share is None else round(s.best_share, 3),
                 "points_lost_per_choice": "" if s.loss_per_move is None else round(s.loss_per_move, 2),
                 "not_judged_yet": s.waiting,
                 "points_lost_low": "" if s.skill is None else round(s.skill.low, 2),
                 "points_lost_high": "" if s.skill is None or s.skill.high == float("inf") else round(s.skill.high, 2),
                 "weakest_themes": " ".join(_themes_of(s))}
                for s in students]
    left, right = st.columns(2)
    left.download_button(tr("class_tables.download_students"), to_csv(csv_rows) or "table,seat,student\n",
                         file_name=f"class-{quiz.code}-students.csv", mime="text/csv", icon=":material/download:",
                         key="class_tables_csv_students")
    right.download_button(tr("class_tables.download_tables"),
                          to_csv([{**t.to_dict(), "totals": " ".join(map(str, t.totals)),
                                   "winner": "" if t.winner is None else t.winner + 1} for t in table_lines]) or "table\n",
                          file_name=f"class-{quiz.code}-tables.csv", mime="text/csv", icon=":material/download:",
                          key="class_tables_csv_tables")
