"""The analysis board: a round played at a real table, written down move by move from
the player's seat (matches/companion.py), with what each seat cannot hold, the exact
odds of where each unseen tile is, and the hint on the player's turn.

Once the round is over, the player's choices are graded as on the play page (from their
view only), and the round is kept with the signed-in profile's games (*Your games*).

Links: ``?g=<record>`` reopens a round (the record, compressed, in the URL).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pandas as pd
import streamlit as st

from engine import PRESET_NAMES, EngineError, Rules, overlays_for
from engine.holdings import holder_probabilities
from engine.tiles import TILES
from language import capitalised, in_sentence
from progress import ProgressError, SavedGame
from matches.companion import (
    BLOCKED, EntryError, TableGame, from_link, from_text, link_at, match_over, to_link, with_hands,
)
from matches.game import PLAYER_COUNTS
from matches.mistake_offers import judging_of, watch
from matches.table_review import RecordJudge, choices
from strategy.solver import NodeLimit, solve
from ui import session
from ui.labels import action_label, event_text, figure, game_title, percent, seat_labels, side_label
from ui.parts.board_frame import show_board
from ui.parts.mistakes.book import mistake_book
from ui.parts.hint_view import ask, landed, show_hint
from ui.parts.play.review import judged_panel, show_graded

tr = session.tr()
GAME, REDO, DRAWING, HINTED = "analyse_game", "analyse_redo", "analyse_drawing", "analyse_hinted"
JUDGES, SAVED = "analyse_judges", "analyse_saved"  # the review of each finished record; what was kept
#: the most search the exact values of one position may take (a second or two of one core)
EXACT_NODES = 20_000_000
#: a JSON record bigger than this is not a round's (a whole round is a few kilobytes)
FILE_LIMIT = 200_000


def _why(err: Exception, names: list[str]) -> str:
    """An entry's refusal in the reader's words, its values shown as text."""
    if isinstance(err, EntryError) and tr.has(f"analyse.err_{err.code}"):
        params = dict(err.params)
        for key in ("seat", "turn"):
            if isinstance(params.get(key), int) and 0 <= params[key] < len(names):
                params[key] = in_sentence(tr.lang, names[params[key]])
        return tr(f"analyse.err_{err.code}", **{k: session.plain(v) for k, v in params.items()})
    return session.error_message(err)


def _set(game: TableGame | None, *, keep_redo: bool = False) -> None:
    st.session_state[GAME] = game
    if not keep_redo:
        st.session_state[REDO] = []
    st.session_state.pop(DRAWING, None)
    if game is None:
        st.query_params.pop("g", None)
    else:
        st.query_params["g"] = to_link(game)


def _enter(seat: int, action: str, drawn: str | None = None, leader: int | None = None) -> None:
    """Add one entry (the first naming who led, when the record did not know); a refusal
    is kept for this run's message and nothing is lost."""
    game: TableGame = st.session_state[GAME]
    try:
        if leader is not None:
            game = game.led_by(leader)
        _set(game.play(seat, action, drawn))
        st.session_state.pop("analyse_refused", None)
    except (EntryError, EngineError) as err:
        st.session_state["analyse_refused"] = _why(err, seat_labels(tr, game.rules, game.seat))


def _undo() -> None:
    game: TableGame = st.session_state[GAME]
    if game.entries:
        st.session_state[REDO] = st.session_state.get(REDO, []) + [game.entries[-1]]
        _set(game.undo(), keep_redo=True)


def _redo() -> None:
    stack = list(st.session_state.get(REDO, []))
    if stack:
        entry = stack.pop()
        game: TableGame = st.session_state[GAME]
        try:
            replayed = game.blocked() if entry.action == BLOCKED else game.play(entry.seat, entry.action, entry.drawn)
        except (EntryError, EngineError):
            stack = []
            replayed = game
        _set(replayed, keep_redo=True)
        st.session_state[REDO] = stack


# ------------------------------------------------------------------ a link, when one arrives
# (the first visit, or "Analyse this position" from a review, the play page or a lesson
# while another record is open here: _set keeps the link of the record shown in the URL)
word = st.query_params.get("g")
shown = st.session_state.get(GAME)
if GAME not in st.session_state or (word is not None and (shown is None or word != to_link(shown))):
    st.session_state[GAME] = None
    st.session_state[REDO] = []
    if word is not None:
        try:
            _set(from_link(word))
        except (ValueError, EngineError) as err:
            st.session_state["analyse_refused"] = _why(err, [])
            st.query_params.pop("g", None)

