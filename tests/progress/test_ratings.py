"""Ratings: the Glicko-2 update's invariants, and rated attempts in the store (SQLite and
PostgreSQL): first tries only, one transaction, no lost update when servers race."""

from __future__ import annotations

import math
import random
import threading
from datetime import date

import pytest
import sqlalchemy as sa
from hypothesis import given, settings
from hypothesis import strategies as st

from progress import NullStore, ProfileError, open_store
from storage.database import player_ratings_table, puzzle_ratings_table, rating_history_table, reviews_table
from progress.ratings import (
    BAND_SEEDS, HIGHEST, KINDS, LOWEST, MAX_DEVIATION, MIN_PLAYER_DEVIATION, MIN_PUZZLE_DEVIATION, START, Rating,
    expected, nearest_band, puzzle_seed, rate, rate_score,
)
from puzzles.model import BANDS

from .conftest import attempt

DAY = date(2026, 12, 1)

ratings = st.builds(Rating, st.floats(LOWEST, HIGHEST), st.floats(MIN_PUZZLE_DEVIATION, MAX_DEVIATION),
                    st.floats(0.04, 0.09))


# --- the update itself --------------------------------------------------------------


def test_band_seeds_are_the_puzzle_bands_and_rise_with_them():
    assert tuple(BAND_SEEDS) == BANDS
    assert [puzzle_seed(b).value for b in BANDS] == sorted(puzzle_seed(b).value for b in BANDS)
    assert [nearest_band(puzzle_seed(b).value) for b in BANDS] == list(BANDS)


@settings(max_examples=300, deadline=None)
@given(ratings, ratings, st.booleans())
def test_solving_never_lowers_the_player_nor_raises_the_puzzle(player, puzzle, solved):
    new_player, new_puzzle = rate(player, puzzle, solved)
    if solved:
        assert new_player.value >= player.value - 1e-9 and new_puzzle.value <= puzzle.value + 1e-9
    else:
        assert new_player.value <= player.value + 1e-9 and new_puzzle.value >= puzzle.value - 1e-9
    for new, floor in ((new_player, MIN_PLAYER_DEVIATION), (new_puzzle, MIN_PUZZLE_DEVIATION)):
        assert LOWEST <= new.value <= HIGHEST and floor <= new.deviation <= MAX_DEVIATION
        assert all(math.isfinite(x) for x in (new.value, new.deviation, new.volatility))


@settings(max_examples=200, deadline=None)
@given(ratings, ratings)
def test_a_surprise_moves_a_rating_more_than_the_expected_result(player, puzzle):
    chance = expected(player, puzzle)
    assert 0 < chance < 1
    up = rate(player, puzzle, True)[0].value - player.value
    down = player.value - rate(player, puzzle, False)[0].value
    if chance < 0.45 and player.value < HIGHEST - 400:  # solving the unlikely gains more than failing it loses
        assert up > down
    if chance > 0.55 and player.value > LOWEST + 400:
        assert down > up


@settings(max_examples=100, deadline=None)
@given(ratings, ratings, st.booleans())
def test_the_update_is_a_pure_function(player, puzzle, solved):
    assert rate(player, puzzle, solved) == rate(player, puzzle, solved)


def test_the_first_attempts_calibrate_quickly_then_settle():
    rng = random.Random(3)
    player = START
    moves = []
    for _ in range(40):
        puzzle = puzzle_seed(rng.choice(BANDS))
        new, _ = rate(player, puzzle, rng.random() < 0.5)
        moves.append(abs(new.value - player.value))
        player = new
    assert sum(moves[:5]) / 5 > 2 * sum(moves[-5:]) / 5
    assert player.deviation < 150


