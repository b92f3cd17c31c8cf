"""Every question kind answered through the page's widgets, right and wrong, on any date.

The daily set of a date holds whichever kinds that date draws, so a test that answers
only today's set covers only those. Here every kind has its own tested path, and the
daily sets of many dates are proved to hold nothing else.
"""

from __future__ import annotations

import datetime as dt

import pytest

from lessons.model import load_course
from puzzles import PUZZLE_TYPES, check, daily_set, questions
from puzzles.daily import daily_plan
from tests.support.answer_paths import (
    LESSON_PATHS, PUZZLE_PATHS, lesson_of_kind, path_of, puzzle_of_kind, right_response, wrong_response,
)
from tests.ui.conftest import PINNED_TODAY, answer_on_page, answer_puzzle, open_app
from ui.i18n import translator

#: The daily plans proved to hold only tested kinds: 400 days and more from this date.
PLAN_FROM, PLAN_DAYS = dt.date(2026, 6, 1), 420
#: The daily sets answered on the page under ``-m slow``: every third day of the 72 before
#: the pinned today.
PAGE_DAYS = [dt.date.fromisoformat(PINNED_TODAY) - dt.timedelta(days=3 * n) for n in range(24)]
#: The few of them answered in the normal suite: the pinned today (its own "done" words) and
#: three days that, with it, draw every kind the 24 days draw (checked below); the sweep
#: re-ran the same page code on more puzzles, about a second each.
FEW_DAYS = [dt.date(2026, 12, 31), dt.date(2026, 12, 13), dt.date(2026, 11, 10), dt.date(2026, 11, 16)]


def test_every_kind_a_puzzle_type_declares_has_an_answer_path_here():
    declared = {kind for spec in PUZZLE_TYPES.values() for kind in spec.kinds}
    assert declared == set(PUZZLE_PATHS)
    for kind, path in {**PUZZLE_PATHS, **LESSON_PATHS}.items():
        assert path_of(kind) == path, kind


def test_the_daily_sets_of_over_400_dates_hold_only_kinds_with_a_tested_path():
    seen: set[str] = set()
    for offset in range(PLAN_DAYS):
        day = PLAN_FROM + dt.timedelta(days=offset)
        for ptype, _seed, _band in daily_plan(day):
            kinds = set(PUZZLE_TYPES[ptype].kinds)
            assert kinds <= set(PUZZLE_PATHS), (day, ptype, kinds - set(PUZZLE_PATHS))
            seen |= kinds
    assert seen == set(PUZZLE_PATHS)  # the window draws every kind at least once


@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
@pytest.mark.parametrize("kind", sorted(PUZZLE_PATHS))
def test_every_puzzle_kind_answered_on_practice(kind, right):
    puzzle = puzzle_of_kind(kind)
    at = open_app("practice", puzzle=puzzle.id)
    at = answer_puzzle(at, f"practice:{puzzle.id}", puzzle, right=right)
    assert not at.exception, [e.message for e in at.exception]
    verdict = check(puzzle, right_response(puzzle) if right else wrong_response(puzzle), "en")
    assert verdict.correct is right
    shown = at.success if right else at.error
    assert len(shown) == 1 and not (at.error if right else at.success)
    assert verdict.explanation in shown[0].value  # the engine's reasoning, on the page


@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
@pytest.mark.parametrize("kind", sorted(LESSON_PATHS))
def test_every_lesson_only_kind_answered_in_its_lessons_task(kind, right):
    lesson_id = lesson_of_kind(kind)
    lesson = load_course().lesson(lesson_id)
    task = lesson.task
    rnd, params = task.round(), {"viewer": task.viewer, **task.params}
    if path_of(kind) == "tap":
        options = [str(a) for a in rnd.legal_actions()]
        every = [f"{t}@{e}" for t in rnd.hand(rnd.turn) for e in "LR"]
        response = options[0] if right else next(a for a in every if a not in options)
    else:
        options = questions.options(kind, rnd, params)
        expected = questions.answer(kind, rnd, params)
        response = expected if right else next(o for o in options if o != expected)
    at = open_app("lesson", lesson=lesson_id)
    at = answer_on_page(at, f"task:{lesson_id}", kind, options, response)
    assert not at.exception, [e.message for e in at.exception]
    shown = " ".join(m.value for m in (at.success if right else at.error))
    assert lesson.text("en").task["right" if right else "wrong"] in shown


def test_the_few_days_draw_every_kind_the_whole_sweep_draws():
    assert dt.date.fromisoformat(PINNED_TODAY) in FEW_DAYS and set(FEW_DAYS) <= set(PAGE_DAYS)
    kinds = {day: {p.question.kind for p in daily_set(day)} for day in PAGE_DAYS}
    assert set().union(*(kinds[day] for day in FEW_DAYS)) == set().union(*kinds.values())


@pytest.mark.parametrize("day", FEW_DAYS, ids=str)
def test_a_dates_daily_set_is_answered_through_the_page(day):
    _answer_the_daily_set(day)


@pytest.mark.slow
@pytest.mark.parametrize("day", [d for d in PAGE_DAYS if d not in FEW_DAYS], ids=str)
def test_a_dates_daily_set_is_answered_through_the_page_every_third_day(day):
    _answer_the_daily_set(day)


def _answer_the_daily_set(day):
    puzzles = daily_set(day)
    at = open_app("daily", daily=day.isoformat())
    for number, puzzle in enumerate(puzzles, 1):
        at = answer_puzzle(at, f"daily:{day.isoformat()}:{number}", puzzle, right=number % 2 == 1)
        assert not at.exception, [e.message for e in at.exception]
    right = sum(1 for n in range(1, len(puzzles) + 1) if n % 2 == 1)
    done = "daily.done" if day.isoformat() == PINNED_TODAY else "daily.done_past"
    assert translator("en")(done, right=right, total=len(puzzles)) in [s.value for s in at.subheader]


def test_right_and_wrong_responses_are_what_the_engine_says():
    for kind in PUZZLE_PATHS:
        puzzle = puzzle_of_kind(kind)
        rnd, params = puzzle.round(), puzzle.question.params
        assert questions.check(kind, rnd, params, right_response(puzzle)).correct
        assert not questions.check(kind, rnd, params, wrong_response(puzzle)).correct
