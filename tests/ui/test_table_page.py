"""The table page (ui/pages/table.py) in AppTest: open a table, a friend sits down from
another session, a whole round is played by taps on both screens, each screen shows its
own hand only, a late tap is refused plainly, and a reload sits a player down again."""

from __future__ import annotations

import json
import re

from streamlit.testing.v1 import AppTest

from matches.table_store import TableStore
from progress import open_store
from tests.support.streamlit_events import component_event
from tests.ui.conftest import APP, texts_of
from ui.parts.tables.sync import load


def page(**params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page("ui/pages/table.py")
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def param(at: AppTest, name: str) -> str:
    value = at.query_params[name]
    return value[0] if isinstance(value, list) else value


def tables(progress_db) -> TableStore:
    return TableStore(open_store(f"sqlite:///{progress_db}"))


def open_two_player_table(game: str = "laplaza_1v1", *toggles: str) -> tuple[AppTest, str]:
    """The host's screen and the table's code; ``toggles``: options switched on (``touch``)."""
    host = page()
    host.selectbox(key="table_form_game").set_value(game).run()
    for option in toggles:
        host.toggle(key=f"table_form_{option}").set_value(True).run()
    host.text_input(key="table_form_name").input("Ana").run()
    host.button(key="table_open").click().run()
    assert not host.exception, [e.message for e in host.exception]
    return host, param(host, "t")


def sit_down(code: str, seat: int, name: str) -> AppTest:
    guest = page(t=code)
    guest.text_input(key="table_sit_name").input(name).run()
    guest.button(key=f"table_sit:{code}:{seat}").click().run()
    assert not guest.exception, [e.message for e in guest.exception]
    return guest


def board_of(at: AppTest) -> dict | None:
    found = [e for e in at.get("bidi_component") if (e.key or "").endswith(":board") and e.key.startswith("table:")]
    return json.loads(found[0].proto.json) if found else None


def tiles_in(text: str) -> set[str]:
    return set(re.findall(r"\b[0-6]-[0-6]\b", text))


def test_a_whole_round_between_two_people_each_seeing_only_their_own_hand(progress_db, light_review):
    host, code = open_two_player_table()
    assert code in texts_of(host)
    guest = sit_down(code, 1, "Luis")
    host.run()
    assert "Luis" in texts_of(host)
    host.button(key=f"table_start:{code}").click().run()
    screens = {0: host, 1: guest}
    store = tables(progress_db)
    for _ in range(120):  # 28 tiles, 14 draws and the passes bound a 1 v 1 round well below this
        table, _ = load(store, code)
        rnd = table.game.round
        if rnd.is_over:
            break
        for seat, screen in screens.items():
            screen.run()
            assert not screen.exception, [e.message for e in screen.exception]
            seen = json.dumps(board_of(screen))
            hidden = {str(t) for t in load(store, code)[0].game.round.hand(1 - seat)}
            assert not (hidden & tiles_in(seen)), f"seat {seat} was sent tiles of the other hand"
        table, _ = load(store, code)
        seat = table.game.round.turn
        action = str(table.game.round.canonical_actions()[0])
        if action.endswith("@R") and table.game.round.ends and table.game.round.ends[0] == table.game.round.ends[1]:
            action = action[:-1] + "L"
        screen = component_event(screens[seat], f"table:{code}:1:board", trigger=("play", action))
        assert not screen.exception, [e.message for e in screen.exception]
    table, _ = load(store, code)
    assert table.game.round.is_over
    host.run()
    assert "Round over" in texts_of(host)
    if table.state != "over" and not table.game.over:
        host.button(key=f"table_ready:{code}:0").click().run()
        guest.run()
        guest.button(key=f"table_ready:{code}:0").click().run()
        assert len(load(store, code)[0].game.rounds) == 2
        # each seat's judging of every round has one owner in the queue (issue 44): its
        # earlier round's judgements go before the next round's, the other seat's in turn
        host.run()
        for seat, screen in screens.items():
            judges = screen.session_state[f"table_judges:{code}"]
            assert {judge.owner for judge in judges.values()} == {f"seat:{code}:{seat}"}


def test_a_tap_on_a_position_that_has_moved_on_is_refused_plainly(progress_db):
    host, code = open_two_player_table()
    guest = sit_down(code, 1, "Luis")
    host.run()
    host.button(key=f"table_start:{code}").click().run()
    store = tables(progress_db)
    table, _ = load(store, code)
    seat = table.game.round.turn
    token = param(host if seat == 0 else guest, "me")
    # the player to move has the table open on two devices, both drawn before the move
    first, second = page(t=code, me=token), page(t=code, me=token)
    action = str(table.game.round.canonical_actions()[0])
    first = component_event(first, f"table:{code}:1:board", trigger=("play", action))
    assert not first.exception
    second = component_event(second, f"table:{code}:1:board", trigger=("play", action))
    assert not second.exception, [e.message for e in second.exception]
    assert "That move came too late" in texts_of(second)
    after, _ = load(store, code)
    assert [m.action for m in after.game.rounds[0] if m.seat == seat] == [action]


def test_a_reload_from_the_private_link_sits_the_player_down_again(progress_db):
    host, code = open_two_player_table()
    guest = sit_down(code, 1, "Luis")
    token = param(guest, "me")
    host.run()
    host.button(key=f"table_start:{code}").click().run()
    again = page(t=code, me=token)
    board = board_of(again)
    assert board is not None, "the private link should seat the player and show the board"
    shown = set(re.findall(r'class="[^"]*\bhand-tile\b[^"]*" data-tile="([0-6]-[0-6])"', board["svg"]))
    table, _ = load(tables(progress_db), code)
    assert shown == {str(t) for t in table.game.round.hand(1)}
    assert "You" in [entry["label"] for entry in board["score"]["entries"] if entry["mine"]]


def test_a_bad_code_or_a_strangers_token_gets_a_plain_message(progress_db):
    missing = page(t="NOSUCH")
    assert "There is no table with that code" in texts_of(missing)
    host, code = open_two_player_table()
    stranger = page(t=code, me="not-a-seat-token")
    assert "That link's seat isn't at this table" in texts_of(stranger)
    assert "me" not in stranger.query_params


def test_the_page_speaks_every_language(progress_db):
    for lang, title in (("nl", "nl"), ("pt", "pt"), ("es", "es")):
        at = page(lang=lang)
        assert at.title[0].value and at.button(key="table_open")


def test_home_leads_to_the_table_in_every_language(progress_db):
    from ui.i18n import translator
    from tests.ui.conftest import open_app

    for lang in ("en", "nl", "pt", "es"):
        at = open_app(None, lang=lang)
        links = {p.proto.label: p.proto.page for p in at.get("page_link")}
        assert links.get(translator(lang)("home.table")) == "table", lang


def test_a_touch_move_table_says_so_in_its_lobby_and_deals_with_the_rule(progress_db):
    from ui.i18n import translator

    host, code = open_two_player_table("laplaza_1v1", "touch")
    table, _ = load(tables(progress_db), code)
    assert table.options.touch_move
    assert translator("en")("play.touch_move_help") in texts_of(host)
    guest = sit_down(code, 1, "Luis")
    host.button(key=f"table_start:{code}").click().run()
    table, _ = load(tables(progress_db), code)
    assert table.game.round.rules.touch_move == "on"
    guest.run()
    mover = host if table.game.round.turn == 0 else guest
    assert board_of(mover)["touch_move"] is True and board_of(mover)["legal"]["tiles"]


def test_after_a_first_hint_the_next_one_is_worked_out_while_the_player_thinks(progress_db, monkeypatch):
    import strategy.hints

    light = 250_000  # the suite's time: the three stages keep their order, on less work
    monkeypatch.setattr(strategy.hints, "HINT_NODES", light)
    monkeypatch.setattr(strategy.hints, "DEEP_NODES", 2 * light)
    monkeypatch.setattr(strategy.hints, "THOROUGH_NODES", 3 * light)
    monkeypatch.setenv("CAPICU_THINK_AHEAD", "on")
    host, code = open_two_player_table("laplaza_1v1", "hints")
    guest = sit_down(code, 1, "Luis")
    host.button(key=f"table_start:{code}").click().run()
    screens, store, asked = {0: host, 1: guest}, tables(progress_db), set()
    for _ in range(60):
        table, _ = load(store, code)
        rnd = table.game.round
        seat = rnd.turn
        screen = screens[seat].run()
        if len(rnd.canonical_actions()) > 1:
            if seat in asked:  # the second real choice of a player who asked once
                ahead = screen.session_state[f"table_ahead:{code}"]
                assert ahead.moment is not None
                ahead.wait(120)
                screen.button(key=f"table_hint:{code}:{table.version}").click().run()
                version, shown = screen.session_state[f"table_hint:{code}"]
                assert version == table.version and shown.deep
                return
            screen.button(key=f"table_hint:{code}:{table.version}").click().run()
            first = screen.session_state[f"table_hint:{code}"][1]
            # the first: the ordinary hint, unless a deeper one was worked out since it was asked
            assert not first.deep or first is screen.session_state[f"table_ahead:{code}"].ready(
                f"table-hint:{code}:{len(table.game.rounds)}:{len(table.game.rounds[-1])}")
            asked.add(seat)
        action = str(rnd.canonical_actions()[0])
        if action.endswith("@R") and rnd.ends and rnd.ends[0] == rnd.ends[1]:
            action = action[:-1] + "L"
        screen = component_event(screen, f"table:{code}:1:board", trigger=("play", action))
        assert not screen.exception, [e.message for e in screen.exception]
    raise AssertionError("no player had a second real choice")


def test_the_review_panel_looks_again_only_while_choices_are_being_judged(monkeypatch):
    """``judged_panel`` (the play page's way; the table draws its review inside its live part): a fragment on a timer while
    a choice is pending, which reruns the page once the review is complete; drawn again
    then, it has no timer and shows the review."""
    from concurrent.futures import Future

    import streamlit as st

    from strategy.review_queue import RoundJudge
    from ui.parts.play import review as play_review

    registered, bodies, shown, progress, reruns = [], [], [], [], []

    def fragment(body, run_every=None):
        registered.append(run_every)
        bodies.append(body)
        return body

    monkeypatch.setattr(st, "fragment", fragment)
    monkeypatch.setattr(st, "rerun", lambda *a, **k: reruns.append(1))
    monkeypatch.setattr(play_review, "show_progress", lambda done, total, failed, **k: progress.append((len(done), total)))
    judge = RoundJudge(0)
    pending: Future = Future()
    judge._futures[3] = pending
    play_review.judged_panel(judge, shown.append)
    assert registered == [play_review.LOOK_AGAIN] and progress == [(0, 1)] and not shown
    pending.set_exception(RuntimeError("could not judge"))  # done: a failed judging counts as done
    bodies[0]()  # the timer's next look
    assert reruns == [1] and not shown, "complete: the page is drawn again, once"
    play_review.judged_panel(judge, shown.append)  # that drawing
    assert registered[1:] == [None], "no timer once nothing is pending"
    assert len(shown) == 1 and shown[0].decisions == () and reruns == [1]
