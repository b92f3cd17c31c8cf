"""The daily deal: the same hands for everyone today, then how the whole field played them.

Links: ``/deal?day=YYYY-MM-DD&game=laplaza_partners`` (today and Partners by default).
The deal's seed never reaches the page (``matches.daily_deal``): the match stays in the
session and only the player's hand is drawn — on today's deal even after the round, so
that nobody can pass the hands on while the field is still playing. A profile's first
start is its rated try, kept after every move (a reload resumes it); later plays and
guests' plays are practice.
"""

import time
from datetime import date

import pandas as pd
import streamlit as st

from engine import IllegalActionError
from language import capitalised, in_sentence
import jobs
from classroom.roster import classes_of, members
from matches.daily_deal import (
    DEAL_GAMES, FIRST_DAY, DailyResults, DealError, choice_shares, deal_setup, decision_keys, expert_line, field_of,
    leaderboard, position_key, replay, round_value, server_secret, week_of,
)
from matches.game import Game
from progress import ProgressError
from strategy.review_queue import RoundJudge, submit_at
from ui import session
from ui.board import announce
from ui.labels import action_label, event_text, figure, game_title, percent, result_summary, seat_labels
from ui.parts.board_frame import show_board
from ui.parts.play.review import grade_text, judged_panel, show_graded, show_review
from ui.parts.play.setup import pace, pace_from_link
from ui.parts.deal_share import share_text

tr = session.tr()
today = session.today()
#: the first day to browse (a clock pinned before the first deal still has its today's)
first_day = min(FIRST_DAY, today)
GAME, JUDGE, KEY, RATED = "deal_game", "deal_judge", "deal_key", "deal_rated"
LINES = "deal_lines"  # (day, game) -> the expert's line being played out, or played
#: how often the page looks for the expert's line while it is being played out (s)
LOOK_AGAIN = 0.5
#: the places a standings table shows (and yours, further down)
BOARD_TOP = 20


# ------------------------------------------------------------------ which deal
def _asked_day() -> date:
    raw = st.query_params.get("day")
    if not raw:
        return today
    try:
        asked = date.fromisoformat(str(raw))
    except ValueError:
        session.notice("deal.bad_date", value=str(raw)[:20])
        return today
    if asked > today:
        session.notice("deal.future_date")
        return today
    if asked < first_day:
        session.notice("deal.too_early", first=first_day.isoformat())
        return today
    return asked


def _asked_game() -> str:
    raw = str(st.query_params.get("game", "laplaza_partners"))
    return raw if raw in DEAL_GAMES else "laplaza_partners"


def results() -> DailyResults | None:
    try:
        return DailyResults(session.store())
    except (DealError, ProgressError):
        return None


def setup_of(day: date, game: str):
    try:
        secret = server_secret(session.store())
    except ProgressError:
        secret = server_secret(None)
    return deal_setup(secret, day, game)


# ------------------------------------------------------------------ state changes
def begin(day: date, game: str, rated: bool) -> None:
    """Sit down at the deal: the rated try (resumed where it was left), or practice."""
    setup = setup_of(day, game)
    moves: tuple[str, ...] = ()
    profile = session.profile()
    book = results()
    if rated and profile is not None and book is not None:
        try:
            entry = book.enter(day, game, profile.id, profile.name)
        except ProgressError:
            session.notice("notice.not_saved")
            rated = False
        else:
            if entry.finished:
                rated = False  # its one rated try was played: this one is practice
            else:
                moves = entry.moves
    else:
        rated = False
    try:
        st.session_state[GAME] = replay(setup, moves)
    except (IllegalActionError, ValueError):
        st.session_state[GAME] = replay(setup, ())
    st.session_state[KEY] = (day, game)
    st.session_state[RATED] = rated
    known = None
    if book is not None:
        try:
            known = book.line(day, game)
        except ProgressError:
            pass
    if known is None:
        line_job(day, game, setup)
    st.session_state[JUDGE] = RoundJudge(0)


