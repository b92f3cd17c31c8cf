"""A table with friends or classmates: open it, share its code, sit down, play.

Links: ``/table`` opens a table (or joins one by its code); ``/table?t=CODE`` is the table's
link for everybody (it seats nobody); ``/table?t=CODE&me=TOKEN`` is one player's private
link, kept in the address bar, so a reload, a lost network or another device (open the
same link there) sits them down again in their seat.

The table lives in the database (``matches.table_store``), every change goes through
``ui.parts.tables.sync`` (compare and set: a late or double tap is refused plainly), and
the playing part of the page is a fragment that redraws when the table's version changes
(``ui.parts.tables.feed``): nothing reruns on a timer while a player waits. Each seat sees
its own hand only: the board is drawn from the seat's view, and the deal's seed never
leaves the server.
"""

from __future__ import annotations

import logging
import time
from urllib.parse import quote

import streamlit as st

from classroom.quiz import normalize_code
from engine import Rules
from matches.companion import TableGame
from matches.game import PLAYABLE_LEVELS
from matches.mistake_offers import judging_of, keep_and_offer, offer_round
from matches.mistake_offers import watch as offer_when_judged
from matches.table import Table, TableError, new_token, token_hash
from matches.table_grades import keep_judged, store_url
from matches.table_review import SeatJudge
from matches.table_store import TableStore
from progress import ProgressError, SavedGame
from progress.mistakes import Mistakes
from progress.records import clean_name
from ui import session
from ui.board import announce
from ui.labels import game_title, result_summary, seat_labels, side_label
from ui.parts.board_frame import show_board
from ui.parts.classroom.quiz import app_base, qr_svg
from ui.parts.mistakes.book import guest_mistakes
from ui.parts.hint_view import (PendingHint, hint_for, landed, refined, refining, show_hint, stop_thinking, think_ahead,
                                waiting_notice)
from ui.parts.live.watch import watch
from ui.parts.play.review import LOOK_AGAIN as REVIEW_LOOK_AGAIN
from ui.parts.play.review import show_progress, show_review
from ui.parts.play.setup import new_seed
from ui.parts.tables.feed import PATH as FEED_PATH
from ui.parts.tables.feed import TABLE_FEED
from ui.parts.tables.form import choose_game, choose_options
from ui.parts.tables.sync import change, drive, load, open_table
from ui.parts.tables.view import error_text, log_lines, names_for, spectate, table_store, turn_line

tr = session.tr()
TOKEN_CHARS = 40
#: A seat's screen writes "still here" at most this often from its own runs (seconds).
SEEN_EVERY = 5.0
#: While the live part shows something still being worked out (this player's review of
#: the round, a hint), it looks again this often (seconds): the pace of the play page's
#: review, which there is a fragment of its own on a timer. Here it may not be one (see
#: :func:`playing`): the live part's watcher reruns the whole part instead.
LOOK_AGAIN = REVIEW_LOOK_AGAIN


def refuse(error: Exception) -> None:
    """Say why a change was refused, under the board, until the next change."""
    text = error_text(error) if isinstance(error, TableError) else session.error_message(error)
    st.session_state["table_error"] = text


def nudge(_code: str) -> None:
    TABLE_FEED.nudge()


# ------------------------------------------------------------------ opening a table
SEAT_CHOICES = ("me", "open", *PLAYABLE_LEVELS)


