"""The play rating: simulated players of known strength play matches against the bots.

The bots are rated as the app rates them (``ui.parts.play.rating.bot_ratings``, from
``strategy/strength.json``: docs/ratings.md). A player of strength ``s`` (on the same scale:
a deal) wins a round against a level rated ``b`` with the chance ``1 / (1 + 10^((b − s) / 400))``
and ties none; a match is ``--rounds`` rounds, rated as one period through
``progress.ratings.rate_games`` (the update the store makes). Each match the player picks
the level whose rating is nearest their own (as a player who wants a fair match does), or
any level (a share ``--random``).

Printed: after n matches, the median |rating − strength|, the share within 50 and 100, the
mean deviation, and the rank correlation with strength.

    .venv/bin/python bench/play_rating_sim.py                   # 2,000 players, 60 matches each
    .venv/bin/python bench/play_rating_sim.py --game laplaza_1v1 --players 2 --rounds 6
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from matches.game import PLAYABLE_LEVELS  # noqa: E402
from progress.ratings import START, rate_games  # noqa: E402
from ui.parts.play.rating import bot_ratings  # noqa: E402

CHECKPOINTS = (1, 2, 3, 5, 10, 20, 30, 60, 100)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="laplaza_partners")
    parser.add_argument("--table", type=int, default=4, help="players at the table")
    parser.add_argument("--players", type=int, default=2000, help="simulated players")
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=5, help="rounds in a match")
    parser.add_argument("--random", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    levels = bot_ratings(args.game, args.table)
    bots = [levels[level] for level in PLAYABLE_LEVELS]
    rng = random.Random(args.seed)
    # strengths spread over the bots' range and a little beyond it
    low, high = bots[0].value - 150, bots[-1].value + 150
    strength = [rng.uniform(low, high) for _ in range(args.players)]
    ratings = [START] * args.players
    print(f"{args.game} ({args.table} players): bots " + ", ".join(f"{lv} {r.shown}" for lv, r in zip(PLAYABLE_LEVELS, bots)))
    print(f"{args.players:,} players of strength {low:.0f} to {high:.0f}, {args.matches} matches of {args.rounds} rounds")
    started = time.perf_counter()
    print(f"{'after':>6} {'median |error|':>15} {'within 50':>10} {'within 100':>11} {'mean deviation':>15} "
          f"{'rank corr.':>11}")
    for match in range(1, args.matches + 1):
        for p in range(args.players):
            mine = ratings[p]
            bot = rng.choice(bots) if rng.random() < args.random else min(bots, key=lambda b: abs(b.value - mine.value))
            chance = 1 / (1 + 10 ** ((bot.value - strength[p]) / 400))
            games = [(bot, 1.0 if rng.random() < chance else 0.0) for _ in range(args.rounds)]
            ratings[p] = rate_games(mine, games)
        if match in CHECKPOINTS:
            errors = np.abs(np.array([r.value for r in ratings]) - np.array(strength))
            corr = pd.Series([r.value for r in ratings]).rank().corr(pd.Series(strength).rank())
            print(f"{match:>6} {np.median(errors):>15.0f} {np.mean(errors <= 50):>10.0%} {np.mean(errors <= 100):>11.0%} "
                  f"{np.mean([r.deviation for r in ratings]):>15.0f} {corr:>11.3f}")
    print(f"wall {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