st.title(tr("analyse.title"), anchor=False)
st.caption(tr("analyse.intro"))
session.show_notices()
refused = st.session_state.pop("analyse_refused", None)


def setup_form() -> None:
    """Game, players, table rules, your hand and who leads; then the recording starts.
    Or a position or record pasted or opened from a file: every way in stays on the page,
    whatever the new round's form says."""
    new_round_form()
    paste_form()
    uploaded = st.file_uploader(tr("analyse.upload"), type=["json"], key="analyse_upload")
    if uploaded is not None:
        raw = uploaded.getvalue()
        _open_text(raw if len(raw) <= FILE_LIMIT else b"", "analyse.bad_file")


def new_round_form() -> None:
    """A new round: the game, the players, the table rules, your hand and who leads."""
    with st.container(border=True, key="analyse_setup"):
        st.subheader(tr("analyse.setup"), anchor=False)
        preset = st.selectbox(tr("analyse.game"), list(PRESET_NAMES), format_func=lambda p: game_title(tr, p),
                              key="analyse_preset")
        counts = PLAYER_COUNTS[preset]
        players = st.segmented_control(tr("analyse.players"), list(counts), default=counts[0],
                                       key=f"analyse_players:{preset}") or counts[0]
        overlays = st.multiselect(tr("play.rules"), overlays_for(preset), format_func=lambda o: tr(f"variant.{o}"),
                                  placeholder=tr("play.rules_none"), key=f"analyse_rules:{preset}")
        try:
            rules = Rules.preset(preset, players=players, overlays=overlays)
        except EngineError as err:  # two table rules that cannot go together
            st.error(tr("analyse.refused", why=_why(err, [])))
            return
        names = seat_labels(tr, rules, 0)
        hand = st.multiselect(tr("analyse.hand", n=rules.hand_size), [str(t) for t in TILES],
                              max_selections=rules.hand_size, key=f"analyse_hand:{preset}:{players}")
        leader = st.selectbox(tr("analyse.leader"), [None, *range(players)],
                              format_func=lambda s: tr("analyse.leader_rules") if s is None else names[s],
                              key=f"analyse_leader:{preset}:{players}")
        if st.button(tr("analyse.start"), type="primary", key="analyse_start"):
            if len(hand) != rules.hand_size:
                st.error(tr("analyse.need_hand", n=rules.hand_size, got=len(hand)))
                return
            try:
                _set(TableGame(rules, seat=0, hand=hand, leader=leader))
                st.rerun()
            except (EntryError, EngineError) as err:
                st.error(tr("analyse.refused", why=_why(err, names)))


def paste_form() -> None:
    """A position in our notation (docs/notation.md), with or without its history, seen
    from one seat; or a record as the board writes it."""
    with st.expander(tr("analyse.paste_title")):
        st.caption(tr("analyse.paste_help"))
        st.text_area(tr("analyse.paste"), key="analyse_paste", max_chars=FILE_LIMIT, height=120)
        st.selectbox(tr("analyse.paste_seat"), [None, 0, 1, 2, 3], key="analyse_paste_seat",
                     format_func=lambda s: tr("analyse.paste_seat_turn") if s is None else tr("analyse.paste_seat_n", n=s))
        if st.button(tr("analyse.paste_open"), key="analyse_paste_open"):
            _open_text(st.session_state.get("analyse_paste", "").encode("utf-8"), "analyse.bad_paste",
                       st.session_state.get("analyse_paste_seat"))


def _open_text(raw: bytes, problem: str, seat: int | None = None) -> None:
    """Put on the board what a file or the paste box holds, or say plainly why not."""
    try:
        _set(from_text(raw, seat))
    except (ValueError, EngineError) as err:
        st.error(tr(problem, why=_why(err, [])))
        return
    st.rerun()


def _their_tile(seat: int, n: int, lead: bool) -> None:
    """The tile (and end) picked for another seat, read when the button is pressed."""
    tile = st.session_state.get(f"analyse_tile:{n}")
    if tile is None:
        return
    if lead:  # the first tile: no end to choose
        _enter(seat, f"lead {tile}")
        return
    ends = _ends_for(st.session_state[GAME].round().ends, tile)
    side = st.session_state.get(f"analyse_end:{n}") or (ends[0] if ends else "L")  # a misfit: the engine says why
    _enter(seat, f"{tile}@{side}")


