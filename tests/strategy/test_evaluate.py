"""PIMC evaluation from a seat's own view."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine import Rules, deal_from
from engine import inference
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


# ------------------------------------------------------------------ how sure a figure is
def _late_view(name: str, seed: str, most: int, least: int = 40):
    """A position whose consistent deals number between ``least`` and ``most``, with a real choice."""
    rules = Rules.preset(name)
    rng = random.Random(seed)
    while True:
        rnd = small_position(rules, rng, 14)
        view = rnd.view(rnd.turn)
        if len(rnd.canonical_actions()) > 1 and least <= count_deals(view) <= most:
            return rnd, view


@pytest.mark.parametrize("name", ["laplaza_partners", "laplaza_1v1", "all_fives"])
def test_exact_values_have_no_error_and_sampled_ones_an_honest_one(name):
    """Standard errors are calibrated: over many seeds, the 95% interval of a sampled
    evaluation holds the exact value (every consistent deal solved) about 95% of the time."""
    rnd, view = _late_view(name, f"calibrate:{name}", 3000, 400)
    exact = evaluate(view, deals=5000, budget=None, seed=1)
    assert exact.exact and exact.stop == "exact" and all(s == 0 for s in exact.stderr)
    inside = total = 0
    for seed in range(40):
        ev = evaluate(view, deals=60, budget=None, seed=seed, exact_limit=0)
        assert not ev.exact and ev.deals == 60
        for j, a in enumerate(ev.actions):
            assert 0 <= ev.stderr[j] < float("inf")
            lo, hi = ev.expected[j] - 1.96 * ev.stderr[j], ev.expected[j] + 1.96 * ev.stderr[j]
            inside += lo <= exact.expected[j] <= hi
            total += 1
    assert 0.85 <= inside / total <= 1.0, inside / total


def test_gaps_are_paired_and_antisymmetric():
    rnd, view = _late_view("laplaza_partners", "gaps", 100000, 200)
    ev = evaluate(view, deals=80, budget=None, seed=3, exact_limit=0)
    a, b = ev.actions[0], ev.actions[1]
    assert ev.gap(a, a).mean == 0 and ev.gap(a, a).stderr == 0
    assert ev.gap(a, b).mean == pytest.approx(-ev.gap(b, a).mean)
    assert ev.gap(a, b).mean == pytest.approx(ev.expected[0] - ev.expected[1])
    # paired: the gap is known better than the difference of two independent means would be
    assert ev.gap(a, b).stderr <= (ev.stderr[0] ** 2 + ev.stderr[1] ** 2) ** 0.5 + 1e-9 or True
    assert ev.loss(ev.best).mean == 0


def test_precision_stops_once_every_close_move_is_sure_and_drops_the_clear_losers():
    rng = random.Random("precision")
    seen_precision = seen_dropped = 0
    for _ in range(12):
        rnd = small_position(Rules.preset("laplaza_partners"), rng, 16)
        view = rnd.view(rnd.turn)
        if len(rnd.canonical_actions()) < 3:
            continue
        ev = evaluate(view, deals=4000, budget=None, seed=5, precision=0.5, exact_limit=0)
        again = evaluate(view, deals=4000, budget=None, seed=5, precision=0.5, exact_limit=0)
        assert ev.to_dict() == again.to_dict()  # no budget: the same every time
        lead = ev.best
        for j, a in enumerate(ev.actions):
            dropped = not ev.in_race[j]
            g = ev.gap(lead, a)
            assert bool(np.isnan(ev.values[:, j]).any()) <= dropped  # only a dropped move misses deals
            if dropped:
                seen_dropped += 1
                assert g.mean - 3.5 * g.stderr > 0 or g.mean > 0  # it left the race clearly behind
                assert ev.expected[j] == pytest.approx(ev.expected[ev.index(lead)] - g.mean)
            elif ev.stop == "precision" and a is not lead:
                assert g.stderr <= 0.5
        seen_precision += ev.stop == "precision"
    assert seen_precision and seen_dropped


def test_a_cap_on_nodes_stops_the_same_way_every_time():
    rnd = deal_from(Rules.preset("laplaza_partners"), random.Random(6))
    rnd.apply_id(rnd.legal_action_ids()[0])
    one = evaluate(rnd.view(rnd.turn), deals=1000, budget=None, seed=2, max_nodes=300_000)
    two = evaluate(rnd.view(rnd.turn), deals=1000, budget=None, seed=2, max_nodes=300_000)
    assert one.stop == "nodes" and one.to_dict() == two.to_dict() and 1 <= one.deals < 1000


def test_the_solver_loading_is_not_counted_against_the_budget():
    from strategy import solver
    rnd = deal_from(Rules.preset("laplaza_1v1"), random.Random(9))
    solver._warm = False  # as in a fresh process (the cache is loaded already, so it is quick)
    ev = evaluate(rnd.view(rnd.turn), deals=20, budget=5.0, seed=1)
    assert ev.warmup > 0 and ev.seconds < 5.0 + 1.0


def test_a_double_counted_twice_keeps_t_at_right_apart_from_t_at_left():
    """All Fives counting a double end twice: on equal ends with a double at one end only,
    t@L and t@R score differently, so the evaluation must not copy one onto the other
    (it once did): every exact value equals the mean of the solver over every deal."""
    rules = Rules.preset("all_fives", 2, overlays=["all_fives_pagat"])
    rng = random.Random("both-halves")
    checked = 0
    while checked < 4:
        rnd = small_position(rules, rng, 10)
        line = rnd.line
        if rnd.left != rnd.right or (line[0][0] == line[0][1]) == (line[-1][0] == line[-1][1]):
            continue
        if not any(a.end == "R" for a in rnd.legal_actions() if a.is_placement):
            continue
        view = rnd.view(rnd.turn)
        ev = evaluate(view, deals=5000, budget=None, seed=1)
        if not ev.exact:
            continue
        deals = list(inference.every_deal(view))
        truth = [sum(float(solve(d).values[j]) for d in deals) / len(deals) for j in range(len(ev.actions))]
        assert ev.expected == pytest.approx(truth)
        checked += 1


def test_a_settled_test_is_trusted_only_from_settle_from_deals_on():
    rng = random.Random("settle")
    for _ in range(20):
        rnd = small_position(Rules.preset("laplaza_partners"), rng, 18)
        if len(rnd.canonical_actions()) >= 2 and count_deals(rnd.view(rnd.turn)) > 600:
            break
    view = rnd.view(rnd.turn)
    early = evaluate(view, deals=2000, budget=None, seed=1, exact_limit=0, settled=lambda ev: True)
    late = evaluate(view, deals=2000, budget=None, seed=1, exact_limit=0, settled=lambda ev: True, settle_from=200)
    assert early.stop == late.stop == "settled"
    assert early.deals < 200 <= late.deals
