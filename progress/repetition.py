"""Spaced repetition: a puzzle answered wrong comes back until it is solved twice.

A wrong answer puts the puzzle in the player's review queue, due the next day. Each time
it is answered when due, the next gap is longer: 1 day, then 3, then 7, then 21 (and 21 after
that).
Two right answers at due reviews take it out of the queue; a wrong one at a review does
not count towards them (it comes back after the next gap all the same). An answer before
the puzzle is due changes nothing: a retry just after seeing the answer proves nothing.
Another wrong answer before it is due (the puzzle met again elsewhere) starts it over.

Dates are the player's local dates, as :class:`progress.records.Attempt` carries them
(the app's clock: ``CAPICU_TODAY`` pins it in tests). Pure: the stores call :func:`schedule`.

>>> from datetime import date
>>> day = date(2026, 12, 1)
>>> missed = schedule(None, "p", "block_count", "block", correct=False, day=day)
>>> missed.due, missed.solved
(datetime.date(2026, 12, 2), 0)
>>> schedule(missed, "p", "block_count", "block", correct=True, day=day) == missed   # a retry: no change
True
>>> first = schedule(missed, "p", "block_count", "block", correct=True, day=date(2026, 12, 2))
>>> first.due, first.solved
(datetime.date(2026, 12, 5), 1)
>>> schedule(first, "p", "block_count", "block", correct=True, day=date(2026, 12, 5)) is None   # solved twice
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta

#: The gaps between a puzzle's reviews, in days; the last one repeats.
GAPS = (1, 3, 7, 21)
#: Right answers at due reviews that take a puzzle out of the queue.
TO_CLEAR = 2


@dataclass(frozen=True)
class Review:
    """A puzzle in a player's review queue."""

    puzzle_id: str
    puzzle_type: str
    game: str
    step: int  # the gap after the next review: GAPS[min(step, len(GAPS) - 1)]
    solved: int  # right answers at due reviews so far
    due: date
    missed: date  # the last day it was answered wrong


def gap(step: int) -> int:
    """The days until the review after ``step``.

    >>> [gap(s) for s in range(5)]
    [1, 3, 7, 21, 21]
    """
    return GAPS[min(max(step, 0), len(GAPS) - 1)]


def schedule(review: Review | None, puzzle_id: str, puzzle_type: str, game: str, *, correct: bool,
             day: date) -> Review | None:
    """The puzzle's place in the queue after an answer on ``day``: ``None`` when it is
    not (or no longer) in the queue, else its :class:`Review`."""
    if review is None:
        if correct:
            return None
        return Review(puzzle_id, puzzle_type, game, step=1, solved=0, due=day + timedelta(days=gap(0)), missed=day)
    if day < review.due:
        if correct:
            return review  # before it is due: a retry, or luck
        return replace(review, step=1, solved=0, due=day + timedelta(days=gap(0)), missed=day)
    solved = review.solved + (1 if correct else 0)
    if solved >= TO_CLEAR:
        return None
    return replace(review, step=review.step + 1, solved=solved, due=day + timedelta(days=gap(review.step)),
                   missed=review.missed if correct else day)
