"""How likely the other seats' earlier choices were in a sampled deal.

A uniform prior over consistent deals ignores what a choice says: a player who had 6-6
and 6-3 on a 6 end and played 6-1 probably did not have them. :class:`ChoiceModel`
reads each earlier placement by a seat other than the viewer as a choice among the tiles
that seat could have placed *in that deal*, made with probability proportional to
``exp(beta * (pips + double_bonus * is_double) + keeps * k + long * l)`` (players shed
heavy tiles and doubles first; ``k`` is how many of the seat's other tiles would still fit
an open end after the play, ``l`` how many match the end the tile opens, the better
placement of the tile counted); a deal's weight is the product over those choices. Leads, forced moves, draws
and passes carry no weight (the inference already explains them).

The weight is a likelihood, not a rule: with ``beta = 0`` every deal weighs the same.
It is computed from bitmasks (no replay): a seat's hand before history step ``i`` is its
hand now, plus the tiles it placed from step ``i`` on, minus the tiles it drew from
step ``i`` on.

>>> from engine import Rules, deal
>>> r = deal(Rules.preset("laplaza_partners"), seed=3)
>>> ChoiceModel().log_weight(ChoiceModel().steps(r.view(r.turn)), r)
0.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from engine import SeatView
from engine.actions import DRAW_ID, PLACE
from engine.tiles import DOUBLE_MASK, HIGH, LOW, NUM_TILES, PIPS, SUIT_MASK, ids_in

__all__ = ["ChoiceModel", "Choices", "Step", "fit", "fit_theta", "keeps_long", "log_likelihood", "option_features"]


@dataclass(frozen=True)
class Step:
    """One earlier choice: ``seat`` placed ``tile`` on ``ends`` at history index ``index``;
    ``later_placed`` is the mask of the tiles that seat placed from this step on."""
    index: int
    seat: int
    fits: int
    tile: int
    later_placed: int
    ends: tuple[int, int] = (0, 0)


def keeps_long(hand: int, tile: int, left: int, right: int) -> tuple[int, int]:
    """How many of ``hand``'s other tiles would still fit an open end after ``tile`` is
    placed on ``left`` / ``right``, and how many match the end it opens, for its better
    placement (more kept first). (-1, -1) if it fits neither end."""
    rest = hand & ~(1 << tile)
    best = (-1, -1)
    if SUIT_MASK[left] >> tile & 1:
        opens = LOW[tile] + HIGH[tile] - left
        best = ((rest & (SUIT_MASK[opens] | SUIT_MASK[right])).bit_count(), (rest & SUIT_MASK[opens]).bit_count())
    if right != left and SUIT_MASK[right] >> tile & 1:
        opens = LOW[tile] + HIGH[tile] - right
        best = max(best, ((rest & (SUIT_MASK[opens] | SUIT_MASK[left])).bit_count(),
                          (rest & SUIT_MASK[opens]).bit_count()))
    return best


def option_features(hand: int, ends: tuple[int, int]) -> tuple[list[int], list[tuple[float, ...]]]:
    """The tiles of ``hand`` that fit ``ends`` and, for each, the model's features
    (:attr:`ChoiceModel.FEATURES`)."""
    left, right = ends
    tiles, rows = [], []
    for t in ids_in(hand & (SUIT_MASK[left] | SUIT_MASK[right])):
        keeps, long = keeps_long(hand, t, left, right)
        tiles.append(t)
        rows.append((float(PIPS[t]), float(DOUBLE_MASK >> t & 1), float(keeps), float(long)))
    return tiles, rows


@dataclass(frozen=True)
class ChoiceModel:
    beta: float = 0.35
    double_bonus: float = 2.0
    keeps: float = 0.0
    long: float = 0.0

    FEATURES = ("pips", "double", "keeps", "long")

    @property
    def theta(self) -> tuple[float, ...]:
        """The weight of each of :attr:`FEATURES` in a choice's utility."""
        return (self.beta, self.beta * self.double_bonus, self.keeps, self.long)

    def utility(self, tile: int) -> float:
        return self._utilities[tile]

    @cached_property
    def _utilities(self) -> tuple[float, ...]:
        # once per model: log_weight reads it for every tile of every choice of every deal
        return tuple(self.beta * (PIPS[t] + (self.double_bonus if DOUBLE_MASK >> t & 1 else 0.0))
                     for t in range(NUM_TILES))

    def steps(self, view: SeatView) -> list[Step]:
        """The placements in ``view``'s public history that were another seat's choice."""
        out = []
        placed_later: dict[int, int] = {}
        for i in range(len(view.history) - 1, -1, -1):
            seat, action, ends = view.history[i]
            if action.kind != PLACE or seat == view.seat:
                continue
            placed_later[seat] = placed_later.get(seat, 0) | 1 << action.tile.id
            left, right = ends
            out.append(Step(i, seat, SUIT_MASK[left] | SUIT_MASK[right], action.tile.id, placed_later[seat],
                            (left, right)))
        out.reverse()
        return out

    def log_weight(self, steps: list[Step], rnd) -> float:
        """The log-likelihood of the choices in ``steps`` under the deal ``rnd`` (a Round
        at the view's position, as ``engine.inference.sample_deals`` returns it)."""
        if not steps or not any(self.theta):
            return 0.0
        by_hand = self.keeps != 0 or self.long != 0
        base = self._utilities  # pips and double: the same whatever the rest of the hand
        history = rnd.history
        drawn_later: dict[int, int] = {}
        at = len(history)
        total = 0.0
        for step in reversed(steps):  # walk back, collecting each seat's later draws
            while at > step.index:
                at -= 1
                seat, aid, drawn = history[at]
                if aid == DRAW_ID:
                    drawn_later[seat] = drawn_later.get(seat, 0) | 1 << drawn
            hand = (rnd.hands[step.seat] | step.later_placed) & ~drawn_later.get(step.seat, 0)
            options = hand & step.fits
            if options & (options - 1) == 0:
                continue  # one tile fitted: no choice
            if by_hand:  # the utilities depend on the rest of the hand
                left, right = step.ends
                utilities, chosen = [], 0.0
                for t in ids_in(options):
                    kept, long = keeps_long(hand, t, left, right)
                    u = base[t] + self.keeps * kept + self.long * long
                    utilities.append(u)
                    if t == step.tile:
                        chosen = u
            else:
                utilities = [self.utility(t) for t in ids_in(options)]
                chosen = self.utility(step.tile)
            top = max(utilities)
            norm = sum(math.exp(u - top) for u in utilities)
            total += chosen - top - math.log(norm)
        return total


