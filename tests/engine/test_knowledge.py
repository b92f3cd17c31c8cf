"""What one seat knows (SeatView): its own hand, the line, counts and public actions
(C-11, A-28), never the other hands."""

from __future__ import annotations

from engine import Tile

from .helpers import fresh, play, rules
from .positions import DEAL2

ONE_V_ONE_HANDS = ["6-6 0-0 0-1 0-2 0-3 0-4 0-5", "1-2 1-3 1-4 1-5 2-2 2-3 2-4"]
ONE_V_ONE_STOCK = "1-1 3-6 0-6 1-6 2-5 2-6 3-3 3-4 3-5 4-4 4-5 4-6 5-5 5-6"


def test_c11_a_pass_shows_the_passer_holds_neither_end():
    rnd = play(fresh(rules("laplaza_partners"), DEAL2, leader=0, round_number=2), "lead 2-4", "1-4@R", "1-2@R", "pass")
    view = rnd.view(0)
    assert view.cannot_hold() == {1: frozenset(), 2: frozenset(), 3: frozenset({2})}
    assert all(not t.has(2) for t in view.possible_tiles(3))
    assert set(view.possible_tiles(0)) == set(rnd.hand(0))


def test_a28_a_draw_shows_no_fit_and_the_count_but_not_the_tile():
    rnd = play(fresh(rules("laplaza_1v1"), ONE_V_ONE_HANDS, ONE_V_ONE_STOCK, leader=0), "lead 6-6", "draw", "draw")
    view = rnd.view(0)
    # The first drawn tile missed the 6 (B drew again), but the second may be a 6: B must
    # then place it now. So nothing is proved about B yet.
    assert view.cannot_hold()[1] == frozenset()
    assert view.hand_counts == (6, 9) and view.stock_count == 12
    public = view.to_dict()
    assert public["history"] == [{"seat": 0, "action": "lead 6-6"}, {"seat": 1, "action": "draw"},
                                 {"seat": 1, "action": "draw"}]
    assert public["hand"] == ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5"]
    assert "1-1" not in str({k: v for k, v in public.items() if k != "unseen"})


def test_unseen_tiles_are_everything_but_the_own_hand_and_the_line():
    rnd = play(fresh(rules("laplaza_1v1"), ONE_V_ONE_HANDS, ONE_V_ONE_STOCK, leader=0), "lead 6-6")
    view = rnd.view(1)
    unseen = set(view.unseen_tiles())
    assert len(unseen) == 28 - 7 - 1 and Tile(6, 6) not in unseen and Tile(1, 2) not in unseen
    assert view.unseen_count(6) == 6                 # 0-6 … 5-6: one 6 is on the line
    assert view.unseen_count(1) == 7 - 4             # 1-1, 0-1 and 1-6 (1-2 … 1-5 are in hand)


def test_the_view_keeps_the_public_facts_and_the_viewers_own_draws():
    rnd = play(fresh(rules("laplaza_1v1"), ONE_V_ONE_HANDS, ONE_V_ONE_STOCK, leader=0),
               "lead 6-6", "draw", "draw", "3-6@R")
    mine, theirs = rnd.view(1), rnd.view(0)
    assert mine.own_draws == ((1, Tile(1, 1)), (2, Tile(3, 6)))   # seat 1 saw what it drew
    assert theirs.own_draws == ()                                # seat 0 saw only two draws
    assert mine.rules == rnd.rules and mine.round_number == 1 and mine.outcome is None
    assert mine.forced_lead is None and not mine.from_snapshot and mine.start_line == ()
    assert rnd.view(1) == mine and hash(rnd.view(1)) == hash(mine)


def test_cannot_hold_counts_tiles_as_well_as_passes():
    """Exact reading: seat 3 passed on 2, and every 6 is in sight of seat 0."""
    rnd = play(fresh(rules("laplaza_partners"), DEAL2, leader=0, round_number=2), "lead 2-4", "1-4@R", "1-2@R", "pass")
    view = rnd.view(0)
    reasons = view.cannot_hold_reasons(3)
    assert reasons[2] == ("void", {"number": 2, "action": "pass", "ends": [2, 2]})
    assert set(reasons) == set(view.cannot_hold()[3])
    assert view.to_dict()["cannot_hold"] == {str(s): sorted(v) for s, v in view.cannot_hold().items()}
