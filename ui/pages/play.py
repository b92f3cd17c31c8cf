"""Play a match against bots: hints from your own view, and a graded review of every round.

Links: ``/play?game=laplaza_1v1&seed=123456&levels=strong`` starts that deal (see
``ui.parts.play.setup``). Every match has a random id in the link (``&match=...``) and is kept
after every move (``matches.live_match``): a reload, a lost connection or a second tab brings
back the exact position, for a guest as for a profile. A profile's match is also saved with
its games after every move; "Your games" reopens it.

Every button here may be pressed twice, or late from a page that has moved on: each names
the match (and the round) it was drawn for, and does nothing for another.
"""

import threading
import time
from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

import streamlit as st

from engine import IllegalActionError
from language import capitalised, in_sentence
from matches.companion import TableGame, to_link
from matches.game import HUMAN, Game, GameError, Setup
from matches.live_match import LiveMatch, LiveMatches, new_key, valid_key
from matches.mistake_offers import judging_of, offer_round, watch
from progress import ProgressError, SavedGame
from progress.play_rating import MatchResult
from strategy.review import Decision, RoundReview
from strategy.review_queue import RoundJudge
from strategy.solver import warm
from ui import session
from ui.shell import page_file
from ui.parts.board_frame import show_board
from ui.parts.hint_view import (headline, hint_for, refined, refining, show_hint, stop_thinking,
                                think_ahead, watch_refining)
from ui.parts.hint_view import owner as queue_owner
from ui.board import announce
from ui.labels import action_label, event_text, game_title, percent, result_summary, seat_labels, side_label
from ui.parts.mistakes.book import mistake_book
from ui.parts.play.rating import match_result, rated_line, replayed
from ui.parts.play.review import judged_panel, show_review
from ui.parts.play.setup import (
    describe, init_state, link_params, new_seed, pace, pace_from_link, setup_form, setup_from_link,
)

tr = session.tr()
GAME, SAVED, HINT, REVIEWS, JUDGES = "play_game", "play_saved_id", "play_hint", "play_reviews", "play_judges"
AHEAD = "play_hint_ahead"
RATED = "play_rated"  # per match id: what its end gives the play rating (None: a replayed deal)
MATCH = "play_match"  # the match's id, as in the link's ``match`` parameter
init_state()


@st.cache_resource
def _warm_solver() -> threading.Thread:
    """Load the jitted solver once per server, in the background, before the first hint."""
    thread = threading.Thread(target=warm, name="capicu-warm", daemon=True)
    thread.start()
    return thread


_warm_solver()


# ------------------------------------------------------------------ state changes
def live() -> LiveMatches:
    return LiveMatches(session.store())


def start(setup: Setup) -> None:
    """A new match: a new id in the link, kept at once."""
    forget_live()
    st.session_state[GAME] = Game.start(setup)
    for name in (SAVED, HINT):
        st.session_state.pop(name, None)
    st.session_state[REVIEWS] = {}
    st.session_state[JUDGES] = {}
    st.session_state[MATCH] = new_key()
    keep_link(st.session_state[GAME])
    persist(st.session_state[GAME])


def keep_link(game: Game) -> None:
    """The deal and the match id in the address bar (a page switch drops them)."""
    wanted = {**{k: v for k, v in link_params(game.setup).items() if v}, "match": st.session_state[MATCH]}
    if any(st.query_params.get(k) != v for k, v in wanted.items()):
        st.query_params.update(wanted)


def reviews() -> dict:
    return st.session_state.setdefault(REVIEWS, {})


def judge_of(index: int) -> RoundJudge:
    """The background judging of round ``index``'s decisions (one per round of this game).
    The player's every round has one owner in the queue: an earlier round's judgements go
    before a later one's, and other players' take turns with them."""
    judges = st.session_state.setdefault(JUDGES, {})
    if index not in judges:
        judges[index] = RoundJudge(index, owner=f"review:{queue_owner()}")
    return judges[index]


def collect_reviews(game: Game) -> dict:
    """The reviews, with any earlier round whose judging finished after the next round was
    dealt (the round on the table is reviewed when it is over: see round_outcome)."""
    for index, judge in st.session_state.get(JUDGES, {}).items():
        if index < len(game.rounds) - 1 and index not in reviews() and judge.review() is not None:
            reviews()[index] = judge.review()
    return reviews()


