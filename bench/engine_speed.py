"""Random rounds per CPU-second for every preset, and for the `dominoes` package (6.1.0).

Run:  .venv/bin/python bench/engine_speed.py [--seconds S] [--repeats R]

Both engines play the same random policy: at every turn, ``legal[int(rng.random() *
len(legal))]``. A Capicú round is ``deal_from(rules, rng)`` then ``playout(rng)`` (the
deal, every action and the settled result are all included); a `dominoes` round is
``Game.new()`` then ``make_move`` until ``game.result``. Figures are CPU time
(``time.process_time``). The Partners comparison alternates the two engines in short
slices of 0.25 CPU-s, so both see the same load, and reports the medians and the
median of the paired ratios: on a shared machine a single figure can be off by a third.
See docs/performance.md.
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

from engine import PRESETS, Rules, deal_from  # noqa: E402


def engine_rate(rules: Rules, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(rounds per CPU-second, actions per round) over at least ``seconds`` of CPU time."""
    rng = random.Random(seed)
    rounds = actions = points = 0
    start = time.process_time()
    while True:
        for _ in range(200):
            rnd = deal_from(rules, rng)
            result = rnd.playout(rng)
            points += result.points[0]            # the result is there, settled
            actions += len(rnd.history)
            rounds += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return rounds / spent, actions / rounds


def dominoes_rate(seconds: float, seed: int = 1) -> float | None:
    """Random Partners games of the `dominoes` package per CPU-second, if it is installed."""
    try:
        import dominoes
    except ImportError:
        return None
    rand = random.Random(seed).random
    games = 0
    start = time.process_time()
    while True:
        for _ in range(50):
            game = dominoes.Game.new()
            while game.result is None:
                moves = game.valid_moves
                game.make_move(*moves[int(rand() * len(moves))])
            games += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return games / spent


def micro_costs(rules: Rules, rounds: int = 2000) -> dict[str, float]:
    """Microseconds per call of what searches and the UI use, over whole random rounds."""
    rng = random.Random(7)
    deals = [deal_from(rules, rng) for _ in range(rounds)]
    lines = []
    for rnd in deals:                                # a random line of play for each deal
        twin = rnd.copy()
        twin.playout(rng)
        lines.append([aid for _, aid, _ in twin.history])
    actions = sum(map(len, lines))
    costs: dict[str, float] = {}

    start = time.process_time()
    for _ in range(5):
        for _ in range(rounds):
            deal_from(rules, rng)
    costs["deal_from"] = (time.process_time() - start) / (5 * rounds) * 1e6

    start = time.process_time()
    for rnd, line in zip(deals, lines):              # a whole round, action by action
        for aid in line:
            rnd.apply_id(aid)
    costs["apply_id"] = (time.process_time() - start) / actions * 1e6
    start = time.process_time()
    for rnd in deals:                                # and back to the deal
        for _ in range(len(rnd.history)):
            rnd.undo()
    costs["undo"] = (time.process_time() - start) / actions * 1e6

    for rnd, line in zip(deals, lines):              # halfway through each round
        for aid in line[:len(line) // 2]:
            rnd.apply_id(aid)
    start = time.process_time()
    for _ in range(5):
        for rnd in deals:
            rnd.legal_action_ids()
    costs["legal_action_ids (mid-round)"] = (time.process_time() - start) / (5 * rounds) * 1e6
    start = time.process_time()
    for _ in range(5):
        for rnd in deals:
            rnd.copy()
    costs["copy (mid-round)"] = (time.process_time() - start) / (5 * rounds) * 1e6
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measurement")
    parser.add_argument("--repeats", type=int, default=5,
                        help="the Partners comparison lasts repeats x seconds for each engine")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.processor() or 'cpu'}")
    print(f"{'preset':<18} {'players':>7} {'rounds/CPU-s':>13} {'µs/round':>9} {'actions/round':>14}")
    for name, (players, _) in PRESETS.items():
        for n in players:
            rate, length = engine_rate(Rules.preset(name, n), args.seconds)
            print(f"{name:<18} {n:>7} {rate:>13,.0f} {1e6 / rate:>9.1f} {length:>14.1f}")

    partners = Rules.preset("laplaza_partners")
    print("\nCost of single operations (Partners, µs):")
    for op, cost in micro_costs(partners).items():
        print(f"  {op:<40} {cost:6.2f}")

    slices = max(1, round(args.repeats * args.seconds / 0.25))
    ours, theirs = [], []
    for repeat in range(slices):  # short alternating slices: both see the same load
        ours.append(engine_rate(partners, 0.25, seed=repeat)[0])
        other = dominoes_rate(0.25, seed=repeat)
        if other is None:
            print("\ndominoes 6.1.0 not installed (pip install -e '.[bench]'): no comparison")
            return
        theirs.append(other)
    ratios = [a / b for a, b in zip(ours, theirs)]
    print(f"\nPartners, {slices} alternating slices of 0.25 CPU-s for each engine:")
    print(f"  Capicú         median {statistics.median(ours):>9,.0f} rounds/CPU-s  "
          f"(quartiles {_quartiles(ours)})")
    print(f"  dominoes 6.1.0 median {statistics.median(theirs):>9,.0f} rounds/CPU-s  "
          f"(quartiles {_quartiles(theirs)})")
    print(f"  ratio of the medians {statistics.median(ours) / statistics.median(theirs):.1f}x, "
          f"median of the paired ratios {statistics.median(ratios):.1f}x "
          f"(quartiles {_quartiles(ratios, '.1f')}); goal: at least 6x")


def _quartiles(values: list[float], form: str = ",.0f") -> str:
    q1, _, q3 = statistics.quantiles(values, n=4) if len(values) > 1 else (values[0],) * 3
    return f"{q1:{form}} to {q3:{form}}"


if __name__ == "__main__":
    main()
