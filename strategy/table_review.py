"""The review of a round recorded at a real table (``strategy.companion``): the player's
choices, graded from their view as the play page grades a move, in the background.

Apart from the companion so that a page that only makes a link (a lesson, the play
page's review) does not load the solver.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

from engine import Round
from engine.actions import Action

from .companion import TableGame, to_link
from .review import REVIEW_MAX_DEALS, is_choice, judge_seen
from .review_queue import RoundJudge, submit

__all__ = ["RecordJudge", "choices", "judge_choice"]


def choices(game: TableGame) -> list[tuple[int, str, Round]]:
    """(ply, the action, the stand-in before it) for every real choice the player made
    (two or more different legal moves): the positions the review grades. The stand-in's
    other hands are not the real ones, so only its view of the player's seat is used."""
    final = game.round()
    moves = len(final.history)
    out = []
    for ply in range(moves):
        before = final.copy()
        for _ in range(moves - ply):
            before.undo()
        actor, aid, _ = final.history[ply]
        if actor == game.seat and before.turn == game.seat and is_choice(before):
            out.append((ply, str(Action.from_id(aid)), before))
    return out


def _seed(game: TableGame, ply: int) -> int:
    text = json.dumps([to_link(replace(game, entries=(), _stand_in=game._stand_in)), ply])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def judge_choice(game: TableGame, ply: int, action: str, before: Round, *, real: Round | None = None,
                 deals: int | None = None):
    """Grade the player's move ``ply`` from their view, as the play page grades a move
    (``strategy.review.judge_view``: the same sampling until the grade is clear, seeded by
    the record). The exact values with every hand shown need the real deal (``real``:
    the position before the move, every hand entered); without it they are the expected
    ones and the page says nothing about luck."""
    return judge_seen(before.view(game.seat), ply, action, False, seed=_seed(game, ply),
                      deals=deals or REVIEW_MAX_DEALS, real=real)


class RecordJudge(RoundJudge):
    """The player's choices of a finished recorded round, judged in the background on the
    review's worker threads (``strategy.review_queue``), one future per choice."""

    def __init__(self, game: TableGame, *, real: Round | None = None, deals: int | None = None) -> None:
        super().__init__(game.round_number - 1)
        self.game = game
        self.exact = real is not None
        for ply, action, before in choices(game):
            shown = None
            if real is not None:
                shown = real.copy()
                for _ in range(len(shown.history) - ply):
                    shown.undo()
            self._futures[ply] = submit(judge_choice, game, ply, action, before, real=shown, deals=deals)
