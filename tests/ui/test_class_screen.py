"""The class quiz's projector view without a browser: the answer chart's type, its ✓ for the
right answer (colour is never the only signal), its escaping, and the room left for the
board. The browser side (computed sizes, what fits 1920×1080) is
tests/e2e/test_class_projector_e2e.py."""

from __future__ import annotations

import doctest
import re

from classroom.quiz import Answer
from puzzles import puzzle_from_id
from ui.parts.classroom import quiz as class_quiz, screen as class_screen
from ui.parts.classroom.quiz import CHART_PX, RIGHT_MARK, answer_key, answers_figure, value_label

ROUND = "round_score:laplaza_partners:4:1"   # four numeric options
MATCH = "match:laplaza_partners:4:724417320"  # four long options
BEST = "best_move:draw:2:363759499"           # a move made on the board


def _answer(n: int, response, correct: bool) -> Answer:
    return Answer(n, f"S{n}", 0, response, correct, 1000, None)


def _labels_of(texts: list[str]) -> list[list[str]]:
    """The words of each label, without the chart's tags (bold, line breaks)."""
    return [re.sub(r"<[^>]+>", " ", t).split() for t in texts]


def _labels(figure) -> list[list[str]]:
    return _labels_of([a.text for a in figure.layout.annotations])


def test_module_doctests():
    assert doctest.testmod(class_screen).failed == 0
    assert doctest.testmod(class_quiz).failed == 0


def test_every_option_has_a_bar_and_only_the_revealed_right_one_a_mark():
    p = puzzle_from_id(ROUND)
    wrong = next(o for o in p.options if o != p.answer)
    answers = [_answer(1, p.answer, True), _answer(2, wrong, False), _answer(3, wrong, False)]
    hidden = answers_figure(p, answers, "en", revealed=False)
    shown = answers_figure(p, answers, "en", revealed=True)
    assert len(hidden.layout.annotations) == len(p.options) == len(shown.layout.annotations)
    assert not any(RIGHT_MARK in a.text for a in hidden.layout.annotations)  # nothing before the reveal
    marked = [a.text for a in shown.layout.annotations if RIGHT_MARK in a.text]
    assert marked == [f"<b>{RIGHT_MARK} {value_label(p, p.answer, 'en')}</b>"]  # and bold
    counts = dict(zip([a.text for a in hidden.layout.annotations], hidden.data[1].x))
    assert counts[value_label(p, wrong, "en")] == 2 and sum(counts.values()) == 3
    # green and grey once revealed, one colour before
    right = [answer_key(o) for o in p.options].index(answer_key(p.answer))
    assert shown.data[1].marker.color[right] == "#2e7d32"
    assert {c for i, c in enumerate(shown.data[1].marker.color) if i != right} == {"#9e9e9e"}
    assert len(set(hidden.data[1].marker.color)) == 1


def test_every_text_of_the_chart_is_projector_sized():
    p = puzzle_from_id(MATCH)
    figure = answers_figure(p, [_answer(1, p.options[0], False)], "en", revealed=True)
    assert figure.layout.font.size == CHART_PX >= 22
    assert all(a.font.size == CHART_PX for a in figure.layout.annotations)
    assert figure.data[1].textfont.size == CHART_PX
    assert not figure.layout.xaxis.visible and not figure.layout.yaxis.visible  # no small tick labels
    for words, option in zip(_labels(figure), p.options):  # long labels wrap, nothing is cut
        assert " ".join(words).replace(f"{RIGHT_MARK} ", "") == value_label(p, option, "en")
    assert all(len(line) <= 22 for a in figure.layout.annotations for line in
               re.sub(r"</?b>", "", a.text).split("<br>"))


def test_a_move_given_on_the_board_is_marked_when_the_engine_judged_it_right():
    p = puzzle_from_id(BEST)
    best = p.answer[0]
    other = next(o for o in p.options if o != best)
    answers = [_answer(1, best, True), _answer(2, other, False), _answer(3, other, False)]
    texts = [a.text for a in answers_figure(p, answers, "en", revealed=True).layout.annotations]
    assert [" ".join(w) for w in _labels_of(texts) if RIGHT_MARK in w] == [f"{RIGHT_MARK} {value_label(p, best, 'en')}"]


def test_a_crafted_response_shows_as_text_in_the_chart():
    p = puzzle_from_id(BEST)
    figure = answers_figure(p, [_answer(1, "<b>x</b><a href='//e'>y</a>", False)], "en", revealed=True)
    text = " ".join(a.text for a in figure.layout.annotations)
    assert "<" not in re.sub(r"</?b>|<br>", "", text)  # only the chart's own tags: its wraps
    assert "&lt;b&gt;x&lt;/b&gt;&lt;a" in text


def test_the_board_leaves_room_for_a_longer_question_and_more_chips():
    short = class_screen.board_max_height("How many points?", ["5", "10", "15", "20"])
    long = class_screen.board_max_height("x" * 150, ["Winner: Luis and Marco, no shutout"] * 4)
    reserve = [sum(float(n) * (19.2 if unit == "vw" else 1) for n, unit in re.findall(r"- ([\d.]+)(px|vw)", s))
               for s in (short, long)]
    assert reserve[0] < reserve[1] < 600  # at 1920 px wide: more room above, still a board below
    assert class_screen.board_max_height("q", []).startswith("max(300px, ")  # never a sliver
