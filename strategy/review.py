"""The review after a round: every decision the player made, graded from what they could know.

A decision is a position where the player had a real choice (two or more legal actions
that are not the same tile on two equal ends). Each one is judged twice:

* **from the seat's view** — :func:`strategy.evaluate.evaluate` averages the exact value
  of each action over deals consistent with what the player saw then (never the hidden
  hands); the *loss* is how far the chosen action falls short of the best one, with its
  uncertainty (the paired standard error of the gaps);
* **with every hand shown** — :func:`strategy.solver.solve` on the real deal: what the
  move was worth in this deal, so a player can tell luck apart from skill.

A grade is *clear* when the loss's 95% interval holds no grade limit: sampling goes on
until it is (or every consistent deal is solved, or :data:`REVIEW_MAX_DEALS` deals are),
so the same decision gets the same grade whatever the seed, except for the few losses
that lie right at a limit; those say so (``sure`` is False) and show their interval.
With no time budget, the same decision gives the same review every time.

>>> grade_of(0.0), grade_of(1.5), grade_of(4.0), grade_of(9.0), grade_of(30.0)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, Sequence

from engine import Action, Round, SeatView
from engine.knowledge import ends_after

from .evaluate import Evaluation, Z95, evaluate, mirrored, seed_number
from .solver import root_value, solve, unit_utilities

#: Expected points lost -> grade: the first limit the loss does not exceed names it.
GRADES: tuple[tuple[str, float], ...] = (
    ("best", 0.5),
    ("good", 3.0),
    ("inaccuracy", 7.0),
    ("mistake", 15.0),
    ("blunder", float("inf")),
)
#: A loss this small is not a worse move.
TOLERANCE = GRADES[0][1]
#: At most this many deals per decision, and this much search (nodes; about 9 s of one
#: core, spent in the background while the round goes on): the grade is usually clear
#: long before; 20 M left 16-23% of early Partners and 1 v 1 grades near a limit. A cap on work, not time, so that a busy
#: machine gives the same review; measured in bench/review_stability.py and
#: bench/review_latency.py (docs/strategy.md).
REVIEW_MAX_DEALS = 6000
REVIEW_MAX_NODES = 60_000_000
#: A grade is not called clear on fewer deals than this (unless every deal is solved):
#: in Goat a gap is often nil in most deals and large in a few, and 32-400 deals that
#: missed them settled on a wrong grade (bench/review_stability.py, docs/strategy.md).
REVIEW_MIN_DEALS = 512
LIMITS = tuple(limit for _, limit in GRADES[:-1])


class MatchRecord(Protocol):
    """What a review reads of a match (a match against the bots, ``matches.game.Game``): the
    seed of its setup, each round's moves (each with its ``seat``, ``action`` and ``hint``) and
    the position each round started from. A protocol, so that the AI does not import the
    matches it judges."""

    setup: Any
    rounds: Sequence[Sequence[Any]]

    def round_start(self, index: int) -> Round: ...


def grade_of(loss: float) -> str:
    return next(name for name, limit in GRADES if loss <= limit)


@dataclass(frozen=True)
class Loss:
    """How much a move gave away against the best one, and the 95% interval around it."""

    mean: float
    low: float
    high: float
    #: False: not called clear whatever the interval (a sample under the floor, :func:`judge_view`)
    clear: bool | None = None

    @property
    def sure(self) -> bool:
        """No grade limit lies inside the interval: more deals would not change the grade."""
        return self.clear is not False and not any(self.low < limit < self.high for limit in LIMITS)


def loss_of(ev: Evaluation, action: str, z: float = Z95) -> Loss:
    """The chosen action's loss: the largest gap from any other action to it (never
    below 0), with bounds from the rivals' own intervals."""
    mean = low = high = 0.0
    for other in ev.actions:
        if str(other) == action:
            continue
        g = ev.gap(other, action)
        lo, hi = g.interval(z)
        mean, low, high = max(mean, g.mean), max(low, lo), max(high, hi)
    return Loss(mean, low, high)


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
    #: the loss's 95% interval, and whether the grade is clear of it
    loss_low: float = 0.0
    loss_high: float = 0.0
    sure: bool = True
    #: every consistent deal was solved (the values are exact expectations)
    all_deals: bool = False
    #: every action's standard error (0 when all deals were solved)
    stderr: dict[str, float] = field(default_factory=dict)
    #: why the best move was better, in the hint's terms (:func:`why_facts`)
    facts: tuple = ()

    @property
    def evaluated(self) -> str:
        """The evaluated action the move is (``t@L`` for a mirrored ``t@R``): its key in
        ``values`` and ``stderr``."""
        return self.action if self.action in self.values else self.action.replace("@R", "@L")

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("ply", "action", "best", "expected", "best_expected", "loss",
                                             "grade", "exact", "best_exact", "deals", "hint", "values",
                                             "loss_low", "loss_high", "sure", "all_deals", "stderr")} | {
            "facts": [list(f) for f in self.facts]}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> "Decision":
        fields = {k: data[k] for k in Decision.__dataclass_fields__ if k in data}
        fields["facts"] = tuple((code, dict(params)) for code, params in fields.get("facts", ()))
        return Decision(**fields)


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


