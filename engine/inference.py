"""Exact inference over the hidden tiles, from one seat's view (rules C-10, C-11, C-13,
A-28, A-34): the public entry point (docs/inference.md).

Every question about the hidden tiles is a count over the deals consistent with a
:class:`~engine.knowledge.SeatView`, each equally likely under the uniform prior. The
model lives on the floors below, which know views and plain deals but no Round:

* ``engine.evidence``: what the public record proves about each other seat,
* ``engine.deal_model``: the bins, classes and groups, the exact counts, a uniform
  sampler and an enumerator of the consistent deals,
* ``engine.holdings``: who may hold each tile (probabilities, impossible numbers, why).

This module adds the one thing that needs the engine's rounds: a deal handed back as a
:class:`~engine.round.Round` at the view's position (``round.view(view.seat) == view``),
from :func:`sample_deals` or :func:`every_deal`.

>>> from engine import Round, Rules
>>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
...     "5-6 1-1 1-2 1-3 1-6 1-5 0-6", "2-2 2-3 2-4 3-3 3-4 4-4 1-4", "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
>>> for a in ["lead 6-6", "5-6@R", "pass"]:
...     r.apply(a)
>>> p = holder_probabilities(r.view(0))
>>> p[Tile(5, 5)]                     # seat 2 passed on 6|5: seats 1 and 3 share it, 6 : 7
{1: Fraction(6, 13), 3: Fraction(7, 13)}
>>> count_deals(r.view(0)) == count_deals(r.view(0))
True
"""

from __future__ import annotations

import random
from typing import Iterator

# The floors below are re-exported from here: engine.inference stays the one
# place callers import inference from (bench/inference_speed.py clears _model_of).
from .deal_model import SLEEPING, STOCK, Deal, Holder, _model_of, count_deals, model  # noqa: F401
from .errors import PositionError
from .evidence import Events, seat_events, void_numbers  # noqa: F401
from .holdings import holder_probabilities, impossible_numbers, possible_tiles, reasons  # noqa: F401
from .knowledge import SeatView
from .round import Round
from .tiles import Tile  # noqa: F401  (the examples above use it)


def sample_deal(view: SeatView, rng: random.Random) -> Round:
    """One consistent deal, exactly uniformly at random, as a Round at the current
    position: every hand and the stock filled in and the public history replayed, so
    ``round.view(view.seat) == view``."""
    return sample_deals(view, rng, 1)[0]


def sample_deals(view: SeatView, rng: random.Random, k: int) -> list[Round]:
    """``k`` independent uniform consistent deals (the model is built once)."""
    m = model(view)
    if m.total() == 0:
        raise PositionError("bad_position", detail="no deal is consistent with this view")
    return [_round_at(view, m.sample_deal(rng)) for _ in range(k)]


def deals_at_random(view: SeatView, rng: random.Random) -> Iterator[Round]:
    """Consistent deals drawn uniformly, one at a time, for as long as they are asked for
    (a search for one with some further property stops early); none for an impossible view."""
    m = model(view)
    if m.total() == 0:
        return
    while True:
        yield _round_at(view, m.sample_deal(rng))


def every_deal(view: SeatView) -> Iterator[Round]:
    """Every deal consistent with ``view`` exactly once, each as a Round at the view's
    position (as :func:`sample_deals` returns them), in a fixed order: the same view
    always gives the same sequence. There are :func:`count_deals` of them, so this is
    for late positions (a few thousand deals); an impossible view yields none.

    Two deals differ when a start hand, the stock order (every position, the tiles drawn
    since included) or the sleeping set differs. Lazy: each deal is built and replayed
    when it is asked for.

    >>> from engine import Rules, deal
    >>> r = deal(Rules.preset("laplaza_1v1"), seed=4)
    >>> while count_deals(r.view(0)) > 50:
    ...     r.apply(r.legal_actions()[0])
    >>> deals = list(every_deal(r.view(0)))
    >>> len(deals), count_deals(r.view(0)), all(d.view(0) == r.view(0) for d in deals)
    (30, 30, True)
    >>> any(d.hands == r.hands and d.stock_ids == r.stock_ids and d.history == r.history for d in deals)
    True
    """
    for deal in model(view).every_deal():
        yield _round_at(view, deal)


def _round_at(view: SeatView, deal: Deal) -> Round:
    """The deal dealt as the view's round was (the snapshot base restored when there is
    one) and the public history replayed on it."""
    hands, stock, sleeping = deal
    forced = view.forced_lead.id if view.forced_lead is not None else -1
    rnd = Round(view.rules, hands, stock, sleeping, view.leader, view.round_number,
                view.score if view.score else None, forced, dict((s, t.id) for s, t in view.lot) or None)
    if view.start_line or view.from_snapshot:
        rnd.from_snapshot = view.from_snapshot
        rnd.line.extend(view.start_line)
        if view.start_line:
            rnd.left, rnd.right = view.start_line[0][0], view.start_line[-1][1]
        rnd.last_placer = rnd._base_placer = view.start_last_placer
        if view.start_round_points:
            rnd.round_points = list(view.start_round_points)
        rnd.turn = view.history[0][0] if view.history else view.turn
    for _, action, _ in view.history:
        rnd.apply_id(action.id)
    return rnd


__all__ = [
    "STOCK", "SLEEPING", "count_deals", "deals_at_random", "every_deal", "holder_probabilities", "impossible_numbers",
    "possible_tiles", "reasons", "sample_deal", "sample_deals", "seat_events", "void_numbers",
]
