"""Golden tests for La Plaza 1 v 1 with a draw pile, rules.md §2.2 (BV-01 … BV-09),
with A-09/A-10 (the lot), A-11/A-12 (a dead board with stock left) and the 004 overlay."""

from __future__ import annotations

from engine import TILES, Match, Tile, deal, lot_key, lot_winner, overlays_for

from .helpers import fresh, legal, play, rest, rules, snapshot
from .positions import DEAD_HANDS, DEAD_LINE, DEAD_STOCK

ONE_V_ONE = rules("laplaza_1v1")


def test_bv01_two_players_seven_tiles_each_fourteen_in_the_stock():
    rnd = deal(ONE_V_ONE, seed=4)
    assert ONE_V_ONE.num_players == 2 and ONE_V_ONE.stock_size == 14
    assert [len(rnd.hand(0)), len(rnd.hand(1)), len(rnd.stock)] == [7, 7, 14]


def test_bv02_turns_alternate():
    rnd = fresh(ONE_V_ONE, ["0-0 0-1 0-2 0-3 1-1 1-2 1-3", "0-4 0-5 1-4 1-5 2-2 2-3 2-4"],
                "0-6 1-6 2-5 2-6 3-3 3-4 3-5 3-6 4-4 4-5 4-6 5-5 5-6 6-6", leader=0)
    seats = []
    for action in ("lead 1-1", "1-4@L", "1-2@R", "0-4@L"):
        seats.append(rnd.turn)
        play(rnd, action)
    assert seats == [0, 1, 0, 1] and rnd.turn == 0


def test_bv03_a10_first_lead_by_lot_highest_tile_leads_with_any_tile():
    # pip sum first, then the larger half: 6-0 > 5-1 > 4-2 > 3-3, and 5-5 > 6-3.
    order = sorted((Tile.parse(t) for t in ("3-3", "4-2", "5-1", "6-0", "6-3", "5-5")), key=lot_key)
    assert [str(t) for t in order] == ["3-3", "2-4", "1-5", "0-6", "3-6", "5-5"]
    assert len({lot_key(t) for t in TILES}) == 28    # a strict order: never a redraw
    assert lot_winner({0: Tile.parse("3-3").id, 1: Tile.parse("2-4").id}) == 1
    for seed in range(10):
        rnd = deal(ONE_V_ONE, seed)
        assert set(rnd.lot) == {0, 1} and rnd.lot[0] != rnd.lot[1]
        assert rnd.leader == lot_winner(rnd.lot) == rnd.turn
        assert len(legal(rnd)) == 7                  # any tile


def test_bv04_later_rounds_winner_leads_after_a_block_the_blocker():
    rnd = play(snapshot(ONE_V_ONE, DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK),
               "0-6@R", "draw", "draw", "draw", "draw", "pass")
    assert rnd.result.next_leader == 0 and rnd.result.next_leader_rule == "blocker"
    # After a domino: the player who went out.
    out = play(snapshot(ONE_V_ONE, ["0-2", "0-0 0-1 5-5"], "2-6 6-6 6-1 1-1 1-3 3-3 3-4 4-4 4-5 5-2",
                        turn=0, stock="0-3 0-4 0-5 0-6 1-2 1-4 1-5 2-2 2-3 2-4 3-5 3-6 4-6 5-6"), "0-2@L")
    assert out.result.next_leader == 0 and out.result.next_leader_rule == "player_out"


def test_bv04_a07_after_a_tied_block_the_blocker_still_leads():
    # Stock out; A blocks with 0-6@R. A keeps 63 pips, B holds 63: a tie, and A leads next.
    a = "0-6 6-6 5-5 4-6 4-5 3-6 3-5 1-4"           # 12+10+10+9+9+8+5 = 63 after 0-6
    b = "1-1 1-3 1-5 1-6 2-2 2-3 2-4 2-5 2-6 3-3 4-4"   # 2+4+6+7+4+5+6+7+8+6+8 = 63
    rnd = play(snapshot(ONE_V_ONE, [a, b], DEAD_LINE, turn=0), "0-6@R")
    res = rnd.result
    assert res.kind == "block" and res.pips == (63, 63) and res.tie and res.points == (0, 0)
    assert res.blocker == 0 and res.next_leader == 0 and res.next_leader_rule == "blocker"


def test_bv05_draw_one_tile_at_a_time_until_one_fits_then_play_it():
    rnd = fresh(ONE_V_ONE, ["6-6 0-0 0-1 0-2 0-3 0-4 0-5", "1-2 1-3 1-4 1-5 2-2 2-3 2-4"],
                "1-1 3-6 0-6 1-6 2-5 2-6 3-3 3-4 3-5 4-4 4-5 4-6 5-5 5-6", leader=0)
    play(rnd, "lead 6-6", "draw")
    assert legal(rnd) == ["draw"] and rnd.turn == 1
    play(rnd, "draw")
    assert legal(rnd) == ["3-6@L", "3-6@R"] and rnd.turn == 1
    play(rnd, "3-6@L")
    assert rnd.turn == 0 and rnd.ends == (3, 6)


