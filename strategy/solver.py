"""Exact solver for a round whose hands and stock order are all known.

>>> from engine import Round, Rules
>>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 1-2", "5-6 1-1", "4-6 2-3", "3-6 0-0"])
>>> s = solve(r)
>>> s.to_move, s.value, [(str(a), v) for a, v in s.items()]
(0, 19, [('lead 6-6', 19)])

What a value means: the points the side to move gains in the round minus what the other
side gains, under the table's scoring (the engine's ``RoundResult.total``: end-of-round
points plus All Fives points scored during play; minus the penalties in Kozel). With
three or four independent players the value is *paranoid*: the player to move against a
coalition of all the others, ``u[me] - mean(u[others])`` (see :mod:`strategy._core`);
:func:`solve_maxn` gives the exact max^n values (one per seat) for small positions.

The search is alpha-beta with a transposition table on the jitted core in
:mod:`strategy._core`, for every rule set and option; :func:`engine_solve` searches
``engine.Round`` itself, slower but with the same values (the tests compare them).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Iterator

import numpy as np

from engine import ACTIONS, Action, Round, Rules

from . import _core as C

__all__ = ["NodeLimit", "Solution", "solve", "warm", "unit_values", "engine_solve", "solve_maxn", "core_supports", "unit_utilities",
           "root_value", "units_of", "tt_bits_for", "state_of"]

#: at most this much table memory per call (16 bytes an entry)
DEFAULT_TT_MB = 64


@dataclass
class Solution:
    """Exact values of the legal actions at a position, for the side to move."""

    to_move: int
    #: the legal actions, in the engine's order, and their values (same order; None for
    #: an action left out by ``solve(..., only=...)``)
    actions: list[Action]
    values: list[int | Fraction | None]
    #: "minimax" (two sides), "paranoid" (three or more), or "engine-minimax"/"engine-paranoid"
    method: str = "minimax"
    nodes: int = 0

    @property
    def value(self) -> int | Fraction:
        return max(v for v in self.values if v is not None)

    @property
    def best(self) -> Action:
        """The first legal action of the best value (engine order)."""
        v = self.value
        return next(a for a, x in zip(self.actions, self.values) if x == v)

    def items(self) -> Iterator[tuple[Action, int | Fraction]]:
        return iter(zip(self.actions, self.values))

    def to_dict(self) -> dict:
        return {"to_move": self.to_move, "value": _num(self.value),
                "actions": [{"action": str(a), "value": _num(v)} for a, v in self.items()]}


def _num(v):
    if v is None:
        return None
    if isinstance(v, Fraction):
        return int(v) if v.denominator == 1 else float(v)
    return int(v)


def units_of(rules: Rules) -> int:
    return rules.flags.units


def core_supports(rules: Rules) -> bool:
    """Whether the jitted core plays these rules: every preset and option does (voluntary
    drawing and the dead-board call once fell back to :func:`engine_solve`)."""
    return True


def _params(rules: Rules, score, win_bonus: int = 0) -> np.ndarray:
    f = rules.flags
    P = np.zeros(C.P_SIZE, dtype=np.int64)
    P[C.P_N] = f.n
    P[C.P_UNITS] = f.units
    P[C.P_PARTNERS] = 1 if f.partners else 0
    P[C.P_DRAWLIM] = min(f.draw_limit, 1 << 40)
    P[C.P_FIVES] = 1 if f.fives else 0
    P[C.P_BOTH] = 1 if f.both_halves else 0
    P[C.P_IMM] = 1 if f.immediate else 0
    P[C.P_TARGET] = rules.target
    for i, s in enumerate(score):
        P[C.P_SCORE + i] = s
    P[C.P_RACE] = 1 if f.race else 0
    P[C.P_DOMPTS] = 1 if rules.domino_points == "losing_side_only" else 0
    P[C.P_CAPB] = rules.capicu_bonus
    P[C.P_ROUND] = 1 if f.rounding else 0
    P[C.P_BWIN] = 1 if rules.block_winner == "blocker" else 0
    P[C.P_BCMP] = 0 if rules.block_compare == "side_total" else 1
    P[C.P_BPTS] = ("all_hands", "losing_side_only", "diff_per_loser", "diff_once").index(rules.block_points)
    P[C.P_BTIE] = ("no_score", "lightest_tile", "blocker_side").index(rules.block_tie)
    P[C.P_LPKEY] = 1 if (rules.block_winner == "blocker" or rules.block_tie == "blocker_side"
                         or not f.race) else 0
    P[C.P_HISTORY] = 1 if rules.can_draw else 0
    P[C.P_DEADCALL] = 1 if f.dead_call else 0
    P[C.P_VOLUNTARY] = 1 if f.voluntary else 0
    P[C.P_WIN] = win_bonus if f.race else 0
    return P


def state_of(rnd: Round, win_bonus: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The core's (state, stock, parameters) arrays for a round at rest (``win_bonus``:
    see :func:`solve`)."""
    S = np.zeros(C.S_SIZE, dtype=np.int64)
    P = _params(rnd.rules, rnd.score, win_bonus)
    for s, h in enumerate(rnd.hands):
        S[C.S_H + s] = h
    S[C.S_L], S[C.S_R] = rnd.left, rnd.right
    line = rnd.line
    if line:
        S[C.S_LD] = 1 if line[0][0] == line[0][1] else 0
        S[C.S_RD] = 1 if line[-1][0] == line[-1][1] else 0
    S[C.S_LEN] = len(line)
    S[C.S_TURN] = rnd.turn
    stock = rnd._stock  # pop() draws: the last is the top
    S[C.S_NS] = len(stock)
    S[C.S_LP] = rnd.last_placer
    for i, p in enumerate(rnd.round_points):
        S[C.S_RP + i] = p
    S[C.S_FL] = rnd.forced_lead if rnd.left < 0 else -1
    S[C.S_ZH] = C.hands_hash(rnd.hands)
    if rnd.result is not None:
        S[C.S_KIND] = 9  # finished: the core does not search it
    ST = np.array(stock if stock else [0], dtype=np.int64)
    return S, ST, P


