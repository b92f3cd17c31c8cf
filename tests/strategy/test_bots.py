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
