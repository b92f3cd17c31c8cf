"""Play a match against bots: hints from your own view, and a graded review of every round.

Links: ``/play?game=laplaza_1v1&seed=123456&levels=strong`` starts that deal (see
``ui.parts.play_setup``). A match is saved for the profile after every round, and when it ends
or is stopped; "Your games" reopens it.
"""

import threading
import time

import streamlit as st

from engine import IllegalActionError
from progress import ProgressError, SavedGame
from strategy.game import Game, GameError, Setup, seed_number
from strategy.hints import hint
from strategy.review_queue import RoundJudge
from strategy.solver import warm
from ui import session
from ui.parts.board_frame import show_board
from ui.parts.hint_view import show_hint
from ui.labels import event_text, result_summary, seat_labels, side_label
from ui.parts.play_review import show_progress, show_review
from ui.parts.play_setup import describe, init_state, link_params, new_seed, pace, setup_form, setup_from_link

tr = session.tr()
GAME, SAVED, HINT, REVIEWS, JUDGES = "play_game", "play_saved_id", "play_hint", "play_reviews", "play_judges"
init_state()


@st.cache_resource
def _warm_solver() -> threading.Thread:
    """Load the jitted solver once per server, in the background, before the first hint."""
    thread = threading.Thread(target=warm, name="capicu-warm", daemon=True)
    thread.start()
    return thread


_warm_solver()


# ------------------------------------------------------------------ state changes
def start(setup: Setup) -> None:
    st.session_state[GAME] = Game.start(setup)
    for name in (SAVED, HINT):
        st.session_state.pop(name, None)
    st.session_state[REVIEWS] = {}
    st.session_state[JUDGES] = {}
    st.query_params.update(link_params(setup))


def reviews() -> dict:
    return st.session_state.setdefault(REVIEWS, {})


def judge_of(index: int) -> RoundJudge:
    """The background judging of round ``index``'s decisions (one per round of this game)."""
    return st.session_state.setdefault(JUDGES, {}).setdefault(index, RoundJudge(index))


def save(game: Game, status: str) -> None:
    """Keep the match for the profile (nothing to do for a guest); a failing store says so."""
    profile = session.profile()
    if profile is None:
        return
    done = [r for r in reviews().values()]
    decisions = [d for r in done for d in r.decisions]
    record = {**game.to_dict(), "reviews": {str(r.round_index): r.to_dict() for r in done}}
    saved = SavedGame(game.setup.preset, status, record, decisions=len(decisions),
                      best=sum(d.grade == "best" for d in decisions), points_lost=sum(d.loss for d in decisions),
                      id=st.session_state.get(SAVED))
    try:
        st.session_state[SAVED] = session.store().save_game(profile.id, saved)
    except ProgressError:
        session.notice("notice.not_saved")


def table_lock() -> threading.Lock:
    """One lock per session for changing the match: a run still sleeping before a bot's
    move and the run a tap starts must not both change it."""
    return st.session_state.setdefault("play_lock", threading.Lock())


def on_play(action: str) -> None:
    game: Game = st.session_state[GAME]
    index, ply = len(game.rounds) - 1, len(game.rounds[-1])
    before = game.round.copy()
    try:
        with table_lock():
            game.play(action, hint=st.session_state.get(HINT) is not None)
        st.session_state.pop(HINT, None)
    except IllegalActionError:
        return  # the board offers legal moves only; a stale tap changes nothing
    judge_of(index).decided(game, before, ply)  # judged now, in the background, while the round goes on


def ask_hint() -> None:
    game: Game = st.session_state[GAME]
    moment = f"hint:{game.setup.seed}:{game.round.round_number}:{len(game.rounds[-1])}"
    st.session_state[HINT] = hint(game.view(0), seed=seed_number(moment))


def next_round() -> None:
    game: Game = st.session_state[GAME]
    game.next_round()
    save(game, "finished" if game.over else "playing")


def replay_deal() -> None:
    start(st.session_state[GAME].setup)


def new_deal() -> None:
    old = st.session_state[GAME].setup
    start(Setup(old.preset, old.players, old.overlays, new_seed(), old.seats))


def abandon() -> None:
    game = st.session_state.pop(GAME)
    if not game.over:
        save(game, "abandoned")
        session.notice("play.abandoned")
    for name in ("seed", "game", "players", "rules", "levels"):
        st.query_params.pop(name, None)


def reopen(saved: SavedGame) -> None:
    try:
        game = Game.from_dict(saved.record)
    except GameError:
        session.notice("play.bad_saved")
        return
    st.session_state[GAME] = game
    st.session_state[SAVED] = saved.id
    st.session_state[REVIEWS] = {}
    st.session_state[JUDGES] = {}
    st.session_state.pop(HINT, None)
    st.query_params.update(link_params(game.setup))


def review_panel(game: Game, index: int, judge: RoundJudge, key: str) -> None:
    """The round's review, or its progress while the last decisions are judged: a fragment
    that looks again twice a second only while something is pending (the page itself
    does not rerun), and reruns the page once when the review is complete."""

    def panel() -> None:
        review = judge.review()
        if review is None:
            show_progress(judge.decisions(), judge.total, len(judge.failed()))
        elif index not in reviews():
            st.rerun()  # complete: the page saves it and shows it with the replay
        else:
            show_review(game, index, review, key, failed=len(judge.failed()))

    st.fragment(panel, run_every=0.5 if judge.pending else None)()


