"""How long exact inference takes on positions from real random rounds.

Run:  .venv/bin/python bench/inference_speed.py [--rounds N] [--seed S]

For each rule set, N rounds are dealt (``engine.deal``) and played with random legal
actions; every position of every round is viewed from every seat. Per view it times,
with the model cache cleared first (a bot's first look at a new position):

* ``holder_probabilities(view)`` (build the model, count, every tile's holders),
* ``sample_deal(view, rng)`` (build the model, one uniform deal as a Round),
* ``sample_deals(view, rng, 32)`` (one bot move's worth of samples, model built once).

It prints the median, the 95th percentile and the maximum in milliseconds of CPU time
(``time.process_time``: on a shared machine wall-clock maxima mostly measure the other
processes; treat single figures loosely all the same).
See docs/inference.md.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Rules, deal  # noqa: E402
from engine import inference  # noqa: E402

CONFIGS = [("laplaza_partners", 4), ("laplaza_1v1", 2), ("draw", 2), ("draw", 3), ("draw", 4),
           ("kozel", 2), ("kozel", 3), ("kozel", 4)]


def views(preset: str, players: int, rounds: int, seed: int):
    """Every view of every position of ``rounds`` random rounds."""
    rules = Rules.preset(preset, players)
    for r in range(rounds):
        rnd = deal(rules, seed=f"{seed}:{r}")
        rng = random.Random(f"{seed}:{r}:play")
        while True:
            for seat in range(rnd.n):
                yield rnd.view(seat)
            if rnd.is_over:
                break
            moves = rnd.legal_action_ids()
            rnd.apply_id(moves[rng.randrange(len(moves))])


def timed(fn) -> float:
    inference._model_of.cache_clear()
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def summary(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return f"median {statistics.median(times):6.2f}  p95 {p95:6.2f}  max {times[-1]:6.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {args.rounds} random rounds per rule set, times in ms")
    print(f"{'rules':<22}{'views':>6}  {'holder_probabilities':<40}{'sample_deal':<40}{'sample_deals k=32'}")
    for preset, players in CONFIGS:
        probs, one, many = [], [], []
        rng = random.Random(args.seed)
        count = 0
        for view in views(preset, players, args.rounds, args.seed):
            count += 1
            probs.append(timed(lambda: inference.holder_probabilities(view)))
            one.append(timed(lambda: inference.sample_deal(view, rng)))
            many.append(timed(lambda: inference.sample_deals(view, rng, 32)))
        name = f"{preset} {players}p"
        print(f"{name:<22}{count:>6}  {summary(probs):<40}{summary(one):<40}{summary(many)}")


if __name__ == "__main__":
    main()
