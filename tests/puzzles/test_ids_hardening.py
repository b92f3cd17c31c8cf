"""Hardening of puzzle ids and the puzzles command line (issue 11, reliability.md F1-F3):
ASCII digits only, no over-long numbers, and error lines that quote a short excerpt."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.notation import position_from_dict
from puzzles import PuzzleError, puzzle_from_id
from puzzles.cli import main
from puzzles.model import MAX_SEED_DIGITS, PuzzleId


@pytest.mark.parametrize("text", [
    "block_count:laplaza_partners:²:1",          # the review's link: an exception box before
    "block_count:laplaza_partners:4:¹",
    "block_count:laplaza_partners:٤:1",
    "block_count:laplaza_partners:4:１２",
    "block_count:laplaza_partners:4:" + "9" * 5000,  # over Python's int-string limit
    "block_count:laplaza_partners:4:" + "9" * (MAX_SEED_DIGITS + 1),
    "block_count:laplaza_partners:444:1",
    "blóck_count:laplaza_partners:4:1",
    "block_count:laplaza_partners+:4:1",
    "x" * 10_000_000,
])
def test_bad_ids_are_puzzle_errors_with_short_messages(text):
    with pytest.raises(PuzzleError) as err:
        PuzzleId.parse(text)
    assert len(str(err.value)) < 160
    with pytest.raises(PuzzleError):
        puzzle_from_id(text)


def test_good_ids_still_read():
    pid = PuzzleId.parse("block_count:laplaza_partners+fid:4:1234")
    assert (pid.ptype, pid.preset, pid.overlays, pid.players, pid.seed) == (
        "block_count", "laplaza_partners", ("fid",), 4, 1234)
    assert PuzzleId.parse("block_count:laplaza_partners:4:" + "9" * MAX_SEED_DIGITS).seed == 10 ** MAX_SEED_DIGITS - 1
    with pytest.raises(PuzzleError):
        PuzzleId.parse(None)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("abc_:+0123456789²١１ -"), max_size=40))
def test_fuzz_ids_parse_or_raise_a_puzzle_error(text):
    try:
        pid = PuzzleId.parse(text)
    except PuzzleError:
        return
    assert str(pid.seed).isascii() and pid.players < 100 and str(pid).count(":") == 3


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [
    ("show", "block_count:laplaza_partners:²:1"),
    ("show", "block_count:laplaza_partners:4:" + "9" * 5000),
    ("show", "x" * 10_000_000),
    ("show", "block_count:" + "y" * 10_000_000 + ":4:1"),
    ("generate", "block_count", "--seed", "¹"),
    ("generate", "block_count", "--seed", "9" * 5000),
    ("generate", "x" * 10_000_000, "--seed", "1"),
    ("daily", "2026-" + "1" * 10_000_000),
])
def test_cli_bad_input_is_one_short_line_and_exit_code_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    lines = err.splitlines()
    assert code == 2 and out == "" and "Traceback" not in err
    assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) < 600


def test_puzzle_positions_are_reachable():
    """Puzzles are generated from real play: their positions load as reachable ones."""
    for pid in ("block_count:laplaza_partners:4:1", "block_count:laplaza_partners:4:2"):
        puzzle = puzzle_from_id(pid)
        rnd = position_from_dict(json.loads(json.dumps(dict(puzzle.position))), reachable=True)
        assert rnd is not None
