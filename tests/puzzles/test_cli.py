"""``python -m puzzles``: JSON out; bad arguments give one plain line and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from puzzles.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *args):
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_generate_prints_one_puzzle(capsys):
    code, out, err = run(capsys, "generate", "block_count", "--seed", "1234", "--game", "laplaza_partners",
                         "--overlay", "fid", "--lang", "es")
    data = json.loads(out)
    assert code == 0 and not err
    assert data["id"] == "block_count:laplaza_partners+fid:4:1234" and data["lang"] == "es"
    assert data["answer"] is not None and data["explanation"]


def test_show_and_types(capsys):
    code, out, _ = run(capsys, "show", "next_leader:laplaza_partners+fid:4:7", "--lang", "nl")
    assert code == 0 and json.loads(out)["id"] == "next_leader:laplaza_partners+fid:4:7"
    code, out, _ = run(capsys, "types")
    types = json.loads(out)
    assert code == 0 and "laplaza_partners" in types["block_count"]["presets"] and types["fives"]["drills"]


@pytest.mark.parametrize("args", [
    ["generate", "nope", "--seed", "1"],
    ["generate", "fives", "--seed", "1", "--game", "nope"],
    ["generate", "fives", "--seed", "1", "--game", "laplaza_partners"],
    ["generate", "fives", "--seed", "-1"],
    ["generate", "fives", "--seed", "x"],
    ["generate", "fives", "--seed", "1", "--lang", "fr"],
    ["generate", "block_count", "--seed", "1", "--game", "laplaza_partners", "--players", "2"],
    ["generate", "block_count", "--seed", "1", "--game", "laplaza_partners", "--overlay", "nope"],
    ["daily", "2026-02-30"],
    ["daily", "tomorrow"],
    ["daily", "2026-11-29", "--lang", "de"],
    ["show", "not-an-id"],
    ["show", "fives:all_fives:9:1"],
    ["show", "nope:all_fives:2:1"],
    [],
])
def test_bad_arguments_give_one_line_and_code_2(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and not out
    assert err.count("\n") == 1 and err.startswith("error: ") and "Traceback" not in err


def test_a_real_process_never_shows_a_traceback():
    for args in (["daily", "2026-13-40"], ["generate", "reading", "--seed", "1", "--game", "all_fives"]):
        proc = subprocess.run([sys.executable, "-m", "puzzles", *args], cwd=ROOT, capture_output=True, text=True,
                              timeout=60)
        assert proc.returncode == 2 and proc.stdout == ""
        assert len(proc.stderr.splitlines()) == 1 and "Traceback" not in proc.stderr
