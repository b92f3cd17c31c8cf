"""Hints in every game: how long they take and how sure they are when they answer.

For random rounds of every game and player count (``strong`` bots at every seat), at
every decision with a real choice, the hint as the play page asks for it
(``strategy.hints.hint``: precision 0.5, at most 6 M nodes, a 2 s guard, the loading of
the jitted solver not counted): wall time, deals solved, why it stopped, and the largest standard error of
the gap between the recommended move and a move still in the race (0 when every
consistent deal was solved). Per game: the median and 95th percentile of the time, the
share of hints that reached the precision (or solved every deal), and the worst gap
error left. Then the expert's move time in the same positions, and last, on Partners
positions where the ``dominoes`` package's probabilistic_alphabeta searches, our hint
and expert move beside its move, in the same run.

    .venv/bin/python bench/hint_speed.py --rounds 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Rules, deal  # noqa: E402
from strategy.bots import get_bot  # noqa: E402
from strategy.duel import PAB_FROM_TILES, dominoes_pab  # noqa: E402
from strategy.hints import HINT_BUDGET, HINT_NODES, HINT_PRECISION, hint  # noqa: E402
from strategy.solver import warm  # noqa: E402

GAMES = [("laplaza_partners", 4), ("laplaza_1v1", 2), ("all_fives", 2), ("all_fives", 3), ("all_fives", 4),
         ("draw", 2), ("draw", 3), ("draw", 4), ("block", 2), ("block", 3), ("block", 4),
         ("kozel", 2), ("kozel", 3), ("kozel", 4)]


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def worst_gap_error(found) -> float:
    if found.exact:
        return 0.0
    best = found.best
    return max((found.gap(best, a).stderr for j, a in enumerate(found.actions)
                if a is not best and found.in_race[j]), default=0.0)


def one_game(name: str, players: int, rounds: int) -> dict:
    rules = Rules.preset(name, players)
    strong = get_bot("strong")
    walls, cpus, deals, errors, sure, early = [], [], [], [], 0, []
    for i in range(rounds):
        rnd = deal(rules, seed=f"hint-bench:{name}:{players}:{i}")
        rng = random.Random(i)
        while rnd.result is None:
            view = rnd.view(rnd.turn)
            if len(rnd.canonical_actions()) > 1:
                started, cpu = time.perf_counter(), time.process_time()
                found = hint(view, seed=i).evaluation
                walls.append(time.perf_counter() - started)
                cpus.append(time.process_time() - cpu)
                deals.append(found.deals)
                errors.append(worst_gap_error(found))
                sure += found.stop in ("exact", "precision")
                if len(rnd.line) <= 3:
                    early.append(errors[-1])
            rnd.apply(strong.choose(view, rng))
    return {"game": f"{name}:{players}", "n": len(walls), "median": statistics.median(walls),
            "p95": pct(walls, .95), "cpu_median": statistics.median(cpus), "cpu_p95": pct(cpus, .95),
            "sure": sure / len(walls), "deals": statistics.median(deals),
            "worst": max(errors), "early": statistics.median(early) if early else 0.0}


def beside_dominoes(positions: int) -> None:
    """Our hint and expert move beside the ``dominoes`` package's probabilistic_alphabeta
    move (8 sampled deals) on the same Partners positions, where that player starts to
    search (18 to 22 tiles in hands); CPU time of each."""
    pab = dominoes_pab()
    if pab is None or positions <= 0:
        print("\ndominoes-pab: the dominoes package is not installed (pip install '.[bench]')")
        return
    rules = Rules.preset("laplaza_partners")
    expert = get_bot("expert")
    ours_hint, ours_move, theirs = [], [], []
    i = 0
    while len(theirs) < positions:
        rnd = deal(rules, seed=f"hint-bench:pab:{i}")
        rng = random.Random(i)
        i += 1
        while rnd.result is None and len(theirs) < positions:
            if PAB_FROM_TILES - 4 <= sum(len(rnd.hand(s)) for s in range(4)) <= PAB_FROM_TILES \
                    and len(rnd.legal_actions()) > 1:
                view = rnd.view(rnd.turn)
                c = time.process_time()
                hint(view, seed=i)
                ours_hint.append(time.process_time() - c)
                c = time.process_time()
                expert.choose(view, random.Random(i))
                ours_move.append(time.process_time() - c)
                c = time.process_time()
                pab(rnd, rnd.turn, random.Random(i))
                theirs.append(time.process_time() - c)
            legal = rnd.legal_action_ids()
            rnd.apply_id(legal[rng.randrange(len(legal))])
    print(f"\nPartners, {positions} positions with a choice and {PAB_FROM_TILES - 4}-{PAB_FROM_TILES} tiles in hands "
          f"(where dominoes-pab starts searching; CPU):")
    print(f"  our hint:                    median {statistics.median(ours_hint):.3f} s, p95 {pct(ours_hint, .95):.3f} s")
    print(f"  our expert move:             median {statistics.median(ours_move):.3f} s, p95 {pct(ours_move, .95):.3f} s")
    print(f"  dominoes-pab move (8 deals): median {statistics.median(theirs):.3f} s, p95 {pct(theirs, .95):.3f} s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3, help="rounds per game and player count")
    ap.add_argument("--games", default="", help="comma-separated preset:players (default: every one)")
    ap.add_argument("--pab-positions", type=int, default=8)
    args = ap.parse_args()
    print(f"jitted solver loaded in {warm():.2f} s (not counted in any hint)")
    games = [(g.split(":")[0], int(g.split(":")[1])) for g in args.games.split(",") if g] or GAMES
    print(f"hint: precision {HINT_PRECISION} (gap standard error), at most {HINT_NODES:,} nodes, "
          f"{HINT_BUDGET} s guard; wall time, {args.rounds} rounds each")
    print(f"{'game':20} {'hints':>5} {'wall med':>8} {'wall p95':>8} {'CPU med':>7} {'CPU p95':>7} {'sure':>6} "
          f"{'deals med':>9} {'worst se':>8} {'early se':>8}")
    for name, players in games:
        r = one_game(name, players, args.rounds)
        print(f"{r['game']:20} {r['n']:5} {r['median']:7.2f}s {r['p95']:7.2f}s {r['cpu_median']:6.2f}s "
              f"{r['cpu_p95']:6.2f}s {r['sure']:6.1%} {r['deals']:9.0f} {r['worst']:8.2f} {r['early']:8.2f}", flush=True)
    beside_dominoes(args.pab_positions)


if __name__ == "__main__":
    main()
