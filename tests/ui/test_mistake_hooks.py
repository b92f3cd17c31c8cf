"""The Play page offers a judged clear mistake for a personal puzzle (matches.mistake_offers):
a guest's goes to the session's puzzles, a profile's to the database, due on the app's
date. The judging and the proof are stand-ins here (their own tests are in
tests/strategy/test_mistake_proof.py): this checks the hook, not the AI."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from datetime import date

import pytest

import matches.mistake_offers as offers
import strategy.review_queue as queue
from progress import open_store
from progress.mistakes import MemoryMistakes, PersonalPuzzle, SavedMistakes
from strategy.review import Decision
from tests.support.streamlit_events import component_event
from tests.ui.conftest import PINNED_TODAY, create_profile, open_app


@pytest.fixture
def planted(monkeypatch):
    """Every choice of the player's is judged at once a clear blunder, and its proof makes a
    puzzle whose answer is any other move; returns an event set once a puzzle is kept."""
    kept = threading.Event()

    def judged_now(game, index, ply, before, *_, **__):
        future: Future = Future()
        action = game.rounds[index][ply].action
        future.set_result(Decision(ply=ply, action=str(action), best="x", expected=-30.0, best_expected=0.0,
                                   loss=30.0, grade="blunder", exact=-30.0, best_exact=0.0, deals=1024,
                                   hint=False, sure=True))
        return future

    def proven(position, seat, played, grade, source, made_on, cancel=None):
        return PersonalPuzzle.make(position, seat, played, answers=("other",), values={}, margin_low=1.0,
                                   deals=1024, exact=False, grade=grade, source=source, made_on=made_on)

    def noted(add):
        def wrapper(self, owner, puzzle):
            try:
                return add(self, owner, puzzle)
            finally:
                kept.set()
        return wrapper

    monkeypatch.setattr(queue, "judge_later", judged_now)
    monkeypatch.setattr(offers, "prove_mistake", proven)
    monkeypatch.setattr(MemoryMistakes, "add", noted(MemoryMistakes.add))
    monkeypatch.setattr(SavedMistakes, "add", noted(SavedMistakes.add))
    return kept


def _play_one_choice(at):
    """Tap the player's first move at a real choice (the bots answer in between)."""
    for _ in range(30):
        game = at.session_state["play_game"]
        legal = game.round.canonical_actions()
        if game.human_to_move and len(legal) > 1:
            played = str(legal[-1])
            at = component_event(at, f"play:{game.setup.seed}:{game.round.round_number}:board",
                                 trigger=("play", played))
            assert not at.exception, [e.message for e in at.exception]
            return at, played
        assert game.human_to_move
        at = component_event(at, f"play:{game.setup.seed}:{game.round.round_number}:board",
                             trigger=("play", str(legal[0])))
    raise AssertionError("no choice in 30 moves")


def test_a_guest_s_judged_blunder_on_play_becomes_their_puzzle(planted):
    at = open_app("play", game="draw", seed="45", levels="casual")
    at, played = _play_one_choice(at)
    assert planted.wait(60)
    [puzzle] = at.session_state["mistakes_guest"].all(None)
    assert puzzle.played == played and puzzle.source == "play" and puzzle.grade == "blunder"
    assert puzzle.made_on == date.fromisoformat(PINNED_TODAY) and puzzle.seat == 0
    assert str(puzzle.view().hand) and puzzle.view().seat == 0


def test_a_profile_s_judged_blunder_on_play_is_kept_in_the_database(planted, progress_db):
    at = open_app("play", game="draw", seed="45", levels="casual")
    at = create_profile(at, "Ana")
    at, played = _play_one_choice(at)
    assert planted.wait(60)
    with open_store(f"sqlite:///{progress_db}") as store:
        ana = store.find_profile("Ana").id
        [puzzle] = store.mistakes.due(ana, date.fromisoformat(PINNED_TODAY))
    assert puzzle.played == played
