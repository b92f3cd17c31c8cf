"""A hint a player waits for is a job: the play page says "thinking… (N ahead of you)"
from the queue's own count while it waits, and shows the hint once it lands."""

from __future__ import annotations

import threading

import pytest
import streamlit as st

import jobs
from tests.jobs import helpers
from tests.jobs.conftest import wait_until
from tests.support.streamlit_events import component_event
from tests.ui.conftest import open_app
from ui.i18n import translator


@pytest.fixture
def page_env(tmp_path, monkeypatch):
    import ui.parts.play.setup

    monkeypatch.setenv("CAPICU_PAGE_ERRORS", "raise")
    monkeypatch.setenv("CAPICU_THINK_AHEAD", "off")
    monkeypatch.setenv("CAPICU_DB_PATH", str(tmp_path / "progress.sqlite3"))
    monkeypatch.delenv("CAPICU_DB_URL", raising=False)
    monkeypatch.delenv("CAPICU_JOBS", raising=False)
    monkeypatch.setattr(ui.parts.play.setup, "PACES", {name: 0.0 for name in ui.parts.play.setup.PACES})
    st.cache_resource.clear()
    yield
    st.cache_resource.clear()


def test_a_waiting_hint_says_how_many_are_ahead_and_shows_once_it_lands(page_env, monkeypatch, tmp_path):
    import strategy.hints
    from strategy.evaluate import position_seed

    monkeypatch.setattr(strategy.hints, "HINT_NODES", 200_000)  # the suite's time
    monkeypatch.setenv("CAPICU_HINT_WAIT", "0")  # the page does not wait for it at all
    pool = jobs._Threads(workers=0, hint_workers=1)  # one worker, kept for hints, held below
    monkeypatch.setattr(jobs, "_threads", pool)
    at = open_app("play", game="laplaza_1v1", seed="31", levels="casual")
    game = at.session_state["play_game"]
    while not (game.human_to_move and len(game.round.canonical_actions()) > 1):
        at = component_event(at, f"play:31:{game.round.round_number}:board",
                             trigger=("play", str(game.round.legal_actions()[0])))
        game = at.session_state["play_game"]
    go = str(tmp_path / "go")
    held = jobs.submit(helpers.wait_for_file, (go,), priority=jobs.HINT, owner="another table")
    wait_until(held.running, "the hint worker took another player's hint")
    before = jobs.submit(helpers.note, (str(tmp_path / "n"), "x"), priority=jobs.HINT, owner="a third table")
    next(b for b in at.button if b.key and b.key.startswith("play_hint:")).click().run()
    tr = translator("en")
    waiting = at.session_state["play_hint"]
    assert not isinstance(waiting, strategy.hints.Hint) and waiting.job.ahead() == 1
    assert tr("jobs.hint_thinking_queue", n=1) in [i.value for i in at.info]
    assert not at.get("plotly_chart")
    (tmp_path / "go").write_text("go")
    assert before.result(60) == "x"
    shown = waiting.job.result(120)  # the fragment would rerun the page now; AppTest runs it once more
    at.run()
    hint = at.session_state["play_hint"]
    assert isinstance(hint, strategy.hints.Hint) and hint is shown and at.get("plotly_chart")
    view = game.view(0)
    again = strategy.hints.hint(view, seed=position_seed(view))  # the same caps and seed as anywhere
    assert (again.best, list(again.evaluation.expected)) == (hint.best, list(hint.evaluation.expected))
    assert not [i for i in at.info if i.value == tr("jobs.hint_thinking_queue", n=1)]
