"""The hint worked out while the player thinks, at the start of a round: how sure it is
beside the ordinary hint, and how long a player must look at the board for it to be there.

At every decision with a real choice and at most three tiles on the table (where the
ordinary hint's second cannot tell close moves apart), for random rounds of every game
and player count (``strong`` bots at every seat): the ordinary hint (``hint``: precision
0.5, 6 M nodes, a 2 s guard) and the deeper hint the play page starts when the player's
turn begins (``strategy.hint_ahead.deeper_hint``: 30 M nodes, no guard). Printed per game:
the median standard error of the gap between the recommended move and a close move
(``early se``, 0 when every deal was solved), the share of hints that told every close
move apart, how often the two recommend the same move, and the deeper hint's CPU time:
the thinking time after which a hint asked for is the deeper one.

    .venv/bin/python bench/hint_ahead.py --rounds 2
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
from strategy.hint_ahead import deeper_hint  # noqa: E402
from strategy.hints import DEEP_NODES, HINT_NODES, hint  # noqa: E402
from strategy.solver import warm  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hint_speed import GAMES, pct, worst_gap_error  # noqa: E402


def early_positions(name: str, players: int, rounds: int):
    """(view, seed) of every early decision with a real choice, in a fixed order."""
    rules, strong = Rules.preset(name, players), get_bot("strong")
    for i in range(rounds):
        rnd = deal(rules, seed=f"hint-ahead:{name}:{players}:{i}")
        rng = random.Random(i)
        while rnd.result is None and len(rnd.line) <= 3:
            view = rnd.view(rnd.turn)
            if len(rnd.canonical_actions()) > 1:
                yield view, i * 100 + len(rnd.history)
            rnd.apply(strong.choose(view, rng))


def one_game(name: str, players: int, rounds: int) -> dict:
    plain_se, deep_se, plain_sure, deep_sure, same, think = [], [], 0, 0, 0, []
    for view, seed in early_positions(name, players, rounds):
        plain = hint(view, seed=seed)
        cpu = time.process_time()
        deep = deeper_hint(view, seed)
        think.append(time.process_time() - cpu)
        plain_se.append(worst_gap_error(plain.evaluation))
        deep_se.append(worst_gap_error(deep.evaluation))
        plain_sure += plain.evaluation.stop in ("exact", "precision")
        deep_sure += deep.evaluation.stop in ("exact", "precision")
        same += plain.best == deep.best
    n = len(think)
    return {"game": f"{name}:{players}", "n": n, "plain_se": statistics.median(plain_se),
            "deep_se": statistics.median(deep_se), "plain_sure": plain_sure / n, "deep_sure": deep_sure / n,
            "same": same / n, "think": statistics.median(think), "think95": pct(think, .95)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=2, help="rounds per game and player count")
    ap.add_argument("--games", default="", help="comma-separated preset:players (default: every one)")
    args = ap.parse_args()
    print(f"jitted solver loaded in {warm():.2f} s (not counted)")
    print(f"ordinary hint {HINT_NODES:,} nodes; deeper hint {DEEP_NODES:,} nodes, worked out while the player "
          f"thinks; decisions with at most 3 tiles on the table, {args.rounds} rounds each")
    print(f"{'game':14} {'hints':>5} {'early se':>8} {'ahead se':>8} {'sure':>6} {'ahead sure':>10} "
          f"{'same move':>9} {'think med':>9} {'think p95':>9}")
    for name, players in [(g.split(":")[0], int(g.split(":")[1])) for g in args.games.split(",") if g] or GAMES:
        r = one_game(name, players, args.rounds)
        print(f"{r['game']:14} {r['n']:5} {r['plain_se']:8.2f} {r['deep_se']:8.2f} {r['plain_sure']:6.0%} "
              f"{r['deep_sure']:10.0%} {r['same']:9.0%} {r['think']:8.2f}s {r['think95']:8.2f}s", flush=True)


if __name__ == "__main__":
    main()
