"""The lower ladder (random, heaviest, beginner, club player, strong) in every game and
player count: the cheap pairings of ``bench/strength.py``, each a duplicate duel, into
``strategy/strength.json`` (so the ratings of those games stop borrowing La Plaza's gaps)
and, with ``--doc``, into the table between ``<!-- lower ladder -->`` markers of
docs/strength.md. Seconds a duel: no search.

    .venv/bin/python bench/lower_ladder.py --deals 1000 --jobs 2 --doc
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import PRESETS, Rules  # noqa: E402
from strategy.duel import duel  # noqa: E402
from strategy.strength import write as write_strength  # noqa: E402

from strength import CHEAP  # noqa: E402  (bench/strength.py, beside this file)

DOC = Path(__file__).resolve().parents[1] / "docs" / "strength.md"
#: La Plaza's games have their own sections (bench/strength.py)
GAMES = ("all_fives", "draw", "block", "kozel")


def play(game: str, players: int, a: str, b: str, deals: int, seed: int) -> tuple[dict, float]:
    started = time.perf_counter()
    row = duel(a, b, deals, seed, Rules.preset(game, players)).to_dict()
    return {**row, "game": game, "players": players}, time.perf_counter() - started


def table(rows: list[tuple[dict, float]]) -> str:
    lines = ["| game | players | A | B | deals | points per deal (A) | 95% CI | w / t / l | time |",
             "|---|---:|---|---|---:|---:|---|---|---:|"]
    for d, secs in rows:
        lines.append(f"| {d['game']} | {d['players']} | {d['a']} | {d['b']} | {d['deals']} | "
                     f"{d['points_per_deal']:+.2f} | [{d['ci95'][0]:+.2f}, {d['ci95'][1]:+.2f}] | "
                     f"{d['win']} / {d['tie']} / {d['loss']} | {secs:.0f} s |")
    return "\n".join(lines)


def write_doc(text: str, command: str, path: Path = DOC) -> None:
    doc = path.read_text(encoding="utf-8")
    start, end = doc.index("<!-- lower ladder -->") + len("<!-- lower ladder -->"), doc.index("<!-- /lower ladder -->")
    path.write_text(doc[:start] + f"\n\n`{command}`\n\n{text}\n\n" + doc[end:], encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--doc", action="store_true", help="write the table into docs/strength.md")
    args = ap.parse_args()
    work = [(game, players, a, b, args.deals, args.seed)
            for game in args.games.split(",") for players in PRESETS[game][0] for a, b in CHEAP]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(play, *zip(*work)))
    for d, secs in rows:
        print(f"{d['game']:10} {d['players']} {d['a']:>8} vs {d['b']:<8} {d['points_per_deal']:+6.2f} "
              f"[{d['ci95'][0]:+.2f}, {d['ci95'][1]:+.2f}] ({secs:.0f} s)", flush=True)
    write_strength([d for d, _ in rows])
    if args.doc:
        write_doc(table(rows), f".venv/bin/python bench/lower_ladder.py --deals {args.deals} --seed {args.seed} "
                               f"--games {args.games} --jobs N --doc")


if __name__ == "__main__":
    main()
