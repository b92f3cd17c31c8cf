"""The proof that a player's move was a mistake, before it becomes their personal puzzle.

A personal puzzle asks "You played X here. Find a better move". Before it is served, this
module proves that claim from the player's view alone, to the standard of the best-move
puzzles (puzzles/generators/best_move_proof.py):

* the evaluation (:func:`strategy.evaluate.evaluate`, no time budget, every move solved
  in every deal) covers every consistent deal (``exact``), or at least :data:`MIN_DEALS`
  of them;
* the **answers** are every move whose expected loss against the best is under
  :data:`strategy.review.TOLERANCE` (0.5 points): any of them is right;
* the move played is not one of them, and every answer beats it clearly: the lower 95%
  bound of each answer's paired gap over the played move is above 0 (``margin_low``).

Otherwise there is no proof (None) and no puzzle. The deals are drawn from a seed taken
from the position (:func:`strategy.evaluate.position_seed`), and the work is capped by
deals and solver nodes, never by the clock: the same position gives the same proof on any
machine and load. A job that is cancelled (:data:`jobs.CANCEL`) stops after its current
deal, and an evaluation cut short proves nothing.

"""

from __future__ import annotations

from dataclasses import dataclass, field

import jobs
from engine import SeatView

from .evaluate import Z95, evaluate, position_seed, seed_number
from .review import TOLERANCE, canonical_key, mirror_free

#: At least this many consistent deals are solved, unless every one of them is.
MIN_DEALS = 1024
#: Positions with at most this many consistent deals are solved on every one.
EXACT_LIMIT = 2048
#: The cap on the search (solver nodes, about 15 s of one core here): a proof that needs more is refused
#: (40 M left a Goat mistake at 884 deals of the 1,024: bench/personal_puzzles.py).
MAX_NODES = 80_000_000


@dataclass(frozen=True)
class Proof:
    """What the evaluation proved about ``played``."""

    played: str                 # the evaluated action the move is (``t@L`` for a mirrored ``t@R``)
    best: str
    answers: tuple[str, ...]    # every move within TOLERANCE of the best, best first
    values: dict = field(default_factory=dict)  # str(action) -> expected points from the seat's view
    margin_low: float = 0.0     # min over answers of the lower 95% bound of (answer - played)
    loss: float = 0.0           # the played move's expected loss against the best
    deals: int = 0
    exact: bool = False
    consistent: int = 0
    seed: int = 0
    stop: str = ""


def recheck_seed(seed: int) -> int:
    """Another seed, independent of ``seed``, for re-evaluating a proof (the benchmark)."""
    return seed_number(f"recheck:{seed}")


def evaluation(view: SeatView, played: str, *, seed: int, deals: int = MIN_DEALS, exact_limit: int = EXACT_LIMIT,
               max_nodes: int | None = MAX_NODES, cancel=jobs.CANCEL):
    """The proof's evaluation of ``view``: every move in every deal (no race), seeded."""
    return evaluate(view, deals=deals, budget=None, seed=seed, exact_limit=exact_limit, race=False,
                    keep=[mirror_free(view, played)], max_nodes=max_nodes, cancel=cancel)


def figures(view: SeatView, played: str, ev, *, min_deals: int = MIN_DEALS) -> Proof | None:
    """The proof an evaluation gives about ``played``, or None when it proves nothing."""
    if not (ev.exact or ev.deals >= min_deals) or ev.stop in ("cancelled", "nodes", "budget"):
        return None
    mine = canonical_key(view, played, ev)
    values = {str(a): float(e) for a, e in zip(ev.actions, ev.expected)}
    best = str(ev.best)
    top = values[best]
    answers = tuple(sorted((a for a, v in values.items() if top - v < TOLERANCE), key=lambda a: -values[a]))
    if mine in answers:
        return None
    margin_low = min(ev.gap(a, mine).interval(Z95)[0] for a in answers)
    if not margin_low > 0:
        return None
    return Proof(mine, best, answers, values, float(margin_low), top - values[mine], ev.deals, ev.exact,
                 int(ev.consistent), 0, ev.stop)


def prove(view: SeatView, played: str, *, seed: int | None = None, deals: int = MIN_DEALS,
          max_nodes: int | None = MAX_NODES, cancel=jobs.CANCEL) -> Proof | None:
    """The proof that ``played`` (``str(Action)``) was not one of the good moves at ``view``,
    or None. ``seed``: by default :func:`strategy.evaluate.position_seed` of the view."""
    if view.turn != view.seat:
        raise ValueError(f"seat {view.seat} is not to move")
    seed = position_seed(view) if seed is None else seed
    ev = evaluation(view, played, seed=seed, deals=deals, max_nodes=max_nodes, cancel=cancel)
    found = figures(view, played, ev, min_deals=deals)
    if found is None:
        return None
    return Proof(**{**found.__dict__, "seed": seed})


__all__ = ["EXACT_LIMIT", "MAX_NODES", "MIN_DEALS", "Proof", "evaluation", "figures", "prove", "recheck_seed"]
