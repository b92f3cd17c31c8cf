"""Golden tests for the table variants of rules.md §3.3 and the rule options of §3.1,
with the decisions recorded in docs/rules-decisions.md (D-xx)."""

from __future__ import annotations

import random

import pytest

from engine import OVERLAYS, PRESETS, Rules, RulesError, deal, deal_from, lot_winner, overlays_for
from engine.rules import OPTION_VALUES

from .helpers import deal_rest, play, rules, snapshot
from .positions import (
    ALL_BUT_DOUBLES, ANA_CAPICU, ANA_OUT, ANA_OUT_LINE, BLANKS_BUT_06, BLOCK_A_LOWER,
    BLOCK_A_LOWER_BY_S0, BLOCK_TIE, DEAD_HANDS, DEAD_LINE, DEAD_STOCK, THREE_TIED_LOWEST,
)


def partners_block(hands, *overlays, turn=3, leader=0, **options):
    rnd = snapshot(rules("laplaza_partners", None, *overlays, **options), hands, BLANKS_BUT_06, turn=turn,
                   round=2, leader=leader)
    return play(rnd, "0-6@R").result


def ana_goes_out(hands, tile, *overlays, leader=1):
    rnd = snapshot(rules("laplaza_partners", None, *overlays), hands, ANA_OUT_LINE, turn=2, leader=leader)
    return play(rnd, tile).result


def test_every_overlay_applies_to_its_presets_only():
    for name, (presets, overrides) in OVERLAYS.items():
        for preset in PRESETS:
            if preset in presets:
                r = Rules.preset(preset, None, [name])
                assert all(getattr(r, k) == (v if not isinstance(v, dict) else v[r.num_players])
                           for k, v in overrides.items()), name
                assert name in overlays_for(preset)
            else:
                with pytest.raises(RulesError) as err:
                    Rules.preset(preset, None, [name])
                assert err.value.code == "unknown_overlay"


def test_unknown_overlay_message_lists_the_choices():
    with pytest.raises(RulesError) as err:
        rules("kozel", 3, "capicu_25")
    assert str(err.value) == "unknown table variant 'capicu_25' for kozel: choose one of dead_board_call, kozel_limit_101"


def test_capicu_25_and_30_add_the_bonus_to_the_winning_side():
    assert ana_goes_out(ANA_CAPICU, "0-2@L", "capicu_25").points == (92 + 25, 0)
    assert ana_goes_out(ANA_CAPICU, "0-2@R", "capicu_30").points == (92 + 30, 0)
    assert ana_goes_out(ANA_OUT, "1-2@L", "capicu_30").points == (91, 0)      # no capicú, no bonus


def test_a14_capicu_bonus_comes_after_losing_side_only():
    res = ana_goes_out(ANA_CAPICU, "0-2@L", "losing_side_only", "capicu_25")
    assert res.points == (21 + 35 + 25, 0) and res.capicu_bonus == 25


def test_losing_side_only_counts_the_other_sides_pips():
    assert ana_goes_out(ANA_OUT, "1-2@L", "losing_side_only").points == (20 + 35, 0)
    assert partners_block(BLOCK_A_LOWER, "losing_side_only").points == (36 + 58, 0)


def test_fid_lot_first_then_the_lead_rotates_right_every_round():
    r = rules("laplaza_partners", None, "fid")
    for seed in range(5):
        rnd = deal(r, seed)
        assert rnd.lot and rnd.leader == lot_winner(rnd.lot) and len(rnd.legal_actions()) == 7
    assert ana_goes_out(ANA_OUT, "1-2@L", "fid", leader=1).next_leader == 2
    assert partners_block(BLOCK_A_LOWER, "fid", leader=0).next_leader == 1
    tie = partners_block(BLOCK_TIE, "fid", leader=3)
    assert tie.tie and (tie.next_leader, tie.next_leader_rule) == (0, "rotate")
    assert ana_goes_out(ANA_OUT, "1-2@L", "fid").points == (91, 0)             # all hands count


def test_blocker_wins_a33_the_blockers_side_takes_the_preset_points():
    res = partners_block(BLOCK_A_LOWER, "blocker_wins")
    assert res.winner == 1 and res.points == (0, 126) and res.next_leader == 3
    assert res.detail["decided_by"] == "blocker"
    tie = partners_block(BLOCK_TIE, "blocker_wins")
    assert not tie.tie and tie.winner == 1 and tie.points == (0, 126)
    only = partners_block(BLOCK_A_LOWER, "blocker_wins", "losing_side_only")
    assert only.points == (0, 15 + 17)


def test_blocker_wins_with_difference_points_never_negative():
    # D-04: the blocker's side holds more pips; a difference would be negative.
    res = partners_block(BLOCK_A_LOWER, "blocker_wins", block_points="diff_once")
    assert res.winner == 1 and res.points == (0, 0)