def open_form(store: TableStore) -> None:
    with st.container(border=True):
        st.subheader(tr("table.open_title"))
        preset, players, chosen = choose_game("table_form")
        rules = Rules.preset(preset, players)
        labels = seat_labels(tr, rules)
        specs = []
        columns = st.columns(players)
        for seat in range(players):
            key = f"table_form_seat:{preset}:{players}:{seat}"
            spec = columns[seat].selectbox(
                tr("table.seat_n", n=seat + 1), SEAT_CHOICES, key=session.translated(key),
                format_func=lambda v: tr(f"table.seat_{v}") if v in ("me", "open") else tr(f"bot.{v}.name"),
                **({} if key in st.session_state else {"index": 0 if seat == 0 else 1}))
            if preset == "laplaza_partners" and seat == 2:
                columns[seat].caption(tr("table.partner_of", seat=labels[0]))
            specs.append(spec)
        profile = session.profile()
        name = st.text_input(tr("table.your_name"), key="table_form_name", max_chars=40,
                             value=profile.name if profile is not None else "")
        options = choose_options("table_form")
        if not st.button(tr("table.open"), type="primary", icon=":material/table_restaurant:", key="table_open"):
            return
    try:
        token = new_token()
        cleaned = clean_name(name) if "me" in specs else ""
        table = Table.open(preset, players, chosen, new_seed(), specs, options,
                           name=cleaned, token=token_hash(token),
                           profile=profile.id if profile is not None and "me" in specs else None)
        code = open_table(store, table, seat_token=token)
    except TableError as error:
        st.error(error_text(error), icon=":material/error:")
        return
    except (ProgressError, ValueError) as error:
        st.error(session.error_message(error), icon=":material/error:")
        return
    st.query_params["t"] = code
    if "me" in specs:
        keep_token(code, token)
    st.session_state[f"table_host:{code}"] = True
    st.rerun()


def join_form() -> None:
    def go() -> None:
        typed = normalize_code(st.session_state.get("table_code_input", ""))
        if typed:
            st.query_params["t"] = typed

    with st.container(border=True):
        st.subheader(tr("table.join_title"))
        st.text_input(tr("table.code"), key="table_code_input", max_chars=12, placeholder="ABC234")
        st.button(tr("table.go"), key="table_go", on_click=go, icon=":material/login:")


# ------------------------------------------------------------------ the lobby
def table_link(code: str) -> str:
    """The link everybody may have (it seats nobody): this server's ``/table?t=CODE``."""
    return f"{app_base()}/table?t={quote(code)}"


def share_panel(code: str, token: str | None) -> None:
    link = table_link(code)
    qr_col, text_col = st.columns([1, 2])
    qr_col.image(qr_svg(link), width=200, alt=tr("table.qr_alt", link=link))
    text_col.markdown(tr("table.share", code=code))
    text_col.code(link, language=None)
    if token:
        with text_col.expander(tr("table.my_link")):
            st.caption(tr("table.my_link_help"))
            st.code(f"{link}&me={token}", language=None)


def lobby(store: TableStore, code: str, table: Table, seat: int | None, token: str | None) -> None:
    st.subheader(tr("table.lobby", game=game_title(tr, table.preset)))
    if table.options.touch_move:
        st.caption(f"{tr('play.touch_move')}: {tr('play.touch_move_help')}")
    share_panel(code, token if seat is not None else None)
    names = names_for(table, seat)
    for i, s in enumerate(table.seats):
        left, right = st.columns([3, 2])
        what = (names[i] if s.kind != "open" else tr("table.seat_open"))
        left.markdown(f"**{tr('table.seat_n', n=i + 1)}** · {what}" + (f" · {tr('table.host')}" if i == table.host else ""))
        if s.kind == "open" and seat is None:
            right.button(tr("table.sit_here"), key=f"table_sit:{code}:{i}", on_click=sit, args=(store, code, i))
        if i == seat and i != table.host:
            right.button(tr("table.stand_up"), key=f"table_leave:{code}:{i}", on_click=leave, args=(store, code, i))
    if seat is None:
        profile = session.profile()
        st.text_input(tr("table.your_name"), key="table_sit_name", max_chars=40,  # kept after *Stand up*
                      value=st.session_state.get("table_sat_as") or (profile.name if profile is not None else ""))
    if is_host(code, table, seat):
        st.button(tr("table.start"), type="primary", icon=":material/play_arrow:", key=f"table_start:{code}",
                  on_click=start, args=(store, code), help=tr("table.start_help"))
    elif seat is not None:
        st.info(tr("table.waiting_host"), icon=":material/hourglass_empty:")


def is_host(code: str, table: Table, seat: int | None) -> bool:
    return (seat is not None and seat == table.host) or bool(st.session_state.get(f"table_host:{code}"))


