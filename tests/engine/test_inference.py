"""Exact inference (engine/inference.py) against brute force (tests/engine/brute_force.py):
enumerate every deal, replay the public history on it with the engine's own checks, keep
the deals whose view is the given one, and compare counts, holder probabilities,
``cannot_hold`` and the sampler."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Rules, Tile, deal, inference, kozel_priority_key
from engine.actions import DRAW_ID

from .brute_force import (
    CONFIGS, VARIANTS, brute_force, brute_force_size, deal_key, random_positions, rules_of, small_positions,
)
from .helpers import fresh, play, rules, snapshot


def check_exact(view):
    count, holders, _ = brute_force(view)
    assert count > 0
    assert inference.count_deals(view) == count
    probs = inference.holder_probabilities(view)
    assert set(probs) == set(view.unseen_tiles())
    for t, row in probs.items():
        assert row == {h: Fraction(c, count) for h, c in holders[t].items()}, str(t)
    expected = {}
    for s in range(view.num_players):
        if s != view.seat:
            held = {x for t, c in holders.items() if c[s] for x in (t.low, t.high)}
            expected[s] = frozenset(set(range(7)) - held)
    assert view.cannot_hold() == expected
    return count


@pytest.mark.parametrize("preset,players", CONFIGS)
def test_counts_probabilities_and_cannot_hold_equal_brute_force(preset, players):
    positions = small_positions(preset, players)
    assert positions, "no small position found"
    for seed, seat, rnd in positions:
        check_exact(rnd.view(seat))


@pytest.mark.parametrize("preset,players,overlays,options", VARIANTS)
def test_table_variants_equal_brute_force(preset, players, overlays, options):
    positions = small_positions(preset, players, overlays=overlays, options=options)
    assert positions, "no small position found"
    for seed, seat, rnd in positions:
        check_exact(rnd.view(seat))


def test_pt_1v1_66_lead_fallback_shows_the_6_6_was_not_dealt():
    """004's literal rule (A-09 overlay): when the lot decided the lead, 6-6 lay in the stock."""
    rules_66 = rules_of("laplaza_1v1", 2, ("pt_1v1_66_lead",))
    rnd = next(r for r in (deal(rules_66, seed=s) for s in range(100)) if r.forced_lead < 0)
    view = rnd.view(rnd.leader)
    assert inference.holder_probabilities(view)[Tile(6, 6)] == {"stock": 1}


def test_partners_before_the_lead_the_6_6_holder_is_known():
    """PT-04: the seat that must lead holds 6-6; each other unseen tile lies in one of its
    6 other places or the 7 + 7 of the two other hidden hands, uniformly."""
    rnd = deal(Rules.preset("laplaza_partners"), seed=3)
    viewer = (rnd.leader + 1) % 4
    probs = inference.holder_probabilities(rnd.view(viewer))
    assert probs[Tile(6, 6)] == {rnd.leader: 1}
    for t, row in probs.items():
        if t != Tile(6, 6):
            assert row == {s: Fraction(6 if s == rnd.leader else 7, 20) for s in range(4) if s != viewer}
    assert inference.count_deals(rnd.view(viewer)) == math.comb(20, 6) * math.comb(14, 7)


def test_kozel_before_the_lead_the_leader_holds_the_priority_tile():
    """KZ-05 before the lead: the leader holds the tile it must lead; the tiles that
    outrank it were dealt to nobody, so they lie in the stock; the rest spread uniformly
    over the leader's 6 other places and the stock's free places."""
    for seed in range(100):
        rnd = deal(Rules.preset("kozel", 2), seed=seed)
        if Tile.from_id(rnd.forced_lead) != Tile(0, 0):   # 0-0 was not dealt: something outranks the lead
            break
    led = Tile.from_id(rnd.forced_lead)
    view = rnd.view(1 - rnd.leader)
    probs = inference.holder_probabilities(view)
    assert probs[led] == {rnd.leader: 1}
    better = [t for t in probs if kozel_priority_key(t) > kozel_priority_key(led)]
    assert better and all(probs[t] == {"stock": 1} for t in better)
    free = len(probs) - 1 - len(better)
    for t, row in probs.items():
        if t != led and t not in better:
            assert row == {rnd.leader: Fraction(6, free), "stock": Fraction(free - 6, free)}


