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
Play (``ui/pages/play.py``), tables and class tables (``ui/pages/table.py``: a guest's from
the screen, a profile's from the judging job) and the analysis board's recorded rounds
(``ui/pages/analyse.py``).

A profile's proof job keeps the puzzle itself (:func:`prove_and_keep`, in the database
at the URL it is given), as a table's judging keeps its grades (``matches.table_grades``):
with ``CAPICU_JOBS=queue`` a worker process proves it, and the puzzle is kept even when the
web server that asked restarted before the proof ended. A guest's puzzles live in the
session's memory, which only the page's process can reach: the done-callback keeps those.

Offers also come from what is stored (:func:`offer_round`): the decisions kept with a
match (Play's live match, after a reload) and, at a table, each judging job offers its
own decision the moment it keeps its grade (:func:`keep_and_offer`), whoever is looking.
An offer is idempotent: a decision already a puzzle (its id is the table's key), being
proven in this process, or refused by a proof here before, submits nothing.

Here, not in ``progress/`` (which may not import the AI) nor in ``strategy/`` (which may not
import the records): ``matches/`` may import both.
"""

from __future__ import annotations

import functools
import logging
import threading
from concurrent.futures import Future
from datetime import date, datetime, timezone
from typing import Any, Callable

import jobs
from engine import Round
from engine.notation import position_from_dict, position_to_dict
from matches.table import Table
from matches.table_grades import keep_at, tables_at  # the judging job's one table store per URL
from progress.mistakes import GRADES, SOURCES, PersonalPuzzle, SavedMistakes, puzzle_id
from storage.errors import ProgressError
from strategy.mistake_proof import prove
from strategy.review import Decision, decision_points

__all__ = ["keep_and_offer", "offer", "offer_round", "offerable", "prove_and_keep", "prove_mistake", "watch"]

log = logging.getLogger(__name__)

#: offers whose proof is still running: (where the owner's puzzles are, owner, puzzle id);
#: a second offer of the same decision (a reload, a second tab) does not prove it again
_running: set[tuple[Any, Any, str]] = set()
#: decisions a proof in this process refused (the proof is deterministic: it would refuse
#: again), so that offering what is stored again after a reload costs no second proof;
#: bounded, the oldest forgotten first
_refused: dict[str, None] = {}
REFUSED_KEPT = 10_000
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


@functools.lru_cache(maxsize=8)
def mistakes_at(url: str) -> SavedMistakes:
    """The personal puzzles of the database at ``url`` (``SavedMistakes.url``), opened once
    per process (a worker's, or the server's own job threads)."""
    from progress import open_store

    return SavedMistakes(open_store(url))


def prove_and_keep(url: str, owner: int, position: dict, seat: int, played: str, grade: str, source: str,
                   made_on: date, cancel=jobs.CANCEL) -> PersonalPuzzle | None:
    """The job for a profile: :func:`prove_mistake`, then keep the puzzle in the database at
    ``url`` (:func:`mistakes_at`) by the job itself, so a proof that ends
    after the web server that asked for it restarted is not lost. A keeping that fails is
    logged; the page's done-callback, if it is still there, tries again."""
    puzzle = prove_mistake(position, seat, played, grade, source, made_on, cancel=cancel)
    if puzzle is not None:
        try:
            mistakes_at(url).add(owner, puzzle)
        except Exception:  # noqa: BLE001 - the proof stands: the caller's callback may keep it
            log.warning("a proven personal puzzle could not be kept by its job", exc_info=True)
    return puzzle


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
    # a profile's database by its URL (the job keeps the puzzle there itself); a session's
    # memory by the object
    url = getattr(mistakes, "url", None) if owner is not None else None
    position = position_to_dict(before)
    pid = puzzle_id(position, seat, decision.action)
    mark = (url or id(mistakes), owner, pid)
    with _lock:
        if mark in _running or pid in _refused:
            return None
        _running.add(mark)
    try:
        if mistakes.get(owner, pid) is not None:
            _done(mark)
            return None
    except ProgressError:
        pass  # the store is away for a moment: prove it all the same, the keeping will say
    made_on = day or datetime.now(timezone.utc).date()
    what = (position, seat, decision.action, decision.grade, source, made_on)
    try:
        if url is not None:
            job = jobs.submit(prove_and_keep, (url, owner, *what), {"cancel": jobs.CANCEL}, priority=jobs.PROOF,
                              owner=f"mistakes:{owner}")
        else:
            job = jobs.submit(prove_mistake, what, {"cancel": jobs.CANCEL}, priority=jobs.PROOF,
                              owner=f"mistakes:{owner}")
    except Exception:
        _done(mark)
        raise
    job.add_done_callback(lambda finished: _keep(finished, mistakes, owner, mark))
    return job


def _done(mark) -> None:
    with _lock:
        _running.discard(mark)


def _refuse(pid: str) -> None:
    with _lock:
        _refused[pid] = None
        while len(_refused) > REFUSED_KEPT:
            del _refused[next(iter(_refused))]


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
            stop = getattr(job, "stop", None)
            if stop is None or not stop.is_set():  # refused, not stopped by a cancellation: it would be refused again
                _refuse(mark[2])
            return
        mistakes.add(owner, puzzle)  # a profile's job kept it already: this adds nothing then
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


def offer_round(game: Any, index: int, seat: int, judged: Callable[[int], Decision | Future | None],
                owner: int | None, source: str, store: Any, *, day: date | None = None) -> list[Future]:
    """Offer every choice ``seat`` made in round ``index`` of ``game`` (a match record:
    ``strategy.review.MatchRecord``) from what is known of it: ``judged(ply)`` is its stored
    :class:`Decision`, the future still judging it, or None. Used after a reload or in a
    session that did not see the moves: what is already a puzzle, being proven or refused
    here is not proven again (:func:`offer`). Returns the proof jobs submitted for stored
    decisions and the :func:`watch` futures of the others."""
    started: list[Future] = []
    for ply, before in decision_points(game, index, seat):
        found = judged(ply)
        if found is None:
            continue
        if not isinstance(found, Decision):
            started.append(watch(found, before, seat, owner, source, store, day=day))
            continue
        try:
            job = offer(owner, before, seat, found, source, store, day=day)
        except Exception:  # noqa: BLE001 - a puzzle is a bonus: the page goes on
            log.warning("a stored decision could not be offered for a personal puzzle", exc_info=True)
            continue
        if job is not None:
            started.append(job)
    return started


def keep_and_offer(url: str, code: str, seat: int, owner: int | None, source: str, day: date | None,
                   round_index: int, decision: Decision) -> Future | None:
    """A table's judging job's ``then`` (``strategy.review_queue.judge_and_keep``): keep the
    grade (:func:`matches.table_grades.keep_at`), then, for a profile (``owner``), offer the
    decision from the table as it is stored: the proof job keeps the puzzle in the same
    database (the table store's). So a judgement that ends in a worker process, or after
    the screen that asked was reloaded or closed, still becomes a puzzle. A guest's
    (``owner`` None) is offered by their own screen: their puzzles live in its session.
    Returns the proof job, or None when nothing was offered."""
    keep_at(url, code, seat, round_index, decision)
    if owner is None or not offerable(decision):
        return None
    tables = tables_at(url)
    kept = tables.get(code)
    if kept is None:
        return None
    game = Table.from_dict(kept.record).game
    if game is None or round_index >= len(game.rounds) or decision.ply >= len(game.rounds[round_index]):
        return None
    if str(game.rounds[round_index][decision.ply].action) != decision.action:
        return None  # another match at this table since: not this decision's position
    before = dict(decision_points(game, round_index, seat)).get(decision.ply)
    if before is None:
        return None
    return offer(owner, before, seat, decision, source, mistakes_at(url), day=day)


def judging_of(judge: Any, ply: int) -> Future | None:
    """The review job judging move ``ply`` in a ``RoundJudge`` (None: not a choice, or not
    handed in yet)."""
    return judge.future(ply)
