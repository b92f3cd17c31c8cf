"""The course and lesson pages under AppTest: every language, stepping, deep links,
table variants, and the task answered right and wrong."""

from __future__ import annotations

import pytest

from engine import Action
from lessons.model import load_course
from progress import open_store
from puzzles import questions
from tests.support.streamlit_events import component_event
from tests.ui.conftest import create_profile, open_app, texts_of
from ui.session import plain
from ui.i18n import LANGUAGES, translator

COURSE = load_course()
LESSONS = COURSE.ordered_ids()


def step_text(at) -> str:
    return next(m.value for m in at.markdown if "text-align:center" in m.value)


@pytest.mark.smoke
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_home_and_course_render_in_every_language(lang):
    tr = translator(lang)
    at = open_app(lang=lang)
    assert at.title[0].value == tr("home.title")
    assert tr("home.tagline") in texts_of(at)
    at.switch_page("ui/pages/course.py").run()
    assert not at.exception
    assert at.title[0].value == tr("course.title")
    links = [link.label for link in at.get("page_link")]
    for lesson_id in LESSONS:  # every lesson is listed, by its title in this language
        title = COURSE.lesson(lesson_id).text(lang).title
        assert any(title in label for label in links), (lang, lesson_id)


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_lesson_renders_at_its_first_and_last_step(lesson_id):
    """The lesson's last step opened by its deep link in one language, the first step from
    the menu in another, each language in turn, so that every language is seen at both
    (each step's captions are proved against their frames by the lesson loader, and every
    language's texts by tests/lessons/test_content.py); every language at every lesson's
    last step runs under ``-m slow``."""
    turn = LESSONS.index(lesson_id)
    _opens_at_its_last_step(lesson_id, list(LANGUAGES)[(turn + 1) % len(LANGUAGES)])
    _opens_at_its_first_step_then_steps_to_the_last(lesson_id, list(LANGUAGES)[turn % len(LANGUAGES)])


@pytest.mark.slow
@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_lesson_renders_in_every_language_at_its_last_step(lesson_id):
    for lang in LANGUAGES:
        _opens_at_its_last_step(lesson_id, lang)


def _opens_at_its_last_step(lesson_id: str, lang: str) -> None:
    total = len(COURSE.lesson(lesson_id).steps) + 1
    at = open_app("lesson", lesson=lesson_id, lang=lang, step=str(total - 1))
    assert not at.exception, (lesson_id, lang, [e.message for e in at.exception])
    assert at.title[0].value == COURSE.lesson(lesson_id).text(lang).title
    assert step_text(at).endswith(translator(lang)("lesson.step", n=total, total=total) + "</div>")


def _opens_at_its_first_step_then_steps_to_the_last(lesson_id: str, lang: str) -> None:
    total = len(COURSE.lesson(lesson_id).steps) + 1
    at = open_app("lesson", lesson=lesson_id, lang=lang)
    assert COURSE.lesson(lesson_id).text(lang).captions["intro"] in texts_of(at)
    at.button(key="last").click().run()
    assert step_text(at).endswith(translator(lang)("lesson.step", n=total, total=total) + "</div>")


def test_stepping_with_buttons_and_arrow_keys_moves_the_board():
    lesson = COURSE.lesson("partners-blocked")
    at = open_app("lesson", lesson="partners-blocked")
    total = len(lesson.steps) + 1
    assert "Step 1 of" in step_text(at)
    at.button(key="next").click().run()
    assert f"Step 2 of {total}" in step_text(at)
    assert at.query_params["step"] in ("1", ["1"])
    assert lesson.text("en").captions[lesson.steps[0].caption] in texts_of(at)
    at = component_event(at, "lesson_board", trigger=("nav", "next"))
    assert f"Step 3 of {total}" in step_text(at)
    at = component_event(at, "lesson_board", trigger=("nav", "last"))
    assert f"Step {total} of {total}" in step_text(at)
    at = component_event(at, "lesson_board", trigger=("nav", "next"))  # stays on the last step
    assert f"Step {total} of {total}" in step_text(at)
    at = component_event(at, "lesson_board", trigger=("nav", "first"))
    assert "Step 1 of" in step_text(at)


@pytest.mark.smoke
def test_a_deep_link_opens_the_lesson_at_its_step_in_its_language():
    at = open_app(lesson="partners-blocked", step="2", lang="nl")  # on the home page's URL
    tr = translator("nl")
    lesson = COURSE.lesson("partners-blocked")
    assert at.title[0].value == lesson.text("nl").title
    assert tr("lesson.step", n=3, total=len(lesson.steps) + 1) in step_text(at)
    assert lesson.text("nl").captions[lesson.steps[1].caption] in texts_of(at)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_an_unknown_lesson_gets_a_friendly_message_in_the_readers_language(lang):
    at = open_app("lesson", lesson="no-such-lesson", lang=lang)
    assert not at.exception
    assert translator(lang)("lesson.unknown", id=plain("no-such-lesson")) in [e.value for e in at.error]