def leave() -> None:
    for name in (GAME, JUDGE, KEY, RATED):
        st.session_state.pop(name, None)


def my_moves(game: Game) -> list[str]:
    return [move.action for move in game.rounds[0] if move.seat == 0]


def on_play(action: str, version: int) -> None:
    game: Game | None = st.session_state.get(GAME)
    if game is None or game.version != version or not game.human_to_move:
        return  # a tap drawn for a position already played from
    before, ply = game.round.copy(), len(game.rounds[0])
    try:
        game.play(action)
    except IllegalActionError:
        return
    st.session_state[JUDGE].decided(game, before, ply)
    keep(game)


def keep(game: Game) -> None:
    """The rated try's moves after each one, and its result at the end (written once)."""
    if not st.session_state.get(RATED):
        return
    profile, book = session.profile(), results()
    if profile is None or book is None:
        return
    day, name = st.session_state[KEY]
    try:
        if game.round.is_over:
            decided = [(key, action, None) for _, key, action in decision_keys(game)]
            book.finish(day, name, profile.id, my_moves(game), round_value(game), decided)
        else:
            book.progress(day, name, profile.id, my_moves(game))
    except ProgressError:
        session.notice("notice.not_saved")


# ------------------------------------------------------------------ the field
def show_field(day: date, game_name: str, game: Game, judged: dict) -> None:
    """Your score against the field's, rank and matchpoints, and what the field played at
    each of your choices, beside the review's grade of yours once it is judged (``judged``:
    ply -> decision)."""
    st.subheader(tr("deal.field_title"))
    book = results()
    field_rows = []
    if book is not None:
        try:
            field_rows = book.finished(day, game_name)
        except ProgressError:
            session.notice("notice.not_saved")
    score = round_value(game)
    profile = session.profile()
    mine = [r for r in field_rows if profile is not None and r.profile_id == profile.id]
    others = [r.score for r in field_rows if profile is None or r.profile_id != profile.id]
    if mine and not st.session_state.get(RATED):
        st.caption(tr("deal.practice_beside", score=figure(tr, mine[0].score, signed=True)))
    stand = field_of(score, others)
    left, middle, right = st.columns(3)
    left.metric(tr("deal.your_score"), figure(tr, score, signed=True))
    middle.metric(tr("deal.rank"), tr("deal.rank_of", rank=stand.rank, size=stand.size))
    right.metric(tr("deal.matchpoints"), percent(tr, stand.matchpoints) if stand.matchpoints is not None else "—")
    if stand.matchpoints is None:
        st.caption(tr("deal.alone"))
    else:
        st.caption(tr("deal.matchpoints_help", beaten=stand.beaten, tied=stand.tied, others=stand.size - 1))
    shares = []
    for ply, key, action in decision_keys(game):
        counts = choice_shares(field_rows, key)
        reached = sum(counts.values())
        if reached == 0:
            continue
        parts = [f"{action_label(tr, a)} {percent(tr, n / reached)}" for a, n in counts.items()]
        line = tr("deal.choice_line", n=ply + 1, yours=action_label(tr, action), reached=reached,
                  field=", ".join(parts))
        if ply in judged:
            line += " " + tr("deal.choice_grade", grade=grade_text(tr, judged[ply]))
        shares.append(line)
    show_expert(day, game_name, game, [r.score for r in field_rows])
    if shares:
        st.markdown(f"**{tr('deal.choices_title')}**")
        st.markdown("\n".join(f"- {line}" for line in shares))
    elif field_rows:
        st.caption(tr("deal.no_shared_choices"))


def line_job(day: date, game_name: str, setup):
    """The expert's line of the deal, being played out for this session (started when the
    player sits down, so that it is ready by the round's end, ahead of the reviews)."""
    lines = st.session_state.setdefault(LINES, {})
    if (day, game_name) not in lines:
        lines[(day, game_name)] = submit_at(jobs.REVIEW, expert_line, setup)
    return lines[(day, game_name)]


