"""The strategy command line's numbers and names (issue 18): the engine CLI's rules, so
that no argument ends in a traceback, an internal message or a 100 KB echo."""

from __future__ import annotations

import io
import json
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Rules, deal, dumps
from strategy.cli import main


@pytest.fixture(scope="module")
def position() -> str:
    rnd = deal(Rules.preset("laplaza_partners"), seed=7)
    rnd.apply("lead 6-6")
    return dumps(rnd)  # seat 0 (after the holder's lead) is to move at some seat


def run(capsys, monkeypatch, argv, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse refused an argument
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def refused(code, out, err) -> str:
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1, (code, out, err)
    assert len(err) < 500 and "Traceback" not in err
    return err


@pytest.mark.parametrize("argv, says", [
    (["hint", "--seat", "1", "--budget", "inf"], "--budget"),
    (["hint", "--seat", "1", "--budget", "1e308"], "--budget"),
    (["hint", "--seat", "1", "--budget", "nan"], "--budget"),
    (["hint", "--seat", "1", "--budget", "-1"], "--budget"),
    (["hint", "--seat", "1", "--budget", "3601"], "--budget"),
    (["hint", "--seat", "1", "--deals", "0"], "--deals"),
    (["hint", "--seat", "1", "--deals", "-5"], "--deals"),
    (["hint", "--seat", "1", "--precision", "0"], "--precision"),
    (["hint", "--seat", "1", "--precision", "inf"], "--precision"),
    (["hint", "--seat", "\u0661"], "--seat"),  # an Arabic-Indic one is not 1
    (["infer", "--seat", "\u0661"], "--seat"),
    (["move", "--level", "strong", "--seat", "\uff11"], "--seat"),
    (["duel", "strong", "casual", "--deals", "0", "--seed", "1"], "--deals"),
    (["duel", "strong", "casual", "--deals", "\u0662", "--seed", "1"], "--deals"),
    (["duel", "strong", "casual", "--deals", "2", "--seed", "1e3"], "--seed"),
    (["duel", "strong", "casual", "--deals", "2", "--seed", "1", "--score", "95"], "--score"),
    (["duel", "strong", "casual", "--deals", "2", "--seed", "1", "--score", "95,-3"], "--score"),
    (["duel", "strong", "casual", "--deals", "2", "--seed", "1", "--score", "95,\u0666\u0660"], "--score"),
    (["duel", "strong", "casual", "--deals", "2", "--seed", "1", "--first", "x"], "--first"),
])
def test_bad_numbers_are_refused_in_one_plain_line(capsys, monkeypatch, position, argv, says):
    assert says in refused(*run(capsys, monkeypatch, argv, position))


def test_a_huge_level_is_quoted_as_an_excerpt(capsys, monkeypatch, position):
    err = refused(*run(capsys, monkeypatch, ["move", "--level", "x" * 100_000, "--seat", "1"], position))
    assert "unknown level" in err and "x" * 100 not in err


def test_a_hint_of_one_deal_prints_json_without_infinity(capsys, monkeypatch, position):
    rnd_turn = json.loads(position)["turn"]
    code, out, err = run(capsys, monkeypatch, ["hint", "--seat", str(rnd_turn), "--deals", "1", "--seed", "1"], position)
    assert code == 0, err
    assert "Infinity" not in out and "NaN" not in out and json.loads(out)["deals"] == 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["--budget", "--deals", "--precision", "--nodes", "--seat", "--seed"]), st.text(max_size=30))
def test_any_text_for_a_number_parses_or_is_refused_plainly(capsys, monkeypatch, option, text):
    from strategy.cli import build_parser

    argv = ["hint", "--seat", "0", option, text] if option != "--seat" else ["hint", "--seat", text]
    capsys.readouterr()  # each example reads its own output
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:
        err = capsys.readouterr().err
        assert stop.code == 2 and err.startswith("error: ") and err.count("\n") == 1 and len(err) < 500
        return
    for name in ("budget", "precision"):
        value = getattr(args, name)
        assert value is None or 0 <= value <= 3600
    assert (args.deals is None or 1 <= args.deals) and 0 <= args.seat <= 3  # None: the page's caps