def test_a_lesson_link_with_markup_shows_it_as_text():
    at = open_app("lesson", lesson="[Log in again](https://e.x/a)")
    shown = " ".join(e.value for e in at.error)
    assert plain("[Log in again](https://e.x/a)") in shown and "](https" not in shown


def test_a_bad_step_or_language_falls_back_and_says_so():
    at = open_app("lesson", lesson="partners-seats", step="banana", lang="xx")
    assert "Step 1 of" in step_text(at)
    warnings = " ".join(w.value for w in at.warning)
    assert "banana" in warnings and "xx" in warnings
    assert at.title[0].value == COURSE.lesson("partners-seats").text("en").title
    at = open_app("lesson", lesson="partners-seats", step="999")
    total = len(COURSE.lesson("partners-seats").steps) + 1
    assert f"Step {total} of {total}" in step_text(at)


def test_a_table_variant_changes_the_result_on_the_board():
    at = open_app("lesson", lesson="partners-blocked")
    at.button(key="last").click().run()
    before = texts_of(at)
    at.toggle(key="variant:partners-blocked:blocker_wins").set_value(True).run()
    after = texts_of(at)
    assert not at.exception
    assert "You and Ana: 36 points." in before and "Luis and Marco: 36 points." not in before
    assert "Luis and Marco: 36 points." in after
    assert translator("en")("lesson.variant_changed") in after


def _task(lesson_id):
    lesson = COURSE.lesson(lesson_id)
    rnd = lesson.task.round()
    return lesson, rnd, {"viewer": lesson.task.viewer, **lesson.task.params}


def test_a_board_task_answered_wrong_explains_why_then_right_marks_the_lesson_done():
    lesson, rnd, params = _task("partners-laying")
    assert lesson.task.kind == "play_legal"
    legal = {str(a) for a in rnd.legal_actions()}
    hand = rnd.hand(rnd.turn)
    wrong = next(str(Action.place(t, e)) for t in hand for e in "LR" if str(Action.place(t, e)) not in legal)
    at = open_app("lesson", lesson="partners-laying")
    key = "task:partners-laying"
    at = component_event(at, f"{key}:board", trigger=("play", wrong))
    assert not at.exception
    assert lesson.text("en").task["wrong"] in " ".join(e.value for e in at.error)
    at.button(key=f"{key}:retry").click().run()
    at = component_event(at, f"{key}:board", trigger=("play", sorted(legal)[0]))
    assert lesson.text("en").task["right"] in " ".join(s.value for s in at.success)
    at.switch_page("ui/pages/course.py").run()
    icons = {link.label: link.icon for link in at.get("page_link")}
    title = lesson.text("en").title
    assert any(title in label and icon == ":material/check_circle:" for label, icon in icons.items())


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_touch_move_task_shows_the_touched_tile_picked_up_and_wants_it_laid(lang):
    import json

    lesson, rnd, params = _task("partners-manners")
    assert lesson.task.kind == "touch_move" and rnd.rules.touch_move == "on"
    touched = params["tile"]
    right = questions.answer("touch_move", rnd, params)
    other = next(str(a) for a in rnd.legal_actions() if a.is_placement and str(a.tile) != touched)
    at = open_app("lesson", lesson="partners-manners", lang=lang)
    key = "task:partners-manners"
    board = next(e for e in at.get("bidi_component") if e.key == f"{key}:board")
    assert json.loads(board.proto.json)["selected"] == touched  # drawn as already picked up
    at = component_event(at, f"{key}:board", trigger=("play", other))  # the tile that looked better
    assert not at.exception
    assert lesson.text(lang).task["wrong"] in " ".join(e.value for e in at.error)
    at.button(key=f"{key}:retry").click().run()
    at = component_event(at, f"{key}:board", trigger=("play", right[-1]))  # either end is right
    assert lesson.text(lang).task["right"] in " ".join(s.value for s in at.success)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_choice_task_answered_wrong_then_right(lang):
    lesson, rnd, params = _task("partners-blocked")
    choices = questions.options(lesson.task.kind, rnd, params)
    right = questions.answer(lesson.task.kind, rnd, params)
    right_index = choices.index(right)
    wrong_index = next(i for i, c in enumerate(choices) if c != right)
    at = open_app("lesson", lesson="partners-blocked", lang=lang)
    key = "task:partners-blocked"
    at.button_group(key=f"{key}:pick").set_value(wrong_index).run()
    at.button(key=f"{key}:check").click().run()
    assert lesson.text(lang).task["wrong"] in " ".join(e.value for e in at.error)
    at.button(key=f"{key}:retry").click().run()
    at.button_group(key=f"{key}:pick").set_value(right_index).run()
    at.button(key=f"{key}:check").click().run()
    assert not at.exception
    assert lesson.text(lang).task["right"] in " ".join(s.value for s in at.success)


