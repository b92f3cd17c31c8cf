"""Hint speed: strategy.evaluate.evaluate (PIMC) per phase of the round.

For random rounds of Partners and 1 v 1, at every decision of the player to move (random
play between decisions), the wall and CPU time of a 32-deal evaluation without a time
budget (``deals=32, budget=None``), grouped by how many tiles lie on the table; the
median and 95th percentile of each phase. Forced moves are included (a hint solves them
too). Then the early positions with a one-second budget: how many deals fit; and the
wall time of every move of a few rounds played by four ``expert`` bots; last, on Partners
positions where the ``dominoes`` package's probabilistic_alphabeta searches, our hint and
expert move beside its move, in the same run.

    .venv/bin/python bench/hint_speed.py --rounds 6
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
from strategy.bots import get_bot, legal_from_view  # noqa: E402
from strategy.duel import PAB_FROM_TILES, dominoes_pab  # noqa: E402
from strategy.evaluate import evaluate  # noqa: E402

PHASES = ((0, 3), (4, 7), (8, 11), (12, 15), (16, 19), (20, 28))


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--deals", type=int, default=32)
    ap.add_argument("--budget-check", type=int, default=12, help="positions for the 1 s budget check")
    ap.add_argument("--expert-rounds", type=int, default=3, help="rounds played by experts, timing each move")
    ap.add_argument("--pab-positions", type=int, default=12,
                    help="Partners positions (22 tiles or fewer in hands) timed beside dominoes-pab")
    args = ap.parse_args()
    for name in ("laplaza_partners", "laplaza_1v1"):
        rules = Rules.preset(name)
        rows: dict[int, list[tuple[float, float]]] = {}
        early = []
        for i in range(args.rounds):
            rnd = deal(rules, seed=f"hint-bench:{i}")
            rng = random.Random(i)
            while rnd.result is None:
                view = rnd.view(rnd.turn)
                w, c = time.perf_counter(), time.process_time()
                evaluate(view, deals=args.deals, budget=None, seed=i)
                w, c = time.perf_counter() - w, time.process_time() - c
                placed = len(rnd.line)
                phase = next(k for k, (lo, hi) in enumerate(PHASES) if lo <= placed <= hi)
                rows.setdefault(phase, []).append((w, c))
                if placed <= 3:
                    early.append(view)
                legal = rnd.legal_action_ids()
                rnd.apply_id(legal[rng.randrange(len(legal))])
        print(f"\n{name}: {args.deals} deals per evaluation, {args.rounds} rounds")
        print(f"{'tiles on table':>15} {'n':>4} {'wall median':>12} {'wall p95':>9} {'CPU median':>11} {'CPU p95':>8}")
        allw = []
        for k in sorted(rows):
            ws = [w for w, _ in rows[k]]
            cs = [c for _, c in rows[k]]
            allw += ws
            lo, hi = PHASES[k]
            print(f"{f'{lo}-{hi}':>15} {len(ws):4} {statistics.median(ws):10.3f} s {pct(ws, .95):7.3f} s "
                  f"{statistics.median(cs):9.3f} s {pct(cs, .95):6.3f} s")
        print(f"{'all':>15} {len(allw):4} {statistics.median(allw):10.3f} s {pct(allw, .95):7.3f} s")
        got = [evaluate(v, deals=1000, budget=1.0, seed=1).deals for v in early[:args.budget_check]]
        if got:
            print(f"deals done in a 1 s budget at 0-3 tiles on the table: median {statistics.median(got)}, "
                  f"min {min(got)} ({len(got)} positions)")
        expert = get_bot("expert")
        times, chosen = [], []
        for i in range(args.expert_rounds):
            rnd = deal(rules, seed=f"hint-bench:expert:{i}")
            rng = random.Random(i)
            while rnd.result is None:
                view = rnd.view(rnd.turn)
                w = time.perf_counter()
                action = expert.choose(view, rng)
                times.append(time.perf_counter() - w)
                if len(legal_from_view(view)) > 1:
                    chosen.append(times[-1])
                rnd.apply(action)
        if times:
            print(f"expert move (wall, every decision of {args.expert_rounds} rounds played by four experts, "
                  f"forced moves included): median {statistics.median(times):.3f} s, p95 {pct(times, .95):.3f} s, "
                  f"max {max(times):.3f} s ({len(times)} moves); with a choice (two legal actions or more): "
                  f"median {statistics.median(chosen):.3f} s, p95 {pct(chosen, .95):.3f} s ({len(chosen)} moves)")
    beside_dominoes(args.pab_positions, args.deals)


def beside_dominoes(positions: int, deals: int) -> None:
    """Our hint and expert move beside the ``dominoes`` package's probabilistic_alphabeta
    move (8 sampled deals) on the same Partners positions, where that player starts to
    search (18 to 22 tiles in hands: its hardest ones); CPU time of each."""
    pab = dominoes_pab()
    if pab is None or positions <= 0:
        print("\ndominoes-pab: the dominoes package is not installed (pip install '.[bench]')")
        return
    rules = Rules.preset("laplaza_partners")
    expert = get_bot("expert")
    ours_hint, ours_move, theirs = [], [], []
    i = 0
    while len(theirs) < positions:
        rnd = deal(rules, seed=f"hint-bench:pab:{i}")
        rng = random.Random(i)
        i += 1
        while rnd.result is None and len(theirs) < positions:
            if PAB_FROM_TILES - 4 <= sum(len(rnd.hand(s)) for s in range(4)) <= PAB_FROM_TILES \
                    and len(rnd.legal_actions()) > 1:
                view = rnd.view(rnd.turn)
                c = time.process_time()
                evaluate(view, deals=deals, budget=None, seed=i)
                ours_hint.append(time.process_time() - c)
                c = time.process_time()
                expert.choose(view, random.Random(i))
                ours_move.append(time.process_time() - c)
                c = time.process_time()
                pab(rnd, rnd.turn, random.Random(i))
                theirs.append(time.process_time() - c)
            legal = rnd.legal_action_ids()
            rnd.apply_id(legal[rng.randrange(len(legal))])
    print(f"\nPartners, {positions} positions with a choice and {PAB_FROM_TILES - 4}-{PAB_FROM_TILES} tiles in hands "
          f"(where dominoes-pab starts searching; CPU):")
    print(f"  our hint ({deals} deals): median {statistics.median(ours_hint):.3f} s, p95 {pct(ours_hint, .95):.3f} s")
    print(f"  our expert move:        median {statistics.median(ours_move):.3f} s, p95 {pct(ours_move, .95):.3f} s")
    print(f"  dominoes-pab move (8 deals): median {statistics.median(theirs):.3f} s, p95 {pct(theirs, .95):.3f} s")


if __name__ == "__main__":
    main()