def sit(store: TableStore, code: str, index: int) -> None:
    profile = session.profile()
    try:
        name = clean_name(st.session_state.get("table_sit_name", ""))
        token = new_token()
        hashed = token_hash(token)
        change(store, code, lambda t: t.sit(index, name, hashed, profile.id if profile is not None else None),
               on_change=nudge)
        store.claim_seat(code, index, hashed, time.time())
    except (TableError, ProgressError, ValueError) as error:
        refuse(error)
        return
    st.session_state["table_sat_as"] = name  # the name box is gone while seated: *Stand up* gets it back
    keep_token(code, token)


def keep_token(code: str, token: str) -> None:
    """The seat's token, in the link (a reload, another device) and in this session: a rerun
    that overtakes the one that set the link must not lose the seat."""
    st.session_state[f"table_me:{code}"] = token
    st.query_params["me"] = token


def leave(store: TableStore, code: str, index: int) -> None:
    try:
        change(store, code, lambda t: t.leave(index), on_change=nudge)
    except (TableError, ProgressError) as error:
        refuse(error)
        return
    st.query_params.pop("me", None)
    st.session_state.pop(f"table_me:{code}", None)


def start(store: TableStore, code: str) -> None:
    try:
        change(store, code, lambda t: t.start(time.time()), on_change=nudge)
    except (TableError, ProgressError) as error:
        refuse(error)


# ------------------------------------------------------------------ playing
def play(store: TableStore, code: str, seat: int, version: int, action: str) -> None:
    hinted = st.session_state.pop(f"table_hint:{code}", None)
    before = {}

    def work(t: Table) -> None:
        before["round"] = t.game.round.copy() if t.game is not None else None
        t.play(seat, action, version=version, now=time.time(), hint=hinted is not None)

    try:
        table = change(store, code, work, on_change=nudge)
    except (TableError, ProgressError) as error:
        refuse(error)
        return
    stop_thinking(f"table_ahead:{code}")
    game = table.game  # the round is dealt again only by the players' "ready": this one is the last
    index = len(game.rounds) - 1
    judge(code, seat, index, table).decided(game, before["round"], len(game.rounds[index]) - 1)
    offer_mistake(table, seat, judge(code, seat, index, table), len(game.rounds[index]) - 1, before["round"])


def puzzles_of(table: Table, seat: int) -> tuple[Mistakes, int | None] | None:
    """Whose personal puzzles seat ``seat``'s clear mistakes become, and where they are kept:
    the profile signed in here when it is the one the seat was taken with (a class table's
    seats carry none: the student signed in here), in the database; a guest at a seat taken
    without a profile, in this session; None when the seat is another profile's."""
    profile = session.profile()
    holder = table.seats[seat].profile
    if profile is None:
        return (guest_mistakes(), None) if holder is None else None
    if holder is not None and holder != profile.id:
        return None
    return session.store().mistakes, profile.id


def source_of(table: Table) -> str:
    return "class_table" if table.number is not None else "table"


def offer_mistake(table: Table, seat: int, judging: SeatJudge, ply: int, before) -> None:
    """A guest's move, once judged a clear mistake or blunder, becomes a personal puzzle of
    this session's (matches.mistake_offers), in the background. A profile's is offered by
    the judging job itself (see judge), whatever this screen does meanwhile."""
    mine = puzzles_of(table, seat)
    if mine is None or mine[1] is not None or before is None:
        return
    offer_when_judged(judging_of(judging, ply), before, seat, None, source_of(table), mine[0], day=session.today())


def offer_round_as_guest(code: str, table: Table, seat: int, index: int, judged: SeatJudge) -> None:
    """A guest's round, judged (again, after a reload: a new session has none of the old
    one's puzzles) at its end: each clear mistake is offered to this session's puzzles, once
    per session and round (what is already one, or being proven, is not proven again)."""
    mine = puzzles_of(table, seat)
    key = f"table_offered:{code}:{index}"
    if mine is None or mine[1] is not None or st.session_state.get(key):
        return
    st.session_state[key] = True
    offer_round(table.game, index, seat, judged.future, None, source_of(table), mine[0], day=session.today())