def record_of(game: Game) -> dict:
    """The match as JSON: every move, the reviews, and the current round's choices judged
    so far (a reload does not judge them again)."""
    index = len(game.rounds) - 1
    judged = st.session_state.get(JUDGES, {}).get(index)
    return {**game.to_dict(), "reviews": {str(i): r.to_dict() for i, r in sorted(collect_reviews(game).items())},
            "judged": [d.to_dict() for d in judged.decisions()] if judged is not None else [],
            "saved_id": st.session_state.get(SAVED)}


def reviews_of(record: dict) -> dict[int, RoundReview]:
    kept = {}
    for index, review in (record.get("reviews") or {}).items():
        kept[int(index)] = RoundReview(int(index), tuple(Decision.from_dict(d) for d in review["decisions"]))
    return kept


def save(game: Game, status: str) -> None:
    """Keep the match for the profile (nothing to do for a guest); a failing store says so."""
    profile = session.profile()
    if profile is None:
        return
    done = list(collect_reviews(game).values())
    decisions = [d for r in done for d in r.decisions]
    saved = SavedGame(game.setup.preset, status, record_of(game), decisions=len(decisions),
                      best=sum(d.grade == "best" for d in decisions), points_lost=sum(d.loss for d in decisions),
                      id=st.session_state.get(SAVED))
    try:
        rated = play_result(game, profile) if status == "finished" else None
        # the play rating moves in the same transaction, once per deal (ui/parts/play/rating.py)
        st.session_state[SAVED] = session.store().save_game(profile.id, saved, rated=rated)
    except ProgressError:
        session.notice("notice.not_saved")


def play_result(game: Game, profile) -> MatchResult | None:
    """What the finished match gives the store to rate, or None for a replayed deal; decided
    once per match (the match is saved again as its last reviews arrive)."""
    key = f"{RATED}:{st.session_state.get(MATCH)}"
    if key not in st.session_state:
        result = match_result(game)
        earlier = replayed(session.store().games(profile.id), st.session_state.get(SAVED), result.item)
        st.session_state[key] = None if earlier else result
    return st.session_state[key]


def play_rating_lines(game: Game) -> list[str]:
    """Under the match's result: what it did to the player's play rating."""
    profile = session.profile()
    if profile is None:
        return [tr("ratings.play_guest")]
    if st.session_state.get(f"{RATED}:{st.session_state.get(MATCH)}", False) is None:
        return [tr("ratings.play_replayed")]  # decided when it was saved: a replayed deal
    try:
        line = rated_line(tr, session.store().rating_history(profile.id, "play"), match_result(game).item)
    except ProgressError:
        return []
    return [line] if line is not None else []


def persist(game: Game) -> None:
    """After every change: the live match for a reload or another tab, and the profile's save.
    When another tab has already gone further, its position is taken instead."""
    save(game, "finished" if game.over else "playing")
    profile = session.profile()
    try:
        kept = live().put(st.session_state[MATCH], record_of(game), game.version,
                          profile.id if profile is not None else None)
    except (ProgressError, ValueError):
        return  # the profile's save (or its notice) stands; a reload starts the deal again
    if not kept:
        newer()


def newer() -> bool:
    """Take this match's position from the store if another tab has moved it on."""
    game = st.session_state.get(GAME)
    try:
        found = live().get(st.session_state.get(MATCH, ""))
    except ProgressError:
        return False
    if found is None or game is None or found.version <= game.version:
        return False
    return adopt(found)


def forget_live() -> None:
    key = st.session_state.pop(MATCH, None)
    if key:
        try:
            live().drop(key)
        except ProgressError:
            pass


