"""Golden tests for La Plaza Partners, rules.md §2.1 (PT-01 … PT-17) and its decisions."""

from __future__ import annotations

import pytest

from engine import IllegalActionError, Match, PositionError, RulesError, deal, is_shutout, match_outcome

from .helpers import deal_rest, fresh, legal, play, rules, snapshot
from .positions import (
    ANA_CAPICU, ANA_OUT, ANA_OUT_LINE, BLANKS_BUT_06, BLOCK_A_LOWER, BLOCK_TIE, DEAL2,
)

PARTNERS = rules("laplaza_partners")


def test_pt01_four_players_in_two_fixed_teams_partners_opposite():
    assert PARTNERS.num_players == 4 and PARTNERS.sides == 2
    assert [PARTNERS.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert PARTNERS.seats_of(0) == (0, 2) and PARTNERS.seats_of(1) == (1, 3)
    with pytest.raises(RulesError) as err:
        rules("laplaza_partners", 2)
    assert str(err.value) == "laplaza_partners is played by 4 players, not 2"


def test_pt02_turn_passes_s0_s1_s2_s3_then_s0_again():
    rnd = fresh(PARTNERS, DEAL2, leader=0, round_number=2)
    turns = []
    for action in ("lead 2-4", "1-4@R", "1-2@R", "pass", "0-2@L"):
        turns.append(rnd.turn)
        play(rnd, action)
    assert turns == [0, 1, 2, 3, 0] and rnd.turn == 1


def test_pt03_all_28_dealt_seven_each_no_stock():
    rnd = deal(PARTNERS, seed=11)
    assert [len(rnd.hand(s)) for s in range(4)] == [7, 7, 7, 7]
    assert rnd.stock == [] and rnd.sleeping == 0 and PARTNERS.stock_size == 0 and not PARTNERS.can_draw


def test_pt04_the_holder_of_6_6_must_lead_it_in_round_1():
    hands = ["1-1 1-2 1-3 1-4 1-5 1-6 0-1", "0-0 0-2 0-3 0-4 0-5 0-6 2-2",
             "6-6 2-3 2-4 2-5 2-6 3-3 3-4", "3-5 3-6 4-4 4-5 4-6 5-5 5-6"]
    rnd = fresh(PARTNERS, hands)
    assert rnd.turn == rnd.leader == 2 and legal(rnd) == ["lead 6-6"]
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("lead 2-3")
    assert err.value.code == "forced_lead" and str(err.value) == "this round must be led with 6-6"
    play(rnd, "lead 6-6")
    assert rnd.turn == 3                             # play continues with next(holder)
    # Any seed: the leader of round 1 holds the 6-6 and may only lead it.
    for seed in range(20):
        dealt = deal(PARTNERS, seed)
        assert "6-6" in [str(t) for t in dealt.hand(dealt.leader)] and legal(dealt) == ["lead 6-6"]


def test_pt04_a16_round_1_without_6_6_on_the_line_is_not_a_position():
    line = "2-3 3-3 3-5"
    with pytest.raises(PositionError) as err:
        snapshot(PARTNERS, ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 2-2",
                            "2-4 2-5 2-6 3-4 3-6 4-4 4-5", "4-6 5-5 5-6 6-6"], line, turn=3)
    assert str(err.value) == "bad position: round 1 is led with 6-6, but 6-6 is not on the line"


def test_pt05_a08_after_a_domino_the_player_who_went_out_leads_with_any_tile():
    rnd = play(snapshot(PARTNERS, ANA_OUT, ANA_OUT_LINE, turn=2), "1-2@L")
    assert rnd.result.next_leader == 2 and rnd.result.next_leader_rule == "player_out"
    nxt = deal(PARTNERS, seed=3, round_number=2, leader=2, previous_rule="player_out")
    assert nxt.leader == nxt.turn == 2 and len(legal(nxt)) == 7


def test_pt06_pt11_after_a_block_the_blocker_leads_whichever_side_won():
    lost = play(snapshot(PARTNERS, BLOCK_A_LOWER, BLANKS_BUT_06, turn=3, round=2), "0-6@R")
    assert lost.result.winner == 0 and lost.result.blocker == 3 and lost.result.next_leader == 3
    tied = play(snapshot(PARTNERS, BLOCK_TIE, BLANKS_BUT_06, turn=3, round=2), "0-6@R")
    assert tied.result.tie and tied.result.blocker == 3 and tied.result.next_leader == 3


def test_pt07_no_stock_so_a_stuck_player_passes():
    rnd = play(fresh(PARTNERS, DEAL2, leader=0, round_number=2), "lead 2-4", "1-4@R", "1-2@R")
    assert legal(rnd) == ["pass"]


def test_pt08_pt09_partner_goes_out_the_side_scores_every_hand_including_the_partner():
    rnd = snapshot(PARTNERS, ANA_OUT, ANA_OUT_LINE, turn=2)
    assert legal(rnd) == ["1-2@L"]
    play(rnd, "1-2@L")
    res = rnd.result
    assert (res.kind, res.out_seat, res.winner) == ("domino", 2, 0)
    assert res.pips == (36, 20, 0, 35) and res.side_pips == (36, 55)
    assert res.points == (36 + 20 + 35, 0)           # 91: your own 36 count for your side
    assert not res.capicu and not res.tie


