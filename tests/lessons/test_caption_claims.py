"""The numbers a caption states are checked against its frame (issue 10): the validator
proves the moves, and this proves the prose that reads them out. Any caption that says
which numbers the ends show, or how many tiles of a suit are down, must agree with the
engine's position at that step, in every language."""

from __future__ import annotations

import re

import pytest

from lessons.model import CONTENT, load_lesson

LESSONS = sorted(p.name for p in CONTENT.iterdir() if (p / "script.yaml").exists())
#: "the ends are 5 and 3" in each language (the two numbers, in either order)
ENDS = {
    "en": r"ends (?:are|become|read|show) (\d) and (\d)",
    "nl": r"uiteinden[^.]{0,25}?(\d) en (\d)",  # a "kant" is a side (team), never an end (docs/glossary.md)
    "pt": r"pontas[^.]{0,25}?(\d) e (\d)",
    "es": r"puntas[^.]{0,25}?(\d) y (\d)",
}
WORDS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "all": 7, "seven": 7}
SUIT_DOWN = r"\b(\w+) of the seven (\d)s (?:are|is) (?:on the table|down|played|out)"


def _claims(lang: str):
    for lesson_id in LESSONS:
        lesson = load_lesson(lesson_id)
        text = lesson.text(lang)
        for frame in lesson.frames():
            yield lesson_id, frame, text.captions.get(frame.caption, "")


@pytest.mark.parametrize("lang", sorted(ENDS))
def test_every_ends_claim_is_the_frames_ends(lang):
    checked = 0
    for lesson_id, frame, caption in _claims(lang):
        for match in re.finditer(ENDS[lang], caption):
            checked += 1
            assert frame.round.ends is not None and sorted(map(int, match.groups())) == sorted(frame.round.ends), \
                (lesson_id, frame.caption, match.group(0), frame.round.ends)
    assert checked >= 20  # the patterns still find the claims the lessons make


def test_every_suit_count_claim_is_what_the_line_shows():
    checked = 0
    for lesson_id, frame, caption in _claims("en"):
        for match in re.finditer(SUIT_DOWN, caption, re.I):
            checked += 1
            said, suit = WORDS[match.group(1).lower()], int(match.group(2))
            down = sum(1 for a, b in frame.round.line if suit in (a, b))
            assert said == down, (lesson_id, frame.caption, match.group(0), down)
    assert checked >= 2