def adopt(found: LiveMatch) -> bool:
    """Continue match ``found`` here, at its exact position; the choices not judged yet are
    judged again in the background."""
    try:
        game = Game.from_dict(found.record)
        if not game.setup.seats[0] == HUMAN or HUMAN in game.setup.seats[1:]:
            raise GameError("bad_seats", "a match against the bots has the player at seat 0 only")
        kept = reviews_of(found.record)
        judged = [Decision.from_dict(d) for d in found.record.get("judged") or []]
    except (GameError, KeyError, TypeError, ValueError):
        session.notice("play.bad_saved")
        return False
    st.session_state[GAME] = game
    st.session_state[MATCH] = found.key
    st.session_state[SAVED] = found.record.get("saved_id")
    st.session_state[REVIEWS] = kept
    st.session_state[JUDGES] = {}
    st.session_state.pop(HINT, None)
    current = len(game.rounds) - 1
    judge_of(current).known(judged)
    for index in range(current + 1):
        if index not in kept:
            judge_of(index).fill(game)
    offer_kept(game, kept)
    keep_link(game)
    return True


def offer_kept(game: Game, kept: dict[int, RoundReview]) -> None:
    """After a reload (or in another tab): every choice judged before it, as kept with the
    match, or judged again now, is offered for a personal puzzle too; one that is already a
    puzzle, or being proven, is not proven again (matches.mistake_offers.offer_round)."""
    book, owner = mistake_book()
    for index in range(len(game.rounds)):
        judged = {d.ply: d for d in kept[index].decisions}.get if index in kept else judge_of(index).future
        offer_round(game, index, 0, judged, owner, "play", book, day=session.today())


def restore(key: str) -> bool:
    """The match of the link's ``match`` id, if it is kept and this reader may continue it."""
    try:
        found = live().get(key)
    except ProgressError:
        session.notice("notice.not_saved")
        return False
    profile = session.profile()
    if found is None:
        session.notice("play.match_gone")
    elif found.profile_id is not None and (profile is None or profile.id != found.profile_id):
        session.notice("play.match_other")
    else:
        return adopt(found)
    st.query_params.pop("match", None)
    return False


def table_lock() -> threading.Lock:
    """One lock per session for changing the match: a run still sleeping before a bot's
    move and the run a tap starts must not both change it."""
    return st.session_state.setdefault("play_lock", threading.Lock())


def current(key: str) -> Game | None:
    """The match a button was drawn for, or None when another one is on the table now."""
    if st.session_state.get(MATCH) != key:
        return None
    return st.session_state.get(GAME)


def on_play(action: str, key: str | None = None, version: int | None = None) -> None:
    """The player's move ``action``, tapped on the board drawn for match ``key`` at
    ``version``. A doubled or late frame (drawn for a position that has moved on since)
    changes nothing, as on a table's page: only a tap on the position on the table plays."""
    with table_lock():
        if newer() or GAME not in st.session_state:
            return  # another tab moved first, or the match was stopped: the tap was on an old position
        game = current(key) if key is not None else st.session_state[GAME]
        if game is None or (version is not None and game.version != version):
            return  # drawn for another match, or for a position already played from
        index, ply = len(game.rounds) - 1, len(game.rounds[-1])
        before = game.round.copy()
        try:
            game.play(action, hint=st.session_state.get(HINT) is not None)
        except IllegalActionError:
            return  # the board offers legal moves only; a stale tap changes nothing
        st.session_state.pop(HINT, None)
        stop_thinking(AHEAD)
        judge_of(index).decided(game, before, ply)  # judged now, in the background, while the round goes on
        offer_mistake(judge_of(index), ply, before)
        persist(game)
        if game.round.is_over:
            say_last_move(game)


def offer_mistake(judge: RoundJudge, ply: int, before) -> None:
    """Once the move is judged, a clear mistake or blunder is proven and becomes a personal
    puzzle of the player's (matches.mistake_offers; a guest's for this session): all in the
    background, at the lowest priority."""
    book, owner = mistake_book()
    watch(judging_of(judge, ply), before, 0, owner, "play", book, day=session.today())


def hint_moment(game: Game) -> str:
    """The name of the decision in front of the player: the seed of its hints."""
    return f"hint:{game.setup.seed}:{game.round.round_number}:{len(game.rounds[-1])}"


def think_ahead_of(game: Game) -> None:
    """Start the deeper hint of this decision while the player looks at the board, once
    they have asked for a hint in this match (a player who never asks costs nothing)."""
    if any(move.hint for moves in game.rounds for move in moves):
        think_ahead(AHEAD, hint_moment(game), game.view(0))


