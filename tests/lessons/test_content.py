"""Every lesson in every language, replayed through the engine (docs/lessons.md)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from engine import Action
from lessons.model import LANGUAGES, LessonError, load_course, load_lesson, proof_sites, validate_lesson
from puzzles import PUZZLE_TYPES, questions

COURSE = load_course()
IDS = COURSE.ordered_ids()
RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


@pytest.mark.smoke
@pytest.mark.parametrize("lesson_id", IDS)
def test_the_script_replays_and_every_claim_holds(lesson_id):
    lesson = COURSE.lesson(lesson_id)
    assert validate_lesson(lesson, [g.id for g in COURSE.games]) == []
    frames = lesson.frames()
    assert len(frames) == len(lesson.steps) + 1
    for frame, step in zip(frames[1:], lesson.steps):
        if step.action:  # the frame's last action is the step's, applied by the engine
            assert str(frame.round.public_history()[-1][1]) == str(Action.parse(step.action))


@pytest.mark.parametrize("lesson_id", IDS)
def test_every_language_has_every_text_and_shares_the_one_script(lesson_id):
    lesson = COURSE.lesson(lesson_id)
    assert set(lesson.texts) == set(LANGUAGES)
    captions = {"intro"} | {s.caption for s in lesson.steps}
    for lang in LANGUAGES:
        text = lesson.text(lang)
        assert text.title and text.summary and text.body.strip() and text.remember
        assert captions <= set(text.captions), (lang, captions - set(text.captions))
        if lesson.task:
            assert {"prompt", "right", "wrong"} <= set(text.task)
        assert {v.overlay for v in lesson.variants} <= set(text.variants)
    # one script: no language folder holds a board of its own (a strategy lesson keeps its proof beside it)
    folder = Path(__file__).resolve().parents[2] / "lessons" / "content" / lesson_id
    proved = ["proof.yaml"] if proof_sites(lesson) else []
    assert sorted(p.name for p in folder.iterdir()) == sorted(["script.yaml", *proved, *(f"{l}.yaml" for l in LANGUAGES)])


@pytest.mark.parametrize("lesson_id", IDS)
def test_drills_name_puzzle_types_that_fit_the_lessons_game(lesson_id):
    lesson = COURSE.lesson(lesson_id)
    preset = lesson.rules.get("preset", COURSE.game_of(lesson_id).preset)  # the lesson's own game
    for drill in lesson.drills:
        assert drill in PUZZLE_TYPES
        assert preset in PUZZLE_TYPES[drill].presets, (lesson_id, drill)


_SECTION_ROW = re.compile(r"^\|\s*(00\d)\s*\|\s*([^|]+?)\s*\|\s*([^|]*?)\s*\|\s*$", re.MULTILINE)
_RULE_ID = re.compile(r"\b(?:C|PT|BV|AF|DR|BK|KZ|A)-\d{2}\b")


def _reference_sections() -> dict[str, list[tuple[str, str]]]:
    """docs/rules.md §0.5: each source document's sections, in order, with the rules they give."""
    sections: dict[str, list[tuple[str, str]]] = {}
    for document, title, rules in _SECTION_ROW.findall(RULES_MD.read_text(encoding="utf-8")):
        sections.setdefault(document, []).append((title, rules))
    return sections


def test_every_rule_section_of_the_source_documents_has_a_lesson():
    sections = {doc: [title for title, _ in rows] for doc, rows in _reference_sections().items()}
    covered: dict[str, set[str]] = {}
    for lesson in COURSE.lessons.values():
        covered.setdefault(lesson.source["document"], set()).add(lesson.source["section"])
    assert set(covered) - {"strategy"} <= set(sections)          # every lesson cites a listed source
    partners = sections["000"]
    assert len(partners) == 11 and set(partners) == covered["000"]
    # 001 repeats 000's general sections; its own are taught by the 1 v 1 lessons.
    one_v_one = sections["001"]
    assert len(one_v_one) == 10 and covered["001"] <= set(one_v_one)
    assert set(one_v_one) <= covered["001"] | covered["000"]
    assert one_v_one[0] in covered["001"]
    assert len(sections["004"]) == len(one_v_one)                   # the same lesson in Portuguese
    assert covered["002"] == set(sections["002"]) == {
        'Het "All Fives" dominospel', "Het Draw Dominospel", "Het Block Dominospel"}
    assert len(sections["003"]) == 4 and covered["003"] <= set(sections["003"]) and len(covered["003"]) == 2


def test_every_section_of_the_reference_names_rules_it_states():
    text = RULES_MD.read_text(encoding="utf-8")
    stated = set(re.findall(r"^\|\s*((?:C|PT|BV|AF|DR|BK|KZ)-\d{2})\s*\|", text, re.MULTILINE))
    stated |= set(re.findall(r"^\*\*(A-\d{2})\b", text, re.MULTILINE))
    for document, rows in _reference_sections().items():
        for title, rules in rows:
            named = set(_RULE_ID.findall(rules))
            assert named, (document, title)
            assert named <= stated, (document, title, sorted(named - stated))