def test_pt10_block_the_lower_side_scores_every_pip_left():
    rnd = play(snapshot(PARTNERS, BLOCK_A_LOWER, BLANKS_BUT_06, turn=3, round=2), "0-6@R")
    res = rnd.result
    assert res.kind == "block" and res.side_pips == (15 + 17, 36 + 58)
    assert res.winner == 0 and res.points == (126, 0)


def test_pt10_block_with_equal_sides_scores_nothing():
    rnd = play(snapshot(PARTNERS, BLOCK_TIE, BLANKS_BUT_06, turn=3, round=2), "0-6@R")
    res = rnd.result
    assert res.side_pips == (63, 63) and res.tie and res.winner is None and res.points == (0, 0)


def test_pt12_a14_capicu_is_recorded_and_earns_nothing_at_la_plaza():
    for end in "LR":                                 # (2|0) and 0-2: either end is a capicú
        rnd = play(snapshot(PARTNERS, ANA_CAPICU, ANA_OUT_LINE, turn=2), f"0-2@{end}")
        assert rnd.result.capicu and rnd.result.capicu_bonus == 0
        assert rnd.result.points == (36 + 21 + 35, 0)
        assert rnd.ends in ((0, 0), (2, 2))


def test_a14_a_double_or_equal_ends_are_never_a_capicu():
    # Going out with 0-0 on (0|0) fits "both ends" but the ends are equal: no capicú.
    line = "0-3 3-3 3-6 6-6 6-5 5-5 5-4 4-4 4-0"
    s0, s1, s3 = deal_rest(line, "0-0", sizes=(6, 6, 6))
    rnd = play(snapshot(PARTNERS, [s0, s1, "0-0", s3], line, turn=2), "0-0@R")
    assert rnd.result.kind == "domino" and not rnd.result.capicu
    # Going out with a tile that fits one end only is no capicú either (PT-08 position).
    rnd = play(snapshot(PARTNERS, ANA_OUT, ANA_OUT_LINE, turn=2), "1-2@L")
    assert not rnd.result.capicu


def test_pt13_a15_shutout_when_the_match_is_won_with_the_other_side_at_zero():
    assert is_shutout(PARTNERS, (104, 0), 0)
    assert not is_shutout(PARTNERS, (104, 2), 0)     # a single 2-point round breaks it
    assert not is_shutout(PARTNERS, (0, 0), None)


def test_pt14_match_first_side_to_reach_the_target_wins():
    assert PARTNERS.target == 100
    assert match_outcome(PARTNERS, (99, 40), None) == (False, None)
    assert match_outcome(PARTNERS, (100, 40), None) == (True, 0)
    assert match_outcome(PARTNERS, (12, 131), None) == (True, 1)
    for overlay, target in [("target_kort_50", 50), ("target_klassiek_100", 100), ("target_lang_200", 200)]:
        assert rules("laplaza_partners", None, overlay).target == target
    match = Match.start(rules("laplaza_partners", None, "target_kort_50"), seed=5)
    match.play_out_randomly(seed=2)
    assert match.is_over and match.scores[match.winner] >= 50 and match.scores[1 - match.winner] < 50
    assert sum(r.total[0] + r.total[1] for r in match.results) == sum(match.scores)
    assert all(min(r.total) == 0 for r in match.results)   # only one side scores a round


def test_pt14_the_next_round_is_led_as_the_last_result_says():
    match = Match.start(PARTNERS, seed=8)
    while not match.round.is_over:
        match.round.apply_id(match.round.legal_action_ids()[0])
    result = match.finish_round()
    assert match.round.round_number == 2 and match.round.leader == result.next_leader
    assert match.scores == result.total
    with pytest.raises(IllegalActionError) as err:
        match.finish_round()
    assert str(err.value) == "the round is not over yet"


def test_pt15_the_seed_table_variants_exist_for_partners():
    from engine import overlays_for
    assert {"capicu_25", "capicu_30", "fid", "losing_side_only", "blocker_wins", "target_150",
            "target_500"} <= set(overlays_for("laplaza_partners"))
    assert rules("laplaza_partners", None, "target_150").target == 150
    assert rules("laplaza_partners", None, "target_500").target == 500


def test_pt16_touch_move_is_a_ui_option_the_engine_accepts():
    assert PARTNERS.touch_move == "off"
    assert rules("laplaza_partners", None, touch_move="on").touch_move == "on"
    with pytest.raises(RulesError):
        rules("laplaza_partners", None, touch_move="maybe")


def test_pt17_no_spinner():
    assert PARTNERS.spinner == "none"
    with pytest.raises(RulesError) as err:
        rules("laplaza_partners", None, spinner="first_double")
    assert err.value.code == "bad_option"
    assert "spinner cannot be first_double" in str(err.value)
