"""Puzzle ratings start from seeds measured by solvers of known rating (issue 47, item 4).

The seeds are read from the committed ``progress/puzzle_seeds.json`` through
``progress.ratings.puzzle_seed``; no rating is written here by hand.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from progress import Attempt, NullStore
from progress.ratings import BAND_SEEDS, SEEDS_FILE, measured_seeds, puzzle_seed, seed_key
from puzzles import BANDS, PUZZLE_TYPES, practice_puzzle, puzzle_from_id
from puzzles.generators.best_move import CLOSE_CALL
from puzzles.quality import is_trivial

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench import puzzle_solve_rates as solve  # noqa: E402
from bench.puzzle_seeds import ANCHORS, RANGE, fit_seed, seeds_at  # noqa: E402

#: The review's examples (../shared/reviews/puzzles-2026-12-05.md §3).
NO_POINTS_SUM = "fives:all_fives:2:834397856"  # "2 + 5 = 7, not a multiple of five: no points" (hard band)
HARD_UNSEEN = "reading:laplaza_partners:4:496778719"  # "Still unseen: 7 − 2 − 2 = 3" (hard band)


def seed_of(puzzle) -> float:
    return puzzle_seed(seed_key(puzzle.question.kind, puzzle.difficulty.band)).value


def committed() -> dict:
    return json.loads(SEEDS_FILE.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the fit
tries = st.integers(min_value=1, max_value=200)


@st.composite
def measurements(draw):
    n = {s: draw(tries) for s in ANCHORS}
    solved = {s: draw(st.floats(min_value=0, max_value=n[s])) for s in ANCHORS}
    return solved, n


@settings(max_examples=200, deadline=None)
@given(measurements(), st.sampled_from(list(ANCHORS)), st.floats(min_value=0.01, max_value=1))
def test_more_solves_never_give_a_higher_seed(measured, solver, more) -> None:
    solved, n = measured
    better = dict(solved, **{solver: solved[solver] + more * (n[solver] - solved[solver])})
    assert fit_seed(better, n) <= fit_seed(solved, n)
    assert RANGE[0] <= fit_seed(better, n) <= RANGE[1]


@settings(max_examples=100, deadline=None)
@given(measurements())
def test_the_fit_is_the_likelihood_maximum(measured) -> None:
    solved, n = measured

    def loglik(d: float) -> float:
        total = 0.0
        for s, rating in ANCHORS.items():
            p = 1 / (1 + 10 ** ((d - rating) / 400))
            total += solved[s] * math.log(p) + (n[s] - solved[s]) * math.log(1 - p)
        return total

    grid = [RANGE[0] + step for step in range(int(RANGE[1] - RANGE[0]) + 1)]
    best = max(grid, key=loglik)
    assert fit_seed(solved, n) == pytest.approx(best, abs=1.5)


# ------------------------------------------------------------------ the solvers
def test_every_kind_the_puzzles_ask_has_a_shortcut() -> None:
    asked = {kind for spec in PUZZLE_TYPES.values() for kind in spec.kinds}
    assert asked <= set(solve.SHORTCUTS)


def test_the_solvers_answers_are_marked_by_the_puzzles_checker() -> None:
    sums = puzzle_from_id(NO_POINTS_SUM)
    assert solve.chance("full", sums) == 1
    assert solve.chance("shortcut", sums) == 1  # 2 + 5 = 7: the plain sum says no points, rightly
    assert solve.chance("guesser", sums) == pytest.approx(1 / len(sums.options))
    unseen = puzzle_from_id(HARD_UNSEEN)
    assert solve.chance("shortcut", unseen) < 1  # forgetting the line or the hand is wrong here


def test_a_shortcut_not_offered_is_a_guess_and_a_wrong_one_scores_nothing(monkeypatch) -> None:
    sums = puzzle_from_id(NO_POINTS_SUM)
    monkeypatch.setitem(solve.SHORTCUTS, "fives_points", lambda p, rnd: [999])
    assert solve.chance("shortcut", sums) == pytest.approx(1 / len(sums.options))
    wrong = next(o for o in sums.options if o != sums.answer)
    monkeypatch.setitem(solve.SHORTCUTS, "fives_points", lambda p, rnd: [wrong])
    assert solve.chance("shortcut", sums) == 0


def test_a_select_all_guesser_picks_subsets() -> None:
    stream = (practice_puzzle("reading", None, "easy", index) for index in range(50))
    puzzle = next(p for p in stream if p.question.kind == "cannot_hold")
    assert solve.chance("guesser", puzzle) == pytest.approx(1 / 2 ** len(puzzle.options))


# ------------------------------------------------------------------ the committed seeds
def test_a_no_points_fives_sum_starts_well_below_a_hard_best_move() -> None:
    sums = puzzle_from_id(NO_POINTS_SUM)
    assert sums.question.kind == "fives_points" and sums.difficulty.band == "hard"
    hard_best = puzzle_seed(seed_key("best_move", "hard")).value
    assert seed_of(sums) <= hard_best - 250
    assert all(puzzle_seed(seed_key("fives_points", band)).value < hard_best for band in BANDS)


def test_a_hard_unseen_count_starts_below_a_hard_best_move() -> None:
    unseen = puzzle_from_id(HARD_UNSEEN)
    assert unseen.question.kind == "unseen_count" and unseen.difficulty.band == "hard"
    assert seed_of(unseen) < puzzle_seed(seed_key("best_move", "hard")).value


def test_heaviest_tile_best_moves_start_below_close_calls() -> None:
    heavy, close = [], []
    for band in BANDS:
        for index in range(100, 200):  # not the puzzles the bench measured (0-99)
            puzzle = practice_puzzle("best_move", None, band, index)
            params = puzzle.question.params
            margin = params["values"][params["action"]] - params["values"][params["runner_up"]]
            if is_trivial(puzzle):  # lays the one heaviest tile that fits
                heavy.append(seed_of(puzzle))
            elif margin < CLOSE_CALL and params["share"] < 1:
                close.append(seed_of(puzzle))
    assert len(heavy) >= 10 and len(close) >= 10
    assert sum(heavy) / len(heavy) < sum(close) / len(close)


def test_every_kind_and_band_has_a_seed_in_band_order() -> None:
    seeds = measured_seeds()
    assert set(seeds) == {kind for spec in PUZZLE_TYPES.values() for kind in spec.kinds}
    for kind, bands in seeds.items():
        assert set(bands) == set(BANDS), kind
        assert bands["easy"] <= bands["medium"] <= bands["hard"], kind
        assert bands["easy"] < bands["hard"], kind


def test_the_committed_seeds_follow_from_the_measured_solve_rates() -> None:
    data = committed()
    assert data["anchors"] == ANCHORS and tuple(data["range"]) == RANGE
    for kind, bands in data["seeds"].items():
        for band, row in bands.items():
            n = row["puzzles"]
            solved = {s: rate * n for s, (rate, low, high) in row["solved"].items()}
            assert row["solved"]["full"][0] == 1, (kind, band)  # the engine's answer is always right
            for rate, low, high in row["solved"].values():
                assert low <= rate <= high
            assert row["measured_seed"] == pytest.approx(fit_seed(solved, {s: n for s in solved}), abs=2)
    for kind, bands in seeds_at(data["seeds"], data["blend"]).items():
        for band, value in bands.items():
            assert data["seeds"][kind][band]["seed"] == pytest.approx(value, abs=1), (kind, band)


def test_an_unmeasured_kind_starts_among_its_bands_peers() -> None:
    seeds = measured_seeds()
    for band in BANDS:
        peers = [bands[band] for bands in seeds.values()]
        value = puzzle_seed(f"no_such_kind/{band}").value
        assert value == pytest.approx(sum(peers) / len(peers))
        assert min(peers) <= value <= max(peers)
    news = [puzzle_seed(f"no_such_kind/{band}").value for band in BANDS]
    assert news == sorted(news)
    assert puzzle_seed("hard").value == BAND_SEEDS["hard"]  # a bare band: the band's own scale
    for bad in ("fives_points/impossible", "no_such_kind/", "", "/"):
        with pytest.raises(ValueError):
            puzzle_seed(bad)


def test_the_store_seeds_a_new_puzzle_from_its_kind_and_band() -> None:
    store = NullStore()
    pid = store.create_profile("Ana").id
    attempt = Attempt(NO_POINTS_SUM, "fives", "all_fives", False, 1000, date(2026, 12, 5))
    change = store.record_attempt(pid, attempt, band=seed_key("fives_points", "hard"))
    assert change is not None
    assert change.puzzle_before.value == pytest.approx(puzzle_seed("fives_points/hard").value)
    assert change.puzzle_before.value < puzzle_seed("best_move/hard").value - 250


@pytest.mark.slow
def test_the_committed_seeds_are_what_the_bench_writes(tmp_path: Path) -> None:
    data = committed()
    out = tmp_path / "seeds.json"
    subprocess.run([sys.executable, str(ROOT / "bench" / "puzzle_seeds.py"), "--per-band", str(data["per_band"]),
                    "--out", str(out)], check=True, cwd=ROOT, capture_output=True)
    assert json.loads(out.read_text(encoding="utf-8")) == data
