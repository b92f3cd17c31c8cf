"""Bot strength: duplicate duels between the levels, written to docs/strength.md.

Every pairing plays the same deals (``strategy.duel``: each deal twice, seats swapped).
Small N by default, to fit a few minutes of a shared machine; the doc says which N.

    .venv/bin/python bench/strength.py --deals 40 --expert-deals 8
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Rules  # noqa: E402
from strategy.bots import LEVELS  # noqa: E402
from strategy.strength import write as write_strength  # noqa: E402
from strategy.duel import duel, dominoes_pab  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

CHEAP = [("heaviest", "random"), ("beginner", "random"), ("casual", "beginner"), ("casual", "heaviest"),
         ("strong", "casual"), ("strong", "heaviest")]
EXPERT = [("expert", "strong"), ("expert", "heaviest")]
PAB = [("dominoes-pab", "heaviest"), ("expert", "dominoes-pab")]


def _timed_duel(game: str, a: str, b: str, n: int, seed: int) -> tuple[dict, float]:
    started = time.perf_counter()
    d = duel(a, b, n, seed, Rules.preset(game)).to_dict()
    return d, time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100, help="deals per pairing without the expert")
    ap.add_argument("--expert-deals", type=int, default=8, help="deals per pairing with the expert or dominoes-pab")
    ap.add_argument("--games", default="laplaza_partners,laplaza_1v1")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default=str(ROOT / "docs" / "strength.md"))
    ap.add_argument("--pab-deals", type=int, default=6, help="deals per pairing with dominoes-pab")
    ap.add_argument("--skip-expert", action="store_true")
    ap.add_argument("--append", action="store_true", help="keep the doc's sections of the other games")
    ap.add_argument("--jobs", type=int, default=1, help="pairings played at once, one process each")
    args = ap.parse_args()
    duels = []
    for game in args.games.split(","):
        pairings = [(a, b, args.deals) for a, b in CHEAP]
        if not args.skip_expert:
            pairings += [(a, b, args.expert_deals) for a, b in EXPERT]
            if game == "laplaza_partners" and dominoes_pab() is not None:
                pairings += [(a, b, args.pab_deals) for a, b in PAB]
        duels += [(game, a, b, n, args.seed) for a, b, n in pairings]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        # the longest first (the expert and dominoes-pab ones), so the workers finish together
        slow = {"expert", "dominoes-pab"}
        order = sorted(range(len(duels)), key=lambda i: -duels[i][3] if slow & set(duels[i][1:3]) else 0)
        futures = {i: pool.submit(_timed_duel, *duels[i]) for i in order}
        rows = []
        for i, (game, a, b, n, _) in enumerate(duels):
            d, secs = futures[i].result()
            rows.append((game, d, secs))
            print(f"{game:17} {a:>12} vs {b:<12} {n:4} deals {d['points_per_deal']:+7.2f} "
                  f"[{d['ci95'][0]:+.2f}, {d['ci95'][1]:+.2f}] w/t/l {d['win']}/{d['tie']}/{d['loss']} "
                  f"({secs:.0f} s)", flush=True)
    lines = [
        "# Bot strength",
        "",
        "Written by `bench/strength.py`, one game a run (the command of each is under its heading; "
        "`--append` keeps the other games' sections). Duplicate duels "
        "(`strategy/duel.py`): every deal is played twice with the seats swapped, and every "
        f"pairing meets the same deals (seed {args.seed}). *Points per deal* is A's round points "
        "minus B's, averaged over the two plays of a deal, then over the deals; the 95% interval is "
        "1.96 standard errors of those per-deal scores; w/t/l counts the deals A won, tied and lost.",
        "",
        "N is small (a shared two-core machine, a few minutes per run): the deals of each pairing are "
        "in its row. Intervals that contain 0 do not separate the two players. The `time` column is "
        "wall time on that machine.",
        "",
        "Levels:",
        "",
        *[f"* `{name}`: {bot.description}" for name, bot in LEVELS.items()],
        "",
        "`dominoes-pab` is the `dominoes` 6.1.0 package's `probabilistic_alphabeta` player (8 sampled "
        "deals per move) once 22 tiles or fewer are in hands, its `bota_gorda` (heaviest first) before "
        "that: its search takes seconds per move earlier in a round.",
        "",
    ]
    kept = []
    out = Path(args.out)
    if args.append and out.exists():
        games_now = set(g for g, _, _ in rows)
        for part in out.read_text().split("\n## ")[1:]:
            if part.split("\n", 1)[0].strip() not in games_now:
                kept.append("## " + part.rstrip("\n") + "\n")
    lines += kept
    for game in dict.fromkeys(g for g, _, _ in rows):
        command = (f"`.venv/bin/python bench/strength.py --games {game} --deals {args.deals} "
                   f"--expert-deals {args.expert_deals} --pab-deals {args.pab_deals} --seed {args.seed}`")
        lines += [f"## {game}", "", command, "", "| A | B | deals | points per deal (A) | 95% CI | w / t / l | time |",
                  "|---|---|---:|---:|---|---|---:|"]
        for g, d, secs in rows:
            if g == game:
                lines.append(f"| {d['a']} | {d['b']} | {d['deals']} | {d['points_per_deal']:+.2f} | "
                             f"[{d['ci95'][0]:+.2f}, {d['ci95'][1]:+.2f}] | {d['win']} / {d['tie']} / {d['loss']} "
                             f"| {secs:.0f} s |")
        lines.append("")
    out.write_text("\n".join(lines))
    # the same rows for the app (the play page shows each level's measured strength)
    write_strength([{**d, "game": g} for g, d, _ in rows])
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
