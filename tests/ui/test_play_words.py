"""The play page's words and numbers (play-walk.md #12, #14, #19, #22): luck told apart
from skill in a sentence, every side's points in All Fives, a hint that lists each move
once and says each fact once, a tile on equal ends played with one tap, and numbers in
the reader's notation."""

from __future__ import annotations

import functools
import json

import pytest

from engine import RoundResult, Rules
from matches.game import Game, Setup
from strategy.hints import hint
from strategy.review import Decision
from tests.support.streamlit_events import component_event
from tests.ui.conftest import open_app, texts_of
from ui.i18n import translator
from ui.labels import chart_separators, figure, percent, result_summary
from ui.parts.hint_view import distinct_facts, expected_points_figure
from ui.parts.play.review import luck_text

EN = translator("en")


def _decision(grade: str, exact: float, best_exact: float) -> Decision:
    return Decision(3, "6-6@L", "1-6@L", -5.0, 10.7, 15.7, grade, exact, best_exact, 32, False)


def test_a_costly_move_that_cost_nothing_in_this_deal_says_so():
    assert luck_text(EN, _decision("blunder", 44.0, 44.0)) == EN("play.luck_free", exact="+44.0")


def test_a_slip_that_also_cost_points_in_this_deal_says_how_many():
    assert luck_text(EN, _decision("mistake", 10.0, 22.0)) == EN("play.luck_cost", lost="12.0", exact="+10.0",
                                                                  best="+22.0")


def test_the_best_move_that_lost_to_the_deal_is_called_the_deals_luck():
    assert luck_text(EN, _decision("best", -8.0, 4.0)) == EN("play.luck_unlucky", exact="−8.0", best="+4.0")
    assert luck_text(EN, _decision("best", 4.0, 4.0)) is None  # nothing to add


def test_all_fives_says_every_sides_points_with_those_scored_in_play():
    rules = Rules.preset("all_fives", 2)
    result = RoundResult("block", 1, (0, 14), (5, 30), (19, 5), (19, 5), blocker=1)
    lines = result_summary(EN, rules, result)
    assert EN("result.points_each", points="You: 5, Opponent: 44") in lines


@pytest.mark.parametrize("lang, word", [("en", "A fish"), ("nl", "Een vis"), ("pt", "Peixe"), ("es", "¡Pez!")])
def test_goats_blocked_round_is_called_a_fish(lang, word):
    """Texts review 2026-12-05, finding 11: Goat's blocked round read "The round is blocked"."""
    from language import in_sentence, seat_names

    tr = translator(lang)
    rules = Rules.preset("kozel", 4)
    result = RoundResult("block", None, (6, 24, 0, 10), (0, 0, 0, 0), (6, 24, 28, 10), (6, 24, 28, 10), blocker=2)
    lines = result_summary(tr, rules, result)
    player_3 = in_sentence(lang, seat_names(lang, rules)[2])
    assert lines[0].startswith(word) and player_3.lower() in lines[0].lower(), lines
    partners = result_summary(tr, Rules.preset("laplaza_partners"), RoundResult("block", 0, (44, 0), (0, 0), (10, 20, 4, 10),
                                                                                (14, 30), blocker=3))
    assert not partners[0].startswith(word)


@pytest.mark.parametrize("lang, decimal", [("en", "."), ("nl", ","), ("pt", ","), ("es", ",")])
def test_numbers_and_charts_use_the_languages_decimal_sign(lang, decimal):
    tr = translator(lang)
    assert figure(tr, 2.71) == f"2{decimal}7" and percent(tr, 0.524) == "52%"
    assert chart_separators(tr)[0] == decimal


def test_a_fact_is_said_once():
    facts = (("void", {"seat": 1, "number": 3, "why": "all_seen"}), ("void", {"seat": 2, "number": 3, "why": "all_seen"}),
             ("count", {"number": 3, "unseen": 0}), ("void", {"seat": 1, "number": 5, "why": "all_seen"}),
             ("void", {"seat": 2, "number": 5, "why": "all_seen"}), ("void", {"seat": 1, "number": 4, "why": "void"}))
    assert distinct_facts(facts) == [facts[2], facts[3], facts[5]]


def _twins_position(seed: str) -> Game:
    """1 v 1 against a club player on deal ``seed``, your first legal move twice."""
    game = Game.start(Setup("laplaza_1v1", 2, (), seed, ("human", "casual")))
    while len(game.rounds[0]) < 3 and not game.round.is_over:
        if game.human_to_move:
            game.play(game.round.legal_actions()[0])
        else:
            game.play_bot()
    return game


def _twin_tiles(game: Game) -> list[str]:
    """The tiles you may place when both ends show one number and every tile you may place
    fits both (so each fits "twice"), or [] when the position is not that."""
    rnd = game.round
    if rnd.is_over or not game.human_to_move or rnd.ends is None or rnd.ends[0] != rnd.ends[1]:
        return []
    placements = [a for a in rnd.legal_actions() if a.is_placement]
    tiles = sorted({str(a.tile) for a in placements})
    return tiles if len(tiles) >= 2 and len(placements) == 2 * len(tiles) else []


