"""The daily deal's backend: a deal nobody can know before its day, the same round for the
same moves, one rated try per profile, the field's ranks and matchpoints."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matches.daily_deal import (
    DEAL_GAMES, DailyResults, DealError, choice_shares, deal_setup, decision_keys, field_of, leaderboard, replay,
    round_value, server_secret, week_of,
)
from progress import open_store

ROOT = Path(__file__).resolve().parents[2]
DAY = date(2026, 12, 6)


def _play_out(setup, choose=lambda legal: legal[0]):
    game = replay(setup, ())
    while not game.round.is_over:
        game.play(choose(game.round.legal_actions()))
        while game.bot_to_move:
            game.play_bot()
    return game


def test_the_deal_follows_from_the_secret_the_day_and_the_game():
    a = deal_setup(b"one", DAY, "laplaza_partners")
    assert a == deal_setup(b"one", DAY, "laplaza_partners")
    others = {deal_setup(b"two", DAY, "laplaza_partners").seed, deal_setup(b"one", date(2026, 12, 7), "laplaza_partners").seed,
              deal_setup(b"one", DAY, "laplaza_1v1").seed}
    assert a.seed not in others and len(others) == 3
    assert a.seats == ("human", "strong", "strong", "strong")
    with pytest.raises(DealError):
        deal_setup(b"one", DAY, "chess")


def test_the_secret_is_kept_once_in_the_database_and_shared(tmp_path, monkeypatch):
    monkeypatch.delenv("CAPICU_DEAL_SECRET", raising=False)
    url = f"sqlite:///{tmp_path}/p.sqlite3"
    first = open_store(url, share_engine=False)
    second = open_store(url, share_engine=False)
    try:
        assert server_secret(first) == server_secret(second) == server_secret(first)
        assert len(server_secret(first)) == 64
    finally:
        first.close()
        second.close()
    monkeypatch.setenv("CAPICU_DEAL_SECRET", "school-wide")
    assert server_secret(None) == b"school-wide"


@pytest.mark.parametrize("game", list(DEAL_GAMES))
def test_the_player_s_moves_alone_rebuild_the_round(game):
    setup = deal_setup(b"k", DAY, game)
    played = _play_out(setup, choose=lambda legal: legal[-1])
    mine = [m.action for m in played.rounds[0] if m.seat == 0]
    again = replay(setup, mine)
    assert [m.action for m in again.rounds[0]] == [m.action for m in played.rounds[0]]
    assert round_value(again) == round_value(played) is not None
    cut = replay(setup, mine[:2])
    assert cut.human_to_move and not cut.round.is_over
    with pytest.raises(ValueError):
        replay(setup, mine + ["6-6@L"])


_TWIN = """
import json, sys, threading
from datetime import date
from matches.daily_deal import deal_setup, replay
stop = threading.Event()
def burn():
    x = 0
    while not stop.is_set():
        x += 1
for _ in range(int(sys.argv[1])):
    threading.Thread(target=burn, daemon=True).start()
setup = deal_setup(b"same-secret", date(2026, 12, 6), "laplaza_partners")
game = replay(setup, ())
while not game.round.is_over:
    game.play(game.round.legal_actions()[0])
    while game.bot_to_move:
        game.play_bot()
stop.set()
print(json.dumps([m.action for m in game.rounds[0]]))
"""


def test_two_servers_under_different_loads_deal_and_answer_alike():
    """Two processes (two servers), one idle and one with busy threads and another hash
    seed: the same moves meet the same bots' moves."""
    runs = []
    for burners, hash_seed in ((0, "1"), (3, "4242")):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", _TWIN, str(burners)], cwd=ROOT, env=env, capture_output=True,
                             text=True, check=True)
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    assert runs[0] == runs[1] and len(runs[0]) > 4


@given(score=st.integers(-50, 50), others=st.lists(st.integers(-50, 50), max_size=12))
@settings(max_examples=150, deadline=None)
def test_matchpoints_are_the_share_beaten_with_ties_half(score, others):
    f = field_of(score, others)
    assert f.size == len(others) + 1
    assert f.rank == 1 + sum(o > score for o in others)
    if others:
        assert 0.0 <= f.matchpoints <= 1.0
        assert f.matchpoints == pytest.approx((f.beaten + f.tied / 2) / len(others))
    # a better score never earns fewer matchpoints
    higher = field_of(score + 1, others)
    assert higher.matchpoints is None or higher.matchpoints >= f.matchpoints


@given(scores=st.lists(st.integers(-30, 30), min_size=1, max_size=40))
@settings(max_examples=100, deadline=None)
def test_the_whole_field_s_matchpoints_agree_with_each_score_s(scores):
    from matches.daily_deal import DealResult, matchpoints_of

    rows = [DealResult(DAY, "draw", n, str(n), (), float(s)) for n, s in enumerate(scores)]
    expected = {r.profile_id: field_of(r.score, [o.score for o in rows if o is not r]).matchpoints for r in rows}
    assert matchpoints_of(rows) == pytest.approx(expected) if len(rows) > 1 else matchpoints_of(rows) == expected


def test_week_runs_monday_to_sunday():
    assert week_of(date(2026, 12, 7)) == (date(2026, 12, 7), date(2026, 12, 13))


def test_one_rated_try_per_profile_and_a_double_finish_stores_one(store):
    results = DailyResults(store)
    ana, bea = store.create_profile("Ana"), store.create_profile("Bea")
    setup = deal_setup(b"k", DAY, "laplaza_partners")
    first = results.enter(DAY, "laplaza_partners", ana.id, ana.name)
    assert not first.finished and first.moves == ()
    again = results.enter(DAY, "laplaza_partners", ana.id, ana.name)  # a second tab
    assert again.moves == () and not again.finished
    game = _play_out(setup)
    mine = [m.action for m in game.rounds[0] if m.seat == 0]
    assert results.progress(DAY, "laplaza_partners", ana.id, mine[:1])
    assert results.entry(DAY, "laplaza_partners", ana.id).moves == tuple(mine[:1])
    decided = [(key, action, None) for _, key, action in decision_keys(game)]
    assert results.finish(DAY, "laplaza_partners", ana.id, mine, round_value(game), decided)
    assert not results.finish(DAY, "laplaza_partners", ana.id, mine, 99.0, decided)  # stored once
    assert not results.progress(DAY, "laplaza_partners", ana.id, [])  # over: nothing changes
    assert results.entry(DAY, "laplaza_partners", ana.id).score == round_value(game)
    other = _play_out(setup, choose=lambda legal: legal[-1])
    results.enter(DAY, "laplaza_partners", bea.id, bea.name)
    results.finish(DAY, "laplaza_partners", bea.id, [m.action for m in other.rounds[0] if m.seat == 0],
                   round_value(other), [(k, a, None) for _, k, a in decision_keys(other)])
    field = results.finished(DAY, "laplaza_partners")
    assert sorted(r.nickname for r in field) == ["Ana", "Bea"]
    first_key = decision_keys(game)[0][1]
    assert sum(choice_shares(field, first_key).values()) >= 1
    grades = {key: "best" for _, key, _ in decision_keys(game)}
    results.grade(DAY, "laplaza_partners", ana.id, grades)
    assert all(g == "best" for _, _, g in results.entry(DAY, "laplaza_partners", ana.id).decisions)
    standings = leaderboard(results.between(*week_of(DAY)))
    assert {s.nickname for s in standings} == {"Ana", "Bea"}
    assert [s.matchpoints for s in standings] == sorted((s.matchpoints for s in standings), reverse=True)
    assert results.between(DAY, DAY, profiles=[bea.id])[0].nickname == "Bea"