def _their_lead(seat: int) -> None:
    """Who led, when the record did not know, and with which tile."""
    tile = st.session_state.get(f"analyse_lead:{seat}")
    if tile is not None:
        _enter(seat, f"lead {tile}", leader=seat)


def _i_led() -> None:
    _set(st.session_state[GAME].led_by(st.session_state[GAME].seat))


def who_led(game: TableGame, names: list[str]) -> None:
    """Round 1 of Partners without the 6-6 (or a lot, or Kozel's best tile): the player's
    hand does not say who led, so the board asks rather than guess; only the tiles the
    rules let that seat lead are offered (the 6-6 alone at Partners)."""
    with st.container(border=True, key="analyse_theirs"):
        st.markdown(f"**{tr('analyse.who_led')}**")
        seat = st.selectbox(tr("analyse.leader"), game.leaders(), key="analyse_who_led",
                            format_func=lambda s: names[s])
        if seat == game.seat:
            st.button(tr("analyse.i_led"), type="primary", on_click=_i_led, key="analyse_i_led")
        else:
            st.selectbox(tr("analyse.tile"), game.led_by(seat).lead_tiles(), key=f"analyse_lead:{seat}")
            st.button(tr("analyse.play"), type="primary", on_click=_their_lead, args=(seat,), key="analyse_play")


def _ends_for(ends: tuple[int, int] | None, tile: str) -> list[str]:
    """The ends ``tile`` fits ("L", "R"); one when both ends show the same number."""
    if ends is None:
        return []
    halves = set(map(int, tile.split("-")))
    fits = [side for side, value in (("L", ends[0]), ("R", ends[1])) if value in halves]
    return fits[:1] if ends[0] == ends[1] else fits


def their_move(game: TableGame, names: list[str]) -> None:
    """Another seat's move, in a few taps: a tile and its end, a pass or a draw."""
    rnd = game.round()
    seat, ends, n = rnd.turn, rnd.ends, len(game.entries)
    seen = {str(t) for t in game.view().seen()}
    unseen = [str(t) for t in TILES if str(t) not in seen]
    # the lead: only the tiles the rules let this seat lead (the 6-6 alone when forced)
    fitting = game.lead_tiles() if ends is None else [t for t in unseen if _ends_for(ends, t)]
    with st.container(border=True, key="analyse_theirs"):
        st.markdown(f"**{capitalised(tr('analyse.their_turn', seat=session.plain(in_sentence(tr.lang, names[seat]))))}**")
        tile = st.selectbox(tr("analyse.tile"), fitting, key=f"analyse_tile:{n}") if fitting else None
        if tile is not None and len(_ends_for(ends, tile)) == 2:
            st.segmented_control(tr("analyse.end"), ["L", "R"], default="L", key=f"analyse_end:{n}",
                                 format_func=lambda s: tr("board.left_end" if s == "L" else "board.right_end"))
        with st.container(horizontal=True, key="analyse_their_buttons"):
            if tile is not None:
                st.button(tr("analyse.play"), type="primary", on_click=_their_tile, args=(seat, n, ends is None),
                          key="analyse_play")
            if ends is not None:
                st.button(tr("analyse.pass"), on_click=_enter, args=(seat, "pass"), key="analyse_pass")
                if rnd.rules.can_draw:
                    st.button(tr("analyse.draw"), on_click=_enter, args=(seat, "draw"), key="analyse_draw")


def _own_drawn(n: int) -> None:
    tile = st.session_state.get(f"analyse_drew:{n}")
    if tile is not None:
        _enter(st.session_state[GAME].seat, "draw", tile)


def own_draw(game: TableGame) -> None:
    """The player drew: which tile, so the record knows their hand."""
    seen = {str(t) for t in game.view().seen()}
    n = len(game.entries)
    with st.container(border=True, key="analyse_drawn"):
        st.selectbox(tr("analyse.drew_which"), [str(t) for t in TILES if str(t) not in seen], key=f"analyse_drew:{n}")
        st.button(tr("analyse.drew_ok"), type="primary", on_click=_own_drawn, args=(n,), key="analyse_drew_ok")


def on_board(action: str) -> None:
    if action == "draw":
        st.session_state[DRAWING] = True
        return
    _enter(st.session_state[GAME].seat, action)


