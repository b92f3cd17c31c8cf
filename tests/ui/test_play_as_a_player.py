"""The play page as a player hits it (play-walk.md): buttons pressed twice or late, a reload
or a second tab mid-match, the replay's Next mistake, the score strip after a round, bad
links, saved games, and numbers in the reader's language.

The background judging is replaced by an instant one here (every choice an inaccuracy
that lost 4.4 points, +44 either way with every hand shown): these tests are about the
page, and tests/ui/test_play_page.py runs the real judge.
"""

from __future__ import annotations

import json
import re
from concurrent.futures import Future

import pytest
import streamlit as st
from streamlit.proto.WidgetStates_pb2 import WidgetStates

from matches.game import Game
from progress import open_store
from strategy.review import Decision
import strategy.review_queue as queue
from tests.support.streamlit_events import component_event
from tests.ui.conftest import create_profile, open_app, texts_of
from ui.i18n import translator

#: 1 v 1 against a club player, deal 4: your first legal move each time ends round 1 after
#: 16 moves, and the opponent leads round 2 (a bot's move follows Next round at once).
DEAL = {"game": "laplaza_1v1", "seed": "4", "levels": "casual"}


@pytest.fixture(autouse=True)
def instant_page(monkeypatch):
    """Bots move at once, and every choice is judged at once."""
    import ui.parts.play.setup

    monkeypatch.setattr(ui.parts.play.setup, "PACES", {name: 0.0 for name in ui.parts.play.setup.PACES})
    judged: list[tuple[int, int]] = []

    def at_once(game, index, ply, before, *_owner_and_then):
        judged.append((index, ply))
        move = game.rounds[index][ply]
        other = next((str(a) for a in before.canonical_actions() if str(a) != move.action), move.action)
        future = Future()
        future.set_result(Decision(ply, move.action, other, -1.0, 3.4, 4.4, "inaccuracy", 44.0, 44.0, 32,
                                   move.hint, {move.action: -1.0, other: 3.4}, 1.0, 7.5, True, False,
                                   {move.action: 1.0, other: 1.0}))
        return future

    monkeypatch.setattr(queue, "judge_later", at_once)
    return judged


def _game(at) -> Game:
    return at.session_state["play_game"]


def button(at, name: str):
    """The page's button ``name`` (its key goes on with the match and the position)."""
    return next(b for b in at.button if b.key and b.key.split(":")[0] == name)


def _param(at, name):
    value = at.query_params.get(name)
    return value[0] if isinstance(value, list) else value


def _tap(at, action=None):
    game = _game(at)
    chosen = action or str(game.round.legal_actions()[0])
    at = component_event(at, f"play:{game.setup.seed}:{game.round.round_number}:board", trigger=("play", chosen))
    assert not at.exception, [e.message for e in at.exception]
    return at


def _to_round_end(at):
    for _ in range(60):
        if _game(at).round.is_over:
            at.run()  # the review is complete: the page stores it
            return at
        at = _tap(at)
    raise AssertionError("the round did not end")


def _press_stale(at, element_id: str):
    """Send a press of a button the page no longer draws, as a browser does when the old
    button is still on screen while the page runs on (a click during a bot's pause)."""
    states = at._tree.get_widget_states()
    pressed = WidgetStates()
    pressed.widgets.extend(w for w in states.widgets if w.id != element_id)
    w = pressed.widgets.add()
    w.id, w.trigger_value = element_id, True
    return at._run(pressed)


# ------------------------------------------------------------------ 1: twice or late
def test_next_round_pressed_again_from_the_old_page_changes_nothing(monkeypatch):
    import ui.parts.play.setup

    at = _to_round_end(open_app("play", **DEAL))
    old_button = button(at, "play_next_round")
    # The click lands while the new round's first bot pause runs: that run stops there (a
    # user event stops a run), so the old button is still known to the page.
    monkeypatch.setattr(ui.parts.play.setup, "pace", lambda: st.stop())
    old_button.click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert len(_game(at).rounds) == 2 and not _game(at).round.is_over
    at = _press_stale(at, old_button.id)
    assert not at.exception, [e.message for e in at.exception]
    assert len(_game(at).rounds) == 2 and not _game(at).round.is_over