def test_brute_force_on_positions_that_test_the_block_rule():
    """A round that goes on with nothing to draw was not blocked: someone else can play
    (C-13). Partners and Block positions where the viewer cannot play test that term."""
    tested = 0
    for preset, players in (("laplaza_partners", 4), ("block", 2), ("block", 3), ("draw", 2), ("kozel", 3)):
        for seed in range(60):
            for rnd in random_positions(preset, players, seed):
                if rnd.is_over or rnd.ends is None or rnd.drawable or rnd.history[-1][1] == DRAW_ID:
                    continue
                seat = rnd.turn
                if rnd.placements(seat):
                    continue
                view = rnd.view(seat)
                if brute_force_size(view) <= 800:
                    check_exact(view)
                    tested += 1
                    break
            if tested >= 6:
                return
    assert tested >= 3


def test_kozel_priority_lead_rules_out_better_tiles():
    """KZ-05: a 2-player Kozel round led with 5-5 shows nobody was dealt 0-0 or 6-6."""
    for seed in range(200):
        rnd = deal(Rules.preset("kozel", 2), seed=seed)
        if rnd.forced_lead == Tile(5, 5).id:
            break
    else:
        pytest.skip("no 5-5 lead in the seeds tried")
    viewer = 1 - rnd.turn
    rnd.apply("lead 5-5")
    view = rnd.view(viewer)
    probs = inference.holder_probabilities(view)
    for best in (Tile(0, 0), Tile(6, 6)):
        assert probs[best] == {"stock": 1}   # dealt to nobody, and nobody has drawn yet


def test_sampler_is_exactly_uniform_chi_square():
    """Sampled deals against the enumerated ones: every sample is consistent, and the
    frequencies pass a chi-square test (fixed seed, p = 0.001)."""
    for preset, players in (("laplaza_1v1", 2), ("kozel", 3), ("draw", 2)):
        for seed, seat, rnd in small_positions(preset, players, limit=3000, want=6):
            view = rnd.view(seat)
            count, _, keys = brute_force(view)
            if 8 <= count <= 60:
                break
        else:
            continue
        break
    else:
        pytest.fail("no position with 8..60 deals found")
    samples = inference.sample_deals(view, random.Random(2024), 40 * count)
    for r in samples:
        assert r.view(seat) == view
    seen = Counter(deal_key(r) for r in samples)
    assert set(seen) <= set(keys) and len(set(keys)) == count
    expected = 40
    chi2 = sum((seen.get(k, 0) - expected) ** 2 / expected for k in keys)
    df = count - 1
    z = 3.09  # the upper 0.001 point of the normal; Wilson-Hilferty for the chi-square
    critical = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < critical, (chi2, critical, count)


@settings(max_examples=80, deadline=None)
@given(config=st.sampled_from([(p, n, (), {}) for p, n in CONFIGS] + VARIANTS), seed=st.integers(0, 10_000),
       steps=st.integers(0, 40), seat=st.integers(0, 3))