def test_partners_pagat_rotates_the_lead_and_pays_the_losing_side_only():
    assert ana_goes_out(ANA_OUT, "1-2@L", "partners_pagat", leader=1).next_leader == 2
    res = partners_block(BLOCK_A_LOWER, "partners_pagat", leader=2)
    assert res.points == (94, 0) and res.next_leader == 3
    r = rules("laplaza_partners", None, "partners_pagat")
    assert deal(r, 1).forced_lead >= 0              # the first deal still leads the 6-6


def test_abw333_blocker_if_their_side_won_else_the_next_seat_tie_previous_leader():
    lost = partners_block(BLOCK_A_LOWER, "abw333_compat")
    assert lost.winner == 0 and lost.blocker == 3 and lost.next_leader == 0
    won = partners_block(BLOCK_A_LOWER_BY_S0, "abw333_compat", turn=0)
    assert won.winner == 0 and won.blocker == 0 and won.next_leader == 0
    tie = partners_block(BLOCK_TIE, "abw333_compat", leader=1)
    assert tie.tie and (tie.next_leader, tie.next_leader_rule) == (1, "previous_leader")
    assert rules("laplaza_partners", None, "abw333_compat").target == 200


def test_individual_block_compare_the_side_of_the_single_lowest_player_wins():
    # Sides tie at 63 each, but Luis alone holds the fewest (23): his side wins.
    res = partners_block(BLOCK_TIE, "individual_block_compare")
    assert res.winner == 1 and res.points == (0, 126)


def test_individual_compare_two_lowest_partners_win():
    # D-01: You and Ana both hold 14, the lowest: your side wins.
    s0, s2 = "1-1 1-3 2-6", "1-4 2-3 2-2"
    s1, s3 = deal_rest(BLANKS_BUT_06, s0, s2, "0-6", sizes=(6, 6))
    res = partners_block([s0, s1, s2, "0-6 " + s3], "individual_block_compare")
    assert res.pips[0] == res.pips[2] == 14 and res.winner == 0 and not res.tie


def test_block_tie_lightest_tile():
    # D-02: seats 0 (4-4) and 1 (1-1 3-3) tie at 8; 1-1 is the lightest tile: seat 1 wins.
    r = rules("draw", 3, block_tie="lightest_tile")
    rnd = play(snapshot(r, THREE_TIED_LOWEST, ALL_BUT_DOUBLES, turn=2), "0-0@R")
    assert rnd.result.winner == 1 and rnd.result.points == (0, (8 - 8) + (14 - 8), 0)
    assert rnd.result.next_leader == 1 and rnd.result.detail["decided_by"] == "lightest_tile"
    # Partners with equal sides: every player is tied; Luis holds 1-1, the lightest.
    assert partners_block(BLOCK_TIE, block_tie="lightest_tile").winner == 1


def test_block_tie_blocker_side_when_the_blocker_is_among_the_tied():
    r = rules("draw", 3, block_tie="blocker_side")
    rnd = play(snapshot(r, ["4-4", "0-0 1-1 3-3", "2-2 5-5"], ALL_BUT_DOUBLES, turn=1), "0-0@R")
    assert rnd.result.blocker == 1 and rnd.result.winner == 1 and rnd.result.points == (0, 6, 0)
    assert partners_block(BLOCK_TIE, block_tie="blocker_side").points == (0, 126)


def test_block_tie_blocker_side_but_the_blocker_is_not_tied():
    # D-03: the blocker (seat 2, 14 pips) is not among the tied lowest: nobody scores.
    r = rules("draw", 3, block_tie="blocker_side")
    rnd = play(snapshot(r, THREE_TIED_LOWEST, ALL_BUT_DOUBLES, turn=2), "0-0@R")
    assert rnd.result.tie and rnd.result.points == (0, 0, 0)


def test_dead_board_call_declares_the_block_before_any_draw():
    # 94-style difference: the seed rule makes B draw 20 more pips first.
    r = rules("laplaza_1v1", None, "dead_board_call")
    rnd = play(snapshot(r, DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK), "0-6@R")
    assert rnd.result.kind == "block" and rnd.result.blocker == 0
    assert rnd.result.points == (21 + 85, 0) and len(rnd.stock) == 4
    draw = play(snapshot(rules("draw", 2, "dead_board_call"), DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK),
                "0-6@R")
    assert draw.result.points == (85 - 21, 0)


RESERVE_LINE = "0-6 6-1 1-5 5-0 0-4 4-1 1-3 3-0 0-0 0-2 2-1 1-1"   # (0|1); only 0-1 could fit
RESERVE_HANDS = ["2-3 2-4 2-5 2-6 3-4 3-5", "3-6 4-5 4-6 5-5 5-6 6-6"]   # 41 and 61
RESERVE_STOCK = "2-2 3-3 0-1 4-4"                                   # bottom two held back


