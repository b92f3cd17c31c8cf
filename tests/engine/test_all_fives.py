"""Golden tests for All Fives (Muggins), rules.md §2.3 (AF-01 … AF-14), with the
decisions A-02 … A-06, A-24, A-25 and A-35."""

from __future__ import annotations

import pytest

from engine import RulesError, deal, lot_winner, match_outcome, overlays_for, round_to_5

from .helpers import fresh, legal, play, rest, rules, snapshot
from .positions import (
    ALL_BUT_DOUBLES, DEAD_HANDS, DEAD_LINE, DEAD_STOCK, THREE_LOWEST_UNIQUE, THREE_TIED_LOWEST,
)

FIVES = rules("all_fives")

# The seed's example (002:L13): A leads 5-5, then B lays 5-0.
SEED_A = "5-5 1-1 1-2 1-3 1-4 2-2 2-3"
SEED_B = "0-5 3-3 3-4 4-4 2-4 1-6 2-6"
SEED_STOCK = "0-0 0-1 0-2 0-3 0-4 0-6 1-5 2-5 3-5 3-6 4-5 4-6 5-6 6-6"

# A holds only 0-5 on (5|0): 0-5@R leaves (5|5) = 10 and goes out (a capicú, too).
OUT_LINE = "5-6 6-6 6-1 1-1 1-3 3-3 3-4 4-4 4-2 2-2 2-0"
OUT_B = "3-6 4-6"                                    # 9 + 10 = 19


def out_position(score=(0, 0), a="0-5", b=OUT_B, rule_set=FIVES):
    return snapshot(rule_set, [a, b], OUT_LINE, turn=0, stock=" ".join(rest(OUT_LINE, a, b)),
                    score=list(score))


def test_af01_two_to_four_individual_players():
    for n in (2, 3, 4):
        assert rules("all_fives", n).sides == n
    with pytest.raises(RulesError) as err:
        rules("all_fives", 5)
    assert str(err.value) == "all_fives is played by 2 or 3 or 4 players, not 5"


def test_af02_tiles_are_shuffled_and_the_same_seed_deals_the_same():
    deals = {tuple(deal(FIVES, seed).hands) for seed in range(20)}
    assert len(deals) == 20
    assert deal(FIVES, 9).hands == deal(FIVES, 9).hands


def test_af03_bk04_first_player_by_lot():
    for preset in ("all_fives", "draw", "block"):
        for seed in range(5):
            rnd = deal(rules(preset, 3), seed)
            assert len(set(rnd.lot.values())) == 3 and rnd.leader == lot_winner(rnd.lot)


def test_af04_hand_sizes_and_the_stock():
    for n, (hand, stock) in {2: (7, 14), 3: (5, 13), 4: (5, 8)}.items():
        rnd = deal(rules("all_fives", n), seed=n)
        assert [len(rnd.hand(s)) for s in range(n)] == [hand] * n and len(rnd.stock) == stock


def test_af05_lead_any_tile_then_the_next_seat():
    rnd = fresh(rules("all_fives", 3), ["0-0 1-1 2-2 3-3 4-4", "0-1 0-2 0-3 0-4 1-2", "5-5 5-6 6-6 0-5 0-6"],
                " ".join(rest("0-0 1-1 2-2 3-3 4-4 0-1 0-2 0-3 0-4 1-2 5-5 5-6 6-6 0-5 0-6")), leader=0)
    assert legal(rnd) == ["lead 0-0", "lead 1-1", "lead 2-2", "lead 3-3", "lead 4-4"]
    play(rnd, "lead 0-0")
    assert rnd.turn == 1


def test_af06_af07_must_play_and_a_double_opens_no_new_end():
    rnd = play(fresh(FIVES, [SEED_A, SEED_B], SEED_STOCK, leader=0), "lead 5-5")
    assert legal(rnd) == ["0-5@L", "0-5@R"]          # one tile fits; both ends of the lone double
    assert not rnd.is_legal("draw") and not rnd.is_legal("pass")
    assert rnd.ends == (5, 5) and len(rnd.line) == 1  # no spinner: still two ends


