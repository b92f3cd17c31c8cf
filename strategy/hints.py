"""A hint: the recommended move, the expected points of every legal move, and the facts
behind it — all from the seat's own view.

The facts are codes with JSON-able params, worded by the UI in the player's language:

* ``("void", {"seat": s, "number": n, "why": code})``: seat ``s`` holds no ``n``
  (``why`` is a :meth:`engine.SeatView.cannot_hold_reasons` code: ``void`` after a pass
  or draw, ``all_seen``, ``elimination``). Only numbers that matter to the choice: the
  numbers the recommended move leaves open, or the ones the other moves would. An
  ``all_seen`` fact holds for every other seat at once, so it is given once, for the
  first of them.
* ``("count", {"number": n, "unseen": k})``: only ``k`` tiles showing ``n`` are still
  hidden from you (said when ``k`` is at most 2 and ``n`` is an end after a move).
* ``("share", {"action": a, "share": p, "deals": d})``: the move was best in a share
  ``p`` of the ``d`` deals that fit what you have seen.
* ``("exact", {"deals": d})``: every one of the ``d`` deals that fit was played out.
* ``("margin", {"action": a, "other": b, "points": x, "pm": y})``: the move is worth about
  ``x ± y`` points (95%) more than the next best ``b``; ``("tie", {...})`` the same
  when the two cannot be told apart (``x - y <= 0``). The gap is paired: both moves are
  played out on the same deals, so its range is narrower than the two moves' own ranges.

:attr:`Hint.certainty` says which one sentence fits these figures (exact, a first guess
on too few deals, clearly better, too close to call).

The evaluation goes on until the gap between the recommended move and each move still
in contention is known to :data:`HINT_PRECISION` points (one standard error), or every
consistent deal is solved, or :data:`HINT_NODES` nodes are searched: the figures then
say how sure they are.
Those are caps on work alone: no clock stops a hint (unless a caller passes a ``budget``,
as ``python -m strategy hint --budget`` may), so a hint seeded from its position
(:func:`strategy.evaluate.position_seed`) has the same figures on a quiet machine and a
busy one; on a busy one it arrives later, as a job the page waits for (:mod:`jobs`).

>>> from engine import Round, Rules
>>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
...     "5-6 1-1 1-2 1-3 1-6 1-5 0-6", "2-2 2-3 2-4 3-3 3-4 4-4 1-4", "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
>>> for a in ["lead 6-6", "5-6@R", "pass", "2-6@L"]:
...     r.apply(a)
>>> h = hint(r.view(0), deals=8, budget=None, seed=1)
>>> h.best in [str(a) for a in h.evaluation.actions], h.facts[0][0]
(True, 'share')
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from engine import Action, SeatView
from engine.knowledge import ends_after

from .evaluate import Z95, Evaluation, evaluate, mirrored

#: A hint's goal (docs/strategy.md): each compared gap to this standard error (points),
#: from at most this many deals and this much search (nodes: about a second of one core).
#: A cap on work, so that asking twice gives the same figures, on any load. There is no
#: wall-time guard any more (``HINT_BUDGET`` None): under load 8 of 22 first hints fell to
#: 4-29 deals under the old 2 s guard (issue 44); a hint now arrives later instead.
HINT_PRECISION, HINT_DEALS, HINT_NODES, HINT_BUDGET = 0.5, 20_000, 6_000_000, None
#: "Look deeper": five times the work (about five seconds of a core), for a hint whose close
#: moves the first second could not tell apart (early in a round, or with a full stock).
#: The same seed draws the same deals first, so the deeper hint refines the first one.
DEEP_NODES, DEEP_BUDGET = 5 * HINT_NODES, None
#: The last stage of a hint worked out while the player thinks (strategy/hint_ahead.py):
#: four times the deeper hint (about eight seconds of a core), for the first decisions of a
#: Partners round, where the deeper hint still leaves about a point either way.
THOROUGH_NODES = 4 * DEEP_NODES
#: A sampled hint on fewer deals than this is a first guess, not drawn like a sure one
#: (docs/play.md): below 32 deals the sample's own spread is too rough to build a 95% range
#: on (Student's t for 4 deals is 3.2, not 1.96: a "± 19" there is really ± 31), and the
#: walks review of 2026-12-05 saw 8 of 22 first hints under load rest on 4 to 29 deals,
#: whose recommendation the deeper look then changed in 2 of 19 cases.
TRUSTED_DEALS = 32


@dataclass(frozen=True)
class Hint:
    evaluation: Evaluation
    best: str
    facts: tuple[tuple[str, dict[str, Any]], ...]
    #: searched with more than the ordinary caps (:data:`DEEP_NODES` or more)
    deep: bool = False
    #: the thorough stage of a hint worked out ahead (:data:`THOROUGH_NODES`)
    thorough: bool = False

    @property
    def told_apart(self) -> bool:
        """Every close move is told apart (the precision was reached) or every deal solved."""
        return self.evaluation.exact or self.evaluation.stop in ("precision", "settled")

    @property
    def trusted(self) -> bool:
        """Every deal was solved, or the sample has at least :data:`TRUSTED_DEALS` deals."""
        return self.evaluation.exact or self.evaluation.deals >= TRUSTED_DEALS

    @property
    def certainty(self) -> str:
        """How sure the recommendation is, in one word for the one sentence that says it:
        ``exact`` (every deal solved), ``few`` (a sample under :data:`TRUSTED_DEALS`),
        ``clear`` (the paired margin's 95% range over the next best move excludes 0),
        ``close`` (it does not), ``alone`` (no other move to compare with)."""
        if self.evaluation.exact:
            return "exact"
        if not self.trusted:
            return "few"
        codes = [code for code, _ in self.facts if code in ("margin", "tie")]
        if not codes:
            return "alone"
        return "clear" if codes[0] == "margin" else "close"

    @property
    def could_go_deeper(self) -> bool:
        """Looking deeper could still tell close moves apart: not every deal was solved,
        the precision was not reached, and it has not looked deeper yet."""
        return not self.deep and not self.told_apart

    def to_dict(self) -> dict[str, Any]:
        return {"best": self.best, "facts": [list(f) for f in self.facts], **self.evaluation.to_dict()}


def hint(view: SeatView, *, deals: int = HINT_DEALS, budget: float | None = HINT_BUDGET,
         seed: int | None = None, precision: float | None = HINT_PRECISION,
         max_nodes: int | None = None, deep: bool = False, cancel: threading.Event | None = None) -> Hint:
    """What a strong player would do from ``view`` (the seat to move), and why; ``deep``:
    with the deeper cap (:data:`DEEP_NODES` unless ``max_nodes`` says more) instead of the
    ordinary one (:data:`HINT_NODES`); ``budget``: seconds of wall time, only when a caller
    asks for one (None, the default: work caps alone); ``cancel``: stop early once set (the
    evaluation then says ``"cancelled"``)."""
    if max_nodes is None:
        max_nodes = DEEP_NODES if deep else HINT_NODES
    found = evaluate(view, deals=deals, budget=budget, seed=seed, precision=precision, max_nodes=max_nodes,
                     cancel=cancel)
    best = found.best
    share = found.best_share[found.actions.index(best)]
    facts: list[tuple[str, dict[str, Any]]] = [
        ("exact", {"deals": found.deals}) if found.exact else
        ("share", {"action": str(best), "share": round(share, 2), "deals": found.deals})]
    facts += _margin(found, view)
    facts += _table_facts(view, best, found.actions)
    return Hint(found, str(best), tuple(facts), deep)


def _margin(found: Evaluation, view: SeatView) -> list[tuple[str, dict[str, Any]]]:
    """How far ahead the recommended move is of the next best distinct move."""
    best = found.best
    twins = mirrored(view)
    rivals = [a for a in found.actions if a is not best and not (twins and a.is_placement and a.tile is best.tile)]
    if not rivals:
        return []
    runner = max(rivals, key=lambda a: found.expected[found.index(a)])
    gap = found.gap(best, runner)
    pm = Z95 * gap.stderr
    code = "tie" if gap.mean - pm <= 0 else "margin"
    return [(code, {"action": str(best), "other": str(runner), "points": round(gap.mean, 1),
                    "pm": round(pm, 1) if pm < float("inf") else None})]


def _table_facts(view: SeatView, best: Action, actions: list[Action]) -> list[tuple[str, dict[str, Any]]]:
    """The voids and near-exhausted numbers that tell the moves apart."""
    mine = set(ends_after(view.ends, best) or ())
    others = {n for a in actions if a is not best for n in ends_after(view.ends, a) or ()}
    relevant = sorted(mine | others)
    facts: list[tuple[str, dict[str, Any]]] = []
    voids = view.cannot_hold()
    all_seen: set[int] = set()
    for seat in _seats_after(view):
        reasons = view.cannot_hold_reasons(seat)
        for number in relevant:
            if number in voids.get(seat, ()):
                why = reasons[number][0]
                if why == "all_seen":  # true of every other seat at once: said once, for the first
                    if number in all_seen:
                        continue
                    all_seen.add(number)
                facts.append(("void", {"seat": seat, "number": number, "why": why}))
    for number in sorted(mine):
        unseen = view.unseen_count(number)
        if unseen <= 2:
            facts.append(("count", {"number": number, "unseen": unseen}))
    return facts[:4]  # a hint says the few facts that matter, not everything known


def _seats_after(view: SeatView) -> list[int]:
    """The other seats in the order they play after this one."""
    n = view.num_players
    return [(view.seat + k) % n for k in range(1, n)]


__all__ = ["DEEP_BUDGET", "DEEP_NODES", "HINT_BUDGET", "HINT_DEALS", "HINT_NODES", "HINT_PRECISION", "THOROUGH_NODES", "TRUSTED_DEALS",
           "Hint", "hint"]
