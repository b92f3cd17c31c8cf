"""The best-move claim, and its proof by the strategy engine.

A best-move puzzle claims (docs/puzzles.md): from your view, the answer's expected value
beats every other distinct move's by at least :data:`MARGIN` points, and the answer is
among the best moves in at least :data:`SHARE` of the deals that fit what you have seen.
A position is kept only when the claim is *proved*:

* every consistent deal was solved (``exact``) and the figures meet the claim, or
* at least :data:`CONFIRM_DEALS` deals were sampled and the claim holds at the bottom of
  the 95 % interval: every gap's lower bound (mean − 1.96 standard errors, paired over
  the same deals) is at least :data:`MARGIN`, and so is the share's lower bound of
  :data:`SHARE`.

Proving takes two evaluations. The *screen* (:data:`SCREEN_DEALS` deals) drops, cheaply,
the positions whose estimates miss the claim. The *confirmation* then evaluates again,
with an independent seed: the screen keeps the positions its own sample flattered (the
winner's curse), so its deals must not be counted twice. Positions with at most
:data:`EXACT_LIMIT` consistent deals are solved on every deal instead. A confirmation
that is plainly hopeless stops early (:func:`_hopeless`): that only ever rejects.

With no time budget an evaluation depends on its seed only, so a proof is reproduced
exactly from the seed stored with it.
"""

from __future__ import annotations

import hashlib
from typing import Any

from engine import Round

from ..questions import canonical

#: The answer's expected value beats every other distinct move's by at least this many points.
MARGIN = 4.0
#: ... and it is among the best moves in at least this share of the deals.
SHARE = 0.6
#: Deals of the cheap screen (every consistent deal when there are no more).
SCREEN_DEALS = 64
#: Deals sampled by the confirmation, at least (the claim's evidence).
CONFIRM_DEALS = 1000
#: Positions with at most this many consistent deals are solved on every one of them.
EXACT_LIMIT = 2500
#: A confirmation stops early when the claim is this many standard errors out of reach.
HOPELESS_Z = 4.0


def mix(*parts: Any) -> int:
    """A seed from strings: the first 48 bits of their SHA-256 (never ``hash()``)."""
    return int(hashlib.sha256(":".join(str(p) for p in parts).encode()).hexdigest()[:12], 16)


def confirm_seed(seed: int) -> int:
    """The confirmation's seed, independent of the screen's ``seed``."""
    return mix("confirm", seed) % 2**32


def distinct_moves(rnd: Round, evaluation) -> dict[str, str]:
    """Distinct placement (mirror-free: ``t@L`` for both ends when they are equal) -> the
    evaluated action it stands for, in engine order."""
    out: dict[str, str] = {}
    for action in evaluation.actions:
        if action.is_placement:
            out.setdefault(str(canonical(rnd, action)), str(action))
    return out


def move_values(rnd: Round, evaluation) -> dict[str, tuple[float, float]]:
    """Distinct placement -> (expected value, best share), in engine order."""
    return {move: (evaluation.expected[evaluation.index(a)], evaluation.best_share[evaluation.index(a)])
            for move, a in distinct_moves(rnd, evaluation).items()}


def _evaluate(rnd: Round, deals: int, seed: int, exact_limit: int, settled=None):
    from strategy.evaluate import evaluate

    # every move in every deal (no race): the best share is part of the claim
    return evaluate(rnd.view(rnd.turn), deals=deals, budget=None, seed=seed, exact_limit=exact_limit,
                    settled=settled, race=False)


def screen(rnd: Round, seed: int) -> str | None:
    """The move the cheap evaluation finds best, when its estimates meet the claim."""
    ev = _evaluate(rnd, SCREEN_DEALS, seed, SCREEN_DEALS)
    values = move_values(rnd, ev)
    if len(values) < 2:
        return None
    best, runner = sorted(values, key=lambda m: -values[m][0])[:2]
    if values[best][0] - values[runner][0] < MARGIN or values[best][1] < SHARE:
        return None
    return best


