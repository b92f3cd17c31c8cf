"""The strategy claims of lessons (docs/lessons.md): a false claim is reported.

``best_move`` is proved with ``strategy.evaluate`` from the viewer's view (every
consistent deal, or a fixed seed), ``holds`` with ``engine.inference.holder_probabilities``
(exact), and a ``best_move`` task must win by a clear margin.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from engine import Tile
from engine.inference import holder_probabilities
from lessons import model
from lessons.model import (
    MIN_TASK_MARGIN, best_move_problems, holds_problems, load_course, move_values, validate_lesson,
)

COURSE = load_course()
GAMES = [g.id for g in COURSE.games]


def _decision(lesson_id: str):
    """The lesson's first frame after step 1 (the viewer to move) and the lesson."""
    lesson = COURSE.lesson(lesson_id)
    return lesson.frames()[1].round, lesson


def test_the_strategy_part_has_eight_lessons_each_with_a_proved_best_move_and_task():
    game = next(g for g in COURSE.games if g.id == "strategy")
    assert len(game.lessons) >= 8
    assert game == COURSE.games[-1]  # after the rules games
    presets = set()
    for lesson_id in game.lessons:
        lesson = COURSE.lesson(lesson_id)
        presets.add(lesson.rules["preset"])
        assert any("best_move" in s.expect for s in lesson.steps), lesson_id
        assert lesson.task is not None and lesson.task.kind == "best_move", lesson_id
        assert validate_lesson(lesson, GAMES) == [], lesson_id
    assert presets == {"laplaza_partners", "laplaza_1v1"}


def test_a_wrong_best_move_is_reported():
    rnd, _ = _decision("strategy-counting")
    assert best_move_problems(rnd, 0, "1-5@L", margin=24) == []
    problems = best_move_problems(rnd, 0, "1-2@L")
    assert problems and "margin" in problems[0] and "1-5@L" in problems[0]
    assert best_move_problems(rnd, 0, "6-6@L")  # not a legal move
    assert best_move_problems(rnd, 1, "1-5@L")  # seat 1 is not to move


def test_a_too_large_margin_is_reported():
    rnd, _ = _decision("strategy-counting")
    values = move_values(rnd, 0)
    margin = values.value("1-5@L") - values.runner_up("1-5@L")[1]
    assert 24 <= margin < 25
    assert best_move_problems(rnd, 0, "1-5@L", margin=24) == []
    problems = best_move_problems(rnd, 0, "1-5@L", margin=25)
    assert len(problems) == 1 and "not 25" in problems[0]


def test_a_best_move_that_wins_too_few_deals_is_reported():
    rnd, _ = _decision("strategy-reading-passes")  # sampled: the best move is best in 62.5% of the deals
    values = move_values(rnd, 0)
    assert not values.exact and values.deals == model.STRATEGY_DEALS
    assert 0.5 <= values.share("4-6@R") < 1
    assert best_move_problems(rnd, 0, "4-6@R", margin=7) == []
    assert any("best in" in p for p in best_move_problems(rnd, 0, "4-6@R", margin=7, share=1.0))


def test_mirror_moves_are_one_move():
    rnd, _ = _decision("strategy-doubles")  # both ends show 1: 1-1 on the left is 1-1 on the right
    assert rnd.ends == (1, 1)
    assert move_values(rnd, 0).actions == ("1-1@L", "1-3@L")
    assert best_move_problems(rnd, 0, "1-1@R", margin=24) == []


