"""The deeper hint, worked out while the player thinks.

Early in a round a hint's first second cannot tell close moves apart (docs/strategy.md,
"Precision at the start of a round"); *Look deeper* gives it five times the work. Most
players look at the board for several seconds before they ask, so :class:`HintAhead`
starts that deeper hint on the review's worker threads (niced: the pages come first) the
moment the player's turn begins. A hint asked once it is done is the deeper one at once;
one asked sooner is the ordinary hint, and *Look deeper* then takes the finished one.

The deeper hint is capped by work alone (no wall-time guard), with the seed the page
uses for that moment, so it is exactly what *Look deeper* computes: the same figures
whether it was worked out ahead or on request.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future

from engine import SeatView

from .hints import Hint, hint
from .review_queue import submit

__all__ = ["HintAhead", "deeper_hint"]


def deeper_hint(view: SeatView, seed: int, cancel: threading.Event | None = None) -> Hint:
    """The deeper hint of ``view``: five times the ordinary work, no wall-time guard
    (``cancel``: stop early once set, when the player has moved on)."""
    return hint(view, seed=seed, deep=True, budget=None, cancel=cancel)


class HintAhead:
    """One player's deeper hint for the moment in front of them (a page keeps one)."""

    def __init__(self) -> None:
        self._moment: str | None = None
        self._future: Future | None = None
        self._cancel = threading.Event()

    @property
    def moment(self) -> str | None:
        """The decision whose deeper hint was started (None: none)."""
        return self._moment

    def think(self, moment: str, view: SeatView, seed: int) -> None:
        """Start the deeper hint of ``moment`` (a name for this decision), unless it is
        already under way."""
        if moment == self._moment:
            return
        self.forget()
        self._moment, self._cancel = moment, threading.Event()
        self._future = submit(deeper_hint, view, seed, self._cancel)

    def ready(self, moment: str) -> Hint | None:
        """The deeper hint of ``moment`` if it is done, else None (not started, still
        working, another moment, or failed: the page then asks for the ordinary one)."""
        future = self._future
        if moment != self._moment or future is None or not future.done() or future.cancelled():
            return None
        if future.exception() is not None or future.result().evaluation.stop == "cancelled":
            return None
        return future.result()

    def wait(self, timeout: float | None = None) -> None:
        """Until the current deeper hint is done (for tests and benchmarks)."""
        if self._future is not None:
            self._future.exception(timeout)

    def forget(self) -> None:
        """Drop the current moment: a hint not started yet is not started at all, and one
        being worked out stops after the deal it is solving."""
        self._cancel.set()
        if self._future is not None:
            self._future.cancel()
        self._moment, self._future = None, None