def figures(rnd: Round, ev, best: str) -> dict[str, Any]:
    """What an evaluation says about ``best``: every move's value, the runner-up (the next
    best by value), the gap to it and the share, each with its 95 % half-width, the lowest
    lower bound of the gaps to all the other moves, and whether the claim holds."""
    from strategy.evaluate import Z95

    moves = distinct_moves(rnd, ev)
    values = move_values(rnd, ev)
    runner = max((m for m in values if m != best), key=lambda m: values[m][0])
    gap = ev.gap(moves[best], moves[runner])
    share, share_se = values[best][1], ev.share_stderr(moves[best])
    lowest = min(lo for m in values if m != best for lo in [ev.gap(moves[best], moves[m]).interval(Z95)[0]])
    enough = ev.exact or ev.deals >= CONFIRM_DEALS
    holds = enough and lowest >= MARGIN and share - Z95 * share_se >= SHARE
    return {"action": best, "runner_up": runner, "values": {m: round(v, 2) for m, (v, _) in values.items()},
            "margin": round(gap.mean, 3), "margin_error": round(Z95 * gap.stderr, 3), "margin_low": round(lowest, 3),
            "share": round(share, 4), "share_error": round(Z95 * share_se, 4),
            "deals": ev.deals, "exact": ev.exact, "consistent": ev.consistent, "holds": holds}


def _hopeless(best: str, rnd: Round):
    """A ``settled`` test for the confirmation: True once ``best`` is plainly not going to
    meet the claim (another move within reach of it, or too low a share)."""
    def settled(ev) -> bool:
        moves = distinct_moves(rnd, ev)
        i = ev.index(moves[best])
        if ev.best_share[i] + HOPELESS_Z * ev.share_stderr(moves[best]) < SHARE:
            return True
        for move, action in moves.items():
            g = ev.gap(moves[best], action)
            if move != best and g.mean + HOPELESS_Z * g.stderr < MARGIN:
                return True
        return False

    return settled


def confirm(rnd: Round, seed: int, best: str) -> dict[str, Any]:
    """The confirmation's figures for ``best`` (its ``holds`` says whether the claim is proved)."""
    ev = _evaluate(rnd, CONFIRM_DEALS, confirm_seed(seed), EXACT_LIMIT, _hopeless(best, rnd))
    if best not in distinct_moves(rnd, ev):
        raise ValueError(f"{best} is not a move here")
    return figures(rnd, ev, best)


def prove(rnd: Round, seed: int) -> dict[str, Any] | None:
    """The proof of a position (its figures and ``eval_seed``), or None when no move is
    proved best: the screen with ``seed``, then the confirmation."""
    best = screen(rnd, seed)
    if best is None:
        return None
    found = confirm(rnd, seed, best)
    if not found.pop("holds"):
        return None
    return {**found, "eval_seed": seed}


def check_claim(entry: dict[str, Any]) -> list[str]:
    """What is wrong with a stored proof's own figures (empty when they prove the claim):
    the numbers a bank entry carries, read without evaluating."""
    problems = []
    values, best = entry["values"], entry["action"]
    others = [m for m in values if m != best]
    if not others:
        problems.append("no other move to beat")
    elif max(others, key=lambda m: values[m]) != entry["runner_up"]:
        problems.append(f"the runner-up is not {entry['runner_up']}")
    if not (entry["exact"] or entry["deals"] >= CONFIRM_DEALS):
        problems.append(f"{entry['deals']} deals, not every one and fewer than {CONFIRM_DEALS}")
    # the stored figures are rounded to 3 and 4 decimals: allow that much
    if entry["margin_low"] < MARGIN or entry["margin"] - entry["margin_error"] < entry["margin_low"] - 2e-3:
        problems.append(f"margin {entry['margin']} ± {entry['margin_error']} (lowest {entry['margin_low']}) "
                        f"below {MARGIN}")
    if entry["share"] - entry["share_error"] < SHARE - 2e-4:
        problems.append(f"share {entry['share']} ± {entry['share_error']} below {SHARE}")
    if entry["exact"] and (entry["margin_error"] or entry["share_error"]):
        problems.append("an exact proof with an error")
    return problems


__all__ = ["CONFIRM_DEALS", "EXACT_LIMIT", "MARGIN", "SCREEN_DEALS", "SHARE", "check_claim", "confirm",
           "confirm_seed", "distinct_moves", "figures", "mix", "move_values", "prove", "screen"]