def knowledge(game: TableGame, names: list[str]) -> None:
    """Who provably holds no tile of a number, and why; where each unseen tile is."""
    view = game.view()
    st.subheader(tr("analyse.knows"), anchor=False)
    lines = []
    for seat, numbers in sorted(view.cannot_hold().items()):
        reasons = view.cannot_hold_reasons(seat)
        for number in sorted(numbers):
            code, params = reasons.get(number, ("elimination", {}))
            ends = params.get("ends") or []
            key = "analyse.why_block" if params.get("action") == "block" else f"analyse.why_{code}"
            if code == "void" and not game.rules.can_draw:
                key += "_no_draw"  # nobody draws in this game: it was a pass
            why = tr(key, number=number, ends=" / ".join(str(e) for e in ends))
            lines.append(capitalised(tr("analyse.holds_none", seat=session.plain(in_sentence(tr.lang, names[seat])),
                                           number=number, why=why)))
    st.markdown("\n".join(f"- {line}" for line in lines) if lines else tr("analyse.knows_none"))
    st.subheader(tr("analyse.odds"), anchor=False)
    st.caption(tr("analyse.odds_help"))
    odds = _odds(game)
    holders = [s for s in range(view.num_players) if s != view.seat]
    extra = [h for h in ("stock", "sleeping") if any(h in row for row in odds.values())]
    titles = {**{s: names[s] for s in holders}, "stock": tr("board.stock"), "sleeping": tr("board.asleep")}
    rows = [{tr("analyse.tile"): str(tile), **{titles[h]: percent(tr, float(row.get(h, 0))) for h in holders + extra}}
            for tile, row in odds.items()]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def _odds(game: TableGame):
    """The exact odds of the record on screen, worked out once per record, not per rerun."""
    cache = st.session_state.setdefault("analyse_odds", {})
    key = to_link(game.without_hands())
    if key not in cache:
        cache.clear()  # one record at a time
        cache[key] = holder_probabilities(game.view())
    return cache[key]


def entered_hands(game: TableGame) -> dict[int, list[str]] | None:
    return None if game.dealt is None else {seat: list(tiles) for seat, tiles in game.dealt.items()}


def _keep_hands(seats: list[int]) -> None:
    """The hands as entered go with the record (its link and file): checked when shown."""
    hands = {seat: list(st.session_state.get(f"analyse_dealt:{seat}") or []) for seat in seats}
    _set(replace(st.session_state[GAME], dealt=hands), keep_redo=True)


def _forget_hands() -> None:
    _set(st.session_state[GAME].without_hands(), keep_redo=True)


def real_round(game: TableGame, names: list[str]):
    """The real round when every hand is entered and fits the record, else None (and the
    reason on the page)."""
    hands = entered_hands(game)
    if hands is None:
        return None
    try:
        return with_hands(game, hands)
    except (EntryError, EngineError, ValueError) as err:
        st.error(tr("analyse.refused", why=_why(err, names)))
        return None


def every_hand(game: TableGame, names: list[str]):
    """A round written down afterwards: the others' hands as dealt, then the exact values
    with every hand shown (``strategy.solver.solve`` on that very deal)."""
    others = [s for s in range(game.rules.num_players) if s != game.seat]
    hands = entered_hands(game) or {}
    real = None
    with st.expander(tr("analyse.hands_title"), expanded=bool(hands)):
        st.caption(tr("analyse.hands_help"))
        line = game.start.seen() if game.start is not None else set()
        offered = [str(t) for t in TILES if str(t) not in game.hand and str(t) not in line]
        for seat in others:
            size = game.rules.hand_size if game.start is None else game.start.counts[seat]
            st.multiselect(tr("analyse.hands_of" if game.start is None else "analyse.hands_then",
                              seat=session.plain(names[seat])), offered,
                           default=[t for t in hands.get(seat, []) if t in offered],
                           max_selections=size, key=f"analyse_dealt:{seat}")
        with st.container(horizontal=True):
            st.button(tr("analyse.hands_ok"), on_click=_keep_hands, args=(others,), key="analyse_hands_ok")
            if hands:
                st.button(tr("analyse.hands_clear"), on_click=_forget_hands, key="analyse_hands_clear")
        real = real_round(game, names)
        if real is not None and not real.is_over:
            st.markdown(f"**{tr('analyse.exact_title')}**")
            st.caption(tr("analyse.exact_help", seat=session.plain(in_sentence(tr.lang, names[real.turn]))))
            solution = _exact(real)
            if solution is None:
                st.info(tr("analyse.exact_too_big"), icon=":material/info:")
            else:
                rows = [{tr("analyse.col_move"): action_label(tr, str(a)),
                         tr("analyse.col_exact"): figure(tr, float(v), True)}
                        for a, v in solution.items() if v is not None]
                st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    return real


