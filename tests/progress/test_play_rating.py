"""The play rating: the bots' ladder from their measured duels, a match's rounds as one
rating period, and the store rating a finished match once per deal, in the transaction that
saves it (SQLite and PostgreSQL, and the memory fallback)."""

from __future__ import annotations

import threading
from dataclasses import replace
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from engine import Rules
from progress import NullStore, ProfileError, SavedGame, open_store
from storage.database import player_ratings_table, rating_history_table
from progress.play_rating import (
    ANCHOR, BORROWED_SPREAD, BOT_MIN_DEVIATION, UNMEASURED, MatchResult, Rung, deal_key, edge, ladder, match_games,
    opponents,
)
from progress.ratings import START, Rating, rate_games

LEVELS = ("random", "beginner", "casual", "strong", "expert")
BOT = Rating(1500, 60)


# --- the bots' ladder ------------------------------------------------------------------


def test_the_gap_follows_the_deals_won_and_is_surer_with_more_deals():
    assert edge(50, 0, 50)[0] == pytest.approx(0.0)
    assert edge(70, 0, 30)[0] > edge(60, 0, 40)[0] > 0 > edge(40, 0, 60)[0]
    assert edge(700, 0, 300)[1] < edge(70, 0, 30)[1]  # ten times the deals: about a third of the error
    assert edge(10, 0, 0)[0] < float("inf")  # half a deal each way: never infinite
    with pytest.raises(ValueError, match="counts"):
        edge(-1, 0, 3)


def test_the_ladder_rises_with_each_measured_edge_from_the_club_player_at_1500():
    rungs = {"beginner": Rung(55, 0, 45), "casual": Rung(58, 2, 40), "strong": Rung(600, 0, 400),
             "expert": Rung(70, 0, 30)}
    tiers = ladder(LEVELS, rungs)
    assert ANCHOR == "casual" and tiers["casual"].value == START.value
    values = [tiers[level].value for level in LEVELS]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert tiers["strong"].value - tiers["casual"].value == pytest.approx(edge(600, 0, 400)[0])
    # the further from the club player, the less sure; never surer than the floor
    assert tiers["casual"].deviation == BOT_MIN_DEVIATION
    assert tiers["expert"].deviation > tiers["strong"].deviation
    assert tiers["random"].deviation > tiers["beginner"].deviation


def test_a_gap_borrowed_from_other_games_or_not_measured_is_less_sure():
    measured = ladder(LEVELS, {"strong": Rung(60, 0, 40), "expert": Rung(60, 0, 40)})
    borrowed = ladder(LEVELS, {"strong": Rung(60, 0, 40, BORROWED_SPREAD), "expert": Rung(60, 0, 40)})
    assert borrowed["strong"].value == measured["strong"].value
    assert borrowed["strong"].deviation > measured["strong"].deviation
    assert measured["beginner"].value == START.value and measured["beginner"].deviation == pytest.approx(UNMEASURED)
    with pytest.raises(ValueError, match="anchor"):
        ladder(("a", "b"), {})


# --- a match as one rating period -------------------------------------------------------


def _result(points, in_play=None):
    return SimpleNamespace(points=tuple(points), total=tuple(p + q for p, q in zip(points, in_play or [0] * len(points))))


def test_partners_plays_each_round_against_the_other_side_moved_by_a_weak_partner():
    rules = Rules.preset("laplaza_partners")
    strong, weak = Rating(1600, 40), Rating(1400, 40)
    even = opponents(rules, [None, strong, strong, strong])
    assert list(even) == [1] and even[1].value == 1600  # the player's side is 0, the other side 1
    carried = opponents(rules, [None, strong, weak, strong])  # a weaker partner: harder opponents
    assert carried[1].value == 1800
    games = match_games(rules, [_result((30, 0)), _result((0, 25)), _result((0, 0))], [None, strong, strong, strong])
    assert [s for _, s in games] == [1.0, 0.0, 0.5]


def test_three_players_play_each_round_against_each_opponent():
    rules = Rules.preset("draw", 3)
    seats = [None, Rating(1450, 40), Rating(1650, 40)]
    games = match_games(rules, [_result((12, 0, 0)), _result((0, 0, 9))], seats)
    assert [(r.value, s) for r, s in games] == [(1450, 1.0), (1650, 1.0), (1450, 0.5), (1650, 0.0)]


def test_in_kozel_fewer_penalty_points_win():
    rules = Rules.preset("kozel", 2)
    games = match_games(rules, [_result((0, 14)), _result((6, 0))], [None, BOT])
    assert [s for _, s in games] == [1.0, 0.0]


def test_rounds_won_raise_the_rating_and_more_against_a_stronger_level():
    weaker, stronger = Rating(1400, 40), Rating(1700, 40)
    assert rate_games(START, [(stronger, 1.0)] * 4).value > rate_games(START, [(weaker, 1.0)] * 4).value > START.value
    assert rate_games(START, [(weaker, 0.0)] * 4).value < rate_games(START, [(stronger, 0.0)] * 4).value < START.value
    with pytest.raises(ValueError, match="from 0 to 1"):
        rate_games(START, [(BOT, 2)])


