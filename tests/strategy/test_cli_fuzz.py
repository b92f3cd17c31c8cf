"""A fuzzer for the strategy command line (issue 11): real positions and mutations of
them, through every command: JSON and exit 0, or one plain line on stderr and exit 2."""

from __future__ import annotations

import io
import json
import random
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategy.cli import main
from tests.engine.test_hardening import GAMES, _mutate, played

COMMANDS = [["solve"], ["hint", "--seat", "{turn}", "--budget", "0.05", "--seed", "1"], ["infer", "--seat", "{turn}"],
            ["move", "--level", "strong", "--seat", "{turn}"], ["move", "--level", "expert", "--seat", "{other}"]]


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(GAMES), st.integers(0, 10 ** 6), st.integers(1, 24), st.integers(0, 2 ** 32),
       st.sampled_from(COMMANDS), st.booleans())
def test_every_command_answers_or_refuses_in_one_line(capsys, monkeypatch, game, seed, steps, salt, command, mutate):
    preset, players = game
    rng = random.Random(salt)
    data = played(preset, seed, steps, players, snapshot=rng.random() < 0.5)
    if mutate:
        data = _mutate(data, rng)
    turn = data.get("turn", 0) if isinstance(data.get("turn"), int) else 0
    argv = [a.format(turn=turn, other=turn + 1) for a in command]
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(data)))
    code = main(argv)
    out, err = capsys.readouterr()
    assert code in (0, 2)
    if code == 0:
        assert err == "" and isinstance(json.loads(out), dict)
    else:
        assert out == "" and err.startswith("error: ") and err.count("\n") == 1 and len(err) < 500
