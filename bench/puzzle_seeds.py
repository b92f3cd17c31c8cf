"""Puzzle seeds: the rating a puzzle starts from, from how often solvers of known rating solve its kind and band.

A puzzle nobody has answered needs a first rating. The bands alone cannot give it: they are
the tertiles of each kind's own difficulty score, so every kind is one third "hard", and a
hard All Fives sum ("2 + 5 = 7: no points") would start where a hard best move does.

No player has answered a puzzle yet, so this bench measures solve rates with simulated
solvers whose method and rating are stated (``bench/puzzle_solve_rates.py``): a guesser
(rated :data:`ANCHORS` ``guesser``), a player who takes each kind's shortcut (``shortcut``)
and the full solver (``full``), on ``--per-band`` practice puzzles of every type and band
(every game), each marked by the puzzle's own checker. Per question kind and band:

* **measured seed**: the rating ``d`` that best explains the solvers' right and wrong
  answers under the Elo curve ``p = 1 / (1 + 10^((d - s) / 400))`` (maximum likelihood:
  the ``d`` at which the expected solves equal the measured ones), within :data:`RANGE`;
* **score seed** (the seed before): the mean difficulty score put on the rating scale
  (1500 for the mean of every kind and band, the old bands' spread);
* **seed** = :data:`BLEND` × measured + (1 − BLEND) × score, put in band order within the
  kind: the measured one says what a shortcut or a guess gets across kinds, the score what
  the full solver cannot show (it is always right), the work within a kind.
  docs/ratings.md says why this blend.

Printed per kind and band: puzzles, each solver's solve rate with a 95 % interval, the score
seed (old), the measured seed with its range and the seed (new); then the review's
orderings (``../shared/reviews/puzzles-2026-12-05.md`` §3) as margins at each weight of the
measured seed, from 0 (the old seeds) to 1. Written to ``progress/puzzle_seeds.json``
(read by ``progress.ratings.puzzle_seed``).
Once players answer, each answer moves the puzzle's own rating from its seed (Glicko-2).

    .venv/bin/python bench/puzzle_seeds.py              # 100 puzzles per type and band, 1–3 min
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.puzzle_solve_rates import SOLVERS, Answered, answer_all  # noqa: E402
from puzzles import BANDS, PUZZLE_TYPES  # noqa: E402
from puzzles.generators.best_move import CLOSE_CALL  # noqa: E402
from puzzles.pipeline import practice_puzzle, puzzle_from_id  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "progress" / "puzzle_seeds.json"
#: A kind and band needs this many puzzles in the sample to get a seed of its own.
MIN_PUZZLES = 5
#: The spread (standard deviation) the score seeds keep: that of the bands' old seeds 1200, 1500, 1800.
SPREAD = float(np.std([1200.0, 1500.0, 1800.0]))
#: The ratings the solvers stand for. A guesser is a beginner, below the 1200 of the old easy
#: band; the shortcut player knows the moves, not the rules each puzzle drills, so it sits
#: a little under a new player's 1500; the full solver is a strong player who never misses.
ANCHORS = {"guesser": 1000.0, "shortcut": 1400.0, "full": 2000.0}
#: A measured seed stays in this range (all solvers right, or all wrong, has no finite best).
RANGE = (800.0, 2200.0)
#: The measured seed's weight in the seed (the score seed has the rest).
BLEND = 0.5
#: 95 % intervals.
Z = 1.96
#: The review's examples (§3): a hard "no points" All Fives sum and a hard unseen count.
NO_POINTS_SUM = "fives:all_fives:2:834397856"
HARD_UNSEEN = "reading:laplaza_partners:4:496778719"


def elo(rating, seed):
    """The chance that a player of ``rating`` solves a puzzle rated ``seed`` (Elo's curve)."""
    return 1 / (1 + 10 ** ((np.asarray(seed, dtype=float) - np.asarray(rating, dtype=float)) / 400))


def fit_seed(solved: dict[str, float], tries: dict[str, float], anchors: dict[str, float] = ANCHORS,
             bounds: tuple[float, float] = RANGE) -> float:
    """The maximum-likelihood rating of a puzzle that solvers of the ``anchors``' ratings
    solved ``solved[s]`` times in ``tries[s]`` (fractions allowed: a guesser's chance).

    The log-likelihood's slope in ``d`` is proportional to the expected solves minus the
    measured ones, which falls as ``d`` rises: so the best ``d`` is the one root, found by
    bisection, and more solves never give a higher seed.

    >>> fit_seed({"a": 5}, {"a": 10}, {"a": 1400})
    1400.0
    >>> fit_seed({"a": 10}, {"a": 10}, {"a": 1400}), fit_seed({"a": 0}, {"a": 10}, {"a": 1400})
    (800.0, 2200.0)
    """
    names = [s for s in anchors if tries.get(s, 0) > 0]
    want = sum(solved[s] for s in names)

    def surplus(d: float) -> float:  # expected solves at d minus the measured ones
        return sum(tries[s] * float(elo(anchors[s], d)) for s in names) - want

    low, high = bounds
    if surplus(low) <= 0:
        return low
    if surplus(high) >= 0:
        return high
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if surplus(mid) > 0 else (low, mid)
    return round((low + high) / 2, 1)


def wilson(rate: float, n: int, z: float = Z) -> tuple[float, float]:
    """The 95 % interval of a share ``rate`` of ``n`` puzzles (Wilson). For the guesser, whose
    chance on each puzzle is exact, the spread between puzzles is at most a coin's, so the
    interval is on the safe side."""
    if n == 0:
        return (0.0, 1.0)
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def score_seeds(work: dict[tuple[str, str], np.ndarray]) -> dict[tuple[str, str], float]:
    """Each cell's mean difficulty score on the rating scale: mean 1500, spread ``SPREAD``."""
    means = {key: float(w.mean()) for key, w in work.items()}
    values = np.array(list(means.values()))
    centre, spread = float(values.mean()), float(values.std()) or 1.0
    return {key: 1500 + SPREAD * (m - centre) / spread for key, m in means.items()}


def blend(measured: float, score: float, weight: float = BLEND) -> float:
    return weight * measured + (1 - weight) * score


def in_band_order(seeds: list[float], weights: list[float]) -> list[float]:
    """``seeds`` of one kind's bands, easy first, made non-decreasing: where a band starts
    above the next one, the two (and any they join) get their mean weighted by puzzles
    (pooling adjacent violators), so a puzzle labelled Medium never starts below an Easy
    one of its kind.

    >>> in_band_order([1469, 1424, 1543], [80, 80, 80])
    [1446.5, 1446.5, 1543]
    >>> in_band_order([1100, 1300, 1200], [1, 1, 3])
    [1100, 1225.0, 1225.0]
    """
    blocks = [[s, w, 1] for s, w in zip(seeds, weights)]  # value, weight, bands pooled
    i = 0
    while i < len(blocks) - 1:
        if blocks[i][0] > blocks[i + 1][0]:
            (a, wa, na), (b, wb, nb) = blocks[i], blocks.pop(i + 1)
            blocks[i] = [(a * wa + b * wb) / (wa + wb), wa + wb, na + nb]
            i = max(i - 1, 0)
        else:
            i += 1
    return [value for value, _, n in blocks for _ in range(n)]


def row_of(answered: list[Answered], score_seed: float) -> dict:
    """The JSON row of one kind and band, without its ``seed`` (:func:`seeds_at` adds it)."""
    n = len(answered)
    chances = np.array([a.chances for a in answered])
    rates = {s: float(chances[:, i].mean()) for i, s in enumerate(SOLVERS)}
    measured = fit_seed({s: rates[s] * n for s in SOLVERS}, {s: n for s in SOLVERS})
    return {
        "puzzles": n,
        "work": round(float(np.mean([a.score for a in answered])), 2),
        "score_seed": round(score_seed),
        "measured_seed": round(measured),
        "solved": {s: [round(rates[s], 4), *(round(x, 3) for x in wilson(rates[s], n))] for s in SOLVERS},
    }


def measured_range(row: dict) -> tuple[float, float]:
    """The measured seed refitted with every solver's rate at the top of its 95 % interval,
    then at the bottom: a cautious range for it."""
    n = row["puzzles"]
    at = lambda i: fit_seed({s: row["solved"][s][i] * n for s in SOLVERS}, {s: n for s in SOLVERS})  # noqa: E731
    return at(2), at(1)


def seeds_at(table: dict[str, dict[str, dict]], weight: float = BLEND) -> dict[str, dict[str, float]]:
    """kind -> band -> the seed: the blend of the measured and the score seed at ``weight``,
    put in band order within each kind (:func:`in_band_order`)."""
    out = {}
    for kind, bands in table.items():
        names = [b for b in BANDS if b in bands]
        mixed = [blend(bands[b]["measured_seed"], bands[b]["score_seed"], weight) for b in names]
        out[kind] = dict(zip(names, in_band_order(mixed, [bands[b]["puzzles"] for b in names])))
    return out


def review_orderings(seeds: dict[str, dict[str, float]], best_moves: list[tuple[str, bool, bool]]) -> dict[str, float]:
    """The review's examples (§3) under ``seeds``, each as a margin (above 0: it holds);
    ``best_moves`` is (band, heaviest tile, close call) of each sampled best move."""
    fives = seeds["fives_points"][puzzle_from_id(NO_POINTS_SUM).difficulty.band]
    unseen = seeds["unseen_count"][puzzle_from_id(HARD_UNSEEN).difficulty.band]
    hard_best = seeds["best_move"]["hard"]
    heavy = [seeds["best_move"][b] for b, h, _ in best_moves if h]
    close = [seeds["best_move"][b] for b, _, c in best_moves if c]
    return {
        "'2 + 5 = 7: no points' 250 or more below a hard best move": hard_best - 250 - fives,
        "every fives_points band below a hard best move": hard_best - max(seeds["fives_points"].values()),
        "the hard unseen count below a hard best move": hard_best - unseen,
        "heaviest-tile best moves below close calls (mean seed)":
            float(np.mean(close) - np.mean(heavy)) if heavy and close else float("nan"),
        "easy below hard in every kind": min(b["hard"] - b["easy"] for b in seeds.values()),
    }


def best_move_facts(puzzle) -> tuple[str, bool, bool]:
    """(band, lays the one heaviest tile, close call) of a best-move puzzle (review §3)."""
    from puzzles.generators.best_move_bank import is_heaviest, placements

    params = puzzle.question.params
    margin = params["values"][params["action"]] - params["values"][params["runner_up"]]
    return (puzzle.difficulty.band, is_heaviest(params["action"], placements(puzzle.round())),
            margin < CLOSE_CALL and params["share"] < 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-band", type=int, default=100, help="practice puzzles of each type and band")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    started = time.perf_counter()
    cells: dict[tuple[str, str], list[Answered]] = defaultdict(list)
    best_moves = []
    for ptype in PUZZLE_TYPES:
        for band in BANDS:
            for index in range(args.per_band):
                puzzle = practice_puzzle(ptype, None, band, index)
                answered = answer_all(puzzle)
                cells[(answered.kind, answered.band)].append(answered)
                if answered.kind == "best_move":
                    best_moves.append(best_move_facts(puzzle))
    cells = {k: v for k, v in cells.items() if len(v) >= MIN_PUZZLES}
    scored = score_seeds({k: np.array([a.score for a in v]) for k, v in cells.items()})
    table: dict[str, dict[str, dict]] = {}
    for (kind, band) in sorted(cells, key=lambda kb: (kb[0], BANDS.index(kb[1]))):
        table.setdefault(kind, {})[band] = row_of(cells[(kind, band)], scored[(kind, band)])
    for kind, bands in seeds_at(table).items():
        for band, seed in bands.items():
            table[kind][band] = {"seed": round(seed), **table[kind][band]}
    data = {
        "measured_by": "bench/puzzle_seeds.py",
        "per_band": args.per_band,
        "anchors": ANCHORS,
        "range": list(RANGE),
        "blend": BLEND,
        "seeds": table,
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{sum(len(v) for v in cells.values())} puzzles ({time.perf_counter() - started:.1f} s); solvers rated "
          + ", ".join(f"{s} {r:.0f}" for s, r in ANCHORS.items()) + f"; seed = {BLEND} measured + {1 - BLEND:g} old")
    print("| kind | band | puzzles | " + " | ".join(f"{s} (95 %)" for s in SOLVERS)
          + " | old seed | measured (range) | new seed |")
    print("|---|---|---:|" + "---:|" * (len(SOLVERS) + 3))
    for kind, bands in table.items():
        for band, row in bands.items():
            rates = " | ".join(f"{r:.0%} ({lo:.0%}–{hi:.0%})" for r, lo, hi in row["solved"].values())
            low, high = measured_range(row)
            print(f"| {kind} | {band} | {row['puzzles']} | {rates} | {row['score_seed']} "
                  f"| {row['measured_seed']} ({low:.0f}–{high:.0f}) | {row['seed']} |")
    print(f"\nThe review's orderings, as margins (above 0: it holds), at each weight of the measured seed "
          f"({len(best_moves)} best moves: {sum(h for _, h, _ in best_moves)} heaviest tile, "
          f"{sum(c for _, _, c in best_moves)} close calls):")
    weights = (0.0, 0.25, 0.5, 0.75, 1.0)
    print("| ordering | " + " | ".join(f"{w:g}" for w in weights) + " |\n|---|" + "---:|" * len(weights))
    margins = {w: review_orderings(seeds_at(table, w), best_moves) for w in weights}
    for name in margins[BLEND]:
        print(f"| {name} | " + " | ".join(f"{margins[w][name]:+.0f}" for w in weights) + " |")
    print(f"written: {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")


if __name__ == "__main__":
    main()
