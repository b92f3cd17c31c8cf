"""The deeper hint worked out while the player thinks (strategy/hint_ahead.py), and a
touch-move table kept with a saved game (matches/game.py)."""

from __future__ import annotations

import pytest

from engine import Round, Rules
from matches.game import HUMAN, GameError, Setup
from strategy.hint_ahead import HintAhead, deeper_hint
import strategy.hints


@pytest.fixture
def view(monkeypatch):
    monkeypatch.setattr(strategy.hints, "DEEP_NODES", 2_000_000)  # the suite's time (a full stock: ~0.6 s)
    monkeypatch.setattr(strategy.hints, "THOROUGH_NODES", 4_000_000)
    rnd = Round.from_hands(Rules.preset("laplaza_1v1"), ["6-6 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 2-2 2-3"],
                           stock="2-4 2-5 2-6 3-3 3-4 3-5 3-6 4-4 4-5 4-6 5-5 5-6 1-6 0-0", leader=1)
    return rnd.view(1)


def test_the_hint_ahead_is_what_look_deeper_computes_and_only_for_its_moment(view):
    ahead = HintAhead()
    assert ahead.ready("a") is None  # nothing started
    ahead.think("a", view, 7)
    ahead.wait(120)
    done = ahead.ready("a")
    assert done is not None and done.deep
    first = deeper_hint(view, 7)  # what Look deeper computes; then the thorough one if still needed
    again = first if first.told_apart else deeper_hint(view, 7, thorough=True)
    assert (done.best, done.evaluation.deals, list(done.evaluation.expected)) == (
        again.best, again.evaluation.deals, list(again.evaluation.expected))
    assert ahead.ready("b") is None  # another decision's hint is not this one
    ahead.think("a", view, 7)  # the same moment again: kept, not started twice
    assert ahead.ready("a") is done
    assert ahead.moment == "a"
    ahead.forget()
    assert ahead.ready("a") is None and ahead.moment is None


def test_a_tables_touch_move_is_kept_with_its_game_and_old_records_read_as_off():
    setup = Setup("laplaza_partners", 4, (), "12", (HUMAN, "strong", "strong", "strong"), touch_move=True)
    assert setup.rules().touch_move == "on"
    assert Setup.from_dict(setup.to_dict()) == setup
    old = {k: v for k, v in setup.to_dict().items() if k != "touch_move"}  # saved before the option
    assert Setup.from_dict(old).touch_move is False
    assert Setup.from_dict({**setup.to_dict(), "touch_move": "yes"}).touch_move is False  # only a real true
    with pytest.raises(GameError):
        Setup.from_dict({"preset": "laplaza_partners"})


def test_a_hint_the_player_no_longer_needs_stops_early_and_is_never_shown(view):
    import threading

    cancel = threading.Event()
    cancel.set()
    stopped = deeper_hint(view, 7, cancel)  # set before it starts: one deal, then it stops
    assert stopped.evaluation.stop == "cancelled" and stopped.evaluation.deals == 1
    ahead = HintAhead()
    ahead.think("a", view, 7)
    future = ahead._future  # the first decision's work, seen from inside
    ahead.think("b", view, 8)  # the player moved on: the first one is stopped (it needs seconds)
    assert future.cancelled() or future.result(120).evaluation.stop == "cancelled"
    ahead.wait(120)
    assert ahead.ready("a") is None and ahead.ready("b") is not None


def test_a_deeper_hint_that_cannot_tell_the_moves_apart_is_followed_by_a_thorough_one(view, monkeypatch):
    monkeypatch.setattr(strategy.hints, "DEEP_NODES", 200_000)  # far too little at a full stock
    monkeypatch.setattr(strategy.hints, "THOROUGH_NODES", 800_000)
    first = deeper_hint(view, 3)
    assert not first.told_apart
    ahead = HintAhead()
    ahead.think("a", view, 3)
    ahead.wait(120)
    done = ahead.ready("a")
    thorough = deeper_hint(view, 3, thorough=True)
    assert done.deep and done.evaluation.deals == thorough.evaluation.deals > first.evaluation.deals
    assert list(done.evaluation.expected) == list(thorough.evaluation.expected)


def test_a_deeper_hint_that_tells_the_moves_apart_is_the_last_stage(monkeypatch):
    monkeypatch.setattr(strategy.hints, "THOROUGH_NODES", 1)  # a thorough stage would show as a one-deal hint
    rnd = Round.from_hands(Rules.preset("laplaza_partners"),
                           ["6-6 0-1", "1-6 2-6", "2-2 2-3", "3-3 3-4"], leader=0)
    rnd.apply("lead 6-6")
    view = rnd.view(1)  # 1-6 or 2-6, and few enough hidden tiles to solve every deal
    ahead = HintAhead()
    ahead.think("a", view, 1)
    ahead.wait(120)
    done, again = ahead.ready("a"), deeper_hint(view, 1)
    assert done.told_apart and len(done.evaluation.actions) > 1
    assert (done.evaluation.deals, list(done.evaluation.expected)) == (again.evaluation.deals,
                                                                       list(again.evaluation.expected))
