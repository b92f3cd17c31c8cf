"""Send a Custom Components v2 event to a page under ``streamlit.testing.v1.AppTest``.

AppTest never runs a component's JavaScript, so a test cannot tap the board. This
helper builds the widget state the browser would send after a tap and reruns the page
with it, exactly as a real event does: the component's callbacks run first, then the
script, and the trigger reads its value for that one run.

>>> # at = AppTest.from_file("tests/e2e/board_harness.py").run()
>>> # at = component_event(at, "board", trigger=("play", "lead 6-6"))
>>> # at = component_event(at, "board", state={"selected": "0-3", "narrow": False})

It reads AppTest's private widget tree, so it is pinned to the Streamlit version in
pyproject.toml (1.67.0); ``tests/ui/test_board_apptest.py`` fails first if an upgrade
breaks it.
"""

from __future__ import annotations

import json
from typing import Any

from streamlit.testing.v1 import AppTest

#: Streamlit's id of a component's trigger widget: ``$$STREAMLIT_INTERNAL_KEY_<id>__events``.
_TRIGGERS = "$$STREAMLIT_INTERNAL_KEY_{}__events"


def component_event(at: AppTest, key: str, *, state: dict[str, Any] | None = None,
                    trigger: tuple[str, Any] | None = None) -> AppTest:
    """Rerun ``at`` as if the component ``key`` had sent ``state`` and/or one ``trigger``.

    ``state`` is the component's whole state dict (every state value it keeps, such as
    ``{"selected": "3-5"}``); ``trigger`` is ``(event, value)``, e.g. ``("play", "3-5@L")``.
    Returns the AppTest after the rerun, like ``at.run()``.
    """
    matches = [e for e in at.get("bidi_component") if getattr(e, "key", None) == key]
    if not matches:
        keys = [getattr(e, "key", None) for e in at.get("bidi_component")]
        raise LookupError(f"no component with key {key!r} on the page (keys: {keys})")
    element_id = matches[0].proto.id
    widgets = at._tree.get_widget_states()
    if state is not None:
        w = widgets.widgets.add()
        w.id, w.json_value = element_id, json.dumps(state)
    if trigger is not None:
        event, value = trigger
        w = widgets.widgets.add()
        w.id = _TRIGGERS.format(element_id)
        w.json_trigger_value = json.dumps([{"event": event, "value": value}])
    return at._run(widgets)
