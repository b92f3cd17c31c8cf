"""What a question relies on is on screen: the score strip, the stock's order, the table
rules in force — and text from outside shown as text."""

from __future__ import annotations

import random
import re

import pytest

from engine import Round, Rules, deal
from tests.support.answer_paths import puzzle_of_kind
from tests.ui.conftest import open_app
from ui.board.model import board_model
from ui.board.svg import stock_row_svg
from ui.i18n import translator
from ui.labels import variant_names
from ui.session import WORD_JOINER, plain

LABELS = {2: ["You", "Opponent"], 3: ["You", "P2", "P3"], 4: ["You", "Luis", "Ana", "Marco"]}


def _played(rules: Rules, seed: int, moves: int, score=None) -> Round:
    rnd = deal(rules, seed=seed)
    if score is not None:
        rnd.score = tuple(score)
    rng = random.Random(seed)
    for _ in range(moves):
        if rnd.is_over:
            break
        rnd.apply(rng.choice(rnd.legal_actions()))
    return rnd


def test_partners_strip_names_each_team_by_its_players_and_marks_the_viewers():
    rnd = _played(Rules.preset("laplaza_partners"), 3, 5, score=(45, 80))
    rnd.round_number = 4
    strip = board_model(rnd, 1, seat_labels=LABELS[4], texts={})["score"]
    assert strip["round"] == "Round 4" and strip["goal"] == "Game to 100"
    assert [(e["label"], e["points"], e["mine"]) for e in strip["entries"]] == [
        ("You and Ana", 45, False), ("Luis and Marco", 80, True)]


def test_kozel_strip_counts_penalty_points_per_seat_up_to_the_limit():
    rules = Rules.preset("kozel", 3)
    rnd = _played(rules, 5, 0, score=(12, 40, 7))
    strip = board_model(rnd, 0, seat_labels=LABELS[3], texts={})["score"]
    assert [e["points"] for e in strip["entries"]] == [12, 40, 7]
    assert str(rules.penalty_limit) in strip["goal"] and "penalty" in strip["goal"]


def test_all_fives_strip_shows_points_scored_in_this_round():
    rules = Rules.preset("all_fives", 2)
    for seed in range(200):
        rnd = _played(rules, seed, 8)
        if any(rnd.round_points) and not rnd.is_over:
            break
    else:
        pytest.fail("no All Fives round scored in its first 8 moves over 200 seeds")
    strip = board_model(rnd, 0, seat_labels=LABELS[2], texts={})["score"]
    for entry, points in zip(strip["entries"], rnd.round_points):
        assert entry["extra"] == (f"+{points} this round" if points else None)


def test_the_strip_speaks_the_readers_language():
    tr = translator("nl")
    from ui.labels import board_texts

    rnd = _played(Rules.preset("laplaza_partners"), 1, 0)
    strip = board_model(rnd, 0, seat_labels=LABELS[4], texts=board_texts(tr))["score"]
    assert strip["round"] == "Ronde 1" and strip["goal"] == "Partij tot 100"
    assert strip["entries"][0]["label"] == "You en Ana"


def test_the_stock_row_shows_every_tile_face_up_in_drawing_order():
    svg = stock_row_svg(["0-3", "4-4", "3-5"], title="Stock")
    assert [svg.index(f'data-tile="{t}"') for t in ("0-3", "4-4", "3-5")] == sorted(
        svg.index(f'data-tile="{t}"') for t in ("0-3", "4-4", "3-5"))
    assert "Stock: 0-3, 4-4, 3-5" in svg


def test_a_draw_or_pass_puzzle_shows_its_stock_and_a_variant_puzzle_names_its_rules():
    puzzle = puzzle_of_kind("draw_outcome")
    at = open_app("practice", puzzle=puzzle.id)
    tr = translator("en")
    assert tr("puzzle.stock_order") in [c.value for c in at.caption]
    assert at.get("image"), "the stock row is drawn"

    from puzzles import generate

    wanted = generate("block_count", 4, game="laplaza_partners", overlays=["individual_block_compare"])
    at = open_app("practice", puzzle=wanted.id.replace("+", " "), lang="es")  # a "+" typed unencoded
    assert at.session_state["practice_exact"] == wanted.id
    names = variant_names(translator("es"), wanted.rules)
    assert any(all(n in i.value for n in names) for i in at.info), [i.value for i in at.info]
    assert not at.success and not at.error  # named before any answer


@pytest.mark.parametrize("text", ["[x](https://e.x/a)", "![i](https://e.x/i.png)", "<b>hi</b>", "**b** _i_ `c`",
                                  ":material/home: :smile:"])
def test_plain_text_never_becomes_markup(text):
    shown = plain(text)
    assert re.sub(r"\\(.)", r"\1", shown).replace(WORD_JOINER, "") == text  # a reader sees exactly the text
    unescaped = re.sub(r"\\.", "", shown)  # what is left once every escaped pair is gone
    assert not set(unescaped) & set("[]()!<>*_`:#\\")
