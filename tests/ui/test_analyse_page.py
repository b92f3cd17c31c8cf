"""The analysis board in AppTest: set up a round, enter moves for every seat (a refused
one keeps what was entered and says why), undo and redo, the hint on your turn, what each
seat cannot hold, a link that reopens the round, and bad links and files refused plainly."""

from __future__ import annotations

import pytest

from engine import Rules
from strategy.companion import TableGame, to_link
from tests.ui.conftest import open_app
from ui.i18n import LANGUAGES, translator

HAND = ["6-6", "1-2", "0-0", "0-1", "0-2", "0-3", "0-4"]


def _open(link: str | None = None, lang: str = "en"):
    return open_app("analyse", lang=lang, **({"g": link} if link is not None else {}))


def _button(at, key: str):
    return at.button(key=key)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_round_is_set_up_and_recorded_in_every_language(lang):
    tr = translator(lang)
    at = _open(lang=lang)
    at.multiselect(key="analyse_hand:laplaza_partners:4").set_value(HAND)
    _button(at, "analyse_start").click().run(timeout=60)
    assert not at.exception
    board = at.get("bidi_component")
    assert board, "the board is drawn"
    assert any(tr("analyse.your_turn") in i.value for i in at.info)


def test_moves_for_every_seat_then_undo_redo_and_a_refusal():
    tr = translator("en")
    game = TableGame(Rules.preset("laplaza_partners"), seat=0, hand=HAND).play(0, "lead 6-6")
    at = _open(to_link(game))
    assert any(tr("analyse.their_turn", seat="Luis") in m.value for m in at.markdown)
    at.selectbox(key="analyse_tile:1").set_value("5-6")
    _button(at, "analyse_play").click().run(timeout=60)
    assert not at.exception
    assert any(tr("analyse.their_turn", seat="Ana") in m.value for m in at.markdown)
    _button(at, "analyse_pass").click().run(timeout=60)  # Ana passes facing 5 and 6
    text = " ".join(m.value for m in at.markdown)
    assert "Ana holds no 5" in text and "Ana holds no 6" in text
    _button(at, "analyse_undo").click().run(timeout=60)
    assert any(tr("analyse.their_turn", seat="Ana") in m.value for m in at.markdown)
    _button(at, "analyse_redo_button").click().run(timeout=60)
    assert "Ana holds no 5" in " ".join(m.value for m in at.markdown)
    # only tiles you have not seen are offered to the others
    offered = at.selectbox(key="analyse_tile:3").options
    assert "4-6" in offered and not set(HAND) & set(offered)
    before = at.query_params["g"]
    at.selectbox(key="analyse_tile:3").set_value("4-6")
    _button(at, "analyse_play").click().run(timeout=60)
    assert not at.error, [e.value for e in at.error]
    assert at.query_params["g"] != before  # the link follows the record
    assert any(tr("analyse.your_turn") in i.value for i in at.info)


def test_a_refused_entry_says_why_and_loses_nothing():
    game = (TableGame(Rules.preset("laplaza_partners"), seat=0, hand=HAND)
            .play(0, "lead 6-6").play(1, "5-6@L").play(2, "pass").play(3, "4-6@R").play(0, "0-4@R"))
    at = _open(to_link(game))
    _button(at, "analyse_pass").click().run(timeout=60)  # Luis must hold a 5 or a 0
    assert at.error and "no deal fits" in at.error[0].value
    assert list(at.query_params["g"]) == [to_link(game)] or at.query_params["g"] == to_link(game)


def test_the_hint_on_your_turn():
    game = (TableGame(Rules.preset("laplaza_1v1"), seat=0, hand=HAND, leader=0))
    at = _open(to_link(game))
    _button(at, "analyse_hint_button").click().run(timeout=120)
    assert not at.exception
    tr = translator("en")
    assert any(tr("play.hint_title") in m.value for m in at.markdown)


@pytest.mark.parametrize("bad", ["nonsense", "eJzz", "x" * 5000, "eJyrVkrOz0nNSy1RslIqSk1MUaoFADZjBbk"])
def test_a_bad_link_gets_a_plain_notice_and_the_form(bad):
    at = _open(bad)
    assert at.error, "a notice"
    assert "Traceback" not in at.error[0].value
    assert at.button(key="analyse_start")
