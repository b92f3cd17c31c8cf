"""The expert's reading of the other seats' earlier choices (strategy/choice_model.py)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Rules, deal
from engine.actions import PLACE
from engine.inference import sample_deals
from strategy.choice_model import ChoiceModel
from strategy.evaluate import _resampled, evaluate
from tests.support.positions import play_random

GAMES = ["laplaza_partners", "laplaza_1v1", "draw", "all_fives", "kozel", "block"]


def played(preset: str, seed: int, steps: int):
    return play_random(deal(Rules.preset(preset), seed=seed), steps, random.Random(seed))


def replayed_log_weight(model: ChoiceModel, rnd, viewer: int) -> float:
    """The same likelihood the slow way: undo the whole history of the deal, then replay it
    through the engine and ask the engine, at each placement by another seat, which tiles
    that seat could have placed."""
    r = rnd.copy()
    past = []
    while r.history:
        past.append(r.history[-1])
        r.undo()
    total = 0.0
    for seat, aid, _ in reversed(past):
        action = next(a for a in r.legal_actions() if a.id == aid) if r.ends is not None else None
        if action is not None and action.kind == PLACE and seat != viewer:
            tiles = {a.tile.id for a in r.legal_actions() if a.is_placement}
            if len(tiles) > 1:
                norm = sum(math.exp(model.utility(t)) for t in tiles)
                total += model.utility(action.tile.id) - math.log(norm)
        r.apply_id(aid)
    return total


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10 ** 6), st.integers(1, 30))
def test_the_bitmask_likelihood_equals_an_engine_replay(preset, seed, steps):
    rnd = played(preset, seed, steps)
    if rnd.is_over:
        return
    view = rnd.view(rnd.turn)
    model = ChoiceModel()
    steps_ = model.steps(view)
    for sampled in [rnd] + sample_deals(view, random.Random(seed), 3):
        fast = model.log_weight(steps_, sampled)
        assert fast <= 1e-9
        assert fast == pytest.approx(replayed_log_weight(model, sampled, view.seat), abs=1e-9)


def _answered_lightly():
    """The first Partners deal (by seed) where the seat after the 6-6 lead could place
    tiles of different weights: it places the lightest."""
    for seed in range(100):
        rnd = deal(Rules.preset("laplaza_partners"), seed=seed)
        lead = rnd.turn
        rnd.apply(rnd.legal_actions()[0])  # the forced 6-6
        fits = [a for a in rnd.legal_actions() if a.is_placement]
        if len({a.tile.pips for a in fits}) > 1:
            lightest = min(fits, key=lambda a: a.tile.pips)
            answering = rnd.turn
            rnd.apply(lightest)
            return rnd, lead, answering, lightest.tile
    raise AssertionError("no such deal in 100 seeds")


def test_a_light_tile_played_when_a_heavy_one_fitted_makes_the_heavy_one_less_likely():
    rnd, lead, answering, light = _answered_lightly()
    viewer = (lead + 2) % 4  # the leader's partner: it saw the answer
    while rnd.turn != viewer:
        rnd.apply(rnd.legal_actions()[0])
    view = rnd.view(viewer)
    model = ChoiceModel()
    steps = model.steps(view)
    assert any(s.seat == answering for s in steps)

    def held_heavier(d) -> bool:  # a heavier 6 was in the answering hand before it placed
        return any(t.has(6) and t.pips > light.pips for t in d.hand(answering))

    deals = sample_deals(view, random.Random(5), 400)
    heavy = [math.exp(model.log_weight(steps, d)) for d in deals if held_heavier(d)]
    light_only = [math.exp(model.log_weight(steps, d)) for d in deals if not held_heavier(d)]
    assert heavy and light_only
    assert sum(heavy) / len(heavy) < sum(light_only) / len(light_only)


def test_beta_zero_weighs_every_deal_the_same():
    rnd = played("laplaza_partners", 4, 12)
    view = rnd.view(rnd.turn)
    flat = ChoiceModel(beta=0.0)
    assert {flat.log_weight(flat.steps(view), d) for d in sample_deals(view, random.Random(1), 20)} == {0.0}


def test_resampling_draws_in_proportion_and_exactly_k():
    rng = random.Random(0)
    chosen = _resampled(["a", "b", "c"], [math.log(1), math.log(3), float("-inf")], 8, rng)
    counts = dict(chosen)
    assert sum(counts.values()) == 8 and counts == {"a": 2.0, "b": 6.0}


@pytest.mark.parametrize("preset", GAMES)
def test_a_weighted_evaluation_is_deterministic_and_legal(preset):
    rnd = next(r for r in (played(preset, 21, n) for n in (10, 6, 3, 1)) if not r.is_over)
    view = rnd.view(rnd.turn)
    one = evaluate(view, deals=12, budget=None, seed=9, model=ChoiceModel())
    two = evaluate(view, deals=12, budget=None, seed=9, model=ChoiceModel())
    assert one.actions == rnd.legal_actions() and one.expected == two.expected
    assert 1 <= one.deals <= max(12, one.consistent)
    assert all(0 <= p <= 1 + 1e-9 for p in one.best_share)