class Choices:
    """Observed choices as one design matrix: ``(hand, ends, tile)`` each, a seat holding
    ``hand`` placed ``tile`` on ``ends``. The rows of every tile that fitted, stacked, with
    where each choice's rows start and which row was chosen."""

    def __init__(self, choices):
        groups = []
        for hand, ends, tile in choices:
            tiles, features = option_features(hand, tuple(ends))
            if tile not in tiles:
                raise ValueError(f"tile {tile} does not fit {tuple(ends)} from that hand")
            groups.append((features, tiles.index(tile)))
        self._stack(groups, len(ChoiceModel.FEATURES))

    @classmethod
    def from_groups(cls, groups, width: int) -> "Choices":
        """Choices given as ``(rows, chosen)`` each: the feature rows of every option and
        which one was taken (any features, e.g. strategy.play_model's)."""
        data = cls.__new__(cls)
        data._stack(list(groups), width)
        return data

    def _stack(self, groups, width: int) -> None:
        rows, starts, chosen = [], [], []
        for features, index in groups:
            starts.append(len(rows))
            chosen.append(len(rows) + index)
            rows.extend(features)
        self.x = np.array(rows, dtype=float).reshape(-1, width)
        self.starts = np.array(starts, dtype=int)
        self.chosen = np.array(chosen, dtype=int)
        self.group = np.repeat(np.arange(len(starts)), np.diff(np.append(self.starts, len(rows))))

    def __len__(self) -> int:
        return len(self.starts)

    def evaluate(self, theta) -> tuple[float, np.ndarray, np.ndarray]:
        """The log-likelihood under ``theta``, its gradient and its Hessian."""
        u = self.x @ np.asarray(theta, dtype=float)
        u -= np.maximum.reduceat(u, self.starts)[self.group]  # stable softmax per choice
        e = np.exp(u)
        p = e / np.add.reduceat(e, self.starts)[self.group]
        value = float(np.log(p[self.chosen]).sum())
        mean = np.add.reduceat(p[:, None] * self.x, self.starts)  # E[x] per choice
        grad = self.x[self.chosen].sum(axis=0) - mean.sum(axis=0)
        second = (p[:, None, None] * self.x[:, :, None] * self.x[:, None, :]).sum(axis=0)
        hess = -(second - mean.T @ mean)
        return value, grad, hess


def log_likelihood(theta, choices) -> tuple[float, np.ndarray]:
    """The total log-likelihood of ``choices`` (``(hand, ends, tile)`` or :class:`Choices`)
    under the weights ``theta`` (:attr:`ChoiceModel.theta`), and its gradient."""
    data = choices if isinstance(choices, Choices) else Choices(choices)
    value, grad, _ = data.evaluate(theta)
    return value, grad


def fit(choices, start: ChoiceModel | None = None, steps: int = 50) -> ChoiceModel:
    """The model that makes ``choices`` most likely (:func:`fit_theta`)."""
    data = choices if isinstance(choices, Choices) else Choices(choices)
    beta, double, keeps, long = map(float, fit_theta(data, (start or ChoiceModel()).theta, steps))
    return ChoiceModel(beta=beta, double_bonus=double / beta if beta else 0.0, keeps=keeps, long=long)


def fit_theta(data: Choices, start, steps: int = 50, ridge: float = 0.0) -> np.ndarray:
    """The weights that make ``data`` most likely: Newton's method, the step halved until
    it helps (the log-likelihood is concave in the weights). ``ridge`` > 0 takes
    ``ridge / 2 * |theta|^2`` off the log-likelihood: a feature seldom seen (a rare fact
    of the table) cannot run off to a huge weight on a few choices."""
    theta = np.array(start, dtype=float)

    def evaluate(t):
        value, grad, hess = data.evaluate(t)
        return (value - ridge / 2 * float(t @ t), grad - ridge * t, hess - ridge * np.eye(len(t)))

    value, grad, hess = evaluate(theta)
    for _ in range(steps):
        step = np.linalg.lstsq(-hess, grad, rcond=None)[0]
        scale = 1.0
        while scale > 1e-6:
            trial = theta + scale * step
            v, g, h = evaluate(trial)
            if v >= value:
                break
            scale /= 2
        else:
            break
        done = v - value < 1e-10
        theta, value, grad, hess = trial, v, g, h
        if done:
            break
    return theta
