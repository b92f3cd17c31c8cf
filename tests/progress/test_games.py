"""Games against the bots are saved per profile, in SQLite and in the memory fallback alike."""

from __future__ import annotations

import pytest

from progress import NullStore, ProfileError, SavedGame, open_store

RECORD = {"setup": {"preset": "laplaza_1v1", "players": 2, "overlays": [], "seed": "7", "seats": ["human", "casual"]},
          "rounds": [[{"seat": 0, "action": "lead 3-3"}]]}


@pytest.fixture(params=["database", "memory"])
def store(request, db_url):
    """A database (SQLite and PostgreSQL: conftest's db_url) and the memory fallback."""
    if request.param == "memory":
        yield NullStore()
    else:
        s = open_store(db_url)
        yield s
        s.close()


def test_a_game_is_saved_updated_and_listed_newest_first(store):
    me = store.create_profile("Lúcia")
    first = store.save_game(me.id, SavedGame("laplaza_1v1", "playing", RECORD))
    second = store.save_game(me.id, SavedGame("kozel", "playing", {"setup": {}, "rounds": [[]]}))
    store.save_game(me.id, SavedGame("laplaza_1v1", "finished", RECORD, decisions=4, best=3, points_lost=5.5,
                                     id=first))
    games = store.games(me.id)
    assert [g.id for g in games] == [second, first]
    done = games[1]
    assert (done.status, done.decisions, done.best, done.points_lost, done.record) == (
        "finished", 4, 3, 5.5, RECORD)
    assert done.accuracy == 0.75 and games[0].accuracy is None


def test_a_game_belongs_to_its_profile(store):
    me, other = store.create_profile("Ana"), store.create_profile("Beto")
    mine = store.save_game(me.id, SavedGame("draw", "playing", RECORD))
    assert store.games(other.id) == []
    with pytest.raises(ProfileError) as caught:
        store.save_game(other.id, SavedGame("draw", "abandoned", RECORD, id=mine))
    assert caught.value.code == "unknown_game"
    with pytest.raises(ProfileError):
        store.save_game(9999, SavedGame("draw", "playing", RECORD))


@pytest.mark.parametrize("bad", [dict(status="won"), dict(best=5, decisions=2), dict(points_lost=-1.0),
                                 dict(game="")])
def test_a_malformed_game_is_refused_before_anything_is_written(bad):
    fields = dict(game="draw", status="playing", record=RECORD) | bad
    with pytest.raises(ValueError):
        SavedGame(**fields)


def test_a_record_that_is_not_json_is_refused(store):
    me = store.create_profile("Cleo")
    with pytest.raises(ValueError):
        store.save_game(me.id, SavedGame("draw", "playing", {"x": float("nan")}))
    assert store.games(me.id) == []


def test_a_round_recorded_at_a_table_is_kept_beside_the_matches(store):
    me = store.create_profile("Dora")
    match = store.save_game(me.id, SavedGame("laplaza_1v1", "playing", RECORD))
    table = {"table": {"rules": {"preset": "laplaza_partners", "players": 4}, "seat": 0, "hand": [], "moves": []},
             "link": "abc", "review": {"decisions": []}}
    kept = store.save_game(me.id, SavedGame("laplaza_partners", "finished", table, decisions=3, best=2,
                                            points_lost=4.0, kind="table"))
    games = {g.id: g for g in store.games(me.id)}
    assert (games[match].kind, games[kept].kind) == ("match", "table")
    assert games[kept].record == table and games[kept].accuracy == 2 / 3
    store.save_game(me.id, SavedGame("laplaza_partners", "finished", table, decisions=3, best=3, kind="table",
                                     id=kept))
    assert [g.best for g in store.games(me.id) if g.kind == "table"] == [3]


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        SavedGame("draw", "finished", RECORD, kind="tournament")


def test_an_older_games_table_gets_the_kind_column(tmp_path):
    import sqlite3

    path = tmp_path / "old.sqlite3"
    with open_store(f"sqlite:///{path}") as s:
        me = s.create_profile("Eva")
        s.save_game(me.id, SavedGame("draw", "finished", RECORD))
    with sqlite3.connect(path) as conn:  # as a Capicú from before recorded rounds made it
        conn.execute("ALTER TABLE capicu_games DROP COLUMN kind")
    with open_store(f"sqlite:///{path}") as s:
        assert [g.kind for g in s.games(me.id)] == ["match"]
