"""Golden tests for Goat / Kozel, rules.md §2.6 (KZ-01 … KZ-15), with A-18 … A-23."""

from __future__ import annotations

import pytest

from engine import IllegalActionError, Match, RulesError, Tile, deal, kozel_priority_key, match_outcome, ranking

from .helpers import fresh, legal, play, rest, rules, snapshot
from .positions import (
    ALL_BUT_DOUBLES, DEAL2, DEAD_HANDS, DEAD_LINE, DEAD_STOCK, THREE_LOWEST_UNIQUE,
)

KOZEL2, KOZEL3, KOZEL4 = (rules("kozel", n) for n in (2, 3, 4))


def kozel_round(rule_set, *hands, round_number=1):
    return fresh(rule_set, hands, " ".join(rest(*hands)), round_number=round_number)


def test_kz01_two_three_or_four_individual_players():
    assert [r.sides for r in (KOZEL2, KOZEL3, KOZEL4)] == [2, 3, 4]
    assert KOZEL3.partnerships == "none"
    with pytest.raises(RulesError):
        rules("kozel", 5)


def test_kz02_kz13_fewest_points_win_and_ties_share_a_rank():
    table = ranking(KOZEL3, (40, 101, 100))
    assert [(s.rank, s.side, s.total, s.goat) for s in table] == [
        (1, 0, 40, False), (2, 2, 100, False), (3, 1, 101, True)]   # exactly 100 is no goat
    tied = ranking(KOZEL3, (50, 50, 120))
    assert [(s.rank, s.side) for s in tied] == [(1, 0), (1, 1), (3, 2)]


def test_kz03_kz13_the_match_runs_round_after_round_until_someone_reaches_101():
    assert match_outcome(KOZEL3, (100, 0, 0), None) == (False, None)
    assert match_outcome(KOZEL3, (40, 101, 100), None) == (True, 0)
    assert match_outcome(KOZEL3, (50, 50, 120), None) == (True, None)      # tied lowest: shared
    match = Match.start(KOZEL3, seed=4)
    match.play_out_randomly(seed=4)
    assert match.is_over and max(match.scores) >= 101 and len(match.results) > 1
    before = tuple(t - g for t, g in zip(match.scores, match.results[-1].total))
    assert max(before) < 101                         # the match ends after the crossing round
    low = min(match.scores)
    assert match.winner == (match.scores.index(low) if match.scores.count(low) == 1 else None)


def test_kz04_seven_tiles_each_and_the_bazaar():
    for rule_set, stock in ((KOZEL2, 14), (KOZEL3, 7), (KOZEL4, 0)):
        rnd = deal(rule_set, seed=3)
        assert all(len(rnd.hand(s)) == 7 for s in range(rule_set.num_players)) and len(rnd.stock) == stock


def test_kz05_0_0_leads_first():
    rnd = kozel_round(KOZEL3, "6-6 5-5 1-2 1-3 1-4 1-5 1-6", "4-4 2-3 2-4 2-5 2-6 3-4 3-5",
                      "0-0 0-1 0-2 0-3 0-4 0-5 0-6")
    assert rnd.turn == 2 and legal(rnd) == ["lead 0-0"]


def test_kz05_without_0_0_in_a_hand_the_highest_double_leads():
    # 0-0 lies in the bazaar: it does not count; 6-6 beats 5-5.
    rnd = kozel_round(KOZEL2, "5-5 1-2 1-3 1-4 1-5 1-6 2-3", "6-6 0-1 0-2 0-3 0-4 0-5 0-6")
    assert rnd.turn == 1 and legal(rnd) == ["lead 6-6"]
    rnd = kozel_round(KOZEL2, "1-1 0-2 0-3 0-4 0-5 0-6 1-2", "3-3 1-3 1-4 1-5 1-6 2-3 2-4")
    assert rnd.turn == 1 and legal(rnd) == ["lead 3-3"]


def test_kz05_without_doubles_the_highest_sum_leads():
    rnd = kozel_round(KOZEL2, "5-6 0-1 0-2 0-3 0-4 0-5 0-6", "4-6 1-2 1-3 1-4 1-5 1-6 2-3")
    assert rnd.turn == 0 and legal(rnd) == ["lead 5-6"]


def test_kz05_a19_a_tie_on_the_sum_goes_to_the_higher_half():
    rnd = kozel_round(KOZEL2, "3-6 0-1 0-2 0-3 1-2 1-3 2-3", "4-5 0-4 0-5 0-6 1-4 1-5 1-6")
    assert rnd.turn == 0 and legal(rnd) == ["lead 3-6"]
    key = kozel_priority_key
    assert key(Tile(0, 0)) > key(Tile(6, 6)) > key(Tile(1, 1)) > key(Tile(5, 6)) > key(Tile(3, 6)) > key(Tile(4, 5))


def test_kz05_with_four_players_0_0_always_leads():
    for seed in range(10):
        rnd = deal(KOZEL4, seed)
        assert legal(rnd) == ["lead 0-0"] and "0-0" in [str(t) for t in rnd.hand(rnd.leader)]