def take_refined_hint(game: Game) -> None:
    """The hint on screen, replaced by the deeper one worked out since it was asked (see
    ui.parts.hint_view.watch_refining), and its move said again if it changed."""
    shown = st.session_state.get(HINT)
    if shown is None or not game.human_to_move:
        return
    better = refined(AHEAD, hint_moment(game), shown)
    if better is not shown:
        st.session_state[HINT] = better
        if better.best != shown.best:
            announce(headline(tr, better))


def ask_hint(key: str, version: int, deep: bool = False) -> None:
    game = current(key)
    shown = st.session_state.get(HINT)
    if game is None or game.version != version or not game.human_to_move or (
            shown is not None and (not deep or shown.deep)):
        return  # pressed late (the position it was asked for is gone) or twice (it is on screen)
    st.session_state[HINT] = hint_for(AHEAD, hint_moment(game), game.view(0), deep)
    announce(headline(tr, st.session_state[HINT]))


def next_round(key: str, index: int) -> None:
    with table_lock():
        game = current(key)
        if game is not None and game.next_round_after(index):
            st.session_state.pop(HINT, None)
            persist(game)


def replay_deal(key: str) -> None:
    game = current(key)
    if game is not None:
        start(game.setup)


def new_deal(key: str) -> None:
    game = current(key)
    if game is not None:
        old = game.setup
        start(Setup(old.preset, old.players, old.overlays, new_seed(), old.seats, old.touch_move))


def abandon(key: str) -> None:
    game = current(key)
    if game is None:
        return
    st.session_state.pop(GAME)
    if not game.over:
        save(game, "abandoned")
        session.notice("play.abandoned")
    forget_live()
    for name in ("seed", "game", "players", "rules", "levels", "match"):
        st.query_params.pop(name, None)


def reopen(saved: SavedGame) -> None:
    """Continue a saved match here, under a new id (its old link may be open elsewhere)."""
    forget_live()
    if adopt(LiveMatch(new_key(), saved.record, 0)):
        st.session_state[SAVED] = saved.id
        persist(st.session_state[GAME])


def open_recorded(saved: SavedGame) -> None:
    """A round recorded at a real table, back on the analysis board (with the hands, when
    every one was entered); a record that no longer reads gets a plain notice."""
    record = saved.record.get("table")
    try:
        table = TableGame.from_dict(record)
    except (ValueError, TypeError):
        session.notice("play.bad_saved")
        return
    hands = saved.record.get("hands")  # kept beside the record before the record held them
    if isinstance(hands, dict) and table.dealt is None:
        table = replace(table, dealt={int(k): list(v) for k, v in hands.items()
                                      if isinstance(k, str) and k.isascii() and k.isdigit() and isinstance(v, list)})
    st.switch_page(page_file("analyse"), query_params={"g": to_link(table), "lang": session.lang()})


def review_panel(game: Game, index: int, judge: RoundJudge, key: str) -> None:
    """The round's review, or its progress while the last decisions are judged
    (``judged_panel``: it looks again twice a second only while something is pending, and
    reruns the page once when the review is complete, which saves it). A review kept with
    the match (reopened, reloaded) is shown as it was."""
    judged_panel(judge, lambda review: show_review(game, index, reviews().get(index, review), key,
                                                   failed=len(judge.failed())))


def analysis_link(game: Game, index: int) -> str:
    """The round as you saw it, for the analysis board (made once per round)."""
    key = f"play_analysis:{st.session_state.get(MATCH)}:{index}"
    if key not in st.session_state:
        st.session_state[key] = to_link(TableGame.from_round(game.round, 0))
    return st.session_state[key]


def say_last_move(game: Game) -> None:
    """A screen reader hears the move just made once, and the round's result when it ended
    it (through the board's live region, in the reader's language)."""
    moves = game.rounds[-1]
    words = [move_text(moves[-1])] if moves else []
    if game.round.is_over:
        words += [tr("play.round_over")] + result_summary(tr, game.setup.rules(), game.round.result)
    announce(" ".join(words))


def move_text(move) -> str:
    """"Luis passes", "You play 3-5 on the left end": an event, in the reader's words."""
    return event_text(tr, move.seat, move.action, labels)