def test_every_button_of_an_old_match_does_nothing_for_the_new_one():
    at = open_app("play", **DEAL)
    first = _param(at, "match")
    abandon, hint, new_deal = button(at, "play_abandon"), button(at, "play_hint"), button(at, "play_new")
    new_deal.click().run()
    second = _param(at, "match")
    assert second != first and _game(at).setup.seed != "4"
    for stale in (new_deal, abandon, hint):
        at = _press_stale(at, stale.id)
        assert not at.exception, [e.message for e in at.exception]
        assert _param(at, "match") == second and "play_hint" not in at.session_state


# ------------------------------------------------------------------ 2: reload, second tab
def test_a_reload_mid_round_brings_back_the_exact_position_for_a_guest(instant_page):
    at = _to_round_end(open_app("play", **DEAL))
    button(at, "play_next_round").click().run()
    at = _tap(_tap(at))
    before = _game(at)
    key = _param(at, "match")
    assert key and len(before.rounds) == 2
    reloaded = open_app("play", **DEAL, match=key)  # a new session with the same address
    game = _game(reloaded)
    assert len(game.rounds) == 2 and game.round.history == before.round.history
    assert game.round.hands == before.round.hands and game.match.scores == before.match.scores
    assert 0 in reloaded.session_state["play_reviews"], "the first round's review came back with it"
    # the choices of this round made before the reload are judged (again) in the background
    judge = reloaded.session_state["play_judges"][1]
    choices = [ply for ply, m in enumerate(game.rounds[1]) if m.seat == 0]
    assert judge.total == len([p for p in choices if (1, p) in instant_page])
    reloaded = _tap(reloaded)
    assert _game(reloaded).version > before.version


def test_a_second_tab_follows_the_match_and_an_old_tap_there_changes_nothing():
    one = open_app("play", **DEAL)
    key = _param(one, "match")
    two = open_app("play", **DEAL, match=key)
    stale = str(_game(two).round.legal_actions()[-1])
    one = _tap(one)
    moved = _game(one).round.history
    two.run()
    assert _game(two).round.history == moved
    two = _tap(two, stale)  # tapped on the old position, before the page caught up
    assert _game(two).round.history[:len(moved)] == moved


def test_a_profiles_match_is_saved_after_every_move_and_stays_its_own(progress_db):
    at = open_app("play")
    create_profile(at, "Rosa")
    at.query_params.update(DEAL)
    at.switch_page("ui/pages/play.py")
    at.run()
    at = _tap(_tap(at))
    store = open_store(f"sqlite:///{progress_db}")
    try:
        (rosa,) = store.profiles()
        (saved,) = store.games(rosa.id)
    finally:
        store.close()
    assert Game.from_dict(saved.record).round.history == _game(at).round.history
    key = _param(at, "match")
    guest = open_app("play", **DEAL, match=key)  # the address, in another browser
    assert translator("en")("play.match_other") in " ".join(w.value for w in guest.warning)
    assert _param(guest, "match") != key and not _game(guest).rounds[0], "the link's deal, from its start"


def test_a_stopped_match_is_not_brought_back():
    at = open_app("play", **DEAL)
    key = _param(at, "match")
    button(at, "play_abandon").click().run()
    again = open_app("play", match=key)
    assert "play_game" not in again.session_state
    assert translator("en")("play.match_gone") in " ".join(w.value for w in again.warning)


# ------------------------------------------------------------------ 6, 9, 12, 22: the review
def test_next_mistake_goes_on_to_the_next_slip_and_round_again():
    at = _to_round_end(open_app("play", **DEAL))
    review = at.session_state["play_reviews"][0]
    slips = [d.ply for d in review.decisions]
    assert len(slips) >= 2
    key = "play:4:0:review"
    seen = []
    for _ in range(2):  # from the end of the round: round to the first slip, then on to the next
        at.button(key=f"{key}:slip").click().run()
        seen.append(at.session_state[f"{key}:step"])
    assert seen == slips[:2]


def _board_data(at, key: str) -> dict:
    element = next(e for e in at.get("bidi_component") if e.key == key)
    return json.loads(element.proto.json)


def test_the_score_strip_counts_the_round_just_played():
    at = _to_round_end(open_app("play", **DEAL))
    game = _game(at)
    strip = _board_data(at, "play:4:1:board")["score"]
    assert sum(game.match.scores) == 0  # the engine counts the round when the next is dealt
    result = game.round.result
    assert sum(result.total) > 0  # somebody scored: a strip that forgot the round would show 0, 0
    assert [e["points"] for e in strip["entries"]] == list(result.total)  # you, then the opponent


