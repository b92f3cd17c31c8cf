"""A hint says what its numbers say (walks review 2026-12-05, P1 and P2; texts review 12):
one sentence per hint that fits its figures, a comparison said to be paired, no "95%
range" without a range, and a first guess on too few deals drawn unlike a sure answer."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from strategy.evaluate import Evaluation
from strategy.hints import TRUSTED_DEALS, Hint
from ui.i18n import LANGUAGES, translator
from ui.parts.hint_view import certainty_text, distinct_facts, fact_text
from engine import Rules

EN = translator("en")


def crafted(deals: int, *, exact: bool = False, points: float = 8.2, pm: float | None = 4.5,
            share: float = 0.6) -> Hint:
    """A hint with these figures: lead 3-5 over lead 0-1 by ``points ± pm``."""
    ev = Evaluation(seat=0, deals=deals, exact=exact, actions=["lead 3-5", "lead 0-1"], expected=[3.0, 3.0 - points],
                    best_share=[share, 1 - share], consistent=2646 if exact else 10**9, seconds=0.1,
                    stderr=[0.0, 0.0] if exact else [2.0, 2.0], stop="exact" if exact else "precision")
    code = "tie" if pm is not None and points - pm <= 0 or pm is None else "margin"
    facts = ((("exact", {"deals": deals}) if exact else ("share", {"action": "lead 3-5", "share": share, "deals": deals})),
             (code, {"action": "lead 3-5", "other": "lead 0-1", "points": points, "pm": pm}))
    return Hint(ev, "lead 3-5", facts)


def test_a_margin_whose_range_excludes_zero_is_clearly_better_by_its_range():
    text = certainty_text(EN, crafted(400, points=8.2, pm=4.5))
    assert text.startswith("Lead 3-5 is clearly better than lead 0-1: by 3.7 to 12.7 points (95% range) over 400 deals")
    assert "the same deals for both moves" in text and "±" not in text


def test_a_margin_whose_range_holds_zero_is_too_close_to_call():
    text = certainty_text(EN, crafted(400, points=0.4, pm=1.0))
    assert "too close to call: 0.4 ± 1.0 points" in text and "the same deals for both moves" in text
    assert "clearly" not in text


def test_an_exact_answer_says_exact_with_no_range():
    text = certainty_text(EN, crafted(2646, exact=True, points=4.8, pm=0.0))
    assert text == "Exact, over all 2,646 deals that fit everything you have seen: lead 3-5 is 4.8 points better than lead 0-1."
    assert "±" not in text and "95%" not in text
    equal = certainty_text(EN, crafted(120, exact=True, points=0.0, pm=0.0))
    assert equal.endswith("lead 3-5 and lead 0-1 are worth the same.")


@pytest.mark.parametrize("deals, said", [(4, "Only 4 deals: too few to trust"), (1, "Only 1 deal: too few to trust")])
def test_a_hint_on_too_few_deals_says_so(deals, said):
    assert deals < TRUSTED_DEALS
    found = crafted(deals, points=8.2, pm=4.5)  # a "clear" margin on 4 deals is still a guess
    assert not found.trusted and found.certainty == "few"
    assert certainty_text(EN, found).startswith(said)
    assert crafted(TRUSTED_DEALS).trusted and crafted(3, exact=True).trusted  # an exact answer needs no more


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_certainty_sentence_is_filled_in_every_language(lang):
    tr = translator(lang)
    hints = [crafted(400), crafted(400, points=0.4, pm=1.0), crafted(2646, exact=True, points=4.8, pm=0.0),
             crafted(120, exact=True, points=0.0, pm=0.0), crafted(4)]
    texts = [certainty_text(tr, h) for h in hints]
    assert len(set(texts)) == len(texts)
    for text in texts:
        assert not re.search(r"[{}]", text), text
    decimal = "." if lang == "en" else ","
    assert f"3{decimal}7" in texts[0] and f"12{decimal}7" in texts[0]
    assert f"0{decimal}4 ± 1{decimal}0" in texts[1]
    assert "2.646" in texts[2] or "2,646" in texts[2] or "2646" in texts[2]
    assert "±" not in texts[2] and "95%" not in texts[2]


def test_the_certainty_sentence_is_said_once_not_again_as_a_fact():
    """Texts review 12: "Worked out over all 120 deals", then "Every one of the 120 deals"."""
    exact = crafted(120, exact=True, points=4.8, pm=0.0)
    assert [code for code, _ in distinct_facts(exact.facts)] == []
    sampled = crafted(400)
    assert [code for code, _ in distinct_facts(sampled.facts)] == ["share"]
    assert distinct_facts(crafted(4).facts, trusted=False) == []  # no share of 4 deals


def test_a_pick_best_in_a_minority_of_deals_says_why_it_is_still_the_pick():
    rules = Rules.preset("laplaza_partners")
    few = fact_text(EN, rules, "share", {"action": "lead 2-4", "share": 0.17, "deals": 400})
    assert "average over all the deals" in few and "17%" in few
    most = fact_text(EN, rules, "share", {"action": "lead 2-4", "share": 0.62, "deals": 400})
    assert most == "Lead 2-4 was the best move in 62% of those deals."


def _shown(deals: int) -> None:
    from engine import Rules
    from tests.ui.test_hint_words import crafted
    from ui.parts.hint_view import show_hint

    show_hint(crafted(deals), Rules.preset("laplaza_partners"))


@pytest.mark.parametrize("deals", [4, 400])
def test_a_first_guess_is_not_drawn_in_the_green_box(deals):
    at = AppTest.from_function(_shown, args=(deals,), default_timeout=30).run()
    assert not at.exception
    if deals < TRUSTED_DEALS:
        assert [e.value for e in at.info] == ["First guess: lead 3-5"] and not at.success
    else:
        assert [e.value for e in at.success] == ["Recommended: lead 3-5"] and not at.info


def _shown_at_seat_2() -> None:
    from engine import Round, Rules
    from strategy.hints import Hint
    from tests.ui.test_hint_words import crafted
    from ui.parts.hint_view import show_hint

    rules = Rules.preset("laplaza_partners")
    rnd = Round.from_hands(rules, ["6-6 0-0 0-1 0-2 0-3 0-4 0-5", "5-6 1-1 1-2 1-3 1-6 1-5 0-6",
                                   "2-2 2-3 2-4 3-3 3-4 4-4 1-4", "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
    base = crafted(400)
    show_hint(Hint(base.evaluation, base.best, base.facts + (("void", {"seat": 0, "number": 5, "why": "void"}),)),
              rules, rnd.view(2))


def test_a_hint_at_another_seat_names_the_seats_as_that_player_sees_them():
    """At a table of friends the player asking may sit at seat 2: seat 0 is then not "you"."""
    at = AppTest.from_function(_shown_at_seat_2, default_timeout=30).run()
    assert not at.exception
    void = next(m.value for m in at.markdown if "no 5 in that hand" in m.value)
    assert not void.startswith("- You"), void


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_screen_reader_hears_a_first_guess_as_a_guess_not_a_recommendation(lang):
    """The words the page announces are the box's own (ui.parts.hint_view.headline)."""
    from ui.parts.hint_view import headline

    tr = translator(lang)
    guess, sure = crafted(TRUSTED_DEALS - 1), crafted(TRUSTED_DEALS)
    assert headline(tr, guess).split(":")[0] == tr("play.hint_guess", action="").split(":")[0]
    assert headline(tr, sure).split(":")[0] == tr("play.hint_best", action="").split(":")[0]
    assert headline(tr, guess) != headline(tr, sure)
