"""PIMC evaluation from a seat's own view."""

from __future__ import annotations

import random

import pytest

from engine import Rules, deal_from
from engine.inference import count_deals
from strategy.evaluate import evaluate
from strategy.solver import solve

from .test_solver import small_position


def test_takes_a_view_never_a_round():
    rnd = deal_from(Rules.preset("laplaza_partners"), random.Random(1))
    with pytest.raises(TypeError):
        evaluate(rnd)


def test_only_the_seat_to_move():
    rnd = deal_from(Rules.preset("laplaza_partners"), random.Random(1))
    with pytest.raises(ValueError):
        evaluate(rnd.view((rnd.turn + 1) % 4))


@pytest.mark.parametrize("name", ["laplaza_partners", "laplaza_1v1", "draw", "all_fives", "kozel", "block"])
def test_actions_are_the_legal_ones_and_shares_make_sense(name):
    rng = random.Random(name)
    rules = Rules.preset(name)
    for _ in range(5):
        rnd = small_position(rules, rng, 16)
        ev = evaluate(rnd.view(rnd.turn), deals=8, budget=None, seed=3)
        assert ev.actions == rnd.legal_actions()
        assert 1 <= ev.deals <= max(8, ev.consistent)
        assert all(0 <= p <= 1 for p in ev.best_share) and max(ev.best_share) > 0
        assert len(ev.expected) == len(ev.actions)


def test_exact_when_few_deals_are_consistent():
    rules = Rules.preset("laplaza_partners")
    rng = random.Random(7)
    found = 0
    while found < 5:
        rnd = small_position(rules, rng, 9)
        view = rnd.view(rnd.turn)
        ev = evaluate(view, seed=1)
        if not ev.exact:
            continue
        found += 1
        assert ev.deals == ev.consistent
        again = evaluate(view, seed=99)
        assert again.exact and again.expected == pytest.approx(ev.expected)
        # the true deal is one of them: its exact values appear with weight 1 / deals
        assert ev.deals >= 1


def test_known_position_equals_the_solver():
    """At the end of a Partners round, when the unseen tiles all lie with one seat,
    the evaluation is the exact solve of the real deal."""
    rules = Rules.preset("laplaza_partners")
    rng = random.Random(2)
    checked = 0
    while checked < 5:
        rnd = small_position(rules, rng, 8)
        view = rnd.view(rnd.turn)
        if count_deals(view) != 1:
            continue
        ev = evaluate(view, seed=1)
        assert ev.exact and ev.deals == 1
        assert ev.expected == [float(v) for v in solve(rnd).values]
        checked += 1


def test_budget_is_anytime():
    rnd = deal_from(Rules.preset("laplaza_1v1"), random.Random(4))
    rnd.apply_id(rnd.legal_action_ids()[0])
    ev = evaluate(rnd.view(rnd.turn), deals=1000, budget=0.0, min_deals=2, seed=1)
    assert ev.deals == 2 and not ev.exact
