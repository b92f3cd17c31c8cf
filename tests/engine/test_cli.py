"""The command line, ``python -m engine deal|legal|play|simulate``: JSON out, the round
result once over, and one plain line on stderr with exit code 2 for bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import position_to_dict
from engine.cli import main

from .helpers import rules, snapshot
from .positions import ANA_CAPICU, ANA_OUT_LINE, DEAD_HANDS, DEAD_LINE, DEAD_STOCK

REPO = Path(__file__).resolve().parents[2]


def run(capsys, monkeypatch, *argv: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def fails(capsys, monkeypatch, *argv: str, stdin: str = "") -> str:
    """Run a command that must fail: exit code 2, one plain line on stderr, nothing on stdout."""
    try:
        code, out, err = run(capsys, monkeypatch, *argv, stdin=stdin)
    except SystemExit as exit_:                     # argparse's own errors
        code = exit_.code
        out, err = capsys.readouterr()
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in err
    return lines[0]


def test_deal_prints_a_position_as_json(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, "deal", "laplaza_partners", "--seed", "7")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["rules"] == {"preset": "laplaza_partners", "players": 4} and data["seed"] == 7
    assert data["forced_lead"] == "6-6" and "6-6" in data["hands"][data["turn"]]


def test_deal_with_players_overlays_and_options(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "deal", "kozel", "--players", "3", "--seed", "1",
                       "--overlay", "dead_board_call", "--option", "penalty_limit=50")
    data = json.loads(out)
    assert code == 0 and data["rules"] == {"preset": "kozel", "players": 3, "overlays": ["dead_board_call"],
                                           "options": {"penalty_limit": 50}}
    assert len(data["stock"]) == 7


def test_legal_reads_a_position_and_lists_the_actions(capsys, monkeypatch):
    _, dealt, _ = run(capsys, monkeypatch, "deal", "laplaza_partners", "--seed", "7")
    code, out, _ = run(capsys, monkeypatch, "legal", stdin=dealt)
    assert code == 0 and json.loads(out) == ["lead 6-6"]
    code, out, _ = run(capsys, monkeypatch, "play", "lead 6-6", stdin=dealt)
    code, out, _ = run(capsys, monkeypatch, "legal", "--canonical", stdin=out)
    assert code == 0 and all(a.endswith("@L") or a == "pass" for a in json.loads(out))


def test_play_prints_the_result_once_the_round_is_over(capsys, monkeypatch):
    position = snapshot(rules("laplaza_partners", None, "capicu_25"), ANA_CAPICU, ANA_OUT_LINE, turn=2, leader=1)
    code, out, _ = run(capsys, monkeypatch, "play", "--hand-made", "0-2@L", stdin=json.dumps(position_to_dict(position)))
    result = json.loads(out)["result"]
    assert code == 0
    assert (result["kind"], result["winner"], result["out_seat"], result["points"], result["capicu"],
            result["capicu_bonus"], result["next_leader"]) == ("domino", 0, 2, [117, 0], True, 25, 2)


def test_play_through_a_block_shows_the_blocker(capsys, monkeypatch):
    position = snapshot(rules("laplaza_1v1"), DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK)
    code, out, _ = run(capsys, monkeypatch, "play", "--hand-made", "0-6@R", "draw", "draw", "draw", "draw", "pass",
                       stdin=json.dumps(position_to_dict(position)))
    result = json.loads(out)["result"]
    assert code == 0 and (result["kind"], result["blocker"], result["winner"], result["points"],
                          result["next_leader"]) == ("block", 0, 0, [126, 0], 0)


def test_simulate_prints_a_summary(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "simulate", "kozel", "--players", "3", "--games", "200", "--seed", "1")
    data = json.loads(out)
    assert code == 0 and data["games"] == 200 and data["dominoes"] + data["blocks"] == 200
    assert data["players"] == 3 and len(data["mean_points"]) == 3 and data["cpu_seconds"] >= 0
    _, again, _ = run(capsys, monkeypatch, "simulate", "kozel", "--players", "3", "--games", "200", "--seed", "1")
    assert {k: v for k, v in json.loads(again).items() if k != "cpu_seconds"} == {
        k: v for k, v in data.items() if k != "cpu_seconds"}


def test_simulate_counts_capicu_finishes(capsys, monkeypatch):
    _, out, _ = run(capsys, monkeypatch, "simulate", "laplaza_partners", "--games", "400", "--seed", "3")
    assert json.loads(out)["capicu"] > 0


def test_bad_input_gives_one_plain_line_and_exit_code_2(capsys, monkeypatch):
    _, dealt, _ = run(capsys, monkeypatch, "deal", "laplaza_partners", "--seed", "7")
    cases = [
        (("legal",), "{not json", "error: the position is not valid JSON: Expecting property name enclosed in "
                                  "double quotes"),
        (("legal",), "", "error: bad position: expected a position as JSON on standard input"),
        (("legal",), '{"rules": {"preset": "laplaza_partners"}, "hands": [["6-6"]]}',
         "error: bad position: there must be 4 hands, one per seat"),
        (("play", "0-0@L"), dealt, "error: nobody has led yet: the first action must be a lead"),
        (("play", "lead 0-1"), dealt, None),
        (("play", "sideways"), dealt, "error: 'sideways' is not an action: write 'lead 6-6', '3-5@L', '3-5@R', "
                                      "'draw' or 'pass'"),
        (("deal", "chess", "--seed", "1"), "", "error: unknown game 'chess': choose one of laplaza_partners, "
                                               "laplaza_1v1, all_fives, draw, block, kozel"),
        (("deal", "draw", "--seed", "1", "--option", "colour=blue"), "", "error: unknown rule option 'colour'"),
        (("deal", "draw", "--seed", "1", "--option", "target"), "", "error: unknown rule option 'target'"),
        (("deal", "draw", "--seed", "1", "--option", "target=120"), "",
         "error: rule option target cannot be 120: one of 50, 100, 150, 200, 500 (All Fives: 100 to 500)"),
        (("deal", "draw", "--seed", "1", "--overlay", "fid"), "",
         "error: unknown table variant 'fid' for draw: choose one of dead_board_call"),
        (("deal", "kozel", "--players", "5", "--seed", "1"), "", "error: kozel is played by 2 or 3 or 4 players, not 5"),
        (("deal", "kozel", "--players", "two", "--seed", "1"), "", "error: argument --players: invalid int value: 'two'"),
        (("deal", "kozel"), "", "error: the following arguments are required: --seed"),
        (("simulate", "draw", "--games", "0"), "", "error: rule option --games cannot be 0: at least 1"),
        (("shuffle",), "", None),
    ]
    for argv, stdin, message in cases:
        line = fails(capsys, monkeypatch, *argv, stdin=stdin)
        if message is not None:
            assert line == message, argv


def test_play_on_a_finished_round_is_refused(capsys, monkeypatch):
    position = snapshot(rules("laplaza_1v1"), DEAD_HANDS, DEAD_LINE, turn=0, stock=DEAD_STOCK)
    _, over, _ = run(capsys, monkeypatch, "play", "--hand-made", "0-6@R", "draw", "draw", "draw", "draw", "pass",
                     stdin=json.dumps(position_to_dict(position)))
    assert fails(capsys, monkeypatch, "play", "--hand-made", "pass", stdin=over) == "error: the round is over"


@pytest.mark.parametrize("argv,stdin,expect_code", [
    (["deal", "block", "--players", "3", "--seed", "2"], "", 0),
    (["legal"], "[1, 2", 2),
])
def test_the_real_entry_point(argv, stdin, expect_code):
    proc = subprocess.run([sys.executable, "-m", "engine", *argv], input=stdin, capture_output=True, text=True,
                          cwd=REPO, timeout=60)
    assert proc.returncode == expect_code
    if expect_code == 0:
        assert json.loads(proc.stdout)["rules"]["players"] == 3 and proc.stderr == ""
    else:
        assert proc.stdout == "" and proc.stderr.count("\n") == 1 and proc.stderr.startswith("error: ")