def _exact(real):
    """The exact values of the position, solved once per position (not on every rerun);
    None when the search would pass its node limit."""
    cache = st.session_state.setdefault("analyse_exact", {})
    key = (tuple(real.hands), tuple(real.history))  # the hands now and how they came about
    if key not in cache:
        try:
            cache.clear()  # one position at a time
            cache[key] = solve(real, node_limit=EXACT_NODES)
        except NodeLimit:
            cache[key] = None
    return cache[key]


def record(game: TableGame) -> None:
    names = seat_labels(tr, game.rules, game.seat)
    rnd = game.round()
    mine = not game.is_over and rnd.turn == game.seat and not game.leader_unknown
    board_col, side_col = st.columns([3, 2], gap="medium")
    with board_col:
        show_board(rnd, viewer=game.seat, key="analyse_board", interactive=mine and DRAWING not in st.session_state,
                   on_play=on_board, labels=names)
        with st.container(horizontal=True, key="analyse_edit"):
            st.button(tr("analyse.undo"), on_click=_undo, disabled=not game.entries, icon=":material/undo:",
                      key="analyse_undo")
            st.button(tr("analyse.redo"), on_click=_redo, disabled=not st.session_state.get(REDO),
                      icon=":material/redo:", key="analyse_redo_button")
            if game.entries and not game.is_over:
                st.button(tr("analyse.blocked"), on_click=lambda: _enter(-1, BLOCKED), key="analyse_blocked")
            st.button(tr("analyse.new"), on_click=_set, args=(None,), icon=":material/add:", key="analyse_new")
    with side_col:
        if refused:
            st.error(tr("analyse.refused", why=refused))
        if game.is_over:
            st.success(tr("analyse.over"))
        elif mine and st.session_state.get(DRAWING):
            own_draw(game)
        elif mine:
            st.info(tr("analyse.your_turn"))
            if len(rnd.legal_actions()) > 1 and st.button(tr("analyse.hint"), icon=":material/lightbulb:",
                                                          key="analyse_hint_button"):
                # a job seeded from the position: pressing twice gives the same figures
                st.session_state[HINTED] = (len(game.entries), ask(game.view()))
            shown = st.session_state.get(HINTED)
            if shown and shown[0] == len(game.entries):
                shown = st.session_state[HINTED] = (shown[0], landed(shown[1]))  # "thinking…" until it is
                show_hint(shown[1], game.rules, game.view())
        elif game.leader_unknown:
            who_led(game, names)
        else:
            their_move(game, names)
        if game.start is not None:
            st.caption(tr("analyse.mid_round"))
        if game.entries:
            st.markdown(f"**{tr('analyse.moves')}**")
            history = rnd.public_history()
            st.markdown("\n".join(f"{i}. {session.plain(event_text(tr, s, a, names, game.seat))}"
                                  for i, (s, a) in enumerate(history, 1)))
    knowledge(game, names)
    st.session_state["analyse_real"] = every_hand(game, names)
    # a text box, not a code block: it can be reached by keyboard, selected and copied
    link = st.query_params.get("g") or to_link(game)  # _set keeps the link of the record shown
    st.text_input(tr("analyse.share"), value=f"/analyse?g={link}", key=f"analyse_link:{link}")
    st.download_button(tr("analyse.download"), data=json.dumps(game.to_dict(), indent=1), file_name="capicu-round.json",
                       mime="application/json", icon=":material/download:", key="analyse_download")


def judge_of(game: TableGame, real) -> RecordJudge:
    """The background grading of a finished record (one per record, and per deal when
    every hand is entered: undo and a new end give another)."""
    judges = st.session_state.setdefault(JUDGES, {})
    key = to_link(game if real is not None else game.without_hands())
    if key not in judges:
        judges.clear()  # only the record on screen is graded
        judges[key] = RecordJudge(game, real=real)
        offer_mistakes(game, judges[key])
    return judges[key]


def offer_mistakes(game: TableGame, judge: RecordJudge) -> None:
    """Each of the player's choices, once judged a clear mistake or blunder, is proven and
    becomes a personal puzzle of theirs (matches.mistake_offers; a guest's for this
    session), in the background: the seat's view of the recorded round is all it shows."""
    book, owner = mistake_book()
    for ply, _, before in choices(game):
        watch(judging_of(judge, ply), before, game.seat, owner, "analysis", book, day=session.today())