def test_stock_reserve_the_bottom_tiles_are_never_drawn_or_scored():
    # D-19: A draws 2-2 and 3-3, may not touch 0-1 or 4-4, passes; the block is B's.
    r = rules("laplaza_1v1", None, stock_reserve=2)
    rnd = snapshot(r, RESERVE_HANDS, RESERVE_LINE, turn=0, stock=RESERVE_STOCK, last_placer=1)
    assert rnd.drawable == 2 and rnd.legal_action_ids() == [84]
    play(rnd, "draw", "draw")
    assert [str(a) for a in rnd.legal_actions()] == ["pass"]
    play(rnd, "pass")
    res = rnd.result
    assert res.kind == "block" and res.blocker == 1 and res.pips == (41 + 4 + 6, 61)
    assert res.points == (51 + 61, 0)                # 0-1 and 4-4 stay in the stock, unscored


def test_dead_board_call_ignores_the_reserve():
    # D-06: only 0-1 fits, and it is held back: the board is dead at once.
    r = rules("laplaza_1v1", None, "dead_board_call", stock_reserve=2)
    rnd = snapshot(r, RESERVE_HANDS, RESERVE_LINE, turn=0, stock=RESERVE_STOCK, last_placer=1)
    assert rnd.result.kind == "block" and rnd.result.points == (41 + 61, 0)
    # Without the reserve 0-1 could still be drawn: not dead.
    open_stock = snapshot(rules("laplaza_1v1", None, "dead_board_call"), RESERVE_HANDS, RESERVE_LINE, turn=0,
                          stock=RESERVE_STOCK, last_placer=1)
    assert not open_stock.is_over and [str(a) for a in open_stock.legal_actions()] == ["draw"]


def test_voluntary_draw_lets_a_player_who_can_place_draw_instead():
    # D-20 (compatibility only): draw is offered beside the placements while stock is left.
    r = rules("laplaza_1v1", None, voluntary_draw=True)
    rnd = snapshot(r, DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK)
    assert [str(a) for a in rnd.legal_actions()] == ["0-6@L", "0-6@R", "draw"]
    play(rnd, "draw")
    assert rnd.turn == 0 and [str(a) for a in rnd.legal_actions()] == ["0-6@L", "0-6@R", "draw"]
    play(rnd, "draw", "draw", "draw")
    assert [str(a) for a in rnd.legal_actions()] == ["0-6@L", "0-6@R"]
    assert not rnd.is_legal("pass")


def test_seat_any_first_lead():
    # D-10: seat 0 leads round 1 with any tile; no lot is drawn.
    r = rules("draw", 3, first_lead="seat_any")
    for seed in range(5):
        rnd = deal(r, seed)
        assert rnd.leader == rnd.turn == 0 and not rnd.lot and len(rnd.legal_actions()) == 5


def test_custom_hand_size_and_player_maps():
    r = rules("draw", 2, hand_size=6)
    assert (r.hand_size, r.stock_size) == (6, 16)
    assert Rules.from_dict({"preset": "draw", "players": 3, "options": {"hand_size": {"3": 4}}}).hand_size == 4
    with pytest.raises(RulesError) as err:
        rules("laplaza_partners", None, hand_size=6)
    assert str(err.value) == "rule option stock_mode cannot be none: all 28 tiles must be dealt, but 24 are"


def test_bad_option_values_are_refused_with_a_plain_message():
    cases = {
        ("draw", "target", 120): "rule option target cannot be 120: one of 50, 100, 150, 200, 500 "
                                 "(All Fives: 100 to 500)",
        ("draw", "partnerships", "opposite"): "rule option partnerships cannot be opposite: needs 4 players",
        ("draw", "stock_reserve", 15): "rule option stock_reserve cannot be 15: from 0 to 14",
        ("draw", "must_play", False): "rule option must_play cannot be False: one of True",
        ("draw", "capicu_bonus", 10): "rule option capicu_bonus cannot be 10: one of 0, 25, 30",
    }
    for (preset, name, value), message in cases.items():
        with pytest.raises(RulesError) as err:
            Rules.preset(preset, None, (), **{name: value})
        assert str(err.value) == message
    with pytest.raises(RulesError) as err:
        rules("draw", 2, colour="blue")
    assert str(err.value) == "unknown rule option 'colour'"
    assert rules("all_fives", 2, target=350).target == 350


def _preset_for(name, value):
    """A preset and player count where ``name = value`` is a valid option."""
    if name == "partnerships" and value == "opposite":
        return "laplaza_partners", 4
    if name == "stock_mode" and value == "none":
        return "laplaza_partners", 4
    if name == "match_mode" and value == "penalty":
        return "kozel", 3
    if name == "target":
        return "draw", 2
    return "draw", 4


@pytest.mark.parametrize("name,value", [(n, v) for n, vs in OPTION_VALUES.items() if vs for v in vs
                                        if n != "num_players"])
def test_every_allowed_option_value_plays_whole_rounds(name, value):
    """rules.md §3.1: every value of every option (spinner: none only) deals and plays."""
    preset, players = _preset_for(name, value)
    r = Rules.preset(preset, players, (), **{name: value})
    assert getattr(r, name) == value and r.to_dict()["options"] == {name: value}
    rng = random.Random(f"{name}={value}")
    for _ in range(30):
        rnd = deal_from(r, rng)
        result = rnd.playout(rng)
        assert result.kind in ("domino", "block", "target")
        assert len(result.points) == r.flags.units
