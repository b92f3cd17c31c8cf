"""Names at a table, as the people there typed them (review T2, C14, C15, T4): each friend
sees their own seat as "You", never under a bot's default name; a name full of Markdown characters reads exactly
as typed on the boards and in the summary's cells (no ``\\+1\\+1``) while the Markdown around
it stays inert; the projector and a spectator, who have no turn, never read "Your turn";
*Stand up* keeps the name in its box."""

from __future__ import annotations

import html
import json

from streamlit.testing.v1 import AppTest

from matches.table_store import TableStore
from progress import open_store
from ui.parts.tables.sync import change, load
from ui.session import plain

from .conftest import texts_of
from .test_class_pages import ok, page, student_joins
from .test_table_page import param, sit_down

#: Names a class really typed (the review's walk): Markdown and spreadsheet characters.
TRICKY = ("+1+1", '=HYPERLINK("http://x","y")')


def boards(at: AppTest, prefix: str) -> list[str]:
    """The SVG of every board whose key starts with ``prefix``, as the browser reads its text."""
    return [html.unescape(json.loads(e.proto.json)["svg"]) for e in at.get("bidi_component")
            if (e.key or "").startswith(prefix)]


def markdown_of(at: AppTest) -> str:
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "info", "success", "warning")
                     for e in getattr(at, kind))


def test_a_second_person_at_the_table_sees_their_own_seat_under_their_own_name(progress_db):
    host = page("table")
    host.selectbox(key="table_form_game").set_value("laplaza_partners").run()
    host.text_input(key="table_form_name").input("Tomas").run()
    ok(host.button(key="table_open").click().run())
    code = param(host, "t")
    ines = sit_down(code, 2, "Ines")  # opposite the host: the seat the bots call "Ana"
    ok(host.run())
    assert "**Seat 3** · You" in texts_of(ines) and "Ana (you)" not in texts_of(ines)
    assert "**Seat 3** · Ines" in texts_of(host)
    ok(host.button(key=f"table_start:{code}").click().run())
    ok(ines.run())
    for screen, me, other in ((ines, "Ines", "Tomas"), (host, "Tomas", "Ines")):
        board = boards(screen, f"table:{code}:")[0]
        assert ">You<" in board and f">{other}<" in board and f">{me}<" not in board
        assert "(you)" not in board and ">Ana<" not in board and ">Luis<" not in board, "never a bot's default name"
        assert "(you)" not in markdown_of(screen)


def test_stand_up_keeps_the_name_in_its_box(progress_db):
    host = page("table")
    host.text_input(key="table_form_name").input("Tomas").run()
    ok(host.button(key="table_open").click().run())
    code = param(host, "t")
    guest = sit_down(code, 1, "Ines")
    ok(guest.button(key=f"table_leave:{code}:1").click().run())
    assert guest.text_input(key="table_sit_name").value == "Ines"
    ok(guest.button(key=f"table_sit:{code}:1").click().run())  # and sits down again without typing
    assert "**Seat 2** · You" in texts_of(guest)
    ok(host.run())
    assert "**Seat 2** · Ines" in texts_of(host)


def test_tricky_names_read_as_typed_on_the_projector_the_spectators_board_and_the_summary(progress_db):
    at = page("class_teacher")
    at.segmented_control(key="class_kind").set_value("tables").run()
    ok(at.button(key="class_open_tables").click().run())
    code = at.session_state["class_teacher"]["code"]
    for i, name in enumerate(TRICKY):
        student_joins(code, name, f"device-of-student-{i}-x")
    ok(at.run())
    at.selectbox(key="class_tables_form_game").set_value("laplaza_1v1").run()
    ok(at.button(key="class_tables_go").click().run())
    store = TableStore(open_store())
    table_code = store.group(code)[0].code
    table, _ = load(store, table_code)
    if table.game.round.turn != 0:  # the bottom seat to move: the tag a viewer would read "Your turn"
        change(store, table_code, lambda t: t.play(1, t.game.round.canonical_actions()[0], version=t.version, now=1.0))
    bottom = load(store, table_code)[0].seats[0].name

    ok(at.button(key=f"class_project:{table_code}").click().run())
    spectator = page("table", t=table_code)
    for screen in (at, spectator):
        svg = boards(screen, "table_spectate:")[0]
        assert all(name in svg for name in TRICKY), "the names as typed"
        assert "\\" not in svg, "no Markdown escape shown as text"
        assert "Your turn" not in svg, "the projector and a spectator have no turn"
        assert f"{bottom} to play" in svg
        said = markdown_of(screen)
        assert "Your turn" not in said
        assert any(plain(name) in said for name in TRICKY), "whose turn it is, by name"
        assert not any(name in said for name in TRICKY), "in Markdown a name is escaped: it stays inert"

    ok(at.button(key="class_tables_back").click().run())
    ok(at.button(key="class_close").click().run())
    results = at.dataframe[0].value.to_string()
    assert all(name in results for name in TRICKY) and "\\" not in results, results
