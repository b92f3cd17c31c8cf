"""A match against bots, as data: who sits where, the seed, every action — and its replay.

A :class:`Game` wraps an engine :class:`~engine.Match`. The player sits at seat 0; every
other seat is a bot of a named level (in Partners, seat 2 is the player's partner). The
deal of every round follows from the seed (``engine.deal``), and each bot's choice from
the seed, the round and the move number, so a saved :meth:`Game.to_dict` replays to the
very same position on any machine. Bots see their own seat's view only.

>>> g = Game.start(Setup("laplaza_partners", 4, (), "7", ("human", "beginner", "beginner", "beginner")))
>>> g.round.round_number, g.human_to_move or g.bot_to_move
(1, True)
>>> while g.bot_to_move:
...     _ = g.play_bot()
>>> g.human_to_move
True
>>> again = Game.from_dict(g.to_dict())
>>> again.round.hands == g.round.hands and again.round.history == g.round.history
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from engine import (
    PRESETS, Action, EngineError, IllegalActionError, Match, Round, Rules, SeatView, add_result, match_outcome,
)

from strategy.bots import LEVELS, get_bot

HUMAN = "human"
#: The levels a player may seat at the table, weakest first (the baselines are for duels).
PLAYABLE_LEVELS = ("beginner", "casual", "strong", "expert")
#: Preset -> the player counts a match may have (the engine's presets say).
PLAYER_COUNTS = {name: counts for name, (counts, _options) in PRESETS.items()}


class GameError(ValueError):
    """A setup or a saved game that cannot be played (a plain message; ``code`` for the UI)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True)
class Setup:
    """The table: game, player count, table variants, seed, and who sits in each seat."""

    preset: str
    players: int
    overlays: tuple[str, ...]
    seed: str
    #: "human" or a bot level per seat; against the bots the player is seat 0, at a table
    #: with friends (matches/table.py) any seat may be a person's
    seats: tuple[str, ...]
    #: a tournament table (rules.md PT-16): a tile the player picks up must be laid
    touch_move: bool = False

    def __post_init__(self) -> None:
        if self.preset not in PLAYER_COUNTS:
            raise GameError("bad_game", f"unknown game {self.preset!r}")
        if self.players not in PLAYER_COUNTS[self.preset]:
            raise GameError("bad_players", f"{self.preset} is played by {PLAYER_COUNTS[self.preset]} players")
        if len(self.seats) != self.players or HUMAN not in self.seats:
            raise GameError("bad_seats", "every seat is a person's or a bot's, and one at least a person's")
        if any(level not in LEVELS for level in self.seats if level != HUMAN):
            raise GameError("bad_level", f"a bot level is one of {', '.join(LEVELS)}")
        if not isinstance(self.seed, str) or not 0 < len(self.seed) <= 40:
            raise GameError("bad_seed", "the seed is text of 1 to 40 characters")
        self.rules()  # unknown or unfitting table variants fail here

    def rules(self) -> Rules:
        try:
            return Rules.preset(self.preset, self.players, self.overlays,
                                **({"touch_move": "on"} if self.touch_move else {}))
        except EngineError as error:
            raise GameError("bad_rules", str(error)) from None

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "players": self.players, "overlays": list(self.overlays),
                "seed": self.seed, "seats": list(self.seats), "touch_move": self.touch_move}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> "Setup":
        try:
            return Setup(str(data["preset"]), int(data["players"]), tuple(str(o) for o in data["overlays"]),
                         str(data["seed"]), tuple(str(s) for s in data["seats"]),
                         data.get("touch_move", False) is True)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, GameError):
                raise
            raise GameError("bad_record", f"a saved game's setup is incomplete: {error}") from None


@dataclass
class Move:
    """One action at the table, and whether the player asked for a hint before it."""

    seat: int
    action: str
    hint: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, **({"hint": True} if self.hint else {})}