def judge(code: str, seat: int, index: int, table: Table) -> SeatJudge:
    """This player's own judging of round ``index`` (in this session, in the background).
    Each choice's grade is kept with the table the moment it is judged, by the judging
    itself (a class's summary counts them), whatever this screen shows meanwhile; a
    profile's clear mistake is offered for a personal puzzle by it too
    (matches.mistake_offers.keep_and_offer: its proof keeps the puzzle in the database)."""
    judges = st.session_state.setdefault(f"table_judges:{code}", {})
    if index not in judges:
        store = table_store()
        mine = puzzles_of(table, seat)
        # the judging job also offers a profile's clear mistake for a puzzle (issue 45)
        then = (keep_and_offer, (store_url(store), code, seat, mine[1] if mine else None, source_of(table),
                                 session.today()))

        def keep(round_index: int, decision) -> None:  # on a review worker thread
            try:
                keep_judged(store, code, seat, round_index, [(decision.ply, decision.grade, decision.loss)])
            except ProgressError as error:  # the database is away: the summary says "not judged"
                logging.getLogger(__name__).warning("a grade at table %s was not kept: %s", code, error)

        # the judging job writes each grade itself, also from a worker process (issue 44);
        # one owner for the seat's every round: its earlier round's judgements go first,
        # and the other seats' take turns with them (a round dealt on does not halve them)
        judges[index] = SeatJudge(index, seat, keep, then=then,
                                  owner=f"seat:{code}:{seat}")
    return judges[index]


def ask_hint(code: str, seat: int, version: int) -> None:
    store = table_store()
    try:
        table, _ = load(store, code)
    except (TableError, ProgressError) as error:
        refuse(error)
        return
    if not table.options.hints or table.version != version or table.game.round.turn != seat:
        return
    shown = hint_for(f"table_ahead:{code}", hint_moment(code, table), table.game.view(seat))
    st.session_state[f"table_hint:{code}"] = (version, shown)
    st.session_state[f"table_hinted:{code}"] = True


def hint_moment(code: str, table: Table) -> str:
    """The name of the decision in front of the player: the seed of its hints."""
    return f"table-hint:{code}:{len(table.game.rounds)}:{len(table.game.rounds[-1])}"


def asked_hint(code: str, table: Table, seat: int):
    """The hint this player asked for at the decision on the board (a :class:`Hint`, or a
    ``PendingHint`` still on the queue or failed), the deeper one if worked out since;
    None when there is none to show (not their turn, no hints at this table, no choice,
    not asked)."""
    rnd = table.game.round
    if (rnd.is_over or rnd.turn != seat or table.state == "over" or not table.options.hints
            or len(rnd.canonical_actions()) <= 1):
        return None
    shown = st.session_state.get(f"table_hint:{code}")
    if shown is None or shown[0] != table.version:
        return None
    return landed(refined(f"table_ahead:{code}", hint_moment(code, table), shown[1]))


def hint_working(code: str, table: Table, hint) -> bool:
    """Is ``hint`` still being worked out (on the queue), or a deeper one for its decision?"""
    if hint is None:
        return False
    if isinstance(hint, PendingHint):
        return not hint.job.done()
    return refining(f"table_ahead:{code}", hint_moment(code, table), hint)


def still_working(code: str, table: Table, seat: int, hint) -> bool:
    """Does this screen show something still being worked out on this server: this
    player's review of the round that has just ended, or the hint they asked for? The live
    part then looks again every :data:`LOOK_AGAIN` seconds until it does not."""
    judged = round_judge(code, table, seat)
    return (judged is not None and judged.pending > 0) or hint_working(code, table, hint)


def show_asked_hint(code: str, table: Table, seat: int, hint) -> None:
    """The hint asked for, as the play page shows it, with what is still being worked out
    said in words: drawn by the live part itself, which looks again meanwhile
    (:func:`still_working`), not by the hint's own fragments on a timer
    (``show_waiting``, ``watch_refining``: see :func:`playing`)."""
    game = table.game
    if isinstance(hint, PendingHint):
        waiting_notice(hint)
        return
    show_hint(hint, game.setup.rules(), game.view(seat))
    if hint_working(code, table, hint):
        st.caption(tr("play.hint_refining"))


