"""Property tests (hypothesis) for the invariants of rules.md §7 and the engine's
contracts: notation round-trips, replay by seed, undo, copy and the random playout."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    EngineError, Match, Rules, deal, dumps, loads, match_outcome, position_from_dict,
    position_to_dict,
)

from .invariants import ALL_CONFIGS, check_result, check_state, play_checked, signature

PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

configs = st.sampled_from(ALL_CONFIGS)
seeds = st.integers(min_value=0, max_value=2**32)


def rules_of(config) -> Rules:
    name, n, overlays, options = config
    return Rules.preset(name, n, overlays, **options)


def random_moves(rnd, rng):
    """Yield the round after each random legal action, to the end."""
    while not rnd.is_over:
        moves = rnd.legal_action_ids()
        rnd.apply_id(moves[int(rng.random() * len(moves))])
        yield rnd


@PROPERTY
@given(configs, seeds)
def test_random_rounds_keep_every_invariant_and_undo_restores_each_step(config, seed):
    """§7.1–§7.9 after every action; undo after every action restores the state exactly."""
    play_checked(deal(rules_of(config), seed), random.Random(seed))


@settings(max_examples=25, deadline=None)
@given(configs, seeds)
def test_notation_round_trips_mid_round_finished_and_as_snapshots(config, seed):
    rnd = deal(rules_of(config), seed)
    positions = [rnd.copy()] + [r.copy() for r in random_moves(rnd, random.Random(seed))]
    for position in positions:
        text = dumps(position)
        again = loads(text)
        assert dumps(again) == text
        assert signature(again)[:13] == signature(position)[:13]
        snap = position_to_dict(position, snapshot=True)
        loaded = position_from_dict(json.loads(json.dumps(snap)))
        assert position_to_dict(loaded) == snap
        assert (loaded.hands, list(loaded.line), loaded.turn, loaded.stock_ids) == (
            position.hands, list(position.line), position.turn, position.stock_ids)
        assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in position.legal_actions()]
        if position.is_over:
            assert loaded.result.to_dict() == position.result.to_dict()
            check_result(loaded)
        check_state(loaded)


@PROPERTY
@given(configs, seeds)
def test_the_same_seed_replays_the_same_round(config, seed):
    r = rules_of(config)
    a, b = deal(r, seed), deal(r, seed)
    assert signature(a) == signature(b)
    a.playout(random.Random(seed))
    b.playout(random.Random(seed))
    assert signature(a) == signature(b)


@PROPERTY
@given(configs, seeds)
def test_undo_all_the_way_back_gives_the_deal(config, seed):
    rnd = deal(rules_of(config), seed)
    start = signature(rnd)
    rnd.playout(random.Random(seed))
    undone = [rnd.undo() for _ in range(len(rnd.history))]
    assert signature(rnd) == start and len(undone) > 0


@PROPERTY
@given(configs, seeds, st.integers(min_value=0, max_value=40))
def test_copy_is_independent(config, seed, steps):
    rnd = deal(rules_of(config), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if rnd.is_over:
            break
        moves = rnd.legal_action_ids()
        rnd.apply_id(moves[int(rng.random() * len(moves))])
    original = signature(rnd)
    twin = rnd.copy()
    assert signature(twin) == original
    twin.playout(random.Random(seed + 1))
    assert signature(rnd) == original
    if not rnd.is_over:
        before = signature(twin)
        rnd.playout(random.Random(seed + 2))
        assert signature(twin) == before


@PROPERTY
@given(configs, seeds)
def test_playout_equals_the_plain_loop_with_the_same_rng(config, seed):
    r = rules_of(config)
    fast, plain = deal(r, seed), deal(r, seed)
    result = fast.playout(random.Random(seed))
    rng = random.Random(seed)
    while not plain.is_over:
        moves = plain.legal_action_ids()
        plain.apply_id(moves[int(rng.random() * len(moves))])
    assert result == plain.result and fast.result is result
    assert signature(fast) == signature(plain)


@settings(max_examples=15, deadline=None)
@given(configs, seeds)
def test_matches_add_up_and_end_as_the_rules_say(config, seed):
    r = rules_of(config)
    match = Match.start(r, seed)
    match.play_out_randomly(seed=seed)
    assert match.is_over
    assert match.scores == tuple(sum(res.total[u] for res in match.results) for u in range(len(match.scores)))
    assert match_outcome(r, match.scores, match.results[-1]) == (True, match.winner)
    if r.match_mode == "penalty":
        assert max(match.scores) >= r.penalty_limit
    elif match.results[-1].kind != "target":
        assert match.scores[match.winner] >= r.target


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=6)
    | st.sampled_from(["6-6", "0-1", "3-5@L", "draw", "pass", "lead 6-6", "laplaza_partners", "kozel"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(seeds, st.sampled_from(["rules", "hands", "line", "stock", "turn", "leader", "history", "score",
                               "lot", "round", "result", "last_placer", "round_points", "sleeping",
                               "forced_lead", "seed", "format"]), json_values)
def test_loading_a_damaged_position_raises_only_engine_errors(seed, key, value):
    """Bad input gets a plain EngineError, never a crash (the CLI relies on it)."""
    rnd = deal(rules_of(ALL_CONFIGS[seed % len(ALL_CONFIGS)]), seed)
    rnd.playout(random.Random(seed)) if seed % 3 == 0 else None
    data = position_to_dict(rnd)
    data[key] = value
    try:
        position_from_dict(json.loads(json.dumps(data)))
    except EngineError as exc:
        assert str(exc) and exc.code
