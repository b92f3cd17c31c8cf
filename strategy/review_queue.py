"""Judging a player's decisions in the background, each one right after it is made.

A review samples each decision until its grade is clear, which takes up to seconds at
the start of a round; done after the round it froze the page. :class:`RoundJudge` hands
every decision to a small pool of worker threads the moment the player makes it, so the
round goes on while it is judged and the review is there when the round ends. The
judgements are jobs (:mod:`jobs`): with ``CAPICU_JOBS=queue`` (``scripts/start.sh``) worker
processes take them from the queue's store, on this machine or others; otherwise niced
threads of this process do them (the solver's core releases the interpreter lock while it
searches, so a thread runs beside the page on another core).

Each judgement is the deterministic :func:`strategy.review.judge` (seeded from the game,
the round and the move; no time budget), so a decision judged in the background, again
after a reload, or in a benchmark gets the same grade.
"""

from __future__ import annotations

from concurrent.futures import Future

import jobs
from jobs import Job
from engine import Round

from .review import Decision, MatchRecord, RoundReview, decision_points, is_choice, judge_move

__all__ = ["RoundJudge", "WORKERS", "judge_later", "submit", "submit_at"]

#: worker threads of this process when the jobs run in it (``CAPICU_JOBS`` not ``queue``)
WORKERS = jobs.THREADS
#: how much the workers yield to the pages, added to the niceness they start with
NICENESS = jobs.NICENESS


def submit(fn, /, *args, **kwargs) -> Job:
    """Do ``fn(*args, **kwargs)`` as a review job (:mod:`jobs`: the queue's worker
    processes, or this process's niced threads); a :class:`concurrent.futures.Future`."""
    return jobs.submit(fn, args, kwargs, priority=jobs.REVIEW)


def submit_at(priority: int, fn, /, *args, **kwargs) -> Job:
    """:func:`submit` at another priority (``jobs.HINT``, ``jobs.AHEAD``)."""
    return jobs.submit(fn, args, kwargs, priority=priority)


def judge_later(game: MatchRecord, index: int, ply: int, before: Round) -> Future:
    """Start judging move ``ply`` of round ``index``, made from ``before`` (copied now)."""
    return submit(judge_move, game, index, ply, before.copy())


class RoundJudge:
    """The judged decisions of one round of one game, as they come in."""

    def __init__(self, index: int) -> None:
        self.index = index
        self._futures: dict[int, Future] = {}
        self._filled = False

    def decided(self, game: MatchRecord, before: Round, ply: int) -> None:
        """The player just made move ``ply`` from ``before``: judge it if it was a choice."""
        if ply not in self._futures and is_choice(before):
            self._futures[ply] = judge_later(game, self.index, ply, before)

    def known(self, decisions) -> None:
        """Decisions judged before (kept with a match that was reloaded): not judged again."""
        for decision in decisions:
            if decision.ply not in self._futures:
                future: Future = Future()
                future.set_result(decision)
                self._futures[decision.ply] = future

    def fill(self, game: MatchRecord, seat: int = 0) -> None:
        """Judge every choice of the round not judged yet (a reopened or reloaded game).
        Once per round: it replays the match, and the page asks on every rerun."""
        if self._filled:
            return
        self._filled = True
        for ply, before in decision_points(game, self.index, seat):
            if ply not in self._futures:
                self._futures[ply] = judge_later(game, self.index, ply, before)

    @property
    def total(self) -> int:
        return len(self._futures)

    @property
    def pending(self) -> int:
        return sum(not f.done() for f in self._futures.values())

    def failed(self) -> list[int]:
        """The moves whose judging raised (said plainly on the page, never as a trace)."""
        return [ply for ply, f in sorted(self._futures.items()) if f.done() and f.exception() is not None]

    def decisions(self) -> list[Decision]:
        """The judged decisions so far, in the order they were made."""
        return [f.result() for _, f in sorted(self._futures.items()) if f.done() and f.exception() is None]

    def review(self) -> RoundReview | None:
        """The whole round's review once every decision is judged."""
        if self.pending:
            return None
        return RoundReview(self.index, tuple(self.decisions()))

    def wait(self, timeout: float | None = None) -> RoundReview | None:
        """Block until every decision is judged (tests and the command line)."""
        for future in list(self._futures.values()):
            future.exception(timeout=timeout)
        return self.review()
