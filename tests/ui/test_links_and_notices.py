"""Links as a user hits them: an exact puzzle keeps its selectors and its link, a bad
link's notice stays until dismissed and never renders the link's text as markup, and
past daily sets say what they are."""

from __future__ import annotations

import datetime as dt

from puzzles import daily_set
from tests.support.answer_paths import puzzle_of_kind
from tests.support.streamlit_events import component_event
from tests.ui.conftest import PINNED_TODAY, answer_puzzle, create_profile, open_app
from ui.i18n import translator
from ui.session import plain


def _param(at, name):
    value = at.query_params.get(name)
    return value[0] if isinstance(value, list) else value


def test_an_exact_puzzle_link_shows_its_drill_and_game_and_keeps_its_link():
    puzzle = puzzle_of_kind("fives_points")
    at = open_app("practice", puzzle=puzzle.id)
    assert at.selectbox(key="practice_type").value == puzzle.ptype
    assert at.selectbox(key="practice_game").value == puzzle.rules.preset_name
    assert _param(at, "puzzle") == puzzle.id
    assert _param(at, "type") is None and _param(at, "game") is None
    [b for b in at.button if b.label == translator("en")("practice.next")][0].click().run()
    assert _param(at, "puzzle") is None and _param(at, "type") == puzzle.ptype  # a stream again


def test_a_bad_links_notice_stays_through_the_boards_first_report_until_dismissed():
    at = open_app("practice", type="nonsense")
    assert "nonsense" in " ".join(w.value for w in at.warning)
    board = next(c.key for c in at.get("bidi_component") if c.key.endswith(":board"))
    at = component_event(at, board, state={"selected": None, "narrow": False})  # the browser's first report
    assert "nonsense" in " ".join(w.value for w in at.warning)
    at.button(key="notices_dismiss").click().run()
    assert not at.warning


def test_a_notice_belongs_to_its_page():
    at = open_app("daily", daily="nope")
    assert at.warning
    at.switch_page("ui/pages/course.py").run()
    assert not at.warning


def test_link_text_in_a_notice_is_shown_as_text_never_as_markup():
    hostile = "[x](https://a.b/c)"
    at = open_app("practice", type=hostile)
    shown = " ".join(w.value for w in at.warning)
    assert plain(hostile[:30]) in shown and "](https" not in shown


def test_a_day_before_the_first_daily_set_falls_back_to_today_and_says_so():
    at = open_app("daily", daily="1900-01-01")
    assert _param(at, "daily") == PINNED_TODAY
    assert "1900" in " ".join(w.value for w in at.warning)


def test_a_past_daily_set_does_not_say_today():
    tr = translator("en")
    day = dt.date.fromisoformat(PINNED_TODAY) - dt.timedelta(days=5)
    at = open_app("daily", daily=day.isoformat())
    captions = [c.value for c in at.caption]
    count = len(daily_set(day))
    assert tr("daily.intro_past", date=day.isoformat(), count=count) in captions
    assert tr("daily.intro", date=day.isoformat(), count=count) not in captions


def test_archive_marks_of_a_saved_profile_survive_a_new_session():
    day = dt.date.fromisoformat(PINNED_TODAY) - dt.timedelta(days=2)
    at = open_app("daily", daily=day.isoformat())
    create_profile(at, "Inês")
    first = daily_set(day)[0]
    at = answer_puzzle(at, f"daily:{day.isoformat()}:1", first)
    fresh = open_app("daily")  # a new session: nothing in session state
    fresh.sidebar.selectbox(key="profile_select").select_index(1).run()  # 0 is the guest
    assert fresh.session_state["profile"].name == "Inês"
    links = {link.label: link.icon for link in fresh.get("page_link")}
    assert links[day.isoformat()] == ":material/check_circle:"
    assert links[(day - dt.timedelta(days=1)).isoformat()] == ":material/calendar_today:"