def decision_points(game: MatchRecord, index: int, seat: int = 0) -> list[tuple[int, Round]]:
    """(ply, the position before it) for every real choice ``seat`` made in round ``index``."""
    rnd = game.round_start(index)
    out = []
    for ply, move in enumerate(game.rounds[index]):
        if move.seat == seat and is_choice(rnd):
            out.append((ply, rnd.copy()))
        rnd.apply(move.action)
    return out


def decision_seed(game: MatchRecord, index: int, ply: int) -> int:
    """The seed of one decision's deals: from the game's seed, the round and the move."""
    return seed_number(f"{game.setup.seed}:{index}:{ply}")


def review_round(game: MatchRecord, index: int, *, deals: int = REVIEW_MAX_DEALS, seat: int = 0) -> RoundReview:
    """Grade every choice ``seat`` made in round ``index`` of ``game`` (deterministic: each
    decision's deals are drawn from :func:`decision_seed`)."""
    return RoundReview(index, tuple(judge_move(game, index, ply, before, deals=deals)
                                    for ply, before in decision_points(game, index, seat)))


def judge_move(game: MatchRecord, index: int, ply: int, before: Round, *, deals: int = REVIEW_MAX_DEALS) -> Decision:
    """Grade move ``ply`` of round ``index``, made from ``before``, with its own seed."""
    move = game.rounds[index][ply]
    return judge(before, ply, move.action, move.hint, seed=decision_seed(game, index, ply), deals=deals)


def review_looks(deals: int = REVIEW_MAX_DEALS) -> tuple[int, ...]:
    """The sample sizes at which :func:`judge_view` looks whether a grade is clear: the
    floor :data:`REVIEW_MIN_DEALS`, then each doubling, then the cap ``deals``."""
    floor = min(REVIEW_MIN_DEALS, deals)
    looks = [floor]
    while looks[-1] * 2 < deals:
        looks.append(looks[-1] * 2)
    return tuple(looks) + ((deals,) if looks[-1] != deals else ())


def looks_z(looks: int) -> float:
    """The normal quantile that keeps a grade's 95% meaning over ``looks`` looks
    (Bonferroni: each look spends 5% / ``looks`` of the error, both sides together)."""
    return statistics.NormalDist().inv_cdf(1 - 0.05 / (2 * max(1, looks)))


def judge_view(view: SeatView, action: str, *, seed: int, deals: int = REVIEW_MAX_DEALS) -> tuple[Evaluation, str, Loss]:
    """The evaluation of ``view`` for grading ``action``, sampled until the grade is clear.

    A grade is looked at only at :func:`review_looks` (512, 1,024, 2,048, 4,096 deals and
    the cap), each time with the interval widened for all of them (:func:`looks_z`: z 2.58
    for five looks instead of 1.96), so a grade called clear at any look is wrong at most
    5% of the time, not 5% per look (issue 44: a grade re-tested every 8 deals and called
    clear at the first clear look was wrong twice in 382 against a 40,000-deal reference).
    The returned loss's interval is that widened one. A sample under the floor (the node
    cap, :data:`REVIEW_MAX_NODES`, came first) is never called clear, unless every deal
    was solved."""
    looks = review_looks(deals)
    z = looks_z(len(looks))

    def clear(ev: Evaluation) -> bool:
        return ev.deals in looks and loss_of(ev, canonical_key(view, action, ev), z).sure

    ev = evaluate(view, deals=deals, budget=None, seed=seed, keep=[mirror_free(view, action)], settled=clear,
                  max_nodes=REVIEW_MAX_NODES, settle_from=looks[0])
    chosen = canonical_key(view, action, ev)
    loss = loss_of(ev, chosen, z)
    if not ev.exact and ev.deals < looks[0]:
        loss = replace(loss, clear=False)
    return ev, chosen, loss


def judge(rnd: Round, ply: int, action: str, hinted: bool, *, seed: int, deals: int = REVIEW_MAX_DEALS) -> Decision:
    """Grade ``action`` at ``rnd`` (the position before it) from the mover's view."""
    return judge_seen(rnd.view(rnd.turn), ply, action, hinted, seed=seed, deals=deals, real=rnd)


