"""A hint is capped by work alone: the same figures on a machine so busy that any
wall-time budget would have run out as on a quiet one (issue 44)."""

from __future__ import annotations

import itertools

import strategy.evaluate
from matches.game import Setup
from strategy.evaluate import position_seed
from strategy.hints import hint
from strategy.review import decision_points
from tests.support.rounds import played


def _middle_view():
    game = played(Setup("laplaza_partners", 4, (), "load", ("human", "casual", "casual", "casual")), seed=4)
    _, before = decision_points(game, 0)[1]
    return before.view(before.turn)


def test_a_hint_is_the_same_under_a_load_that_would_have_run_out_any_budget(monkeypatch):
    view = _middle_view()
    caps = dict(seed=position_seed(view), max_nodes=400_000)
    quiet = hint(view, **caps)
    ticks = itertools.count()
    # a machine so busy that every look at the clock finds ten more seconds gone
    monkeypatch.setattr(strategy.evaluate.time, "perf_counter", lambda: 10.0 * next(ticks))
    busy = hint(view, **caps)
    assert busy.evaluation.stop != "budget"
    assert (busy.best, busy.facts, busy.evaluation.deals, list(busy.evaluation.expected)) == (
        quiet.best, quiet.facts, quiet.evaluation.deals, list(quiet.evaluation.expected))
    assert hint(view, deep=True, **caps).evaluation.stop != "budget"
