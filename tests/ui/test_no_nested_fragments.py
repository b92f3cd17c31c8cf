"""No page declares a fragment inside another fragment (docs/tables.md, Known issues).

When a fragment reruns, Streamlit drops the writes of its last run still queued for the
browser but keeps those of any fragment declared inside it, which can then reach the
browser addressed to places its page does not have yet: "Bad delta path index 7 (should be
between [0, 2])", and the whole page unmounts. The table's live part met it under load.
Here every page that has fragments is driven, in AppTest, into the states where they
appear (a hint on the queue and a deeper one being worked out, a round's review being
judged, the daily deal's expert line being played out, a class quiz on the projector and
on a phone, a class at tables, a table's lobby, seat and spectator), and every fragment
each run declares is recorded with the fragment it was declared in (tests/support/fragments.py).
The background work is held, never done, so the pages stay in their "being worked out"
states and the test stays quick.
"""

from __future__ import annotations

from concurrent.futures import Future

import pytest
from streamlit.testing.v1 import AppTest

from matches.table import Options, Table, new_token, token_hash
from matches.table_store import TableStore
from progress import open_store
from tests.support.fragments import Declared, describe, nested, record_fragments
from tests.support.streamlit_events import component_event
from tests.ui.conftest import APP, open_app
from tests.ui.test_class_pages import ok, student_joins, teacher_opens
from tests.ui.test_class_tables import teacher_with_class
from ui.parts.tables.sync import open_table


@pytest.fixture
def declared(monkeypatch) -> list[Declared]:
    return record_fragments(monkeypatch)


class Held:
    """The background work the pages start, held on the queue: reviews, hints, the deal's expert."""

    def __init__(self, monkeypatch) -> None:
        import jobs
        import matches.table_review
        import strategy.review_queue as review_queue
        import ui.parts.hint_view as hint_view

        self.jobs: list[jobs.Job] = []

        class Pool:  # where a held hint stands in the queue
            def ahead(self, _job) -> int:
                return 1

        def hint_job(view, deep=False):
            job = jobs.Job(f"held-hint-{len(self.jobs)}", jobs.HINT)
            job.pool = Pool()
            self.jobs.append(job)
            return hint_view.PendingHint(job, deep, view)

        submit_at = review_queue.submit_at

        def expert_held(priority, fn, /, *args, **kwargs):
            return Future() if fn.__name__ == "expert_line" else submit_at(priority, fn, *args, **kwargs)

        monkeypatch.setattr(review_queue, "judge_later", lambda *args, **kwargs: Future())  # rounds, tables
        monkeypatch.setattr(matches.table_review, "submit", lambda *args, **kwargs: Future())  # analysis board
        monkeypatch.setattr(review_queue, "submit_at", expert_held)  # the daily deal's expert line
        monkeypatch.setattr(hint_view, "ask", hint_job)
        monkeypatch.setenv(hint_view.THINK_AHEAD_ENV, "off")


@pytest.fixture
def held(monkeypatch) -> Held:
    return Held(monkeypatch)


@pytest.fixture(autouse=True)
def instant_bots(monkeypatch):
    import ui.parts.play.setup

    monkeypatch.setattr(ui.parts.play.setup, "PACES", {name: 0.0 for name in ui.parts.play.setup.PACES})


def names(declared: list[Declared]) -> set[str]:
    return {d.name for d in declared}


def assert_flat(declared: list[Declared], *expected: str) -> None:
    """No fragment inside another, and the states driven did show the fragments ``expected``."""
    assert not nested(declared), "fragment inside a fragment: " + describe(nested(declared), declared)
    missing = set(expected) - names(declared)
    assert not missing, f"the test did not reach {missing}; declared: {sorted(names(declared))}"


def first_legal(rnd) -> str:
    """The first legal move as the boards offer it (equal ends: on the left only)."""
    action = str(rnd.legal_actions()[0])
    if action.endswith("@R") and rnd.ends is not None and rnd.ends[0] == rnd.ends[1]:
        action = action[:-1] + "L"
    return action


def test_the_recorder_sees_a_fragment_declared_inside_another(declared):
    def script():
        import streamlit as st

        @st.fragment
        def outer():
            st.fragment(lambda: st.write("inner"), run_every=1)()

        outer()

    at = AppTest.from_function(script).run()
    assert not at.exception
    assert len(declared) == 2 and [d.name for d in nested(declared)] == ["script.<locals>.outer.<locals>.<lambda>"]


