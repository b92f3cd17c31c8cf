"""The board component under AppTest: events reach Python and the engine applies them.

AppTest never runs the component's JavaScript; ``component_event`` sends what the
browser would (tests/e2e covers the real browser).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.streamlit_events import component_event

# in the smoke set that scripts/smoke_pythons.sh runs on Python 3.12 and 3.13
pytestmark = pytest.mark.smoke

HARNESS = str(Path(__file__).resolve().parents[1] / "e2e" / "board_harness.py")


def texts(at: AppTest) -> dict[str, str]:
    return dict(t.value.split(": ", 1) for t in at.text)


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_file(HARNESS, default_timeout=20).run()
    assert not app.exception
    return app


def test_the_board_is_mounted_with_its_svg_and_targets(at):
    (element,) = at.get("bidi_component")
    data = json.loads(element.proto.json)
    assert data["svg"].startswith("<svg") and 'data-tile="6-6"' in data["svg"]
    assert data["legal"]["tiles"] == {"6-6": ["lead"]} and data["interactive"] is True
    assert data["nav"] is True and data["narrow"] is False
    assert "<" not in element.proto.html_content.replace('<div class="cpb"></div>', "")
    assert at.session_state["board"] == {"selected": None, "narrow": False}


def test_a_play_event_is_applied_by_the_engine(at):
    assert texts(at)["ends"] == "none"
    at = component_event(at, "board", trigger=("play", "lead 6-6"))
    assert not at.exception
    assert texts(at) == {"ends": "3|0", "played": "lead 6-6", "nav": "-", "event": "play lead 6-6"}
    at = component_event(at, "board", state={"selected": "0-3", "narrow": False})
    assert at.session_state["board"]["selected"] == "0-3" and texts(at)["event"] == "-"
    at = component_event(at, "board", state={"selected": None, "narrow": False}, trigger=("play", "0-3@L"))
    assert texts(at)["played"] == "lead 6-6 0-3@L" and texts(at)["event"] == "play 0-3@L"
    at.run()
    assert texts(at)["event"] == "-"  # a trigger lasts one run


def test_events_the_board_did_not_offer_are_dropped(at):
    for forged in ("3-5@L", "draw", "lead 0-0", "<b>", 42, None):
        at = component_event(at, "board", trigger=("play", forged))
        assert not at.exception
        assert texts(at)["played"] == "-" and texts(at)["event"] == "-"
    at = component_event(at, "board", trigger=("nav", "sideways"))
    assert texts(at)["nav"] == "-"


def test_nav_events_reach_python(at):
    for step in ("next", "next", "prev", "last", "first"):
        at = component_event(at, "board", trigger=("nav", step))
    assert texts(at)["nav"] == "next next prev last first" and texts(at)["event"] == "nav first"


def test_a_still_board_sends_nav_but_no_plays():
    at = AppTest.from_file(HARNESS, default_timeout=20)
    at.query_params["interactive"] = "0"
    at.run()
    data = json.loads(at.get("bidi_component")[0].proto.json)
    assert data["interactive"] is False and data["legal"]["tiles"] == {}
    at = component_event(at, "board", trigger=("play", "lead 6-6"))
    assert texts(at)["played"] == "-"
    at = component_event(at, "board", trigger=("nav", "next"))
    assert texts(at)["nav"] == "next"


def test_a_phone_width_switches_to_the_narrow_svg(at):
    wide = json.loads(at.get("bidi_component")[0].proto.json)["svg"]
    at = component_event(at, "board", state={"selected": None, "narrow": True})
    narrow = json.loads(at.get("bidi_component")[0].proto.json)
    assert narrow["narrow"] is True and 'viewBox="0 0 640 ' in narrow["svg"]
    assert 'viewBox="0 0 960 ' in wide


def test_at_a_touch_move_table_a_picked_up_tile_is_the_only_one_laid():
    at = AppTest.from_file(HARNESS, default_timeout=20)
    at.query_params["touch"] = "on"
    at = component_event(at.run(), "board", trigger=("play", "lead 6-6"))
    (element,) = at.get("bidi_component")
    data = json.loads(element.proto.json)
    assert data["touch_move"] is True and data["legal"]["tiles"]["0-3"] == ["L", "R"]
    assert "touched" in data["texts"]
    assert any("touch-move" in line for line in data["keys"]["lines"])  # "?" says Escape cannot put it back
    assert not any("Escape: put the tile back" in line for line in data["keys"]["lines"])
    at = component_event(at, "board", state={"selected": "0-3", "narrow": False})  # picked up
    assert json.loads(at.get("bidi_component")[0].proto.json)["selected"] == "0-3"
    # the browser puts it down with the play; a play of another tile is refused all the same
    at = component_event(at, "board", state={"selected": None, "narrow": False}, trigger=("play", "3-3@L"))
    assert not at.exception and texts(at)["played"] == "lead 6-6" and texts(at)["event"] == "-"
    at = component_event(at, "board", state={"selected": "0-3", "narrow": False})
    at = component_event(at, "board", state={"selected": None, "narrow": False}, trigger=("play", "0-3@R"))
    assert texts(at)["played"] == "lead 6-6 0-3@R"


def test_without_touch_move_a_picked_up_tile_can_be_put_back_for_another():
    at = component_event(AppTest.from_file(HARNESS, default_timeout=20).run(), "board", trigger=("play", "lead 6-6"))
    assert json.loads(at.get("bidi_component")[0].proto.json)["touch_move"] is False
    at = component_event(at, "board", state={"selected": "0-3", "narrow": False})
    at = component_event(at, "board", state={"selected": None, "narrow": False}, trigger=("play", "3-3@L"))
    assert texts(at)["played"] == "lead 6-6 3-3@L"
