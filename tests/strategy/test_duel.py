"""Duplicate duels."""

from __future__ import annotations

import pytest

from engine import Rules
from strategy.duel import duel


def test_a_bot_against_itself_scores_zero_on_every_deal():
    result = duel("heaviest", "heaviest", 6, seed=2)
    assert result.scores == [0.0] * 6 and result.wtl == (0, 6, 0)


def test_same_deals_for_every_pairing_and_reproducible():
    a = duel("strong", "random", 4, seed=5, rules=Rules.preset("laplaza_1v1"))
    b = duel("strong", "random", 4, seed=5, rules=Rules.preset("laplaza_1v1"))
    assert a.scores == b.scores
    c = duel("random", "strong", 4, seed=5, rules=Rules.preset("laplaza_1v1"))
    assert c.scores == [-x for x in a.scores]  # seats swapped: the same plays, the other way round


@pytest.mark.parametrize("name,players", [("draw", 3), ("kozel", 4), ("all_fives", 2), ("block", 4)])
def test_every_preset(name, players):
    result = duel("casual", "random", 2, seed=1, rules=Rules.preset(name, players))
    lo, hi = result.ci95
    assert lo <= result.points_per_deal <= hi
    assert sum(result.wtl) == 2


def test_dominoes_pab_plays_partners():
    pytest.importorskip("dominoes", reason="the dominoes package (pip install '.[bench]') is absent")
    from strategy.duel import dominoes_pab
    pab = dominoes_pab(samples=2, from_tiles=12)
    assert pab is not None
    result = duel("heaviest", "heaviest", 1, seed=3)
    assert result.scores == [0.0]
    import strategy.duel as D
    original = D.dominoes_pab
    D.dominoes_pab = lambda: original(samples=2, from_tiles=12)
    try:
        result = duel("dominoes-pab", "random", 2, seed=3)
    finally:
        D.dominoes_pab = original
    assert len(result.scores) == 2
