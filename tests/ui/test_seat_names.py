"""One naming of the seats on every page (issue 10): the board, the task's answer
buttons and the puzzle's words all come from language.seat_names."""

from __future__ import annotations

import json

from engine import Rules
from lessons.model import load_lesson
from language import seat_names
from puzzles.pipeline import generate

from .conftest import open_app

LETTERED = ("Player A", "Player B", "Player C", "Player D")


def _boards(at) -> list[str]:
    return [json.loads(c.proto.json)["svg"] for c in at.get("bidi_component") if c.key and "board" in c.key]


def _everything(at) -> str:
    parts = [str(e.value) for kind in ("markdown", "caption", "info", "success", "error") for e in getattr(at, kind)]
    for pills in at.get("button_group"):
        parts += [str(o) for o in getattr(pills, "options", [])]
    return "\n".join(parts + _boards(at))


def test_the_kozel_task_names_its_seats_as_the_board_does():
    at = open_app("lesson", lesson="kozel-penalties", lang="en")
    said = _everything(at)
    assert not any(name in said for name in LETTERED)
    lesson = load_lesson("kozel-penalties")
    names = seat_names("en", lesson.task.round().rules, lesson.task.viewer)
    assert all(name in said for name in names[1:])  # the other seats, on the board and the buttons


def test_playing_as_ana_names_ana_you_and_seat_one_player_one():
    lesson = load_lesson("partners-laying")
    assert lesson.task.viewer == 2
    at = open_app("lesson", lesson="partners-laying", lang="en")
    svg = "\n".join(_boards(at))
    assert "Ana (you)" in svg and "Player 1" in svg


def test_a_reading_puzzle_at_a_table_of_three_says_which_player_you_are():
    puzzle = generate("reading", 3, game="draw", players=3)
    at = open_app("practice", puzzle=puzzle.id, lang="en")
    said = _everything(at)
    assert f"You are Player {puzzle.viewer + 1} at this table." in said
    assert not any(name in said for name in LETTERED)
    names = seat_names("en", Rules.preset("draw", 3), puzzle.viewer)
    assert names[puzzle.viewer] == "You" and all(n in "\n".join(_boards(at)) for n in names)
