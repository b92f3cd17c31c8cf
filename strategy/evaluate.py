"""Hidden-information evaluation: the value of every legal action from one seat's view.

Perfect-information Monte Carlo (PIMC): draw deals uniformly among those consistent with
what the seat knows (``engine.inference.sample_deals``), solve each exactly
(:func:`strategy.solver.solve`) and average. It takes a :class:`engine.SeatView` only, so
the hidden hands can never leak into a hint or a bot's choice.

It is *anytime*: deals are solved one after another until ``deals`` are done or the
``budget`` (seconds of wall time) is spent, and at least ``min_deals`` are always
solved. When few deals are consistent (at most ``exact_limit``, as counted by
``engine.inference.count_deals``) they are all found and each counted once, and the
result is exact (``exact=True``).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from engine import Action, SeatView
from engine import inference

from .choice_model import ChoiceModel
from .solver import NodeLimit, solve

__all__ = ["Evaluation", "evaluate", "legal_actions_of"]


@dataclass
class Evaluation:
    seat: int
    #: how many deals were solved (distinct deals when ``exact``)
    deals: int
    #: True when every consistent deal was solved, each once
    exact: bool
    actions: list[Action]
    #: the mean value of each action (points for the seat's side minus the others')
    expected: list[float]
    #: the share of deals in which each action is among the best (ties count for each)
    best_share: list[float]
    #: how many deals are consistent with the view (engine.inference.count_deals)
    consistent: int
    seconds: float

    @property
    def best(self) -> Action:
        """The action of the highest expected value (engine order breaks ties)."""
        top = max(self.expected)
        return next(a for a, e in zip(self.actions, self.expected) if e == top)

    def to_dict(self) -> dict:
        return {"seat": self.seat, "deals": self.deals, "exact": self.exact,
                "actions": [{"action": str(a), "expected": round(e, 4), "best_share": round(p, 4)}
                            for a, e, p in zip(self.actions, self.expected, self.best_share)]}


def legal_actions_of(view: SeatView, rng: random.Random | None = None) -> list[Action]:
    """The legal actions of the seat to move, found on one consistent deal (they depend
    only on what the mover knows: its hand, the ends and the stock count)."""
    return inference.sample_deal(view, rng or random.Random(0)).legal_actions()


def _deal_key(rnd) -> tuple:
    # the history too: who drew what tells apart deals that lead to the same hands
    return tuple(rnd.hands), tuple(rnd._stock), rnd.sleeping, tuple(rnd.history)


#: search speed assumed when turning the time left into a node limit (nodes per second);
#: deliberately low, so that a limit rarely cuts a search that would have fitted
NODES_PER_SECOND = 2_000_000


def evaluate(view: SeatView, deals: int = 64, budget: float | None = 1.0, seed: int | None = None,
             min_deals: int = 1, exact_limit: int | None = None, rng: random.Random | None = None,
             model: ChoiceModel | None = None, oversample: int = 4) -> Evaluation:
    """PIMC values of the legal actions of ``view.seat``, which must be the seat to move.

    ``deals``: at most this many sampled deals; ``budget``: seconds of wall time (None: no
    limit), checked between deals and, past ``min_deals``, turned into a node limit for
    the next solve; when no more than ``exact_limit`` (default: ``deals``) deals are
    consistent, every one of them is solved once instead (exact, unless the budget runs
    out first: then a random part of them, each at most once).

    ``model``: weigh deals by how likely the other seats' earlier choices were in them
    (:class:`strategy.choice_model.ChoiceModel`): ``oversample * deals`` deals are drawn
    uniformly and ``deals`` of them are resampled in proportion to their weight
    (sampling-importance-resampling); each distinct deal is solved once and counts as
    often as it was drawn. With every consistent deal found, each weighs its likelihood.
    """
    if not isinstance(view, SeatView):
        raise TypeError("evaluate takes a SeatView (what one seat knows), not a Round")
    if view.turn != view.seat:
        raise ValueError(f"seat {view.seat} is not to move (seat {view.turn} is)")
    started = time.perf_counter()
    rng = rng or random.Random(seed)
    consistent = inference.count_deals(view)
    exact = consistent <= (deals if exact_limit is None else exact_limit)
    steps = model.steps(view) if model is not None else []
    pool: list[tuple[object, float]] = []  # (deal, weight), solved in this order
    if exact:
        pool = [(rnd, 1.0) for rnd in _every_deal(view, rng, consistent)]
        exact = len(pool) == consistent
        if steps:
            pool = _weighed(pool, [model.log_weight(steps, rnd) for rnd, _ in pool])
    elif steps:
        candidates = inference.sample_deals(view, rng, oversample * deals)
        pool = _resampled(candidates, [model.log_weight(steps, rnd) for rnd in candidates], deals, rng)
    solved: list[tuple[list[float], float]] = []
    actions: list[Action] | None = None
    while True:
        if pool:
            if len(solved) == len(pool):
                break
            rnd, weight = pool[len(solved)]
        elif len(solved) >= deals:
            break
        else:
            rnd, weight = None, 1.0
        limit = 0
        if budget is not None and len(solved) >= min_deals:
            left = budget - (time.perf_counter() - started)
            if left <= 0:
                break
            limit = max(1000, int(left * NODES_PER_SECOND))
        if rnd is None:
            rnd = inference.sample_deal(view, rng)
        try:
            sol = solve(rnd, node_limit=limit)
        except NodeLimit:
            break  # this deal would not fit in the budget: stop with the deals done
        if actions is None:
            actions = sol.actions
        solved.append(([float(v) for v in sol.values], weight))
    if exact and len(solved) < len(pool):
        exact = False
    mass = sum(w for _, w in solved)
    m = len(actions)
    expected = [sum(row[j] * w for row, w in solved) / mass for j in range(m)]
    shares = [0.0] * m
    for row, w in solved:
        top = max(row)
        for j in range(m):
            if row[j] == top:
                shares[j] += w
    return Evaluation(view.seat, len(solved), exact, list(actions), expected, [s / mass for s in shares],
                      consistent, time.perf_counter() - started)


def _every_deal(view: SeatView, rng: random.Random, consistent: int) -> list:
    """Every consistent deal once, shuffled: sample until all ``consistent`` distinct
    ones are seen (a coupon collector: about n ln n draws of a cheap sampler)."""
    seen: dict[tuple, object] = {}
    tries = 0
    while len(seen) < consistent and tries < 200 * consistent + 1000:
        for rnd in inference.sample_deals(view, rng, max(8, consistent)):
            seen.setdefault(_deal_key(rnd), rnd)
        tries += max(8, consistent)
    pool = list(seen.values())
    rng.shuffle(pool)
    return pool


def _weighed(pool: list, log_weights: list[float]) -> list:
    top = max(log_weights)
    return [(rnd, math.exp(lw - top)) for (rnd, _), lw in zip(pool, log_weights)]


def _resampled(candidates: list, log_weights: list[float], k: int, rng: random.Random) -> list:
    """``k`` draws in proportion to the weights (systematic resampling: low variance),
    as (distinct deal, how many times drawn), in a random order."""
    top = max(log_weights)
    weights = [math.exp(lw - top) for lw in log_weights]
    step = sum(weights) / k
    point = rng.random() * step
    counts: dict[int, int] = {}
    acc, drawn = 0.0, 0
    for i, w in enumerate(weights):
        acc += w
        while point < acc and drawn < k:
            counts[i] = counts.get(i, 0) + 1
            point += step
            drawn += 1
    chosen = [(candidates[i], float(c)) for i, c in counts.items()]
    rng.shuffle(chosen)
    return chosen