@dataclass
class Game:
    setup: Setup
    match: Match
    #: the moves of every round so far, the current one last
    rounds: list[list[Move]] = field(default_factory=lambda: [[]])

    @staticmethod
    def start(setup: Setup) -> "Game":
        return Game(setup, Match.start(setup.rules(), setup.seed))

    # ------------------------------------------------------------------ state
    @property
    def round(self) -> Round:
        return self.match.round

    @property
    def over(self) -> bool:
        return self.match.is_over

    @property
    def human_to_move(self) -> bool:
        return not self.round.is_over and self.setup.seats[self.round.turn] == HUMAN

    @property
    def bot_to_move(self) -> bool:
        return not self.round.is_over and self.setup.seats[self.round.turn] != HUMAN

    @property
    def last_round(self) -> bool:
        """The round is over and its score ends the match (next_round will not deal again)."""
        result = self.round.result
        return result is not None and match_outcome(self.match.rules, add_result(self.match.scores, result),
                                                     result)[0]

    @property
    def version(self) -> int:
        """How far the match has come: one more for every move, every round dealt and its
        end. Two copies of one match (a reload, a second tab) tell which is newer by it."""
        return sum(len(moves) for moves in self.rounds) + len(self.rounds) + int(self.over)

    @property
    def scores_shown(self) -> tuple[int, ...]:
        """The match score with the round on the table counted once it is over (the engine
        adds a round only when the next one is dealt)."""
        result = self.round.result
        if result is None or self.over:
            return tuple(self.match.scores)
        return add_result(self.match.scores, result)

    def view(self, seat: int = 0) -> SeatView:
        return self.round.view(seat)

    # ------------------------------------------------------------------ moves
    def play(self, action: Action | str, *, hint: bool = False) -> None:
        """The player's action; the engine judges it (IllegalActionError says why)."""
        self.play_seat(0, action, hint=hint)

    def play_seat(self, seat: int, action: Action | str, *, hint: bool = False) -> None:
        """A person's action at ``seat``; refused unless that seat is a person's and on turn."""
        if not self.human_to_move or self.round.turn != seat:
            raise IllegalActionError("not_your_turn")
        self._apply(seat, action, hint)

    def bot_action(self) -> Action:
        """What the bot to move would play: from its own view, with its own seeded dice."""
        return self.action_for(self.setup.seats[self.round.turn])

    def action_for(self, level: str) -> Action:
        """What a bot of ``level`` would play for the seat to move (a person's seat too: one
        whose time ran out, or who is away), from that seat's view, with seeded dice."""
        seat = self.round.turn
        rng = random.Random(f"capicu-bot:{self.setup.seed}:{self.round.round_number}:{len(self.rounds[-1])}")
        return get_bot(level).choose(self.round.view(seat), rng)

    def play_for(self, seat: int, level: str) -> Move:
        """A bot of ``level`` moves for person ``seat`` (said so in the table's log)."""
        if not self.human_to_move or self.round.turn != seat:
            raise IllegalActionError("not_your_turn")
        self._apply(seat, self.action_for(level), False)
        return self.rounds[-1][-1]

    def play_bot(self) -> Move:
        if not self.bot_to_move:
            raise IllegalActionError("not_a_bots_turn")
        seat = self.round.turn
        self._apply(seat, self.bot_action(), False)
        return self.rounds[-1][-1]

    def _apply(self, seat: int, action: Action | str, hint: bool) -> None:
        self.round.apply(action)
        self.rounds[-1].append(Move(seat, str(action), hint))

    def next_round(self) -> None:
        """Score the finished round, then deal the next (or end the match)."""
        self.match.finish_round()
        if not self.match.is_over:
            self.rounds.append([])

    def next_round_after(self, index: int) -> bool:
        """Deal the round after round ``index`` (0 for the first) if that round is the one on
        the table and over; else change nothing and say so. A button pressed twice, or late
        from a page that has moved on, asks for a round that is already dealt."""
        if index != len(self.rounds) - 1 or not self.round.is_over or self.over:
            return False
        self.next_round()
        return True

    # ------------------------------------------------------------------ records
    def round_start(self, index: int) -> Round:
        """Round ``index`` (0 for the first) as it was dealt, before any move."""
        replay = Game.start(self.setup)
        for moves in self.rounds[:index]:
            for move in moves:
                replay.round.apply(move.action)
            replay.match.finish_round()
        return replay.round.copy()

    def to_dict(self) -> dict[str, Any]:
        # "over": the last round was scored and ended the match (a finished round that
        # is not yet scored is still open to next_round)
        return {"setup": self.setup.to_dict(), "rounds": [[m.to_dict() for m in r] for r in self.rounds],
                "over": self.over}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> "Game":
        """Replay a saved game through the engine; a record that breaks a rule is refused."""
        if not isinstance(data, Mapping):
            raise GameError("bad_record", "a saved game is a JSON object")
        game = Game.start(Setup.from_dict(data.get("setup") or {}))
        rounds = data.get("rounds")
        if not isinstance(rounds, Sequence) or not rounds:
            raise GameError("bad_record", "a saved game lists its rounds")
        for number, moves in enumerate(rounds):
            if number:
                if not game.round.is_over or game.over:
                    raise GameError("bad_record", f"round {number} starts before the one before it ended")
                game.next_round()
            for move in moves:
                try:
                    seat, action = int(move["seat"]), str(move["action"])
                    if seat != game.round.turn:
                        raise GameError("bad_record", f"round {number + 1}: seat {seat} moved out of turn")
                    game._apply(seat, action, bool(move.get("hint", False)))
                except (KeyError, TypeError, ValueError, EngineError) as error:
                    if isinstance(error, GameError):
                        raise
                    raise GameError("bad_record", f"round {number + 1}: {error}") from None
        if data.get("over"):
            if not game.round.is_over:
                raise GameError("bad_record", "the match is said to be over, but its last round is not")
            game.next_round()
            if not game.over:
                raise GameError("bad_record", "the match is said to be over, but its scores do not end it")
        return game


__all__ = ["Game", "GameError", "HUMAN", "Move", "PLAYABLE_LEVELS", "PLAYER_COUNTS", "Setup"]
