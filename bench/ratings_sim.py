"""Ratings: simulated players of known skill answer puzzles of known difficulty.

Every attempt goes through ``progress.ratings.rate``, the update the store makes. A player
of skill ``s`` solves a puzzle of difficulty ``d`` with the chance ``1 / (1 + 10^((d - s) / 400))``
(the model Glicko assumes). A puzzle starts from its band's rating (``BAND_SEEDS``), the
band being its true difficulty seen through noise, as the generators' difficulty scores
see it; a player starts at 1500 ± 350.

Each round every player (in a shuffled order) answers one puzzle: most often the best of
``--candidates`` random puzzles at their current level (Practice's "puzzles at my level"),
otherwise any puzzle (a share ``--random``, like the daily set). Never the same puzzle twice.

Printed: how fast player ratings converge (after n attempts: the median error, the share
within 100 points, the mean deviation, the rank correlation with skill), the rank
correlation of puzzle ratings with true difficulty (all puzzles, and by how often each was
tried; the bands alone for comparison), and the speed of the update.

    .venv/bin/python bench/ratings_sim.py                       # 2,000 players, 20,000 puzzles
    .venv/bin/python bench/ratings_sim.py --players 200 --puzzles 2000 --rounds 50
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from progress.ratings import START, puzzle_seed, rate  # noqa: E402

CHECKPOINTS = (1, 5, 10, 20, 30, 50, 100, 150, 200, 300)


def spearman(a, b) -> float:
    return float(pd.Series(a).rank().corr(pd.Series(b).rank()))


def band_of(seen: float) -> str:
    return "easy" if seen < 1350 else "medium" if seen < 1650 else "hard"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--puzzles", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=200, help="attempts per player")
    parser.add_argument("--candidates", type=int, default=8, help="puzzles looked at to find one at the player's level")
    parser.add_argument("--random", type=float, default=0.3, help="share of attempts at any puzzle")
    parser.add_argument("--band-noise", type=float, default=200.0, help="how far the band's view of difficulty strays")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if min(args.players, args.puzzles, args.rounds, args.candidates) < 1 or not 0 <= args.random <= 1:
        parser.error("players, puzzles, rounds and candidates must be at least 1; random from 0 to 1")
    if args.rounds > args.puzzles:
        parser.error("a player never answers a puzzle twice: rounds must not exceed puzzles")

    rng = random.Random(args.seed)
    skill = [min(max(rng.gauss(1500, 300), 400), 2600) for _ in range(args.players)]
    difficulty = [min(max(rng.gauss(1500, 350), 300), 2700) for _ in range(args.puzzles)]
    bands = [band_of(d + rng.gauss(0, args.band_noise)) for d in difficulty]
    players = [START] * args.players
    puzzles = [puzzle_seed(b) for b in bands]
    tried: list[set[int]] = [set() for _ in range(args.players)]
    times_tried = [0] * args.puzzles
    snapshots: dict[int, tuple[list[float], list[float]]] = {}
    order = list(range(args.players))
    updates = 0
    spent = 0.0
    solved_share = 0

    print(f"{args.players:,} players, {args.puzzles:,} puzzles, {args.rounds} attempts each "
          f"({args.players * args.rounds:,} attempts), seed {args.seed}")
    started = time.perf_counter()
    for round_ in range(1, args.rounds + 1):
        rng.shuffle(order)
        for p in order:
            mine = players[p]
            if rng.random() < args.random:
                pick = rng.randrange(args.puzzles)
                while pick in tried[p]:
                    pick = rng.randrange(args.puzzles)
            else:
                pick, best = -1, math.inf
                for _ in range(args.candidates):
                    c = rng.randrange(args.puzzles)
                    if c in tried[p]:
                        continue
                    gap = abs(puzzles[c].value - mine.value)
                    if gap < best:
                        pick, best = c, gap
                if pick < 0:
                    pick = next(c for c in range(args.puzzles) if c not in tried[p])
            tried[p].add(pick)
            times_tried[pick] += 1
            solved = rng.random() < 1 / (1 + 10 ** ((difficulty[pick] - skill[p]) / 400))
            solved_share += solved
            t0 = time.perf_counter()
            players[p], puzzles[pick] = rate(mine, puzzles[pick], solved)
            spent += time.perf_counter() - t0
            updates += 1
        if round_ in CHECKPOINTS:
            snapshots[round_] = ([r.value for r in players], [r.deviation for r in players])
    wall = time.perf_counter() - started

    print(f"solved {solved_share / updates:.0%} of attempts; {updates / spent:,.0f} rated attempts/s "
          f"through progress.ratings.rate ({spent / updates * 1e6:.0f} µs each, both sides); wall {wall:.0f} s")
    print()
    print("players: after n attempts")
    print(f"{'n':>5} {'median |error|':>15} {'within 100':>11} {'within 200':>11} {'mean deviation':>15} "
          f"{'rank corr.':>11}")
    for n, (values, deviations) in snapshots.items():
        errors = np.abs(np.array(values) - np.array(skill))
        print(f"{n:>5} {np.median(errors):>15.0f} {np.mean(errors <= 100):>11.0%} {np.mean(errors <= 200):>11.0%} "
              f"{np.mean(deviations):>15.0f} {spearman(values, skill):>11.3f}")
    print()
    values = [r.value for r in puzzles]
    seeds = [puzzle_seed(b).value for b in bands]
    print("puzzles: rank correlation of rating with true difficulty")
    print(f"  all {args.puzzles:,} puzzles: {spearman(values, difficulty):.3f} "
          f"(the bands alone: {spearman(seeds, difficulty):.3f}); "
          f"tried {np.mean(times_tried):.1f} times on average (median {np.median(times_tried):.0f})")
    frame = pd.DataFrame({"rating": values, "difficulty": difficulty, "tried": times_tried,
                          "deviation": [r.deviation for r in puzzles]})
    for low, high in ((0, 0), (1, 5), (6, 10), (11, 20), (21, 40), (41, 10**9)):
        part = frame[(frame.tried >= low) & (frame.tried <= high)]
        if len(part) >= 10:
            label = f"{low}+" if high >= 10**9 else f"{low}-{high}" if low != high else f"{low}"
            print(f"  tried {label:>6} times: {len(part):>6,} puzzles, rank corr. "
                  f"{spearman(part.rating, part.difficulty):.3f}, mean deviation {part.deviation.mean():.0f}")
    print(f"  median |rating - difficulty|: {np.median(np.abs(frame.rating - frame.difficulty)):.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
