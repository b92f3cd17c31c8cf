"""Random rounds per CPU-second for every preset, and for the `dominoes` package (6.1.0).

Run: .venv/bin/python bench/engine_speed.py [--seconds S]
Prints one line per preset and player count, then the Partners ratio to `dominoes`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import PRESETS, Rules, deal_from  # noqa: E402


def engine_rate(rules: Rules, seconds: float) -> tuple[float, float]:
    """(rounds per CPU-second, actions per round) over at least ``seconds`` of CPU time."""
    rng = random.Random(1)
    rounds = actions = 0
    start = time.process_time()
    while True:
        for _ in range(200):
            rnd = deal_from(rules, rng)
            rnd.playout(rng)
            actions += len(rnd.history)
            rounds += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return rounds / spent, actions / rounds


def dominoes_rate(seconds: float) -> float | None:
    """Random Partners games of the `dominoes` package per CPU-second, if it is installed."""
    try:
        import dominoes
    except ImportError:
        return None
    rand = random.Random(1).random
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    args = parser.parse_args()
    print(f"{'preset':<18} {'players':>7} {'rounds/CPU-s':>13} {'actions/round':>14}")
    partners = None
    for name, (players, _) in PRESETS.items():
        for n in players:
            rate, length = engine_rate(Rules.preset(name, n), args.seconds)
            if name == "laplaza_partners":
                partners = rate
            print(f"{name:<18} {n:>7} {rate:>13,.0f} {length:>14.1f}")
    theirs = dominoes_rate(args.seconds)
    if theirs is None:
        print("dominoes 6.1.0 not installed (pip install -e '.[bench]'): no comparison")
        return
    print(f"{'dominoes 6.1.0':<18} {4:>7} {theirs:>13,.0f}")
    print(f"Partners: Capicú is {partners / theirs:.1f}x the dominoes package (goal: at least 6x)")


if __name__ == "__main__":
    main()
