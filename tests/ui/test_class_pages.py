"""The live class quiz under AppTest: a teacher session and student sessions side by side,
sharing the test's database as browsers share the server's."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from classroom.quiz import open_quiz_store
from puzzles import puzzle_from_id
from tests.support.answer_paths import right_response, wrong_response
from ui.session import plain

from .conftest import APP, answer_on_page, texts_of

HOSTILE = "<img src=x onerror=alert(1)>*b*[l](//e)"  # 39 characters: a nickname holds 40


def page(name: str, **params: str) -> AppTest:
    """The app on ui/<name>.py: a first run on home, since the url paths are not the file
    names (AppTest maps a page by file name only before its first run)."""
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(f"ui/pages/{name}.py").run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.message for e in at.exception]
    return at


def teacher_opens(types: list[str], count: int = 2) -> tuple[AppTest, str, list[str]]:
    at = page("class_teacher")
    at.multiselect(key="class_types").set_value(types).run()
    at.number_input(key="class_count").set_value(count).run()
    ok(at.button(key="class_build").click().run())
    assert "Preview: 2 questions" in texts_of(at) or count != 2
    ok(at.button(key="class_open").click().run())
    code = at.session_state["class_teacher"]["code"]
    assert f"`{code}`" in texts_of(at)
    assert len(at.get("image")) == 1  # the QR code
    quizzes = open_quiz_store()
    try:
        ids = list(quizzes.get(code).puzzle_ids)
    finally:
        quizzes.close_store()
    return at, code, ids


def student_joins(code: str, nickname: str, device: str) -> AppTest:
    at = page("class_join", join=code, me=device)
    at.text_input(key="class_nickname").input(nickname).run()
    ok(at.button(key="class_join").click().run())
    return at


def test_a_class_plays_a_quiz_through(progress_db) -> None:
    teacher, code, ids = teacher_opens(["round_score"])
    ana = student_joins(code, "Ana", "device-ana-1")
    bo = student_joins(code, "Bo", "device-bo-22")
    assert "The quiz starts when your teacher says so" in texts_of(ana)

    ok(teacher.run())
    assert "2 of 40 joined:" in texts_of(teacher)
    ok(teacher.button(key="class_start").click().run())
    assert [m.value for m in teacher.metric] == ["0 of 2"]

    first = puzzle_from_id(ids[0])
    ok(ana.run())
    assert "Question 1 of 2" in texts_of(ana)
    ok(answer_on_page(ana, f"class:{code}:0", first.question.kind, list(first.options), right_response(first)))
    ok(bo.run())
    ok(answer_on_page(bo, f"class:{code}:0", first.question.kind, list(first.options), wrong_response(first)))
    for student in (ana, bo):
        said = texts_of(student)
        assert "Wait for your teacher to show the answer" in said
        assert not student.success and not student.error  # no verdict before the reveal
        assert "The answer" not in said

    ok(teacher.run())
    assert [m.value for m in teacher.metric] == ["2 of 2"]
    assert len(teacher.get("plotly_chart")) == 1
    ok(teacher.button(key="class_reveal").click().run())
    assert "The answer:" in texts_of(teacher)

    ok(ana.run())
    ok(bo.run())
    assert ana.success and "Right!" in ana.success[0].value
    assert bo.error and "Not this time" in bo.error[0].value

    ok(teacher.button(key="class_next").click().run())
    assert "Question 2 of 2" in texts_of(teacher)
    ok(ana.run())
    second = puzzle_from_id(ids[1])
    ok(answer_on_page(ana, f"class:{code}:1", second.question.kind, list(second.options), right_response(second)))
    ok(teacher.button(key="class_reveal").click().run())
    ok(teacher.button(key="class_next").click().run())  # after the last: the ranking
    said = texts_of(teacher)
    assert "Ranking" in said and "Question by question" in said
    ranking = teacher.dataframe[0].value
    assert list(ranking["Nickname"]) == ["Ana", "Bo"] and list(ranking["Correct"]) == ["2/2", "0/2"]
    assert len(teacher.get("download_button")) == 2

    ok(bo.run())
    assert "The quiz is over: 0 of 2 right." in texts_of(bo)
    ok(ana.run())
    assert "The quiz is over: 2 of 2 right." in texts_of(ana)


def test_a_board_question_is_answered_on_the_board(progress_db) -> None:
    teacher, code, ids = teacher_opens(["fives"], count=1)
    student = student_joins(code, "Cy", "device-cy-333")
    ok(teacher.run())
    ok(teacher.button(key="class_start").click().run())
    p = puzzle_from_id(ids[0])
    ok(student.run())
    boards = [c for c in student.get("bidi_component") if c.key.endswith(":board")]
    assert len(boards) == 1
    ok(answer_on_page(student, f"class:{code}:0", p.question.kind, list(p.options), wrong_response(p)))
    assert "Answer sent" in texts_of(student) and not student.error
    ok(teacher.run())
    assert [m.value for m in teacher.metric] == ["1 of 1"]
    ok(teacher.button(key="class_reveal").click().run())
    ok(student.run())
    assert student.error and "Not this time" in student.error[0].value


def test_a_hostile_nickname_is_shown_as_text(progress_db) -> None:
    teacher, code, _ = teacher_opens(["round_score"])
    student = student_joins(code, HOSTILE, "device-eve-4444")
    ok(teacher.run())
    assert "1 of 40 joined:" in texts_of(teacher)
    for at in (teacher, student):
        markdown = [str(e.value) for kind in ("markdown", "caption", "info") for e in getattr(at, kind)]
        shown = [m for m in markdown if "img" in m]
        assert shown, markdown
        for text in shown:  # every markup character escaped: it renders as the typed text
            assert plain(HOSTILE) in text and HOSTILE not in text.replace(plain(HOSTILE), "")
            assert r"\<img src=x onerror=alert\(1\)\>\*b\*\[l\]\(//e\)" in text


def test_only_the_teacher_session_drives_the_quiz(progress_db) -> None:
    teacher, code, _ = teacher_opens(["round_score"])
    secret = teacher.session_state["class_teacher"]["secret"]
    student = student_joins(code, "Ana", "device-ana-1")
    assert not [b for b in student.button if b.key in ("class_start", "class_reveal", "class_next", "class_close")]

    # another browser on the teacher page with the code but not the secret: no controls
    intruder = page("class_teacher", quiz=code, key="guessed-" + code)
    assert "Only the teacher who opened this quiz can do that." in texts_of(intruder)
    assert "class_teacher" not in intruder.session_state
    assert not [b for b in intruder.button if b.key == "class_start"]

    # the teacher's own resume link works once, and the secret leaves the address bar
    again = page("class_teacher", quiz=code, key=secret)
    assert again.session_state["class_teacher"]["code"] == code
    assert "key" not in again.query_params
    ok(again.button(key="class_start").click().run())
    ok(student.run())
    assert "Question 1 of 2" in texts_of(student)


def test_a_student_rejoins_after_a_reload_and_a_closed_quiz_takes_no_one_new(progress_db) -> None:
    teacher, code, _ = teacher_opens(["round_score"])
    student_joins(code, "Ana", "device-ana-1")
    reloaded = page("class_join", join=code, me="device-ana-1")
    assert "You are Ana" in texts_of(reloaded) and not reloaded.text_input
    other = page("class_join", join=code, me="device-bob-22")
    other.text_input(key="class_nickname").input("ana").run()
    ok(other.button(key="class_join").click().run())
    assert "already called ana" in texts_of(other)

    teacher.button(key="class_close").click().run()
    late = page("class_join", join=code, me="device-late-333")
    assert "This quiz is closed." in texts_of(late) and not late.text_input


def test_a_student_without_a_code_or_with_a_wrong_one(progress_db) -> None:
    blank = page("class_join")
    assert blank.query_params["me"][0] if isinstance(blank.query_params["me"], list) else blank.query_params["me"]
    blank.text_input(key="class_code_input").input("zz-zzzz").run()
    ok(blank.button(key="class_go").click().run())
    assert "There is no quiz with the code ZZZZZZ" in texts_of(blank)

    # the QR code's link lands on home with ?join=: the deep link opens the join page
    linked = AppTest.from_file(APP, default_timeout=60)
    linked.query_params["join"] = "ABCDEF"
    ok(linked.run())
    assert "There is no quiz with the code ABCDEF" in texts_of(linked)


def test_an_answer_sent_after_the_close_is_refused(progress_db) -> None:
    teacher, code, ids = teacher_opens(["round_score"])
    student = student_joins(code, "Ana", "device-ana-1")
    ok(teacher.run())
    ok(teacher.button(key="class_start").click().run())
    ok(student.run())
    p = puzzle_from_id(ids[0])
    key = f"class:{code}:0"
    student.button_group(key=f"{key}:pick").set_value(list(p.options).index(right_response(p))).run()
    ok(teacher.button(key="class_close").click().run())
    ok(student.button(key=f"{key}:check").click().run())  # the phone still showed the question
    assert "This quiz is closed." in texts_of(student)
    assert "The quiz is over: 0 of 2 right." in texts_of(student)
    assert teacher.dataframe[0].value["Correct"].tolist() == ["0/2"]


def test_the_teacher_sets_the_class_size_and_the_class_stops_there(progress_db) -> None:
    at = page("class_teacher")
    at.multiselect(key="class_types").set_value(["round_score"]).run()
    at.number_input(key="class_count").set_value(1).run()
    ok(at.button(key="class_build").click().run())
    at.number_input(key="class_capacity").set_value(2).run()
    ok(at.button(key="class_open").click().run())
    code = at.session_state["class_teacher"]["code"]
    for n, name in enumerate(["Ana", "Bo"]):
        student_joins(code, name, f"device-size-{n:04d}")
    late = student_joins(code, "Cy", "device-size-late")
    assert late.error and "This quiz is full: it takes 2 students." in late.error[0].value
    ok(at.run())
    assert "2 of 2 joined:" in texts_of(at)


def _in_order(node):
    """Every element under ``node``, in the order the page draws them."""
    children = getattr(node, "children", None)
    if not children:
        yield node
        return
    for key in sorted(children):
        yield from _in_order(children[key])


def test_a_crowded_lobby_names_the_newest_and_keeps_start_first(progress_db, monkeypatch) -> None:
    from ui.parts.classroom import quiz as class_quiz

    teacher, code, _ = teacher_opens(["round_score"], count=1)
    quizzes = open_quiz_store()
    try:
        for n in range(40):
            quizzes.join(code, f"Fake{n:03d}", f"device-fake-{n:04d}")
    finally:
        quizzes.close_store()
    monkeypatch.setattr(class_quiz, "LOBBY_NAMES", 25)  # AppTest runs the page in this process
    ok(teacher.run())
    said = texts_of(teacher)
    assert "40 of 40 joined:" in said and "and 15 more" in said
    assert "Fake039" in said and "Fake015" in said and "Fake014" not in said  # the newest 25
    # Start is drawn before the names, so no number of names pushes it down
    flat = list(_in_order(teacher.main))
    start = next(i for i, e in enumerate(flat) if getattr(e, "key", None) == "class_start")
    names = next(i for i, e in enumerate(flat) if "joined:" in str(getattr(e, "value", "")))
    assert start < names


def test_the_teacher_removes_a_nickname_and_that_phone_stays_out(progress_db) -> None:
    teacher, code, _ = teacher_opens(["round_score"], count=1)
    student_joins(code, "Ana", "device-ana-0001")
    fake = student_joins(code, "www.fake.example", "device-fake-0001")
    ok(teacher.run())
    assert "2 of 40 joined:" in texts_of(teacher)
    assert "www.fake.example" in teacher.multiselect(key="class_remove_lobby").options[0]  # newest first
    quizzes = open_quiz_store()
    try:
        fake_id = next(p.id for p in quizzes.players(code) if p.nickname == "www.fake.example")
    finally:
        quizzes.close_store()
    teacher.session_state["class_remove_lobby"] = [(fake_id, "www.fake.example")]
    ok(teacher.button(key="class_remove_lobby:go").click().run())
    assert "1 of 40 joined:" in texts_of(teacher)
    ok(fake.run())
    assert "Your nickname" in [t.label for t in fake.text_input]  # out: the join form again
    fake.text_input(key="class_nickname").input("Again").run()
    ok(fake.button(key="class_join").click().run())
    assert fake.error and "Your teacher took this phone out of the quiz." in fake.error[0].value


def test_the_teacher_removes_a_flood_of_fakes_in_one_press(progress_db) -> None:
    """Review C7: *Remove a nickname* took one name at a time."""
    teacher, code, _ = teacher_opens(["round_score"], count=1)
    student_joins(code, "Ana", "device-ana-0001")
    quizzes = open_quiz_store()
    try:
        fakes = [quizzes.join(code, f"fake{i}", f"device-fake-{i:04d}") for i in range(6)]
    finally:
        quizzes.close_store()
    ok(teacher.run())
    assert "7 of 40 joined:" in texts_of(teacher)
    box = teacher.multiselect(key="class_remove_lobby")
    assert [o for o in box.options[:6]] == [f"fake{i}" for i in reversed(range(6))]  # newest first
    teacher.session_state["class_remove_lobby"] = [(f.id, f.nickname) for f in fakes]
    ok(teacher.button(key="class_remove_lobby:go").click().run())
    said = texts_of(teacher)
    assert "1 of 40 joined:" in said and "fake" not in said
    assert teacher.multiselect(key="class_remove_lobby").value == []


def test_a_rated_quiz_rates_the_signed_in_student_at_the_reveal(progress_db) -> None:
    from progress import open_store
    from progress.ratings import START
    from tests.ui.conftest import create_profile
    from ui.i18n import translator
    from ui.parts.rating_view import signed

    tr = translator("en")
    teacher = page("class_teacher")
    teacher.multiselect(key="class_types").set_value(["round_score"]).run()
    teacher.number_input(key="class_count").set_value(1).run()
    ok(teacher.button(key="class_build").click().run())
    assert not teacher.toggle(key="class_rated").value  # not rated unless the teacher says so
    teacher.toggle(key="class_rated").set_value(True).run()
    ok(teacher.button(key="class_open").click().run())
    code = teacher.session_state["class_teacher"]["code"]
    assert tr("ratings.quiz_is_rated") in texts_of(teacher)

    ana = page("class_join", join=code, me="device-ana-1")
    create_profile(ana, "Ana")  # signed in on her phone
    ana.text_input(key="class_nickname").input("Ana").run()
    ok(ana.button(key="class_join").click().run())
    bo = student_joins(code, "Bo", "device-bo-22")  # a guest
    ok(teacher.run())
    ok(teacher.button(key="class_start").click().run())
    for student in (ana, bo):
        ok(student.run())
    assert tr("ratings.quiz_counts") in texts_of(ana) and tr("ratings.quiz_guest") in texts_of(bo)
    quizzes = open_quiz_store()
    try:
        (pid,) = quizzes.get(code).puzzle_ids
    finally:
        quizzes.close_store()
    first = puzzle_from_id(pid)
    for student in (ana, bo):
        ok(answer_on_page(student, f"class:{code}:0", first.question.kind, list(first.options), right_response(first)))
    with open_store() as store:
        (profile,) = store.profiles()
        assert store.rating(profile.id) is None  # not before the reveal: it would tell the verdict
    ok(teacher.run())
    ok(teacher.button(key="class_reveal").click().run())
    with open_store() as store:
        rating = store.rating(profile.id)
        assert rating is not None and store.rating_history(profile.id).loc[0, "item"] == pid
        assert len(store.attempts(profile.id)) == 1
    ok(ana.run())
    assert tr("ratings.yours", rating=rating.shown, change=signed(rating.value - START.value)) in texts_of(ana)
    ok(bo.run())
    assert "±" not in texts_of(bo)  # a guest has no rating


def test_a_lost_answer_and_a_lost_press_are_said_in_words(progress_db) -> None:
    """Reviews C4 and C5, the pages' side: the watcher (ui/parts/live/watch.js) reports an answer
    tapped before a reload that the server does not hold, and a teacher's press that moved
    nothing; each page says so, and stops saying it once the answer or the move is there."""
    from tests.support.streamlit_events import component_event

    teacher, code, ids = teacher_opens(["round_score"], count=1)
    ana = student_joins(code, "Ana", "device-ana-0001")
    ok(teacher.run())
    ok(teacher.button(key="class_start").click().run())
    ok(ana.run())
    assert "Question 1 of 1" in texts_of(ana) and "not sent" not in texts_of(ana)
    ok(component_event(ana, "class_join_watch", state={"unsent": 0}))
    assert [w.value for w in ana.warning] == ["Your answer was not sent. Tap again."]
    first = puzzle_from_id(ids[0])
    ok(answer_on_page(ana, f"class:{code}:0", first.question.kind, list(first.options), right_response(first)))
    said = texts_of(ana)
    assert "Answer sent" in said and "not sent" not in said  # tapped again: stored, shown as sent

    # the teacher pressed Show the answer; 4 s later the quiz was still on the question
    ok(component_event(teacher, "class_live_watch", state={"press_lost": "question:0@1"}))
    assert "That press did not reach the server, so nothing changed. Press again." in texts_of(teacher)
    ok(teacher.button(key="class_reveal").click().run())
    assert "did not reach" not in texts_of(teacher)  # the quiz moved: the old press is no news


def _board_svg(at: AppTest, prefix: str) -> str:
    import json

    board = next(c for c in at.get("bidi_component") if c.key.startswith(prefix))
    proto = board.proto
    for field in ("json", "data", "json_args"):
        raw = getattr(proto, field, None)
        if isinstance(raw, str) and raw:
            return json.loads(raw).get("svg", raw)
    return str(proto)


def test_the_projector_board_does_not_give_the_count_away(progress_db) -> None:
    """Review C11: before the reveal the projector's board of a "How many points…?"
    question shows the hands, not each hand's pip total; after it, the totals explain."""
    from ui.i18n import translator
    from ui.labels import board_texts

    teacher, code, ids = teacher_opens(["round_score"])
    student_joins(code, "Ana", "device-ana-1")
    ok(teacher.run())
    ok(teacher.button(key="class_start").click().run())
    first = puzzle_from_id(ids[0])
    rnd = first.round()
    word = board_texts(translator("en"))["pips"]
    totals = [f"{rnd.pips(s)} {word}" for s in range(rnd.n) if rnd.hand(s)]
    assert totals and rnd.is_over
    svg = _board_svg(teacher, f"class_teacher_board:{code}:0")
    assert not [t for t in totals if t in svg], "a pip total beside a hand before the reveal"
    ok(teacher.button(key="class_reveal").click().run())
    svg = _board_svg(teacher, f"class_teacher_board:{code}:0")
    assert all(t in svg for t in totals)
