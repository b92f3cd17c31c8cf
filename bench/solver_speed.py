"""Solver speed: strategy.solver.solve beside the dominoes package's alphabeta, fairly.

The same Partners positions for both, in one process, CPU time (time.process_time) per
exact solve. The package is set up as its own players set it up before they search
(``players.probabilistic_alphabeta``): a deep copy of the Game, ``skinny_board()``, then
``search.alphabeta`` (its default move order, and again with its ``bota_gorda`` order,
the faster of the two is the figure). Positions: 27 tiles in hands (right after the 6-6
lead, the hardest the package can be asked), then 24, 20 and 16, reached by random play
from seeded deals; passes are played out first (the package passes by itself).

Ours is timed twice: ``solve`` as the hints use it (the exact value of *every* legal
action) and ``solve(only=...)`` of the best action alone, which is what ``alphabeta``
returns (one value). The values are checked equal on every position. Printed per set:
medians and the median of the per-position ratios.

    .venv/bin/python bench/solver_speed.py --positions 8
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Rules, deal  # noqa: E402
from strategy.solver import solve, warm  # noqa: E402


def positions(n: int, tiles: int, seed: int):
    rules = Rules.preset("laplaza_partners")
    out = []
    i = 0
    while len(out) < n:
        rnd = deal(rules, seed=f"bench:{seed}:{tiles}:{i}")
        rng = random.Random(i)
        i += 1
        while rnd.result is None and sum(bin(h).count("1") for h in rnd.hands) > tiles:
            legal = rnd.legal_action_ids()
            rnd.apply_id(legal[rng.randrange(len(legal))])
        while rnd.result is None and rnd.legal_action_ids() == [85]:  # dominoes passes by itself
            rnd.apply_id(85)
        if rnd.result is None and rnd.left >= 0:
            out.append(rnd)
    return out


def dominoes_solve(rnd, order: str):
    """The package's search on our position, as its players run it: (CPU s, value for team 0)."""
    import dominoes
    from strategy.duel import _to_game

    game = copy.deepcopy(_to_game(dominoes, rnd))
    game.skinny_board()
    player = dominoes.players.bota_gorda if order == "bota_gorda" else dominoes.players.identity
    start = time.process_time()
    _, value = dominoes.search.alphabeta(game, player=player)
    return time.process_time() - start, value


def ours(rnd, best_only: bool):
    start = time.process_time()
    sol = solve(rnd)
    if best_only:  # the value alone, as alphabeta gives it: the best action searched by itself
        start = time.process_time()
        one = solve(rnd, only=[sol.best.id])
        return time.process_time() - start, one.value
    return time.process_time() - start, sol.value


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--tiles", default="27,24,20,16")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    try:
        import dominoes  # noqa: F401
    except ImportError:
        sys.exit("needs the dominoes package: .venv/bin/pip install -e '.[bench]'")
    warm()  # load the jitted core first: its loading is no part of a solve
    print(f"{'tiles':>5} {'n':>3} {'ours: every action':>19} {'ours: value':>12} {'dominoes':>10} "
          f"{'ratio (every)':>14} {'ratio (value)':>14}")
    for tiles in (int(t) for t in args.tiles.split(",")):
        every, single, theirs, r_every, r_single = [], [], [], [], []
        for rnd in positions(args.positions, tiles, args.seed):
            t_all, v_all = ours(rnd, False)
            t_one, v_one = ours(rnd, True)
            runs = [dominoes_solve(rnd, order) for order in ("identity", "bota_gorda")]
            t_dom = min(t for t, _ in runs)
            team0 = v_all if rnd.turn % 2 == 0 else -v_all
            assert all(v == team0 for _, v in runs) and v_one == v_all, (rnd.history, v_all, runs)
            every.append(t_all)
            single.append(t_one)
            theirs.append(t_dom)
            r_every.append(t_dom / max(t_all, 1e-6))
            r_single.append(t_dom / max(t_one, 1e-6))
        print(f"{tiles:5} {len(every):3} {statistics.median(every) * 1000:16.1f} ms "
              f"{statistics.median(single) * 1000:9.1f} ms {statistics.median(theirs) * 1000:7.0f} ms "
              f"{statistics.median(r_every):13.1f}x {statistics.median(r_single):13.1f}x", flush=True)


if __name__ == "__main__":
    main()
