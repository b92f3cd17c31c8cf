"""The deeper hint worked out while the player thinks (strategy/hint_ahead.py), and a
touch-move table kept with a saved game (strategy/game.py)."""

from __future__ import annotations

import pytest

import strategy.hints
from engine import Round, Rules
from strategy.game import HUMAN, GameError, Setup
from strategy.hint_ahead import HintAhead, deeper_hint


@pytest.fixture
def view(monkeypatch):
    monkeypatch.setattr(strategy.hints, "DEEP_NODES", 2 * strategy.hints.HINT_NODES)  # the suite's time
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
    again = deeper_hint(view, 7)
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
