"""The themes tagger (strategy/themes.py) and each theme's lesson (lessons/themes.py)."""

from __future__ import annotations

import doctest

import pytest

from engine import Round, Rules
from lessons.model import CONTENT
from lessons.themes import GAME_LESSONS, LESSONS, lesson_for
from strategy import themes
from strategy.themes import THEMES, theme_facts, themes_of


def position(preset: str, hands: list[str], moves: list[str], players: int | None = None, stock: str = "") -> Round:
    rnd = Round.from_hands(Rules.preset(preset, players), hands, stock.split() if stock else ())
    for move in moves:
        rnd.apply(move)
    return rnd


PARTNERS = ["6-6 0-0 0-1 0-2 0-3 0-4 0-5", "5-6 1-1 1-2 1-3 1-6 1-5 0-6",
            "2-2 2-3 2-4 3-3 3-4 4-4 1-4", "2-5 2-6 3-5 3-6 4-5 4-6 5-5"]


def test_doctests():
    assert doctest.testmod(themes).failed == 0


def test_every_theme_but_other_has_a_lesson_that_exists():
    for theme in THEMES:
        lesson = lesson_for(theme)
        assert (lesson is None) == (theme == "other"), theme
        if lesson:
            assert (CONTENT / lesson).is_dir(), lesson
    for (game, theme), lesson in GAME_LESSONS.items():
        assert theme in THEMES and (CONTENT / lesson).is_dir()
    assert set(LESSONS) == set(THEMES) - {"other"}


def test_game_lessons():
    assert lesson_for("play_double", "laplaza_1v1") == lesson_for("play_double", "1v1") == "strategy-1v1-doubles"
    assert lesson_for("shed_weight", "kozel") == "strategy-kozel-shed"
    assert lesson_for("shed_weight", "laplaza_partners") == "strategy-heavy-tiles"
    assert lesson_for("nonsense") is None


def test_the_same_move_or_a_move_no_better_is_other():
    view = position("laplaza_partners", PARTNERS, ["lead 6-6", "5-6@R", "pass", "2-6@L"]).view(0)
    assert themes_of(view, "0-2@L", "0-2@L") == ("other",)
    assert themes_of(view, "0-2@L", "0-5@R", {"0-2@L": 3.0, "0-5@R": 3.0}) == ("other",)
    assert "partner_number" in themes_of(view, "0-2@L", "0-5@R", {"0-2@L": 1.0, "0-5@R": 3.0})
