"""Strategy proofs: what each move of a position is worth from one seat's view, and
whether that proves a lesson's claim whatever the seed (docs/lessons.md, "Strategy claims").

A position is evaluated with :func:`strategy.evaluate.evaluate` from the viewer's
``SeatView`` only (never the hidden hands), with no time budget, so the figures depend on
the seed alone:

* every consistent deal, each once, when there are at most :data:`EXACT_LIMIT` of them:
  exact, and no seed can change it;
* otherwise deals are sampled, :data:`DEAL_STEPS` at a time: sampling stops at the first
  step where every claim holds and every figure a learner sees is known to
  :data:`PRECISION` points (its standard error).

A claim holds at the bottom of its 99 % interval: every paired gap of the claimed move
over another move, minus :data:`PROOF_Z` standard errors, is at least the claimed margin,
and so is the best share's lower bound of the claimed share. A claim that a lucky seed's
mean would pass is refused; the slow tests prove every lesson again under other seeds.

A position may be valued *for the match* instead of in points (``win_bonus`` > 0, as the
expert plays: :func:`strategy.solver.solve`): a side's points past the match target are
worth nothing, and reaching the target is worth ``win_bonus`` more. The figures then say
so (:attr:`MoveValues.win_bonus`), and every check of them values the position that way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Sequence

from engine import Action, EngineError, Round, position_from_dict, position_to_dict

#: two-sided 99 % normal quantile: a claim must hold at mean - PROOF_Z * stderr
PROOF_Z = 2.576
#: positions with at most this many consistent deals are solved on every one of them
EXACT_LIMIT = 20_000
#: the sampled deals after which a proof may stop, in order (the last one is the most it takes)
DEAL_STEPS = (2_000, 5_000, 10_000, 20_000)
#: the standard error, in points, to which a sampled proof measures the figures it shows
PRECISION = 0.3
#: the seed of every stored proof (the slow tests prove again under others)
PROOF_SEED = 20261201
#: a best_move claim's default share: the move is among the best in at least this share of deals
MIN_BEST_SHARE = 0.5
#: a "your turn" best_move task must beat every other move by at least this many points
MIN_TASK_MARGIN = 3.0


@dataclass(frozen=True)
class Claim:
    """``action`` is the viewer's best move, by ``margin`` points, in ``share`` of the deals."""

    action: str
    margin: float = 0.0
    share: float = MIN_BEST_SHARE


@dataclass(frozen=True)
class MoveValues:
    """The evaluation of one position from one seat's view, mirror moves merged."""

    actions: tuple[str, ...]          # distinct moves, canonical, in the engine's order
    expected: tuple[float, ...]       # expected points (the seat's side minus the others')
    stderr: tuple[float, ...]         # their standard errors (0 when exact)
    best_share: tuple[float, ...]     # share of the deals in which the move is among the best
    share_stderr: tuple[float, ...]
    #: gaps[i][j]: how much better move i is than move j, paired over the same deals (mean, stderr)
    gaps: tuple[tuple[tuple[float, float], ...], ...]
    deals: int                        # deals solved
    exact: bool                       # every consistent deal solved, each once
    consistent: int                   # deals consistent with the view
    seed: int
    #: 0: valued in points; > 0: valued for the match, reaching the target worth this much more
    win_bonus: int = 0

    def _at(self, action: str) -> int:
        return self.actions.index(action)

    def value(self, action: str) -> float:
        return self.expected[self._at(action)]

    def value_stderr(self, action: str) -> float:
        return self.stderr[self._at(action)]

    def share(self, action: str) -> float:
        return self.best_share[self._at(action)]

    def gap(self, a: str, b: str):
        """How much better ``a`` is than ``b`` (a :class:`strategy.evaluate.Estimate`)."""
        from strategy.evaluate import Estimate

        mean, se = self.gaps[self._at(a)][self._at(b)]
        return Estimate(mean, se, self.deals)

    def runner_up(self, action: str) -> str | None:
        """The best of the other moves (engine order breaks ties)."""
        others = [a for a in self.actions if a != action]
        return max(others, key=self.value) if others else None

    def how(self) -> str:
        deals = f"every one of the {self.consistent} consistent deals" if self.exact else \
            f"{self.deals} deals sampled with seed {self.seed}"
        return deals + (f", valued for the match (win bonus {self.win_bonus})" if self.win_bonus else "")

    def to_dict(self) -> dict[str, Any]:
        def r(x: float) -> float:
            return round(float(x), 4) + 0.0  # no -0.0 in the file

        # a points proof writes no win bonus: the files proved before it existed stay as they are
        match = {"win_bonus": self.win_bonus} if self.win_bonus else {}
        return {"deals": self.deals, "exact": self.exact, "consistent": self.consistent, "seed": self.seed, **match,
                "moves": {a: {"value": r(self.expected[i]), "stderr": r(self.stderr[i]),
                              "share": r(self.best_share[i]), "share_stderr": r(self.share_stderr[i]),
                              "beats": {b: [r(self.gaps[i][j][0]), r(self.gaps[i][j][1])]
                                        for j, b in enumerate(self.actions) if j != i}}
                          for i, a in enumerate(self.actions)}}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> "MoveValues":
        moves = data["moves"]
        actions = tuple(str(a) for a in moves)
        gaps = tuple(tuple((0.0, 0.0) if a == b else tuple(float(x) for x in moves[a]["beats"][b])
                           for b in actions) for a in actions)
        return MoveValues(actions, tuple(float(moves[a]["value"]) for a in actions),
                          tuple(float(moves[a]["stderr"]) for a in actions),
                          tuple(float(moves[a]["share"]) for a in actions),
                          tuple(float(moves[a]["share_stderr"]) for a in actions),
                          gaps, int(data["deals"]), bool(data["exact"]), int(data["consistent"]), int(data["seed"]),
                          int(data.get("win_bonus", 0)))