def board_round(game: Game):
    """The round as the board draws it: once it is over, its points are in the match score
    (the strip would otherwise show the score before the round just played)."""
    rnd = game.round
    if not rnd.is_over:
        return rnd
    shown = rnd.copy()
    shown.score = game.scores_shown
    shown.round_points = [0] * len(shown.round_points)
    return shown


def local_time(moment: datetime) -> str:
    """A saved game's time in the reader's time zone (the browser's), as 2026-12-01 14:05."""
    try:
        zone = ZoneInfo(st.context.timezone or "UTC")
    except Exception:  # noqa: BLE001 - no browser (a test), or a zone this machine lacks
        zone = ZoneInfo("UTC")
    return moment.astimezone(zone).strftime("%Y-%m-%d %H:%M")


def saved_line(saved: SavedGame) -> str:
    """One of *Your games*: what, when, how far, the score, the share of best moves."""
    if saved.kind == "table":  # a round recorded on the analysis board
        parts = [session.plain(game_title(tr, saved.game)), tr("play.recorded"), local_time(saved.updated_at)]
        if saved.accuracy is not None:
            parts.append(tr("play.saved_accuracy", share=percent(tr, saved.accuracy)))
        return " · ".join(parts)
    try:
        game = Game.from_dict(saved.record)
    except GameError:
        return f"{session.plain(saved.game)} · {tr('play.status_' + saved.status)} · {local_time(saved.updated_at)}"
    rules = game.setup.rules()
    score = ", ".join(f"{side_label(tr, rules, side)} {points}" for side, points in enumerate(game.scores_shown))
    parts = [describe(game.setup), tr("play.status_" + saved.status), local_time(saved.updated_at),
             tr("board.round", n=len(game.rounds)), score]
    if saved.accuracy is not None:
        parts.append(tr("play.saved_accuracy", share=percent(tr, saved.accuracy)))
    return " · ".join(parts)


def saved_games_list() -> None:
    profile = session.profile()
    if profile is None:
        return
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
            left.markdown(saved_line(saved))
            if saved.kind == "table":
                if right.button(tr("play.open_game"), key=f"play_open:{saved.id}"):
                    open_recorded(saved)
            else:
                right.button(tr("play.open_game"), key=f"play_open:{saved.id}", on_click=reopen, args=(saved,))


def round_outcome(game: Game, key: str) -> None:
    """How the round ended, its review and replay, and the next round (or the match's end)."""
    rules = game.setup.rules()
    index = len(game.rounds) - 1
    st.subheader(tr("play.round_over"))
    for line in result_summary(tr, rules, game.round.result):
        st.markdown(f"- {line}")
    judge = judge_of(index)
    if index not in reviews():
        judge.fill(game)  # decisions made before a reload or in a reopened game
        done = judge.review()
        if done is not None:
            reviews()[index] = done
            persist(game)
    review_panel(game, index, judge, f"play:{game.setup.seed}:{index}:review")
    st.page_link(page_file("analyse"), label=tr("play.analyse_round"), icon=":material/troubleshoot:",
                 query_params={"g": analysis_link(game, index)})
    if not game.over:
        st.button(tr("play.next_round"), on_click=next_round, args=(key, index), type="primary",
                  icon=":material/skip_next:", key=f"play_next_round:{key}:{index}")
    else:
        st.subheader(tr("play.match_over"))
        st.markdown(tr("play.winner", side=side_label(tr, rules, game.match.winner)))
        st.markdown(f"**{tr('play.standings')}**")
        for standing in game.match.standings():
            st.markdown(f"{standing.rank}. {side_label(tr, rules, standing.side)}: {standing.total}")
        for line in play_rating_lines(game):
            st.caption(line)


# ------------------------------------------------------------------ the page
if GAME not in st.session_state:
    pace_from_link()
    asked = str(st.query_params.get("match", ""))
    if asked and not valid_key(asked):
        session.notice("play.match_gone")  # a match id this app never gave out
        st.query_params.pop("match", None)
    if not (valid_key(asked) and restore(asked)):
        linked = setup_from_link()
        if linked is not None:
            start(linked)
else:
    newer()  # another tab of this match may have moved on
session.show_notices()
st.title(tr("play.title"))
st.caption(tr("play.intro"))