@functools.lru_cache(maxsize=1)
def twins_seed() -> str:
    """The first deal whose third move is that position (found, not typed: it follows the bot)."""
    return next(str(n) for n in range(1, 400) if _twin_tiles(_twins_position(str(n))))


def test_with_equal_ends_the_hint_chart_lists_each_move_once():
    game = _twins_position(twins_seed())
    tiles = _twin_tiles(game)
    found = hint(game.view(0), deals=16, budget=None, precision=None, seed=1)
    assert len(found.evaluation.actions) == 2 * len(tiles)  # each tile on the left and the right
    bars = expected_points_figure(found, EN, game.view(0)).data[0].y
    assert sorted(b.removeprefix("★ ").split()[0] for b in bars) == tiles


def test_with_equal_ends_a_tap_plays_the_tile_without_asking_for_an_end(monkeypatch):
    import ui.parts.play.setup

    monkeypatch.setattr(ui.parts.play.setup, "PACES", {name: 0.0 for name in ui.parts.play.setup.PACES})
    seed = twins_seed()
    at = open_app("play", game="laplaza_1v1", seed=seed, levels="casual")
    while len(at.session_state["play_game"].rounds[0]) < 3:
        rnd = at.session_state["play_game"].round
        at = component_event(at, f"play:{seed}:{rnd.round_number}:board",
                             trigger=("play", str(rnd.legal_actions()[0])))
    board = next(e for e in at.get("bidi_component") if e.key == f"play:{seed}:1:board")
    legal = json.loads(board.proto.json)["legal"]["tiles"]
    assert legal == {tile: ["L"] for tile in _twin_tiles(at.session_state["play_game"])}
    assert "Choose an end" not in texts_of(at)


@pytest.mark.parametrize("lang, one, two", [("en", "Opponent: 1 point.", "Opponent: 2 points."),
                                            ("nl", "Tegenstander: 1 punt.", "Tegenstander: 2 punten."),
                                            ("pt", "Adversário: 1 ponto.", "Adversário: 2 pontos."),
                                            ("es", "Rival: 1 punto.", "Rival: 2 puntos.")])
def test_a_round_won_by_one_pip_says_1_point(lang, one, two):
    """Walks review 2026-12-05, P8: a 1 v 1 round lost by one pip read "Opponent: 1 points"."""
    tr = translator(lang)
    rules = Rules.preset("laplaza_1v1")
    for points, line in ((1, one), (2, two)):
        result = RoundResult("block", 1, (0, points), (0, 0), (points, 0), (points, 0), blocker=1)
        assert line in result_summary(tr, rules, result)


def test_the_luck_line_says_what_a_perfect_table_would_have_done_beside_what_happened():
    """Walks review 2026-12-05, P3: "In this deal it cost 140.0 points" in a round the other
    side won by 28; the line now says a perfect table's figures and the table's own."""
    text = luck_text(EN, _decision("mistake", -58.0, 82.0), table=-28.0)
    assert text.startswith("With every hand shown, a perfect table would have ended this round at +82.0 after the "
                           "best move and at −58.0 after yours")
    assert text.endswith("At the table the round ended at −28.0.")


def test_a_rounds_value_at_the_table_is_in_the_scale_of_the_exact_values():
    from strategy.review import table_value

    game = Game.start(Setup("laplaza_1v1", 2, (), "31", ("human", "casual")))
    while not game.round.is_over:
        game.play(game.round.legal_actions()[0]) if game.human_to_move else game.play_bot()
    result = game.round.result
    assert table_value(game, 0, 0) == result.total[0] - result.total[1] == -table_value(game, 0, 1)


@pytest.mark.parametrize("lang", ["en", "nl", "pt", "es"])
def test_the_review_card_says_why_in_domino_terms(lang):
    """Walks review 2026-12-05, P4: a card gave the grade and the loss but never why."""
    from ui.parts.play.review import decision_card

    tr = translator(lang)
    facts = (("ends", {"yours": [0, 5], "best": [0, 2]}), ("double", {"tile": "6-6"}),
             ("void", {"seat": 2, "number": 5, "why": "void"}))
    d = Decision(3, "0-2@L", "0-5@R", -5.0, 10.7, 15.7, "mistake", -5.0, 10.7, 32, False, facts=facts)
    card = decision_card(tr, d, rules=Rules.preset("laplaza_partners"))
    lines = card.split("  \n")
    assert any(line.startswith(tr("play.why.ends").split("{")[0]) and "0" in line and "5" in line and "2" in line
               for line in lines)
    assert tr("play.why.double", tile="6-6") in lines
    assert any("Ana" in line and "5" in line for line in lines)
    assert Decision.from_dict(d.to_dict()) == d  # a saved review keeps its reasons
