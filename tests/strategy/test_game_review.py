"""A match against bots as data (matches.game), its review and the hint: replayable,
deterministic, and never using what the player's seat cannot see."""

from __future__ import annotations

import random

import pytest

from engine import inference
from tests.support.rounds import played
from matches.game import Game, GameError, Setup
from strategy.hints import hint
from strategy.review import GRADES, grade_of, is_choice, review_round


@pytest.mark.parametrize("preset, players", [("laplaza_partners", 4), ("laplaza_1v1", 2), ("all_fives", 3),
                                             ("draw", 2), ("block", 4), ("kozel", 3)])
def test_every_game_replays_from_its_record_to_the_same_position(preset, players):
    setup = Setup(preset, players, (), "r1", ("human",) + ("beginner",) * (players - 1))
    game = played(setup)
    again = Game.from_dict(game.to_dict())
    assert again.round.history == game.round.history and again.round.result == game.round.result
    assert game.round_start(0).hands == Game.start(setup).round.hands


def test_the_next_round_follows_and_a_whole_match_replays():
    setup = Setup("laplaza_1v1", 2, ("target_kort_50",), "m3", ("human", "casual"))
    game = Game.start(setup)
    rng = random.Random(3)
    while not game.over:
        if game.round.is_over:
            ends = game.last_round
            game.next_round()
            assert game.over == ends  # last_round says beforehand whether the match ends
        elif game.bot_to_move:
            game.play_bot()
        else:
            game.play(rng.choice(game.round.legal_actions()))
    again = Game.from_dict(game.to_dict())
    assert again.over and again.match.scores == game.match.scores and len(again.rounds) == len(game.rounds)


@pytest.mark.parametrize("fields, code", [
    (dict(preset="chess"), "bad_game"), (dict(players=3), "bad_players"),
    (dict(seats=("casual", "casual")), "bad_seats"), (dict(seats=("human", "god")), "bad_level"),
    (dict(overlays=("fid", "no_such_rule")), "bad_rules"), (dict(seed=""), "bad_seed"),
])
def test_a_setup_that_makes_no_match_is_refused_with_a_code(fields, code):
    base = dict(preset="laplaza_1v1", players=2, overlays=(), seed="1", seats=("human", "casual"))
    with pytest.raises(GameError) as caught:
        Setup(**(base | fields))
    assert caught.value.code == code


def test_a_record_that_breaks_a_rule_is_refused():
    game = played(Setup("laplaza_1v1", 2, (), "b2", ("human", "casual")))
    record = game.to_dict()
    out_of_turn = {**record, "rounds": [[{**record["rounds"][0][0], "seat": 1 - record["rounds"][0][0]["seat"]}]]}
    illegal = {**record, "rounds": [[{"seat": record["rounds"][0][0]["seat"], "action": "9-9@L"}]]}
    for bad in (out_of_turn, illegal, {**record, "rounds": []}, {"setup": {"preset": "draw"}}, []):
        with pytest.raises(GameError):
            Game.from_dict(bad)


def test_grades_follow_the_loss_and_the_thresholds_rise():
    limits = [limit for _, limit in GRADES]
    assert limits == sorted(limits)
    for name, limit in GRADES[:-1]:
        assert grade_of(limit) == name and grade_of(limit + 0.01) != name


def test_a_review_grades_only_real_choices_and_comes_out_the_same_twice():
    game = played(Setup("laplaza_partners", 4, (), "rv", ("human", "casual", "casual", "casual")), seed=5)
    first, second = review_round(game, 0, deals=16), review_round(game, 0, deals=16)
    assert first.to_dict() == second.to_dict()
    rnd = game.round_start(0)
    choices = []
    for ply, move in enumerate(game.rounds[0]):
        if move.seat == 0 and is_choice(rnd):
            choices.append(ply)
        rnd.apply(move.action)
    assert [d.ply for d in first.decisions] == choices
    for d in first.decisions:
        assert d.loss >= 0 and d.grade == grade_of(d.loss)
        assert d.best_expected == max(d.values.values())
        assert (d.loss == 0) == (d.expected == d.best_expected)


def test_a_hint_depends_only_on_what_the_seat_sees():
    """Two deals the player cannot tell apart give the very same hint."""
    game = Game.start(Setup("laplaza_1v1", 2, (), "h7", ("human", "casual")))
    while not (game.human_to_move and is_choice(game.round)):
        game.play_bot() if game.bot_to_move else game.play(game.round.legal_actions()[0])
    view = game.view(0)
    other = next(r for r in inference.sample_deals(view, random.Random(1), 50) if r.hands != game.round.hands)
    assert other.view(0) == view
    a, b = hint(view, deals=12, budget=None, seed=4), hint(other.view(0), deals=12, budget=None, seed=4)
    assert a.to_dict() == b.to_dict()
    voids = view.cannot_hold()
    for code, params in a.facts:
        if code == "void":
            assert params["number"] in voids[params["seat"]]