def test_every_sampled_deal_reproduces_the_view_and_the_truth_is_possible(config, seed, steps, seat):
    rnd = deal(rules_of(*config), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if rnd.is_over:
            break
        moves = rnd.legal_action_ids()
        rnd.apply_id(moves[rng.randrange(len(moves))])
    seat %= rnd.n
    view = rnd.view(seat)
    for sample in inference.sample_deals(view, random.Random(seed), 3):
        assert sample.view(seat) == view
    probs = inference.holder_probabilities(view)
    for t, row in probs.items():
        holder = next((s for s in range(rnd.n) if rnd.hands[s] >> t.id & 1), None)
        holder = holder if holder is not None else "stock" if t.id in rnd.stock_ids else "sleeping"
        assert row.get(holder, 0) > 0          # the real deal is one of the consistent ones
        assert sum(row.values()) == 1
    for other, numbers in view.cannot_hold().items():
        assert not any(t.has(x) for t in rnd.hand(other) for x in numbers)
        reasons = view.cannot_hold_reasons(other)
        assert set(reasons) == set(numbers)
        for number, (code, params) in reasons.items():
            assert params["number"] == number
            showing = [str(t) for t in view.unseen_tiles() if t.has(number)]
            if code == "all_seen":
                assert not showing
            elif code == "void":
                assert number in params["ends"]
                assert any(s == other and a.kind == params["action"] and list(e) == params["ends"]
                           for s, a, e in view.history) or (params["action"] == "block" and view.outcome == "block")
            else:
                assert code == "elimination" and params["tiles"] == showing
                for tile, why in params["why"].items():
                    if why["code"] == "void":
                        assert why["number"] in numbers and Tile.parse(tile).has(why["number"])
                    else:
                        assert why["code"] in ("lead", "counting")


def test_snapshots_lessons_and_puzzles_start_from_equal_brute_force():
    """A position loaded mid-round (no history before it), then played on: the deals are
    the hidden hands and stock at the snapshot."""
    # The lessons 1v1-passing-blocking and partners-blocked, played on a little.
    one = snapshot(rules("laplaza_1v1"), ["2-4 3-3 4-4", "1-4 3-4"],
                   "3-5 5-5 5-6 6-6 6-4 4-0 0-1 1-2 2-0 0-3 3-6 6-0 0-0 0-5 5-2 2-6 6-1 1-1 1-3 3-2 2-2",
                   turn=1, stock="4-5 1-5", leader=0, last_placer=0)
    play(one, "3-4@L", "2-4@L", "draw")
    partners = snapshot(rules("laplaza_partners"), ["1-1 1-5 2-2 5-5", "0-4 2-4 4-4", "0-0 1-2", "0-2 0-6 2-6"],
                        "5-3 3-6 6-6 6-4 4-3 3-3 3-1 1-4 4-5 5-0 0-1 1-6 6-5 5-2 2-3 3-0",
                        turn=3, round=2, leader=2, last_placer=2, score=[31, 0])
    play(partners, "0-6@R", "1-5@L", "pass")
    for rnd in (one, partners):
        for seat in range(rnd.n):
            view = rnd.view(seat)
            check_exact(view)
            assert inference.sample_deal(view, random.Random(seat)).view(seat) == view


def test_puzzle_a_every_five_and_six_in_sight():
    """All the 5s and 6s are on the line or in the viewer's hand: nobody else holds one."""
    rnd = snapshot(rules("laplaza_partners"), ["0-5 1-5 0-6 1-6", "0-0 0-1 0-2 0-3 0-4",
                                               "1-1 1-2 1-3 1-4 2-2", "2-3 2-4 3-3 3-4 4-4"],
                   "2-6 6-6 6-3 3-5 5-5 5-4 4-6 6-5 5-2", turn=1, round=2)
    view = rnd.view(0)
    for seat in (1, 2, 3):
        assert {5, 6} <= view.cannot_hold()[seat]
        reasons = view.cannot_hold_reasons(seat)
        assert reasons[5] == ("all_seen", {"number": 5}) and reasons[6] == ("all_seen", {"number": 6})


def test_puzzle_b_the_only_unseen_three_is_three_six_and_the_seat_has_no_six():
    rnd = play(fresh(rules("laplaza_partners"), ["6-6 0-3 1-3 2-3 3-3 3-4 3-5",
                                                 "5-6 1-1 1-2 1-4 1-5 0-5 1-6",
                                                 "0-0 0-1 0-2 2-2 2-4 0-4 4-4",
                                                 "3-6 0-6 2-5 2-6 4-5 4-6 5-5"]),
               "lead 6-6", "5-6@R", "pass")
    view = rnd.view(0)
    assert 3 in view.cannot_hold()[2] and {5, 6} <= view.cannot_hold()[2]
    assert view.cannot_hold_reasons(2)[3] == (
        "elimination", {"number": 3, "tiles": ["3-6"], "why": {"3-6": {"code": "void", "number": 6}}})
    assert view.cannot_hold_reasons(2)[6] == ("void", {"number": 6, "action": "pass", "ends": [6, 5]})
    assert 3 not in view.cannot_hold()[1]


def test_a_draw_that_is_placed_at_once_keeps_the_void():
    """1v1: B draws twice on 6|6 and places the second tile at once, so B still holds no 6."""
    hands = ["6-6 0-0 0-1 0-2 0-3 0-4 0-5", "1-2 1-3 1-4 1-5 2-2 2-3 2-4"]
    rnd = play(fresh(rules("laplaza_1v1"), hands, "1-1 3-6 0-6 1-6 2-5 2-6 3-3 3-4 3-5 4-4 4-5 4-6 5-5 5-6",
                     leader=0), "lead 6-6", "draw", "draw", "3-6@R")
    view = rnd.view(0)
    assert 6 in view.cannot_hold()[1]
    assert view.cannot_hold_reasons(1)[6] == ("void", {"number": 6, "action": "draw", "ends": [6, 6]})
