"""Presentation mode under AppTest: entering and leaving it, the teacher's bar, hidden
hands, the "your turn" answer hidden until revealed, table rules and the language
switched live without losing the step."""

from __future__ import annotations

import json

from lessons.model import load_course
from puzzles import questions
from puzzles.explain import label
from tests.support.streamlit_events import component_event
from tests.ui.conftest import open_app
from ui.i18n import translator

COURSE = load_course()
TASK_LESSON = "partners-laying"  # a lesson with a "your turn" task
VARIANT_LESSON = next(i for i in COURSE.ordered_ids() if COURSE.lesson(i).variants)


def board_data(at) -> dict:
    el = next(e for e in at.get("bidi_component") if e.key == "lesson_board")
    return json.loads(el.proto.json)


def counter(at) -> str:
    return next(m.value for m in at.markdown if "class='cp-counter'" in m.value)


def presenting(at) -> bool:
    return at.query_params.get("present") in ("1", ["1"])


def test_the_key_f_and_the_button_enter_and_escape_and_leave_keep_the_step():
    at = open_app("lesson", lesson="partners-blocked", step="2")
    assert not presenting(at) and board_data(at)["presentable"] and not board_data(at)["present"]
    at = component_event(at, "lesson_board", trigger=("nav", "present"))  # the key F
    assert presenting(at) and not at.exception
    assert board_data(at)["present"] and "Step 3 of" in counter(at)
    assert at.button(key="present_leave")  # a visible way out
    assert "present_start" not in [b.key for b in at.button]  # nothing of the lesson page around it
    at = component_event(at, "lesson_board", trigger=("nav", "leave"))  # Escape
    assert not presenting(at)
    assert at.query_params["step"] in ("2", ["2"])
    at.button(key="present_start").click().run()  # the button
    assert presenting(at)
    at.button(key="present_leave").click().run()
    assert not presenting(at) and at.query_params["step"] in ("2", ["2"])


def test_leave_is_only_accepted_while_presenting():
    at = open_app("lesson", lesson="partners-blocked")
    at = component_event(at, "lesson_board", trigger=("nav", "leave"))
    assert not presenting(at) and not at.exception


def test_the_teacher_steps_with_the_bar_and_the_clicker_keys():
    at = open_app("lesson", lesson="partners-blocked", present="1")
    assert "Step 1 of" in counter(at)
    at.button(key="present_next").click().run()
    assert "Step 2 of" in counter(at)
    at = component_event(at, "lesson_board", trigger=("nav", "next"))  # PageDown sends "next"
    assert "Step 3 of" in counter(at)
    at = component_event(at, "lesson_board", trigger=("nav", "first"))
    assert "Step 1 of" in counter(at)
    # nothing else on screen: no summary, no explanation, no links onwards
    assert not at.get("page_link")
    assert not at.subheader


def test_hide_and_show_the_hands():
    at = open_app("lesson", lesson="partners-blocked", present="1")
    data = board_data(at)
    assert 'class="tile hand-tile' in data["svg"] and "data-tile=" in data["svg"]
    at.button(key="present_hands").click().run()
    data = board_data(at)
    assert "face-down" in data["svg"]
    assert "data-tile=" not in data["svg"]  # the hand's faces and names are gone
    assert at.button(key="present_hands").label == translator("en")("presenter.show_hands")
    at.button(key="present_hands").click().run()
    assert "face-down" not in board_data(at)["svg"] and "data-tile=" in board_data(at)["svg"]


def test_the_your_turn_answer_stays_hidden_until_revealed():
    lesson = COURSE.lesson(TASK_LESSON)
    task = lesson.task
    rnd = task.round()
    answer = questions.answer(task.kind, rnd, {"viewer": task.viewer, **task.params})
    words = label("en", task.kind, answer, rnd.rules)
    at = open_app("lesson", lesson=TASK_LESSON, present="1")
    assert at.button(key="present_answer").disabled  # only on the "your turn" step
    at = component_event(at, "lesson_board", trigger=("nav", "last"))  # End
    total = len(lesson.steps) + 2  # the frames and the task
    assert counter(at).endswith(f"{total}/{total}</div>")
    assert lesson.text("en").task["prompt"] in [m.value for m in at.markdown]
    shown = lambda: [m.value for m in at.markdown if "class='cp-present-answer'" in m.value]  # noqa: E731
    assert not shown()
    assert words not in json.dumps([m.value for m in at.markdown])
    at.button(key="present_answer").click().run()
    assert len(shown()) == 1 and words in shown()[0]
    at.button(key="present_answer").click().run()
    assert not shown()
    # back in the lesson, the extra step folds into the last frame
    at.button(key="present_leave").click().run()
    assert at.query_params["step"] in (str(len(lesson.steps)), [str(len(lesson.steps))])


def test_hidden_hands_keep_the_caption_back_too():
    """Review C2: with the hands face down, the step's caption (which speaks from the
    viewer's seat: "the two halves of your last tile") is neither shown nor said."""
    lesson = COURSE.lesson("partners-capicu")
    caption = lesson.text("en").captions["ana_sets_up"]
    step = next(i for i, frame in enumerate(lesson.frames()) if frame.caption == "ana_sets_up")
    at = open_app("lesson", lesson="partners-capicu", present="1", step=str(step))

    def shown() -> bool:
        return any(caption in (e.value or "") for e in list(at.info) + list(at.markdown))

    assert shown()
    at.button(key="present_hands").click().run()
    assert not shown() and not at.exception
    at.button(key="present_prev").click().run()
    at.button(key="present_next").click().run()  # back on the step: its words said without the caption
    said = board_data(at)["announce"]
    assert said and "Ana" in said["text"] and caption not in said["text"] and not shown()
    at.button(key="present_hands").click().run()
    assert shown()


def test_the_language_switches_live_and_keeps_the_step():
    at = open_app("lesson", lesson="partners-blocked", present="1", step="3")
    assert "Step 4 of" in counter(at)
    at.selectbox(key="present_lang").set_value("nl").run()
    assert not at.exception
    nl = translator("nl")
    assert at.title[0].value == COURSE.lesson("partners-blocked").text("nl").title
    lesson = COURSE.lesson("partners-blocked")
    total = len(lesson.steps) + 1 + (lesson.task is not None)  # on a projector the task is a step too
    assert nl("lesson.step", n=4, total=total) in counter(at)
    assert presenting(at) and at.query_params["lang"] in ("nl", ["nl"])
    assert at.button(key="present_leave").label == nl("presenter.leave")
    at.button(key="present_leave").click().run()  # the hidden sidebar's language follows
    assert at.sidebar.selectbox(key="lang_select").value == "nl"


def test_table_rules_switch_live_and_keep_the_step():
    lesson = COURSE.lesson(VARIANT_LESSON)
    at = open_app("lesson", lesson=VARIANT_LESSON, present="1", step=str(len(lesson.steps)))
    before = counter(at)
    overlay = lesson.variants[0].overlay
    at.toggle(key=f"variant:{VARIANT_LESSON}:{overlay}").set_value(True).run()
    assert not at.exception
    assert counter(at) == before
    assert at.session_state[f"overlays:{VARIANT_LESSON}"] == [overlay]