def test_af08_draw_until_playable_then_pass_when_the_stock_is_out():
    rnd = play(fresh(FIVES, [SEED_A, SEED_B], SEED_STOCK, leader=0), "lead 5-5", "0-5@R")
    # A on (5|0): holds no 5 and no 0, so draws 0-0 (fits) and must play it.
    assert legal(rnd) == ["draw"]
    play(rnd, "draw")
    assert legal(rnd) == ["0-0@R"]


def test_af09_a02_seed_example_5_5_scores_10_then_5_0_scores_5():
    rnd = fresh(FIVES, [SEED_A, SEED_B], SEED_STOCK, leader=0)
    play(rnd, "lead 5-5")
    assert rnd.round_points == [10, 0]
    play(rnd, "0-5@R")
    assert rnd.ends == (5, 0) and rnd.round_points == [10, 5]
    rnd.undo()
    assert rnd.round_points == [10, 0]


def test_a02_both_halves_counts_a_double_at_an_end_twice():
    rnd = fresh(rules("all_fives", 2, double_end_value="both_halves"), [SEED_A, SEED_B], SEED_STOCK, leader=0)
    play(rnd, "lead 5-5", "0-5@R")
    assert rnd.round_points == [10, 10]              # Hoyle: "the 5-0 … would count 10"


def test_a03_a_zero_sum_never_scores_and_12_does_not_either():
    for lead, points in (("0-0", 0), ("6-6", 0), ("5-5", 10), ("2-3", 5), ("4-6", 10)):
        a = f"{lead} " + " ".join(t for t in rest(lead)[:6])
        b = " ".join(rest(a)[:7])
        rnd = play(fresh(FIVES, [a, b], " ".join(rest(a, b)), leader=0), f"lead {lead}")
        assert rnd.round_points == [points, 0], lead


def test_af10_a35_going_out_scores_in_play_first_then_the_hand():
    rnd = play(out_position(), "0-5@R")
    res = rnd.result
    assert res.kind == "domino" and res.out_seat == 0
    assert res.in_play == (10, 0) and res.points == (19, 0) and res.total == (29, 0)


def test_af10_a11_dead_board_with_stock_left_is_drawn_out_before_the_block():
    rnd = play(snapshot(FIVES, DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK), "0-6@R")
    assert not rnd.is_over and legal(rnd) == ["draw"]
    play(rnd, "draw", "draw", "draw", "draw", "pass")
    res = rnd.result
    assert res.kind == "block" and res.blocker == 0 and res.pips == (21, 105)
    assert res.points == (105 - 21, 0)               # AF-11: the loser's pips minus the winner's


def test_af11_a05_blocked_hand_the_lowest_scores_the_difference_to_each_loser():
    rnd = play(snapshot(rules("all_fives", 3), THREE_LOWEST_UNIQUE, ALL_BUT_DOUBLES, turn=2), "0-0@R")
    res = rnd.result
    assert res.kind == "block" and res.pips == (4, 10, 16) and res.winner == 0
    assert res.points == ((10 - 4) + (16 - 4), 0, 0)  # 18, per loser
    once = play(snapshot(rules("all_fives", 3, block_points="diff_once"), THREE_LOWEST_UNIQUE,
                         ALL_BUT_DOUBLES, turn=2), "0-0@R")
    assert once.result.points == (10 + 16 - 4, 0, 0)  # 22


def test_af11_domino_the_winner_scores_every_losers_pips():
    # 3 players: seat 0 goes out with 0-0 (and deadens the board: still a domino).
    rnd = play(snapshot(rules("all_fives", 3), ["0-0", "2-2 5-5", "1-1 3-3 4-4"], ALL_BUT_DOUBLES, turn=0),
               "0-0@L")
    assert rnd.result.kind == "domino" and rnd.result.points == (14 + 16, 0, 0)


