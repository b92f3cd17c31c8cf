"""Hidden-information evaluation: the value of every legal action from one seat's view,
with how sure it is.

Perfect-information Monte Carlo (PIMC): draw deals uniformly among those consistent with
what the seat knows (``engine.inference``), solve each exactly
(:func:`strategy.solver.solve`) and average. It takes a :class:`engine.SeatView` only, so
the hidden hands can never leak into a hint or a bot's choice.

Every figure comes with its standard error. The values of two moves in one deal are
tied (the same hands), so comparisons are *paired*: :meth:`Evaluation.gap` is
the mean of the per-deal differences, and its standard error is what decides whether one
move is better than another. Sampling is *sequential*: deals are solved until

* every consistent deal is solved (``stop="exact"``: standard errors 0), or
* with ``precision``, every move still in the race has a gap to the leading move known
  to that standard error (``"precision"``), or a ``settled`` test passes (the review's);
  a move that is clearly worse (its gap over 3.5 standard errors above 0) leaves the
  race: later deals solve only the moves still in it (and those in ``keep``), or
* ``deals`` deals are done (``"deals"``) or ``budget`` seconds have passed
  (``"budget"``; the jitted solver's loading is not counted, see :func:`warm`).

With no ``budget`` the result depends on the seed only: the same every time.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

import numpy as np

from engine import Action, SeatView
from engine import inference

from .choice_model import ChoiceModel
from .solver import NodeLimit, solve, warm

__all__ = ["Estimate", "Evaluation", "evaluate", "legal_actions_of", "mirrored", "Z95", "RACE_Z", "seed_number",
           "position_seed"]

#: two-sided 95% normal quantile: "about x ± 1.96 se"
Z95 = 1.96
#: a move leaves the race when its gap to the leader is this many standard errors above 0
RACE_Z = 3.5
#: below this many deals a standard error is not trusted to stop or to drop a move
MIN_STAT_DEALS = 32
#: two moves that tied in every deal so far are trusted to tie only after this many
ZERO_SPREAD_DEALS = 64


def seed_number(text: str) -> int:
    """A 64-bit number from text (SHA-256, so the same on every machine and run): the seed of
    a decision's sampled deals, for hints and reviews that come out the same every time."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def position_seed(view: SeatView) -> int:
    """The seed of a hint asked from ``view`` alone (the analysis board, the command line):
    :func:`seed_number` of the view's notation (every public fact and the seat's own hand,
    as plain JSON with sorted keys), so one position gives the same deals, and the same
    figures, on every press, machine and load."""
    notation = {f.name: _plain(getattr(view, f.name)) for f in dataclasses.fields(view)}
    return seed_number("position:" + json.dumps(notation, sort_keys=True, separators=(",", ":")))


