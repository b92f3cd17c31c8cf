"""Homework in the reader's words: what it asks, when it is due, how far a student got.

Shared by the teacher's Homework and Progress tabs and the student's To do."""

from __future__ import annotations

import os
from datetime import date, datetime, timezone
from typing import Mapping

from classroom.homework import Assignment, PuzzleSet, Status, local_time
from ui.i18n import Translator
from ui.labels import game_title, percent, ptype_title
from ui.parts.lesson_catalog import course

#: The app's clock: ``CAPICU_TODAY`` (ui/session.py) pins the day; homework then reads noon UTC of it.
TODAY_ENV = "CAPICU_TODAY"
#: Icons that say a state besides its word (colour is never the only signal).
STATE_ICONS = {"done": "✅", "late": "🕓", "started": "◐", "not_started": "○"}


def now() -> datetime:
    """The moment homework is judged at: now, or noon UTC of the pinned day."""
    pinned = os.environ.get(TODAY_ENV, "")
    if pinned:
        try:
            day = date.fromisoformat(pinned)
            return datetime(day.year, day.month, day.day, 12, tzinfo=timezone.utc)
        except ValueError:
            pass
    return datetime.now(timezone.utc)


def lesson_title(lesson_id: str, lang: str) -> str:
    try:
        return course().lesson(lesson_id).text(lang).title
    except (KeyError, ValueError):  # LessonError is a ValueError
        return lesson_id


def describe(tr: Translator, a: Assignment, sets: Mapping[int, PuzzleSet]) -> str:
    """One line: what the homework asks (plain text: the caller escapes it for markdown)."""
    spec = a.spec
    if a.kind == "lessons":
        titles = [lesson_title(x, tr.lang) for x in spec["lessons"]]
        if len(titles) == 1:
            return tr("homework.what.lesson", title=titles[0])
        return tr("homework.what.lessons", n=len(titles), titles=", ".join(titles))
    if a.kind == "puzzles":
        if "set" in spec:
            found = sets.get(spec["set"])
            if found is None:
                return tr("homework.what.set_gone")
            return tr("homework.what.set", name=found.name, n=len(found.puzzle_ids))
        drill = spec["drill"]
        return tr("homework.what.drill", n=drill["count"], type=ptype_title(drill["type"], lang=tr.lang),
                  band=tr(f"level.{drill['band']}"))
    if a.kind == "play":
        return tr("homework.what.play", n=spec["rounds"], game=game_title(tr, spec["game"]),
                  level=tr(f"bot.{spec['level']}.name"))
    return tr("homework.what.mistakes", n=spec["count"])


def when(tr: Translator, time_zone: str, moment: datetime) -> str:
    """A moment on the class's clock: weekday, date and time."""
    local = local_time(time_zone, moment)
    return tr("homework.when", weekday=tr(f"weekday.{local.weekday()}"), date=local.strftime("%Y-%m-%d"),
              hour=local.strftime("%H:%M"))


def state_word(tr: Translator, status: Status) -> str:
    """The state with its icon, the count and the score: "◐ started: 2 of 5 · 50% right"."""
    word = f"{STATE_ICONS[status.state]} {tr(f'homework.state.{status.state}')}"
    if status.state in ("started", "not_started") and status.needed > 1:
        word += " " + tr("homework.progress", count=status.count, needed=status.needed)
    if status.overdue:
        word += " · " + tr("homework.overdue")
    if status.score is not None:
        word += " · " + tr("homework.score", score=percent(tr, status.score))
    return word


def link_of(a: Assignment, status: Status | None, sets: Mapping[int, PuzzleSet], lang: str) -> tuple[str, dict[str, str]]:
    """The page (url path) and query that start the homework's next piece of work."""
    spec = a.spec
    if a.kind == "lessons":
        return "lesson", {"lesson": spec["lessons"][min(status.count if status else 0, len(spec["lessons"]) - 1)],
                          "lang": lang}
    if a.kind == "puzzles":
        if "set" in spec:
            found = sets.get(spec["set"])
            if found:
                return "practice", {"puzzle": found.puzzle_ids[min(status.count if status else 0,
                                                                    len(found.puzzle_ids) - 1)], "lang": lang}
            return "practice", {"lang": lang}
        drill = spec["drill"]
        query = {"type": drill["type"], "level": drill["band"], "lang": lang}
        if drill.get("game"):
            query["game"] = drill["game"]
        return "practice", query
    if a.kind == "play":
        return "play", {"lang": lang}
    return "mistakes", {"lang": lang}


def kind_word(tr: Translator, kind: str) -> str:
    return tr(f"homework.kind.{kind}")


def strings_used() -> list[str]:
    """Keys this module reads (the catalogs' test checks each exists in every language)."""
    return ["homework.what.lesson", "homework.what.lessons", "homework.what.set", "homework.what.set_gone",
            "homework.what.drill", "homework.what.play", "homework.what.mistakes", "homework.when",
            "homework.progress", "homework.overdue", "homework.score",
            *(f"homework.state.{s}" for s in STATE_ICONS), *(f"homework.kind.{k}" for k in
                                                             ("lessons", "puzzles", "play", "mistakes"))]


