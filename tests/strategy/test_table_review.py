"""A seat's judging at a table (matches/table_review.py ``SeatJudge``): every choice is
handed to ``keep`` the moment it is judged, once, whatever the page does; a choice that
could not be judged is not kept, and a ``keep`` that fails stops nothing."""

from __future__ import annotations

from concurrent.futures import Future
from types import SimpleNamespace

from matches.table import Options, Table, token_hash
from matches.table_review import SeatJudge
from strategy.review import decision_points
import strategy.review_queue as review_queue


def played_round() -> Table:
    """A finished first round where seat 0 had at least two real choices (fixed seeds)."""
    for n in range(50):
        table = Table.for_class("block", 2, (), f"seat-judge-{n}", [("Ana", token_hash("a")), ("Bo", token_hash("b"))],
                                Options(), number=1, now=0.0)
        while not table.game.round.is_over:
            table.play(table.game.round.turn, table.game.round.canonical_actions()[0], version=table.version, now=1.0)
        if len(decision_points(table.game, 0, 0)) >= 2:
            return table
    raise AssertionError("no deal gave seat 0 two choices")


def test_each_choice_is_kept_once_the_moment_it_is_judged(monkeypatch):
    table = played_round()
    futures: dict[int, Future] = {}

    def later(game, index, ply, before, *_owner_and_then):
        futures[ply] = Future()
        return futures[ply]

    monkeypatch.setattr(review_queue, "judge_later", later)
    kept = []

    def keep(index, decision):
        kept.append((index, decision.ply))
        if decision.ply < 0:
            raise OSError("the database is away")

    judge = SeatJudge(0, 0, keep)
    judge.fill(table.game)
    plies = [ply for ply, _ in decision_points(table.game, 0, 0)]
    assert sorted(futures) == plies and not kept, "nothing is kept before it is judged"
    first, second, *rest = plies
    futures[first].set_result(SimpleNamespace(ply=first))
    assert kept == [(0, first)], "kept by the judging itself, with no page asking"
    futures[second].set_exception(RuntimeError("could not judge"))
    for ply in rest:
        futures[ply].set_result(SimpleNamespace(ply=-ply - 1))  # keep raises: the judging goes on
    judge.fill(table.game)  # the page asks again: nothing is judged or kept twice
    assert kept == [(0, first)] + [(0, -ply - 1) for ply in rest]
    assert judge.pending == 0 and len(judge.failed()) == 1
