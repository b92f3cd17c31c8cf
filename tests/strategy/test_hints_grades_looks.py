"""A clear grade keeps its 95% meaning: it is looked at only at a few sample sizes, with
the interval widened for all of them, and never called clear under the floor (issue 44)."""

from __future__ import annotations

import strategy.review
from matches.game import Setup
from strategy.evaluate import Z95
from strategy.review import (REVIEW_MIN_DEALS, canonical_key, decision_points, judge_view, looks_z, loss_of,
                             review_looks)
from tests.support.rounds import played


def test_the_looks_and_their_boundary():
    assert review_looks() == (512, 1024, 2048, 4096, 6000)
    assert review_looks(64) == (64,) and review_looks(1024) == (512, 1024)
    assert looks_z(1) == __import__("pytest").approx(Z95, abs=1e-3)
    assert 2.57 < looks_z(5) < 2.58


def test_a_grade_stopped_by_the_node_cap_under_the_floor_is_never_clear(monkeypatch):
    monkeypatch.setattr(strategy.review, "REVIEW_MAX_NODES", 1_000_000)  # comes before 512 deals here
    game = played(Setup("laplaza_1v1", 2, (), "looks", ("human", "casual")), seed=5)
    ply, before = decision_points(game, 0)[1]
    view = before.view(before.turn)
    action = str(game.rounds[0][ply].action)
    ev, chosen, loss = judge_view(view, action, seed=ply)
    assert not ev.exact and ev.deals < REVIEW_MIN_DEALS and ev.stop == "nodes"
    assert loss_of(ev, canonical_key(view, action, ev)).sure, "the old rule called it clear on too few deals"
    assert not loss.sure, "a grade on fewer deals than the floor is not called clear"


def test_a_grade_is_called_clear_only_at_a_look(monkeypatch):
    looked = []
    original = strategy.review.loss_of

    def spy(ev, action, z=Z95):
        looked.append((ev.deals, z))
        return original(ev, action, z)

    monkeypatch.setattr(strategy.review, "loss_of", spy)
    game = played(Setup("block", 2, (), "looks", ("human", "casual")), seed=3)
    for ply, before in decision_points(game, 0)[:2]:
        judge_view(before.view(before.turn), str(game.rounds[0][ply].action), seed=ply)
    assert looked and {deals for deals, _ in looked} <= set(review_looks()) | {d for d, _ in looked if d < 512}
    assert all(z > 2.5 for _, z in looked)