def test_bad_values_are_refused_plainly():
    with pytest.raises(ValueError, match="unknown band"):
        puzzle_seed("extreme")
    with pytest.raises(ValueError, match="finite"):
        Rating(float("nan"), 100)
    with pytest.raises(ValueError, match="True or False"):
        rate(START, START, 1)
    with pytest.raises(ValueError, match="from 0 to 1"):
        rate_score(START, START, 2)
    assert rate_score(START, Rating(1700, 60), 1).value > START.value
    assert KINDS == ("puzzles", "play")


# --- in the store --------------------------------------------------------------------


def test_a_first_try_is_rated_a_retry_is_not(saved_or_memory):
    store = saved_or_memory
    ana = store.create_profile("Ana")
    assert store.rating(ana.id) is None and store.puzzle_rating("p:1") is None
    rated = store.record_attempt(ana.id, attempt(DAY, puzzle="p:1", correct=True), band="hard")
    assert rated.player_before == START and rated.puzzle_before == puzzle_seed("hard")
    assert rated.player.value > START.value and rated.puzzle.value < puzzle_seed("hard").value
    assert store.rating(ana.id) == rated.player and store.puzzle_rating("p:1") == rated.puzzle
    # a retry (after the answer was shown) is saved as an attempt but never rated
    assert store.record_attempt(ana.id, attempt(DAY, puzzle="p:1", correct=True), band="hard") is None
    assert store.rating(ana.id) == rated.player and store.puzzle_rating("p:1") == rated.puzzle
    assert len(store.attempts(ana.id)) == 2
    history = store.rating_history(ana.id)
    assert list(history["item"]) == ["p:1"] and list(history["score"]) == [1.0]
    assert history.loc[0, "rating"] == pytest.approx(rated.player.value)
    # an unrated attempt first (a revealed answer, a guest's session): a later try is not a first try
    store.record_attempt(ana.id, attempt(DAY, puzzle="p:2", correct=False))
    assert store.record_attempt(ana.id, attempt(DAY, puzzle="p:2", correct=True), band="easy") is None
    assert store.puzzle_rating("p:2") is None
    assert store.rating_history(ana.id, "play").empty


def test_every_profile_rates_the_same_puzzle(saved_or_memory):
    store = saved_or_memory
    one, two = store.create_profile("One"), store.create_profile("Two")
    first = store.record_attempt(one.id, attempt(DAY, puzzle="shared", correct=False), band="medium")
    second = store.record_attempt(two.id, attempt(DAY, puzzle="shared", correct=False), band="medium")
    assert second.puzzle_before == first.puzzle  # the second starts where the first left it
    assert store.puzzle_rating("shared") == second.puzzle
    assert store.rating(one.id) != store.rating(two.id) or store.rating(one.id) == first.player


def test_a_bad_band_or_profile_writes_nothing(saved_or_memory):
    store = saved_or_memory
    ana = store.create_profile("Ana")
    with pytest.raises(ValueError, match="unknown band"):
        store.record_attempt(ana.id, attempt(DAY, puzzle="p"), band="nightmare")
    assert store.attempts(ana.id).empty and store.rating(ana.id) is None
    with pytest.raises(ProfileError):
        store.record_attempt(ana.id + 99, attempt(DAY, puzzle="p"), band="easy")
    assert store.puzzle_rating("p") is None
    with pytest.raises(ValueError, match="rating kind"):
        store.rating(ana.id, "chess")


def test_puzzles_in_a_window_leave_out_what_the_profile_tried(saved_or_memory):
    store = saved_or_memory
    ana, bo = store.create_profile("Ana"), store.create_profile("Bo")
    for n, band in enumerate(["easy", "medium", "hard", "medium"]):
        store.record_attempt(bo.id, attempt(DAY, puzzle=f"block_count:block:2:{n}", correct=n % 2 == 0), band=band)
    store.record_attempt(bo.id, attempt(DAY, puzzle="next_leader:block:2:9", correct=True), band="medium")
    found = store.puzzles_in_window(ana.id, "block_count:block:", 1300, 1700)
    assert found and all(pid.startswith("block_count:block:") and 1300 <= r.value <= 1700 for pid, r in found)
    assert [abs(r.value - 1500) for _, r in found] == sorted(abs(r.value - 1500) for _, r in found)
    assert store.puzzles_in_window(bo.id, "block_count:block:", 0, 4000) == []  # Bo tried them all
    assert store.puzzles_in_window(ana.id, "block_count%", 0, 4000) == []  # a LIKE wildcard is a character


