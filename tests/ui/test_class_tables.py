"""A class at tables under AppTest: the teacher opens a class for tables, students join on
their phones, the teacher seats them (by hand and in groups), every phone finds its own
seat, the overview shows every table, one table goes on the projector with its hands
hidden (no tile of any hand in the page) or shown, and *End all tables* gives the summary
with each student's share of best moves and the CSV."""

from __future__ import annotations

import json
import re

from streamlit.testing.v1 import AppTest

from classroom.quiz import open_quiz_store
from matches.table import PERSON, Table, class_seat_token, token_hash
from matches.table_store import TableStore
from progress import open_store

from .conftest import APP, create_profile, texts_of
from .test_class_pages import ok, page, student_joins

NAMES = ("Ana", "Bo", "Caro", "Dani", "Eli", "Fer")


def tables_of(code: str) -> list[Table]:
    store = TableStore(open_store())
    return sorted((Table.from_dict(k.record) for k in store.group(code)), key=lambda t: t.number)


def teacher_with_class(students: int = 6) -> tuple[AppTest, str, list[AppTest]]:
    at = page("class_teacher")
    at.segmented_control(key="class_kind").set_value("tables").run()
    ok(at.button(key="class_open_tables").click().run())
    code = at.session_state["class_teacher"]["code"]
    assert f"`{code}`" in texts_of(at)
    phones = [student_joins(code, NAMES[i], f"device-of-{NAMES[i].lower()}-x") for i in range(students)]
    ok(at.run())
    return at, code, phones


def test_a_class_is_seated_every_phone_finds_its_seat_and_the_teacher_sees_every_table(progress_db):
    at, code, phones = teacher_with_class(6)
    assert "class_start" not in {b.key for b in at.button}  # a class for tables asks no questions
    at.selectbox(key="class_tables_form_game").set_value("laplaza_partners").run()
    ok(at.button(key="class_tables_go").click().run())
    tables = tables_of(code)
    assert len(tables) == 2
    people = sorted(s.name for t in tables for s in t.seats if s.kind == PERSON)
    assert people == sorted(NAMES)
    assert sorted(sum(s.kind == PERSON for s in t.seats) for t in tables) == [3, 3]
    assert all(t.state == "playing" and t.host is None for t in tables)
    # every phone finds its own seat, and a link that seats it there
    for phone, name in zip(phones, NAMES):
        ok(phone.run())
        text = texts_of(phone)
        number = next(t.number for t in tables if name in [s.name for s in t.seats])
        assert f"You're at table {number}" in text, text
        links = [p for p in phone.get("page_link") if p.proto.page == "table"]
        assert links, "the phone should link to its table"
    # the overview: every table, with its players and what it waits for
    ok(at.run())
    text = texts_of(at)
    assert "Table 1" in text and "Table 2" in text
    assert all(name in text for name in NAMES)
    # a phone cannot join once the class is seated
    late = page("class_join", join=code, me="device-of-late-comer")
    late.text_input(key="class_nickname").input("Late").run()
    ok(late.button(key="class_join").click().run())
    assert "already playing at its tables" in texts_of(late)


def test_groups_sit_as_partners_or_apart_as_the_teacher_says(progress_db):
    at, code, phones = teacher_with_class(4)
    at.selectbox(key="class_tables_form_game").set_value("laplaza_partners").run()
    at.number_input(key=[n.key for n in at.number_input if n.key.startswith("class_tables_count")][0]).set_value(2).run()
    editor_key = next(e.key for e in at.get("dataframe") if (e.key or "").startswith("class_tables_plan"))
    at.session_state[editor_key] = {"edited_rows": {0: {"group": "x"}, 1: {"group": "x"}}, "added_rows": [],
                                    "deleted_rows": []}
    at.radio(key="class_tables_rule").set_value("together").run()
    ok(at.button(key="class_tables_go").click().run())
    tables = tables_of(code)
    together = [t for t in tables if {"Ana", "Bo"} <= {s.name for s in t.seats}]
    assert together, "Ana and Bo share a group: one table"
    names = [s.name for s in together[0].seats]
    assert abs(names.index("Ana") - names.index("Bo")) == 2, "as partners, across the table"