def _plain(value: object) -> object:
    """A view field as JSON: rules as their notation, tiles and actions as their text."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if hasattr(value, "to_dict"):
        return _plain_dict(value.to_dict())
    return str(value)


def _plain_dict(data: dict) -> dict:
    return {str(k): _plain(v) if not isinstance(v, dict) else _plain_dict(v) for k, v in data.items()}


@dataclass(frozen=True)
class Estimate:
    """A mean over deals with its standard error (0 when every consistent deal was solved)."""

    mean: float
    stderr: float
    deals: int

    def interval(self, z: float = Z95) -> tuple[float, float]:
        return self.mean - z * self.stderr, self.mean + z * self.stderr


@dataclass
class Evaluation:
    seat: int
    #: how many deals were solved (distinct deals when ``exact``)
    deals: int
    #: True when every consistent deal was solved for every action, each once
    exact: bool
    actions: list[Action]
    #: the mean value of each action (points for the seat's side minus the others')
    expected: list[float]
    #: the share of deals in which each action is among the best (ties count for each),
    #: over the deals in which every action was solved: once a move leaves the race it
    #: could no longer be best in a deal, which would flatter the others' shares
    best_share: list[float]
    #: how many deals are consistent with the view (engine.inference.count_deals)
    consistent: int
    seconds: float
    #: the standard error of each expected value (0 when exact)
    stderr: list[float] = field(default_factory=list)
    #: why sampling stopped: "exact", "precision", "settled", "deals", "nodes", "budget" or
    #: "cancelled"
    stop: str = "deals"
    #: seconds spent loading the jitted solver before the clock started (0 when warm)
    warmup: float = 0.0
    #: per deal, the value of each action (NaN where the action had left the race)
    values: np.ndarray = field(default=None, repr=False)
    #: per deal, its weight (1, or how often the choice model drew it)
    weights: np.ndarray = field(default=None, repr=False)
    #: whether each action was still in the race when sampling stopped (False: it fell
    #: clearly behind the leader, and later deals were not solved for it)
    in_race: list[bool] = field(default_factory=list)
    #: the share of the consistent deals that were solved, for a finite-population
    #: correction when the deals were a sample without replacement of an enumerated set
    _fraction: float = field(default=0.0, repr=False)

    @property
    def best(self) -> Action:
        """The action of the highest expected value (engine order breaks ties)."""
        top = max(self.expected)
        return next(a for a, e in zip(self.actions, self.expected) if e == top)

    def index(self, action: Action | str) -> int:
        text = str(action)
        for i, a in enumerate(self.actions):
            if str(a) == text:
                return i
        raise ValueError(f"{text} is not among the evaluated actions")

    def gap(self, a: Action | str, b: Action | str) -> Estimate:
        """How much better ``a`` is than ``b`` (their paired mean difference), over the
        deals in which both were solved."""
        return _paired(self.values, self.weights, self.index(a), self.index(b), self._fraction, self.exact)

    def loss(self, action: Action | str) -> Estimate:
        """How much worse ``action`` is than the best action (0 for the best itself)."""
        return self.gap(self.best, action)

    def share_stderr(self, action: Action | str) -> float:
        """The standard error of an action's best share (over the deals in which every
        action was solved: see ``best_share``)."""
        if self.exact:
            return 0.0
        p = self.best_share[self.index(action)]
        n = _effective(self.weights[_complete_rows(self.values)])
        return math.sqrt(max(p * (1 - p), 0.0) / n) * math.sqrt(max(0.0, 1 - self._fraction)) if n else 0.0

    def to_dict(self) -> dict:
        # no timings: the same evaluation gives the same dict (the CLI adds them)
        return {"seat": self.seat, "deals": self.deals, "exact": self.exact, "stop": self.stop,
                "consistent": _json_count(self.consistent),
                "actions": [{"action": str(a), "expected": round(e, 4), "stderr": round(s, 4),
                             "best_share": round(p, 4)}
                            for a, e, s, p in zip(self.actions, self.expected, self.stderr, self.best_share)]}


def _json_count(n: int) -> int | str:
    # counts of a full stock's deals run to 30 digits: JSON readers lose them as numbers
    return n if n < 2 ** 53 else str(n)


def legal_actions_of(view: SeatView, rng: random.Random | None = None) -> list[Action]:
    """The legal actions of the seat to move, found on one consistent deal (they depend
    only on what the mover knows: its hand, the ends and the stock count)."""
    return inference.sample_deal(view, rng or random.Random(0)).legal_actions()


#: at most this many consistent deals are enumerated to be solved one by one (beyond it
#: they are sampled): enumerating and setting up a deal costs ~50 µs however small it is
EXACT_LIMIT = 6000

#: search speed assumed when turning the time left into a node limit (nodes per second);
#: deliberately low, so that a limit rarely cuts a search that would have fitted
NODES_PER_SECOND = 2_000_000


# ------------------------------------------------------------------ statistics
def _complete_rows(values: np.ndarray) -> np.ndarray:
    """The deals in which every action was solved (before any left the race)."""
    return ~np.isnan(values).any(axis=1)


def _effective(weights: np.ndarray) -> float:
    """Kish's effective number of deals: (sum w)^2 / sum w^2."""
    s = float(weights.sum())
    q = float((weights * weights).sum())
    return s * s / q if q > 0 else 0.0


