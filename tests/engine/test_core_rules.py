"""Golden tests for the common core, rules.md §1 (C-01 … C-16).

Every position is written out by hand; the expected moves, ends and points were worked
out from rules.md, not read off the engine.
"""

from __future__ import annotations

import pytest

from engine import (
    TILES, IllegalActionError, NotationError, Tile,
)
from engine.tiles import pips_of, FULL_SET

from .helpers import deal_rest, fresh, legal, play, rules, snapshot
from .positions import (
    BLANKS_BUT_06, BLOCK_A_LOWER, DEAD_HANDS, DEAD_LINE, DEAD_STOCK, DEAL2, OUT_AND_DEAD,
)

# in the smoke set that scripts/smoke_pythons.sh runs on Python 3.12 and 3.13
pytestmark = pytest.mark.smoke


def partners_round2():
    return fresh(rules("laplaza_partners"), DEAL2, leader=0, round_number=2)


def test_c01_double_six_set_has_28_distinct_tiles_7_doubles_168_pips():
    assert len(TILES) == 28
    assert len({(t.low, t.high) for t in TILES}) == 28
    assert sum(t.is_double for t in TILES) == 7
    assert sum(t.pips for t in TILES) == 168 == pips_of(FULL_SET)
    assert Tile.parse("5-3") is Tile(3, 5) is Tile.parse(" 3 - 5 ")
    with pytest.raises(NotationError) as err:
        Tile.parse("7-1")
    assert err.value.code == "bad_tile"
    assert str(err.value) == "'7-1' is not a tile: write two numbers from 0 to 6, like 3-5"


def test_c02_only_the_two_open_ends_decide_legality():
    # Two different lines with the same ends (2|4): the same hand has the same moves.
    r = rules("laplaza_partners")
    line_a, line_b = "2-6 6-6 6-5 5-3 3-4", "2-1 1-1 1-6 6-6 6-4"
    a = snapshot(r, ["1-4 5-5", *deal_rest(line_a, "1-4 5-5", sizes=(7, 7, 7))], line_a, turn=0)
    b = snapshot(r, ["1-4 5-5", *deal_rest(line_b, "1-4 5-5", sizes=(7, 7, 7))], line_b, turn=0)
    assert a.ends == b.ends == (2, 4)
    assert legal(a) == legal(b) == ["1-4@R"]


def test_c03_a_turn_puts_down_exactly_one_tile_with_equal_halves_touching():
    rnd = play(partners_round2(), "lead 2-4")
    before = [len(rnd.hand(s)) for s in range(4)]
    play(rnd, "1-4@R")
    assert [len(rnd.hand(s)) for s in range(4)] == [before[0], before[1] - 1, before[2], before[3]]
    assert list(rnd.line) == [(2, 4), (4, 1)]
    assert all(a[1] == b[0] for a, b in zip(rnd.line, list(rnd.line)[1:]))


def test_c03_a_tile_whose_halves_do_not_match_an_end_is_refused():
    rnd = play(partners_round2(), "lead 2-4")                   # Luis holds 3-5
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("3-5@L")
    assert err.value.code == "no_fit" and err.value.params == {"tile": "3-5", "ends": "2 or 4"}
    assert str(err.value) == "3-5 does not fit 2 or 4"


def test_c04_the_matched_half_is_covered_and_the_other_half_is_the_new_end():
    rnd = play(partners_round2(), "lead 2-4", "1-4@R", "2-3@L")
    assert rnd.ends == (3, 1)
    assert rnd.line[0] == (3, 2)


def test_c05_a_double_fits_only_its_own_number_and_keeps_the_end():
    rnd = play(partners_round2(), "lead 2-4", "1-4@R")
    assert rnd.ends == (2, 1)
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("2-2@R")
    assert err.value.code == "wrong_end"
    assert str(err.value) == "2-2 does not fit the right end (1); it fits the other end"
    play(rnd, "2-2@L")
    assert rnd.ends == (2, 1) and rnd.line[0] == (2, 2)


