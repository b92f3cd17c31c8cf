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
from strategy.bots import EXPERT_MODEL
from strategy.choice_model import ChoiceModel, fit, log_likelihood, option_features
from strategy.evaluate import _resampled, evaluate
from tests.support.deal_weights import check_against_replay, played, rewound

GAMES = ["laplaza_partners", "laplaza_1v1", "draw", "all_fives", "kozel", "block"]


def replayed_log_weight(model: ChoiceModel, rnd, viewer: int) -> float:
    """The same likelihood the slow way: undo the whole history of the deal, then replay it
    through the engine and ask the engine, at each placement by another seat, which tiles
    that seat could have placed."""
    r, past = rewound(rnd)
    total = 0.0
    for seat, aid, _ in past:
        action = next(a for a in r.legal_actions() if a.id == aid) if r.ends is not None else None
        if action is not None and action.kind == PLACE and seat != viewer:
            placements = [a for a in r.legal_actions() if a.is_placement]
            utility = {t: max(_utility_after(model, r, a) for a in placements if a.tile.id == t)[2]
                       for t in {a.tile.id for a in placements}}
            if len(utility) > 1:
                norm = sum(math.exp(u) for u in utility.values())
                total += utility[action.tile.id] - math.log(norm)
        r.apply_id(aid)
    return total


def _utility_after(model: ChoiceModel, r, placement) -> tuple[int, int, float]:
    """``placement``'s features read off the engine's round after the play: the other
    tiles of the hand that fit an open end and those that match the end the tile opened
    (the larger pair decides which placement of a tile counts), then the model's utility."""
    after = r.copy()
    after.apply(placement)
    left, right = after.ends
    opened = left if placement.end == "L" else right
    rest = after.hand(r.turn)
    keeps = sum(t.has(left) or t.has(right) for t in rest)
    long = sum(t.has(opened) for t in rest)
    tile = placement.tile
    return (keeps, long, model.beta * (tile.pips + model.double_bonus * tile.is_double)
            + model.keeps * keeps + model.long * long)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10 ** 6), st.integers(1, 30),
       st.sampled_from([ChoiceModel(), EXPERT_MODEL, ChoiceModel(beta=0.2, double_bonus=9.0, keeps=0.4, long=1.0)]))
def test_the_bitmask_likelihood_equals_an_engine_replay(preset, seed, steps, model):
    check_against_replay(model, preset, seed, steps, lambda m, d, view: replayed_log_weight(m, d, view.seat))


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


def _synthetic_choices(model: ChoiceModel, n: int, rng: random.Random) -> list:
    """``n`` choices made by ``model`` itself: a random seven-tile hand, random open ends,
    and a tile drawn among those that fit in proportion to exp(utility)."""
    out = []
    while len(out) < n:
        hand = sum(1 << t for t in rng.sample(range(28), 7))
        ends = (rng.randrange(7), rng.randrange(7))
        tiles, rows = option_features(hand, ends)
        if len(tiles) < 2:
            continue
        weights = [math.exp(sum(w * x for w, x in zip(model.theta, row))) for row in rows]
        out.append((hand, ends, rng.choices(tiles, weights)[0]))
    return out


def test_fitting_recovers_the_model_that_made_the_choices():
    truth = ChoiceModel(beta=0.15, double_bonus=6.0, keeps=-0.3, long=0.8)
    choices = _synthetic_choices(truth, 2000, random.Random(11))
    fitted = fit(choices, ChoiceModel())
    for got, want in zip(fitted.theta, truth.theta):
        assert got == pytest.approx(want, abs=0.25)
    # the maximum: no other model, the truth included, makes these choices likelier
    best = log_likelihood(fitted.theta, choices)[0]
    for other in (truth, ChoiceModel(), ChoiceModel(beta=0.0)):
        assert log_likelihood(other.theta, choices)[0] <= best + 1e-6


def test_the_likelihood_gradient_matches_finite_differences():
    choices = _synthetic_choices(ChoiceModel(), 60, random.Random(3))
    theta = (0.2, 0.5, -0.1, 0.4)
    value, grad = log_likelihood(theta, choices)
    for i in range(4):
        step = [0.0] * 4
        step[i] = 1e-5
        up = log_likelihood([a + b for a, b in zip(theta, step)], choices)[0]
        assert (up - value) / 1e-5 == pytest.approx(grad[i], rel=1e-3, abs=1e-3)


def test_a_choice_of_a_tile_that_does_not_fit_is_refused():
    hand = 1 << 0 | 1 << 27  # 0-0 and 6-6
    with pytest.raises(ValueError, match="does not fit"):
        log_likelihood(ChoiceModel().theta, [(hand, (0, 0), 27)])