def move_text(move) -> str:
    """"Luis passes", "You play 3-5 on the left end": an event, in the reader's words."""
    return event_text(tr, move.seat, move.action, labels)


# ------------------------------------------------------------------ the page
if GAME not in st.session_state:
    linked = setup_from_link()
    if linked is not None:
        start(linked)
session.show_notices()
st.title(tr("play.title"))
st.caption(tr("play.intro"))

game: Game | None = st.session_state.get(GAME)
if game is None:
    chosen = setup_form()
    if chosen is not None:
        start(chosen)
        st.rerun()
    profile = session.profile()
    if profile is not None:
        with st.expander(tr("play.saved_games")):
            try:
                saved_games = session.store().games(profile.id)
            except ProgressError:
                saved_games = []
                session.notice("notice.not_saved")
            if not saved_games:
                st.caption(tr("play.no_saved_games"))
            for saved in saved_games[:20]:
                left, right = st.columns([4, 1])
                accuracy = f" · {saved.accuracy:.0%}" if saved.accuracy is not None else ""
                left.markdown(f"{describe(Setup.from_dict(saved.record['setup']))} · "
                              f"{tr('play.status_' + saved.status)}{accuracy}")
                right.button(tr("play.open_game"), key=f"play_open:{saved.id}", on_click=reopen, args=(saved,))
    st.stop()

setup = game.setup
rnd = game.round
rules = setup.rules()
labels = seat_labels(tr, rules)
st.caption(describe(setup))
bar = st.columns([1, 1, 1, 2])
bar[0].button(tr("play.replay"), on_click=replay_deal, icon=":material/replay:", key="play_replay")
bar[1].button(tr("play.new_deal"), on_click=new_deal, icon=":material/casino:", key="play_new")
bar[2].button(tr("play.abandon") if not game.over else tr("play.new_match"), on_click=abandon,
              icon=":material/close:", key="play_abandon")
with bar[3].popover(tr("play.link"), icon=":material/link:"):
    st.code("/play?" + "&".join(f"{k}={v}" for k, v in link_params(setup).items() if v), language=None)

board_col, side_col = st.columns([3, 2], gap="large")
with board_col:
    show_board(rnd, viewer=0, key=f"play:{setup.seed}:{rnd.round_number}:board", reveal=rnd.is_over,
               interactive=game.human_to_move, hint_legal=True, on_play=on_play, labels=labels)

with side_col:
    if game.human_to_move:
        st.markdown(f"**{tr('play.your_turn')}**")
        pending = st.session_state.get(HINT)
        if len(rnd.canonical_actions()) == 1:
            st.caption(tr("play.only_move"))  # nothing to weigh: no hint to ask for
        elif pending is None:
            st.button(tr("play.hint"), on_click=ask_hint, icon=":material/lightbulb:", key="play_hint_button")
        else:
            show_hint(pending, rules)
            st.caption(tr("play.hint_used"))
    elif game.bot_to_move:
        st.markdown(tr("play.waiting", seat=labels[rnd.turn]))
    moves = game.rounds[-1]
    with st.expander(tr("play.log") + f" ({len(moves)})", expanded=not rnd.is_over):
        st.markdown("\n".join(f"- {move_text(move)}" for move in reversed(moves[-12:])))

if rnd.is_over:
    index = len(game.rounds) - 1
    st.subheader(tr("play.round_over"))
    for line in result_summary(tr, rules, rnd.result):
        st.markdown(f"- {line}")
    if not game.over and game.last_round:
        game.next_round()  # the match ends with this round: score it now
        save(game, "finished")
    judge = judge_of(index)
    judge.fill(game)  # decisions made before a reload or in a reopened game
    done = judge.review() if index not in reviews() else None
    if done is not None:
        reviews()[index] = done
        save(game, "finished" if game.over else "playing")
    review_panel(game, index, judge, f"play:{setup.seed}:{index}:review")
    if not game.match.is_over:
        st.button(tr("play.next_round"), on_click=next_round, type="primary", icon=":material/skip_next:",
                  key="play_next_round")
elif game.bot_to_move:
    # One bot move per run, at a pace the eye can follow. A rerun (the board's first
    # report, a click) may start while this run sleeps, and both runs hold this Game:
    # the move is made once, by the run that still sees the position it drew.
    seen = len(game.rounds[-1])
    time.sleep(pace())
    with table_lock():
        if game.bot_to_move and len(game.rounds[-1]) == seen and st.session_state.get(GAME) is game:
            game.play_bot()
    st.rerun()

if game.over:
    st.subheader(tr("play.match_over"))
    st.markdown(tr("play.winner", side=side_label(tr, rules, game.match.winner)))
    st.markdown(f"**{tr('play.standings')}**")
    for standing in game.match.standings():
        st.markdown(f"{standing.rank}. {side_label(tr, rules, standing.side)}: {standing.total}")
