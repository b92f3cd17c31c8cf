"""The daily set: chosen by the date alone, the same in every process."""

from __future__ import annotations

import datetime
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from puzzles import PuzzleError, daily_set, puzzle_dict, share_text
from puzzles.daily import daily_plan, daily_seed

ROOT = Path(__file__).resolve().parents[2]
DATE = "2026-11-29"


def test_five_different_types_of_rising_difficulty():
    puzzles = daily_set(DATE)
    assert len(puzzles) == 5 and len({p.ptype for p in puzzles}) == 5
    bands = [p.difficulty.band for p in puzzles]
    assert bands == sorted(bands, key=["easy", "medium", "hard"].index)
    assert bands[0] == "easy" and bands[-1] == "hard"


def test_the_date_alone_decides():
    assert daily_set(DATE) == daily_set(datetime.date(2026, 11, 29))
    assert [p.id for p in daily_set(DATE)] != [p.id for p in daily_set("2026-11-30")]
    assert daily_seed(DATE) == int.from_bytes(__import__("hashlib").sha256(b"capicu-daily:2026-11-29").digest()[:8],
                                              "big")
    assert daily_plan(DATE) == daily_plan(DATE)


def _daily_json(hashseed: str, lang: str) -> list:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    out = subprocess.run([sys.executable, "-m", "puzzles", "daily", DATE, "--lang", lang], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)["puzzles"]


def test_identical_across_processes_and_hash_seeds():
    first = _daily_json("1", "pt")
    second = _daily_json("4242", "pt")
    here = json.loads(json.dumps([puzzle_dict(p, "pt") for p in daily_set(DATE)]))
    assert first == second == here


def test_share_text_has_no_spoilers():
    text = share_text(DATE, [True, True, False, True, True])
    assert text == "Capicú daily 2026-11-29 ✅✅❌✅✅ 4/5"
    for lang in ("nl", "pt", "es"):
        other = share_text(DATE, [True, False], lang)
        assert DATE in other and other.endswith("✅❌⬜⬜⬜ 1/5") and other != text
    for lang in ("en", "nl", "pt", "es"):  # a title, the date, five marks, the score: nothing else
        line = share_text(DATE, [True, False, None, True, True], lang)
        assert re.fullmatch(r"Capicú[- ][\w ]+ 2026-11-29 [✅❌⬜]{5} [0-5]/5", line), line


@pytest.mark.parametrize("bad", ["2026-13-01", "29-11-2026", "2026-2-3", "", "yesterday"])
def test_bad_dates_are_refused(bad):
    with pytest.raises(PuzzleError):
        daily_set(bad)