def test_af11_a06_a_tie_for_lowest_scores_nothing_even_with_a_higher_third():
    rnd = play(snapshot(rules("all_fives", 3), THREE_TIED_LOWEST, ALL_BUT_DOUBLES, turn=2), "0-0@R")
    res = rnd.result
    assert res.pips == (8, 8, 14) and res.tie and res.winner is None and res.points == (0, 0, 0)


def test_a04_end_of_hand_points_are_not_rounded_unless_nearest_5():
    assert [round_to_5(p) for p in (17, 18, 22, 23)] == [15, 20, 20, 25]
    assert play(out_position(), "0-5@R").result.points == (19, 0)


def test_af12_a25_immediate_target_mid_hand_ends_the_match():
    rnd = out_position(score=(190, 0), a="0-5 3-5", b="4-6")
    play(rnd, "0-5@R")
    res = rnd.result
    assert res.kind == "target" and res.winner == 0 and res.in_play == (10, 0) and res.points == (0, 0)
    assert res.next_leader is None and res.next_leader_rule == "match_over"
    assert match_outcome(FIVES, (200, 0), res) == (True, 0)
    below = play(out_position(score=(185, 0), a="0-5 3-5", b="4-6"), "0-5@R")
    assert not below.is_over and below.round_points == [10, 0]


def test_a25_a35_going_out_reaches_target_first():
    rnd = play(out_position(score=(195, 0)), "0-5@R")
    res = rnd.result
    assert res.kind == "target" and res.out_seat == 0 and res.points == (0, 0) and res.in_play == (10, 0)


def test_af12_end_of_round_check_adds_the_hand_before_checking():
    r = rules("all_fives", 2, target_check="end_of_round")
    rnd = play(out_position(score=(195, 0), rule_set=r), "0-5@R")
    assert rnd.result.kind == "domino" and rnd.result.total == (29, 0)
    assert match_outcome(r, (224, 0), rnd.result) == (True, 0)
    assert FIVES.target == 200 and FIVES.target_check == "immediate"


def test_af13_a24_next_leader_out_player_then_unique_lowest_then_a_new_lot():
    assert play(out_position(), "0-5@R").result.next_leader == 0
    low = play(snapshot(rules("all_fives", 3), THREE_LOWEST_UNIQUE, ALL_BUT_DOUBLES, turn=2), "0-0@R")
    assert low.result.next_leader == 0 and low.result.next_leader_rule == "block_winner"
    tie = play(snapshot(rules("all_fives", 3), THREE_TIED_LOWEST, ALL_BUT_DOUBLES, turn=2), "0-0@R")
    assert tie.result.next_leader is None and tie.result.next_leader_rule == "lot"
    nxt = deal(rules("all_fives", 3), seed=2, round_number=2, previous_rule="lot")
    assert nxt.lot and nxt.leader == lot_winner(nxt.lot)


def test_af14_no_bonus_and_in_play_points_are_automatic():
    res = play(out_position(), "0-5@R").result
    assert res.capicu and res.capicu_bonus == 0 and res.points == (19, 0)
    assert not any(o.startswith("capicu") for o in overlays_for("all_fives"))


def test_all_fives_pagat_overlay_rounds_and_counts_doubles_twice():
    r = rules("all_fives", 2, "all_fives_pagat")
    assert (r.hand_size, r.stock_size, r.double_end_value, r.end_rounding, r.next_lead_after_block) == (
        9, 10, "both_halves", "nearest_5", "lot")
    b = "3-6 4-6 0-0 0-1 0-3 0-4"                    # 9+10+0+1+3+4 = 27
    rnd = play(out_position(a="0-5", b=b, rule_set=r), "0-5@R")
    assert rnd.result.in_play == (10, 0)             # (5|5): neither end tile is a double
    assert rnd.result.points == (25, 0) and rnd.result.detail["raw_points"] == 27
    assert [len(deal(rules("all_fives", n, "all_fives_pagat"), 1).hand(0)) for n in (2, 3, 4)] == [9, 7, 5]
