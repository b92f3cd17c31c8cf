"""Golden tests for the Draw game and the Block game of seed 002, rules.md §2.4 (DR-01 …
DR-06) and §2.5 (BK-01 … BK-05), with A-17 and A-26."""

from __future__ import annotations

import pytest

from engine import IllegalActionError, deal, lot_winner, match_outcome

from .helpers import fresh, legal, play, rest, rules, snapshot
from .positions import ALL_BUT_DOUBLES, THREE_LOWEST_UNIQUE, THREE_TIED_LOWEST

DRAW = rules("draw")
BLOCK = rules("block")

# Block game, 2 players: A leads 1-2, B lays 2-3@R, and nobody holds a 1 or a 3.
BK_A = "1-2 4-4 4-5 4-6 5-5 5-6 6-6"                 # 60 after the lead
BK_B = "2-3 0-0 0-2 0-4 0-5 0-6 2-4"                 # 0+2+4+5+6+6 = 23 after 2-3


def test_dr01_like_all_fives_but_nothing_scores_during_play():
    a, b = "5-5 1-1 1-2 1-3 1-4 2-2 2-3", "0-5 3-3 3-4 4-4 2-4 1-6 2-6"
    rnd = play(fresh(DRAW, [a, b], " ".join(rest(a, b)), leader=0), "lead 5-5", "0-5@R")
    assert rnd.round_points == [0, 0]
    assert (DRAW.hand_size, DRAW.stock_size, DRAW.first_lead, DRAW.in_play_scoring) == (7, 14, "lot_any", "none")
    assert [rules("draw", n).hand_size for n in (2, 3, 4)] == [7, 5, 5]
    assert legal(rnd) == ["draw"]                    # drawing as in All Fives (C-10)


def test_dr02_domino_scores_every_other_hand():
    rnd = play(snapshot(rules("draw", 3), ["0-0", "2-2 5-5", "1-1 3-3 4-4"], ALL_BUT_DOUBLES, turn=0), "0-0@L")
    assert rnd.result.kind == "domino" and rnd.result.points == (14 + 16, 0, 0)


def test_dr03_a26_blocked_hand_lowest_scores_the_difference_tie_scores_nothing():
    low = play(snapshot(rules("draw", 3), THREE_LOWEST_UNIQUE, ALL_BUT_DOUBLES, turn=2), "0-0@R")
    assert low.result.points == (18, 0, 0) and low.result.winner == 0
    tie = play(snapshot(rules("draw", 3), THREE_TIED_LOWEST, ALL_BUT_DOUBLES, turn=2), "0-0@R")
    assert tie.result.tie and tie.result.points == (0, 0, 0)


def test_dr04_first_to_100_checked_at_the_end_of_the_round():
    assert (DRAW.target, DRAW.target_check) == (100, "end_of_round")
    assert match_outcome(DRAW, (99, 98, 12), None) == (False, None)
    assert match_outcome(DRAW, (99, 101, 12), None) == (True, 1)


def test_dr05_dr06_no_spinner_and_next_leader_as_all_fives():
    assert DRAW.spinner == "none"
    low = play(snapshot(rules("draw", 3), THREE_LOWEST_UNIQUE, ALL_BUT_DOUBLES, turn=2), "0-0@R")
    assert (low.result.next_leader, low.result.next_leader_rule) == (0, "block_winner")
    tie = play(snapshot(rules("draw", 3), THREE_TIED_LOWEST, ALL_BUT_DOUBLES, turn=2), "0-0@R")
    assert (tie.result.next_leader, tie.result.next_leader_rule) == (None, "lot")
    out = play(snapshot(rules("draw", 3), ["0-0", "2-2 5-5", "1-1 3-3 4-4"], ALL_BUT_DOUBLES, turn=0), "0-0@L")
    assert (out.result.next_leader, out.result.next_leader_rule) == (0, "player_out")
    assert out.result.capicu_bonus == 0


def test_bk01_no_drawing_leftover_tiles_sleep_and_a_stuck_player_passes():
    rnd = fresh(BLOCK, [BK_A, BK_B], leader=0)
    assert bin(rnd.sleeping).count("1") == 14 and rnd.stock == []
    play(rnd, "lead 1-2", "2-4@R", "4-4@R")          # (1|4): only 0-4 answers
    assert legal(rnd) == ["0-4@R"]
    play(rnd, "0-4@R")                               # (1|0)
    assert legal(rnd) == ["pass"]
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("draw")
    assert str(err.value) == "this game has no stock to draw from"


def test_bk02_a17_hand_sizes_with_the_rest_sleeping():
    for n, (hand, asleep) in {2: (7, 14), 3: (5, 13), 4: (5, 8)}.items():
        rnd = deal(rules("block", n), seed=n)
        assert [len(rnd.hand(s)) for s in range(n)] == [hand] * n
        assert bin(rnd.sleeping).count("1") == asleep and rnd.stock == []


def test_bk03_block_with_different_ends():
    rnd = play(fresh(BLOCK, [BK_A, BK_B], leader=0), "lead 1-2", "2-3@R")
    res = rnd.result
    assert rnd.ends == (1, 3) and res.kind == "block" and res.blocker == 1
    assert res.pips == (60, 23) and res.winner == 1 and res.points == (0, 60 - 23)


def test_bk04_individuals_no_teams():
    assert [rules("block", n).sides for n in (2, 3, 4)] == [2, 3, 4]
    rnd = deal(rules("block", 4), seed=6)
    assert rnd.leader == lot_winner(rnd.lot)


def test_bk05_scoring_next_leader_and_target_as_the_draw_game():
    rnd = play(fresh(BLOCK, [BK_A, BK_B], leader=0), "lead 1-2", "2-3@R")
    assert (rnd.result.next_leader, rnd.result.next_leader_rule) == (1, "block_winner")
    assert (BLOCK.target, BLOCK.block_points, BLOCK.block_tie) == (100, "diff_per_loser", "no_score")
    # A tie: both keep 37 pips after 1-2 and 2-3; nobody scores and a new lot decides.
    a, b = "1-2 4-4 4-5 5-5 0-0 0-2 2-6", "2-3 4-6 0-6 2-5 0-4 2-2 2-4"
    tie = play(fresh(BLOCK, [a, b], leader=0), "lead 1-2", "2-3@R")
    assert tie.result.pips == (37, 37) and tie.result.tie and tie.result.points == (0, 0)
    assert (tie.result.next_leader, tie.result.next_leader_rule) == (None, "lot")
