"""The hint worked out while the player thinks, at the start of a round: how sure it is
beside the ordinary hint, and how long a player must look at the board for it to be there.

At every decision with a real choice and at most three tiles on the table (where the
ordinary hint's second cannot tell close moves apart), for random rounds of every game
and player count (``strong`` bots at every seat): the ordinary hint (``hint``: precision
0.5, 6 M nodes, a 2 s guard) and the deeper hint the play page starts when the player's
turn begins (``strategy.hint_ahead.deeper_hint``: 30 M nodes, no guard), then, where that
one cannot tell the close moves apart, the thorough stage that follows it (120 M nodes).
Printed per game: the median standard error of the gap between the recommended move and
a close move (``early se``, 0 when every deal was solved) for each, the share of hints
that told every close move apart, how often the ordinary and the deeper hint recommend
the same move, and the CPU time until the deeper hint is done (*think*: the thinking time
after which a hint asked for is the deeper one) and until the last stage is done
(*last*).

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
from strategy.hints import DEEP_NODES, HINT_NODES, THOROUGH_NODES, hint  # noqa: E402
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
    plain_se, deep_se, last_se, plain_sure, deep_sure, last_sure, same, think, last = [], [], [], 0, 0, 0, 0, [], []
    for view, seed in early_positions(name, players, rounds):
        plain = hint(view, seed=seed)
        cpu = time.process_time()
        deep = deeper_hint(view, seed)
        think.append(time.process_time() - cpu)
        final = deep if deep.told_apart else deeper_hint(view, seed, thorough=True)  # as HintAhead does
        last.append(time.process_time() - cpu)
        plain_se.append(worst_gap_error(plain.evaluation))
        deep_se.append(worst_gap_error(deep.evaluation))
        last_se.append(worst_gap_error(final.evaluation))
        plain_sure += plain.told_apart
        deep_sure += deep.told_apart
        last_sure += final.told_apart
        same += plain.best == deep.best
    n = len(think)
    return {"game": f"{name}:{players}", "n": n, "plain_se": statistics.median(plain_se),
            "deep_se": statistics.median(deep_se), "last_se": statistics.median(last_se),
            "plain_sure": plain_sure / n, "deep_sure": deep_sure / n, "last_sure": last_sure / n,
            "same": same / n, "think": statistics.median(think), "think95": pct(think, .95),
            "last": statistics.median(last), "last95": pct(last, .95)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=2, help="rounds per game and player count")
    ap.add_argument("--games", default="", help="comma-separated preset:players (default: every one)")
    args = ap.parse_args()
    print(f"jitted solver loaded in {warm():.2f} s (not counted)")
    print(f"ordinary hint {HINT_NODES:,} nodes; deeper hint {DEEP_NODES:,} nodes, then the thorough one "
          f"{THOROUGH_NODES:,}, worked out while the player thinks; decisions with at most 3 tiles on the table, "
          f"{args.rounds} rounds each")
    print(f"{'game':14} {'hints':>5} {'early se':>8} {'deep se':>8} {'last se':>8} {'sure':>6} {'deep sure':>9} "
          f"{'last sure':>9} {'same move':>9} {'think med':>9} {'think p95':>9} {'last med':>9} {'last p95':>9}")
    for name, players in [(g.split(":")[0], int(g.split(":")[1])) for g in args.games.split(",") if g] or GAMES:
        r = one_game(name, players, args.rounds)
        print(f"{r['game']:14} {r['n']:5} {r['plain_se']:8.2f} {r['deep_se']:8.2f} {r['last_se']:8.2f} "
              f"{r['plain_sure']:6.0%} {r['deep_sure']:9.0%} {r['last_sure']:9.0%} {r['same']:9.0%} "
              f"{r['think']:8.2f}s {r['think95']:8.2f}s {r['last']:8.2f}s {r['last95']:8.2f}s", flush=True)


if __name__ == "__main__":
    main()
