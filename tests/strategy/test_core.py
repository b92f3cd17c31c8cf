"""The jitted core plays exactly as engine/ does: legal actions, ends and results at
every step of random rounds of every preset (and the overlays that change scoring)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine import Rules, deal_from
from engine.rules import PRESETS
from strategy import _core as C
from strategy.solver import core_supports, state_of, unit_utilities

KINDS = {"domino": 1, "block": 2, "target": 3}

CASES = [(name, p, ()) for name, (players, _) in PRESETS.items() for p in players] + [
    ("laplaza_partners", 4, ("capicu_25",)),
    ("laplaza_partners", 4, ("partners_pagat",)),
    ("laplaza_partners", 4, ("individual_block_compare",)),
    ("laplaza_partners", 4, ("blocker_wins",)),
    ("laplaza_partners", 4, ("abw333_compat",)),
    ("laplaza_1v1", 2, ("capicu_30", "losing_side_only")),
    ("laplaza_1v1", 2, ("pt_1v1_66_lead",)),
    ("all_fives", 2, ("all_fives_pagat",)),
    ("all_fives", 3, ("all_fives_pagat",)),
    ("all_fives", 4, ("all_fives_pagat",)),
]


def _extra_rules():
    base = Rules.preset("draw", 3)
    yield base.with_options(block_tie="lightest_tile")
    yield base.with_options(block_tie="blocker_side", block_points="diff_once")
    yield Rules.preset("block", 4).with_options(block_points="losing_side_only", block_tie="lightest_tile")
    yield Rules.preset("draw", 2).with_options(stock_reserve=2)
    yield Rules.preset("laplaza_1v1").with_options(end_rounding="nearest_5")
    # the two options that once needed a search on engine.Round
    yield Rules.preset("draw", 2).with_options(voluntary_draw=True)
    yield Rules.preset("laplaza_1v1", overlays=["dead_board_call"])
    yield Rules.preset("kozel", 3, overlays=["dead_board_call"])
    yield Rules.preset("all_fives", 2, overlays=["dead_board_call"]).with_options(voluntary_draw=True)


def _all_rules():
    for name, players, overlays in CASES:
        yield Rules.preset(name, players, overlays)
    yield from _extra_rules()


def _ids(rules):
    return f"{rules.preset_name}-{rules.num_players}-{'+'.join(rules.overlays)}-{len(rules.custom)}"


@pytest.mark.parametrize("rules", list(_all_rules()), ids=_ids)
def test_core_agrees_with_engine_move_for_move(rules):
    assert core_supports(rules)
    rng = random.Random(f"core:{_ids(rules)}")
    buf = np.zeros(C.MAX_MOVES, dtype=np.int64)
    u = np.zeros(4, dtype=np.int64)
    for game in range(60):
        rnd = deal_from(rules, rng, score=None if game % 3 else tuple(rng.randrange(150, 200) for _ in
                                                                       range(rules.flags.units)))
        S, ST, P = state_of(rnd)
        D = S.copy()
        while True:
            legal = rnd.legal_action_ids()
            cnt = C.gen_moves(S, P, buf)
            assert list(buf[:cnt]) == legal
            if rnd.result is not None:
                break
            assert (S[C.S_L], S[C.S_R]) == (rnd.left, rnd.right)
            assert S[C.S_TURN] == rnd.turn
            assert [int(h) for h in S[:rnd.n]] == rnd.hands
            aid = legal[rng.randrange(len(legal))]
            rnd.apply_id(aid)
            C.do_move(S, D, aid, P, ST)
            S, D = D, S
        assert S[C.S_KIND] == KINDS[rnd.result.kind]
        C.utilities(S, P, u)
        assert tuple(int(x) for x in u[:rules.flags.units]) == unit_utilities(rnd)
        # and the snapshot of a finished-at-rest round maps to the same state
        assert (S[C.S_L], S[C.S_R]) == (rnd.left, rnd.right)
