"""The daily deal's share text: a spoiler-free line in the daily puzzle's style."""

from __future__ import annotations

from datetime import date
from typing import Sequence

from ui.i18n import Translator
from ui.labels import figure

#: one mark per choice, by the review's grade (None: not judged yet); the words of the
#: grades are in the review, the marks only sum the round up
MARKS = {"best": "✅", "good": "🟢", "inaccuracy": "🟡", "mistake": "🟠", "blunder": "🔴", None: "⬜"}


def share_text(tr: Translator, day: date, game: str, score: float | None, grades: Sequence[str | None]) -> str:
    """Two lines: what was played, then the score and a mark per choice (no tiles: the
    deal stays a surprise for whoever has not played it)."""
    marks = "".join(MARKS.get(grade, MARKS[None]) for grade in grades)
    head = tr("deal.share_head", date=day.isoformat(), game=game)
    points = figure(tr, score, signed=True) if score is not None else "—"
    return f"{head}\n{points} {marks}".rstrip()