def _paired(values: np.ndarray, weights: np.ndarray, i: int, j: int, fraction: float, exact: bool) -> Estimate:
    if i == j:
        n = int(np.count_nonzero(~np.isnan(values[:, i])))
        return Estimate(0.0, 0.0, n)
    d = values[:, i] - values[:, j]
    ok = ~np.isnan(d)
    d, w = d[ok], weights[ok]
    n = len(d)
    if n == 0:
        return Estimate(0.0, math.inf, 0)
    mean = float((d * w).sum() / w.sum())
    if exact or n == 1:
        return Estimate(mean, 0.0 if exact else math.inf, n)
    if n < ZERO_SPREAD_DEALS and fraction == 0.0 and not d.any():
        return Estimate(mean, math.inf, n)  # no difference seen yet: too few deals to say there is none
    return Estimate(mean, _stderr(d, w, mean, fraction), n)


def _stderr(x: np.ndarray, w: np.ndarray, mean: float, fraction: float) -> float:
    ne = _effective(w)
    if ne <= 1:
        return math.inf
    var = float((w * (x - mean) ** 2).sum() / w.sum()) * ne / (ne - 1)
    # a sample without replacement from an enumerated set is surer the more of it is seen
    return math.sqrt(var / ne * max(0.0, 1.0 - fraction))


# ------------------------------------------------------------------ deal sources
class _Deals:
    """Where the deals come from: every consistent deal once, or an endless stream of
    uniform deals, reweighted by the choice model when there is one."""

    def __init__(self, view: SeatView, rng: random.Random, model: ChoiceModel | None, oversample: int,
                 enumerate_all: bool, consistent: int) -> None:
        self.view, self.rng, self.model, self.oversample = view, rng, model, oversample
        self.steps = model.steps(view) if model is not None else []
        self.chunk = 48 if self.steps else 8  # the choice model resamples 48 of 4 x 48 at a time
        self.pool: list[tuple[object, float]] = []
        self.enumerated = enumerate_all
        if enumerate_all:
            pool = [(rnd, 1.0) for rnd in _every_deal(view, rng)]
            self.enumerated = len(pool) == consistent
            if self.steps:
                pool = _weighed(pool, [model.log_weight(self.steps, rnd) for rnd, _ in pool])
            self.pool = pool
        self.at = 0

    def next(self, chunk: int) -> tuple[object, float] | None:
        if self.enumerated:
            if self.at >= len(self.pool):
                return None
        elif self.at >= len(self.pool):
            self.pool, self.at = self._more(max(chunk, self.chunk)), 0
        item = self.pool[self.at]
        self.at += 1
        return item

    def _more(self, chunk: int) -> list[tuple[object, float]]:
        if not self.steps:
            return [(rnd, 1.0) for rnd in inference.sample_deals(self.view, self.rng, chunk)]
        candidates = inference.sample_deals(self.view, self.rng, self.oversample * chunk)
        return _resampled(candidates, [self.model.log_weight(self.steps, rnd) for rnd in candidates], chunk, self.rng)


def _every_deal(view: SeatView, rng: random.Random) -> list:
    """Every consistent deal once (``engine.inference.every_deal``), in a random order, so
    that a budget that runs out leaves a fair sample of them."""
    pool = list(inference.every_deal(view))
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


# ------------------------------------------------------------------ the evaluation
class _Rows:
    """The per-deal values (deals x actions) and weights, in arrays that grow by doubling:
    the statistics look at them every few deals."""

    def __init__(self, width: int) -> None:
        self._values = np.empty((64, width))
        self._weights = np.empty(64)
        self.n = 0

    def add(self, row: list[float], weight: float) -> None:
        if self.n == len(self._weights):
            self._values = np.concatenate([self._values, np.empty_like(self._values)])
            self._weights = np.concatenate([self._weights, np.empty_like(self._weights)])
        self._values[self.n] = row
        self._weights[self.n] = weight
        self.n += 1

    @property
    def values(self) -> np.ndarray:
        return self._values[:self.n]

    @property
    def weights(self) -> np.ndarray:
        return self._weights[:self.n]


def mirrored(view: SeatView) -> bool:
    """Whether t@R repeats t@L here (the same move in every deal): the ends are equal,
    unless All Fives counts a double at one end twice and not at the other (the rule of
    the solver's core, ``strategy._core.is_mirror``)."""
    if view.ends is None or view.ends[0] != view.ends[1]:
        return False
    rules = view.rules
    if rules is not None and rules.in_play_scoring == "fives" and rules.double_end_value == "both_halves":
        (a, b), (c, d) = view.line[0], view.line[-1]
        return (a == b) == (c == d)
    return True