def test_c06_blanks_match_only_blanks():
    # Lead 0-0: only tiles with a blank fit; 5-5 does not.
    r = rules("laplaza_partners")
    rnd = play(fresh(r, ["0-0 5-5 1-1 1-2 1-3 1-4 1-5", "0-1 0-2 0-3 0-4 0-5 0-6 1-6",
                         "2-2 2-3 2-4 2-5 2-6 3-3 3-4", "3-5 3-6 4-4 4-5 4-6 5-6 6-6"],
                   leader=0, round_number=2), "lead 0-0")
    assert legal(rnd) == [f"{t}@{e}" for t in ("0-1", "0-2", "0-3", "0-4", "0-5", "0-6") for e in "LR"]
    play(rnd, "0-1@L", "pass", "pass")
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("5-5@R")
    assert str(err.value) == "5-5 does not fit 1 or 0"


def test_c07_any_tile_may_lead_unless_the_preset_constrains_it():
    rnd = partners_round2()
    assert legal(rnd) == ["lead " + t for t in ("0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "2-4")]


def test_c08_a_tile_that_fits_both_ends_may_go_on_either_and_equal_ends_list_both():
    rnd = play(partners_round2(), "lead 2-4", "1-4@R")          # (2|1)
    assert legal(rnd) == ["1-2@L", "1-2@R", "2-2@L", "2-3@L", "2-5@L", "2-6@L"]
    # Equal ends: t@L and t@R are mirror images; both listed, one canonical.
    rnd = play(fresh(rules("laplaza_partners"), DEAL2, leader=3, round_number=2), "lead 6-6", "pass")
    assert legal(rnd) == ["0-6@L", "0-6@R", "1-6@L", "1-6@R"]
    assert [str(a) for a in rnd.canonical_actions()] == ["0-6@L", "1-6@L"]


def test_c09_must_play_when_a_placement_is_legal():
    rnd = play(partners_round2(), "lead 2-4")                   # Luis: only 1-4 fits
    for action in ("pass", "draw"):
        with pytest.raises(IllegalActionError) as err:
            rnd.apply(action)
        assert err.value.code == "must_play"
        assert str(err.value) == "you must play: 1-4 fits"
    assert not rnd.is_legal("pass") and rnd.is_legal("1-4@R")


def one_v_one_draw_round():
    """A leads 6-6; B holds no 6 and the stock starts 1-1, 3-6."""
    return fresh(rules("laplaza_1v1"),
                 ["6-6 0-0 0-1 0-2 0-3 0-4 0-5", "1-2 1-3 1-4 1-5 2-2 2-3 2-4"],
                 "1-1 3-6 0-6 1-6 2-5 2-6 3-3 3-4 3-5 4-4 4-5 4-6 5-5 5-6", leader=0)


def test_c10_draw_one_at_a_time_keep_the_turn_and_play_the_drawn_tile():
    rnd = play(one_v_one_draw_round(), "lead 6-6")
    assert legal(rnd) == ["draw"]
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("pass")
    assert str(err.value) == "you must draw: nothing fits and the stock has 14 left"
    play(rnd, "draw")
    assert rnd.turn == 1 and "1-1" in [str(t) for t in rnd.hand(1)] and legal(rnd) == ["draw"]
    play(rnd, "draw")
    assert rnd.turn == 1 and len(rnd.stock) == 12
    assert legal(rnd) == ["3-6@L", "3-6@R"]          # the drawn tile, and nothing else
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("draw")                            # no voluntary draw
    assert str(err.value) == "you must play: 3-6 fits"
    play(rnd, "3-6@R")
    assert rnd.turn == 0 and rnd.ends == (6, 3)


def test_c10_pass_only_once_the_stock_is_out():
    rnd = snapshot(rules("laplaza_1v1"), DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK)
    play(rnd, "0-6@R", "draw", "draw", "draw", "draw")
    assert rnd.stock == [] and legal(rnd) == ["pass"]
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("draw")
    assert err.value.code == "stock_empty" and str(err.value) == "the stock is empty"


def test_c11_pass_only_without_a_placement_and_it_is_public():
    rnd = play(partners_round2(), "lead 2-4", "1-4@R", "1-2@R")       # (2|2): Marco holds no 2
    assert legal(rnd) == ["pass"]
    play(rnd, "pass")
    assert rnd.turn == 0
    assert rnd.view(0).cannot_hold()[3] == frozenset({2})
    # Partners has no stock at all: drawing is never possible.
    rnd.undo()
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("draw")
    assert str(err.value) == "this game has no stock to draw from"


def test_c12_going_out_ends_the_round_at_once_and_beats_a_block():
    rnd = snapshot(rules("laplaza_partners"), OUT_AND_DEAD, BLANKS_BUT_06, turn=3, round=2)
    play(rnd, "0-6@R")
    res = rnd.result
    assert res.kind == "domino" and res.out_seat == 3 and res.winner == 1 and res.blocker is None
    assert rnd.ends == (0, 0)                        # and the board is dead: still a domino
    assert res.points == (0, 33 + 52 + 41)           # 126: every pip left
    assert rnd.legal_actions() == [] and rnd.is_over
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("pass")
    assert str(err.value) == "the round is over"


def test_c13_block_declared_right_after_the_placement():
    rnd = snapshot(rules("laplaza_partners"), BLOCK_A_LOWER, BLANKS_BUT_06, turn=3, round=2)
    play(rnd, "0-6@R")
    assert rnd.result.kind == "block" and rnd.result.blocker == 3
    assert len(rnd.history) == 1                     # nobody passes: the block is declared at once


def test_c13_c14_block_declared_after_the_pass_that_follows_the_draw_out():
    rnd = snapshot(rules("laplaza_1v1"), DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK)
    play(rnd, "0-6@R", "draw", "draw", "draw")
    assert not rnd.is_over
    play(rnd, "draw")
    assert not rnd.is_over                           # B still has to pass
    play(rnd, "pass")
    assert rnd.result.kind == "block"
    assert rnd.result.blocker == 0                   # A placed the last tile; B acted last (C-14)


def test_c15_a_block_without_sleeping_tiles_shows_one_number_with_its_suit_down():
    rnd = play(snapshot(rules("laplaza_partners"), BLOCK_A_LOWER, BLANKS_BUT_06, turn=3, round=2), "0-6@R")
    assert rnd.ends == (0, 0)
    on_board = {Tile(a, b) for a, b in rnd.line}
    assert all(Tile(0, k) in on_board for k in range(7))
    assert len(rnd.line) == 10                       # the 7 blanks and 3 connectors (C-15 b)


def test_c16_pip_count_of_a_hand():
    rnd = fresh(rules("laplaza_1v1"), ["0-6 1-1 1-2 1-3 1-4 1-5 1-6", "6-6 2-2 2-3 2-4 2-5 2-6 3-3"],
                "0-0 0-1 0-2 0-3 0-4 0-5 3-4 3-5 3-6 4-4 4-5 4-6 5-5 5-6", leader=1)
    assert rnd.pips(0) == 6 + 2 + 3 + 4 + 5 + 6 + 7 == 33
    assert rnd.pips(1) == 12 + 4 + 5 + 6 + 7 + 8 + 6 == 48


def test_c16_going_out_in_1v1_scores_the_opponents_hand_never_the_stock():
    r = rules("laplaza_1v1")
    rnd = snapshot(r, ["0-2", "0-0 0-1 5-5"], "2-6 6-6 6-1 1-1 1-3 3-3 3-4 4-4 4-5 5-2", turn=0,
                   stock="0-3 0-4 0-5 0-6 1-2 1-4 1-5 2-2 2-3 2-4 3-5 3-6 4-6 5-6")
    play(rnd, "0-2@R")
    assert rnd.result.kind == "domino" and rnd.result.out_seat == 0
    assert rnd.result.points == (0 + 1 + 10, 0)      # 11; the 14 stock tiles score nothing
    assert not rnd.result.capicu                     # equal ends are never a capicú
