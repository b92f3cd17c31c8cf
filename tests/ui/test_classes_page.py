"""My classes (the teacher) and My class (a student) under AppTest: a class is created, a
roster typed, cards made; a card's link signs a student in. And the attacks: a forged
teacher key in session state, another class's key, URL parameters, a stranger with the
class code, a replaced card: none of them shows a teacher screen or another's results."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from streamlit.testing.v1 import AppTest

from classroom import roster
from progress import open_store
from ui.i18n import translator
from ui.session import plain

from tests.progress.conftest import postgres_base  # noqa: F401  (fixture)

from .conftest import APP, texts_of

SECRET = "green tiles 7"


def with_card(secret: str) -> AppTest:
    """The app opened from a card's QR link: one run, which lands on My class."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["card"] = secret
    return ok(at.run())


def app(page: str, **params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(f"ui/pages/{page}.py").run()
    return ok(at)


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.fixture
def store(progress_db):
    opened = open_store()
    yield opened
    opened.close()


def made_class(store, name="7B", secret=SECRET):
    return roster.create_class(store, name=name, games=["all_fives"], lang="en", time_zone="UTC", secret=secret)


def test_a_teacher_creates_a_class_types_a_roster_and_gets_cards(store):
    at = app("classes")
    at.text_input(key="classes_new_name").input("7B <b>")
    at.multiselect(key="classes_new_games").set_value(["all_fives", "block"])
    at.text_input(key="classes_new_secret").input(SECRET)
    at.text_input(key="classes_new_secret2").input(SECRET)
    ok(at.button(key="classes_create_go").click().run())
    cid = at.session_state["classes_current"]
    code = roster.teacher_class(store, cid, at.session_state["classes_keys"][cid]).code
    assert any(code in s.value for s in at.success)
    assert [t.label for t in at.tabs] == ["Roster", "Homework", "Progress", "Class"]
    assert plain("7B <b>") in [h.value for h in at.header]  # a class name is text, never HTML
    at.text_area(key=f"classes_names_{cid}").input("Ana\nBo\n")
    ok(at.button(key=f"classes_add_{cid}").click().run())
    pins = at.dataframe[0].value
    assert list(pins.iloc[:, 0]) == ["Ana", "Bo"] and all(len(p) == 6 for p in pins.iloc[:, 2])
    pdf = next(b for b in at.get("download_button") if b.key == f"classes_cards_pdf_{cid}")
    assert pdf.proto.label.startswith("Download the login cards")
    # the PDF in the session: a page per student with their name, the class and the PIN
    data = at.session_state["classes_fresh"][cid]["pdf"]
    text = [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]
    assert len(text) == 2 and "Ana" in text[0] and pins.iloc[0, 2] in text[0] and "7B <b>" in text[0]
    # hiding the PINs leaves the roster only
    ok(at.button(key=f"classes_fresh_done_{cid}").click().run())
    assert not any(b.key == f"classes_cards_pdf_{cid}" for b in at.get("download_button"))
    assert list(at.dataframe[0].value.iloc[:, 0]) == ["Ana", "Bo"]


def test_opening_needs_the_code_and_the_passphrase(store):
    made = made_class(store)
    at = app("classes")
    at.text_input(key="classes_open_code").input(made.code)
    at.text_input(key="classes_open_secret").input("not it at all")
    ok(at.button(key="classes_open_go").click().run())
    assert [e.value for e in at.error] == ["That is not the passphrase of this class."]
    assert not at.tabs and not at.session_state["classes_keys"]
    at.text_input(key="classes_open_secret").input(SECRET)
    ok(at.button(key="classes_open_go").click().run())
    assert [t.label for t in at.tabs][0] == "Roster"


def test_the_page_speaks_the_class_language_of_the_reader(store):
    made = made_class(store)
    at = app("classes", lang="nl")
    at.text_input(key="classes_open_code").input(made.code)
    at.text_input(key="classes_open_secret").input("fout fout fout")
    ok(at.button(key="classes_open_go").click().run())
    assert [e.value for e in at.error] == ["Dat is niet het wachtwoord van deze klas."]


def test_a_forged_or_borrowed_teacher_key_opens_nothing(store):
    a, b = made_class(store, "7A"), made_class(store, "7B", secret="another one!")
    roster.add_students(store, b.id, ["Secret Sam"])
    for forged in ({b.id: a.key}, {b.id: "0" * 64}, {b.id: True}, {str(b.id): b.key}, "everything", [b.id]):
        at = AppTest.from_file(APP, default_timeout=60)
        at.run()
        at.session_state["classes_keys"] = forged
        at.session_state["classes_current"] = b.id
        ok(at.switch_page("ui/pages/classes.py").run())
        assert not at.tabs, forged
        assert "Secret Sam" not in texts_of(at)
    # the right key of class A shows A only
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.session_state["classes_keys"] = {a.id: a.key}
    at.session_state["classes_current"] = b.id
    ok(at.switch_page("ui/pages/classes.py").run())
    assert [h.value for h in at.header] == ["7A"] and "Secret Sam" not in texts_of(at)


def test_url_parameters_do_not_open_a_class(store):
    made = made_class(store)
    roster.add_students(store, made.id, ["Secret Sam"])
    at = app("classes", code=made.code, key=made.key, class_id=str(made.id), secret=SECRET)
    assert not at.tabs and "Secret Sam" not in texts_of(at)


def test_a_new_passphrase_closes_the_other_screens(store):
    made = made_class(store)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.session_state["classes_keys"] = {made.id: made.key}
    ok(at.switch_page("ui/pages/classes.py").run())
    assert at.tabs
    roster.change_secret(store, made, "a new passphrase")
    ok(at.run())
    assert not at.tabs and any("closed" in w.value for w in at.warning)


def test_a_card_link_signs_the_student_in_and_shows_their_class_only(store):
    made = made_class(store)
    other = made_class(store, "8C", secret="other class!")
    (ana, _), (bo, _) = roster.add_students(store, made.id, ["Ana", "Bo"])
    roster.add_students(store, other.id, ["Zed"])
    secret = roster.issue_card(store, made.id, ana.profile_id)
    at = with_card(secret)
    assert "card" not in at.query_params  # the secret leaves the address bar at once
    assert at.session_state["profile"].id == ana.profile_id
    shown = texts_of(at)
    assert "7B" in shown and "Ana" in shown
    assert "Bo" not in shown and "8C" not in shown and "Zed" not in shown
    # a replaced card does nothing, in plain words
    roster.issue_card(store, made.id, ana.profile_id)
    at = with_card(secret)
    assert "profile" not in at.session_state or at.session_state["profile"] is None
    assert [e.value for e in at.error] == ["This login card does not work any more. Ask your teacher for a new one."]


def test_a_card_deep_link_on_home_reaches_my_class(store):
    made = made_class(store)
    (ana, _), = roster.add_students(store, made.id, ["Ana"])
    at = with_card(roster.issue_card(store, made.id, ana.profile_id))
    assert at.session_state["profile"].id == ana.profile_id
    assert any("You are signed in with your login card" in s.value for s in at.success)
    assert at.title[0].value == "My class"


def test_a_stranger_with_the_code_joins_and_sees_no_one_else(store):
    made = made_class(store)
    roster.add_students(store, made.id, ["Secret Sam"])
    at = app("my_class", joinclass=made.code.lower())
    assert at.text_input(key="classes_join_code").value == made.code
    at.text_input(key="classes_join_nickname").input("Eve")
    at.text_input(key="classes_join_pin").input("2468")
    ok(at.button(key="classes_join_go").click().run())
    shown = texts_of(at)
    assert at.session_state["profile"].name == "Eve" and "Eve" in shown
    assert "Secret Sam" not in shown and not at.tabs
    # and the teacher's page gives Eve nothing either
    ok(at.switch_page("ui/pages/classes.py").run())
    assert not at.tabs and "Secret Sam" not in texts_of(at)


#: what a hostile or careless link carries (tests/ui/test_link_fuzz.py fuzzes the older pages)
HOSTILE = ["[Log in](http://127.0.0.1:9/phish) ![](//127.0.0.1:9/l)", "<img src=x onerror=alert(1)>", "9" * 3000]


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_links_neither_break_the_pages_nor_become_markup(store, value):
    for page, params in (("my_class", {"joinclass": value, "card": value}),
                         ("classes", {"code": value, "key": value})):
        at = app(page, **params)
        shown = texts_of(at)
        for mark in ("](http", "](//", "![", "<img"):
            assert not (mark in value and value in shown), (page, params)
        assert "profile" not in at.session_state or at.session_state["profile"] is None
        assert not at.tabs


def test_forged_keys_open_nothing_on_postgresql(monkeypatch, postgres_base):  # noqa: F811
    """The same attack as above, the classes kept in PostgreSQL."""
    from tests.support.postgres import new_database

    import streamlit as st

    monkeypatch.setenv("CAPICU_DB_URL", new_database(postgres_base))
    st.cache_resource.clear()
    with open_store() as pg:
        assert "postgresql" in pg.url
        a, b = made_class(pg, "7A"), made_class(pg, "7B", secret="another one!")
        roster.add_students(pg, b.id, ["Secret Sam"])
        (ana, _), = roster.add_students(pg, a.id, ["Ana"])
        card = roster.issue_card(pg, a.id, ana.profile_id)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.session_state["classes_keys"] = {b.id: a.key}
    ok(at.switch_page("ui/pages/classes.py").run())
    assert not at.tabs and "Secret Sam" not in texts_of(at)
    at = with_card(card)
    assert at.session_state["profile"].id == ana.profile_id
    assert "7A" in texts_of(at) and "Secret Sam" not in texts_of(at) and "7B" not in texts_of(at)


def test_the_live_class_and_the_class_that_lasts_link_to_each_other(store):
    live = app("class_teacher")
    assert any(link.proto.label == "My classes: a roster, homework and progress that last"
               and link.proto.page.endswith("classes") for link in live.get("page_link"))
    lasting = app("classes")
    assert any(link.proto.label == "Run a live quiz or seat the class at tables" for link in lasting.get("page_link"))


def test_a_session_cannot_join_again_and_again(store, monkeypatch):
    """Each try may make a profile: a browser session gets 10 tries in 10 minutes."""
    made = made_class(store)
    at = app("my_class", joinclass=made.code)
    for n in range(11):
        at.text_input(key="classes_join_nickname").input("" if n < 10 else "Eve")
        at.text_input(key="classes_join_pin").input("2468")
        ok(at.button(key="classes_join_go").click().run())
    assert [e.value for e in at.error] == ["Too many tries to join from here. Wait ten minutes and try again."]
    assert roster.members(store, made.id) == []


def test_archive_then_export_and_delete_from_the_class_tab(store):
    made = made_class(store)
    (ana, _), = roster.add_students(store, made.id, ["Ana"])
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.session_state["classes_keys"] = {made.id: made.key}
    at.session_state["classes_tab"] = "Class"  # the tab the teacher picked
    ok(at.switch_page("ui/pages/classes.py").run())
    ok(at.button(key=f"classes_archive_{made.id}").click().run())
    assert roster.class_by_code(store, made.code).archived
    assert at.button(key=f"classes_delete_go_{made.id}").disabled  # no export yet in this session
    at.session_state["classes_exported"] = {made.id}  # what the export's download button records
    ok(at.run())
    at.text_input(key=f"classes_delete_code_{made.id}").input("WRONG")
    ok(at.button(key=f"classes_delete_go_{made.id}").click().run())
    assert [e.value for e in at.error] == ["That is not this class's code."]
    at.text_input(key=f"classes_delete_code_{made.id}").input(made.code.lower())
    at.checkbox(key=f"classes_delete_students_{made.id}").check()
    ok(at.button(key=f"classes_delete_go_{made.id}").click().run())
    assert roster.class_by_code(store, made.code) is None and not store._has_profile(ana.profile_id)
    assert not at.tabs and at.session_state["classes_keys"] == {}


def test_only_the_tab_on_screen_is_made_in_every_language(store):
    """A hidden tab's work is not done (the Progress tab's reads and charts, each
    homework's form): the page shows the tab the teacher picked, in their language."""
    made = made_class(store)
    roster.add_students(store, made.id, ["Ana"])
    for lang in ("en", "nl", "pt", "es"):
        tr = translator(lang)
        progress, grid = tr("classes.tab.progress"), tr("homework.dash.title")
        at = AppTest.from_file(APP, default_timeout=60)
        at.query_params["lang"] = lang
        at.run()
        at.session_state["classes_keys"] = {made.id: made.key}
        ok(at.switch_page("ui/pages/classes.py").run())
        assert len(at.tabs) == 4 and at.tabs[2].label == progress
        assert at.text_area(key=f"classes_names_{made.id}") and grid not in [h.value for h in at.subheader]
        at.session_state["classes_tab"] = progress
        ok(at.run())
        assert grid in [h.value for h in at.subheader] and len(at.dataframe) == 1  # the grid, and no roster
        assert not [w for w in at.text_area if w.key == f"classes_names_{made.id}"]


def test_the_open_tab_stays_open_when_the_teacher_changes_language(store):
    made = made_class(store)
    roster.add_students(store, made.id, ["Ana"])
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "en"
    at.run()
    at.session_state["classes_keys"] = {made.id: made.key}
    ok(at.switch_page("ui/pages/classes.py").run())
    at.session_state["classes_tab"] = translator("en")("classes.tab.progress")
    ok(at.run())
    ok(at.sidebar.selectbox(key="lang_select").set_value("nl").run())
    nl = translator("nl")
    assert at.session_state["classes_tab"] == nl("classes.tab.progress")
    assert nl("homework.dash.title") in [h.value for h in at.subheader]