def test_the_review_says_in_words_what_the_choice_cost_in_this_deal():
    at = _to_round_end(open_app("play", **DEAL))
    tr = translator("en")
    assert tr("play.luck_free", exact="+44.0") in texts_of(at)  # lost 4.4 from your view, nothing here


def test_numbers_on_the_review_use_the_readers_decimal_sign():
    at = _to_round_end(open_app("play", **DEAL, lang="nl"))
    shown = texts_of(at)
    assert "4,4" in shown and "+44,0" in shown and "4.4" not in shown and "44.0" not in shown


# ------------------------------------------------------------------ 11: bad links
@pytest.mark.parametrize("params, name, value, allowed", [
    ({"game": "draw", "players": "3", "levels": "god,casual"}, "levels", "god", "expert"),
    ({"game": "laplaza_partners", "players": "3"}, "players", "3", "4"),
    ({"game": "laplaza_1v1", "rules": "bogus"}, "rules", "bogus", "capicu"),
    ({"game": "laplaza_1v1", "seed": "abc"}, "seed", "abc", "123456"),
    ({"game": "chess"}, "game", "chess", "kozel"),
])
def test_a_bad_link_names_the_parameter_its_value_and_what_it_may_be(params, name, value, allowed):
    at = open_app("play", **{"seed": "7", **params})
    assert "play_game" not in at.session_state
    warning = " ".join(w.value for w in at.warning).replace("\\", "")
    assert name in warning and f"“{value}”" in warning and allowed in warning
    assert "is played by (" not in warning and "bot level is one of" not in warning  # no internal message


def test_after_a_bad_link_the_form_keeps_what_was_valid():
    at = open_app("play", game="draw", players="3", levels="god,casual", seed="7")
    assert at.selectbox(key="play_form_game").value == "draw"
    assert at.session_state["play_form_players:draw"] == 3 and at.text_input(key="play_form_seed").value == "7"


def test_a_bad_pace_is_named_and_the_match_starts_at_the_normal_pace():
    at = open_app("play", **DEAL, pace="warp")
    assert "play_game" in at.session_state and at.session_state["play_pace"] == "normal"
    warning = " ".join(w.value for w in at.warning).replace("\\", "")
    assert "“warp”" in warning and "fast" in warning


def test_a_bad_link_is_told_in_the_readers_language():
    at = open_app("play", game="laplaza_1v1", seed="abc", lang="es")
    warning = " ".join(w.value for w in at.warning).replace("\\", "")
    assert translator("es")("play.allowed.seed") in warning


# ------------------------------------------------------------------ 19: hints
def _hint_buttons(at) -> list:
    """The page's Hint buttons (their key is ``play_hint:<match>:<version>``)."""
    return [b for b in at.button if b.key and b.key.split(":")[0] == "play_hint"]


def test_no_hint_is_offered_when_one_move_is_legal():
    at = open_app("play", **DEAL)
    offered = False  # the check below finds the Hint button where it is shown
    for _ in range(40):
        game = _game(at)
        if game.round.is_over:
            break
        if game.human_to_move and len(game.round.canonical_actions()) > 1:
            assert _hint_buttons(at), "a choice of moves offers a hint"
            offered = True
        if game.human_to_move and len(game.round.canonical_actions()) == 1:
            assert offered, "no choice of moves came before the forced one in this deal"
            assert not _hint_buttons(at)
            assert translator("en")("play.only_move") in texts_of(at)
            return
        at = _tap(at)
    pytest.fail("no forced move came up in this deal")


# ------------------------------------------------------------------ 21: your games
def test_your_games_show_when_how_far_and_the_score():
    at = open_app("play")
    create_profile(at, "Tomas")
    at.query_params.update(DEAL)
    at.switch_page("ui/pages/play.py")
    at.run()
    at = _to_round_end(at)
    mine, theirs = _game(at).round.result.total
    button(at, "play_abandon").click().run()
    line = next(m.value for m in at.markdown if "Deal 4" in m.value)
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", line) and "Round 1" in line
    assert f"You {mine}, Opponent {theirs}" in line and mine + theirs > 0