def test_the_play_page(declared, held, monkeypatch):
    import ui.parts.hint_view as hint_view

    at = open_app("play", game="laplaza_1v1", seed="31", levels="casual")
    game = at.session_state["play_game"]
    board = f"play:31:{game.round.round_number}:board"
    while not (game.human_to_move and len(game.round.canonical_actions()) > 1):
        at = ok(component_event(at, board, trigger=("play", first_legal(game.round))))
        game = at.session_state["play_game"]
    next(b for b in at.button if (b.key or "").startswith("play_hint:")).click().run()  # on the queue
    ok(at)
    assert isinstance(at.session_state["play_hint"], hint_view.PendingHint)
    (job,) = held.jobs
    job.set_result(hint_view.hint(game.view(0), seed=1, max_nodes=20_000))  # landed; a deeper one under way:
    refining = hint_view.refining
    monkeypatch.setattr(hint_view, "refining", lambda *args: True)
    ok(at.run())
    monkeypatch.setattr(hint_view, "refining", refining)
    while not game.round.is_over:  # to the round's end, its review being judged
        at = ok(component_event(at, board, trigger=("play", first_legal(game.round))))
        game = at.session_state["play_game"]
    assert at.get("progress"), "the review's progress"
    assert_flat(declared, "show_waiting.<locals>.look", "watch_refining.<locals>.look", "judged_panel.<locals>.panel")


def test_the_daily_deal(declared, held):
    at = open_app("deal", lang="en")
    ok(at.button(key="deal_start_guest").click().run())
    for _ in range(80):
        game = at.session_state["deal_game"]
        if game.round.is_over:
            break
        key = next(e.key for e in at.get("bidi_component") if (e.key or "").startswith("deal:"))
        at = ok(component_event(at, key, trigger=("play", first_legal(game.round))))
    assert at.session_state["deal_game"].round.is_over
    assert_flat(declared, "show_expert.<locals>.panel", "judged_panel.<locals>.panel")


def test_the_analysis_board(declared, held):
    from engine import Rules
    from matches.companion import TableGame, to_link
    from tests.support.positions import finished_round

    hand = ["6-6", "1-2", "0-0", "0-1", "0-2", "0-3", "0-4"]
    at = open_app("analyse", g=to_link(TableGame(Rules.preset("laplaza_1v1"), seat=0, hand=hand, leader=0)))
    ok(at.button(key="analyse_hint_button").click().run())  # the hint on the queue
    _, real = finished_round("laplaza_partners", 3)
    at.query_params["g"] = to_link(TableGame.from_round(real, 0))
    ok(at.run())  # a finished round, its review being judged
    assert at.get("progress"), "the review's progress"
    assert_flat(declared, "show_waiting.<locals>.look", "judged_panel.<locals>.panel")


def test_a_class_quiz_on_the_projector_and_a_phone(declared):
    teacher, code, _ = teacher_opens(["round_score"])
    phone = student_joins(code, "Ana", "device-ana-1")  # the phone's lobby
    ok(teacher.run())  # the teacher's lobby
    ok(teacher.button(key="class_start").click().run())  # the question on the projector
    ok(phone.run())
    ok(teacher.button(key="class_reveal").click().run())
    ok(phone.run())
    assert_flat(declared, "lobby", "live")
    assert {d.where.split(":")[0] for d in declared} >= {"ui/pages/class_teacher.py", "ui/pages/class_join.py"}


def test_a_class_at_tables(declared, held):
    teacher, code, phones = teacher_with_class(2)
    teacher.selectbox(key="class_tables_form_game").set_value("laplaza_1v1").run()
    ok(teacher.button(key="class_tables_go").click().run())  # the overview
    ok(phones[0].run())  # the phone's "you're at table 1"
    table_code = TableStore(open_store()).group(code)[0].code
    ok(teacher.button(key=f"class_project:{table_code}").click().run())  # the projector
    ok(teacher.button(key="class_tables_back").click().run())
    ok(teacher.button(key="class_close").click().run())  # End all tables: the summary
    assert_flat(declared, "overview.<locals>.live", "spectate.<locals>.live", "summary.<locals>.body", "live")


def seat_page(code: str, token: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page("ui/pages/table.py")
    at.query_params["t"] = code
    if token is not None:
        at.query_params["me"] = token
    return ok(at.run())


def test_a_table_its_lobby_a_seat_and_a_spectator(declared, held):
    from tests.support.table_rounds import played_table

    store = TableStore(open_store())
    token = new_token()
    lobby = Table.open("laplaza_1v1", 2, (), "flat-lobby", ["me", "open"], Options(), name="Ana",
                       token=token_hash(token))
    seat_page(open_table(store, lobby, seat_token=token), token)
    code = open_table(store, played_table("flat-played", token), seat_token=token)
    at = seat_page(code, token)  # the round's end, its review being judged
    assert at.get("progress"), "the review's progress"
    seat_page(code)  # somebody watching
    assert_flat(declared, "lobby_live", "playing.<locals>.live", "spectate.<locals>.live")
