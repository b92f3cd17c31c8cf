"""Colour is never the only signal (issue 21): under each common colour-vision deficiency
(tests/support/colour_vision.py: protanopia, deuteranopia, tritanopia, achromatopsia) a
pair of colours that carries a meaning either stays far apart in lightness (3:1, what WCAG
asks of graphics), or the meaning is also given by a shape, a dash, a mark or a word,
checked here on what the app draws: the board (playable tiles, the ends you can play on,
the last tile, a lesson's mark), the hint's chart, the class quiz's answer chart, the
progress charts, and the verdict of a puzzle or task."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date, datetime, timedelta
from types import SimpleNamespace

import pytest

from engine import Rules, deal
from tests.support.colour_vision import SIMULATIONS, contrast, simulate
from tests.support.positions import LABELS
from tests.support.svg_contrast import blend
from ui.board import board_model, render_svg
from ui.board.svg import FELT, GOLD, LAST, MARK, STYLE
from ui.i18n import translator
from ui.labels import board_texts
from ui.parts.hint_view import expected_points_figure

SEEN_BY = [None, *SIMULATIONS]
EN = translator("en")


@pytest.mark.parametrize("kind", SEEN_BY)
def test_the_gold_of_playable_tiles_stands_out_from_the_felt_for_everyone(kind):
    assert contrast(GOLD, FELT, kind) >= 3.0


@pytest.mark.parametrize("kind", SEEN_BY)
def test_the_last_tile_and_a_marked_tile_differ_by_their_ring_not_only_its_colour(kind):
    assert contrast(LAST, MARK, kind) < 1.5  # alike in lightness: the shape must tell them apart
    rnd = deal(Rules.preset("laplaza_1v1"), seed=5)
    rnd.apply(rnd.legal_actions()[0])
    model = board_model(rnd, 0, seat_labels=LABELS[2], texts=board_texts(EN), highlight=[str(rnd.hand(0)[0])])
    root = ET.fromstring(render_svg(model))
    last = [el for el in root.iter() if el.get("class") == "last"]
    assert last and last[0].get("stroke-dasharray"), "the last tile's ring is dashed"
    assert any("mark" in (el.get("class") or "").split() for el in root.iter())


@pytest.mark.parametrize("kind", SEEN_BY)
def test_the_recommended_move_is_starred_as_well_as_green(kind):
    green, grey = "#2e7d32", "#607d8b"
    assert contrast(green, grey, kind) < 1.5  # alike in lightness: the star tells them apart
    evaluation = SimpleNamespace(actions=["3-5@L", "0-1@R"], expected=[4.0, -2.0], stderr=[0.4, 0.5])
    bars = expected_points_figure(SimpleNamespace(evaluation=evaluation, best="3-5@L"), EN).data[0]
    assert [name.startswith("★") for name in bars.y] == [True, False]
    assert list(bars.marker.color) == [green, grey]


def _rule(selector: str) -> str:
    """The bodies of the board's CSS rules for exactly ``selector``, joined."""
    css = STYLE.replace("{{", "{").replace("}}", "}")
    found = [body for sels, body in re.findall(r"([^{}]+)\{([^}]*)\}", css)
             if selector in [x.strip() for x in sels.split(",")]]
    assert found, f"no rule for {selector}"
    return " ".join(found)


