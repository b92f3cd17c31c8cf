"""How likely the other seats' earlier choices were in a sampled deal.

A uniform prior over consistent deals ignores what a choice says: a player who had 6-6
and 6-3 on a 6 end and played 6-1 probably did not have them. :class:`ChoiceModel`
reads each earlier placement by a seat other than the viewer as a choice among the tiles
that seat could have placed *in that deal*, made with probability proportional to
``exp(beta * (pips + double_bonus * is_double))`` (players shed heavy tiles and doubles
first); a deal's weight is the product over those choices. Leads, forced moves, draws
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

from engine import SeatView
from engine.actions import DRAW_ID, PLACE
from engine.tiles import DOUBLE_MASK, NUM_TILES, PIPS, SUIT_MASK, ids_in

__all__ = ["ChoiceModel", "Step"]


@dataclass(frozen=True)
class Step:
    """One earlier choice: ``seat`` placed ``tile`` on ``ends`` at history index ``index``;
    ``later_placed`` is the mask of the tiles that seat placed from this step on."""
    index: int
    seat: int
    fits: int
    tile: int
    later_placed: int


@dataclass(frozen=True)
class ChoiceModel:
    beta: float = 0.35
    double_bonus: float = 2.0

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
            out.append(Step(i, seat, SUIT_MASK[left] | SUIT_MASK[right], action.tile.id, placed_later[seat]))
        out.reverse()
        return out

    def log_weight(self, steps: list[Step], rnd) -> float:
        """The log-likelihood of the choices in ``steps`` under the deal ``rnd`` (a Round
        at the view's position, as ``engine.inference.sample_deals`` returns it)."""
        if not steps or self.beta == 0:
            return 0.0
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
            utilities = [self.utility(t) for t in ids_in(options)]
            top = max(utilities)
            norm = sum(math.exp(u - top) for u in utilities)
            total += self.utility(step.tile) - top - math.log(norm)
        return total