def test_a_wrong_probability_is_reported():
    rnd, _ = _decision("strategy-counting")
    assert holds_problems(rnd, 0, {"seat": 1, "number": 5, "probability": "0"}) == []
    assert holds_problems(rnd, 0, {"seat": 1, "number": 5, "probability": "1"})
    assert holds_problems(rnd, 0, {"seat": 1, "number": 3, "probability": "0"})  # Luis may hold a 3
    odds = holder_probabilities(rnd.view(0))
    tile = Tile.parse("2-2")
    exact = odds[tile][1]
    assert 0 < exact < 1
    assert holds_problems(rnd, 0, {"seat": 1, "tile": "2-2", "probability": str(exact)}) == []
    wrong = holds_problems(rnd, 0, {"seat": 1, "tile": "2-2", "probability": str(exact + Fraction(1, 100))})
    assert wrong and "inference says" in wrong[0]
    assert holds_problems(rnd, 0, {"seat": 1, "number": 2, "probability_at_least": str(exact)}) == []
    assert holds_problems(rnd, 0, {"seat": 1, "number": 2, "probability_at_least": "1"})
    assert holds_problems(rnd, 0, {"seat": 1, "number": 5, "probability_at_most": "0"}) == []
    assert holds_problems(rnd, 0, {"seat": 1, "number": 2, "probability_at_most": str(exact / 2)})
    assert holds_problems(rnd, 0, {"seat": 0, "number": 5, "probability": "0"})  # the viewer's own hand
    assert holds_problems(rnd, 0, {"seat": 1, "tile": "1-5", "probability": "0"})  # a tile in view
    assert holds_problems(rnd, 0, {"seat": 1, "number": 5})  # no probability given


def test_false_claims_in_a_script_are_reported_by_the_validator():
    lesson = COURSE.lesson("strategy-counting")
    step = lesson.steps[0]
    for claim, words in [
        ({"best_move": {"action": "1-2@L"}}, "best_move"),
        ({"best_move": {"action": "1-5@L", "margin": 40}}, "not 40"),
        ({"holds": {"seat": 3, "number": 5, "probability": "1"}}, "holds[3, number 5]"),
        ({"unseen": {"5": 1}}, "unseen[5]"),
    ]:
        broken = dataclasses.replace(lesson, steps=(dataclasses.replace(step, expect=claim),) + lesson.steps[1:])
        problems = validate_lesson(broken, GAMES)
        assert problems and all(p.startswith("step 1:") for p in problems), claim
        assert any(words in p for p in problems), (claim, problems)


def test_a_best_move_task_needs_the_proved_move_a_clear_margin_and_true_values(monkeypatch):
    lesson = COURSE.lesson("strategy-reading-passes")
    task = lesson.task
    assert validate_lesson(lesson, GAMES) == []

    def with_params(**params):
        return dataclasses.replace(lesson, task=dataclasses.replace(task, params={**task.params, **params}))

    problems = validate_lesson(with_params(action="1-1@L"), GAMES)  # the runner-up
    assert problems and problems[0].startswith("task: best_move: 1-1@L")
    assert validate_lesson(with_params(margin=25), GAMES)  # the margin is about 20
    values = dict(task.params["values"])
    values["0-2@R"] += 1
    assert any("values[0-2@R]" in p for p in validate_lesson(with_params(values=values), GAMES))
    # A task is only fair with a clear winner: below MIN_TASK_MARGIN it is refused.
    monkeypatch.setattr(model, "MIN_TASK_MARGIN", 50.0)
    assert validate_lesson(lesson, GAMES)
    assert MIN_TASK_MARGIN == 3.0


def test_a_sampled_proof_is_the_same_every_time():
    rnd, _ = _decision("strategy-reading-passes")
    first = move_values(rnd, 0)
    model._move_values.cache_clear()
    again = move_values(rnd, 0)
    assert first == again and not first.exact


@pytest.mark.parametrize("lesson_id", [lid for g in COURSE.games if g.id == "strategy" for lid in g.lessons])
def test_the_task_answer_is_tapped_right_and_the_runner_up_wrong(lesson_id):
    from puzzles import questions

    task = COURSE.lesson(lesson_id).task
    rnd = task.round()
    params = {"viewer": task.viewer, **task.params}
    assert questions.check("best_move", rnd, params, task.params["action"]).correct
    values = move_values(rnd, task.viewer)
    other, _ = values.runner_up(task.params["action"])
    verdict = questions.check("best_move", rnd, params, other)
    assert not verdict.correct
