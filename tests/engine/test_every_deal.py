"""The exact enumerator ``inference.every_deal``: every consistent deal, once each.

On late positions of random rounds of every preset and table variant: as many deals as
``count_deals`` says, pairwise distinct (start hands, stock order, sleeping set, the
history with its drawn tiles), each one reproducing the view, the real deal among them;
the same deals as the brute force of tests/engine/brute_force.py; none of the deals the
"someone else can play" term subtracts; and the sampler only ever draws deals the
enumerator lists, all of them given enough draws."""

from __future__ import annotations

import dataclasses
import random
from itertools import islice

import pytest

from engine import deal, inference

from .brute_force import (
    CONFIGS, VARIANTS, brute_force, deal_key, random_positions, richness, rules_of, small_positions,
)
from .helpers import fresh, play, rules, snapshot

ALL = [(preset, players, (), {}) for preset, players in CONFIGS] + VARIANTS


def check_enumeration(view, truth=None) -> list:
    """Enumerate ``view`` and check every claim of ``every_deal``; the deals' keys."""
    deals = list(inference.every_deal(view))
    keys = [deal_key(d) for d in deals]
    assert len(deals) == inference.count_deals(view)
    assert len(set(keys)) == len(keys), "a deal was yielded twice"
    for d in deals:
        assert d.view(view.seat) == view
    if truth is not None:
        assert deal_key(truth) in set(keys)
    return keys


def first_term(view) -> int:
    """The deals counted before the "nobody else can play" term is subtracted."""
    m = inference.model(view)
    return m.count(0, 0, m.first_left(), m.room()) * m.multiplier


def enumerable_positions(config, want=2, low=20, high=2000, seeds=range(300)):
    """For a few random rounds, the richest position and seat with ``low..high`` deals."""
    found = []
    for seed in seeds:
        best = None
        for rnd in random_positions(*config[:2], seed, *config[2:]):
            for seat in range(rnd.n):
                view = rnd.view(seat)
                if low <= inference.count_deals(view) <= high:
                    score = richness(view)
                    if best is None or score > best[0]:
                        best = (score, seat, rnd)
        if best is not None:
            found.append(best[1:])
        if len(found) >= want:
            break
    return found


@pytest.mark.parametrize("config", ALL, ids=lambda c: "-".join([c[0], str(c[1]), *c[2], *c[3]]))
def test_every_deal_once_each_consistent_and_the_truth_among_them(config):
    positions = enumerable_positions(config)
    assert positions, "no position with a few thousand deals found"
    for seat, rnd in positions:
        check_enumeration(rnd.view(seat), rnd)


@pytest.mark.parametrize("config", [ALL[0], ALL[1], ALL[6], ALL[9], VARIANTS[1], VARIANTS[2]],
                         ids=lambda c: "-".join([c[0], str(c[1]), *c[2], *c[3]]))
def test_every_deal_equals_the_brute_force_in_a_fixed_order(config):
    positions = small_positions(*config[:2], limit=2000, want=1, overlays=config[2], options=config[3])
    assert positions
    _, seat, rnd = positions[0]
    view = rnd.view(seat)
    keys = check_enumeration(view, rnd)
    count, _, brute = brute_force(view)
    assert set(keys) == set(brute) and len(keys) == count
    assert keys == [deal_key(d) for d in inference.every_deal(view)]   # deterministic


def test_the_deals_the_not_blocked_term_subtracts_are_never_yielded():
    """A round that goes on with nothing to draw was not blocked, so someone else holds a
    tile that fits (C-13): deals in which nobody does are counted by the first term and
    subtracted by the second. That removes deals only where a fitting tile can hide
    outside the other hands, in the sleeping tiles (Block) or the reserve."""
    for config in (ALL[5], ALL[6], VARIANTS[3]):
        found = None
        for seed in range(40):
            for rnd in random_positions(*config[:2], seed, *config[2:]):
                for seat in range(rnd.n):
                    view = rnd.view(seat)
                    count = inference.count_deals(view)
                    if inference.model(view).two_terms and 0 < count <= 2000 and first_term(view) > count:
                        found = (view, rnd)
                        break
                if found:
                    break
            if found:
                break
        assert found, config
        check_enumeration(*found)


def test_the_sampler_draws_exactly_the_enumerated_deals():
    """On positions with few deals, 40 draws per deal (fixed seeds) hit every enumerated
    deal and nothing else."""
    checked = 0
    for config in (ALL[1], ALL[5], ALL[8], ALL[0], VARIANTS[1]):
        for seat, rnd in enumerable_positions(config, want=1, low=4, high=60):
            view = rnd.view(seat)
            keys = check_enumeration(view, rnd)
            drawn = {deal_key(d) for d in inference.sample_deals(view, random.Random(7), 40 * len(keys))}
            assert drawn == set(keys)
            checked += 1
    assert checked >= 4


def test_snapshots_enumerate_from_the_snapshot():
    """A lesson snapshot (no history before it), played on: the deals are the hidden hands
    and stock at the snapshot."""
    one = snapshot(rules("laplaza_1v1"), ["2-4 3-3 4-4", "1-4 3-4"],
                   "3-5 5-5 5-6 6-6 6-4 4-0 0-1 1-2 2-0 0-3 3-6 6-0 0-0 0-5 5-2 2-6 6-1 1-1 1-3 3-2 2-2",
                   turn=1, stock="4-5 1-5", leader=0, last_placer=0)
    play(one, "3-4@L", "2-4@L", "draw")
    for seat in range(one.n):
        view = one.view(seat)
        keys = check_enumeration(view, one)
        assert set(keys) == set(brute_force(view)[2])


def test_every_deal_is_lazy_impossible_views_yield_nothing_and_a_known_deal_yields_itself():
    rnd = deal(rules_of("laplaza_1v1", 2), seed=1)
    view = rnd.view(0)
    assert inference.count_deals(view) > 10 ** 15                 # the stock's order
    first = list(islice(inference.every_deal(view), 50))           # far too many to list: lazily
    assert len({deal_key(d) for d in first}) == 50 and all(d.view(0) == view for d in first)

    impossible = dataclasses.replace(view, sleeping_count=view.sleeping_count + 1)
    assert inference.count_deals(impossible) == 0 and list(inference.every_deal(impossible)) == []

    # Partners played out: seat 0 has seen enough passes to know every hand.
    rnd = fresh(rules("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5", "5-6 1-1 1-2 1-3 1-6 1-5 0-6",
                                            "2-2 2-3 2-4 3-3 3-4 4-4 1-4", "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
    play(rnd, "lead 6-6", "5-6@R", "pass")
    while not rnd.is_over:
        rnd.apply_id(rnd.legal_action_ids()[0])
    assert inference.count_deals(rnd.view(0)) == 1
    assert [deal_key(d) for d in inference.every_deal(rnd.view(0))] == [deal_key(rnd)]
