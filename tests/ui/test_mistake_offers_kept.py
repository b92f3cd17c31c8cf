"""Personal puzzles from every source, whoever is looking (issue 45's leftovers,
docs/personal-puzzles.md): a guest's clear mistake at a table becomes a puzzle of their
session; a profile's at a table is offered by the judging job itself, with no screen
watching it; and on Play a decision whose judging was lost (the server restarted) is
judged again when the match is reopened and becomes a puzzle, once, however often the
match is reopened. The judging and the proof are stand-ins (the AI's own tests are in
tests/strategy/test_mistake_proof.py): this checks where offers come from."""

from __future__ import annotations

import threading
from datetime import date

import pytest

import matches.mistake_offers as offers
import strategy.review_queue as queue
from progress import open_store
from progress.mistakes import MemoryMistakes, PersonalPuzzle, SavedMistakes
from strategy.review import Decision
from tests.support.streamlit_events import component_event
from tests.ui.conftest import APP, PINNED_TODAY, create_profile, open_app
from tests.ui.test_mistake_hooks import _play_one_choice
from tests.ui.test_table_page import open_two_player_table, param, sit_down, tables
from ui.parts.tables.sync import load

TODAY = date.fromisoformat(PINNED_TODAY)


class Planted:
    """Every judged choice is a clear blunder (unless ``lost``: the judging raises, as a
    server that restarted loses it); every proof makes a puzzle and is counted."""

    def __init__(self) -> None:
        self.kept = threading.Event()
        self.lost = False
        self.proofs: list[str] = []

    def judge(self, game, index, ply, before, *_, **__) -> Decision:
        if self.lost:
            raise RuntimeError("the server restarted while this was judged")
        action = str(game.rounds[index][ply].action)
        return Decision(ply=ply, action=action, best="x", expected=-30.0, best_expected=0.0, loss=30.0,
                        grade="blunder", exact=-30.0, best_exact=0.0, deals=1024, hint=False, sure=True)

    def prove(self, position, seat, played, grade, source, made_on, cancel=None) -> PersonalPuzzle:
        self.proofs.append(played)
        return PersonalPuzzle.make(position, seat, played, answers=("other",), values={}, margin_low=1.0,
                                   deals=1024, exact=False, grade=grade, source=source, made_on=made_on)


@pytest.fixture
def planted(monkeypatch) -> Planted:
    plant = Planted()

    def noted(add):
        def wrapper(self, owner, puzzle):
            try:
                return add(self, owner, puzzle)
            finally:
                plant.kept.set()
        return wrapper

    # the judging job itself runs (strategy.review_queue.judge_and_keep, with a table's ``then``)
    monkeypatch.setattr(queue, "judge_move", plant.judge)
    monkeypatch.setattr(offers, "prove_mistake", plant.prove)
    monkeypatch.setattr(MemoryMistakes, "add", noted(MemoryMistakes.add))
    monkeypatch.setattr(SavedMistakes, "add", noted(SavedMistakes.add))
    # what this process is proving or has refused (module-wide: a queue job of an earlier
    # test in this worker, never finished once its queue stopped, stays marked as running
    # there): each test starts with none of another's
    monkeypatch.setattr(offers, "_running", set())
    monkeypatch.setattr(offers, "_refused", {})
    return plant


def _play_a_choice_at_the_table(screens: dict, code: str, progress_db) -> tuple[int, str]:
    """Tap moves on the screen of the seat to move until one is a real choice; (seat, move)."""
    store = tables(progress_db)
    for _ in range(60):
        rnd = load(store, code)[0].game.round
        seat, legal = rnd.turn, [str(a) for a in rnd.canonical_actions()]
        action = legal[-1]
        if action.endswith("@R") and rnd.ends and rnd.ends[0] == rnd.ends[1]:
            action = action[:-1] + "L"
        screens[seat].run()
        screen = component_event(screens[seat], f"table:{code}:1:board", trigger=("play", action))
        assert not screen.exception, [e.message for e in screen.exception]
        if len(set(legal)) > 1:
            return seat, action
    raise AssertionError("no choice in 60 moves")


