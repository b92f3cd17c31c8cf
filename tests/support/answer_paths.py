"""Every way a question is answered on a page, and a puzzle (or lesson task) for each kind.

The page tests (AppTest in tests/ui, Chromium in tests/e2e) answer one example of every
question kind through the page's own widgets, right and wrong. The daily-set test proves
that the sets of many dates hold only the kinds listed here, so no date can draw an
answer path that no test has walked.

* ``tap``: a single action tapped on the board.
* ``pick_one``: one pill picked, then Check.
* ``pick_many``: several pills picked, then Check.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache

from puzzles import PUZZLE_TYPES, Puzzle, daily_set, generate, questions

TAP, PICK_ONE, PICK_MANY = "tap", "pick_one", "pick_many"

#: The answer path of every question kind that a puzzle type can ask.
PUZZLE_PATHS: dict[str, str] = {
    "legal_moves": PICK_MANY,
    "draw_outcome": PICK_ONE,
    "next_leader": PICK_ONE,
    "block_score": PICK_ONE,
    "round_points": PICK_ONE,
    "fives_points": PICK_ONE,
    "fives_best": TAP,
    "kozel_penalty": PICK_ONE,
    "kozel_goat": PICK_ONE,
    "match_winner": PICK_ONE,
    "cannot_hold": PICK_MANY,
    "unseen_count": PICK_ONE,
    "best_move": TAP,
    "where_tile": PICK_ONE,
}

#: The answer path of every kind that only lesson tasks ask.
LESSON_PATHS: dict[str, str] = {
    "play_legal": TAP,
    "touch_move": TAP,
    "must_do": PICK_ONE,
    "block_winner": PICK_ONE,
}

#: The first date of the window the daily tests pin (any fixed date would do).
PINNED_FROM = dt.date(2026, 11, 1)


def path_of(kind: str) -> str:
    """The answer path the page gives ``kind`` (how ``ui.parts.question_widget`` draws it)."""
    spec = questions.KINDS[kind]
    if spec.mode == questions.BOARD and not spec.multi:
        return TAP
    return PICK_MANY if spec.multi else PICK_ONE


@lru_cache(maxsize=None)
def puzzle_of_kind(kind: str) -> Puzzle:
    """The first puzzle, over types, games and seeds in a fixed order, that asks ``kind``."""
    for name, spec in PUZZLE_TYPES.items():
        if kind not in spec.kinds:
            continue
        for game in spec.presets:
            for seed in range(200):
                puzzle = generate(name, seed, game=game)
                if puzzle.question.kind == kind:
                    return puzzle
    raise LookupError(f"no puzzle type asks {kind!r} within the first 200 seeds of each game")


def lesson_of_kind(kind: str) -> str:
    """The first lesson of the course whose "your turn" task asks ``kind``."""
    from lessons.model import load_course

    course = load_course()
    for lesson_id, lesson in course.lessons.items():
        task = lesson.task
        if task is not None and task.kind == kind:
            return lesson_id
    raise LookupError(f"no lesson task asks {kind!r}")


def right_response(puzzle: Puzzle):
    """What a player who knows the answer taps or picks."""
    kind = puzzle.question.kind
    if path_of(kind) == TAP:
        return puzzle.answer if isinstance(puzzle.answer, str) else puzzle.answer[0]
    return list(puzzle.answer) if questions.KINDS[kind].multi else puzzle.answer


def wrong_response(puzzle: Puzzle):
    """A response the engine marks wrong: a wrong option, or a selection missing one."""
    kind = puzzle.question.kind
    rnd, params = puzzle.round(), puzzle.question.params
    if questions.KINDS[kind].multi:
        answer = list(puzzle.answer)
        extra = [o for o in puzzle.options if o not in answer]
        response = answer[:-1] + extra[:1] if extra else answer[:-1]
        return response or answer[:1] + extra[:1]
    for option in puzzle.options:
        if not questions.check(kind, rnd, params, option).correct:
            return option
    raise LookupError(f"{puzzle.id} offers no wrong option")


@lru_cache(maxsize=None)
def pinned_daily_date(days: int = 60) -> dt.date:
    """The first date from :data:`PINNED_FROM` whose daily set walks all three answer
    paths (a tap, one pick, several picks), so a browser test of it covers each."""
    for offset in range(days):
        day = PINNED_FROM + dt.timedelta(days=offset)
        if {path_of(p.question.kind) for p in daily_set(day)} == {TAP, PICK_ONE, PICK_MANY}:
            return day
    raise LookupError(f"no daily set from {PINNED_FROM} within {days} days walks every answer path")
