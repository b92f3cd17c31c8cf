"""A Streamlit session without a browser: the websocket protocol a phone's page speaks.

The benchmark of a whole class (bench/class_live_load.py) and the restart test open forty
of these where forty Chromium tabs would not fit on two cores. Each is what the browser's
page is to the server: it connects to ``/_stcore/stream``, asks for a page with its query
string, receives the elements every run sends, and answers with widget values and
triggers, for the whole page or for one fragment — so the server does exactly the work a
phone costs it. What only a browser does (the live watcher's JavaScript) it does in
Python: it waits on the same feed URL and sends the same trigger.

Elements are kept as they arrive, each with the time it arrived, so a caller can ask
"has this text appeared since I tapped?" without rebuilding the page's tree.
"""

from __future__ import annotations

import asyncio
import json
import time
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

#: Streamlit's key for a v2 component's events (see the Streamlit notes, AppTest helper).
EVENTS = "$$STREAMLIT_INTERNAL_KEY_{id}__events"


@dataclass
class Seen:
    """One element as it arrived."""

    at: float
    kind: str
    text: str
    widget_id: str
    fragment_id: str
    element: Any = field(repr=False)


def element_text(element: Any) -> tuple[str, str, str]:
    """(kind, its words, its widget id) for one element proto."""
    kind = element.WhichOneof("type") or ""
    body = getattr(element, kind, None)
    if body is None:
        return kind, "", ""
    if kind == "bidi_component":  # its strings are its code; its data is read apart
        return kind, "", body.id
    words = []
    for descriptor, value in body.ListFields():
        if isinstance(value, str) and descriptor.name not in ("id", "form_id"):
            words.append(value)
    if kind == "button_group":
        words.extend(option.content for option in body.options)
    return kind, " ".join(words), getattr(body, "id", "") or ""


class PageSession:
    """One browser tab's session on a page of a Streamlit server."""

    def __init__(self, base_url: str, page: str, query: dict[str, str] | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.page = page.strip("/")
        self.query = dict(query or {})
        self.seen: list[Seen] = []
        self.values: dict[str, WidgetState] = {}  # the widgets' current values, sent with every run
        self.page_hash = ""  # the page's script hash, as the server named it (the browser sends it back)
        self.errors: list[str] = []
        self._ws = None
        self._reader: asyncio.Task | None = None
        self._run_done = asyncio.Event()

    # -- connection

    async def open(self, *, timeout: float = 60.0) -> None:
        ws_url = self.base_url.replace("http://", "ws://").replace("https://", "wss://") + "/_stcore/stream"
        self._ws = await websockets.connect(ws_url, subprotocols=["streamlit"], origin=self.base_url,
                                            max_size=None, open_timeout=timeout, ping_interval=None)
        self._reader = asyncio.get_running_loop().create_task(self._read())
        await self.rerun(timeout=timeout)

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - closing anyway
                pass

    async def _read(self) -> None:
        async for raw in self._ws:
            msg = ForwardMsg()
            msg.ParseFromString(raw)
            kind = msg.WhichOneof("type")
            now = time.monotonic()
            if kind == "navigation" and msg.navigation.page_script_hash:
                self.page_hash = msg.navigation.page_script_hash  # st.navigation's page, by its hash
            if kind == "delta":
                delta = msg.delta
                if delta.WhichOneof("type") == "new_element":
                    el = delta.new_element
                    what, text, wid = element_text(el)
                    self.seen.append(Seen(now, what, text, wid, delta.fragment_id, el))
                    if what == "exception":
                        self.errors.append(text)
                elif delta.WhichOneof("type") == "add_block" and delta.add_block.tab_container.id:
                    # tabs that run only the open one: a widget whose value is a tab's label
                    block = delta.add_block
                    self.seen.append(Seen(now, "tabs", "", block.tab_container.id, delta.fragment_id, block))
            elif kind == "script_finished":
                self._run_done.set()
            elif kind == "page_not_found":
                self.errors.append(f"page not found: {self.page}")

    # -- what a tab sends

    async def rerun(self, triggers: list[WidgetState] = (), *, fragment_id: str = "",
                    timeout: float = 60.0) -> float:
        """Send a run (of the page, or of one fragment) with the current values and these
        triggers; wait until it finishes; return how long that took."""
        start = time.monotonic()
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = urllib.parse.urlencode(self.query)
        if self.page_hash:
            state.page_script_hash = self.page_hash
        else:
            state.page_name = self.page
        state.fragment_id = fragment_id
        for widget in list(self.values.values()) + list(triggers):
            state.widget_states.widgets.add().CopyFrom(widget)
        self._run_done.clear()
        await self._ws.send(msg.SerializeToString())
        await asyncio.wait_for(self._run_done.wait(), timeout)
        return time.monotonic() - start

    # -- reading what arrived

    def find(self, text: str, *, after: float = 0.0, kind: str | None = None) -> Seen | None:
        """The first element (of ``kind``, if given) carrying ``text`` that arrived at or
        after ``after``."""
        return next((s for s in self.seen if s.at >= after and text in s.text and kind in (None, s.kind)), None)

    async def wait_for(self, text: str, *, after: float = 0.0, timeout: float = 30.0,
                       kind: str | None = None) -> Seen:
        deadline = time.monotonic() + timeout
        while True:
            found = self.find(text, after=after, kind=kind)
            if found is not None:
                return found
            if time.monotonic() > deadline:
                raise TimeoutError(f"{text!r} did not arrive within {timeout:.0f} s")
            await asyncio.sleep(0.02)

    def widget(self, key_part: str, kind: str | None = None) -> Seen:
        """The newest widget whose id contains ``key_part`` (a user key is part of the id)."""
        for s in reversed(self.seen):
            if s.widget_id and key_part in s.widget_id and (kind is None or s.kind == kind):
                return s
        raise LookupError(f"no widget with {key_part!r} on {self.page}")

    # -- widget values, as the browser encodes them

    def set_text(self, key_part: str, value: str) -> None:
        w = WidgetState(id=self.widget(key_part, "text_input").widget_id, string_value=value)
        self.values[w.id] = w

    def set_pick(self, key_part: str, labels: list[str]) -> Seen:
        seen = self.widget(key_part, "button_group")
        w = WidgetState(id=seen.widget_id)
        w.string_array_value.data.extend(labels)
        self.values[w.id] = w
        return seen

    def set_tab(self, key_part: str, label: str) -> None:
        """Choose a tab (of tabs that rerun on a change) by its label, for the next run."""
        w = WidgetState(id=self.widget(key_part, "tabs").widget_id, string_value=label)
        self.values[w.id] = w

    def click(self, key_part: str) -> tuple[WidgetState, str]:
        """A button press to send as a trigger, and the fragment the button is in."""
        seen = self.widget(key_part, "button")
        return WidgetState(id=seen.widget_id, trigger_value=True), seen.fragment_id

    def component_trigger(self, key_part: str, event: str, value: Any) -> tuple[WidgetState, str]:
        seen = self.widget(key_part, "bidi_component")
        w = WidgetState(id=EVENTS.format(id=seen.widget_id))
        w.json_trigger_value = json.dumps([{"event": event, "value": value}])
        return w, seen.fragment_id
