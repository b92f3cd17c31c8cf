"""Puzzle ratings start from measured seeds per question kind and band (issue 47, item 4)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from datetime import date

from progress import Attempt, NullStore
from progress.ratings import BAND_SEEDS, SEEDS_FILE, measured_seeds, puzzle_seed, seed_key
from puzzles import BANDS, PUZZLE_TYPES, puzzle_from_id

ROOT = Path(__file__).resolve().parents[2]


def test_a_no_points_fives_sum_starts_well_below_a_hard_best_move() -> None:
    # "After 2-3 on the left end the open ends show 2 and 5. 2 + 5 = 7 ...: no points." (banded hard)
    sum_puzzle = puzzle_from_id("fives:all_fives:2:834397856")
    assert sum_puzzle.question.kind == "fives_points" and sum_puzzle.difficulty.band == "hard"
    fives = puzzle_seed(seed_key(sum_puzzle.question.kind, sum_puzzle.difficulty.band))
    best = puzzle_seed(seed_key("best_move", "hard"))
    assert fives.value <= best.value - 250
    for band in BANDS:  # no band of a one-sum kind starts where a hard best move does
        assert puzzle_seed(seed_key("fives_points", band)).value <= best.value - 250


def test_every_kind_and_band_has_a_measured_seed_in_order() -> None:
    seeds = measured_seeds()
    assert set(seeds) == {kind for spec in PUZZLE_TYPES.values() for kind in spec.kinds}
    for kind, bands in seeds.items():
        assert set(bands) == set(BANDS), kind
        assert bands["easy"] < bands["medium"] < bands["hard"], kind
    # the old seeds were one third of each kind: the measured ones differ across kinds
    assert len({seeds[k]["hard"] for k in seeds}) > 1


def test_a_bare_band_or_an_unmeasured_kind_keeps_the_band_seed() -> None:
    assert puzzle_seed("hard").value == BAND_SEEDS["hard"]
    assert puzzle_seed("no_such_kind/easy").value == BAND_SEEDS["easy"]
    with pytest.raises(ValueError):
        puzzle_seed("fives_points/impossible")


def test_the_store_seeds_a_new_puzzle_from_its_kind_and_band() -> None:
    store = NullStore()
    pid = store.create_profile("Ana").id
    attempt = Attempt("fives:all_fives:2:834397856", "fives", "all_fives", False, 1000, date(2026, 12, 5))
    change = store.record_attempt(pid, attempt, band=seed_key("fives_points", "hard"))
    assert change is not None
    assert change.puzzle_before.value == pytest.approx(puzzle_seed("fives_points/hard").value)
    assert change.puzzle_before.value < BAND_SEEDS["hard"] - 250


def test_the_committed_seeds_are_the_bench_mapping_of_the_measured_work() -> None:
    sys.path.insert(0, str(ROOT))
    from bench.puzzle_seeds import seeds
    import numpy as np

    committed = json.loads(SEEDS_FILE.read_text(encoding="utf-8"))["seeds"]
    cells = {(k, b): np.array([row["work"]]) for k, bands in committed.items() for b, row in bands.items()}
    for (kind, band), value in seeds(cells).items():
        assert committed[kind][band]["seed"] == pytest.approx(value, abs=3), (kind, band)


@pytest.mark.slow
def test_the_committed_seeds_are_what_the_bench_writes(tmp_path: Path) -> None:
    committed = json.loads(SEEDS_FILE.read_text(encoding="utf-8"))
    out = tmp_path / "seeds.json"
    subprocess.run([sys.executable, str(ROOT / "bench" / "puzzle_seeds.py"), "--per-band", str(committed["per_band"]),
                    "--out", str(out)], check=True, cwd=ROOT, capture_output=True)
    assert json.loads(out.read_text(encoding="utf-8")) == committed