@pytest.mark.smoke
def test_a_broken_lesson_is_reported_plainly(tmp_path):
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "script.yaml").write_text("rules: [not, a, mapping\n", encoding="utf-8")
    with pytest.raises(LessonError, match="not valid YAML"):
        load_lesson("bad", tmp_path)
    (tmp_path / "bad" / "script.yaml").write_text(
        "id: bad\ngame: partners\nrules: {preset: laplaza_partners}\nstart: {hands: [[6-6]]}\n", encoding="utf-8")
    with pytest.raises(LessonError, match="English"):
        load_lesson("bad", tmp_path)
    (tmp_path / "bad" / "en.yaml").write_text("title: Bad\nbody: x\nremember: [y]\ncaptions: {intro: z}\n",
                                              encoding="utf-8")
    lesson = load_lesson("bad", tmp_path)
    problems = validate_lesson(lesson)
    assert problems and "does not replay" in problems[0] and "4 hands" in problems[0]


# ------------------------------------------------------------ tasks and table rules that teach the lesson
MAX_CAPTION_WORDS = 55


def _task(lesson_id):
    task = COURSE.lesson(lesson_id).task
    rnd = task.round()
    params = {"viewer": task.viewer, **task.params}
    return task, rnd, params


@pytest.mark.parametrize("lesson_id", IDS)
def test_every_table_rule_changes_a_rule_of_the_lesson(lesson_id):
    lesson = COURSE.lesson(lesson_id)
    plain = replace(lesson.rules_with(), overlays=())
    for variant in lesson.variants:
        assert replace(lesson.rules_with([variant.overlay]), overlays=()) != plain, variant.overlay
        assert variant.expect, (lesson_id, variant.overlay)


@pytest.mark.parametrize("lesson_id", IDS)
def test_captions_are_short(lesson_id):
    for lang, text in COURSE.lesson(lesson_id).texts.items():
        for key, caption in text.captions.items():
            assert len(caption.split()) <= MAX_CAPTION_WORDS, (lesson_id, lang, key, len(caption.split()))


@pytest.mark.smoke
def test_the_capicu_lesson_asks_for_a_capicu():
    task, rnd, params = _task("partners-capicu")
    assert task.kind == "capicu_play"
    right = questions.answer(task.kind, rnd, params)
    assert right and all(questions.check(task.kind, rnd, params, a).correct for a in right)
    trial = rnd.copy()
    trial.apply(right[0])
    assert trial.result.capicu


def test_the_seats_lesson_asks_who_comes_after_luis():
    task, rnd, params = _task("partners-seats")
    assert task.kind == "next_leader" and rnd.leader == 1  # Luis led; the lead moves one seat on
    assert questions.answer(task.kind, rnd, params) == 2   # Ana, your partner
    assert rnd.result.out_seat != 2                        # not given away by who went out


def test_the_leading_lesson_asks_about_the_lot():
    task, rnd, params = _task("1v1-leading")
    assert task.kind == "legal_moves" and rnd.lot and not rnd.line
    assert len(questions.answer(task.kind, rnd, params)) == 7  # the lot winner leads any tile


@pytest.mark.smoke
def test_the_stock_lesson_asks_to_draw_until_a_tile_fits():
    task, rnd, params = _task("1v1-draw-pile")
    assert task.kind == "draw_outcome"
    assert questions.answer(task.kind, rnd, params) == {"first": "draw", "plays": "0-6"}


def test_the_block_lesson_offers_a_draw_that_is_wrong():
    task, rnd, params = _task("block-game")
    assert not rnd.rules.can_draw and "draw" in questions.options(task.kind, rnd, params)
    assert not questions.check(task.kind, rnd, params, "draw").correct


@pytest.mark.smoke
def test_goats_final_standings_are_a_step_the_engine_checks():
    """The seeds' one gap (issue 47, item 6): the end of a Goat match shows every player's place.
    The step's standings are engine.match.ranking's; a wrong place is reported."""
    lesson = COURSE.lesson("kozel-penalties")
    step = lesson.steps[-1]
    assert step.action is None and [r["rank"] for r in step.expect["standings"]] == [1, 2, 2, 4]
    wrong = [dict(r) for r in step.expect["standings"]]
    wrong[-1]["rank"] = 3  # after a shared second place nobody is third
    broken = replace(lesson, steps=lesson.steps[:-1] + (replace(step, expect={"standings": wrong}),))
    assert any(p.startswith("step 6: standings") for p in validate_lesson(broken))
    early = replace(lesson, steps=lesson.steps[:1] + (replace(step, expect={"standings": wrong}),))
    assert "step 2: standings: the round is not over" in validate_lesson(early)