def test_bv06_c16_domino_scores_the_opponents_pips_drawn_tiles_in_stock_out():
    # A placed six tiles, B placed four and drew six: B holds 9, the stock 8.
    line = "4-0 0-6 6-6 6-5 5-5 5-3 3-3 3-1 1-1 1-6"
    b = "1-2 1-4 1-5 2-2 2-3 2-5 0-1 0-2 0-3"        # 3+5+6+4+5+7+1+2+3 = 36
    stock = " ".join(rest(line, "2-4", b))
    rnd = snapshot(ONE_V_ONE, ["2-4", b], line, turn=0, stock=stock)
    assert len(rnd.stock) == 8
    play(rnd, "2-4@L")
    assert rnd.result.kind == "domino" and rnd.result.points == (36, 0)
    assert not rnd.result.capicu


def test_bv07_a11_a12_dead_board_with_stock_draw_it_out_pass_then_block():
    rnd = snapshot(ONE_V_ONE, DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK)
    play(rnd, "0-6@R")
    assert rnd.ends == (0, 0) and not rnd.is_over
    assert legal(rnd) == ["draw"]
    for _ in range(4):
        play(rnd, "draw")
    assert legal(rnd) == ["pass"]
    play(rnd, "pass")
    res = rnd.result
    assert res.kind == "block" and res.blocker == 0
    assert res.pips == (21, 85 + 20)                 # the drawn pips count against B
    assert res.winner == 0 and res.points == (21 + 105, 0)
    assert [(seat, a.kind) for seat, a in rnd.public_history()] == [(0, "place")] + [(1, "draw")] * 4 + [(1, "pass")]


def test_bv08_block_fewer_pips_wins_all_pips_tie_scores_nothing():
    rnd = play(snapshot(ONE_V_ONE, DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK),
               "0-6@R", "draw", "draw", "draw", "draw", "pass")
    assert rnd.result.points == (126, 0) and rnd.result.detail["decided_by"] == "lowest"


def test_bv09_capicu_shutout_targets_and_table_variants_as_partners():
    assert {"capicu_25", "capicu_30", "target_kort_50", "target_lang_200", "fid", "blocker_wins",
            "losing_side_only", "pt_1v1_66_lead", "dead_board_call"} <= set(overlays_for("laplaza_1v1"))
    r = rules("laplaza_1v1", None, "capicu_30")
    # A goes out with 0-2 on (2|0): a capicú, worth 30 with the overlay (A-14 applies to 1v1).
    line = "2-6 6-6 6-1 1-1 1-3 3-3 3-4 4-4 4-5 5-0"
    rnd = play(snapshot(r, ["0-2", "0-0 0-1 5-5"], line, turn=0,
                        stock="0-3 0-4 0-6 1-2 1-4 1-5 2-2 2-3 2-4 2-5 3-5 3-6 4-6 5-6"), "0-2@L")
    assert rnd.result.capicu and rnd.result.capicu_bonus == 30
    assert rnd.result.points == (0 + 1 + 10 + 30, 0)
    match = Match.start(ONE_V_ONE, seed=1)
    match.play_out_randomly(seed=1)
    assert match.is_over and match.shutout == (match.scores[1 - match.winner] == 0)


def test_pt_1v1_66_lead_a09_holder_of_6_6_leads_else_the_lot():
    r = rules("laplaza_1v1", None, "pt_1v1_66_lead")
    held = fresh(r, ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "6-6 1-1 1-2 1-3 1-4 1-5 1-6"],
                 "2-2 2-3 2-4 2-5 2-6 3-3 3-4 3-5 3-6 4-4 4-5 4-6 5-5 5-6")
    assert held.turn == 1 and legal(held) == ["lead 6-6"]
    in_stock = fresh(r, ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "5-5 1-1 1-2 1-3 1-4 1-5 1-6"],
                     "2-2 2-3 2-4 2-5 2-6 3-3 3-4 3-5 3-6 4-4 4-5 4-6 6-6 5-6", leader=0)
    assert in_stock.forced_lead == -1 and len(legal(in_stock)) == 7
    for seed in range(30):
        rnd = deal(r, seed)
        holder = [s for s in (0, 1) if "6-6" in [str(t) for t in rnd.hand(s)]]
        if holder:
            assert rnd.leader == holder[0] and legal(rnd) == ["lead 6-6"] and not rnd.lot
        else:
            assert rnd.lot and rnd.leader == lot_winner(rnd.lot) and len(legal(rnd)) == 7
    assert deal(r, 3, round_number=2, leader=1, previous_rule="player_out").forced_lead == -1