def test_lessons_done_are_saved_for_a_profile(progress_db):
    at = open_app("lesson", lesson="partners-seats")
    create_profile(at, "Marisol")
    lesson, rnd, params = _task("partners-seats")
    choices = questions.options(lesson.task.kind, rnd, params)
    at.button_group(key="task:partners-seats:pick").set_value(
        choices.index(questions.answer(lesson.task.kind, rnd, params))).run()
    at.button(key="task:partners-seats:check").click().run()
    assert not at.exception
    store = open_store(f"sqlite:///{progress_db}")
    try:
        (marisol,) = store.profiles()
        assert marisol.name == "Marisol"
        assert store.lessons_done(marisol.id) == {"partners-seats"}
    finally:
        store.close()


def test_switching_language_keeps_the_lesson_and_step():
    at = open_app("lesson", lesson="partners-capicu")
    at.button(key="next").click().run()
    at.button(key="next").click().run()
    at.sidebar.selectbox(key="lang_select").set_value("pt").run()
    assert not at.exception
    lesson = COURSE.lesson("partners-capicu")
    assert at.title[0].value == lesson.text("pt").title
    assert translator("pt")("lesson.step", n=3, total=len(lesson.steps) + 1) in step_text(at)
    assert at.query_params["lang"] in ("pt", ["pt"])


def test_presentation_mode_hides_the_rest_and_keeps_the_board():
    at = open_app("lesson", lesson="partners-doubles", present="1")
    assert any(c.key == "lesson_board" for c in at.get("bidi_component"))
    assert not any(s.value == translator("en")("lesson.your_turn") for s in at.subheader)
    at = component_event(at, "lesson_board", trigger=("nav", "next"))
    assert "Step 2 of" in step_text(at)


def test_a_corrupt_progress_file_is_left_alone_and_the_app_keeps_working(progress_db):
    progress_db.write_bytes(b"this is not a database" * 40)
    before = progress_db.read_bytes()
    at = open_app("lesson", lesson="partners-seats")
    tr = translator("en")
    assert tr("profile.not_saving", reason=tr("store.corrupt")) in [c.value for c in at.sidebar.caption]
    create_profile(at, "Iris")  # kept for this session only
    at.button(key="next").click().run()
    assert not at.exception
    assert progress_db.read_bytes() == before


def test_a_strategy_lessons_drills_open_its_own_game():
    """The strategy part mixes games: an All Fives lesson's drills are All Fives drills."""
    at = open_app("lesson", lesson="strategy-allfives-counts")
    drills = [link.proto.query_string for link in at.get("page_link") if link.proto.page == "practice"]
    assert drills and all("game=all_fives" in q for q in drills), drills


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_end_of_a_goat_match_shows_the_engines_final_standings(lang):
    """Issue 47, item 6: the last step of the Goat penalties lesson lists every place and total
    as engine.match.ranking has them (you and Player 4 share second, nobody is third, Player 2
    is the goat), the step before it too, and a step before the match's end none."""
    from language import seat_names
    from lessons.model import final_standings

    tr = translator(lang)
    lesson = COURSE.lesson("kozel-penalties")
    last = len(lesson.steps)
    standings = final_standings(lesson.frames()[last].round)
    names = seat_names(lang, lesson.frames()[last].round.rules, lesson.viewer)
    wanted = [tr("lesson.standing_goat", rank=s.rank, seat=names[s.side], total=s.total) if s.goat
              else f"{s.rank}. {names[s.side]}: {s.total}" for s in standings]
    assert [s.rank for s in standings] == [1, 2, 2, 4] and standings[-1].goat
    for step in (last - 1, last):
        at = open_app("lesson", lesson="kozel-penalties", lang=lang, step=str(step))
        assert not at.exception
        said = [m.value for m in at.markdown]
        assert tr("lesson.standings") in said and all(line in said for line in wanted), (step, said)
    at = open_app("lesson", lesson="kozel-penalties", lang=lang, step=str(last - 2))
    assert tr("lesson.standings") not in [m.value for m in at.markdown]
    at = open_app("lesson", lesson="kozel-penalties", lang=lang, step=str(last), present="1")
    assert not at.exception and all(line in [m.value for m in at.markdown] for line in wanted)