def think_ahead_at(code: str, table: Table, seat: int) -> None:
    """Start the deeper hint of this decision while the player looks at the board, once
    they have asked for a hint at this table (a player who never asks costs nothing)."""
    if st.session_state.get(f"table_hinted:{code}"):
        think_ahead(f"table_ahead:{code}", hint_moment(code, table), table.game.view(seat))


def ready(store: TableStore, code: str, seat: int, index: int) -> None:
    try:
        change(store, code, lambda t: t.mark_ready(seat, index, time.time()), on_change=nudge)
    except (TableError, ProgressError) as error:
        refuse(error)


def deal_now(store: TableStore, code: str, index: int) -> None:
    try:
        change(store, code, lambda t: t.deal_next(index, time.time()), on_change=nudge)
    except (TableError, ProgressError) as error:
        refuse(error)


def end_table(store: TableStore, code: str) -> None:
    try:
        change(store, code, lambda t: t.close(), on_change=nudge)
    except (TableError, ProgressError) as error:
        refuse(error)


def round_end(store: TableStore, code: str, table: Table, seat: int, names: list[str]) -> None:
    game = table.game
    rules = game.setup.rules()
    index = len(game.rounds) - 1  # a finished match deals no round after its last
    rnd = game.round
    st.subheader(tr("play.round_over"))
    for line in result_summary(tr, rules, rnd.result, seat, names=names):
        st.markdown(f"- {line}")
    review_part(code, table, seat, index, names)
    if table.state == "over" or game.over:
        return
    waiting = [names[s] for s in table.people() if s not in table.ready and s not in table.away]
    if seat in table.ready:
        st.info(tr("table.waiting_ready", names=", ".join(waiting)), icon=":material/hourglass_empty:")
    else:
        st.button(tr("table.ready"), type="primary", icon=":material/skip_next:", key=f"table_ready:{code}:{index}",
                  on_click=ready, args=(store, code, seat, index))
    if seat == table.host and waiting:
        st.button(tr("table.deal_now"), key=f"table_deal:{code}:{index}", on_click=deal_now, args=(store, code, index))


def round_judge(code: str, table: Table, seat: int) -> SeatJudge | None:
    """This player's judging of the round on the table, every choice of it asked for, once
    that round is over; None while it is being played."""
    game = table.game
    if not game.round.is_over:
        return None
    judged = judge(code, seat, len(game.rounds) - 1, table)
    judged.fill(game)
    return judged


def review_part(code: str, table: Table, seat: int, index: int, names: list[str]) -> None:
    """This player's review of their own moves in round ``index``: its progress while the
    last choices are judged, then the whole review. Drawn by the live part itself, which
    looks again while choices are pending (:func:`still_working`): not by a fragment of its
    own on a timer (``judged_panel``, the play page's way), which inside the live part
    could leave the browser's page broken (see :func:`playing`)."""
    game = table.game
    judged = round_judge(code, table, seat)  # ``index`` is the round just over
    offer_round_as_guest(code, table, seat, index, judged)
    review = judged.review()
    with st.container():  # one block, as the review's fragment drew it
        if review is None:
            show_progress(judged.decisions(), judged.total, len(judged.failed()))
        else:
            show_review(game, index, review, f"table-{code}-{index}-review", failed=len(judged.failed()), seat=seat,
                        labels=names_for(table, seat, markdown=False))  # a board: names as typed


def match_end(code: str, table: Table, seat: int, names: list[str]) -> None:
    game = table.game
    rules = game.setup.rules()
    st.subheader(tr("play.match_over"))
    if game.over:
        st.markdown(tr("play.winner", side=side_label(tr, rules, game.match.winner, seat, names)))
        for standing in game.match.standings():
            st.markdown(f"{standing.rank}. {side_label(tr, rules, standing.side, seat, names)}: {standing.total}")
    else:
        st.markdown(tr("table.ended_by_host"))
    save_for_profile(code, table, seat)


