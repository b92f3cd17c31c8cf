"""The learned model of play (strategy/play_model.py): its weighing of a deal equals a slow
engine replay, its public facts are the table's, it chooses only legal placements, and
fitting recovers the weights of a model that made the choices."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Action, Round, Rules, deal
from engine.actions import PASS, PLACE
from strategy.choice_model import Choices, fit_theta
from strategy.evaluate import evaluate
from strategy.play_model import (FEATURES, KEEPS, LONG, PlayModel, hands_at, load_play_model, public_steps,
                                 step_rows)
from tests.support.deal_weights import check_against_replay, played, rewound

GAMES = ["laplaza_partners", "laplaza_1v1", "draw", "all_fives", "kozel", "block"]
PLANTED = (0.15, 2.0, 0.3, 0.6, 1.2, 1.0, 0.8, -1.5, 0.7, -0.2)
MODEL = PlayModel({g: PLANTED for g in GAMES})


def _index(name: str) -> int:
    return FEATURES.index(name)


def replayed_log_weight(model: PlayModel, rnd: Round, view) -> float:
    """The same likelihood the slow way: undo the deal's whole history, replay it through
    the engine, and at each placement by another seat take the placements the engine
    allows that seat's real hand, each one's hand facts and points read off the engine
    after it is made (the table's voids from the fast path's public facts)."""
    theta = model.theta(rnd.rules)
    public = {s.index: s for s in public_steps(view)}
    r, past = rewound(rnd)
    total = 0.0
    for i, (seat, aid, _) in enumerate(past):
        if i in public:
            placements = {}
            for a in r.canonical_actions():
                if a.kind == PLACE:
                    after = r.copy()
                    before = list(after.round_points)
                    after.apply(a)
                    left, right = after.ends
                    opened = left if a.end == "L" else right
                    rest = after.hands[seat]
                    row = list(public[i].public[(a.tile.id, 0 if a.end == "L" or r.ends[0] == r.ends[1] else 1)][2])
                    row[KEEPS] = sum(t.has(left) or t.has(right) for t in after.hand(seat))
                    row[LONG] = sum(t.has(opened) for t in after.hand(seat))
                    assert rest == r.hands[seat] & ~(1 << a.tile.id)
                    assert row[_index("scores")] * 5 == sum(after.round_points) - sum(before)
                    assert row[_index("dead")] == sum(t[0] == opened or t[1] == opened for t in after.line)
                    placements[a.id] = sum(w * x for w, x in zip(theta, row))
            if len(placements) > 1:
                top = max(placements.values())
                chosen = aid if aid in placements else next(k for k in placements
                                                            if Action.from_id(k).tile.id == Action.from_id(aid).tile.id)
                total += placements[chosen] - top - math.log(sum(math.exp(u - top) for u in placements.values()))
        r.apply_id(aid)
    return total


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10 ** 6), st.integers(1, 30))
def test_the_bitmask_likelihood_equals_an_engine_replay(preset, seed, steps):
    check_against_replay(MODEL, preset, seed, steps, replayed_log_weight)


def test_a_seat_that_passed_is_read_as_lacking_those_numbers():
    """Partners: after 6-6, seat 1 passes (it lacks 6s); seat 3 opens 4 beside the 6."""
    rules = Rules.preset("laplaza_partners")
    rnd = Round.from_hands(rules, ["6-6 6-1 0-0 1-3 1-2 1-1 0-1", "5-5 5-4 4-4 4-3 3-3 2-3 2-2",
                                   "6-0 0-2 0-3 2-6 3-6 1-4 1-5", "4-6 0-4 0-5 2-4 2-5 3-5 5-6"])
    for a in ("lead 6-6", "pass", "6-0@R", "0-4@R"):
        rnd.apply(a)
    [*_, last] = public_steps(rnd.view(0), everyone=True)
    assert (last.seat, rnd.ends, rnd.turn) == (3, (6, 4), 0)
    four_six = Action.parse("4-6@R").tile.id
    features = dict(zip(FEATURES, public_steps(rnd.view(0), everyone=True)[-1].public[(four_six, 0)][2]))
    # seat 3 itself could have put 4-6 on the 6 (opening 4); seat 0 is next, and has shown nothing
    assert features["next_void"] == 0 and features["partner_void"] == 0
    # now seat 0's view of a placement that opens a 6 next to the 6: seat 1 lacks both
    rnd.apply("6-1@L")
    view = rnd.view(2)
    step = public_steps(view, everyone=True)[-1]
    assert step.seat == 0 and step.ends == (6, 4)
    opens_six = dict(zip(FEATURES, step.public[(four_six, 1)][2]))  # 4-6 on the 4: opens 6, keeps the 6
    assert opens_six["next_void"] == 1 and opens_six["next_blocked"] == 1
    assert opens_six["dead"] == 3  # 6-6, 6-0 and 4-6 itself
    opens_one = dict(zip(FEATURES, step.public[(Action.parse("6-1@L").tile.id, 0)][2]))
    assert opens_one["next_void"] == 0 and opens_one["next_blocked"] == 0


def test_playing_to_the_partner_s_number_is_seen():
    """Seat 2 opened 0 (6-0 on the 6); seat 0's 0-0 on that 0 opens 0 again, its 0-1 opens 1."""
    rules = Rules.preset("laplaza_partners")
    rnd = Round.from_hands(rules, ["6-6 6-1 0-0 1-3 1-2 1-1 0-1", "5-5 5-4 4-4 4-3 3-3 2-3 2-2",
                                   "6-0 0-2 0-3 2-6 3-6 1-4 1-5", "4-6 0-4 0-5 2-4 2-5 3-5 5-6"])
    for a in ("lead 6-6", "pass", "6-0@R", "6-4@L", "0-0@R"):
        rnd.apply(a)
    step = public_steps(rnd.view(0), everyone=True)[-1]
    assert step.seat == 0 and step.ends == (4, 0)
    double_zero = dict(zip(FEATURES, step.public[(step.tile, 1)][2]))
    zero_one = dict(zip(FEATURES, step.public[(Action.parse("0-1@R").tile.id, 1)][2]))
    assert double_zero["partner_number"] == 1 and zero_one["partner_number"] == 0
    assert double_zero["double"] == 1 and double_zero["dead"] == 2  # 6-0 and 0-0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["laplaza_partners", "block"]), st.integers(0, 10 ** 6))