def test_deleting_a_profile_deletes_its_ratings_but_not_the_puzzles(db_url):
    with open_store(db_url) as store:
        ana = store.create_profile("Ana")
        store.record_attempt(ana.id, attempt(DAY, puzzle="p", correct=False), band="easy")
        store.delete_profile(ana.id)
        with store._engine.connect() as conn:
            for table in (player_ratings_table, rating_history_table, reviews_table):
                assert conn.execute(sa.select(sa.func.count()).select_from(table)).scalar() == 0
        assert store.puzzle_rating("p") is not None  # rated by everyone: kept


def test_an_older_database_gets_the_rating_tables_and_keeps_its_progress(db_url):
    with open_store(db_url) as store:
        ana = store.create_profile("Ana")
        store.record_attempt(ana.id, attempt(DAY, puzzle="old"))
        with store._engine.begin() as conn:  # as a Capicú from before ratings left it
            for table in (rating_history_table, player_ratings_table, puzzle_ratings_table, reviews_table):
                table.drop(conn)
    with open_store(db_url) as store:
        assert list(store.attempts(ana.id)["puzzle_id"]) == ["old"]
        assert store.record_attempt(ana.id, attempt(DAY, puzzle="new", correct=True), band="easy") is not None
        assert store.rating(ana.id) is not None


def _replay(history_rows) -> dict[str, Rating]:
    """Each puzzle's rating replayed from the history in commit order (row ids): what the
    store must hold if no update was lost."""
    players: dict[int, Rating] = {}
    puzzles: dict[str, Rating] = {}
    for row in sorted(history_rows, key=lambda r: r.id):
        before = players.get(row.profile_id, START)
        puzzle = puzzles.get(row.item, puzzle_seed("medium"))
        new_player, new_puzzle = rate(before, puzzle, row.score == 1.0)
        assert new_puzzle.value == pytest.approx(row.item_rating, abs=1e-6), "an update was lost"
        assert new_player.value == pytest.approx(row.rating, abs=1e-6)
        # the stored volatility is not in the history: keep the replayed player's value,
        # which equals the stored one when nothing was lost
        players[row.profile_id] = Rating(row.rating, row.deviation, new_player.volatility)
        puzzles[row.item] = new_puzzle
    return puzzles


