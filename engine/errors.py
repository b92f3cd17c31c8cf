"""Errors with plain messages.

Every error carries a stable ``code`` and the ``params`` that fill its message, so a
user interface can say the same thing in the player's language; ``str(error)`` is
the English sentence.

>>> str(IllegalActionError("no_fit", tile="3-5", ends="2 or 4"))
'3-5 does not fit 2 or 4'
"""

from __future__ import annotations

from typing import Any

#: The most characters of one piece of user input an error message quotes.
EXCERPT = 40
#: The most characters of any one parameter (engine-made texts such as lists of choices).
PARAM_LIMIT = 300


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """``value`` as text, cut to ``limit`` characters (``…`` marks the cut), so an error
    never echoes a whole 10 MB input. Never raises, not even for an int too long to print.

    >>> excerpt("1-" + "2" * 100)
    '1-2222222222222222222222222222222222222…'
    >>> excerpt(10 ** 5000)
    '(a number of about 5001 digits)'
    """
    if isinstance(value, str):
        text = value
    else:
        try:
            text = str(value)
        except ValueError:  # an int over Python's int-string limit
            if isinstance(value, int):
                return f"(a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits)"
            return "(unprintable)"
        except Exception:  # noqa: BLE001 - a message must never fail to build
            return "(unprintable)"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(value: Any, limit: int = EXCERPT) -> str:
    """An excerpt in quotes, like ``repr`` of a short text: for messages that name a value."""
    if isinstance(value, str):
        return repr(excerpt(value, limit))
    try:
        return excerpt(repr(value), limit)
    except ValueError:
        return excerpt(value, limit)


ENGLISH = {
    # tiles, actions and notation
    "bad_tile": "'{text}' is not a tile: write two numbers from 0 to 6, like 3-5",
    "bad_action": "'{text}' is not an action: write 'lead 6-6', '3-5@L', '3-5@R', 'draw' or 'pass'",
    "bad_json": "the position is not valid JSON: {detail}",
    "bad_position": "bad position: {detail}",
    "duplicate_tile": "bad position: {tile} appears more than once",
    "missing_tile": "bad position: {tiles} missing (only sleeping tiles may be left out, and this game has none)",
    "broken_line": "bad position: the line is not connected at {left} | {right}",
    "bad_hand_size": "bad position: seat {seat} holds {count} tiles, but at most {limit} are possible",
    "bad_turn": "bad position: {detail}",
    "bad_history": "bad position: history step {step} ({action}) cannot be replayed: {reason}",
    # rules and options
    "unknown_preset": "unknown game '{name}': choose one of {choices}",
    "unknown_option": "unknown rule option '{name}'",
    "bad_rules": "bad rules: {detail}",
    "bad_option": "rule option {name} cannot be {value}: {allowed}",
    "unknown_overlay": "unknown table variant '{name}' for {preset}: choose one of {choices}",
    "bad_players": "{preset} is played by {allowed} players, not {players}",
    # illegal actions
    "round_over": "the round is over",
    "not_led": "nobody has led yet: the first action must be a lead",
    "already_led": "the round has been led already: play on an end",
    "not_in_hand": "you do not hold {tile}",
    "forced_lead": "this round must be led with {tile}",
    "no_fit": "{tile} does not fit {ends}",
    "wrong_end": "{tile} does not fit the {end} end ({value}); it fits the other end",
    "must_play": "you must play: {tiles} fits",
    "must_draw": "you must draw: nothing fits and the stock has {count} left",
    "no_stock": "this game has no stock to draw from",
    "stock_empty": "the stock is empty",
    "nothing_to_undo": "there is no action to undo",
    "match_over": "the match is over",
    "round_not_over": "the round is not over yet",
}


#: The parameters that carry the user's own text (a tile, an option name or value, ...).
USER_TEXT = frozenset({"text", "name", "value", "players", "tile", "action"})


class CodedError(Exception):
    """An error with a stable ``code``, its ``params`` and an English message.

    Subclasses name their English templates in ``MESSAGES`` (code -> template); other
    packages (saved progress) reuse this so every error the UI meets reads the same way.
    """

    MESSAGES: dict[str, str] = {}

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        # Parameters quoting what the user wrote are cut to a short excerpt; every other one
        # (lists of choices, explanations) to PARAM_LIMIT, as a safety net.
        self.params = {k: excerpt(v, EXCERPT if k in USER_TEXT else PARAM_LIMIT) for k, v in params.items()}
        template = self.MESSAGES.get(code, code)
        try:
            message = template.format(**self.params)
        except (KeyError, IndexError):
            message = template
        super().__init__(message)


class EngineError(CodedError, ValueError):
    """Base of every error the engine raises on bad input."""

    MESSAGES = ENGLISH


class NotationError(EngineError):
    """Text that is not a tile, an action or a position."""


class PositionError(NotationError):
    """A position that is well-formed JSON but cannot be a real position."""


class RulesError(EngineError):
    """An unknown preset, option, value or table variant."""


class IllegalActionError(EngineError):
    """An action the rules do not allow now; the message says why."""
