"""Puzzle seeds: the rating a puzzle starts from, measured per question kind and band.

A puzzle nobody has answered needs a first rating. The bands alone cannot give it: they are
the tertiles of each kind's own difficulty score, so every kind is one third "hard", and a
hard All Fives sum ("2 + 5 = 7: no points") would start where a hard best move does.

This bench measures the work each kind and band asks, on real puzzles of the generators
(``--per-band`` practice puzzles of every type and band, every game): the puzzle's
difficulty score (``puzzles.model.difficulty_score``: the options to weigh, the numbers to
add up, the size of the sum, the rules to chain), which is on one scale for every kind.
The seed of a kind and band is its mean score put on the rating scale: 1500 for the mean of
every kind and band (where a new player starts), and as spread as the bands' old seeds
(1200, 1500, 1800: a standard deviation of 245). So the order across kinds is the measured
one, not a third of each kind. Then each seed is checked against simulated players of known
rating 1200, 1500 and 1800: the share of them that solve it by the Elo curve is printed.

No stored answers exist to measure from yet; when they do, the puzzles' own ratings already
follow them: every answer moves the puzzle's rating from its seed (Glicko-2,
``progress.ratings.rate``).

Written to ``progress/puzzle_seeds.json`` (read by ``progress.ratings.puzzle_seed``).

    .venv/bin/python bench/puzzle_seeds.py              # 40 puzzles per type and band, ~30 s
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzles import BANDS, PUZZLE_TYPES  # noqa: E402
from puzzles.pipeline import practice_puzzle  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "progress" / "puzzle_seeds.json"
#: A kind and band needs this many puzzles in the sample to get a seed of its own.
MIN_PUZZLES = 5
#: The spread (standard deviation) the seeds keep: that of the bands' old seeds 1200, 1500, 1800.
SPREAD = float(np.std([1200.0, 1500.0, 1800.0]))


def work(puzzle) -> float:
    """The work one puzzle asks: its difficulty score, on one scale for every kind."""
    return puzzle.difficulty.score


def elo(rating, seed: float):
    """The chance that a player of ``rating`` solves a puzzle rated ``seed`` (Elo's curve)."""
    return 1 / (1 + 10 ** ((seed - np.asarray(rating, dtype=float)) / 400))


def seeds(cells: dict[tuple[str, str], np.ndarray]) -> dict[tuple[str, str], float]:
    """Each cell's mean work on the rating scale: mean 1500, spread ``SPREAD``."""
    means = {key: float(work.mean()) for key, work in cells.items()}
    values = np.array(list(means.values()))
    centre, spread = float(values.mean()), float(values.std()) or 1.0
    return {key: 1500 + SPREAD * (m - centre) / spread for key, m in means.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-band", type=int, default=40, help="practice puzzles of each type and band")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    started = time.perf_counter()
    cells: dict[tuple[str, str], list[float]] = defaultdict(list)
    for ptype in PUZZLE_TYPES:
        for band in BANDS:
            for index in range(args.per_band):
                puzzle = practice_puzzle(ptype, None, band, index)
                cells[(puzzle.question.kind, puzzle.difficulty.band)].append(work(puzzle))
    cells = {k: np.array(v) for k, v in cells.items() if len(v) >= MIN_PUZZLES}
    fitted = seeds(cells)
    table = {}
    for (kind, band), items in sorted(cells.items(), key=lambda kv: (kv[0][0], BANDS.index(kv[0][1]))):
        table.setdefault(kind, {})[band] = {
            "seed": round(fitted[(kind, band)]),
            "puzzles": len(items),
            "work": round(float(items.mean()), 2),
            "solved_by": {str(r): round(float(elo(r, fitted[(kind, band)])), 3) for r in (1200, 1500, 1800)},
        }
    data = {
        "measured_by": "bench/puzzle_seeds.py",
        "per_band": args.per_band,
        "seeds": table,
    }
    args.out.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    print(f"{sum(len(v) for v in cells.values())} puzzles ({time.perf_counter() - started:.1f} s)")
    print("| kind | band | puzzles | work | solved at 1200 | 1500 | 1800 | seed |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for kind, bands in table.items():
        for band, row in bands.items():
            by = row["solved_by"]
            print(f"| {kind} | {band} | {row['puzzles']} | {row['work']:.2f} | {by['1200']:.0%} | {by['1500']:.0%} "
                  f"| {by['1800']:.0%} | {row['seed']} |")
    print(f"written: {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")


if __name__ == "__main__":
    main()
