"""Solver speed: strategy.solver.solve beside the dominoes package's alphabeta.

The same positions for both: full Partners deals (28 tiles, before the forced 6-6 lead)
and positions with 24 tiles left in hands (random play from the deal). CPU time
(time.process_time) per exact solve, medians printed side by side. The dominoes search
has no transposition table and copies its Game at every node, so it gets a CPU-time cap
per position (SIGPROF): a capped run counts as the cap, and the table says "> cap".

Our solve returns the value of every legal action; dominoes.search.alphabeta returns the
best line and its value, so it does less work per call.

    .venv/bin/python bench/solver_speed.py --deals 20 --dominoes-deals 2 --cap 20
"""

from __future__ import annotations

import argparse
import copy
import random
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Rules, deal  # noqa: E402
from strategy.solver import solve  # noqa: E402


def positions(n: int, tiles: int, seed: int):
    rules = Rules.preset("laplaza_partners")
    out = []
    for i in range(n):
        rnd = deal(rules, seed=f"bench:{seed}:{i}")
        rng = random.Random(i)
        while sum(bin(h).count("1") for h in rnd.hands) > tiles:
            legal = rnd.legal_action_ids()
            rnd.apply_id(legal[rng.randrange(len(legal))])
        while rnd.legal_action_ids() == [85]:  # dominoes passes by itself
            rnd.apply_id(85)
        out.append(rnd)
    return out


class Capped(Exception):
    pass


def _on_prof(signum, frame):
    raise Capped()


def dominoes_time(rnd, cap: float):
    import dominoes
    from strategy.duel import _to_game
    if rnd.left < 0:  # a full deal: the Game leads 6-6 itself, as Game.new does
        board = dominoes.Board()
        hands = [dominoes.Hand([dominoes.Domino(t.low, t.high) for t in rnd.hand(s)]) for s in range(4)]
        game = dominoes.Game(board, hands, [], rnd.turn, ((dominoes.Domino(6, 6), True),), rnd.turn, None)
    else:
        game = _to_game(dominoes, rnd)
    game = copy.deepcopy(game)
    signal.signal(signal.SIGPROF, _on_prof)
    start = time.process_time()
    signal.setitimer(signal.ITIMER_PROF, cap)
    try:
        _, value = dominoes.search.alphabeta(game)
    except Capped:
        return cap, None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return time.process_time() - start, value


def ours_time(rnd):
    start = time.process_time()
    sol = solve(rnd)
    return time.process_time() - start, sol


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--dominoes-deals", type=int, default=2)
    ap.add_argument("--dominoes-positions", type=int, default=8)
    ap.add_argument("--cap", type=float, default=20.0, help="CPU seconds per dominoes search")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    solve(positions(1, 20, 99)[0])  # compile or load the jitted core first
    print(f"{'positions':28} {'n':>3} {'ours median':>12} {'ours max':>9} {'dominoes median':>16} {'n':>3}")
    for label, tiles in (("full deal (28 tiles)", 28), ("24 tiles left", 24)):
        pos = positions(args.deals, tiles, args.seed)
        ours = [ours_time(r) for r in pos]
        times = [t for t, _ in ours]
        k = args.dominoes_deals if tiles == 28 else args.dominoes_positions
        dom = []
        try:
            import dominoes  # noqa: F401
            for rnd, (_, sol) in zip(pos[:k], ours[:k]):
                t, value = dominoes_time(rnd, args.cap)
                if value is not None:  # the same value (team 0's points), checked here too
                    assert value == (sol.value if rnd.turn % 2 == 0 else -sol.value)
                dom.append((t, value is None))
        except ImportError:
            pass
        if dom:
            med = statistics.median(t for t, _ in dom)
            capped = sum(c for _, c in dom)
            dtext = (f"> {args.cap:.0f} s" if capped * 2 > len(dom) else f"{med * 1000:.0f} ms") + \
                (f" ({capped} capped)" if capped else "")
        else:
            dtext = "absent"
        print(f"{label:28} {len(times):3} {statistics.median(times) * 1000:9.1f} ms {max(times) * 1000:6.0f} ms "
              f"{dtext:>16} {len(dom):3}", flush=True)


if __name__ == "__main__":
    main()
