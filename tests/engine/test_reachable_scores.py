"""Positions no game reaches, and positions real play reaches (issue 18): the match totals
before a round are bounded per game by its scoring rules, a Kozel round leaves the seat
that went out at 0, and a snapshot without a leader has its leader inferred, not taken
as seat 0."""

from __future__ import annotations

import json
import random

import pytest

from engine import PositionError, Rules, dumps, loads, position_from_dict
from engine.match import Match
from engine.notation import max_round_points
from engine.tiles import TILES

# every preset with the overlays that change what a round can score
GAMES = [("laplaza_partners", None, ()), ("laplaza_partners", None, ("capicu_30",)),
         ("laplaza_1v1", None, ("capicu_25",)), ("all_fives", 2, ()), ("all_fives", 4, ("all_fives_pagat",)),
         ("draw", 3, ()), ("block", 4, ()), ("kozel", 2, ()), ("kozel", 4, ())]


def _rules(preset, players, overlays) -> Rules:
    return Rules.preset(preset, players=players, overlays=list(overlays))


def _round_two(rules: Rules, score) -> dict:
    """Round 2 of a real match, dealt after a round played at random, with ``score`` for totals."""
    match = Match.start(rules, 7)
    rng = random.Random(7)
    while not match.round.is_over:
        match.round.apply_id(rng.choice(match.round.legal_action_ids()))
    match.finish_round()
    data = json.loads(dumps(match.round))
    data["score"] = list(score)
    return data


def test_after_a_kozel_round_the_seat_that_went_out_has_zero():
    rules = _rules("kozel", 2, ())
    with pytest.raises(PositionError) as err:
        position_from_dict(_round_two(rules, [30, 20]))
    assert "0" in str(err.value)
    assert position_from_dict(_round_two(rules, [30, 0])).score == (30, 0)
    three = _rules("kozel", 3, ())
    position_from_dict(_round_two(three, [0, 12, 40]))
    with pytest.raises(PositionError):
        position_from_dict(_round_two(three, [5, 12, 40]))


def test_a_round_without_play_scoring_gives_at_most_every_pip():
    rules = _rules("laplaza_partners", None, ("target_500",))
    with pytest.raises(PositionError) as err:
        position_from_dict(_round_two(rules, [0, 300]))
    assert "168" in str(err.value)
    assert position_from_dict(_round_two(rules, [0, 168])).score == (0, 168)
    bonus = _rules("laplaza_partners", None, ("target_500", "capicu_30"))
    position_from_dict(_round_two(bonus, [0, 198]))
    with pytest.raises(PositionError):
        position_from_dict(_round_two(bonus, [0, 199]))


@pytest.mark.parametrize("preset, players, overlays", GAMES)
def test_no_round_of_real_play_scores_more_than_the_bound(preset, players, overlays):
    rules = _rules(preset, players, overlays)
    bound = max_round_points(rules)
    assert bound <= 168 + 30 + 28 * 20
    for seed in range(12):
        match = Match.start(rules, seed)
        before = match.scores
        rng = random.Random(seed)
        for _ in range(30):
            while not match.round.is_over:
                match.round.apply_id(rng.choice(match.round.legal_action_ids()))
            match.finish_round()
            assert sum(match.scores) - sum(before) <= bound
            before = match.scores
            if match.is_over:
                break


def _leaderless_snapshots(preset: str, players: int | None, matches: int, seed: int):
    """Snapshots of real play after the lead, as a player would save them, without "leader"."""
    rules = Rules.preset(preset, players=players)
    rng = random.Random(seed)
    for m in range(matches):
        match = Match.start(rules, rng.randrange(10**6))
        while not match.is_over and match.round.round_number < 12:
            rnd = match.round
            stop = rng.randrange(1, 12)
            steps = 0
            while not rnd.is_over:
                rnd.apply_id(rng.choice(rnd.legal_action_ids()))
                steps += 1
                if steps == stop and rnd.line and not rnd.is_over:
                    snap = json.loads(dumps(rnd, snapshot=True))
                    snap.pop("leader")
                    yield snap, rnd.leader
            match.finish_round()


def test_the_issues_snapshot_loads_with_its_leader_inferred():
    rest = [str(t) for t in TILES if str(t) != "5-5"]
    random.Random(3).shuffle(rest)
    data = {"rules": {"preset": "laplaza_partners"}, "round": 10, "score": [60, 40], "turn": 2, "last_placer": 1,
            "hands": [rest[0:7], rest[7:13], rest[13:20], rest[20:27]], "line": ["5-5"]}
    assert position_from_dict(data).leader == 1  # one tile down: its placer led


@pytest.mark.parametrize("preset, players", [("laplaza_partners", None), ("block", 3)])
def test_leaderless_snapshots_of_real_play_load(preset, players):
    seen = 0
    for snap, leader in _leaderless_snapshots(preset, players, matches=3, seed=18):
        rnd = position_from_dict(snap)
        if len(snap["line"]) == 1:
            assert rnd.leader == leader
        seen += 1
    assert seen >= 10


@pytest.mark.slow
@pytest.mark.parametrize("preset, players", [("laplaza_partners", None), ("block", 2), ("block", 4)])
def test_many_leaderless_snapshots_of_real_play_load(preset, players):
    for snap, _ in _leaderless_snapshots(preset, players, matches=60, seed=1):
        position_from_dict(snap)