# ------------------------------------------------------------------ evaluating
def _move_values(rnd: Round, ev, seed: int, win_bonus: int = 0) -> MoveValues:
    """An evaluation's figures per distinct move: a mirror twin (t@R on equal ends) is t@L."""
    from puzzles.questions import canonical

    first: dict[str, Action] = {}
    for action in ev.actions:
        first.setdefault(str(canonical(rnd, action)), action)
    names, actions = tuple(first), list(first.values())
    gaps = []
    for a in actions:
        row = []
        for b in actions:
            g = ev.gap(a, b)
            row.append((g.mean, g.stderr))
        gaps.append(tuple(row))
    idx = [ev.index(a) for a in actions]
    return MoveValues(names, tuple(ev.expected[i] for i in idx), tuple(ev.stderr[i] for i in idx),
                      tuple(ev.best_share[i] for i in idx), tuple(ev.share_stderr(a) for a in actions),
                      tuple(gaps), ev.deals, ev.exact, ev.consistent, seed, win_bonus)


def _key(rnd: Round) -> str:
    return json.dumps(position_to_dict(rnd), sort_keys=True)


def prove(rnd: Round, viewer: int, claims: Sequence[Claim] = (), seed: int = PROOF_SEED,
          steps: Sequence[int] = DEAL_STEPS, values_shown: bool = False, win_bonus: int = 0) -> MoveValues:
    """The figures of the position from ``viewer``'s view: exact where feasible, else
    sampled until ``claims`` hold and the figures shown (each claim's margin, and every
    move's value when ``values_shown``) are known to :data:`PRECISION` (see the module doc).
    ``win_bonus`` > 0 values the moves for the match, not in points (the module doc).
    Cached per position."""
    from engine.inference import count_deals

    if count_deals(rnd.view(viewer)) <= EXACT_LIMIT:  # exact: the claims cannot change it, one cache entry
        claims, values_shown = (), False
    return _prove(_key(rnd), viewer, tuple(claims), seed, tuple(steps), values_shown, int(win_bonus))


@lru_cache(maxsize=256)
def _prove(key: str, viewer: int, claims: tuple[Claim, ...], seed: int, steps: tuple[int, ...],
           values_shown: bool, win_bonus: int) -> MoveValues:
    from strategy.evaluate import evaluate

    rnd = position_from_dict(json.loads(key))

    def settled(ev) -> bool:
        # checked every few deals; only the steps count, so the proof depends on its seed alone
        if ev.deals not in steps:
            return False
        values = _move_values(rnd, ev, seed, win_bonus)
        return all(not claim_problems(values, c) and precise(values, c, values_shown) for c in claims)

    # every move in every deal (no race): every move's value and the best share are shown
    ev = evaluate(rnd.view(viewer), deals=steps[-1], budget=None, seed=seed, exact_limit=EXACT_LIMIT,
                  settled=settled if claims else None, check_every=8, race=False, win_bonus=win_bonus)
    return _move_values(rnd, ev, seed, win_bonus)


def precise(values: MoveValues, claim: Claim, values_shown: bool = False) -> bool:
    """Are the figures a learner sees (the claim's margin; every move's value when
    ``values_shown``) known to :data:`PRECISION`?"""
    if values.exact:
        return True
    runner = values.runner_up(claim.action) if claim.action in values.actions else None
    margin_se = values.gap(claim.action, runner).stderr if runner else 0.0
    return margin_se <= PRECISION and (not values_shown or max(values.stderr) <= PRECISION)


