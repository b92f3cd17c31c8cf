"""What the live watcher's JavaScript does (ui/parts/live/watch.js), for a session without a
browser (tests/support/streamlit_client.py): wait on the feed, and when the watched value
changes, send the watcher's trigger so its fragment reruns.
"""

from __future__ import annotations

import asyncio
import json
import urllib.parse

from tests.support.streamlit_client import PageSession


async def http_get(url: str, *, timeout: float = 60.0) -> tuple[int, bytes]:
    """A plain HTTP/1.1 GET on asyncio (no client library needed for one long poll)."""
    parts = urllib.parse.urlsplit(url)
    reader, writer = await asyncio.wait_for(asyncio.open_connection(parts.hostname, parts.port or 80), timeout)
    try:
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        writer.write(f"GET {target} HTTP/1.1\r\nHost: {parts.netloc}\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        raw = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    if b"transfer-encoding: chunked" in head.lower():
        body = _unchunk(body)
    return status, body


def _unchunk(body: bytes) -> bytes:
    out, rest = b"", body
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out, rest = out + rest[:size], rest[size + 2:]
    return out


class Follower:
    """Keeps one session's watchers (any of ``keys``, the newest on the page) following
    the feed, as the browser would, until :meth:`stop`."""

    def __init__(self, session: PageSession, keys: tuple[str, ...], lock: asyncio.Lock) -> None:
        self.session, self.keys, self.lock = session, keys, lock
        self.reruns = 0
        self.polls = 0
        self._task: asyncio.Task | None = None

    def _newest(self):
        found = [s for s in self.session.seen if s.kind == "bidi_component"
                 and any(k in s.widget_id for k in self.keys)]
        return max(found, key=lambda s: s.at) if found else None

    async def _loop(self) -> None:
        while True:
            seen = self._newest()
            if seen is None:
                await asyncio.sleep(0.1)
                continue
            data = json.loads(seen.element.bidi_component.json)
            query = urllib.parse.urlencode({"watch": data["watch"], "since": data["since"]})
            try:
                status, body = await http_get(f"{self.session.base_url}{data['url']}?{query}")
            except (OSError, asyncio.TimeoutError, ValueError, IndexError):
                await asyncio.sleep(0.5)  # the server is restarting: ask again
                continue
            self.polls += 1
            value = json.loads(body).get("value") if status == 200 else f"gone:{status}"
            if value == data["since"] or self._newest() is not seen:
                continue  # nothing new, or the page already drew something newer
            key = next(k for k in self.keys if k in seen.widget_id)
            async with self.lock:
                if self._newest() is not seen:
                    continue
                trigger, fragment = self.session.component_trigger(key, "change", value)
                await self.session.rerun([trigger], fragment_id=fragment)
                self.reruns += 1
            if status != 200:
                await asyncio.sleep(10)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - stopping anyway
                pass