def tiles_left(rnd: Round) -> int:
    return sum(bin(h).count("1") for h in rnd.hands) + len(rnd._stock)


def tt_bits_for(rnd: Round, tt_mb: float = DEFAULT_TT_MB) -> int:
    """Table size (log2 of entries) for a position: larger for more tiles left."""
    left = tiles_left(rnd)
    # zeroing a big table costs more than it saves, except on the long trees of a full stock
    bits = 10 if left <= 12 else 13 if left <= 18 else 16 if left <= 24 else 19 if len(rnd._stock) >= 12 else 17
    cap = max(8, int(np.log2(max(1.0, tt_mb * 2**20 / 16))))
    return min(bits, cap, 23)  # 2**23 entries = 128 MB


def unit_utilities(rnd: Round) -> tuple[int, ...]:
    """What each unit gains in a finished round: its total, or minus its penalty (Kozel)."""
    res = rnd.result
    if rnd._flags.race:
        return res.total
    return tuple(-p for p in res.points)


def root_value(util, root: int) -> int:
    k = len(util)
    return (k - 1) * util[root] - sum(u for i, u in enumerate(util) if i != root)


def _scaled(v: int, k: int) -> int | Fraction:
    return v if k == 2 else Fraction(v, k - 1)


class NodeLimit(Exception):
    """The search went over the node limit it was given."""


def solve(rnd: Round, tt_mb: float = DEFAULT_TT_MB, node_limit: int = 0, root: int | None = None,
          only: Iterable[int] | None = None, win_bonus: int = 0, objective: str = "paranoid") -> Solution:
    """Exact values of every legal action for the player to move (see the module doc).

    ``node_limit`` > 0 stops the search after that many nodes (raising :class:`NodeLimit`):
    the anytime evaluation uses it to keep within its time budget. ``root``: the scoring
    unit (side, or seat in Kozel) whose value is computed, by default the mover's; with
    another root the values are still per action of the mover, for that unit. ``only``:
    the action ids to solve (the others get the value None), by default all.

    ``win_bonus`` > 0 (races to a target only) values the round *for the match*: a side's
    points past the match target are worth nothing, and reaching it is worth
    ``win_bonus`` more (:func:`strategy._core.for_the_match`); 0 values points.

    ``objective="maxn"`` (three or four units): instead of the paranoid coalition, every
    player takes the move best for its own value (its points against the others' mean;
    the first in the engine's order on a tie): max^n, searched without pruning on the same
    core. The values are the mover's, in the paranoid ones' scale. With two units both are
    the minimax value.
    """
    if rnd.result is not None:
        raise ValueError("the round is over")
    rules = rnd.rules
    k = rules.flags.units
    if root is None:
        root = rules.flags.side[rnd.turn] if rules.flags.race else rnd.turn
    S, ST, P = state_of(rnd, win_bonus)
    if objective == "maxn" and k > 2:
        return _solve_maxn_core(rnd, S, ST, P, k, node_limit, only, tt_bits_for(rnd, tt_mb))
    if objective not in ("paranoid", "maxn"):
        raise ValueError(f"unknown objective {objective!r}: paranoid or maxn")
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    values = np.zeros(C.MAX_MOVES, dtype=np.int64)
    stats = np.zeros(2, dtype=np.int64)
    stats[1] = node_limit
    cnt = C.solve_root(S, ST, P, root, tt_bits_for(rnd, tt_mb), moves, values, stats, _only_mask(only))
    if cnt < 0:
        raise NodeLimit(f"more than {node_limit} nodes")
    return Solution(rnd.turn, [ACTIONS[int(m)] for m in moves[:cnt]],
                    [None if v == C.SKIPPED else _scaled(int(v), k) for v in values[:cnt]],
                    "minimax" if k == 2 else "paranoid", int(stats[0]))