def save_for_profile(code: str, table: Table, seat: int) -> None:
    """The finished match, for this player's profile (once per table), with their reviews:
    the profile they sat down with, or (a class table, where the teacher seated them) the one
    signed in on the phone that holds the seat."""
    profile = session.profile()
    key = f"table_saved:{table.seed}"
    owner = table.seats[seat].profile
    if profile is None or (owner is not None and owner != profile.id) or st.session_state.get(key):
        return
    if owner is None and table.number is None:
        return  # a friend's table seated them as a guest: they chose not to keep it
    game = table.game
    index = len(game.rounds) - 1
    decisions = [d for i in range(index + 1) for d in (judge_review(code, i) or ())]
    try:
        last = TableGame.from_round(game.round, seat, hands=True)
        record = {"table": last.to_dict(), "people": game.to_dict(), "seat": seat,  # the reviews: docs/skill.md
                  "reviews": {str(i): {"decisions": [d.to_dict() for d in judge_review(code, i) or ()]}
                              for i in range(index + 1)}}
        st.session_state[key] = session.store().save_game(profile.id, SavedGame(
            game.setup.preset, "finished", record, decisions=len(decisions),
            best=sum(d.grade == "best" for d in decisions), points_lost=sum(d.loss for d in decisions), kind="table"))
        st.caption(tr("table.saved"))
    except (ProgressError, ValueError):
        session.notice("notice.not_saved")


def judge_review(code: str, index: int):
    judged = st.session_state.get(f"table_judges:{code}", {}).get(index)
    review = judged.review() if judged is not None else None
    return review.decisions if review is not None else None


def playing(store: TableStore, code: str, seat: int, token: str) -> None:
    """The live part: redrawn by the feed the moment the table changes, and every
    :data:`LOOK_AGAIN` seconds while it shows something still being worked out.

    Nothing inside it is a fragment of its own (the review's progress and the hint's
    "thinking…" once were, on timers). When the live part ran again before the server had
    sent the browser what its last run drew (under load), Streamlit dropped that run's
    writes but kept the inner fragment's, addressed to places in the live part that the
    browser's page did not have yet ("Bad delta path index 7 (should be between [0, 2])"),
    and the whole page was unmounted (docs/tables.md, Known issues)."""

    @st.fragment
    def live() -> None:
        try:
            table, version = load(store, code)
            now = time.time()
            if table.due(store.seen(code)) is not None and table.due(store.seen(code)) <= now:
                # no feed on this server (streamlit run app.py), or it is behind: move now
                if drive(store, code, now, on_change=nudge):
                    table, version = load(store, code)
            last = st.session_state.get("table_seen_at", 0.0)
            if now - last > SEEN_EVERY:
                store.mark_seen(code, seat, token_hash(token), now)
                st.session_state["table_seen_at"] = now
        except (TableError, ProgressError) as error:
            st.error(error_text(error) if isinstance(error, TableError) else session.error_message(error))
            # keep watching: a database that failed for a moment is read again within seconds
            watch(code, "unavailable", what="all", key=f"table_watch:{code}", reload_on_restart=True,
                  path=FEED_PATH, params={"seat": str(seat), "me": token})
            return
        hint = asked_hint(code, table, seat)
        working = still_working(code, table, seat, hint)
        watch(code, str(version), what="all", key=f"table_watch:{code}", reload_on_restart=True, path=FEED_PATH,
              params={"seat": str(seat), "me": token}, every=LOOK_AGAIN if working else 0.0)
        draw(store, code, table, seat, hint)

    live()


