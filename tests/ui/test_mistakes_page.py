"""Your mistakes (ui/pages/mistakes.py), the Home counter and My progress's section, under
AppTest: personal puzzles planted directly (their proof is tests/strategy/test_mistake_proof.py's)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from streamlit.testing.v1 import AppTest

from engine import Round, Rules
from engine.notation import position_to_dict
from progress import open_store
from progress.mistakes import MemoryMistakes, PersonalPuzzle
from tests.support.streamlit_events import component_event
from tests.ui.conftest import APP, PINNED_TODAY, create_profile, open_app, texts_of
from ui.i18n import LANGUAGES, translator
from ui.labels import action_label
from ui.parts.mistakes.book import GUEST_MISTAKES
from ui.parts.themes import theme_name
from ui.parts.mistakes.explain import losses

EN = translator("en")
TODAY = date.fromisoformat(PINNED_TODAY)
PLAYED, BEST, NEAR = "0-4@R", "0-3@L", "0-1@R"   # the mistake, the best move, one within half a point


def partners_position() -> Round:
    """Partners after four moves: seat 0 to play, the ends 3 and 0, six moves to choose from."""
    rnd = Round.from_hands(Rules.preset("laplaza_partners"), [
        "6-6 1-2 0-0 0-1 0-2 0-3 0-4", "5-6 1-1 1-3 1-4 1-5 0-5 2-2",
        "4-6 2-3 2-4 2-5 0-6 1-6 3-3", "3-6 2-6 3-4 3-5 4-4 4-5 5-5"])
    for move in ("lead 6-6", "5-6@L", "0-6@R", "3-5@L"):
        rnd.apply(move)
    return rnd


def planted(game_rnd: Round | None = None, *, themes=("kill_double",), made_on: date = TODAY,
            source: str = "play", played: str = PLAYED) -> PersonalPuzzle:
    rnd = game_rnd or partners_position()
    values = {"0-3@L": 6.5, "0-1@R": 6.2, "0-0@R": 1.0, "0-2@R": 2.5, "0-3@R": 4.0, "0-4@R": -3.5}
    return PersonalPuzzle.make(position_to_dict(rnd), rnd.turn, played, answers=(BEST, NEAR), values=values,
                               margin_low=8.9, deals=1_024, exact=False, grade="blunder", themes=themes,
                               source=source, made_on=made_on)


def guest_app(*puzzles: PersonalPuzzle, page: str = "mistakes", **params: str) -> tuple[AppTest, MemoryMistakes]:
    """The app as a guest whose session holds ``puzzles``."""
    book = MemoryMistakes()
    for p in puzzles:
        book.add(None, p)
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state[GUEST_MISTAKES] = book
    at.switch_page(f"ui/pages/{page}.py")
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at, book


def tap(at: AppTest, puzzle: PersonalPuzzle, move: str) -> AppTest:
    at = component_event(at, f"mistakes:{puzzle.id}:board", trigger=("play", move))
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_with_no_puzzles_a_friendly_sentence_says_how_they_get_here(lang):
    at = open_app("mistakes", lang=lang)
    tr = translator(lang)
    assert at.title[0].value == tr("mistakes.title")
    assert tr("mistakes.empty") in texts_of(at)
    assert not at.get("bidi_component"), "no board without a puzzle"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_puzzle_asks_about_the_move_played_from_the_seats_view(lang):
    puzzle = planted()
    at, _ = guest_app(puzzle, lang=lang)
    tr = translator(lang)
    assert tr("mistakes.question", played=action_label(tr, PLAYED)) in texts_of(at)
    (board,) = [c for c in at.get("bidi_component") if c.key == f"mistakes:{puzzle.id}:board"]
    assert tr("mistakes.left", n=1) in texts_of(at)
    # the move log of the round so far, as the seat saw it
    assert any(e.label == tr("puzzle.log", n=4) for e in at.expander)


def test_a_right_answer_says_so_explains_every_move_and_moves_the_schedule():
    puzzle = planted()
    at, book = guest_app(puzzle)
    at = tap(at, puzzle, BEST)
    shown = texts_of(at)
    assert at.success and EN("mistakes.right_best", move=action_label(EN, BEST)) in at.success[0].value
    assert "1,024 deals" in shown                                   # how sure, as the best-move puzzles say it
    assert EN("mistakes.margin_sampled", margin="8.9") in shown
    for line in losses(puzzle, EN):                                  # what each move loses
        assert line in shown
    assert any("loses 10.0 points" in line and EN("mistakes.yours") in line for line in losses(puzzle, EN))
    links = {link.proto.label: link.proto for link in at.get("page_link")}
    assert links[EN("mistakes.analyse")].page == "analyse" and "g=" in links[EN("mistakes.analyse")].query_string
    assert EN("mistakes.theme_line", theme=theme_name(EN, "kill_double")) in shown.replace("\\", "")
    assert any(link.page == "lesson" and link.query_string.startswith("lesson=strategy-kill-a-double")
               for link in links.values())                           # the lesson that teaches the theme
    assert book.count_due(None, TODAY) == 0 and book.count_due(None, TODAY + timedelta(days=1)) == 1
    assert EN("mistakes.left", n=0) in shown  # the one on screen is done for today


def test_a_move_within_half_a_point_is_right_too():
    puzzle = planted()
    at, _ = guest_app(puzzle)
    at = tap(at, puzzle, NEAR)
    assert at.success and EN("mistakes.right_near", move=action_label(EN, NEAR)) in at.success[0].value


def test_the_move_played_is_wrong_and_only_the_first_answer_counts():
    puzzle = planted()
    at, book = guest_app(puzzle)
    at = tap(at, puzzle, PLAYED)
    assert at.error and EN("mistakes.same_move", loss="10.0") in at.error[0].value
    review = book.review(None, puzzle.id)
    at.button(key=f"mistakes:{puzzle.id}:retry").click().run()
    at = tap(at, puzzle, BEST)
    assert at.success
    assert book.review(None, puzzle.id) == review, "a right retry after a wrong answer does not count again"


def test_an_illegal_move_gets_the_engines_reason():
    puzzle = planted()
    at, book = guest_app(puzzle)
    at = tap(at, puzzle, "1-2@L")                                     # fits neither end
    assert at.error and "1-2" in at.error[0].value
    assert book.count_due(None, TODAY + timedelta(days=1)) == 1


def test_next_puzzle_then_the_day_is_done():
    first, second = planted(), planted(made_on=TODAY - timedelta(days=1), source="table", played="0-0@R")
    at, _ = guest_app(first, second)
    assert EN("mistakes.left", n=2) in texts_of(at)
    shown = at.session_state["mistakes_current"]
    at = tap(at, first if shown == first.id else second, BEST)
    at.button(key="mistakes_next").click().run()
    assert at.session_state["mistakes_current"] != shown
    at.button(key="mistakes_next").click().run()
    assert EN("mistakes.done_today") in texts_of(at)


def test_the_game_filter_shows_that_games_puzzles():
    one = Round.from_hands(Rules.preset("laplaza_1v1"), ["6-6 1-2 0-0 0-1 0-2 0-3 0-4", "5-6 1-1 1-3 1-4 1-5 0-5 2-2"])
    other = planted(one, themes=("other",))
    other = PersonalPuzzle.make(other.position, other.seat, str(one.legal_actions()[0]), answers=("lead 0-0",),
                                values={str(one.legal_actions()[0]): 0.0, "lead 0-0": 3.0}, margin_low=1.0,
                                deals=10, exact=True, grade="mistake", themes=("other",), made_on=TODAY)
    partners = planted()
    at, _ = guest_app(other, partners)
    at.selectbox(key="mistakes_game").set_value("laplaza_1v1").run()
    assert at.session_state["mistakes_current"] == other.id
    at.selectbox(key="mistakes_game").set_value("laplaza_partners").run()
    assert at.session_state["mistakes_current"] == partners.id


def test_a_profile_keeps_them_in_the_database_and_home_and_my_progress_count_them(progress_db):
    at = open_app("home")
    create_profile(at, "Nilda")
    assert EN("mistakes.home", n=1) not in [link.label for link in at.get("page_link")], "shown only when due"
    store = open_store(f"sqlite:///{progress_db}")
    try:
        (nilda,) = store.profiles()
        puzzle = planted()
        assert store.mistakes.add(nilda.id, puzzle)
        at.run()
        assert EN("mistakes.home", n=1) in [link.label for link in at.get("page_link")]
        at.switch_page("ui/pages/stats.py").run()
        assert not at.exception, [e.message for e in at.exception]
        metrics = {m.label: m.value for m in at.metric}
        assert metrics[EN("mistakes.stats_due")] == "1" and metrics[EN("mistakes.stats_total")] == "1"
        at.switch_page("ui/pages/mistakes.py").run()
        at = tap(at, puzzle, BEST)
        assert at.success
        assert store.mistakes.count_due(nilda.id, TODAY) == 0
        assert store.mistakes.count_due(nilda.id, TODAY + timedelta(days=1)) == 1
    finally:
        store.close()


def test_the_board_shows_only_what_the_seat_saw():
    """The other hands of a personal puzzle may be stand-ins (a round recorded on the
    analysis board): the board is drawn from the seat's view, and none of them reaches it
    (neither as a tile drawn nor in the board's words for a screen reader)."""
    import json

    from language import spoken
    from ui.labels import board_texts

    puzzle = planted()
    at, _ = guest_app(puzzle)
    (board,) = [c for c in at.get("bidi_component") if c.key == f"mistakes:{puzzle.id}:board"]
    sent = json.loads(board.proto.json)
    words = " ".join(sent["description"])
    rnd = puzzle.round()
    said = {t: spoken(str(t), board_texts(EN)) for seat in range(4) for t in rnd.hand(seat)}
    assert all(said[t] in words and f'data-tile="{t}"' in sent["svg"] for t in rnd.hand(puzzle.seat))
    assert not [said[t] for seat in (1, 2, 3) for t in rnd.hand(seat) if said[t] in words or f'"{t}"' in sent["svg"]]


def test_a_link_chooses_the_theme_and_a_bad_one_is_named():
    doubles, other = planted(), planted(themes=("other",), played="0-0@R")
    at, _ = guest_app(doubles, other, theme="kill_double")
    assert at.session_state["mistakes_theme"] == "kill_double"
    assert at.session_state["mistakes_current"] == doubles.id
    at, _ = guest_app(doubles, other, theme="nonsense", game="chess")
    warnings = " ".join(w.value for w in at.warning)
    assert "nonsense" in warnings and "chess" in warnings
    assert at.session_state["mistakes_current"] in (doubles.id, other.id)


def test_open_on_the_analysis_board_opens_the_seats_position():
    puzzle = planted()
    at, _ = guest_app(puzzle)
    at = tap(at, puzzle, BEST)
    (link,) = [l.proto for l in at.get("page_link") if l.proto.label == EN("mistakes.analyse")]
    params = dict(pair.split("=", 1) for pair in link.query_string.split("&"))
    board = open_app("analyse", g=params["g"], lang="en")
    shown = texts_of(board)
    assert EN("analyse.your_turn") in shown and not board.warning
    assert "Marco plays 3\\-5 on the left end" in shown  # the round so far, as the seat saw it


def test_my_progress_counts_the_retired_ones(progress_db):
    at = open_app("stats")
    create_profile(at, "Olga")
    store = open_store(f"sqlite:///{progress_db}")
    try:
        (olga,) = store.profiles()
        puzzle, other = planted(made_on=TODAY - timedelta(days=30)), planted(played="0-0@R")
        store.mistakes.add(olga.id, puzzle)
        store.mistakes.add(olga.id, other)
        for day in (TODAY - timedelta(days=30), TODAY - timedelta(days=29), TODAY - timedelta(days=26)):
            store.mistakes.answer(olga.id, puzzle.id, True, day)  # due, then right at two due reviews
        assert store.mistakes.review(olga.id, puzzle.id) is None
        at.run()
        metrics = {m.label: m.value for m in at.metric}
        assert (metrics[EN("mistakes.stats_due")], metrics[EN("mistakes.stats_total")],
                metrics[EN("mistakes.stats_retired")]) == ("1", "2", "1")
    finally:
        store.close()
