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


def test_a_duel_played_in_pieces_scores_what_it_scores_in_one_go():
    whole = duel("strong", "casual", 5, seed=7, rules=Rules.preset("laplaza_1v1"))
    pieces = [duel("strong", "casual", n, seed=7, rules=Rules.preset("laplaza_1v1"), first=first)
              for first, n in ((0, 2), (2, 3))]
    assert pieces[0].scores + pieces[1].scores == whole.scores


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


def test_a_duel_from_a_match_score_counts_matches_won():
    rules = Rules.preset("laplaza_1v1")
    result = duel("strong", "random", 6, seed=4, rules=rules, score=(95, 95))
    # both sides need 5 points: nearly every round ends the match, won once by each seat's player
    assert all(x in (-1.0, -0.5, 0.0, 0.5, 1.0) for x in result.scores)
    assert result.scores == duel("strong", "random", 6, seed=4, rules=rules, score=(95, 95)).scores
    far = duel("strong", "random", 6, seed=4, rules=rules, score=(0, 0))
    assert far.scores == [0.0] * 6  # no round reaches 100 from 0: the match always goes on


def test_a_duel_from_a_match_score_needs_two_sides():
    with pytest.raises(ValueError, match="two sides"):
        duel("strong", "random", 1, seed=1, rules=Rules.preset("kozel", 3), score=(10, 10))