def _solve_maxn_core(rnd: Round, S, ST, P, k: int, node_limit: int, only, tt_bits: int) -> Solution:
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    values = np.zeros((C.MAX_MOVES, 4), dtype=np.int64)
    stats = np.zeros(2, dtype=np.int64)
    stats[1] = node_limit
    cnt = C.solve_root_maxn(S, ST, P, min(tt_bits, 20), moves, values, stats, _only_mask(only))
    if cnt < 0:
        raise NodeLimit(f"more than {node_limit} nodes")
    me = rnd.rules.flags.side[rnd.turn] if rnd.rules.flags.race else rnd.turn
    return Solution(rnd.turn, [ACTIONS[int(m)] for m in moves[:cnt]],
                    [None if values[i, me] == C.SKIPPED else _scaled(int(values[i, me]), k) for i in range(cnt)],
                    "maxn", int(stats[0]))


_ALL = np.ones(len(ACTIONS), dtype=np.int64)


def _only_mask(only: Iterable[int] | None) -> np.ndarray:
    if only is None:
        return _ALL
    mask = np.zeros(len(ACTIONS), dtype=np.int64)
    for aid in only:
        mask[aid] = 1
    return mask


_warm = False


def warm() -> float:
    """Load (or compile) the jitted core, once per process; returns the seconds it took
    (0 once loaded). Callers with a time budget call it before starting their clock."""
    global _warm
    if _warm:
        return 0.0
    started = time.perf_counter()
    rnd = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 1-2", "5-6 1-1", "4-6 2-3", "3-6 0-0"])
    solve(rnd)
    _warm = True
    return time.perf_counter() - started


def unit_values(rnd: Round, tt_mb: float = DEFAULT_TT_MB) -> tuple[int | Fraction, ...]:
    """The value of the position for every scoring unit (one per side, or per seat in
    Kozel and the other independent games): with two units ``(v, -v)``; with three or
    four, each unit's paranoid value (all the others playing against it)."""
    rules = rnd.rules
    mover = rules.flags.side[rnd.turn] if rules.flags.race else rnd.turn
    out = []
    for unit in range(rules.flags.units):
        sol = solve(rnd, tt_mb, root=unit)
        out.append(max(sol.values) if unit == mover else min(sol.values))
    return tuple(out)


# ------------------------------------------------------- search on engine.Round
def _key(rnd: Round) -> tuple:
    return (tuple(rnd.hands), rnd.left, rnd.right, rnd.turn, len(rnd._stock), rnd.last_placer,
            tuple(rnd.round_points), rnd.line[0] if rnd.line else None, rnd.line[-1] if rnd.line else None,
            len(rnd.line) > 1)


def engine_solve(rnd: Round) -> Solution:
    """The same values as :func:`solve`, searched with ``engine.Round`` (any rules)."""
    rnd = rnd.copy()
    rules = rnd.rules
    k = rules.flags.units
    root = rules.flags.side[rnd.turn] if rules.flags.race else rnd.turn
    side = rules.flags.side if rules.flags.race else tuple(range(rnd.n))
    table: dict = {}
    nodes = [0]

    def search(alpha: int, beta: int) -> int:
        if rnd.result is not None:
            return root_value(unit_utilities(rnd), root)
        nodes[0] += 1
        key = _key(rnd)
        lo, hi = table.get(key, (-C.INF, C.INF))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        maximizing = side[rnd.turn] == root
        best = -C.INF if maximizing else C.INF
        for aid in rnd.legal_action_ids():
            rnd.apply_id(aid)
            v = search(alpha, beta)
            rnd.undo()
            if maximizing:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        if best <= a0:
            hi = best
        elif best >= b0:
            lo = best
        else:
            lo = hi = best
        table[key] = (lo, hi)
        return best

    actions, values = [], []
    for aid in rnd.legal_action_ids():
        rnd.apply_id(aid)
        values.append(_scaled(search(-C.INF, C.INF), k))
        rnd.undo()
        actions.append(ACTIONS[aid])
    return Solution(rnd.turn, actions, values, "engine-minimax" if k == 2 else "engine-paranoid", nodes[0])


def solve_maxn(rnd: Round) -> dict[Action, tuple[int, ...]]:
    """Exact max^n values for three or more independent players (small positions only).

    Every player maximises its own gain (``unit_utilities``); on equal gains the first
    action in the engine's order is taken. Returns, per legal action, the gain of every
    unit when all play on that way.
    """
    rnd = rnd.copy()
    unit = rnd._flags.side if rnd._flags.race else tuple(range(rnd.n))
    table: dict = {}

    def search() -> tuple[int, ...]:
        if rnd.result is not None:
            return unit_utilities(rnd)
        key = _key(rnd)
        if key in table:
            return table[key]
        me = unit[rnd.turn]
        best = None
        for aid in rnd.legal_action_ids():
            rnd.apply_id(aid)
            v = search()
            rnd.undo()
            if best is None or v[me] > best[me]:
                best = v
        table[key] = best
        return best

    out = {}
    for aid in rnd.legal_action_ids():
        rnd.apply_id(aid)
        out[ACTIONS[aid]] = search()
        rnd.undo()
    return out