def test_the_projector_hides_every_hand_unless_the_teacher_shows_them(progress_db):
    at, code, phones = teacher_with_class(2)
    at.selectbox(key="class_tables_form_game").set_value("laplaza_1v1").run()
    ok(at.button(key="class_tables_go").click().run())
    table_code = TableStore(open_store()).group(code)[0].code
    ok(at.button(key=f"class_project:{table_code}").click().run())
    table = tables_of(code)[0]
    hands = {str(t) for s in range(table.players) for t in table.game.round.hand(s)}

    def sent() -> str:
        return " ".join(e.proto.json for e in at.get("bidi_component")) + texts_of(at)

    shown_now = set(re.findall(r"\b[0-6]-[0-6]\b", sent()))
    assert not (hands & shown_now), "hidden hands must not reach the projector's page"
    ok(at.toggle(key=f"class_tables_show:{table_code}").set_value(True).run())
    boards = [json.loads(e.proto.json) for e in at.get("bidi_component") if (e.key or "").startswith("table_spectate:")]
    assert boards and hands & set(re.findall(r'data-tile="([0-6]-[0-6])"', boards[0]["svg"]))
    ok(at.button(key="class_tables_back").click().run())
    assert "Table 1" in texts_of(at)


def test_end_all_tables_gives_the_summary_and_its_csv(progress_db):
    at, code, phones = teacher_with_class(2)
    at.selectbox(key="class_tables_form_game").set_value("block").run()
    ok(at.button(key="class_tables_go").click().run())
    # Ana is signed in on her phone: the match the teacher ends is kept with her games
    table = tables_of(code)[0]
    seat = next(i for i, s in enumerate(table.seats) if s.name == "Ana")
    ana = create_profile(ok(AppTest.from_file(APP, default_timeout=60).run()), "Ana")
    ana.switch_page("ui/pages/table.py")
    ana.query_params["t"] = TableStore(open_store()).group(code)[0].code
    ana.query_params["me"] = class_seat_token("device-of-ana-x", code, table.number)
    ok(ana.run())
    assert table.seats[seat].token == token_hash(ana.query_params["me"][0] if isinstance(
        ana.query_params["me"], list) else ana.query_params["me"])
    ok(at.button(key="class_close").click().run())
    assert all(t.state == "over" for t in tables_of(code))
    quizzes = open_quiz_store()
    try:
        assert quizzes.get(code).state == "closed"
    finally:
        quizzes.close_store()
    text = texts_of(at)
    assert "Results per table" in text and "Each student's play" in text
    downloads = [d for d in at.get("download_button")]
    assert len(downloads) == 2
    for phone in phones:
        ok(phone.run())
        assert "Your teacher has ended the tables" in texts_of(phone)
    ok(ana.run())
    store = open_store()
    profile = next(p for p in store.profiles() if p.name == "Ana")
    assert [g.kind for g in store.games(profile.id)] == ["table"]


def test_the_class_at_tables_speaks_every_language(progress_db):
    from ui.i18n import translator

    for lang in ("nl", "pt", "es"):
        tr = translator(lang)
        at = page("class_teacher", lang=lang)
        at.segmented_control(key="class_kind").set_value("tables").run()
        ok(at.button(key="class_open_tables").click().run())
        code = at.session_state["class_teacher"]["code"]
        phone = page("class_join", join=code, me=f"device-of-ana-{lang}", lang=lang)  # the phone in its language
        phone.text_input(key="class_nickname").input("Ana").run()
        ok(phone.button(key="class_join").click().run())
        assert tr("class_tables.wait_seating") in texts_of(phone)
        ok(at.run())
        assert tr("class_tables.setup_title") in texts_of(at)
        ok(at.button(key="class_tables_go").click().run())
        ok(phone.run())
        assert tr("class_tables.your_seat", table=1, seat_n=tables_of(code)[0].seats.index(
            next(s for s in tables_of(code)[0].seats if s.name == "Ana")) + 1) in texts_of(phone)
        ok(at.run())
        assert tr("class_tables.table_n", n=1) in texts_of(at)


def students_table(at: AppTest):
    """The summary's *Each student's play* as a DataFrame."""
    return next(d.value for d in at.dataframe if "Choices" in d.value.columns)


