"""From a judged decision to a personal puzzle: the pipeline (issue 45, docs/personal-puzzles.md).

A decision of the player's that the review graded a clear *mistake* or *blunder*
(``strategy.review.Decision`` with ``sure``) is **offered**: :func:`offer` submits one job
at :data:`jobs.PROOF` priority, below every job a page or a round waits for, that proves
it (:func:`strategy.mistake_proof.prove`) and makes the :class:`progress.mistakes.PersonalPuzzle`.
When the job ends, its done-callback keeps the puzzle where the owner's puzzles live
(a profile's store, a guest's session memory), on the thread that completed it: nothing is
lost when the page has moved on, and nothing here waits for the job. A decision that
cannot be proven is not kept (it is logged).

:func:`watch` does the same for a decision still being judged: it waits on the judging
(``strategy.review_queue.RoundJudge``) with a done-callback, then offers it. The hooks:
Play (``ui/pages/play.py``), tables and class tables (``ui/pages/table.py``: the player's
profile, never a guest's) and the analysis board's recorded rounds (``ui/pages/analyse.py``).

Here, not in ``progress/`` (which may not import the AI) nor in ``strategy/`` (which may not
import the records): ``matches/`` may import both.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future
from datetime import date, datetime, timezone
from typing import Any

import jobs
from engine import Round
from engine.notation import position_from_dict, position_to_dict
from progress.mistakes import GRADES, SOURCES, PersonalPuzzle, puzzle_id
from storage.errors import ProgressError
from strategy.mistake_proof import prove
from strategy.review import Decision

__all__ = ["offer", "offerable", "prove_mistake", "watch"]

log = logging.getLogger(__name__)

#: offers whose proof is still running: (the owner's puzzles, owner, puzzle id); a second
#: offer of the same decision (a reload, a second tab) does not prove it again
_running: set[tuple[int, Any, str]] = set()
_lock = threading.Lock()


def offerable(decision: Decision) -> bool:
    """A clear mistake or blunder: the grade, and no grade limit inside its interval."""
    return decision.grade in GRADES and bool(decision.sure)


def prove_mistake(position: dict, seat: int, played: str, grade: str, source: str, made_on: date,
                  cancel=jobs.CANCEL) -> PersonalPuzzle | None:
    """The job: prove ``played`` at ``position`` (the round before it, engine notation) a
    mistake from ``seat``'s view and make the puzzle, or None when it cannot be proven."""
    view = position_from_dict(position, reachable=False).view(seat)
    proof = prove(view, played, cancel=cancel)
    if proof is None:
        return None
    return PersonalPuzzle.make(position, seat, played, answers=proof.answers, values=proof.values,
                               margin_low=round(proof.margin_low, 4), deals=proof.deals, exact=proof.exact,
                               grade=grade, themes=_themes(view, proof), source=source, made_on=made_on)


def _themes(view, proof) -> tuple[str, ...]:
    try:
        from strategy.themes import themes_of
    except ImportError:  # pragma: no cover - the tagger is part of this release
        return ("other",)
    try:
        return tuple(themes_of(view, proof.played, proof.best, proof.values)) or ("other",)
    except Exception:  # noqa: BLE001 - a tag is a bonus: a tagger's slip must not cost the puzzle
        log.warning("the themes of a personal puzzle could not be worked out", exc_info=True)
        return ("other",)


def offer(owner: int | None, before: Round, seat: int, decision: Decision, source: str, store: Any, *,
          day: date | None = None) -> Future | None:
    """Offer ``decision`` (made by ``seat`` at ``before``) for a personal puzzle of
    ``owner``'s (a profile id, or None for a guest): one proof job, whose result is kept in
    ``store`` (a progress store, whose ``mistakes`` are used, or a ``Mistakes`` itself).
    ``day``: the player's date (the app's clock), the day the puzzle is due first.
    Returns the job, or None when the decision is not offered (not a clear mistake, or
    already a puzzle or being proven). Never waits for anything but a quick look-up."""
    if source not in SOURCES:
        raise ValueError(f"source must be one of {SOURCES}, not {source!r}")
    if not offerable(decision):
        return None
    mistakes = getattr(store, "mistakes", store)
    position = position_to_dict(before)
    pid = puzzle_id(position, seat, decision.action)
    mark = (id(mistakes), owner, pid)
    with _lock:
        if mark in _running:
            return None
        _running.add(mark)
    try:
        if mistakes.get(owner, pid) is not None:
            _done(mark)
            return None
    except ProgressError:
        pass  # the store is away for a moment: prove it all the same, the keeping will say
    made_on = day or datetime.now(timezone.utc).date()
    try:
        job = jobs.submit(prove_mistake, (position, seat, decision.action, decision.grade, source, made_on),
                          {"cancel": jobs.CANCEL}, priority=jobs.PROOF, owner=f"mistakes:{owner}")
    except Exception:
        _done(mark)
        raise
    job.add_done_callback(lambda finished: _keep(finished, mistakes, owner, mark))
    return job


def _done(mark) -> None:
    with _lock:
        _running.discard(mark)


def _keep(job: Future, mistakes, owner: int | None, mark) -> None:
    """The job's done-callback (on the thread that completed it): keep the proven puzzle."""
    try:
        if job.cancelled():
            return
        if job.exception() is not None:
            log.warning("a personal puzzle could not be proven: %s", job.exception())
            return
        puzzle = job.result()
        if puzzle is None:
            log.info("a mistake (%s) was not proven to the standard of a puzzle: not kept", mark[2])
            return
        mistakes.add(owner, puzzle)
    except Exception:  # noqa: BLE001 - a puzzle that could not be kept must not break the queue's thread
        log.warning("a proven personal puzzle could not be kept", exc_info=True)
    finally:
        _done(mark)


def watch(judging: Future | None, before: Round, seat: int, owner: int | None, source: str, store: Any, *,
          day: date | None = None) -> Future:
    """Offer the decision ``judging`` will give (a review job's future; None: nothing is
    judged) once it is judged, from a done-callback: the page never waits for it. Returns a
    future of the offer's proof job (None when nothing was offered)."""
    offered: Future = Future()
    if judging is None:
        offered.set_result(None)
        return offered
    kept = before.copy()

    def judged(future: Future) -> None:
        job = None
        try:
            if not future.cancelled() and future.exception() is None:
                job = offer(owner, kept, seat, future.result(), source, store, day=day)
        except Exception:  # noqa: BLE001 - on the queue's thread: say it, never raise there
            log.warning("a judged decision could not be offered for a personal puzzle", exc_info=True)
        offered.set_result(job)

    judging.add_done_callback(judged)
    return offered


def judging_of(judge: Any, ply: int) -> Future | None:
    """The review job judging move ``ply`` in a ``RoundJudge`` (None: not a choice, or not
    handed in yet)."""
    return judge.future(ply)
