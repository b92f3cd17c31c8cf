"""python -m strategy, through a subprocess: JSON out, bad input -> one line and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Rules, deal, dumps

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "strategy", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


@pytest.fixture(scope="module")
def position():
    """A Partners deal after its forced lead (seat to move: the next seat)."""
    rnd = deal(Rules.preset("laplaza_partners"), seed=7)
    rnd.apply("lead 6-6")
    for _ in range(3):
        rnd.apply(rnd.legal_actions()[0])
    return rnd, dumps(rnd)


def test_solve(position):
    rnd, text = position
    out = run("solve", stdin=text)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["to_move"] == rnd.turn
    assert [a["action"] for a in data["actions"]] == [str(a) for a in rnd.legal_actions()]
    assert data["value"] == max(a["value"] for a in data["actions"])


def test_hint(position):
    rnd, text = position
    out = run("hint", "--seat", str(rnd.turn), "--budget", "0.3", "--seed", "1", stdin=text)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["seat"] == rnd.turn and data["deals"] >= 1
    assert [a["action"] for a in data["actions"]] == [str(a) for a in rnd.legal_actions()]
    assert all({"action", "expected", "stderr", "best_share"} <= set(a) for a in data["actions"])
    assert all(a["stderr"] >= 0 for a in data["actions"])
    assert data["stop"] in ("exact", "precision", "deals", "budget") and "warmup" in data and "seconds" in data


def test_hint_says_it_is_exact_with_no_error_when_every_deal_is_solved():
    rnd = deal(Rules.preset("laplaza_partners"), seed=7)
    while rnd.result is None and sum(bin(h).count("1") for h in rnd.hands) > 9:
        rnd.apply(rnd.legal_actions()[0])
    out = run("hint", "--seat", str(rnd.turn), "--seed", "1", stdin=dumps(rnd))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["exact"] and data["stop"] == "exact"
    assert all(a["stderr"] == 0 for a in data["actions"])


def test_infer(position):
    rnd, text = position
    out = run("infer", "--seat", "1", stdin=text)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["seat"] == 1
    seen = {str(t) for t in rnd.hand(1)} | {f"{min(a, b)}-{max(a, b)}" for a, b in rnd.line}
    assert set(data["tiles"]) == {f"{a}-{b}" for a in range(7) for b in range(a, 7)} - seen
    for row in data["tiles"].values():
        assert abs(sum(row.values()) - 1) < 1e-5


@pytest.mark.parametrize("level", ["random", "heaviest", "strong", "expert"])
def test_move(position, level):
    rnd, text = position
    out = run("move", "--level", level, "--seat", str(rnd.turn), stdin=text)
    assert out.returncode == 0, out.stderr
    assert rnd.is_legal(json.loads(out.stdout)["action"])


def test_duel():
    out = run("duel", "strong", "random", "--deals", "3", "--seed", "1", "--game", "laplaza_1v1")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    data = json.loads(lines[-1])
    assert data["a"] == "strong" and data["b"] == "random" and data["deals"] == 3
    assert data["win"] + data["tie"] + data["loss"] == 3
    assert data["ci95"][0] <= data["points_per_deal"] <= data["ci95"][1]
    assert sum(1 for line in lines if line.startswith("deal ")) == 3


@pytest.mark.parametrize("args,stdin", [
    (("solve",), ""),
    (("solve",), "not json"),
    (("solve",), '{"bad": 1}'),
    (("hint", "--seat", "9"), None),
    (("hint", "--seat", "1"), None),          # not seat 1's turn
    (("move", "--level", "grandmaster", "--seat", "0"), None),
    (("infer",), None),                        # --seat missing
    (("duel", "strong", "nobody", "--deals", "2", "--seed", "1"), ""),
    (("duel", "strong", "random", "--deals", "0", "--seed", "1"), ""),
    (("duel", "strong", "random", "--deals", "2", "--seed", "1", "--game", "chess"), ""),
    (("duel", "strong", "random", "--deals", "2", "--seed", "1", "--game", "kozel", "--score", "9,9"), ""),
    (("frobnicate",), ""),
])
def test_bad_input_is_one_line_and_exit_2(position, args, stdin):
    rnd, text = position
    if stdin is None:
        stdin = text
    if args[:3] == ("hint", "--seat", "1") and rnd.turn == 1:
        args = ("hint", "--seat", "2")
    out = run(*args, stdin=stdin)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr
