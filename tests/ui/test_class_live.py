"""A small class on the real server, without a browser: twelve phones speaking Streamlit's
websocket protocol join, follow the teacher through the live feed alone (nothing reruns
on a timer), answer in the same moment, and every answer is stored once
(bench/class_live_load.py does the same with 40-120 phones and prints the timings)."""

from __future__ import annotations

import asyncio

import pytest

from classroom.quiz import open_quiz_store
from tests.support.live_client import Follower
from tests.support.streamlit_client import PageSession
from tests.support.streamlit_server import ROOT, streamlit_server

PUZZLE = "fives:all_fives:2:12531294"
PHONES = 12


async def _class(base: str, code: str, quizzes, secret: str) -> tuple[list[PageSession], list[Follower]]:
    phones = [PageSession(base, "join", {"join": code, "me": f"test-phone-{n:04d}"}) for n in range(PHONES)]
    locks = [asyncio.Lock() for _ in phones]
    followers = [Follower(p, ("class_join_watch",), lock) for p, lock in zip(phones, locks)]

    async def join(n: int) -> None:
        phone = phones[n]
        await phone.open()
        phone.set_text("class_nickname", f"Kid{n:02d}")
        trigger, fragment = phone.click("class_join")
        await phone.rerun([trigger], fragment_id=fragment)
        await phone.wait_for("You're in", timeout=60)
        followers[n].start()

    await asyncio.gather(*(join(n) for n in range(PHONES)))
    assert quizzes.player_count(code) == PHONES
    await asyncio.to_thread(quizzes.advance, code, secret)  # the teacher, from another session
    key = f"class:{code}:0"

    async def answer(n: int) -> None:
        phone = phones[n]
        await phone.wait_for("Question 1 of 1", timeout=60)  # the feed woke its watcher
        async with locks[n]:
            group = phone.set_pick(f"{key}:pick", [phone.widget(f"{key}:pick", "button_group")
                                                   .element.button_group.options[n % 4].content])
            await phone.rerun(fragment_id=group.fragment_id)
            trigger, fragment = phone.click(f"{key}:check")
            await phone.rerun([trigger], fragment_id=fragment)
            await phone.rerun([trigger], fragment_id=fragment)  # a double tap
        await phone.wait_for("Answer sent", timeout=30)

    await asyncio.gather(*(answer(n) for n in range(PHONES)))
    return phones, followers


@pytest.mark.e2e
def test_a_class_of_phones_follows_the_feed_and_every_answer_is_stored_once(tmp_path) -> None:
    db = tmp_path / "capicu.sqlite3"
    # every phone here comes from the loopback address: no limit of joins per address and minute
    env = {"CAPICU_DB_PATH": str(db), "CAPICU_DB_URL": "", "CAPICU_JOIN_BURST": "0"}
    quizzes = open_quiz_store(f"sqlite:///{db}")
    try:
        quiz, secret = quizzes.create([PUZZLE], title="Live", lang="en", per_address=0)
        with streamlit_server(ROOT / "serve.py", env=env) as (base, _):
            async def scenario():
                phones, followers = await _class(base, quiz.code, quizzes, secret)
                for follower in followers:
                    await follower.stop()
                for phone in phones:
                    await phone.close()
                return phones, followers

            phones, followers = asyncio.run(scenario())
        answers = quizzes.answers(quiz.code, secret, 0)
        assert sorted(a.nickname for a in answers) == [f"Kid{n:02d}" for n in range(PHONES)]
        assert all(not p.errors for p in phones), [p.errors for p in phones if p.errors]
        # one rerun per phone, when the teacher started: nothing reruns on a timer
        assert [f.reruns for f in followers] == [1] * PHONES
    finally:
        quizzes.close_store()