def judge_seen(view: SeatView, ply: int, action: str, hinted: bool, *, seed: int, deals: int = REVIEW_MAX_DEALS,
               real: Round | None = None) -> Decision:
    """Grade ``action`` from ``view``; ``real``, the position with every hand (when it is
    known), gives what the move was worth in this deal; without it the exact values are
    the expected ones (a round recorded at a real table: nothing to say about luck)."""
    ev, chosen, loss = judge_view(view, action, seed=seed, deals=deals)
    values = {str(a): float(e) for a, e in zip(ev.actions, ev.expected)}
    stderr = {str(a): float(s) for a, s in zip(ev.actions, ev.stderr)}
    best = str(ev.best)
    if real is not None:
        exact = solve(real)
        exact_values = {str(a): float(v) for a, v in zip(exact.actions, exact.values)}
        mine, top = exact_values.get(chosen, exact_values.get(action, 0.0)), max(exact_values.values())
    else:
        mine, top = values[chosen], values[best]
    facts = why_facts(view, action, best, values) if grade_of(loss.mean) != "best" else ()
    return Decision(ply, action, best, values[chosen], values[best], loss.mean, grade_of(loss.mean), mine, top,
                    ev.deals, hinted, values, loss.low, loss.high, loss.sure, ev.exact, stderr, facts)


def why_facts(view: SeatView, action: str, best: str,
              values: dict[str, float] | None = None) -> tuple[tuple[str, dict[str, Any]], ...]:
    """Why ``best`` was better than ``action`` from ``view``, in domino terms, as the hint
    says it (strategy/hints.py): the numbers each leaves on the ends, a double the best
    move plays and yours keeps, and the voids and near-exhausted numbers among the numbers
    that tell the two apart. Codes with JSON-able params, worded by the UI:

    * ``("ends", {"yours": [a, b], "best": [c, d]})``: the open ends after each move;
    * ``("double", {"tile": "5-5"})``: the best move plays this double, yours keeps it;
    * ``("void", ...)``, ``("count", ...)``: as in a hint, only for the numbers one move
      leaves open and the other does not;
    * ``("theme", {"code": c, ...})``: last, the most telling theme of what the best move
      does (:func:`strategy.themes.theme_facts`, with its figures; ``values`` guard it), the
      one sentence a Mistake or Blunder card leads with; none when no theme applies.
    """
    from .themes import theme_facts

    from .hints import _table_facts

    yours, top = Action.parse(action), Action.parse(best)
    if yours is top or not top.is_placement:
        return ()
    facts: list[tuple[str, dict[str, Any]]] = []
    mine, theirs = ends_after(view.ends, yours), ends_after(view.ends, top)
    if yours.is_placement and mine and theirs and sorted(mine) != sorted(theirs):
        facts.append(("ends", {"yours": sorted(mine), "best": sorted(theirs)}))
    if top.tile.is_double and (not yours.is_placement or yours.tile != top.tile):
        facts.append(("double", {"tile": str(top.tile)}))
    apart = set(mine or ()) ^ set(theirs or ())
    facts += [(code, params) for code, params in _table_facts(view, yours, [yours, top])
              if params["number"] in apart]
    theme, figures = theme_facts(view, action, best, values)[0]
    return tuple(facts[:4]) + ((("theme", {"code": theme, **figures}),) if theme != "other" else ())


def table_value(game: MatchRecord, index: int, seat: int = 0) -> float | None:
    """What round ``index`` came to at the table for ``seat``'s side, in the scale of the
    values with every hand shown (:func:`strategy.solver.solve`: its side's points minus
    the others', their average with three or four; in Goat the others' average penalty
    minus its own), so a review can set "a perfect table would have ended at +82" beside
    what really happened (None: the round is not over)."""
    rnd = game.round_start(index)
    for move in game.rounds[index]:
        rnd.apply(move.action)
    if rnd.result is None:
        return None
    flags = rnd.rules.flags
    util = unit_utilities(rnd)
    value = root_value(util, flags.side[seat] if flags.race else seat)
    return float(value) / (len(util) - 1)


def mirror_free(view: SeatView, action: str) -> str:
    """``t@L`` for ``t@R`` when the two are the same move (:func:`strategy.evaluate.mirrored`)."""
    return action.replace("@R", "@L") if mirrored(view) else action


def canonical_key(view: SeatView, action: str, ev: Evaluation) -> str:
    """The evaluated action that ``action`` is (its mirror on equal ends)."""
    names = [str(a) for a in ev.actions]
    if action in names:
        return action
    mirror = mirror_free(view, action)
    if mirror in names:
        return mirror
    raise ValueError(f"{action} is not among the evaluated actions {sorted(names)}")


__all__ = ["Decision", "GRADES", "LIMITS", "Loss", "REVIEW_MAX_DEALS", "REVIEW_MAX_NODES",
           "RoundReview", "TOLERANCE", "canonical_key", "decision_points", "decision_seed", "grade_of", "is_choice", "judge",
           "judge_move",
           "judge_seen", "judge_view", "loss_of", "mirror_free", "review_round", "table_value", "why_facts"]
