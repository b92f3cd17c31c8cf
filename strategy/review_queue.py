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

import logging
import uuid
from concurrent.futures import Future

import jobs
from jobs import Job
from engine import Round

from .review import Decision, MatchRecord, RoundReview, decision_points, is_choice, judge_move

__all__ = ["RoundJudge", "WORKERS", "judge_later", "submit", "submit_at", "submit_for", "judge_and_keep"]

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


def submit_for(owner, priority: int, fn, /, *args, **kwargs) -> Job:
    """:func:`submit_at` for ``owner`` (a player, a round's judge): each owner's jobs of a
    priority take turns with the others' (:mod:`jobs`), so one busy table starves nobody."""
    return jobs.submit(fn, args, kwargs, priority=priority, owner=owner)


def judge_later(game: MatchRecord, index: int, ply: int, before: Round, owner=None, then=None) -> Future:
    """Start judging move ``ply`` of round ``index``, made from ``before`` (copied now);
    ``then``: see :func:`judge_and_keep`."""
    if then is not None:
        return submit_for(owner, jobs.REVIEW, judge_and_keep, then, game, index, ply, before.copy())
    return submit_for(owner, jobs.REVIEW, judge_move, game, index, ply, before.copy())


def judge_and_keep(then, game: MatchRecord, index: int, ply: int, before: Round) -> Decision:
    """:func:`strategy.review.judge_move`, then ``fn(*args, index, decision)`` for
    ``then = (fn, args)`` by the job itself (a worker process in ``queue`` mode): the grade
    is written where ``fn`` keeps it even if the page that asked is gone by then. ``fn``
    must be importable by name and ``args`` picklable; its failure is logged, and the
    decision still returned."""
    decision = judge_move(game, index, ply, before)
    fn, args = then
    try:
        fn(*args, index, decision)
    except Exception:  # noqa: BLE001 - a grade that could not be kept must not lose the judging
        logging.getLogger(__name__).warning("a judged decision (round %s, move %s) could not be kept", index, ply,
                                            exc_info=True)
    return decision


class RoundJudge:
    """The judged decisions of one round of one game, as they come in."""

    def __init__(self, index: int, owner=None, then=None) -> None:
        self.index = index
        #: whose judgements these are, for the queue's turns (by default this round's own)
        self.owner = owner if owner is not None else f"judge:{uuid.uuid4().hex}"
        #: what each judging job does with its decision itself (:func:`judge_and_keep`)
        self.then = then
        self._futures: dict[int, Future] = {}
        self._filled = False

    def decided(self, game: MatchRecord, before: Round, ply: int) -> None:
        """The player just made move ``ply`` from ``before``: judge it if it was a choice."""
        if ply not in self._futures and is_choice(before):
            self._futures[ply] = judge_later(game, self.index, ply, before, self.owner, self.then)

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
                self._futures[ply] = judge_later(game, self.index, ply, before, self.owner, self.then)

    def future(self, ply: int) -> Future | None:
        """The judging of the choice made at ``ply`` (None: not a choice judged here)."""
        return self._futures.get(ply)

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
