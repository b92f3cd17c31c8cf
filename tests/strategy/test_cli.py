"""python -m strategy, through a subprocess: JSON out, bad input -> one line and exit 2."""

from __future__ import annotations

import json
import os
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
    assert data["stop"] in ("exact", "precision", "deals", "budget", "nodes") and "warmup" in data and "seconds" in data


def _figures(data: dict) -> tuple:
    """A hint's figures: what must not depend on the machine, the load or the run."""
    return (data["deals"], data["stop"], data.get("best"),
            [(a["action"], a["expected"], a["stderr"], a["best_share"]) for a in data["actions"]])


def test_a_hint_without_a_seed_is_the_same_on_every_run_with_the_pages_caps(position):
    """Issue 44 point 4: no wall budget and no fixed seed by default, but the page's caps on
    work and a seed from the position, so two runs (two processes, two hash seeds) agree and
    the JSON says which caps it used."""
    from strategy.evaluate import position_seed
    from strategy.hints import HINT_DEALS, HINT_NODES, HINT_PRECISION
    rnd, text = position
    runs = []
    for hash_seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-m", "strategy", "hint", "--seat", str(rnd.turn)], input=text,
                             capture_output=True, text=True, cwd=ROOT, timeout=600,
                             env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert out.returncode == 0, out.stderr
        runs.append(json.loads(out.stdout))
    first, second = runs
    assert first["stop"] != "budget"
    assert _figures(first) == _figures(second)
    assert first["caps"] == second["caps"] == {
        "nodes": HINT_NODES, "deals": HINT_DEALS, "precision": HINT_PRECISION, "budget": None,
        "seed": position_seed(rnd.view(rnd.turn)), "seed_from": "position"}


def test_the_cli_hint_gives_the_pages_hint_on_the_same_view_and_seed(position, capsys, monkeypatch):
    """The command line's figures are strategy.hints.hint's (the page's) on the same view."""
    import io

    from strategy.cli import main
    from strategy.evaluate import position_seed
    from strategy.hints import hint
    rnd, text = position
    view = rnd.view(rnd.turn)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["hint", "--seat", str(rnd.turn)]) == 0
    data = json.loads(capsys.readouterr().out)
    page = hint(view, seed=position_seed(view), budget=None)  # the page's caps, without its guard
    assert _figures(data) == _figures(json.loads(json.dumps(page.to_dict())))
    assert data["facts"] == json.loads(json.dumps([list(f) for f in page.facts]))


def test_the_readme_hint_example_still_works(position):
    """README's `strategy hint --seat 1 --nodes 30000000 --budget 3600 --seed 1` (here on a
    small cap): the given caps and seed are used and said."""
    rnd, text = position
    out = run("hint", "--seat", str(rnd.turn), "--nodes", "200000", "--budget", "3600", "--seed", "1", stdin=text)
    assert out.returncode == 0, out.stderr
    caps = json.loads(out.stdout)["caps"]
    assert caps["nodes"] == 200000 and caps["budget"] == 3600 and caps["seed"] == 1 and caps["seed_from"] == "--seed"


def test_the_position_seed_is_the_same_under_any_hash_seed(position):
    """The seed is SHA-256 of the view's notation, never Python's hash(): the same in every process."""
    rnd, text = position
    code = ("import sys; from engine import loads; from strategy.evaluate import position_seed; "
            f"r = loads(sys.stdin.read()); print(position_seed(r.view({rnd.turn})))")
    seeds = {subprocess.run([sys.executable, "-c", code], input=text, capture_output=True, text=True, cwd=ROOT,
                            timeout=120, env={**os.environ, "PYTHONHASHSEED": h}).stdout for h in ("1", "2", "3")}
    assert len(seeds) == 1 and next(iter(seeds)).strip().isdigit()
    other = rnd.view((rnd.turn + 1) % rnd.n)
    from strategy.evaluate import position_seed
    assert position_seed(other) != position_seed(rnd.view(rnd.turn))  # another seat's view: another seed


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