def test_a_deal_is_named_by_its_game_players_rules_and_seed_not_its_bots():
    assert deal_key("laplaza_1v1", 2, (), "4") == "laplaza_1v1:2:4"
    assert deal_key("draw", 3, ("a", "b"), "4") == deal_key("draw", 3, ("b", "a"), "4") != deal_key("draw", 3, (), "4")
    assert len(deal_key("laplaza_partners", 4, tuple(f"rule{i}" for i in range(20)), "9" * 40)) <= 100


# --- in the store --------------------------------------------------------------------------


def _finished(game_id=None, status="finished"):
    return SavedGame("laplaza_1v1", status, {"setup": {"seed": "4"}}, decisions=4, best=3, points_lost=2.0, id=game_id)


RESULT = MatchResult("laplaza_1v1:2:4", ((BOT, 1.0), (BOT, 1.0), (BOT, 0.0)))


def test_a_finished_match_is_rated_once_however_often_it_is_saved(saved_or_memory):
    store = saved_or_memory
    ana = store.create_profile("Ana")
    game_id = store.save_game(ana.id, _finished(status="playing"), rated=RESULT)
    assert store.rating(ana.id, "play") is None  # a match still being played moves nothing
    store.save_game(ana.id, _finished(game_id), rated=RESULT)
    first = store.rating(ana.id, "play")
    assert first is not None and first.value > START.value and first.deviation < START.deviation
    assert store.rating(ana.id) is None  # the puzzle rating is another one
    for _ in range(3):  # its last reviews arriving, a rerun, the match reopened
        store.save_game(ana.id, _finished(game_id), rated=RESULT)
    reopened = store.save_game(ana.id, _finished(), rated=RESULT)  # the same deal under another id
    assert reopened != game_id and store.rating(ana.id, "play") == first
    history = store.rating_history(ana.id, "play")
    assert list(history["item"]) == [RESULT.item] and history.loc[0, "score"] == pytest.approx(2 / 3)
    assert history.loc[0, "rating"] == pytest.approx(first.value) and history.loc[0, "item_rating"] == 1500
    other = replace(RESULT, item="laplaza_1v1:2:5", games=((BOT, 0.0),) * 3)
    store.save_game(ana.id, _finished(), rated=other)
    assert store.rating(ana.id, "play").value < first.value
    assert len(store.rating_history(ana.id, "play")) == 2 and store.rating_history(ana.id).empty


def test_a_failed_save_rates_nothing(saved_or_memory):
    store = saved_or_memory
    ana, bo = store.create_profile("Ana"), store.create_profile("Bo")
    bos = store.save_game(bo.id, _finished(status="playing"))
    with pytest.raises(ProfileError, match="unknown_game|game"):
        store.save_game(ana.id, _finished(bos), rated=RESULT)  # not Ana's game: the whole save is refused
    assert store.rating(ana.id, "play") is None and store.rating_history(ana.id, "play").empty
    with pytest.raises(TypeError, match="MatchResult"):
        store.save_game(ana.id, _finished(), rated={"item": "x"})
    table = SavedGame("draw", "finished", {"table": {}}, kind="table")
    store.save_game(ana.id, table, rated=RESULT)  # a round recorded at a real table is no match against the bots
    assert store.rating(ana.id, "play") is None


def test_deleting_a_profile_deletes_its_play_rating(db_url):
    with open_store(db_url) as store:
        ana = store.create_profile("Ana")
        store.save_game(ana.id, _finished(), rated=RESULT)
        store.delete_profile(ana.id)
        with store._engine.connect() as conn:
            for table in (player_ratings_table, rating_history_table):
                assert conn.execute(sa.select(sa.func.count()).select_from(table)).scalar() == 0


def test_two_tabs_finishing_one_match_at_once_rate_it_once(db_url):
    servers = [open_store(db_url, share_engine=False, retries=10) for _ in range(2)]
    try:
        ana = servers[0].create_profile("Ana")
        game_id = servers[0].save_game(ana.id, _finished(status="playing"))
        start = threading.Barrier(6)
        failures: list[BaseException] = []

        def finish(i: int) -> None:
            start.wait()
            try:
                servers[i % 2].save_game(ana.id, _finished(game_id if i % 3 else None), rated=RESULT)
            except BaseException as error:  # noqa: BLE001 - reported below
                failures.append(error)

        threads = [threading.Thread(target=finish, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert failures == []
        assert len(servers[1].rating_history(ana.id, "play")) == 1
        with servers[1]._engine.connect() as conn:
            (row,) = conn.execute(sa.select(player_ratings_table)).all()
        assert row.kind == "play" and row.rated == 1
        assert servers[0].rating(ana.id, "play") == rate_games(START, RESULT.games)
    finally:
        for server in servers:
            server.close()


def test_the_memory_store_rates_a_match_like_the_database(db_url):
    if "postgresql" in db_url:
        pytest.skip("once is enough")
    memory = NullStore()
    with open_store(db_url) as saved:
        for store in (memory, saved):
            ana = store.create_profile("Ana")
            store.save_game(ana.id, _finished(), rated=RESULT)
            store.save_game(ana.id, _finished(), rated=RESULT)
        assert memory.rating(1, "play").value == pytest.approx(saved.rating(1, "play").value)
        assert len(memory.rating_history(1, "play")) == len(saved.rating_history(1, "play")) == 1