def show_expert(day: date, game_name: str, game: Game, field_scores: list[float]) -> None:
    """The expert's own play of the deal, where it stands in the field: played out once per
    deal as a background job (a few seconds of a worker), kept for every later visitor."""
    book = results()
    known = None
    if book is not None:
        try:
            known = book.line(day, game_name)
        except ProgressError:
            known = None
    if known is None:
        job = line_job(day, game_name, game.setup)
        if job.done() and job.exception() is None:
            known = job.result()
            if book is not None:
                try:
                    book.keep_line(day, game_name, *known)
                except ProgressError:
                    pass
    if known is None:
        waiting = not job.done()

        def panel() -> None:
            if job.done():
                if job.exception() is not None:
                    st.caption(tr("deal.expert_failed"))
                elif waiting:
                    st.rerun()  # ready: the page draws it once more, without the timer
            else:
                st.caption(tr("deal.expert_thinking"))

        st.fragment(panel, run_every=LOOK_AGAIN if waiting else None)()
        return
    moves, score = known
    stand = field_of(score, field_scores)
    st.markdown(tr("deal.expert_line", score=figure(tr, score, signed=True), rank=stand.rank, size=stand.size))
    st.caption(tr("deal.expert_moves", moves=", ".join(action_label(tr, m) for m in moves)))


def show_boards(day: date, game_name: str) -> None:
    """The day's and the week's standings (by matchpoints), by nickname; and the same for
    each class the player belongs to, among its members only, by their class nicknames."""
    book = results()
    if book is None:
        return
    monday, sunday = week_of(day)
    boards = [(tr("deal.board_day", date=day.isoformat()), None, day, None),
              (tr("deal.board_week", first=monday.isoformat(), last=sunday.isoformat()), None, monday, None)]
    profile = session.profile()
    if profile is not None:
        try:
            for school_class in classes_of(session.store(), profile.id):
                names = {m.profile_id: m.nickname for m in members(session.store(), school_class.id)}
                boards.append((tr("deal.board_class", name=session.plain(school_class.name),
                                  first=monday.isoformat(), last=sunday.isoformat()), names, monday, names))
        except ProgressError:
            pass
    for title, only, first, names in boards:
        try:
            rows = book.between(first, day if first == day else sunday, profiles=None if only is None else list(only))
        except ProgressError:
            return
        table = leaderboard(rows)
        with st.expander(title, expanded=False):
            if not table:
                st.caption(tr("deal.board_empty"))
                continue
            me = profile.id if profile is not None else None
            shown = [(place, s) for place, s in enumerate(table, 1) if place <= BOARD_TOP or s.profile_id == me]
            st.table(pd.DataFrame({tr("deal.col_rank"): [place for place, _ in shown],
                                   tr("deal.col_name"): [(names or {}).get(s.profile_id, s.nickname) for _, s in shown],
                                   tr("deal.col_deals"): [s.deals for _, s in shown],
                                   tr("deal.col_matchpoints"): [percent(tr, s.matchpoints) for _, s in shown]}),
                     hide_index=True)


# ------------------------------------------------------------------ the page
day, game_name = _asked_day(), _asked_game()
pace_from_link()  # ?pace=fast, as on Play
session.show_notices()
st.title(tr("deal.title"))
st.caption(tr("deal.intro"))

game: Game | None = st.session_state.get(GAME)
if game is not None and st.session_state.get(KEY) != (day, game_name):
    leave()
    game = None