@pytest.mark.parametrize("kind", SEEN_BY)
def test_an_end_you_can_play_on_turns_from_a_dashed_to_a_solid_frame_not_only_gold(kind):
    """The ends are dashed slots; an end the picked tile may go on (``target``, set by
    board.js) gets a solid gold frame: the dash tells it apart where the colours do not
    (a lesson's marked end stays dashed, in pink)."""
    rest_stroke = blend(FELT, "#ffffff", 0.5)  # rgba(255,255,255,.5) on the felt
    rest, target, mark = (_rule(f".cpb-svg {sel}") for sel in (".end .slot", ".end.target .slot", ".end.mark .slot"))
    assert "rgba(255,255,255,.5)" in rest.replace(" ", "")
    assert f"stroke: {GOLD}" in target and "stroke-dasharray: none" in target
    assert "stroke-dasharray" not in mark  # a marked end keeps its dashes
    # gold and the rest's white come out alike in lightness (1.3 to 1.6:1): the dash tells them apart
    assert contrast(GOLD, rest_stroke, kind) < 3.0
    rnd = deal(Rules.preset("laplaza_1v1"), seed=5)
    rnd.apply(rnd.legal_actions()[0])
    model = board_model(rnd, rnd.turn, seat_labels=LABELS[2], texts=board_texts(EN), highlight=["L"])
    root = ET.fromstring(render_svg(model))
    slots = [el for el in root.iter() if el.get("class") == "slot"]
    assert len(slots) == 2 and all(el.get("stroke-dasharray") for el in slots), "each end's slot is dashed at rest"


@pytest.mark.parametrize("kind", SEEN_BY)
def test_playable_tiles_are_raised_and_the_others_dimmed_not_only_outlined(kind):
    assert contrast(GOLD, FELT, kind) >= 3.0
    assert "translateY(" in _rule(".cpb-svg .hand-tile.playable")  # raised
    assert re.search(r"opacity:\s*\.6", _rule(".cpb-svg .hand-tile.blocked"))  # dimmed


# ---------------------------------------------------------------- the class quiz's chart


def _quiz_chart(revealed: bool):
    from classroom.quiz import Answer
    from puzzles import puzzle_from_id
    from ui.parts.classroom.quiz import answers_figure

    p = puzzle_from_id("round_score:laplaza_partners:4:1")
    wrong = next(o for o in p.options if o != p.answer)
    answers = [Answer(player_id=i, nickname=f"S{i}", question=0, response=r, correct=r == p.answer, time_ms=900,
                      at=datetime(2026, 11, 2, 10, i)) for i, r in enumerate([p.answer, wrong, wrong])]
    return p, answers_figure(p, answers, "en", revealed=revealed)


@pytest.mark.parametrize("kind", SEEN_BY)
def test_the_class_quizs_right_answer_is_ticked_and_bold_as_well_as_green(kind):
    from ui.parts.classroom.quiz import RIGHT_MARK, value_label

    p, figure = _quiz_chart(revealed=True)
    bars = figure.data[1]
    right_label = value_label(p, p.answer, "en")
    notes = [a.text for a in figure.layout.annotations]
    right = [i for i, text in enumerate(notes) if RIGHT_MARK in text]
    assert len(right) == 1 and notes[right[0]].startswith(f"<b>{RIGHT_MARK} ")
    assert right_label.split()[0] in notes[right[0]]
    others = {c for i, c in enumerate(bars.marker.color) if i != right[0]}
    assert len(others) == 1 and not any(RIGHT_MARK in t or "<b>" in t for i, t in enumerate(notes) if i != right[0])
    (other,) = others
    # green and grey come out alike in lightness (1.8 to 2:1): the tick and the weight tell them apart
    assert contrast(bars.marker.color[right[0]], other, kind) < 3.0


def test_before_the_reveal_the_quiz_chart_uses_one_colour_and_no_tick():
    from ui.parts.classroom.quiz import RIGHT_MARK

    _, figure = _quiz_chart(revealed=False)
    assert len(set(figure.data[1].marker.color)) == 1
    assert not any(RIGHT_MARK in a.text for a in figure.layout.annotations)


# ---------------------------------------------------------------- the progress charts


@pytest.mark.parametrize("kind", SEEN_BY)
def test_the_games_charts_two_lines_differ_by_their_dash_and_name(kind):
    from progress.charts import GameLabels, games_figure
    from progress.records import SavedGame

    start = datetime(2026, 11, 1, 10, 0)
    games = [SavedGame("draw", "finished", {}, decisions=10, best=5 + i, points_lost=8.0 - i,
                       started_at=start + timedelta(days=i)) for i in range(3)]
    best, lost = games_figure(games, GameLabels("Games", "Day", "Best moves", "Points lost", "none")).data
    assert (best.name, lost.name) == ("Best moves", "Points lost")  # named in the legend
    if contrast(best.line.color, lost.line.color, kind) < 3.0:
        assert (best.line.dash or "solid") != (lost.line.dash or "solid"), "alike in lightness: the dash must differ"


