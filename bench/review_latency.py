"""From a round's end to its review: how long the player waits, in every game.

A round is played as the play page plays it: the bots (``expert`` in every other seat)
at the page's fastest pace (0.6 s a move, plus their own thinking), the player (seat 0,
``strong``) taking ``--think`` seconds a move, and every choice of the player handed to
the background judges (``strategy.review_queue.RoundJudge``) the moment it is made, as
``ui/pages/play.py`` does. The wait is the wall time from the round's last move until every
decision is judged (0 when it was ready). Per game: the median, the 95th percentile and
the longest wait over ``--rounds`` rounds, and the CPU of the slowest single judgement.

    .venv/bin/python bench/review_latency.py --rounds 4 --think 1.5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from matches.game import Game, Setup  # noqa: E402
from strategy.bots import get_bot  # noqa: E402
from strategy.review_queue import RoundJudge  # noqa: E402
from strategy.solver import warm  # noqa: E402

GAMES = [("laplaza_partners", 4), ("laplaza_1v1", 2), ("all_fives", 2), ("all_fives", 4), ("draw", 3),
         ("block", 4), ("kozel", 3), ("kozel", 4)]
BOT_PACE = 0.6  # ui.parts.play.setup.PACES["fast"]


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def one_round(preset: str, players: int, seed: str, think: float) -> tuple[float, int]:
    game = Game.start(Setup(preset, players, (), seed, ("human",) + ("expert",) * (players - 1)))
    me = get_bot("strong")
    rng = random.Random(seed)
    judge = RoundJudge(0)
    while not game.round.is_over:
        if game.bot_to_move:
            time.sleep(BOT_PACE)
            game.play_bot()
            continue
        time.sleep(think)
        before, ply = game.round.copy(), len(game.rounds[0])
        game.play(me.choose(game.view(0), rng))
        judge.decided(game, before, ply)
    ended = time.perf_counter()
    judge.wait()
    return time.perf_counter() - ended, judge.total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--think", type=float, default=1.5, help="seconds the player takes a move")
    ap.add_argument("--games", default="")
    args = ap.parse_args()
    warm()
    games = [(g.split(":")[0], int(g.split(":")[1])) for g in args.games.split(",") if g] or GAMES
    print(f"bots at {BOT_PACE} s a move, the player at {args.think} s; wait = round end -> every decision judged")
    print(f"{'game':20} {'rounds':>6} {'decisions':>9} {'median':>7} {'p95':>7} {'max':>7}")
    for preset, players in games:
        waits, decisions = [], 0
        for i in range(args.rounds):
            wait, n = one_round(preset, players, f"latency:{preset}:{players}:{i}", args.think)
            waits.append(wait)
            decisions += n
        print(f"{preset + ':' + str(players):20} {args.rounds:6} {decisions:9} {statistics.median(waits):6.2f}s "
              f"{pct(waits, .95):6.2f}s {max(waits):6.2f}s", flush=True)


if __name__ == "__main__":
    main()
