"""The themes tagger (strategy/themes.py) and each theme's lesson (lessons/themes.py)."""

from __future__ import annotations

import doctest

import pytest

from engine import Round, Rules
from lessons.model import CONTENT
from lessons.themes import GAME_LESSONS, LESSONS, lesson_for
from strategy import themes
from strategy.themes import THEMES, theme_facts, themes_of


def position(preset: str, hands: list[str], moves: list[str], players: int | None = None, stock: str = "",
             leader: int = 0) -> Round:
    rnd = Round.from_hands(Rules.preset(preset, players), hands, stock.split() if stock else (), leader=leader)
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


# Positions of the best-move bank (puzzles/bank/best_move.json), written out in engine
# notation: the hands dealt, the stock in order, the moves so far; seat 0 to move.
POSITIONS = {
    "kill_double": ("laplaza_1v1", ["0-1 1-5 1-6 2-2 3-3 3-4 5-5", "0-5 0-6 1-2 1-3 2-4 2-5 5-6"],
                    "0-3 2-6 1-4 2-3 3-6 1-1 0-2 4-6 0-4 4-4 6-6 3-5 4-5 0-0",
                    "lead 5-6, 5-5@L, 2-5@L, 1-6@R, 2-4@L, 3-4@L, 1-3@L, 1-5@L, 0-5@L, 0-1@L, 1-2@L, 2-2@L, draw, "
                    "draw, 2-6@L, draw, 1-4@R, 0-6@L, draw, draw, draw, draw, 0-2@L, draw, 4-6@R"),
    "score_fives": ("all_fives", ["1-2 1-5 2-6 3-3 3-6 4-4 4-6", "0-0 0-1 0-6 1-1 2-4 2-5 3-4"],
                    "1-6 2-2 3-5 5-6 2-3 0-5 1-3 6-6 4-5 0-4 0-2 5-5 0-3 1-4",
                    "lead 2-5, 2-6@L, 0-6@L, 1-5@R, 0-1@L, 1-2@L, 2-4@L, 4-4@L, 1-1@R, 4-6@L, draw, 1-6@L, draw, "
                    "draw, draw, draw, draw, draw, 1-3@L, 3-4@L, draw, draw, 4-5@L, draw, draw, draw, 5-5@L, 5-6@L, "
                    "draw, draw, 1-4@R"),
    "block_count": ("all_fives", ["0-4 2-2 2-4 3-5 4-5 4-6 6-6", "0-0 0-1 0-6 1-2 1-3 3-3 3-4"],
                    "0-5 1-1 5-6 0-2 2-6 2-3 0-3 3-6 1-5 4-4 1-4 2-5 5-5 1-6",
                    "lead 4-6, 3-4@L, 6-6@R, 0-6@R, 3-5@L, 0-0@R, 4-5@L, 0-1@R, 2-4@L, 1-3@R, 2-2@L, 3-3@R, draw, "
                    "draw, draw, draw, 0-2@L, draw, draw, 2-3@R, 0-5@L, 2-6@R, 5-6@R, draw, draw, draw, 1-5@L, 1-1@L, "
                    "1-2@L, draw, draw, draw"),
    "play_double": ("all_fives", ["0-1 0-2 0-5 0-6 1-1 1-6 2-4", "0-0 2-5 2-6 3-6 4-6 5-6 6-6"],
                    "1-2 3-3 5-5 4-5 1-4 0-4 1-5 4-4 0-3 3-5 3-4 2-3 1-3 2-2",
                    "lead 4-6, 1-6@R, draw, 1-2@R, 2-4@R, draw, draw, draw, 4-5@L, 0-5@L, 0-0@L, 0-6@L, 6-6@L, draw, "
                    "1-4@R, 5-6@L"),
    "go_out": ("all_fives", ["1-1 1-3 1-5 2-5 2-6 4-4 6-6", "0-3 0-4 0-5 1-4 1-6 2-2 5-6"],
               "3-5 1-2 3-6 2-3 2-4 4-5 0-6 3-4 3-3 0-1 4-6 0-2 0-0 5-5",
               "lead 6-6, 5-6@L, 2-6@R, 0-5@L, 2-5@R, 0-4@L, 1-5@R, 1-6@R, 4-4@L, 1-4@L"),
    "keep_variety": ("all_fives", ["0-1 0-4 0-5 0-6 1-3 1-5 6-6", "0-2 1-1 1-2 2-3 2-4 4-5 5-6"],
                     "5-5 1-4 1-6 2-2 3-5 2-6 3-3 3-4 4-4 3-6 2-5 0-3 4-6 0-0",
                     "lead 2-3, 1-3@R, 2-4@L, 0-4@L, 1-1@R, 1-5@R, 5-6@R, 6-6@R, 0-2@L, 0-6@R, 1-2@L"),
    "control": ("draw", ["0-0 0-1 1-1 2-2 3-3 4-4 4-5", "0-4 0-5 1-3 2-6 3-4 5-6 6-6"],
                "1-6 2-5 2-4 1-2 1-5 3-5 0-6 0-2 3-6 5-5 2-3 0-3 4-6 1-4",
                "lead 4-4, 3-4@L, 4-5@R, 5-6@R, 3-3@L, 6-6@R, draw, 1-6@R, 1-3@R, draw, draw, draw, draw, draw, "
                "3-5@L, 0-5@L"),
    "shed_weight": ("draw", ["0-0 0-1 2-6 3-4 4-4 4-5 5-5", "0-3 0-5 1-6 2-2 3-3 4-6 6-6"],
                    "2-4 3-6 0-6 1-5 5-6 1-3 0-4 3-5 0-2 1-1 2-3 1-4 2-5 1-2",
                    "lead 6-6, 2-6@L, 4-6@R, 4-4@R, 2-2@L, 4-5@R, 0-5@R, 0-0@R, 0-3@R, 3-4@R, draw, 2-4@R, draw, "
                    "draw, draw, draw, draw, draw, draw, draw, 0-2@L, draw, draw, 2-3@R, 3-5@R, draw, draw, 2-5@R, "
                    "0-6@L, 1-6@L, 1-5@L, draw, 1-2@R, 5-5@L, 1-1@R"),
    "partner_number": ("laplaza_partners", ["0-6 1-3 2-5 3-5 3-6 4-6 5-5", "0-1 1-1 1-2 1-5 2-2 2-6 3-3",
                                            "0-0 0-3 0-5 1-6 3-4 4-5 5-6", "0-2 0-4 1-4 2-3 2-4 4-4 6-6"], "",
                       "lead 6-6, 3-6@R, 3-3@R, 5-6@L, 2-3@R, 2-5@R, 1-5@L, 4-5@R, 4-4@R, 4-6@R, 2-6@R, 1-6@L, "
                       "2-4@R, 0-6@L, 0-1@L, 3-4@R, 1-4@L"),
    "goat_penalty": ("kozel", ["1-1 5-6 4-6 0-2 1-3 2-5 0-4", "1-2 0-1 3-3 2-6 0-0 4-5 3-4"],
                     "0-3 0-5 0-6 1-4 1-5 1-6 2-2 2-3 2-4 3-5 3-6 4-4 5-5 6-6", "lead 0-0, 0-2@R, 2-6@R"),
}
#: who led each round (drawn by lot at the deal)
LEADERS = {"kill_double": 1, "score_fives": 1, "play_double": 1, "keep_variety": 1, "shed_weight": 1}
#: theme -> (the move played, the better move, the tags expected, in order)
CHOICES = {
    "kill_double": ("2-3@L", "3-6@R", ("kill_double", "block_void")),
    "score_fives": ("3-6@L", "6-6@L", ("score_fives", "play_double", "block_void")),
    "block_count": ("2-5@L", "2-5@R", ("block_count",)),
    "play_double": ("0-1@R", "1-1@R", ("play_double",)),
    "go_out": ("1-3@L", "1-1@L", ("go_out", "play_double", "keep_variety")),
    "keep_variety": ("0-5@R", "0-1@L", ("keep_variety",)),
    "control": ("0-0@L", "0-1@L", ("control",)),
    "shed_weight": ("0-1@R", "1-3@R", ("shed_weight",)),
    "partner_number": ("1-3@R", "3-5@R", ("partner_number", "keep_variety", "shed_weight")),
    "goat_penalty": ("0-4@L", "4-6@R", ("goat_penalty",)),
}


