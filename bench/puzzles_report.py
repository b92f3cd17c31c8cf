"""Puzzle quality report: ``python bench/puzzles_report.py [--per-type N] [--seed S] [--calibrate]``.

The same as ``python -m puzzles report`` (see puzzles/quality.py), with the wall time. The
figures in docs/puzzles.md ("Quality") come from ``--per-type 300 --seed 0``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzles.cli import main  # noqa: E402

if __name__ == "__main__":
    start = time.perf_counter()
    code = main(["report", *sys.argv[1:]])
    print(f"wall time {time.perf_counter() - start:.1f} s")
    raise SystemExit(code)
