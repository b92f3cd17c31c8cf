"""The review after a round: every decision the player made, graded from what they could know.

A decision is a position where the player had a real choice (two or more legal actions
that are not the same tile on two equal ends). Each one is judged twice:

* **from the seat's view** — :func:`strategy.evaluate.evaluate` averages the exact value
  of each action over deals consistent with what the player saw then (never the hidden
  hands); the *loss* is the best action's expected points minus the chosen one's;
* **with every hand shown** — :func:`strategy.solver.solve` on the real deal: what the
  move was worth in this deal, so a player can tell luck apart from skill.

The grade comes from the loss (:data:`GRADES`, documented in docs/strategy.md): a move
within :data:`TOLERANCE` of the best is "best".

>>> grade_of(0.0), grade_of(1.5), grade_of(4.0), grade_of(9.0), grade_of(30.0)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import Round

from .evaluate import evaluate
from .game import Game, seed_number
from .solver import solve

#: Expected points lost -> grade: the first limit the loss does not exceed names it.
GRADES: tuple[tuple[str, float], ...] = (
    ("best", 0.5),
    ("good", 3.0),
    ("inaccuracy", 7.0),
    ("mistake", 15.0),
    ("blunder", float("inf")),
)
#: A loss this small is sampling noise, not a worse move.
TOLERANCE = GRADES[0][1]
#: Deals per decision for a review: as many as a hint uses. No time budget: a review is
#: the same every time it is worked out, however busy the machine is.
REVIEW_DEALS, REVIEW_BUDGET = 32, None


def grade_of(loss: float) -> str:
    return next(name for name, limit in GRADES if loss <= limit)


@dataclass(frozen=True)
class Decision:
    """One graded choice of the player."""

    ply: int                    # its index among the round's moves
    action: str                 # what the player played
    best: str                   # the best action from the player's view
    expected: float             # the chosen action's expected points (the player's side)
    best_expected: float
    loss: float
    grade: str
    exact: float                # the chosen action's value with every hand shown
    best_exact: float           # the best value with every hand shown
    deals: int                  # deals the expectation averaged over
    hint: bool                  # the player had asked for a hint first
    values: dict[str, float] = field(default_factory=dict)  # every action's expected points

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("ply", "action", "best", "expected", "best_expected", "loss",
                                             "grade", "exact", "best_exact", "deals", "hint", "values")}


@dataclass(frozen=True)
class RoundReview:
    round_index: int
    decisions: tuple[Decision, ...]

    @property
    def accuracy(self) -> float | None:
        """The share of decisions graded best (None without a decision)."""
        if not self.decisions:
            return None
        return sum(d.grade == "best" for d in self.decisions) / len(self.decisions)

    @property
    def loss_per_decision(self) -> float | None:
        if not self.decisions:
            return None
        return sum(d.loss for d in self.decisions) / len(self.decisions)

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round_index, "accuracy": self.accuracy, "loss_per_decision": self.loss_per_decision,
                "decisions": [d.to_dict() for d in self.decisions]}


def is_choice(rnd: Round) -> bool:
    """More than one genuinely different legal action (a tile on two equal ends is one)."""
    return len(rnd.canonical_actions()) > 1


def review_round(game: Game, index: int, *, deals: int = REVIEW_DEALS, budget: float | None = REVIEW_BUDGET,
                 seat: int = 0) -> RoundReview:
    """Grade every choice ``seat`` made in round ``index`` of ``game``.

    Deterministic (with no ``budget``): each decision's deals are drawn from a seed made of
    the game's seed, the round and the move number.
    """
    rnd = game.round_start(index)
    decisions = []
    for ply, move in enumerate(game.rounds[index]):
        if move.seat == seat and is_choice(rnd):
            decisions.append(_judge(rnd, ply, move, deals, budget, f"{game.setup.seed}:{index}:{ply}"))
        rnd.apply(move.action)
    return RoundReview(index, tuple(decisions))


def _judge(rnd: Round, ply: int, move, deals: int, budget: float | None, seed: str) -> Decision:
    view = rnd.view(rnd.turn)
    found = evaluate(view, deals=deals, budget=budget, seed=seed_number(seed))
    values = {str(a): float(e) for a, e in zip(found.actions, found.expected)}
    chosen = _canonical_key(rnd, move.action, values)
    best = max(values, key=lambda a: (values[a], -list(values).index(a)))
    exact = solve(rnd)
    exact_values = {str(a): float(v) for a, v in zip(exact.actions, exact.values)}
    loss = max(0.0, values[best] - values[chosen])
    return Decision(ply, move.action, best, values[chosen], values[best], loss, grade_of(loss),
                    exact_values.get(chosen, exact_values.get(move.action, 0.0)), max(exact_values.values()),
                    found.deals, move.hint, values)


def _canonical_key(rnd: Round, action: str, values: dict[str, float]) -> str:
    """The evaluated action that ``action`` is: with one number on both ends, ``t@R`` is
    the same move as ``t@L``, and the evaluation lists it once."""
    if action in values:
        return action
    mirror = action.replace("@R", "@L") if rnd.left == rnd.right else action
    if mirror in values:
        return mirror
    raise ValueError(f"{action} is not among the evaluated actions {sorted(values)}")


__all__ = ["Decision", "GRADES", "REVIEW_BUDGET", "REVIEW_DEALS", "RoundReview", "TOLERANCE", "grade_of",
           "is_choice", "review_round"]
