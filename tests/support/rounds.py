"""A round of a match against bots played to its end, the person at random: the input of
the review's tests and benchmarks (every choice of the person's is then judged)."""

from __future__ import annotations

import random

from matches.game import Game, Setup


def played(setup: Setup, seed: int | str = 0) -> Game:
    """The first round of ``setup`` played out: bots by their level, the person (seat 0)
    choosing among the legal moves at random with ``seed``."""
    game = Game.start(setup)
    rng = random.Random(seed)
    while not game.round.is_over:
        if game.bot_to_move:
            game.play_bot()
        else:
            game.play(rng.choice(game.round.legal_actions()))
    return game
