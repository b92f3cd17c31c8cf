"""AppTest fixtures for the pages: a fresh app per test, progress in a temporary database."""

from __future__ import annotations

from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from puzzles import questions
from tests.support.answer_paths import TAP, path_of, right_response, wrong_response
from tests.support.streamlit_events import component_event
from ui.session import TODAY_ENV

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")


#: The app's clock in every page test (``CAPICU_TODAY``): the pages and these tests see
#: the same daily set on any day the suite runs.
PINNED_TODAY = "2026-12-31"


@pytest.fixture(autouse=True)
def pinned_today(monkeypatch):
    monkeypatch.setenv(TODAY_ENV, PINNED_TODAY)


@pytest.fixture(autouse=True)
def page_errors_raise(monkeypatch):
    """A page's unexpected error fails the test that met it (``at.exception``) instead of
    becoming the visitor's plain message (tests/ui/test_page_guard.py checks that one)."""
    monkeypatch.setenv("CAPICU_PAGE_ERRORS", "raise")


@pytest.fixture(autouse=True)
def no_thinking_ahead(monkeypatch):
    """No hint is worked out in the background unless a test asks for it (setenv "on"):
    such work outlives the test that started it, on the suite's two cores."""
    monkeypatch.setenv("CAPICU_THINK_AHEAD", "off")


@pytest.fixture(autouse=True)
def progress_db(tmp_path, monkeypatch):
    """Each test saves into its own SQLite file; the shared store cache starts empty."""
    monkeypatch.setenv("CAPICU_DB_PATH", str(tmp_path / "progress.sqlite3"))
    monkeypatch.delenv("CAPICU_DB_URL", raising=False)
    st.cache_resource.clear()
    yield tmp_path / "progress.sqlite3"
    st.cache_resource.clear()


@pytest.fixture
def light_review(monkeypatch):
    """For a test of where a round's review goes, not of its grades: each choice is judged
    on at most 64 sampled deals (the review's own floor is 512, its cap 6,000), on the
    pages' own rounds (strategy.review_queue) and at the tables (matches.table_review), so
    the background judging is a fraction of a second."""
    import matches.table_review
    import strategy.review_queue as queue

    judge_move = queue.judge_move
    monkeypatch.setattr(queue, "judge_move", lambda *args, **kwargs: judge_move(*args, **{"deals": 64, **kwargs}))
    monkeypatch.setattr(matches.table_review, "REVIEW_MAX_DEALS", 64)


def open_app(page: str | None = None, **params: str) -> AppTest:
    """The app with these query parameters, on ``page`` (``"lesson"`` for ui/pages/lesson.py)."""
    at = AppTest.from_file(APP, default_timeout=60)
    if page is not None:
        at.switch_page(f"ui/pages/{page}.py")
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def create_profile(at: AppTest, name: str, pin: str = "", hidden: bool = False) -> AppTest:
    at.sidebar.selectbox(key="profile_select").set_value("__new__").run()
    at.sidebar.text_input(key="profile_name").input(name).run()
    if pin:
        at.sidebar.text_input(key="profile_new_pin").input(pin).run()
    if hidden:
        at.sidebar.checkbox(key="profile_new_hidden").check().run()
    at.sidebar.button(key="profile_create").click().run()
    assert not at.exception
    return at


def texts_of(at: AppTest) -> str:
    """Everything the page says, as one string (for assertions on messages)."""
    parts = []
    for kind in ("markdown", "caption", "info", "success", "error", "warning", "title", "subheader", "code"):
        parts += [str(e.value) for e in getattr(at, kind)]
    return "\n".join(parts)


def answer_puzzle(at: AppTest, key: str, puzzle, right: bool = True) -> AppTest:
    """Answer a puzzle drawn under ``key`` the way a player does: tap the board, or pick
    pills and press Check; ``right`` chooses the answer or a wrong response."""
    response = right_response(puzzle) if right else wrong_response(puzzle)
    return answer_on_page(at, key, puzzle.question.kind, list(puzzle.options), response)


def answer_on_page(at: AppTest, key: str, kind: str, options: list, response) -> AppTest:
    """Give ``response`` to the question under ``key`` through its own widgets."""
    if path_of(kind) == TAP:
        return component_event(at, f"{key}:board", trigger=("play", response))
    if questions.KINDS[kind].multi:
        at.button_group(key=f"{key}:pick").set_value([options.index(v) for v in response]).run()
    else:
        at.button_group(key=f"{key}:pick").set_value(options.index(response)).run()
    at.button(key=f"{key}:check").click().run()
    return at