def view_of(theme: str):
    preset, hands, stock, moves = POSITIONS[theme]
    players = len(hands)
    return position(preset, hands, moves.split(", "), players, stock, LEADERS.get(theme, 0)).view(0)


@pytest.mark.parametrize("theme", sorted(CHOICES))
def test_each_theme_on_a_fixed_position(theme):
    played, best, expected = CHOICES[theme]
    view = view_of(theme)
    assert themes_of(view, played, best) == expected
    # the move played never has the theme of the better one against it
    assert theme not in themes_of(view, best, played)


def test_the_block_void_and_partner_themes():
    view = position("laplaza_partners", PARTNERS, ["lead 6-6", "5-6@R", "pass", "2-6@L"]).view(0)
    # 0-2 leaves 0|5: Ana (seat 2) passed on 5 and lacks 0; 0-5 leaves 2|0, one end she lacks
    assert theme_facts(view, "0-2@L", "0-5@R")[0] == ("partner_number", {"seat": 2, "lacks": 0})


def test_a_planted_wrong_fact_flips_the_tag(monkeypatch):
    from engine import SeatView

    view = view_of("kill_double")
    assert "block_void" in themes_of(view, "2-3@L", "3-6@R")   # the opponent lacks 2 (he drew on it)
    assert "kill_double" in themes_of(view, "2-3@L", "3-6@R")  # the 6-6 is the last 6 out
    # plant: the opponent holds every number, and cannot hold the 6-6
    monkeypatch.setattr(SeatView, "cannot_hold", lambda self: {1: frozenset()})
    monkeypatch.setattr(SeatView, "possible_tiles", lambda self, seat: [t for t in self.unseen_tiles()
                                                                           if str(t) != "6-6"])
    tags = themes_of(view, "2-3@L", "3-6@R")
    assert "block_void" not in tags and "kill_double" not in tags
    # and a planted void makes one: the opponent "lacks" 6, which only the move played covers
    monkeypatch.setattr(SeatView, "cannot_hold", lambda self: {1: frozenset({6})})
    assert "block_void" in themes_of(view, "3-6@R", "2-3@L")


def test_every_bank_position_has_at_least_one_tag():
    from puzzles.generators.best_move_bank import bank, replay, setup_of

    for key, entries in bank()["setups"].items():
        rules = setup_of(key).rules()
        for entry in entries[:15]:
            tags = themes_of(replay(rules, entry).view(0), entry["runner_up"], entry["action"], entry["values"])
            assert 1 <= len(tags) <= themes.MAX_TAGS and set(tags) <= set(THEMES)
            assert tags == ("other",) or "other" not in tags


def test_the_precision_benchmark_meets_its_goal():
    """bench/theme_precision.py against the positions checked by hand (docs/themes.md)."""
    from bench.theme_precision import GOAL, load, measure

    positions = load()
    assert len(positions) >= 100
    assert all(p["tags"] and p["why"] and set(p["tags"]) <= set(THEMES) for p in positions)
    figures = measure(positions)
    assert figures["precision"] >= GOAL and not figures["untagged"]