def test_two_servers_rating_the_same_puzzles_at_once_lose_no_update(db_url):
    # two stores with their own pools are two servers; four threads each, each thread a
    # profile answering the same six puzzles in its own order, all at once
    servers = [open_store(db_url, share_engine=False, retries=10) for _ in range(2)]
    try:
        profiles = [servers[0].create_profile(f"player {i}") for i in range(8)]
        puzzle_ids = [f"race:{n}" for n in range(6)]
        start = threading.Barrier(len(profiles))
        failures: list[BaseException] = []

        def play(i: int) -> None:
            store = servers[i % 2]
            order = random.Random(i).sample(puzzle_ids, len(puzzle_ids))
            start.wait()
            try:
                for n, pid in enumerate(order):
                    store.record_attempt(profiles[i].id, attempt(DAY, puzzle=pid, correct=(i + n) % 3 != 0),
                                         band="medium")
            except BaseException as error:  # noqa: BLE001 - reported below
                failures.append(error)

        threads = [threading.Thread(target=play, args=(i,)) for i in range(len(profiles))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert failures == []
        with servers[1]._engine.connect() as conn:
            history = conn.execute(sa.select(rating_history_table)).all()
            stored = {r.puzzle_id: r for r in conn.execute(sa.select(puzzle_ratings_table)).all()}
        assert len(history) == len(profiles) * len(puzzle_ids)
        assert {pid: stored[pid].rated for pid in puzzle_ids} == {pid: len(profiles) for pid in puzzle_ids}
        replayed = _replay(history)
        for pid in puzzle_ids:
            assert stored[pid].rating == pytest.approx(replayed[pid].value, abs=1e-6)
            assert stored[pid].deviation == pytest.approx(replayed[pid].deviation, abs=1e-6)
        for profile in profiles:
            assert servers[1].rating(profile.id) is not None
            assert len(servers[0].rating_history(profile.id)) == len(puzzle_ids)
    finally:
        for server in servers:
            server.close()


def test_two_tabs_answering_one_puzzle_at_once_rate_it_once(db_url):
    servers = [open_store(db_url, share_engine=False, retries=10) for _ in range(2)]
    try:
        ana = servers[0].create_profile("Ana")
        start = threading.Barrier(6)
        results: list[object] = []

        def answer(i: int) -> None:
            start.wait()
            results.append(servers[i % 2].record_attempt(ana.id, attempt(DAY, puzzle="same", correct=True),
                                                         band="easy"))

        threads = [threading.Thread(target=answer, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sum(r is not None for r in results) == 1
        assert len(servers[0].attempts(ana.id)) == 6 and len(servers[1].rating_history(ana.id)) == 1
    finally:
        for server in servers:
            server.close()


def test_the_memory_store_rates_like_the_database(db_url):
    if "postgresql" in db_url:
        pytest.skip("once is enough")
    memory = NullStore()
    with open_store(db_url) as saved:
        for store in (memory, saved):
            for name in ("Ana", "Bo"):
                store.create_profile(name)
        rng = random.Random(5)
        plan = [(rng.choice([1, 2]), f"p:{rng.randrange(6)}", rng.random() < 0.5, rng.choice(BANDS))
                for _ in range(40)]
        for profile_id, pid, correct, band in plan:
            results = [s.record_attempt(profile_id, attempt(DAY, puzzle=pid, correct=correct), band=band)
                       for s in (memory, saved)]
            assert (results[0] is None) == (results[1] is None)
            if results[0] is not None:
                assert results[0].player.value == pytest.approx(results[1].player.value)
                assert results[0].puzzle.value == pytest.approx(results[1].puzzle.value)
        for profile_id in (1, 2):
            assert memory.rating(profile_id).value == pytest.approx(saved.rating(profile_id).value)
            assert len(memory.rating_history(profile_id)) == len(saved.rating_history(profile_id))


def test_a_damaged_files_ratings_and_reviews_are_recovered_with_the_rest(tmp_path):
    import shutil

    from progress.salvage import recover

    old = tmp_path / "old.sqlite3"
    with open_store(f"sqlite:///{old}") as store:
        ana = store.create_profile("Ana")
        store.record_attempt(ana.id, attempt(DAY, puzzle="p:1", correct=False), band="hard")
        kept_rating, kept_puzzle = store.rating(ana.id), store.puzzle_rating("p:1")
    kept = tmp_path / "kept.sqlite3"
    shutil.copy(old, kept)
    fresh = tmp_path / "fresh.sqlite3"
    open_store(f"sqlite:///{fresh}").close()
    salvage = recover(kept, fresh)
    for table in ("capicu_player_ratings", "capicu_puzzle_ratings", "capicu_rating_history", "capicu_reviews"):
        assert salvage.recovered.get(table) == 1, table
    with open_store(f"sqlite:///{fresh}") as store:
        assert store.rating(ana.id) == kept_rating and store.puzzle_rating("p:1") == kept_puzzle
        assert [r.puzzle_id for r in store.reviews(ana.id)] == ["p:1"]
