"""The Round state machine's own contracts: copy, undo, the line, errors, snapshots."""

from __future__ import annotations

import random
from collections import deque

import pytest

from engine import IllegalActionError, Round, deal, position_from_dict

from .helpers import legal, play, rules, snapshot
from .positions import DEAL2, DEAD_HANDS, DEAD_LINE, DEAD_STOCK

# in the smoke set that scripts/smoke_pythons.sh runs on Python 3.12 and 3.13
pytestmark = pytest.mark.smoke

MUTABLE = {"hands", "_line", "_stock", "round_points", "history", "lot"}


def test_copy_carries_every_slot_and_shares_no_mutable_one():
    rnd = deal(rules("laplaza_1v1"), seed=3)
    rnd.playout(random.Random(3))
    twin = rnd.copy()
    for name in Round.__slots__:
        mine, theirs = getattr(rnd, name), getattr(twin, name)
        assert mine == theirs, name
        if name in MUTABLE:
            assert mine is not theirs, name


def test_the_line_after_a_playout_is_the_line_of_the_same_actions_applied_one_by_one():
    r = rules("draw", 3)
    for seed in range(30):
        fast = deal(r, seed)
        fast.playout(random.Random(seed))
        slow = deal(r, seed)
        for _, action in fast.public_history():
            slow.apply(action)
        assert list(fast.line) == list(slow.line) and fast.ends == slow.ends
        assert all(a[1] == b[0] for a, b in zip(fast.line, list(fast.line)[1:]))


def test_undo_after_a_playout_and_apply_after_undo():
    rnd = deal(rules("laplaza_partners"), seed=5)
    rnd.playout(random.Random(5))
    final_line = list(rnd.line)
    last = rnd.undo()
    assert last.is_placement or last.kind == "pass"
    rnd.apply(last)
    assert list(rnd.line) == final_line and rnd.is_over


def test_actions_out_of_place_are_refused_with_a_reason():
    rnd = Round.from_hands(rules("laplaza_partners"), DEAL2, leader=0, round_number=2)
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("2-4@L")
    assert str(err.value) == "nobody has led yet: the first action must be a lead"
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("lead 6-6")
    assert str(err.value) == "you do not hold 6-6"
    play(rnd, "lead 2-4")
    with pytest.raises(IllegalActionError) as err:
        rnd.apply("lead 1-4")
    assert str(err.value) == "the round has been led already: play on an end"
    with pytest.raises(IllegalActionError) as err:
        Round.from_hands(rules("laplaza_partners"), DEAL2, leader=0, round_number=2).undo()
    assert str(err.value) == "there is no action to undo"
    assert rnd.is_legal("1-4@R") and not rnd.is_legal("3-5@L")


def test_stock_views_and_the_drawable_count():
    rnd = snapshot(rules("laplaza_1v1", None, stock_reserve=1), DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK)
    assert [str(t) for t in rnd.stock] == DEAD_STOCK.split() and rnd.drawable == 3
    play(rnd, "0-6@R", "draw")
    assert [str(t) for t in rnd.hand(1)].count("1-1") == 1 and rnd.stock_ids == [t.id for t in rnd.stock]
    assert legal(rnd) == ["draw"]


def test_a_snapshot_cannot_be_undone_past_its_start():
    rnd = snapshot(rules("laplaza_1v1"), DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK, last_placer=1)
    play(rnd, "0-6@R")
    assert rnd.last_placer == 0
    rnd.undo()
    assert rnd.last_placer == 1 and list(rnd.line) == [tuple(map(int, t.split("-"))) for t in DEAD_LINE.split()]
    with pytest.raises(IllegalActionError):
        rnd.undo()


def test_a_pending_pass_position_plays_out_like_the_loop():
    data = {"rules": {"preset": "laplaza_1v1"}, "hands": [["1-3", "2-5", "5-5"], [
        "1-1", "1-4", "1-5", "1-6", "2-2", "2-3", "2-4", "2-6", "3-3", "3-5", "3-6", "4-4", "4-5", "4-6", "6-6"]],
        "line": ["0-1", "1-2", "2-0", "0-0", "0-3", "3-4", "4-0", "0-5", "5-6", "6-0"], "turn": 1,
        "last_placer": 0, "result": None}
    fast, slow = position_from_dict(data), position_from_dict(data)
    fast.playout(random.Random(1))
    slow.apply("pass")
    assert fast.result == slow.result and fast.history == slow.history and fast.turn == slow.turn
    assert isinstance(fast.line, deque)


def test_rounds_and_rules_pickle_and_deepcopy():
    import copy
    import pickle
    r = rules("kozel", 3, "dead_board_call")
    rnd = deal(r, seed=2)
    rnd.playout(random.Random(2))
    for again in (pickle.loads(pickle.dumps(rnd)), copy.deepcopy(rnd)):
        assert again.rules == r and again.result == rnd.result and list(again.line) == list(rnd.line)
        assert again.history == rnd.history and again.legal_actions() == []
    assert pickle.loads(pickle.dumps(r)) == r and deal(pickle.loads(pickle.dumps(r)), 5).hands == deal(r, 5).hands
