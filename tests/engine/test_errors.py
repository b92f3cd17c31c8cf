"""Errors carry a stable code, their parameters and a plain English message."""

from __future__ import annotations

import re

import pytest

from engine import EngineError, IllegalActionError, NotationError, PositionError, RulesError
from engine.errors import ENGLISH

# The codes the UI translates: they may be added to, never renamed or removed.
STABLE_CODES = {
    "bad_tile", "bad_action", "bad_json", "bad_position", "duplicate_tile", "missing_tile", "broken_line",
    "bad_hand_size", "bad_turn", "bad_history", "unknown_preset", "unknown_option", "bad_option",
    "unknown_overlay", "bad_players", "round_over", "not_led", "already_led", "not_in_hand", "forced_lead",
    "no_fit", "wrong_end", "must_play", "must_draw", "no_stock", "stock_empty", "nothing_to_undo",
    "match_over", "round_not_over", "bad_rules",
}


def test_codes_are_stable():
    assert STABLE_CODES <= set(ENGLISH)


@pytest.mark.parametrize("code", sorted(ENGLISH))
def test_every_message_fills_from_its_params(code):
    names = set(re.findall(r"{(\w+)}", ENGLISH[code]))
    err = EngineError(code, **{name: f"<{name}>" for name in names})
    assert err.code == code and set(err.params) == names
    assert "{" not in str(err) and all(f"<{name}>" in str(err) for name in names)


def test_the_plain_messages():
    assert str(IllegalActionError("no_fit", tile="3-5", ends="2 or 4")) == "3-5 does not fit 2 or 4"
    assert str(IllegalActionError("must_play", tiles="1-4")) == "you must play: 1-4 fits"
    assert str(IllegalActionError("stock_empty")) == "the stock is empty"
    assert IllegalActionError("stock_empty").params == {}


def test_the_error_family():
    assert issubclass(PositionError, NotationError) and issubclass(NotationError, EngineError)
    assert issubclass(RulesError, EngineError) and issubclass(IllegalActionError, EngineError)
    assert issubclass(EngineError, ValueError)
