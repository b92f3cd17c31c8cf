"""The review of a round played at a real table: the player's choices, graded from their
view as the play page grades a move, in the background.

* :class:`RecordJudge`: a round recorded on the analysis board (``matches.companion``).
* :class:`SeatJudge`: a seat's round at a table of people (``matches.table``), which
  hands every choice to ``keep`` the moment it is judged (the class summary's grades are
  written from there), so they are kept whatever the player's screen does.

Apart from the companion so that a page that only makes a link (a lesson, the play
page's review) does not load the solver.
"""

from __future__ import annotations

import hashlib
import json
import logging
from concurrent.futures import Future
from dataclasses import replace
from typing import Callable

from engine import Round
from engine.actions import Action

from matches.companion import TableGame, to_link
from matches.game import Game
from strategy.review import REVIEW_MAX_DEALS, Decision, is_choice, judge_seen
from strategy.review_queue import RoundJudge, submit

__all__ = ["RecordJudge", "SeatJudge", "choices", "judge_choice"]

log = logging.getLogger(__name__)


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


class SeatJudge(RoundJudge):
    """Seat ``seat``'s choices in round ``index`` of a table's match, judged in the
    background as they are made (and the rest once the round is over, :meth:`fill`).

    Each choice, when its judging ends, goes to ``keep(index, decision)`` on the worker
    thread that judged it (or at once, if it was judged already): the judging job itself
    keeps the grades, whether or not a screen ever shows the review. ``keep`` must be
    safe to call from any thread and twice for the same choice (a reload judges it again)."""

    def __init__(self, index: int, seat: int, keep: Callable[[int, Decision], None], then=None, owner=None) -> None:
        super().__init__(index, owner=owner, then=then)  # then: the judging job keeps each grade itself
        self.seat = seat
        self._keep = keep
        self._watched: set[int] = set()

    def decided(self, game: Game, before: Round, ply: int) -> None:
        super().decided(game, before, ply)
        self._watch()

    def fill(self, game: Game, seat: int | None = None) -> None:
        super().fill(game, self.seat if seat is None else seat)
        self._watch()

    def _watch(self) -> None:
        if self.then is not None:
            return  # each judging job keeps its own grade (strategy.review_queue.judge_and_keep)
        for ply, future in list(self._futures.items()):
            if ply not in self._watched:
                self._watched.add(ply)
                future.add_done_callback(self._kept)

    def _kept(self, future: Future) -> None:
        if future.cancelled() or future.exception() is not None:
            return  # said on the page ("could not be judged"); nothing to keep
        try:
            self._keep(self.index, future.result())
        except Exception:  # noqa: BLE001 - a grade that could not be written must not stop the judging
            log.warning("a judged choice (round %s) could not be kept", self.index, exc_info=True)
