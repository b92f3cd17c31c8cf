"""The deeper hint, worked out while the player thinks.

Early in a round a hint's first second cannot tell close moves apart (docs/strategy.md,
"Precision at the start of a round"); *Look deeper* gives it five times the work. Most
players look at the board for several seconds before they ask, so :class:`HintAhead`
starts that deeper hint on the review's worker threads (niced: the pages come first) the
moment the player's turn begins. A hint asked once it is done is the deeper one at once;
one asked sooner is the ordinary hint, and *Look deeper* then takes the finished one.
If the deeper hint still cannot tell the close moves apart (the first decisions of a
Partners round), a thorough one (:data:`strategy.hints.THOROUGH_NODES`, four times the
work) follows while the player still thinks, and replaces it once done.

Each stage is capped by work alone (no wall-time guard), with the seed the page uses for
that moment, so the deeper one is exactly what *Look deeper* computes: the same figures
whether it was worked out ahead or on request. A stage is a job of the lowest priority
(:data:`jobs.AHEAD`), so a hint a player waits for and a review are done first; a stage of
a moment the player has left is cancelled (not started, or stopped after its deal).
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from dataclasses import replace

import jobs
from engine import SeatView

from . import hints
from .hints import Hint, hint
from .review_queue import submit_for

__all__ = ["STAGES", "HintAhead", "deeper_hint"]

#: the stages of a hint worked out ahead: the deeper hint, then the thorough one
STAGES = (False, True)


def deeper_hint(view: SeatView, seed: int, cancel=None, thorough: bool = False) -> Hint:
    """The deeper hint of ``view``: five times the ordinary work (``thorough``: four times
    that, :data:`strategy.hints.THOROUGH_NODES`), no wall-time guard (``cancel``: an event,
    or :data:`jobs.CANCEL` in a job; stop early once set, when the player has moved on)."""
    if not thorough:
        return hint(view, seed=seed, deep=True, budget=None, cancel=cancel)
    found = hint(view, seed=seed, deep=True, budget=None, cancel=cancel, max_nodes=hints.THOROUGH_NODES)
    return replace(found, thorough=True)


class HintAhead:
    """One player's deeper hint for the moment in front of them (a page keeps one)."""

    def __init__(self, owner=None) -> None:
        self.owner = owner  # the player, for the queue's turns among players
        self._moment: str | None = None
        self._future: Future | None = None  # the stage under way or queued
        self._settled: threading.Event | None = None  # its outcome taken in (the next stage queued)
        self._found: Hint | None = None  # the last stage done
        self._lock = threading.RLock()  # a stage done at once calls back under it

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
        with self._lock:
            self._moment = moment
            self._queue(moment, view, seed, 0)

    def _queue(self, moment: str, view: SeatView, seed: int, stage: int) -> None:
        """Submit stage ``stage`` of ``moment`` (the lock held)."""
        future = submit_for(self.owner, jobs.AHEAD, deeper_hint, view, seed, jobs.CANCEL, STAGES[stage])
        settled = threading.Event()
        self._future, self._settled = future, settled
        future.add_done_callback(lambda done: self._stage_done(done, settled, moment, view, seed, stage))

    def _stage_done(self, future: Future, settled: threading.Event, moment: str, view: SeatView, seed: int,
                    stage: int) -> None:
        """Stage ``stage`` of ``moment`` ended: keep it, and queue the next one if it is still needed."""
        try:
            if future.cancelled() or future.exception() is not None:
                return
            found = future.result()
            with self._lock:
                if moment != self._moment or self._future is not future or found.evaluation.stop == "cancelled":
                    return
                self._found = found
                if stage + 1 < len(STAGES) and not found.told_apart:
                    self._queue(moment, view, seed, stage + 1)
        finally:
            settled.set()

    def working(self, moment: str) -> bool:
        """Is a stage of ``moment`` still queued or under way (or just done, its outcome not
        taken in yet)?"""
        with self._lock:
            return moment == self._moment and self._settled is not None and not self._settled.is_set()

    def ready(self, moment: str) -> Hint | None:
        """The deepest hint of ``moment`` done so far, else None (not started, still
        working, another moment, or failed: the page then asks for the ordinary one)."""
        with self._lock:
            return self._found if moment == self._moment else None

    def wait(self, timeout: float | None = None) -> None:
        """Until every stage of the current moment is done (for tests and benchmarks;
        ``timeout`` for each stage); a stage that failed raises here."""
        while True:
            with self._lock:
                future, settled = self._future, self._settled
            if future is None:
                return
            error = future.exception(timeout)
            if error is not None:
                raise error
            settled.wait(timeout)
            with self._lock:
                if self._future is future:
                    return

    def forget(self) -> None:
        """Drop the current moment: a stage not started yet is not started at all, and one
        being worked out stops after the deal it is solving."""
        with self._lock:
            if self._future is not None:
                self._future.cancel()
            self._moment, self._future, self._settled, self._found = None, None, None, None
