"""A long duplicate duel played in pieces, over as many sessions and machines as it takes.

Some duels are too long for one run: the ``dominoes`` package's player at full strength
(``dominoes-pab-full``, searching from the first move) takes one to two minutes of a core
per duplicate Partners deal, so 400 deals are about thirteen hours. Each deal's score
depends on the pairing, the seed and the deal's number only (``strategy.duel``), so this
plays the deals the log does not have yet, for as long as it is allowed, appends each one
to the log as it finishes (``deal,score,seconds``), and prints what the log holds so far:
points per deal, the 95% interval and won / tied / lost (with ``--score``, every deal is
the last round of a match at that score, and a deal scores the matches won).

    .venv/bin/python bench/duel_pieces.py expert dominoes-pab-full --deals 400 --seed 1 \\
        --log bench/results/expert_vs_pab_full.csv --minutes 60 --jobs 1
    .venv/bin/python bench/duel_pieces.py expert dominoes-pab-full --deals 400 --seed 1 \\
        --log bench/results/expert_vs_pab_full.csv --minutes 0     # the summary only

With ``--record``, a log that holds every deal becomes the pairing's row in
``strategy/strength.json`` (what the play page and the ratings read), replacing the row of
the same pairing, game and player count.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Rules  # noqa: E402
from strategy.cli import match_score  # noqa: E402
from strategy.duel import DuelResult, duel  # noqa: E402
from strategy.strength import write as write_strength  # noqa: E402

FIELDS = ["deal", "score", "seconds"]


def read_log(path: Path) -> dict[int, tuple[float, float]]:
    """The deals played so far: number -> (score, seconds)."""
    if not path.exists():
        return {}
    with path.open(newline="") as f:
        return {int(row["deal"]): (float(row["score"]), float(row["seconds"])) for row in csv.DictReader(f)}


def play_one(a: str, b: str, seed: int, game: str, players: int | None, score: tuple[int, int] | None,
             number: int) -> tuple[int, float, float]:
    started = time.process_time()
    result = duel(a, b, 1, seed, Rules.preset(game, players), first=number, score=score)
    return number, result.scores[0], time.process_time() - started


def result_of(a: str, b: str, game: str, played: dict[int, tuple[float, float]]) -> DuelResult:
    return DuelResult(a, b, game, len(played), [played[k][0] for k in sorted(played)])


def summary(a: str, b: str, game: str, played: dict[int, tuple[float, float]], unit: str = "points") -> str:
    if not played:
        return "no deals played yet"
    result = result_of(a, b, game, played)
    lo, hi = result.ci95
    w, t, l = result.wtl
    cpu = sorted(s for _, s in played.values())
    return (f"{a} vs {b} on {game}: {len(played)} deals, {result.points_per_deal:+.2f} {unit} a deal, "
            f"95% interval [{lo:+.2f}, {hi:+.2f}], w/t/l {w}/{t}/{l}; "
            f"CPU a deal median {cpu[len(cpu) // 2]:.0f} s, total {sum(cpu) / 3600:.1f} h")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--deals", type=int, required=True, help="the duel's length: deals 0 .. deals-1")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--game", default="laplaza_partners")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--score", type=match_score, default=None,
                    help="every deal the last round of a match at this score (95,60): matches won, not points")
    ap.add_argument("--log", type=Path, required=True)
    ap.add_argument("--minutes", type=float, default=60, help="start no deal after this long (0: summary only)")
    ap.add_argument("--jobs", type=int, default=1, help="deals played at once, one process each")
    ap.add_argument("--record", action="store_true",
                    help="once every deal is played, write the result to strategy/strength.json")
    args = ap.parse_args()
    if args.record and args.score is not None:
        ap.error("--record keeps points per deal: not with --score")
    played = read_log(args.log)
    todo = [k for k in range(args.deals) if k not in played]
    deadline = time.monotonic() + 60 * args.minutes
    args.log.parent.mkdir(parents=True, exist_ok=True)
    fresh = not args.log.exists()
    with args.log.open("a", newline="") as f, ProcessPoolExecutor(max_workers=args.jobs) as pool:
        out = csv.writer(f)
        if fresh:
            out.writerow(FIELDS)
        running = set()
        while todo or running:
            while todo and len(running) < args.jobs and time.monotonic() < deadline:
                running.add(pool.submit(play_one, args.a, args.b, args.seed, args.game, args.players, args.score,
                                        todo.pop(0)))
            if not running:
                break
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                number, score, seconds = future.result()
                out.writerow([number, score, round(seconds, 1)])
                f.flush()
                played[number] = (score, seconds)
                print(f"deal {number}: {score:+.1f} ({seconds:.0f} s)", flush=True)
    print(summary(args.a, args.b, args.game, played, "points" if args.score is None else "matches won"))
    if args.record:
        if any(k not in played for k in range(args.deals)):
            print(f"not recorded: {sum(k in played for k in range(args.deals))} of {args.deals} deals played")
            return
        row = result_of(args.a, args.b, args.game, {k: played[k] for k in range(args.deals)}).to_dict()
        row["players"] = Rules.preset(args.game, args.players).num_players
        write_strength([row])
        print(f"recorded in strategy/strength.json: {row}")


if __name__ == "__main__":
    main()
