"""The live feed (ui/parts/live/feed.py): a waiting screen is answered when its quiz changes, not
before; on a change made by this server at once (a nudge), by another server within a beat;
an unknown quiz and a bad request get a plain answer; a flood of codes stays bounded."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest
from starlette.requests import Request

from classroom.quiz import open_quiz_store
from classroom.quiz_pulse import phase_of, pulses
from ui import routes as ui_routes
from ui.parts.live import feed as live_feed
from ui.parts.live.feed import Feed

PUZZLE = "fives:all_fives:2:12531294"


@pytest.fixture
def quizzes(tmp_path):
    store = open_quiz_store(f"sqlite:///{tmp_path / 'capicu.sqlite3'}")
    yield store
    store.close_store()


def run(coro):
    return asyncio.run(coro)


def test_a_changed_value_is_answered_at_once_and_an_unchanged_one_after_the_hold(quizzes) -> None:
    quiz, _ = quizzes.create([PUZZLE])
    feed = Feed(lambda: quizzes, beat=0.05)

    async def scenario():
        stale = await feed.wait(quiz.code, "phase", "question:3", hold=5)
        started = time.monotonic()
        same = await feed.wait(quiz.code, "phase", phase_of("lobby", -1), hold=0.3)
        return stale, same, time.monotonic() - started

    stale, same, waited = run(scenario())
    assert stale.phase == "lobby:-1"
    assert same.phase == "lobby:-1" and 0.25 <= waited < 3


def test_a_waiting_phone_hears_the_teacher_move_on(quizzes) -> None:
    quiz, secret = quizzes.create([PUZZLE])
    feed = Feed(lambda: quizzes, beat=30)  # no beat in this test: only the nudge can wake it

    async def scenario():
        waiting = asyncio.create_task(feed.wait(quiz.code, "phase", "lobby:-1", hold=20))
        await asyncio.sleep(0.3)
        assert not waiting.done(), "nothing changed yet: the phone keeps waiting"
        moved = time.monotonic()
        # the teacher's page runs in a script thread of the same server
        threading.Thread(target=lambda: (quizzes.advance(quiz.code, secret), feed.nudge())).start()
        pulse = await asyncio.wait_for(waiting, 10)
        return pulse, time.monotonic() - moved

    pulse, latency = run(scenario())
    assert pulse.phase == "question:0"
    assert latency < 5  # a nudge, not the 30 s beat


def test_another_servers_change_is_seen_within_a_beat(quizzes) -> None:
    quiz, _ = quizzes.create([PUZZLE])
    feed = Feed(lambda: quizzes, beat=0.1)
    before = pulses(quizzes, [quiz.code])[quiz.code].watched("all")

    async def scenario():
        waiting = asyncio.create_task(feed.wait(quiz.code, "all", before, hold=20))
        await asyncio.sleep(0.3)
        assert not waiting.done()
        # no nudge: as if a phone had joined through another server on the same database
        await asyncio.to_thread(quizzes.join, quiz.code, "Ana", "device-of-ana")
        return await asyncio.wait_for(waiting, 10)

    pulse = run(scenario())
    assert pulse.players == 1 and pulse.phase == "lobby:-1"


def test_an_unknown_quiz_is_none_and_does_not_stay_watched(quizzes) -> None:
    feed = Feed(lambda: quizzes, beat=0.05)
    assert run(feed.wait("NOSUCH", "phase", "", hold=1)) is None
    assert "NOSUCH" not in feed._asked


def test_a_flood_of_codes_stays_bounded(quizzes, monkeypatch) -> None:
    monkeypatch.setattr(live_feed, "MAX_WATCHED", 3)
    codes = [quizzes.create([PUZZLE])[0].code for _ in range(5)]
    feed = Feed(lambda: quizzes, beat=0.05)

    async def scenario():
        return [await feed.wait(code, "phase", "", hold=0.1) for code in codes]

    answers = run(scenario())
    assert [a is not None for a in answers] == [True, True, True, False, False]


def _request(code: str, query: str) -> Request:
    return Request({"type": "http", "method": "GET", "path": f"/live/quiz/{code}", "headers": [],
                    "path_params": {"code": code}, "query_string": query.encode()})


def test_the_route_answers_json_and_refuses_plainly(quizzes, monkeypatch) -> None:
    quiz, _ = quizzes.create([PUZZLE])
    monkeypatch.setattr(live_feed, "FEED", Feed(lambda: quizzes, beat=0.05))

    async def scenario():
        ok = await live_feed.quiz_feed(_request(quiz.code.lower(), "watch=phase&since=x"))
        unknown = await live_feed.quiz_feed(_request("ZZZZZZ", "watch=phase&since=x"))
        bad = await live_feed.quiz_feed(_request(quiz.code, "watch=<script>"))
        started = time.monotonic()  # the value is unchanged, but the watcher knew another server
        restarted = await live_feed.quiz_feed(_request(quiz.code, "watch=phase&since=lobby:-1&server=gone"))
        return ok, unknown, bad, restarted, time.monotonic() - started

    ok, unknown, bad, restarted, waited = run(scenario())
    assert json.loads(restarted.body)["server"] == live_feed.SERVER and waited < 5
    # the server's name lets a watcher see a restart (it then loads its page again)
    assert ok.status_code == 200 and json.loads(ok.body) == {"value": "lobby:-1", "server": live_feed.SERVER}
    assert ok.headers["cache-control"] == "no-store"
    assert unknown.status_code == 404 and json.loads(unknown.body) == {"error": "unknown_quiz"}
    assert bad.status_code == 400


def test_the_feed_is_mounted_under_the_base_path() -> None:
    assert live_feed.feed_path("", "ABC234") == "/live/quiz/ABC234"
    assert live_feed.feed_path("/school/", "ABC234") == "/school/live/quiz/ABC234"
    quiz, table, class_tables = ui_routes.routes("school")
    assert quiz.path == "/school/live/quiz/{code}"
    assert table.path == "/school/live/table/{code}"
    assert class_tables.path == "/school/live/class-tables/{code}"