def test_a_placement_read_as_blocking_the_next_seat_is_followed_by_its_pass(preset, seed):
    """Without a stock a seat that passed on a number never holds it again: a placement
    whose two open ends that seat lacked leaves it nothing to play."""
    rnd = played(preset, seed, 200)
    hist = rnd.view(0).history
    for step in public_steps(rnd.view(0), everyone=True):
        facts = dict(zip(FEATURES, step.public[(step.tile, step.side)][2]))
        if facts["next_blocked"] and step.index + 1 < len(hist):
            assert hist[step.index + 1][1].kind == PASS


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10 ** 6), st.integers(1, 30), st.floats(0.2, 3.0))
def test_the_policy_is_a_distribution_over_the_legal_placements(preset, seed, steps, sharpness):
    rnd = played(preset, seed, steps)
    if rnd.is_over:
        return
    view = rnd.view(rnd.turn)
    policy = MODEL.sharpened(sharpness).policy(view)
    legal = {a for a in rnd.canonical_actions() if a.kind == PLACE}
    if rnd.ends is None or not legal:
        assert policy == {}
        return
    assert set(policy) == legal
    assert sum(policy.values()) == pytest.approx(1.0)


def test_a_sharper_model_puts_more_on_its_favourite():
    rnd = played("laplaza_partners", 7, 6)
    view = rnd.view(rnd.turn)
    loose, sharp = MODEL.policy(view), MODEL.sharpened(4.0).policy(view)
    assert len(loose) >= 2
    best = max(loose, key=loose.get)
    assert max(sharp, key=sharp.get) is best and sharp[best] > loose[best]


def _choices_made_by(model: PlayModel, preset: str, rounds: int) -> list:
    """Rounds where every seat places by sampling ``model``'s policy (other moves at
    random), read back as training groups the way bench/train_play_model.py reads them."""
    groups = []
    for n in range(rounds):
        rng = random.Random(n)
        rnd = deal(Rules.preset(preset), seed=n)
        while rnd.result is None:
            policy = model.policy(rnd.view(rnd.turn))
            if policy:
                moves, weights = zip(*policy.items())
                rnd.apply(rng.choices(moves, weights)[0])
            else:
                legal = rnd.legal_actions()
                rnd.apply(legal[int(rng.random() * len(legal))])
        for step, hand in hands_at(public_steps(rnd.view(0), everyone=True), rnd):
            keys, rows = step_rows(step, hand)
            if len(keys) >= 2:
                groups.append((rows, keys.index((step.tile, step.side))))
    return groups


def test_fitting_recovers_the_weights_of_the_model_that_chose():
    planted = (0.2, 1.5, -0.4, 0.8, 0.0, 0.0, 0.0, 0.0, 0.0, -0.3)
    model = PlayModel({"draw": planted}, default="draw")
    groups = _choices_made_by(model, "draw", 220)
    assert len(groups) > 1500
    theta = fit_theta(Choices.from_groups(groups, len(FEATURES)), (0.0,) * len(FEATURES))
    for name in ("pips", "double", "keeps", "long", "dead"):
        assert theta[_index(name)] == pytest.approx(planted[_index(name)], abs=0.25), name


def test_the_committed_model_covers_every_game_and_weighs_a_real_evaluation():
    model = load_play_model()
    assert set(GAMES) <= set(model.weights)
    rnd = played("laplaza_partners", 11, 13)
    ev = evaluate(rnd.view(rnd.turn), deals=16, budget=None, seed=3, model=model, max_nodes=50_000)
    again = evaluate(rnd.view(rnd.turn), deals=16, budget=None, seed=3, model=model, max_nodes=50_000)
    assert ev.best == again.best and ev.best in rnd.legal_actions()


@pytest.mark.parametrize("preset", GAMES)
def test_the_expert_reading_by_the_learned_model_plays_a_round_of_every_game(preset):
    """``expert-learned``'s method, cut short: the sampled deals weighed by the game's own
    weights, its moves legal, to the round's end."""
    model = load_play_model()
    rnd = deal(Rules.preset(preset), seed=f"learned:{preset}")
    rng = random.Random(preset)
    while rnd.result is None:
        # a choice every few moves once the hands are smaller (an early solve is seconds),
        # the rest at random: a quick round
        if len(rnd.history) >= 12 and len(rnd.history) % 4 == 0:
            move = evaluate(rnd.view(rnd.turn), deals=4, budget=None, rng=rng, model=model, max_nodes=10_000).best
            assert rnd.is_legal(move)
        else:
            move = rng.choice(rnd.legal_actions())
        rnd.apply(move)
