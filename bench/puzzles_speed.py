"""Puzzle speed: the daily set generated cold in a fresh process, and puzzles per second per type.

Run: .venv/bin/python bench/puzzles_speed.py [--seconds S] [--dates N]
Prints the cold daily-set times (goal: at most 0.5 s) and one line per puzzle type.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzles import PUZZLE_TYPES, generate  # noqa: E402

COLD = """
import sys, time
t = time.perf_counter()
from puzzles import daily_set, puzzle_dict
puzzles = daily_set(sys.argv[1])
[puzzle_dict(p, "en") for p in puzzles]
print(time.perf_counter() - t)
"""


def cold_daily(date: str) -> tuple[float, float]:
    """(whole process wall time, import + generate + render inside it) for one date."""
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", COLD, date], cwd=ROOT, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, float(out.stdout.strip())


def type_rate(ptype: str, seconds: float) -> tuple[float, float]:
    """(puzzles per CPU-second, candidate positions tried per puzzle) over fresh seeds."""
    made = tried = 0
    seed = 0
    start = time.process_time()
    while True:
        puzzle = generate(ptype, seed)
        tried += int(puzzle.trace["candidate"].split(".")[1]) + 1
        made += 1
        seed += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return made / spent, tried / made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per puzzle type")
    parser.add_argument("--dates", type=int, default=7, help="how many days to time the daily set for")
    args = parser.parse_args()

    first = datetime.date(2026, 11, 29)
    dates = [(first + datetime.timedelta(days=i)).isoformat() for i in range(args.dates)]
    runs = [cold_daily(d) for d in dates]
    walls = [w for w, _ in runs]
    inner = [i for _, i in runs]
    print(f"daily set, cold, {len(dates)} dates from {dates[0]}:")
    print(f"  whole process (python start, imports, 5 puzzles, texts): median {statistics.median(walls):.3f} s, "
          f"max {max(walls):.3f} s (goal <= 0.5 s)")
    print(f"  inside the process (imports, 5 puzzles, texts):          median {statistics.median(inner):.3f} s, "
          f"max {max(inner):.3f} s")
    print(f"{'type':<14} {'puzzles/CPU-s':>14} {'candidates/puzzle':>18}")
    for ptype in PUZZLE_TYPES:
        rate, tried = type_rate(ptype, args.seconds)
        print(f"{ptype:<14} {rate:>14,.0f} {tried:>18.1f}")


if __name__ == "__main__":
    main()