def draw(store: TableStore, code: str, table: Table, seat: int, hint=None) -> None:
    game = table.game
    rnd = game.round
    names = names_for(table, seat)
    over = table.state == "over"
    if st.session_state.get("table_error"):
        st.warning(st.session_state.pop("table_error"), icon=":material/block:")
    my_turn = not rnd.is_over and rnd.turn == seat and not over
    board_col, side_col = st.columns([3, 2], gap="large")
    with board_col:
        show_board(rnd, viewer=seat, key=f"table:{code}:{len(game.rounds)}:board", reveal=rnd.is_over,
                   interactive=my_turn, hint_legal=True, labels=names_for(table, seat, markdown=False),
                   one_end_for_twins=True,
                   on_play=lambda action: play(store, code, seat, table.version, action))
    with side_col:
        if not rnd.is_over and not over:
            st.markdown(f"**{turn_line(table, names, seat)}**")
            if my_turn and table.options.turn_seconds:
                st.caption(tr("table.timer", n=table.options.turn_seconds))
            if my_turn and table.options.touch_move:
                st.caption(tr("play.touch_move_help"))
            if my_turn and table.options.hints and len(rnd.canonical_actions()) > 1:
                if hint is not None:  # asked for (asked_hint): the deeper one if worked out since
                    st.session_state[f"table_hint:{code}"] = (table.version, hint)
                    show_asked_hint(code, table, seat, hint)
                else:
                    think_ahead_at(code, table, seat)
                    st.button(tr("play.hint"), icon=":material/lightbulb:", key=f"table_hint:{code}:{table.version}",
                              on_click=ask_hint, args=(code, seat, table.version))
        index = len(game.rounds) - 1
        lines = log_lines(table, index, names, seat)
        with st.expander(tr("play.log") + f" ({len(lines)})", expanded=not rnd.is_over):
            st.markdown("\n".join(f"- {line}" for line in reversed(lines[-12:])))
        if seat == table.host and not over:
            st.button(tr("table.end"), key=f"table_end:{code}", on_click=end_table, args=(store, code),
                      icon=":material/close:")
    if game.rounds[-1]:
        moves = game.rounds[-1]
        last_key = f"table_said:{code}"
        said = (len(game.rounds), len(moves))
        if st.session_state.get(last_key) != said:
            st.session_state[last_key] = said
            announce(log_lines(table, index, names_for(table, seat, markdown=False), seat)[-1])
    if rnd.is_over:
        round_end(store, code, table, seat, names)
    if over:
        match_end(code, table, seat, names)


# ------------------------------------------------------------------ the page
st.title(tr("table.title"))
st.caption(tr("table.intro"))
session.show_notices()
store = table_store()
if store is None:
    st.warning(tr("table.no_store"), icon=":material/database_off:")
    st.stop()

code = normalize_code(st.query_params.get("t", ""))
if not code:
    open_form(store)
    join_form()
    st.stop()

try:
    table, version = load(store, code)
except TableError as error:
    st.error(error_text(error), icon=":material/search_off:")
    st.button(tr("table.other_code"), key="table_other", on_click=st.query_params.pop, args=("t",))
    st.stop()
except ProgressError as error:
    st.error(session.error_message(error))
    st.stop()

def my_token() -> str:
    """The link's seat token, or the one this session was given (and then the link again)."""
    linked = str(st.query_params.get("me", ""))[:TOKEN_CHARS]
    kept = st.session_state.get(f"table_me:{code}", "")
    if not linked and kept:
        st.query_params["me"] = kept
    return linked or kept


raw_token = my_token()
seat = table.seat_of(token_hash(raw_token)) if raw_token else None
if seat is None and raw_token:
    st.warning(tr("table.error.not_your_seat"), icon=":material/person_off:")
    st.query_params.pop("me", None)
    st.session_state.pop(f"table_me:{code}", None)
    raw_token = ""

if st.session_state.get("table_error") and table.state == "lobby":
    st.warning(st.session_state.pop("table_error"), icon=":material/block:")


@st.fragment
def lobby_live() -> None:
    """The lobby, redrawn when somebody sits down or gets up; the whole page once it starts."""
    try:
        now_table, now_version = load(store, code)
    except (TableError, ProgressError) as error:
        st.error(error_text(error) if isinstance(error, TableError) else session.error_message(error))
        return
    if now_table.state != "lobby":
        st.rerun(scope="app")
    watch(code, str(now_version), what="all", key=f"table_lobby_watch:{code}", path=FEED_PATH)
    mine = my_token()  # the link's, which sitting down has just set
    lobby(store, code, now_table, now_table.seat_of(token_hash(mine)) if mine else None, mine or None)


if table.state == "lobby":
    lobby_live()
elif seat is None:
    st.info(tr("table.started_closed"), icon=":material/visibility_off:")
    spectate(store, code)
else:
    playing(store, code, seat, raw_token)
