"""Themes in words (ui/parts/themes.py): every theme's name and sentence in four
languages, and the review card's one sentence on a Mistake or Blunder (issue 45 item 3)."""

from __future__ import annotations

import pytest

from engine import Rules
from strategy.review import Decision, why_facts
from strategy.themes import THEMES
from tests.strategy.test_themes import CHOICES, PARTNERS, position, view_of
from ui.i18n import translator
from ui.labels import seat_labels
from ui.parts.play.review import decision_card
from ui.parts.themes import theme_name, theme_sentence
from strategy.themes import theme_facts

LANGS = ("en", "nl", "pt", "es")
#: one fact of every wording (two for the themes with two)
FACTS = [
    ("go_out", {"now": True}), ("go_out", {"now": False}), ("block_count", {"number": 2}),
    ("kill_double", {"tile": "6-6", "number": 6}), ("score_fives", {"points": 10, "yours": 0}),
    ("goat_penalty", {"tile": "4-6", "pips": 10, "yours": 4}),
    ("play_double", {"tile": "6-6", "number": 6, "out": 4}), ("play_double", {"tile": "6-6", "number": 6, "out": 0}),
    ("block_void", {"seat": 1, "number": 5}), ("partner_number", {"seat": 2, "number": 4}),
    ("partner_number", {"seat": 2, "lacks": 0}), ("keep_variety", {"number": 3}),
    ("control", {"number": 1, "held": 3, "out": 1}), ("shed_weight", {"tile": "1-3", "pips": 4, "yours": 1}),
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_theme_has_a_name_and_a_sentence_in_every_language(lang):
    tr = translator(lang)
    seats = seat_labels(tr, Rules.preset("laplaza_partners"))
    assert {code for code, _ in FACTS} == set(THEMES) - {"other"}
    for code in THEMES:
        assert tr.has(f"themes.name.{code}")
        assert (theme_name(tr, code) is None) == (code == "other")
    for code, params in FACTS:
        sentence = theme_sentence(tr, code, params, seats)
        assert sentence and "{" not in sentence and "themes." not in sentence, (code, sentence)
        for name, value in params.items():
            if name == "seat" or (name == "out" and value == 0):  # a seat by name; "no other 6": in words
                continue
            if isinstance(value, (int, str)) and not isinstance(value, bool):
                assert str(value) in sentence, (code, sentence)
    assert "Luis" in theme_sentence(tr, "block_void", {"seat": 1, "number": 5}, seats)
    assert theme_sentence(tr, "other", {}, seats) is None
    assert theme_sentence(tr, "block_void", {"seat": 1, "number": 5}, None) is None  # no seat names: no sentence


def test_the_example_sentences_of_the_issue():
    tr = translator("en")
    seats = seat_labels(tr, Rules.preset("laplaza_partners"))
    assert theme_sentence(tr, "block_void", {"seat": 1, "number": 5}, seats) == \
        "The best move leaves a 5 on an end, and Luis holds no 5."
    assert theme_sentence(tr, "play_double", {"tile": "6-6", "number": 6, "out": 4}, seats).startswith(
        "You kept the 6-6 with 4 tiles with a 6 still hidden from you")


def test_a_review_fact_carries_the_theme_and_a_saved_review_keeps_it():
    view = view_of("kill_double")
    played, best, _ = CHOICES["kill_double"]
    facts = why_facts(view, played, best)
    assert facts[-1] == ("theme", {"code": "kill_double", "tile": "6-6", "number": 6})
    assert facts[:-1] == why_facts(view, played, best)[:-1]  # the older facts are unchanged
    d = Decision(24, played, best, -10.9, -3.0, 7.9, "mistake", -10.9, -3.0, 500, False, facts=facts)
    assert Decision.from_dict(d.to_dict()) == d


@pytest.mark.parametrize("lang", LANGS)
def test_a_mistake_card_leads_with_the_themes_sentence_an_inaccuracy_does_not(lang):
    tr = translator(lang)
    rules = Rules.preset("laplaza_partners")
    view = position("laplaza_partners", PARTNERS, ["lead 6-6", "5-6@R", "pass", "2-6@L"]).view(0)
    facts = why_facts(view, "0-2@L", "0-5@R")
    code, params = theme_facts(view, "0-2@L", "0-5@R")[0]
    sentence = theme_sentence(tr, code, params, seat_labels(tr, rules))
    assert code == "partner_number" and "Ana" in sentence
    mistake = Decision(4, "0-2@L", "0-5@R", -5.0, 10.7, 15.7, "mistake", -5.0, 10.7, 32, False, facts=facts)
    lines = decision_card(tr, mistake, rules=rules).split("  \n")
    assert lines[1] == sentence
    slight = Decision(4, "0-2@L", "0-5@R", 5.0, 10.7, 5.7, "inaccuracy", 5.0, 10.7, 32, False, facts=facts)
    assert sentence not in decision_card(tr, slight, rules=rules)