def _mirror_of(actions: Sequence[Action], view: SeatView) -> list[int]:
    """For every action, the index of the action it repeats (itself, or t@L for t@R when
    :func:`mirrored`): mirror twins have the same value in every deal and race together."""
    out = list(range(len(actions)))
    if not mirrored(view):
        return out
    first = {}
    for i, a in enumerate(actions):
        if a.is_placement:
            first.setdefault(a.tile.id, i)
            out[i] = first[a.tile.id]
    return out


def _summary(view, actions, rows: _Rows, fraction, exact, consistent, started, stop, warmup,
             alive=None) -> Evaluation:
    values, w = rows.values, rows.weights
    m = len(actions)
    complete = [j for j in range(m) if not np.isnan(values[:, j]).any()]
    mass = w.sum()
    means = [float(np.nansum(values[:, j] * w) / mass) if j in complete else math.nan for j in range(m)]
    leader = max(complete, key=lambda j: (means[j], -j))
    lead_se = 0.0 if exact else _stderr(values[:, leader], w, means[leader], fraction)
    expected, stderr = [], []
    for j in range(m):
        if j in complete:
            expected.append(means[j])
            stderr.append(0.0 if exact else _stderr(values[:, j], w, means[j], fraction))
        else:  # left the race: the leader's mean minus the paired gap, surer than its own few deals
            g = _paired(values, w, leader, j, fraction, False)
            expected.append(means[leader] - g.mean)
            stderr.append(math.hypot(lead_se, g.stderr))
    full = _complete_rows(values)
    tops = values[full].max(axis=1)
    shares = [float(((values[full, j] == tops) * w[full]).sum() / w[full].sum()) for j in range(m)]
    return Evaluation(view.seat, rows.n, exact, list(actions), expected, shares, consistent,
                      time.perf_counter() - started, stderr, stop, warmup, values, w,
                      list(alive) if alive is not None else [True] * m, fraction)