def test_kz06_a18_the_priority_rule_applies_every_round():
    for number in (2, 5):
        rnd = kozel_round(KOZEL2, "5-5 1-2 1-3 1-4 1-5 1-6 2-3", "6-6 0-1 0-2 0-3 0-4 0-5 0-6",
                          round_number=number)
        assert rnd.turn == 1 and legal(rnd) == ["lead 6-6"]
    match = Match.start(KOZEL3, seed=6)
    while not match.round.is_over:
        match.round.apply_id(match.round.legal_action_ids()[-1])
    result = match.finish_round()
    assert result.next_leader is None and result.next_leader_rule == "kozel_priority"
    nxt = match.round
    best = max((t for s in range(3) for t in nxt.hand(s)), key=kozel_priority_key)
    assert [str(a) for a in nxt.legal_actions()] == [f"lead {best}"]


def test_kz07_kz08_one_line_and_the_player_picks_the_end():
    rnd = play(kozel_round(KOZEL2, "5-6 0-1 0-2 0-3 0-4 0-5 0-6", "4-6 1-2 1-3 1-4 1-5 1-6 2-3"), "lead 5-6")
    assert legal(rnd) == ["1-5@L", "1-6@R", "4-6@R"]
    play(rnd, "4-6@R")
    assert rnd.ends == (5, 4) and list(rnd.line) == [(5, 6), (6, 4)]
    assert legal(rnd) == ["0-4@R", "0-5@L"]
    assert KOZEL2.spinner == "none"


def test_kz09_kz11_draw_until_a_tile_fits_then_play_it():
    rnd = play(kozel_round(KOZEL2, "5-6 0-2 0-3 0-4 0-5 0-6 1-5", "0-1 1-2 1-3 1-4 2-3 2-4 3-4"), "lead 5-6")
    before = set(rnd.hand(1))
    assert legal(rnd) == ["draw"]                    # B holds no 5 and no 6
    while legal(rnd) == ["draw"]:
        play(rnd, "draw")
    drawn = set(rnd.hand(1)) - before
    fitting = [t for t in drawn if t.has(5) or t.has(6)]
    assert len(fitting) == 1                         # the last one drawn; the others do not fit
    assert {a.tile for a in rnd.legal_actions()} == set(fitting) and rnd.turn == 1


def test_kz10_with_an_empty_bazaar_a_stuck_player_misses_the_turn():
    rnd = play(fresh(KOZEL4, DEAL2), "lead 0-0", "0-6@R", "2-6@R")      # (0|2); Marco has neither
    assert rnd.turn == 3 and legal(rnd) == ["pass"]
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("draw")
    assert str(err.value) == "the stock is empty"


def test_kz12_going_out_scores_zero_the_others_add_their_own_pips():
    rnd = play(snapshot(KOZEL3, ["0-0", "2-2 5-5", "1-1 3-3 4-4"], ALL_BUT_DOUBLES, turn=0), "0-0@L")
    assert rnd.result.kind == "domino" and rnd.result.points == (0, 14, 16)


def test_kz12_a20_the_fish_maker_scores_zero_even_holding_the_most():
    rnd = play(snapshot(KOZEL3, THREE_LOWEST_UNIQUE, ALL_BUT_DOUBLES, turn=2), "0-0@R")
    res = rnd.result
    assert res.kind == "block" and res.blocker == 2 and res.pips == (4, 10, 16)
    assert res.points == (4, 10, 0) and res.detail["decided_by"] == "fish"


def test_kz12_a11_a_fish_needs_an_empty_bazaar():
    rnd = play(snapshot(KOZEL2, DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK), "0-6@R")
    assert not rnd.is_over and legal(rnd) == ["draw"]
    play(rnd, "draw", "draw", "draw", "draw", "pass")
    assert rnd.result.kind == "block" and rnd.result.blocker == 0 and rnd.result.points == (0, 105)


def test_kz14_turns_go_in_seat_order():
    rnd = play(kozel_round(KOZEL3, "6-6 5-5 1-2 1-3 1-4 1-5 1-6", "4-4 2-3 2-4 2-5 2-6 3-4 3-5",
                           "0-0 0-1 0-2 0-3 0-4 0-5 0-6"), "lead 0-0")
    assert rnd.turn == 0


def test_kz15_no_bonus_and_no_capicu_score():
    line = "2-6 6-6 6-1 1-1 1-3 3-3 3-4 4-4 4-5 5-0"
    hands = ["0-2", "0-0 0-1 5-5"]
    for rule_set in (KOZEL2, rules("kozel", 2, capicu_bonus=25)):
        rnd = play(snapshot(rule_set, hands, line, turn=0, stock=" ".join(rest(line, *hands))), "0-2@L")
        assert rnd.result.capicu and rnd.result.capicu_bonus == 0 and rnd.result.points == (0, 11)


def test_kozel_limit_101_overlay_and_other_limits():
    assert rules("kozel", 3, "kozel_limit_101").penalty_limit == 101 == KOZEL3.penalty_limit
    fifty = rules("kozel", 3, penalty_limit=50)
    assert match_outcome(fifty, (10, 50, 3), None) == (True, 2)