game: Game | None = st.session_state.get(GAME)
if game is None:
    chosen = setup_form()
    if chosen is not None:
        start(chosen)
        st.rerun()
    saved_games_list()
    st.stop()

match_key = st.session_state[MATCH]
keep_link(game)
if game.round.is_over and not game.over and game.last_round:
    with table_lock():
        if game.next_round_after(len(game.rounds) - 1):  # the match ends with this round: score it now
            persist(game)
setup = game.setup
rnd = game.round
rules = setup.rules()
labels = seat_labels(tr, rules)
st.caption(describe(setup))
# One row of buttons at their own width (columns of fixed shares cut "Deze verdeling
# opnieuw" short in Dutch); it wraps on a narrow screen.
# Each button's key names its match: a press that arrives from an old page finds no
# button of that name any more, or a callback that checks the match.
with st.container(horizontal=True, gap="small"):
    st.button(tr("play.replay"), on_click=replay_deal, args=(match_key,), icon=":material/replay:",
              key=f"play_replay:{match_key}")
    st.button(tr("play.new_deal"), on_click=new_deal, args=(match_key,), icon=":material/casino:",
              key=f"play_new:{match_key}")
    st.button(tr("play.abandon") if not game.over else tr("play.new_match"), on_click=abandon, args=(match_key,),
              icon=":material/close:", key=f"play_abandon:{match_key}")
    with st.popover(tr("play.link"), icon=":material/link:"):
        st.code("/play?" + "&".join(f"{k}={v}" for k, v in link_params(setup).items() if v), language=None)

take_refined_hint(game)  # before the board: it says a changed move aloud
board_col, side_col = st.columns([3, 2], gap="large")
with board_col:
    show_board(board_round(game), viewer=0, key=f"play:{setup.seed}:{rnd.round_number}:board", reveal=rnd.is_over,
               interactive=game.human_to_move, hint_legal=True, labels=labels, one_end_for_twins=True,
               on_play=lambda action, key=match_key, version=game.version: on_play(action, key, version))

with side_col:
    if game.human_to_move:
        st.markdown(f"**{tr('play.your_turn')}**")
        pending = st.session_state.get(HINT)
        if len(rnd.canonical_actions()) == 1:
            st.caption(tr("play.only_move"))  # nothing to weigh: no hint to ask for
        elif pending is None:
            think_ahead_of(game)
            st.button(tr("play.hint"), on_click=ask_hint, args=(match_key, game.version),
                      icon=":material/lightbulb:", key=f"play_hint:{match_key}:{game.version}")
        else:
            show_hint(pending, rules, game.view(0))
            watch_refining(AHEAD, hint_moment(game), pending)
            if pending.could_go_deeper and not refining(AHEAD, hint_moment(game), pending):
                st.button(tr("play.hint_deeper"), on_click=ask_hint, args=(match_key, game.version, True),
                          help=tr("play.hint_deeper_help"), icon=":material/search:",
                          key=f"play_hint_deeper:{match_key}:{game.version}")
            st.caption(tr("play.hint_used"))
    elif game.bot_to_move:
        st.markdown(capitalised(tr("play.waiting", seat=in_sentence(tr.lang, labels[rnd.turn]))))
    moves = game.rounds[-1]
    with st.expander(tr("play.log") + f" ({len(moves)})", expanded=not rnd.is_over):
        st.markdown("\n".join(f"- {move_text(move)}" for move in reversed(moves[-12:])))

# One slot for the round's end: while the next round is played it is emptied at once, so
# the last review and its Next round button leave the screen before a bot's first move.
outcome = st.empty()
if rnd.is_over:
    with outcome.container():
        round_outcome(game, match_key)
elif game.bot_to_move:
    # One bot move per run, at a pace the eye can follow. A rerun (the board's first
    # report, a click) may start while this run sleeps, and both runs hold this Game:
    # the move is made once, by the run that still sees the position it drew.
    seen = len(game.rounds[-1])
    time.sleep(pace())
    with table_lock():
        if game.bot_to_move and len(game.rounds[-1]) == seen and st.session_state.get(GAME) is game:
            game.play_bot()
            persist(game)
            say_last_move(game)
    st.rerun()
