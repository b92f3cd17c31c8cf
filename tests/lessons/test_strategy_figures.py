"""Every number a strategy lesson shows is the one its proof measured (docs/lessons.md,
"Figures in texts"): texts name the figures ({about}, {margin}, {deals}) and the loader
fills them from the stored proof in each language's words; no text writes one by hand."""

from __future__ import annotations

import re

import pytest
import yaml

from lessons import figures
from lessons.model import CONTENT, LANGUAGES, load_course, proof_sites, site_claim, site_values
from lessons.proof import MoveValues

COURSE = load_course()
STRATEGY = next(g for g in COURSE.games if g.id == "strategy").lessons
#: what a text would write before a hand-made figure ("about 24", "zo'n 24", "al menos 7")
HAND_WRITTEN = {
    "en": r"\b(?:about|at least|some|nearly|almost)\s+\d",
    "nl": r"(?:zo'n|ongeveer|minstens|bijna|gemiddeld)\s+\d",
    "pt": r"\b(?:uns|umas|cerca de|pelo menos|quase|em média)\s+\d",
    "es": r"\b(?:unos|unas|cerca de|por lo menos|al menos|casi|de media)\s+\d",
}
#: a point figure with a decimal, in either decimal sign ("16.2", "16,2")
DECIMAL = r"\d[.,]\d"


def _raw_strings(lesson_id: str, lang: str) -> list[str]:
    def walk(node):
        if isinstance(node, dict):
            for v in node.values():
                yield from walk(v)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v)
        elif isinstance(node, str):
            yield node

    return list(walk(yaml.safe_load((CONTENT / lesson_id / f"{lang}.yaml").read_text(encoding="utf-8"))))


def _step_proof(lesson):
    site = next(s for s in proof_sites(lesson) if s.key != "task")
    return site_values(lesson, site), site_claim(lesson, site).action


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lesson_id", STRATEGY)
def test_no_strategy_text_writes_a_proved_figure_by_hand(lesson_id, lang):
    strings = _raw_strings(lesson_id, lang)
    for text in strings:
        assert not re.search(DECIMAL, text), (lesson_id, lang, text)
        assert not re.search(HAND_WRITTEN[lang], text, re.I), (lesson_id, lang, text)
    body = yaml.safe_load((CONTENT / lesson_id / f"{lang}.yaml").read_text(encoding="utf-8"))["body"]
    # the body quotes its proof: what it measured, how sure, over which deals
    assert sorted(set(figures.placeholders(body))) == sorted(figures.NAMES), (lesson_id, lang)


@pytest.mark.parametrize("lesson_id", STRATEGY)
def test_every_figure_shown_is_the_measured_one(lesson_id):
    lesson = COURSE.lesson(lesson_id)
    values, action = _step_proof(lesson)
    gap = values.gap(action, values.runner_up(action))
    for lang in LANGUAGES:
        text = lesson.text(lang)
        shown = figures.words(lang, values, action)
        assert shown["about"] == str(round(gap.mean)) and shown["about"] in text.body
        assert shown["margin"] in text.body and shown["deals"] in text.body, (lesson_id, lang)
        assert not figures.placeholders(text.body)
        # the only decimal figures a learner reads are the proof's margin and its error
        printed = set(re.findall(r"\d+[.,]\d", text.body.replace(shown["deals"], "")))  # not "20,000"
        assert printed == set(re.findall(r"\d+[.,]\d", shown["margin"])), (lesson_id, lang, printed)
        sign = "." if lang == "en" else ","
        assert all(sign in p for p in printed), (lesson_id, lang, printed)
    # the values a wrong tap shows are the task's proof's
    task_site = next(s for s in proof_sites(lesson) if s.key == "task")
    measured = site_values(lesson, task_site)
    assert lesson.task.params["values"] == {a: round(v, 2) for a, v in zip(measured.actions, measured.expected)}


def _values(exact: bool, deals: int) -> MoveValues:
    se = 0.0 if exact else 0.24
    return MoveValues(("1-1@L", "1-4@L"), (3.6, -12.8), (se, se), (0.7, 0.3), (se / 100, se / 100),
                      (((0.0, 0.0), (16.45, se)), ((-16.45, se), (0.0, 0.0))), deals, exact, deals if exact else 10**11, 1)


def test_figures_are_worded_in_each_language():
    sampled, exact = _values(False, 20000), _values(True, 1225)
    assert figures.words("en", sampled, "1-1@L") == {"about": "16", "margin": "16.4 ± 0.2", "deals": "20,000 random deals"}
    assert figures.words("nl", sampled, "1-1@L")["margin"] == "16,4 ± 0,2"
    assert figures.words("en", exact, "1-1@L") == {"about": "16", "margin": "16.4", "deals": "all 1,225 deals"}
    assert figures.words("nl", exact, "1-1@L")["deals"] == "alle 1225 verdelingen"
    assert figures.words("pt", exact, "1-1@L")["deals"] == "todas as 1.225 distribuições"
    assert figures.words("es", sampled, "1-1@L")["deals"] == "20.000 repartos al azar"
    assert figures.words("es", exact, "1-1@L")["deals"] == "los 1225 repartos"
    # a sampled error is never printed as 0.0, which would read as exact
    tiny = _values(False, 20000)
    tiny = MoveValues(*[getattr(tiny, f) for f in ("actions", "expected", "stderr", "best_share", "share_stderr")],
                      (((0.0, 0.0), (16.45, 0.01)), ((-16.45, 0.01), (0.0, 0.0))), 20000, False, 10**11, 1)
    assert figures.words("en", tiny, "1-1@L")["margin"] == "16.4 ± 0.1"


def test_an_unknown_placeholder_or_one_without_a_proof_is_refused():
    with pytest.raises(ValueError, match=r"unknown placeholder\(s\) \{points\}"):
        figures.fill("en", "about {points} points", _values(True, 10), "1-1@L")
    with pytest.raises(ValueError, match="needs the proof"):
        figures.fill("en", "about {about} points", None, None)
    assert figures.fill("en", "no figure here", None, None) == "no figure here"


def test_no_script_comment_carries_a_figure_that_could_drift():
    for lesson_id in STRATEGY:
        comments = [line for line in (CONTENT / lesson_id / "script.yaml").read_text(encoding="utf-8").splitlines()
                    if line.lstrip().startswith("#")]
        assert not [c for c in comments if re.search(DECIMAL, c)], lesson_id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_strategy_blurb_says_how_many_deals_were_played_out(lang):
    """Texts review 2026-12-05, finding 7: the course blurb said every tip was checked on "all the
    deals that fit", when some proofs sample. It must name the smallest and largest sample the
    stored proofs used (in the language's thousands format), or none if every proof is exact."""
    from pathlib import Path

    blurb = yaml.safe_load((Path(__file__).resolve().parents[2] / "ui" / "strings" / f"{lang}.yaml")
                           .read_text(encoding="utf-8"))["game"]["strategy"]["blurb"]
    sampled = sorted({site_values(COURSE.lesson(lid), site).deals for lid in STRATEGY
                      for site in proof_sites(COURSE.lesson(lid))
                      if not site_values(COURSE.lesson(lid), site).exact})
    if not sampled:
        assert not re.search(r"\d", blurb)
        return
    shown = re.findall(r"\d[\d.,]*\d|\d", blurb)
    assert shown == [figures.count(lang, sampled[0]), figures.count(lang, sampled[-1])], (blurb, sampled)