@pytest.mark.parametrize("kind", SEEN_BY)
def test_the_accuracy_charts_draw_no_meaning_in_colour_and_write_their_counts(kind):
    from progress.charts import AccuracyLabels, accuracy_by_type_figure, accuracy_over_time_figure
    from progress.records import Attempt, attempts_frame

    rows = [Attempt(f"p{i}", t, "block", i % 2 == 0, 1000, date(2026, 11, 1 + i % 3), at=datetime(2026, 11, 1 + i % 3, 12))
            for i, t in enumerate(["block_count", "next_leader"] * 3)]
    labels = AccuracyLabels(title="Accuracy", axis="Type", rate="Right", attempts="attempts", empty="none")
    df = attempts_frame(rows)
    by_type = accuracy_by_type_figure(df, labels).data[0]
    assert isinstance(by_type.marker.color, str)  # one colour: the bars' heights and texts say it all
    assert all(re.fullmatch(r"\d+/\d+", text) for text in by_type.text)
    over_time = accuracy_over_time_figure(df, labels).data
    assert len(over_time) == 1  # one line: nothing to tell apart


@pytest.mark.parametrize("kind", SEEN_BY)
def test_the_calendars_cells_darken_with_attempts_for_everyone_and_done_days_are_ticked(kind):
    """Its colours are a scale of lightness (more attempts: darker) in every simulation,
    and a completed daily set has its mark drawn in the cell, explained on the scale."""
    from progress.charts import _CALENDAR_SCALE, CalendarLabels, streak_calendar_figure
    from progress.records import Attempt, attempts_frame
    from progress.stats import streak_calendar

    def lightness(colour: str) -> float:
        rgb = simulate(colour, kind)
        return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]

    steps = [lightness(colour) for _, colour in _CALENDAR_SCALE]
    assert steps == sorted(steps, reverse=True)
    assert contrast(_CALENDAR_SCALE[0][1], _CALENDAR_SCALE[-1][1], kind) >= 3.0
    day = date(2026, 11, 2)
    rows = [Attempt(f"daily{i}", "block_count", "block", True, 1000, day, daily=day, at=datetime(2026, 11, 2, 12, i))
            for i in range(3)]
    labels = CalendarLabels(title="Days", weekdays=list("MTWTFSS"), attempts="attempts", done="daily set done",
                            empty="none")
    figure = streak_calendar_figure(streak_calendar(attempts_frame(rows), date(2026, 11, 8), set_size=3), labels)
    heat = figure.data[0]
    assert labels.mark in {cell for row in heat.text for cell in row}
    assert labels.mark in heat.colorbar.title.text and labels.done in heat.colorbar.title.text


# ---------------------------------------------------------------- a verdict


def test_a_verdict_has_a_tick_or_a_cross_as_well_as_its_green_or_red():
    """Streamlit's success and error boxes differ by colour; the verdict's icon (a tick,
    a cross) and its words tell them apart for everyone (ui/parts/question_widget.py)."""
    from puzzles import practice_puzzle
    from tests.ui.conftest import answer_puzzle, open_app

    at = open_app("practice")
    ptype = at.session_state["practice_type"]
    puzzle = practice_puzzle(ptype, at.session_state["practice_game"], None, 0)
    key = f"practice:{puzzle.id}"
    at = answer_puzzle(at, key, puzzle, right=False)
    assert not at.success and at.error[0].icon == ":material/close:"
    at.button(key=f"{key}:retry").click().run()
    at = answer_puzzle(at, key, puzzle, right=True)
    assert not at.error and at.success[0].icon == ":material/check:"