def keep(game: TableGame, review) -> bool:
    """The finished round with the profile's games (once per record; nothing for a
    guest); False when the store cannot keep it (a notice says so)."""
    profile = session.profile()
    link = to_link(game.without_hands())  # what names the round: entering its hands keeps it one game
    hands = entered_hands(game) if st.session_state.get("analyse_real") is not None else None  # only hands that fit
    mark = (profile.id if profile is not None else None, link, json.dumps(hands, sort_keys=True))
    if profile is None:
        return False
    if st.session_state.get(SAVED) == mark:
        return True
    decisions = list(review.decisions)
    record = {"table": (game if hands is not None else game.without_hands()).to_dict(), "link": link,
              "review": review.to_dict()}
    try:
        store = session.store()
        same = next((g.id for g in store.games(profile.id) if g.kind == "table" and g.record.get("link") == link),
                    None)
        store.save_game(profile.id, SavedGame(game.rules.preset_name, "finished", record, decisions=len(decisions),
                                              best=sum(d.grade == "best" for d in decisions),
                                              points_lost=sum(d.loss for d in decisions), id=same, kind="table"))
        st.session_state[SAVED] = mark
        return True
    except (ProgressError, ValueError):
        session.notice("notice.not_saved")
        return False


def review_panel(game: TableGame) -> None:
    """The player's choices graded from their view, while the page stays usable
    (``judged_panel``: it looks again twice a second only while choices are being judged)."""
    real = st.session_state.get("analyse_real")
    judge = judge_of(game, real)
    luck = judge.exact  # every hand entered: what each move cost in this very deal
    links = {ply: link_at(game, ply) for ply in range(len(game.entries) + 1)}

    def show(review) -> None:
        show_graded(review, game.rules, len(judge.failed()), luck=luck, links=links)
        if session.profile() is None:
            st.caption(tr("analyse.keep_signed_in"))
        elif keep(game, review):
            st.caption(tr("analyse.kept"))

    judged_panel(judge, show, luck=luck, links=links)


def next_round_form(game: TableGame) -> None:
    """The match goes on at the table: what this round scored (as counted there, unless
    every hand is entered), the new hand and who leads; or the match is over."""
    rules, sides = game.rules, len(game.round().score)
    before = tuple(game.score) if game.score is not None else (0,) * sides
    known = game.round_points()
    with st.container(border=True, key="analyse_next"):
        st.subheader(tr("analyse.next_title"), anchor=False)
        st.caption(tr("analyse.next_known" if known is not None else "analyse.next_help"))
        columns = st.columns(sides)
        points = [columns[side].number_input(
            tr("analyse.next_points", side=side_label(tr, rules, side, game.seat)), min_value=0, max_value=10_000,
            step=1, value=int(known[side]) if known is not None else 0, key=f"analyse_points:{side}:{known}")
            for side in range(sides)]
        totals = tuple(a + int(b) for a, b in zip(before, points))
        over, winner = match_over(rules, totals)
        st.markdown(tr("analyse.next_totals", totals=" – ".join(str(t) for t in totals)))
        if over:
            st.success(f"{tr('play.match_over')}. {tr('play.winner', side=side_label(tr, rules, winner, game.seat))}")
            return
        names = seat_labels(tr, rules, game.seat)
        hand = st.multiselect(tr("analyse.next_hand", n=rules.hand_size), [str(t) for t in TILES],
                              max_selections=rules.hand_size, key=f"analyse_next_hand:{game.round_number}")
        leader = st.selectbox(tr("analyse.leader"), [None, *range(rules.num_players)],
                              format_func=lambda s: tr("analyse.leader_rules") if s is None else names[s],
                              key=f"analyse_next_leader:{game.round_number}")
        if st.button(tr("analyse.next_start"), type="primary", icon=":material/skip_next:", key="analyse_next_start"):
            if len(hand) != rules.hand_size:
                st.error(tr("analyse.need_hand", n=rules.hand_size, got=len(hand)))
                return
            try:
                _set(game.next_round(hand, [int(p) for p in points], leader))
            except (EntryError, EngineError) as err:
                st.error(tr("analyse.refused", why=_why(err, names)))
                return
            st.rerun()


game = st.session_state.get(GAME)
if game is None:
    if refused:
        st.error(refused)
    setup_form()
else:
    record(game)
    if game.is_over:
        review_panel(game)
        next_round_form(game)