def test_a_guest_s_clear_mistake_at_a_table_becomes_their_puzzle_for_the_session(planted, progress_db):
    host, code = open_two_player_table()  # Ana and Luis sit down without a profile
    guest = sit_down(code, 1, "Luis")
    host.run()
    host.button(key=f"table_start:{code}").click().run()
    screens = {0: host, 1: guest}
    seat, played = _play_a_choice_at_the_table(screens, code, progress_db)
    assert planted.kept.wait(60), "the guest's judged blunder was never kept"
    [puzzle] = screens[seat].session_state["mistakes_guest"].all(None)
    assert puzzle.played == played and puzzle.seat == seat and puzzle.source == "table"
    assert puzzle.made_on == TODAY and puzzle.grade == "blunder"
    assert "mistakes_guest" not in screens[1 - seat].session_state or not \
        screens[1 - seat].session_state["mistakes_guest"].all(None), "the other player's screen keeps none of it"
    with open_store(f"sqlite:///{progress_db}") as store:
        assert store.profiles() == []  # nothing of a guest's is kept in the database


def test_a_profile_s_clear_mistake_at_a_table_is_offered_by_the_judging_with_no_screen_watching(
        planted, progress_db, monkeypatch):
    host = create_profile(open_app("table"), "Ana")
    host.selectbox(key="table_form_game").set_value("laplaza_1v1").run()
    host.text_input(key="table_form_name").input("Ana").run()
    host.button(key="table_open").click().run()
    code = param(host, "t")
    guest = sit_down(code, 1, "Luis")
    host.run()
    host.button(key=f"table_start:{code}").click().run()
    # nobody watches the judging on the page (a screen reloaded, closed, or on another
    # server): only what the judging job does counts
    monkeypatch.setattr(offers, "watch", lambda *_, **__: None)
    screens = {0: host, 1: guest}
    for _ in range(10):
        seat, played = _play_a_choice_at_the_table(screens, code, progress_db)
        if seat == 0:
            break
    assert seat == 0, "Ana never had a choice"
    assert planted.kept.wait(60), "the profile's judged blunder was never kept"
    with open_store(f"sqlite:///{progress_db}") as store:
        ana = store.find_profile("Ana").id
        kept = store.mistakes.all(ana)
    assert played in {p.played for p in kept} and {p.source for p in kept} == {"table"}
    assert all(p.seat == 0 and p.made_on == TODAY for p in kept)


def _signed_in_on_play(name: str, key: str, progress_db):
    """A new session (a reload, or the server started again) signed in as ``name``, on the
    match of link ``key``."""
    from streamlit.testing.v1 import AppTest

    with open_store(f"sqlite:///{progress_db}") as store:
        profile = store.find_profile(name).id
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.sidebar.selectbox(key="profile_select").set_value(profile).run()
    at.switch_page("ui/pages/play.py")
    at.query_params["match"] = key
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at, profile


def _settled(at) -> None:
    """Every judging of the session done and no proof left running: what the reopened
    match offered has been decided (kept, or not proven again)."""
    for judge in at.session_state["play_judges"].values():
        judge.wait(60)
    # polled, not timed: a loaded machine takes longer, the answer is the same (60 s as
    # every other wait here, in 6,000 looks)
    for _ in range(6_000):
        with offers._lock:
            if not offers._running:
                return
        threading.Event().wait(0.01)
    raise AssertionError("a proof was still running after 60 s")


def test_a_decision_whose_judging_was_lost_becomes_a_puzzle_once_the_match_is_reopened(planted, progress_db):
    at = create_profile(open_app("play", game="draw", seed="45", levels="casual"), "Ana")
    planted.lost = True  # the server restarts while the move is judged: the judging is lost
    at, played = _play_one_choice(at)
    key = param(at, "match")
    with open_store(f"sqlite:///{progress_db}") as store:
        assert store.mistakes.all(store.find_profile("Ana").id) == []
    planted.lost = False
    again, ana = _signed_in_on_play("Ana", key, progress_db)  # the match reopened: judged again
    assert planted.kept.wait(60), "the decision judged after the reload was never offered"
    with open_store(f"sqlite:///{progress_db}") as store:
        [puzzle] = store.mistakes.all(ana)
    assert puzzle.played == played and puzzle.source == "play" and puzzle.made_on == TODAY
    # reopened again, and again: the stored decision is offered each time, the puzzle is one
    for _ in range(2):
        _settled(_signed_in_on_play("Ana", key, progress_db)[0])
    with open_store(f"sqlite:///{progress_db}") as store:
        assert [p.id for p in store.mistakes.all(ana)] == [puzzle.id]
    assert planted.proofs == [played], "a decision already a puzzle was proven again"
