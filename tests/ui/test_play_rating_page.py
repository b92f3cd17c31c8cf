"""The play rating on the pages (AppTest): a match played to its end on the play page rates
the profile once (reruns, reopening the match and its last reviews arriving never again),
a replayed deal does not count, a guest is told how to get one; My progress shows it with
its deviation and trend, and charts best moves and points lost for one game or all.

Bots move at once and every choice is judged at once (as in test_play_as_a_player.py):
these tests are about the rating, not the judge.
"""

from __future__ import annotations

import json
from concurrent.futures import Future
from dataclasses import replace

import pytest

from engine import PRESETS
from matches.game import Game
from progress import open_store
from progress.play_rating import MatchResult
from progress.ratings import START, Rating
from strategy.review import Decision
import strategy.review_queue as queue
from tests.support.seeded import MATCH, saved_match
from tests.support.streamlit_events import component_event
from tests.ui.conftest import create_profile, open_app, texts_of
from ui.i18n import LANGUAGES, translator
from ui.labels import game_title
from ui.parts.play.rating import bot_ratings, match_result, rated_line
from ui.parts.rating_view import signed
from ui.session import today

EN = translator("en")
#: tests/support/seeded.py's match: 1 v 1 to 50 against a beginner, over after three rounds
#: when the player takes the first legal move
DEAL = {"game": "laplaza_1v1", "seed": MATCH.seed, "rules": ",".join(MATCH.overlays), "levels": "beginner"}


@pytest.fixture(autouse=True)
def instant_page(monkeypatch):
    import ui.parts.play.setup

    monkeypatch.setattr(ui.parts.play.setup, "PACES", {name: 0.0 for name in ui.parts.play.setup.PACES})

    def at_once(game, index, ply, before, *_owner_and_then):
        move = game.rounds[index][ply]
        future = Future()
        future.set_result(Decision(ply, move.action, move.action, 1.0, 1.0, 0.0, "best", 1.0, 1.0, 32,
                                   move.hint, {move.action: 1.0}, 0.0, 0.0, True, False, {move.action: 1.0}))
        return future

    monkeypatch.setattr(queue, "judge_later", at_once)


def _game(at) -> Game:
    return at.session_state["play_game"]


def _play_to_the_end(at):
    """The first legal move each time, Next round after each round, until the match is over."""
    for _ in range(400):
        game = _game(at)
        if game.over:
            at.run()
            return at
        if game.round.is_over:
            next_button = next(b for b in at.button if b.key and b.key.startswith("play_next_round:"))
            at = next_button.click().run()
        else:
            board = f"play:{game.setup.seed}:{game.round.round_number}:board"
            at = component_event(at, board, trigger=("play", str(game.round.legal_actions()[0])))
        assert not at.exception, [e.message for e in at.exception]
    raise AssertionError("the match did not end")


def _store(progress_db):
    return open_store(f"sqlite:///{progress_db}")


def test_every_game_and_player_count_has_a_rising_ladder_from_strength_json():
    for preset, (counts, _options) in PRESETS.items():
        for players in counts:
            tiers = bot_ratings(preset, players)
            assert tiers["casual"].value == START.value, (preset, players)
            assert tiers["beginner"].value < tiers["casual"].value < tiers["strong"].value < tiers["expert"].value


def test_a_finished_match_rates_the_profile_once_and_a_replayed_deal_not_at_all(progress_db):
    at = open_app("play")
    create_profile(at, "Lia")
    at.query_params.update(DEAL)
    at.switch_page("ui/pages/play.py")
    at.run()
    at = _play_to_the_end(at)
    expected = match_result(_game(at))
    with _store(progress_db) as store:
        (lia,) = store.profiles()
        rating = store.rating(lia.id, "play")
        history = store.rating_history(lia.id, "play")
    assert rating is not None and list(history["item"]) == [expected.item]
    assert len(expected.games) == len(_game(at).match.results) == 3  # one game a round against the one opponent
    line = rated_line(EN, history, expected.item)
    assert line == EN("ratings.play_yours", rating=rating.shown, change=signed(rating.value - START.value))
    assert line in texts_of(at)
    for _ in range(2):  # reruns (the last reviews arrive, a board report)
        at.run()
    reopen = next(b for b in at.button if b.key and b.key.startswith("play_abandon:"))
    at = reopen.click().run()  # "New match": the form and Your games
    (saved,) = [b for b in at.button if b.key and b.key.startswith("play_open:")]
    at = saved.click().run()
    assert not at.exception and _game(at).over
    assert line in texts_of(at)  # the same line for the match reopened
    with _store(progress_db) as store:
        assert store.rating(lia.id, "play") == rating and len(store.rating_history(lia.id, "play")) == 1

    replay = next(b for b in at.button if b.key and b.key.startswith("play_replay:"))
    at = _play_to_the_end(replay.click().run())  # the same deal again: its hands were seen
    assert EN("ratings.play_replayed") in texts_of(at)
    with _store(progress_db) as store:
        assert store.rating(lia.id, "play") == rating and len(store.rating_history(lia.id, "play")) == 1
        assert len([g for g in store.games(lia.id) if g.status == "finished"]) == 2


def test_a_guest_finishing_a_match_is_told_how_to_get_a_play_rating():
    at = open_app("play", **DEAL)
    at = _play_to_the_end(at)
    assert EN("ratings.play_guest") in texts_of(at)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_my_progress_shows_the_play_rating_and_play_per_game(progress_db, lang):
    tr = translator(lang)
    at = open_app("stats", lang=lang)
    create_profile(at, "Noa")  # the profile of this session; its matches are written for it below
    with _store(progress_db) as store:
        (noa,) = store.profiles()
        for n, (game, won) in enumerate((("laplaza_1v1", 1.0), ("laplaza_1v1", 0.0), ("draw", 1.0))):
            store.save_game(noa.id, replace(saved_match(today()), game=game),
                            rated=MatchResult(f"{game}:2:{n}", ((Rating(1430, 30), won),) * 3))
        rating = store.rating(noa.id, "play")
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert any(m.label == tr("ratings.play_title") and m.value == rating.shown for m in at.metric)
    assert tr("ratings.play_count", n=3) in texts_of(at)
    charts = len(at.get("plotly_chart"))
    assert charts == 6  # accuracy ×2, the calendar, the play rating's trend, the games, the skill trend
    assert any(m.label == tr("stats.games_played") and m.value == "3" for m in at.metric)
    picker = at.selectbox(key="stats_games_pick")
    picker.set_value("draw").run()
    assert not at.exception
    assert any(m.label == tr("stats.games_played") and m.value == "1" for m in at.metric)
    title = f"{tr('stats.games_chart')} · {game_title(tr, 'draw')}"
    figure = next(f for f in (json.loads(c.proto.spec) for c in at.get("plotly_chart"))
                  if f["layout"]["title"]["text"] == title)
    assert len(figure["data"][0]["x"]) == 1  # the one Draw match
    by_game = next(d.value for d in at.dataframe if tr("ratings.col_game") in d.value)  # every game side by side
    counts = dict(zip(by_game[tr("ratings.col_game")], by_game[tr("stats.games_played")]))
    assert counts == {game_title(tr, "laplaza_1v1"): 2, game_title(tr, "draw"): 1}


def test_my_progress_before_any_rated_match_says_how_to_get_one():
    at = open_app("stats")
    create_profile(at, "Ivo")
    at.run()
    assert EN("ratings.play_none_yet") in texts_of(at)
    assert all(m.label != EN("ratings.play_title") for m in at.metric)