if game is None:
    with st.container(horizontal=True, gap="small"):
        picked_day = st.date_input(tr("deal.day"), value=day, min_value=first_day, max_value=today, key="deal_day")
        names = list(DEAL_GAMES)
        picked_game = st.selectbox(tr("deal.game"), names, index=names.index(game_name),
                                   format_func=lambda g: game_title(tr, g), key="deal_game_pick")
    if picked_day != day or picked_game != game_name:
        st.query_params.update({"day": picked_day.isoformat(), "game": picked_game})
        st.rerun()
    profile = session.profile()
    book = results()
    entry = None
    if profile is not None and book is not None:
        try:
            entry = book.entry(day, game_name, profile.id)
        except ProgressError:
            session.notice("notice.not_saved")
    if profile is None:
        st.info(tr("deal.guest"), icon=":material/person:")
        st.button(tr("deal.play_practice"), on_click=begin, args=(day, game_name, False), type="primary",
                  icon=":material/play_arrow:", key="deal_start_guest")
    elif entry is None or not entry.finished:
        st.markdown(tr("deal.rated_resume" if entry is not None else "deal.rated_once"))
        st.button(tr("deal.play_rated"), on_click=begin, args=(day, game_name, True), type="primary",
                  icon=":material/play_arrow:", key="deal_start_rated")
    else:
        st.success(tr("deal.played", score=figure(tr, entry.score, signed=True)), icon=":material/task_alt:")
        st.button(tr("deal.play_practice"), on_click=begin, args=(day, game_name, False),
                  icon=":material/replay:", key="deal_start_practice")
    show_boards(day, game_name)
    st.stop()

rules = game.setup.rules()
labels = seat_labels(tr, rules)
rnd = game.round
rated = st.session_state.get(RATED, False)
st.caption(" · ".join([game_title(tr, game_name), day.isoformat(),
                       tr("deal.rated_badge") if rated else tr("deal.practice_badge")]))
st.button(tr("deal.leave"), on_click=leave, icon=":material/close:", key="deal_leave")
# Today's hands stay hidden after the round too: the field is still playing them.
reveal = rnd.is_over and day < today
board_col, side_col = st.columns([3, 2], gap="large")
with board_col:
    show_board(rnd, viewer=0, key=f"deal:{day}:{game_name}:board", reveal=reveal, interactive=game.human_to_move,
               hint_legal=True, labels=labels, one_end_for_twins=True,
               on_play=lambda action, version=game.version: on_play(action, version))
with side_col:
    if game.human_to_move:
        st.markdown(f"**{tr('play.your_turn')}**")
    elif game.bot_to_move:
        st.markdown(capitalised(tr("play.waiting", seat=in_sentence(tr.lang, labels[rnd.turn]))))
    moves = game.rounds[0]
    with st.expander(tr("play.log") + f" ({len(moves)})", expanded=not rnd.is_over):
        st.markdown("\n".join(f"- {event_text(tr, m.seat, m.action, labels)}" for m in reversed(moves[-12:])))

if rnd.is_over:
    st.subheader(tr("play.round_over"))
    for line in result_summary(tr, rules, rnd.result):
        st.markdown(f"- {line}")
    judge: RoundJudge = st.session_state[JUDGE]
    judge.fill(game)
    show_field(day, game_name, game, {d.ply: d for d in judge.decisions()})

    def _graded(review) -> None:
        grades = {position_key(game, d.ply): d.grade for d in review.decisions}
        profile, book = session.profile(), results()
        if rated and profile is not None and book is not None:
            try:
                book.grade(day, game_name, profile.id, grades)
            except ProgressError:
                pass
        marks = [grades.get(key) for _, key, _ in decision_keys(game)]
        st.text_area(tr("deal.share"), share_text(tr, day, game_title(tr, game_name), round_value(game), marks),
                     key=f"deal_share:{day}:{game_name}", height=90)
        if reveal:
            show_review(game, 0, review, f"deal:{day}:{game_name}:review")
        else:  # today: the grades without the replay of every hand or the luck of the deal
            show_graded(review, rules, len(judge.failed()), luck=False)

    judged_panel(judge, _graded, luck=reveal)
    show_boards(day, game_name)
elif game.bot_to_move:
    seen = len(game.rounds[0])
    time.sleep(pace())
    if game.bot_to_move and len(game.rounds[0]) == seen and st.session_state.get(GAME) is game:
        game.play_bot()
        keep(game)
        announce(event_text(tr, game.rounds[0][-1].seat, game.rounds[0][-1].action, labels))
    st.rerun()
