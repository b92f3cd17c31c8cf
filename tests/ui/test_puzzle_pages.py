"""Practice, the daily puzzles and the progress page under AppTest."""

from __future__ import annotations

import pytest

from progress import open_store
from puzzles import PUZZLE_TYPES, daily_set
from tests.ui.conftest import answer_puzzle, create_profile, open_app, texts_of
from ui.i18n import LANGUAGES, translator
from ui.session import plain
from ui.session import today


def _practice_puzzle(at):
    from puzzles import practice_puzzle

    state = at.session_state
    level = state["practice_level"]
    return practice_puzzle(state["practice_type"], state["practice_game"], None if level == "any" else level,
                           state["practice_index"])


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_practice_renders_in_every_language(lang):
    at = open_app("practice", lang=lang)
    assert at.title[0].value == translator(lang)("practice.title")
    assert at.get("bidi_component"), "the puzzle's board is on the page"


@pytest.mark.parametrize("ptype", list(PUZZLE_TYPES))
def test_practice_each_drill_answered_right_then_next(ptype):
    at = open_app("practice", type=ptype)
    assert at.session_state["practice_type"] == ptype
    puzzle = _practice_puzzle(at)
    at = answer_puzzle(at, f"practice:{puzzle.id}", puzzle, right=True)
    assert not at.exception, [e.message for e in at.exception]
    assert at.success, texts_of(at)
    next_button = [b for b in at.button if b.label == translator("en")("practice.next")]
    next_button[0].click().run()
    assert _practice_puzzle(at).id != puzzle.id


def test_a_wrong_practice_answer_shows_the_engines_explanation_and_is_saved(progress_db):
    at = open_app("practice", type="block_count", game="laplaza_partners")
    create_profile(at, "Nilda")
    puzzle = _practice_puzzle(at)
    at = answer_puzzle(at, f"practice:{puzzle.id}", puzzle, right=False)
    assert at.error and puzzle.explanation  # the verdict and the engine's reasoning are shown
    store = open_store(f"sqlite:///{progress_db}")
    try:
        (nilda,) = store.profiles()
        attempts = store.attempts(nilda.id)
        assert list(attempts["puzzle_id"]) == [puzzle.id]
        assert list(attempts["correct"]) == [False]
        assert list(attempts["puzzle_type"]) == ["block_count"]
    finally:
        store.close()


def test_practice_links_with_bad_parameters_fall_back_and_say_so():
    at = open_app("practice", type="nonsense", level="impossible")
    warnings = " ".join(w.value for w in at.warning)
    assert "nonsense" in warnings and "impossible" in warnings
    assert at.session_state["practice_type"] in PUZZLE_TYPES


def test_a_puzzle_link_opens_that_exact_puzzle():
    from puzzles import generate

    wanted = generate("next_leader", 7, game="laplaza_partners")
    at = open_app("practice", puzzle=wanted.id)
    assert at.session_state["practice_exact"] == wanted.id
    assert any(c.key == f"practice:{wanted.id}:board" for c in at.get("bidi_component"))
    at = open_app("practice", puzzle="next_leader:nope:4:x")
    assert plain("next_leader:nope:4:x") in " ".join(w.value for w in at.warning)  # shown as text


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_daily_page_shows_todays_set(lang):
    at = open_app("daily", lang=lang)
    puzzles = daily_set(today())
    tr = translator(lang)
    assert tr("daily.progress", done=0, total=len(puzzles)) in [p.text for p in at.get("progress")]
    assert len([c for c in at.get("bidi_component") if c.key.endswith(":board")]) == len(puzzles)


def test_solving_the_daily_set_gives_a_share_text_and_a_streak(progress_db):
    day = today()
    puzzles = daily_set(day)
    at = open_app("daily")
    create_profile(at, "Rosa")
    for number, puzzle in enumerate(puzzles, 1):
        at = answer_puzzle(at, f"daily:{day.isoformat()}:{number}", puzzle, right=number != 2)
        assert not at.exception, [e.message for e in at.exception]
    tr = translator("en")
    assert tr("daily.done", right=len(puzzles) - 1, total=len(puzzles)) in [s.value for s in at.subheader]
    share = at.code[0].value
    assert day.isoformat() in share and "❌" in share
    for puzzle in puzzles:  # no spoilers: no answer, tile or position in the share text
        assert puzzle.id not in share
    assert any(m.value == "1" for m in at.metric)
    store = open_store(f"sqlite:///{progress_db}")
    try:
        (rosa,) = store.profiles()
        assert len(store.attempts(rosa.id)) == len(puzzles)
        assert store.daily_results(rosa.id)[day].count(False) == 1
    finally:
        store.close()


@pytest.mark.parametrize("raw", ["2026-13-45", "yesterday", "9999-01-01"])
def test_a_bad_or_future_daily_date_falls_back_to_today(raw):
    at = open_app("daily", daily=raw)
    assert at.query_params["daily"] in (today().isoformat(), [today().isoformat()])
    assert at.warning


def test_stats_asks_for_a_profile_then_shows_charts(progress_db):
    at = open_app("stats")
    assert at.info  # no profile yet
    create_profile(at, "Beto")
    at.run()
    assert not at.exception
    assert len(at.get("plotly_chart")) == 4  # by drill, over time, the calendar, games against the bots
    assert [m.value for m in at.metric][:1] == ["0"]


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("pid, rule", [("fives:all_fives:2:432931427", "puzzle.double_once"),
                                       ("fives:all_fives+all_fives_pagat:2:1", "puzzle.double_both")])
def test_an_all_fives_puzzle_states_how_a_double_at_an_end_counts(lang, pid, rule):
    # fives:all_fives:2:432931427 has the 3-3 at the right end: 4 + 3 by this table, 4 + 6 by the other rule
    at = open_app("practice", puzzle=pid, lang=lang)
    tr = translator(lang)
    infos = [str(e.value) for e in at.info]
    assert tr(rule) in infos
    other = "puzzle.double_both" if rule == "puzzle.double_once" else "puzzle.double_once"
    assert tr(other) not in infos


def test_a_puzzle_that_counts_no_ends_does_not_state_the_double_rule():
    at = open_app("practice", puzzle="next_leader:laplaza_partners+partners_pagat:4:683163440")
    tr = translator("en")
    infos = [str(e.value) for e in at.info]
    assert tr("puzzle.double_once") not in infos and tr("puzzle.double_both") not in infos


@pytest.mark.parametrize("pid", ["next_leader:laplaza_partners+partners_pagat:4:683163440",
                                 "best_move:laplaza_1v1:2:85767093"])
def test_the_move_log_is_open_when_the_answer_needs_the_history(pid):
    # who led this round (next_leader) and the passes and draws that show voids (best_move)
    # are only in the log: the board marks the last tile placed and nothing else
    at = open_app("practice", puzzle=pid)
    tr = translator("en")
    logs = [e for e in at.expander if e.label.startswith(tr("puzzle.log", n=0).split("(")[0])]
    assert len(logs) == 1
    assert logs[0].proto.expanded
