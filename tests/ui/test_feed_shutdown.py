"""A live feed's beat loop ends when it is cancelled, even when a nudge wakes it at that
very moment. On Python 3.11 ``asyncio.wait_for`` lost such a cancellation: the loop went
on for another beat (60 s), so ``asyncio.run`` could not close (the suite hung in
tests/ui/test_table_feed.py once) and a server stopping could wait on it."""

from __future__ import annotations

import asyncio

from ui.parts.live.feed import Feed


def test_a_cancelled_feed_stops_even_when_woken_at_that_moment():
    async def scenario() -> bool:
        feed = Feed(lambda: None, beat=60.0)
        feed._start()
        await asyncio.sleep(0)  # the beat loop now waits for its wake
        feed._wake.set()  # a nudge and the shutdown's cancellation in the same tick
        feed._task.cancel()
        try:
            await asyncio.wait_for(asyncio.shield(feed._task), 2.0)
        except asyncio.CancelledError:
            return True
        except TimeoutError:
            return False  # it swallowed the cancellation and waits for its next beat
        return feed._task.cancelled()

    assert asyncio.run(scenario())