# ------------------------------------------------------------------ claims
def claim_problems(values: MoveValues, claim: Claim) -> list[str]:
    """Why ``values`` do not prove ``claim`` at 99 % (empty: they do)."""
    name = claim.action
    if name not in values.actions:
        return [f"best_move: {name} is not a legal move here ({', '.join(values.actions)})"]
    how = values.how()
    if len(values.actions) == 1:
        return [f"best_move: {name} is the only move, there is nothing to choose"]
    problems = []
    for other in values.actions:
        if other == name:
            continue
        gap = values.gap(name, other)
        low = gap.mean - PROOF_Z * gap.stderr
        if low < claim.margin - 1e-9:
            sure = "" if values.exact else f" ± {gap.stderr:.2f}, at least {low:.2f} at 99 %,"
            problems.append(f"best_move: {name} is worth {values.value(name):.2f} and {other} "
                            f"{values.value(other):.2f} over {how}: a margin of {gap.mean:.2f}{sure} "
                            f"not {claim.margin:g}")
    share, share_se = values.share(name), values.share_stderr[values.actions.index(name)]
    if share - PROOF_Z * share_se < claim.share - 1e-9:
        sure = "" if values.exact else f" (± {share_se:.1%})"
        problems.append(f"best_move: {name} is best in {share:.1%}{sure} of {how}, not {claim.share:.0%}")
    return problems


def best_move_problems(rnd: Round, viewer: int, action: str, margin: float = 0.0,
                       share: float = MIN_BEST_SHARE, values: MoveValues | None = None,
                       win_bonus: int = 0) -> list[str]:
    """Why ``action`` is not proved the best move for ``viewer`` (empty: it is): by
    ``values`` when given (a stored proof of this position), else by proving it now;
    valued for the match when ``win_bonus`` > 0 (a stored proof must have been too)."""
    from puzzles.questions import canonical

    if rnd.result is not None:
        return ["best_move: the round is over"]
    if rnd.turn != viewer:
        return [f"best_move: seat {viewer} (the viewer) is not to move, seat {rnd.turn} is"]
    try:
        name = str(canonical(rnd, Action.parse(str(action))))
    except EngineError as exc:
        return [f"best_move: {exc}"]
    claim = Claim(name, float(margin), float(share))
    if values is not None and values.win_bonus != int(win_bonus):
        return [f"best_move: the proof values the moves with win bonus {values.win_bonus}, "
                f"the claim with {int(win_bonus)}"]
    return claim_problems(values or prove(rnd, viewer, [claim], win_bonus=win_bonus), claim)


# ------------------------------------------------------------------ the cheap re-check
#: the re-check solves every deal up to this many, else samples RECHECK_DEALS of them
RECHECK_EXACT = 3_000
RECHECK_DEALS = 256
#: a figure must lie within this many combined standard errors of the stored one
RECHECK_Z = 4.5
#: and, however sure both are, within this many points (the file keeps 4 decimals)
RECHECK_FLOOR = 0.01
#: the re-check stops once its searches have visited this many nodes (after one deal at least):
#: a late position's deals take under a million in all, but a round's first lead takes about
#: half a million a deal, so its re-check looks at two dozen deals, in about a second
RECHECK_NODES = 10_000_000


def recheck_problems(rnd: Round, viewer: int, stored: MoveValues, seed: int = PROOF_SEED) -> list[str]:
    """Where a quick evaluation of the position disagrees with a stored proof: the same moves,
    and every value and gap within :data:`RECHECK_Z` combined standard errors, valued as the
    proof was (for the match or in points). It catches a proof that no longer fits the engine
    or the solver, in seconds, without proving again: at most :data:`RECHECK_DEALS` deals and
    :data:`RECHECK_NODES` nodes, so the first lead of a round is checked on a few dozen deals."""
    from strategy.evaluate import evaluate

    ev = evaluate(rnd.view(viewer), deals=RECHECK_DEALS, budget=None, seed=seed, exact_limit=RECHECK_EXACT,
                  max_nodes=RECHECK_NODES, win_bonus=stored.win_bonus)
    fresh = _move_values(rnd, ev, seed, stored.win_bonus)
    if fresh.actions != stored.actions:
        return [f"the moves are {', '.join(fresh.actions)}, the proof has {', '.join(stored.actions)}"]
    problems = []

    def compare(what: str, now: float, now_se: float, then: float, then_se: float) -> None:
        allowed = RECHECK_Z * (now_se ** 2 + then_se ** 2) ** 0.5 + RECHECK_FLOOR
        if abs(now - then) > allowed:
            problems.append(f"{what}: {now:.2f} ± {now_se:.2f} now ({fresh.how()}), "
                            f"{then:.2f} ± {then_se:.2f} in the proof")

    for a in stored.actions:
        compare(f"value of {a}", fresh.value(a), fresh.value_stderr(a), stored.value(a), stored.value_stderr(a))
        for b in stored.actions:
            if a < b:
                now, then = fresh.gap(a, b), stored.gap(a, b)
                compare(f"{a} over {b}", now.mean, now.stderr, then.mean, then.stderr)
    return problems


__all__ = ["Claim", "DEAL_STEPS", "EXACT_LIMIT", "MIN_BEST_SHARE", "MIN_TASK_MARGIN", "MoveValues", "PRECISION",
           "PROOF_SEED", "PROOF_Z", "best_move_problems", "claim_problems", "precise", "prove", "recheck_problems"]
