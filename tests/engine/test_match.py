"""Matches: totals, the target or Kozel's limit, winners, rankings and shutouts
(PT-13, PT-14, AF-12, A-15, A-22, A-25 and docs/rules-decisions.md D-15 … D-17)."""

from __future__ import annotations

import pytest

from engine import IllegalActionError, Match, add_result, is_shutout, match_outcome, ranking

from .helpers import play, rest, rules, snapshot

OUT_LINE = "5-6 6-6 6-1 1-1 1-3 3-3 3-4 4-4 4-2 2-2 2-0"


def test_a25_a_target_result_ends_the_match_at_once():
    r = rules("all_fives")
    rnd = snapshot(r, ["0-5 3-5", "4-6"], OUT_LINE, turn=0, stock=" ".join(rest(OUT_LINE, "0-5 3-5 4-6")),
                   score=[190, 0])
    match = Match(r, 1, rnd, (190, 0))
    play(rnd, "0-5@R")
    result = match.finish_round()
    assert result.kind == "target" and match.is_over and match.winner == 0 and match.scores == (200, 0)
    with pytest.raises(IllegalActionError) as err:
        match.finish_round()
    assert str(err.value) == "the match is over"


def test_end_of_round_target_check_ties():
    # D-15: two players past the target after one round: the higher total wins, equal totals play on.
    r = rules("all_fives", 2, target_check="end_of_round")
    assert match_outcome(r, (215, 210), None) == (True, 0)
    assert match_outcome(r, (212, 212), None) == (False, None)
    assert match_outcome(r, (199, 150), None) == (False, None)


def test_pt13_shutout_with_individuals_needs_every_opponent_at_zero():
    r = rules("draw", 3)
    assert is_shutout(r, (100, 0, 0), 0)
    assert not is_shutout(r, (100, 0, 5), 0)
    assert not is_shutout(rules("kozel", 3), (0, 0, 101), 0)          # Kozel has no shutout


def test_standings_rank_race_totals_high_first_and_share_ties():
    r = rules("draw", 4)
    table = ranking(r, (30, 104, 30, 12))
    assert [(s.rank, s.side, s.total) for s in table] == [(1, 1, 104), (2, 0, 30), (2, 2, 30), (4, 3, 12)]
    assert not any(s.goat for s in table)


def test_a_match_carries_totals_and_leaders_from_round_to_round():
    r = rules("laplaza_partners", None, "target_kort_50")
    match = Match.start(r, seed=12)
    assert match.scores == (0, 0) and match.round.round_number == 1
    rounds = 0
    while not match.is_over:
        rnd = match.round
        while not rnd.is_over:
            rnd.apply_id(rnd.legal_action_ids()[-1])
        before = match.scores
        result = match.finish_round()
        rounds += 1
        assert match.scores == add_result(before, result)
        if not match.is_over:
            assert match.round.round_number == rounds + 1 and match.round.score == match.scores
            if result.next_leader is not None:
                assert match.round.leader == result.next_leader
    assert match.scores[match.winner] >= 50 > match.scores[1 - match.winner]
    assert match.standings()[0].side == match.winner
    assert match.shutout == (match.scores[1 - match.winner] == 0)


def test_round_not_over_cannot_be_added():
    match = Match.start(rules("draw", 3), seed=1)
    with pytest.raises(IllegalActionError) as err:
        match.finish_round()
    assert err.value.code == "round_not_over"


def test_kz13_a22_kozel_match_ends_after_the_round_that_reaches_101():
    r = rules("kozel", 4)
    assert match_outcome(r, (12, 100, 99, 0), None) == (False, None)
    assert match_outcome(r, (12, 101, 99, 0), None) == (True, 3)
    assert match_outcome(r, (12, 130, 120, 12), None) == (True, None)   # D-17: shared lowest
    assert [s.goat for s in ranking(r, (12, 130, 120, 12))] == [False, False, True, True]