def evaluate(view: SeatView, deals: int = 64, budget: float | None = 1.0, seed: int | None = None,
             min_deals: int = 1, exact_limit: int | None = None, rng: random.Random | None = None,
             model: ChoiceModel | None = None, oversample: int = 4, precision: float | None = None,
             keep: Iterable[Action | str] = (), settled: Callable[[Evaluation], bool] | None = None,
             check_every: int = 8, max_nodes: int | None = None, win_bonus: int = 0,
             race: bool = True, objective: str = "paranoid", settle_from: int = MIN_STAT_DEALS,
             cancel: threading.Event | None = None) -> Evaluation:
    """The values of the legal actions of ``view.seat`` (the seat to move), with their
    standard errors; see the module doc for when sampling stops.

    ``deals``: at most this many deals; ``budget``: seconds of wall time (None: no limit),
    checked between deals and, past ``min_deals``, turned into a node limit for the next
    solve; when no more than ``exact_limit`` (default: ``deals``, at most
    :data:`EXACT_LIMIT`) deals are consistent,
    every one of them is solved instead (in a random order, so a budget that runs out
    leaves a fair part of them).

    ``precision``: stop once every move in the race has its gap to the leader known to
    this standard error; ``settled``: stop once it returns True for the evaluation so
    far (tested every ``check_every`` deals, from ``settle_from`` on: a heavy-tailed gap,
    big in a few deals and nil in the rest, looks settled on too few of them); ``keep``:
    actions that never leave the race (the review's chosen move); ``max_nodes``: stop once
    the searches have visited this many nodes (``"nodes"``): a cap on the work that, unlike
    a time budget, does not depend on how busy the machine is; ``win_bonus``: value the
    round for the match (:func:`strategy.solver.solve`); ``race=False`` keeps every
    action in every deal (a proof of a best share wants them all); ``objective``: how the
    other players of a three- or four-player game are taken to play, "paranoid" (all
    against the mover) or "maxn" (each for itself), as in :func:`strategy.solver.solve`.
    ``cancel``: once set, stop after the deal being solved (``"cancelled"``; a hint worked
    out ahead that the player no longer needs).

    ``model``: weigh deals by how likely the other seats' earlier choices were in them
    (:class:`strategy.choice_model.ChoiceModel`): ``oversample`` times as many deals are
    drawn uniformly and resampled in proportion to their weight; each distinct deal is
    solved once and counts as often as it was drawn. With every consistent deal found,
    each weighs its likelihood.
    """
    if not isinstance(view, SeatView):
        raise TypeError("evaluate takes a SeatView (what one seat knows), not a Round")
    if view.turn != view.seat:
        raise ValueError(f"seat {view.seat} is not to move (seat {view.turn} is)")
    warmup = warm()  # loading the jitted core is not thinking time
    started = time.perf_counter()
    rng = rng or random.Random(seed)
    consistent = inference.count_deals(view)
    enumerate_all = consistent <= (min(deals, EXACT_LIMIT) if exact_limit is None else exact_limit)
    source = _Deals(view, rng, model, oversample, enumerate_all, consistent)
    exact = source.enumerated
    racing = (precision is not None or settled is not None) and not exact
    cap = len(source.pool) if exact else deals

    rows: _Rows | None = None
    actions: list[Action] | None = None
    twin: list[int] = []
    alive: list[bool] = []
    kept = {str(a) for a in keep}
    stop = "exact" if exact else "deals"
    chunk = min(max(check_every, 8), max(1, deals))
    nodes = 0
    while rows is None or rows.n < cap:
        if max_nodes is not None and nodes >= max_nodes:
            stop = "nodes"
            break
        if cancel is not None and cancel.is_set() and rows is not None:
            stop = "cancelled"
            break
        limit = 0
        if budget is not None and rows is not None and rows.n >= min_deals:
            left = budget - (time.perf_counter() - started)
            if left <= 0:
                stop = "budget"
                break
            limit = max(1000, int(left * NODES_PER_SECOND))
        item = source.next(chunk)
        if item is None:
            break
        rnd, weight = item
        only = None
        if actions is not None and not all(alive):
            only = [actions[j].id for j in range(len(actions)) if alive[j] and twin[j] == j]
        try:
            sol = solve(rnd, node_limit=limit, only=only, win_bonus=win_bonus, objective=objective)
        except NodeLimit:
            stop = "budget"  # this deal would not fit in the budget: stop with the deals done
            break
        nodes += sol.nodes
        if actions is None:
            actions = sol.actions
            twin = _mirror_of(actions, view)
            alive = [True] * len(actions)
            rows = _Rows(len(actions))
        row = [math.nan if v is None else float(v) for v in sol.values]
        for j, t in enumerate(twin):
            if t != j:
                row[j] = row[t]
        rows.add(row, weight)
        n = rows.n
        if racing and n >= MIN_STAT_DEALS and n % check_every == 0:
            ev = _summary(view, actions, rows, 0.0, False, consistent, started, "", warmup)
            if settled is not None and n >= settle_from and settled(ev):
                stop = "settled"
                break
            lead = actions.index(ev.best)
            gaps = [ev.gap(actions[lead], a) for a in actions]
            for j, g in enumerate(gaps):  # clearly behind the leader: out of the race
                if race and alive[j] and j != lead and str(actions[j]) not in kept and g.mean - RACE_Z * g.stderr > 0:
                    alive[j] = False
            if precision is not None and all(g.stderr <= precision for j, g in enumerate(gaps) if alive[j]):
                stop = "precision"
                break
    if rows is None:  # the budget ran out before the first deal: solve one, whatever it costs
        rnd, weight = source.next(1)
        sol = solve(rnd, win_bonus=win_bonus, objective=objective)
        actions, rows = sol.actions, _Rows(len(sol.actions))
        rows.add([float(v) for v in sol.values], weight)
        stop = "budget"
    exact = exact and rows.n == len(source.pool)
    if exact:
        stop = "exact"
    fraction = rows.n / consistent if source.enumerated and not exact else 0.0
    return _summary(view, actions, rows, fraction, exact, consistent, started, stop, warmup, alive or None)
