"""How long the analysis board's companion takes per entry of a recorded round.

Run:  .venv/bin/python bench/companion_speed.py [--rounds N] [--seed S]

For each rule set, N random rounds are played on the engine and written down from seat 0
as the analysis board does (``matches.companion.TableGame.play``, one entry per move).
Per entry it times, in CPU time (``time.process_time``):

* ``entry``: the entry itself (the engine's judgement, the deal model finding a deal
  that fits the record, or the reason none does);
* ``shown``: the entry plus what the page shows after it: the seat's view, who cannot
  hold which numbers with the reasons, and the exact odds of where each unseen tile is
  (``engine.holdings.holder_probabilities``, its model cache cleared first).

It prints the median, the 95th percentile and the maximum in milliseconds; the goal
(issue 19) is 0.3 s. See docs/analysis.md.
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
from engine.holdings import holder_probabilities  # noqa: E402
from engine.tiles import TILES  # noqa: E402
from matches.companion import TableGame  # noqa: E402

CONFIGS = [("laplaza_partners", 4), ("laplaza_1v1", 2), ("all_fives", 4), ("draw", 2), ("draw", 4),
           ("block", 4), ("kozel", 3), ("kozel", 4)]


def entries(preset: str, players: int, rounds: int, seed: int):
    """(the record before, the entry) for every move of ``rounds`` random rounds."""
    rules = Rules.preset(preset, players)
    for r in range(rounds):
        real = deal(rules, seed=f"{seed}:{r}")
        rng = random.Random(f"{seed}:{r}:play")
        game = TableGame(rules, seat=0, hand=[str(t) for t in real.hand(0)], leader=real.leader)
        while not real.is_over:
            actions = real.legal_actions()
            action = actions[rng.randrange(len(actions))]
            mover = real.turn
            real.apply(action)
            drawn = str(TILES[real.history[-1][2]]) if mover == 0 and action.kind == "draw" else None
            yield game, (mover, str(action), drawn)
            game = game.play(mover, str(action), drawn)


def summary(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return f"median {statistics.median(times):7.1f}  p95 {p95:7.1f}  max {times[-1]:7.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {args.rounds} random rounds per rule set, CPU ms per entry")
    print(f"{'rules':<22}{'entries':>8}  {'entry':<44}{'shown (entry, view, odds)'}")
    everything = []
    for preset, players in CONFIGS:
        alone, shown = [], []
        for before, (seat, action, drawn) in entries(preset, players, args.rounds, args.seed):
            inference._model_of.cache_clear()
            start = time.process_time()
            after = before.play(seat, action, drawn)
            middle = time.process_time()
            view = after.view()
            for s in view.cannot_hold():
                view.cannot_hold_reasons(s)
            holder_probabilities(view)
            end = time.process_time()
            alone.append((middle - start) * 1000)
            shown.append((end - start) * 1000)
        everything += shown
        print(f"{preset + '/' + str(players):<22}{len(alone):>8}  {summary(alone):<44}{summary(shown)}")
    print(f"{'all':<22}{len(everything):>8}  {'':<44}{summary(everything)}")


if __name__ == "__main__":
    main()