def test_grades_of_a_round_dealt_on_before_its_review_finished_still_reach_the_summary(progress_db, monkeypatch):
    """The students press *Ready* while their reviews are still judging (held here), the next
    round is dealt and the teacher ends the tables: the summary says "not judged yet"; once
    the judging ends, its grades are kept by the judging itself (no screen shows that
    round's review again) and the summary counts every one of them."""
    import threading

    import strategy.review_queue as queue
    import ui.parts.classroom.tables as class_tables
    from strategy.review import decision_points
    from tests.support.streamlit_events import component_event
    from ui.parts.tables.sync import load

    gate = threading.Event()
    judge_move = queue.judge_move

    def held(*args, **kwargs):
        gate.wait(120)
        # what is tested is where the grades go, not how good they are: 64 sampled deals
        # a choice instead of the review's 512 to 6,000 (~18 s of CPU for the round before)
        return judge_move(*args, **{"deals": 64, **kwargs})

    monkeypatch.setattr(queue, "judge_move", held)
    monkeypatch.setattr(class_tables, "new_seed", lambda: "judged-after-the-deal")  # the seating and the deal
    phones: dict[int, AppTest] = {}
    try:
        at, code, _ = teacher_with_class(2)
        at.selectbox(key="class_tables_form_game").set_value("laplaza_1v1").run()
        ok(at.button(key="class_tables_go").click().run())
        store = TableStore(open_store())
        table_code = store.group(code)[0].code
        table = tables_of(code)[0]
        for seat, person in enumerate(table.seats):  # each student's phone on their own seat's page
            phone = AppTest.from_file(APP, default_timeout=60)
            phone.switch_page("ui/pages/table.py")
            phone.query_params["t"] = table_code
            phone.query_params["me"] = class_seat_token(f"device-of-{person.name.lower()}-x", code, table.number)
            phones[seat] = ok(phone.run())
        for _ in range(120):  # the first round, tap by tap on the phone whose turn it is
            rnd = load(store, table_code)[0].game.round
            if rnd.is_over:
                break
            action = str(rnd.canonical_actions()[0])
            if action.endswith("@R") and rnd.ends and rnd.ends[0] == rnd.ends[1]:
                action = action[:-1] + "L"
            ok(phones[rnd.turn].run())
            ok(component_event(phones[rnd.turn], f"table:{table_code}:1:board", trigger=("play", action)))
        game = load(store, table_code)[0].game
        assert game.round.is_over
        choices = {seat: len(decision_points(game, 0, seat)) for seat in phones}
        assert sum(choices.values()), "the deal gave nobody a real choice: pick another seed"
        for seat, phone in phones.items():  # the round's end, its review still judging: both are ready at once
            ok(phone.run())
            if choices[seat]:
                assert phone.session_state[f"table_judges:{table_code}"][0].pending
                assert "Replay with every hand shown" not in texts_of(phone)
            ok(phone.button(key=f"table_ready:{table_code}:0").click().run())
        assert len(load(store, table_code)[0].game.rounds) == 2, "the next round is dealt"
        ok(at.button(key="class_close").click().run())  # End all tables
        before = students_table(at)
        assert list(before["Judged"]) == [0, 0]
        for name, person in zip(before["Student"], before.to_dict("records")):
            seat = next(i for i, s in enumerate(table.seats) if s.name == name)
            if choices[seat]:
                assert person["% best"] == "not judged yet" and person["Not judged yet"] == str(choices[seat])
            else:
                assert person["% best"] == "—" and person["Points lost per choice"] == "—"
        assert "still being judged" in texts_of(at)
    finally:
        gate.set()
    for phone in phones.values():
        for judged in phone.session_state[f"table_judges:{table_code}"].values():
            judged.wait(120)
    for _ in range(600):  # each grade is written by the thread that judged it, just after its result
        if len(store.grades([table_code])) >= sum(choices.values()):
            break
        threading.Event().wait(0.05)
    ok(at.run())
    after = students_table(at)
    for name, person in zip(after["Student"], after.to_dict("records")):
        seat = next(i for i, s in enumerate(table.seats) if s.name == name)
        assert person["Choices"] == person["Judged"] == choices[seat], person
        assert person["Not judged yet"] == "—" and "None" not in map(str, person.values())
        assert person["% best"] != "not judged yet"
    assert "still being judged" not in texts_of(at)