def test_looking_deeper_goes_on_from_the_first_hints_deals(monkeypatch):
    """The deeper look draws the same deals first (the same seed), then more: its figures
    refine the first hint's instead of replacing them with another sample's."""
    import numpy as np

    import strategy.hints as hints

    game = Game.start(Setup("laplaza_1v1", 2, (), "h7", ("human", "casual")))
    while not (game.human_to_move and is_choice(game.round)):
        game.play_bot() if game.bot_to_move else game.play(game.round.legal_actions()[0])
    monkeypatch.setattr(hints, "DEEP_NODES", 1_500_000)
    first = hints.hint(game.view(0), budget=None, seed=9, max_nodes=300_000)
    deeper = hints.hint(game.view(0), budget=None, seed=9, deep=True)
    assert first.could_go_deeper and not first.deep
    assert deeper.deep and not deeper.could_go_deeper
    n = first.evaluation.deals
    assert deeper.evaluation.deals > n
    assert np.array_equal(deeper.evaluation.values[:n], first.evaluation.values, equal_nan=True)


def test_each_playable_level_has_a_measured_edge_over_the_level_below_in_partners():
    from matches.game import PLAYABLE_LEVELS
    from strategy.strength import below, measured

    for level in PLAYABLE_LEVELS:
        row = measured(level, "laplaza_partners")
        assert row is not None and row["b"] == below(level), level
        assert row["ci95"][0] > 0, (level, row)  # measurably stronger: the interval is above 0


# ------------------------------------------------------------------ grades that hold
def _decisions(preset: str, players: int, seed: str, from_tiles: int):
    """Seat 0's real choices in a seeded bot game, from ``from_tiles`` tiles on the table on."""
    from strategy.bots import get_bot
    from strategy.review import decision_points

    game = Game.start(Setup(preset, players, (), seed, ("human",) + ("strong",) * (players - 1)))
    me = get_bot("casual")
    rng = random.Random(seed)
    while not game.round.is_over:
        game.play_bot() if game.bot_to_move else game.play(me.choose(game.view(0), rng))
    return [(rnd, game.rounds[0][ply].action) for ply, rnd in decision_points(game, 0) if len(rnd.line) >= from_tiles]


@pytest.mark.parametrize("preset, players", [("laplaza_partners", 4), ("laplaza_1v1", 2), ("draw", 3),
                                             ("kozel", 3)])
def test_the_same_decision_gets_the_same_grade_under_other_seeds(preset, players):
    """A small fixed set (mid-round decisions, to stay quick): a grade the review calls
    clear comes out the same under three seeds, and its interval holds the others' losses."""
    from strategy.review import grade_of, judge_view

    checked = 0
    for rnd, action in _decisions(preset, players, f"stable:{preset}", 6)[:4]:
        view = rnd.view(rnd.turn)
        judged = [judge_view(view, action, seed=s) for s in (11, 22, 33)]
        losses = [loss for _, _, loss in judged]
        if all(loss.sure for loss in losses):
            assert len({grade_of(loss.mean) for loss in losses}) == 1, losses
        for loss in losses:  # the 95% intervals of the three seeds overlap
            assert loss.low <= min(other.high for other in losses) + 1e-9
        checked += 1
    assert checked


def test_decisions_judged_in_the_background_equal_the_review():
    from strategy.review_queue import RoundJudge, decision_points

    # the first of these deals where the person has at least two real choices to judge
    game = next(g for g in (played(Setup("block", 2, (), f"bg{n}", ("human", "casual")), seed=2) for n in range(40))
                if len(list(decision_points(g, 0, 0))) >= 2)
    judge = RoundJudge(0)
    judge.fill(game)
    assert judge.total >= 2
    background = judge.wait(timeout=300)
    assert background is not None and not judge.failed()
    assert background.to_dict() == review_round(game, 0).to_dict()


def test_the_review_workers_yield_to_the_pages():
    """Judging runs beside the pages at a lower priority (Linux: per thread), so a move
    drawn on forty screens does not wait behind a review."""
    import os
    import sys
    import threading

    from strategy import review_queue

    if not sys.platform.startswith("linux"):
        pytest.skip("per-thread priorities are a Linux feature")
    mine = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    worker = review_queue.submit(lambda: os.getpriority(os.PRIO_PROCESS, threading.get_native_id())).result(timeout=30)
    assert worker >= min(19, mine + review_queue.NICENESS) or worker == 19
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == mine, "the page's own thread keeps its priority"
