"""Bots: never illegal, from a view only, for every preset."""

from __future__ import annotations

import random

import pytest

from engine import Rules, deal_from
from engine.rules import PRESETS
from strategy.bots import BASELINES, LEVELS, _expert, get_bot, legal_from_view

ALL = [(name, p) for name, (players, _) in PRESETS.items() for p in players]


def _assert_legal_from_view_on_random_rounds(rules, rng, rounds=20):
    """At every turn of random rounds, the actions worked out from the view are the engine's."""
    for _ in range(rounds):
        rnd = deal_from(rules, rng)
        while rnd.result is None:
            assert legal_from_view(rnd.view(rnd.turn)) == rnd.legal_actions()
            legal = rnd.legal_action_ids()
            rnd.apply_id(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name,players", ALL)
def test_legal_from_view_is_the_engines(name, players):
    _assert_legal_from_view_on_random_rounds(Rules.preset(name, players), random.Random(f"legal:{name}:{players}"))


def test_voluntary_draw_and_reserve_in_legal_from_view():
    rng = random.Random(9)
    for rules in (Rules.preset("draw", 2).with_options(voluntary_draw=True),
                  Rules.preset("draw", 3).with_options(stock_reserve=2)):
        _assert_legal_from_view_on_random_rounds(rules, rng)


@pytest.mark.parametrize("level", ["random", "heaviest", "beginner", "casual", "strong", "modelled", "modelled-sharp"])
@pytest.mark.parametrize("name,players", ALL)
def test_cheap_bots_play_whole_rounds_legally(level, name, players):
    bot = get_bot(level)
    rng = random.Random(f"{level}:{name}:{players}")
    rules = Rules.preset(name, players)
    for _ in range(3):
        rnd = deal_from(rules, rng)
        while rnd.result is None:
            action = bot.choose(rnd.view(rnd.turn), rng)
            assert rnd.is_legal(action)
            rnd.apply(action)


@pytest.mark.parametrize("name,players", [("laplaza_partners", 4), ("laplaza_1v1", 2), ("draw", 3),
                                          ("kozel", 2), ("all_fives", 2), ("block", 4)])
def test_expert_plays_a_round_legally(name, players):
    rng = random.Random(f"expert:{name}")
    rnd = deal_from(Rules.preset(name, players), rng)
    while rnd.result is None:
        view = rnd.view(rnd.turn)
        action = _expert(view, rng, deals=4, budget=0.05)  # the expert's own method, cut short
        assert rnd.is_legal(action)
        rnd.apply(action)


@pytest.mark.parametrize("level", sorted(BASELINES))
def test_duel_baselines_choose_a_legal_move_mid_round(level):
    # the duels' variants of the expert (benchmarks only) must stay playable as the expert changes
    rng = random.Random(f"baseline:{level}")
    rnd = deal_from(Rules.preset("laplaza_partners"), rng)
    for _ in range(10):  # a few random moves first: the choices read, and a quicker search
        rnd.apply(rng.choice(rnd.legal_actions()))
    action = get_bot(level).choose(rnd.view(rnd.turn), rng)
    assert rnd.is_legal(action)
    assert BASELINES[level].description.endswith(".")


def test_bots_refuse_a_round():
    rnd = deal_from(Rules.preset("laplaza_partners"), random.Random(1))
    with pytest.raises(TypeError):
        get_bot("expert").choose(rnd)


def test_every_level_has_a_description():
    for name, bot in LEVELS.items():
        assert bot.name == name and bot.description.endswith(".") and len(bot.description) < 160


@pytest.mark.parametrize("preset", ["laplaza_partners", "all_fives"])
def test_the_club_player_draws_its_placements_as_the_learned_model_weighs_them(preset):
    """Issue 50 item 3: ``casual`` is the learned model of play at its temperature: over
    many draws from one position each placement comes up as often as the model says
    (within four standard errors), and nothing else does."""
    from collections import Counter
    from math import sqrt

    from strategy.bots import CASUAL_TEMPERATURE
    from strategy.play_model import load_play_model
    from tests.support.deal_weights import played

    model = load_play_model().sharpened(1 / CASUAL_TEMPERATURE)
    rounds = (played(preset, seed, 6) for seed in range(200))
    view = next(r.view(r.turn) for r in rounds if not r.is_over and len(model.policy(r.view(r.turn))) >= 3)
    policy = model.policy(view)
    draws = 3000
    counts = Counter(get_bot("casual").choose(view, random.Random(i)) for i in range(draws))
    assert set(counts) <= set(policy)
    for move, p in policy.items():
        assert abs(counts[move] / draws - p) <= 4 * sqrt(p * (1 - p) / draws) + 1e-9, (move, counts[move], p)
    assert max(policy.values()) < 0.99  # a real choice: the draws could have gone wrong
