"""Random sweeps: many random rounds of every preset, player count and a sample of table
variants, each checked against the invariants of rules.md §7.

The default run plays about 20 000 rounds; ``-m slow`` plays twenty times more.
"""

from __future__ import annotations

import random

import pytest

from engine import Rules, deal_from

from .invariants import (
    ALL_CONFIGS, PRESET_CONFIGS, VARIANT_CONFIGS, check_conservation, check_history_turns, check_line,
    check_parity, check_result, config_id, play_checked,
)


def rules_of(config) -> Rules:
    name, n, overlays, options = config
    return Rules.preset(name, n, overlays, **options)


def sweep(config, rounds: int, checked: int, seed: str) -> None:
    """``rounds`` fast playouts checked at the end, then ``checked`` rounds checked at every step."""
    r = rules_of(config)
    rng = random.Random(f"sweep:{seed}:{config_id(config)}")
    kinds = set()
    for _ in range(rounds):
        rnd = deal_from(r, rng)
        rnd.playout(rng)
        check_conservation(rnd)
        check_line(rnd)
        check_parity(rnd)
        check_history_turns(rnd)
        check_result(rnd)
        kinds.add(rnd.result.kind)
    for _ in range(checked):
        play_checked(deal_from(r, rng), rng, undo_every_step=False)
    assert rounds == 0 or "domino" in kinds


@pytest.mark.parametrize("config", PRESET_CONFIGS, ids=config_id)
def test_sweep_every_preset_and_player_count(config):
    sweep(config, rounds=1000, checked=40, seed="default")


@pytest.mark.parametrize("config", VARIANT_CONFIGS, ids=config_id)
def test_sweep_table_variants(config):
    sweep(config, rounds=300, checked=15, seed="default")


@pytest.mark.slow
@pytest.mark.parametrize("config", ALL_CONFIGS, ids=config_id)
def test_long_sweep(config):
    sweep(config, rounds=20000, checked=500, seed="slow")
