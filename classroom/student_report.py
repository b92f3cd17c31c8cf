"""A student's printable progress report, for parents: one PDF in the class's language.

Pure Python (fpdf2, and the login cards' fonts: DejaVu where Debian keeps it). The page
builds the rows and the words in the class's language (ui/parts/classes/dashboard.py);
this module only lays them out: the student and the class, the period, the homework
(what, when due, how it went), the drill accuracy by topic, the ratings, last seen.

>>> words = {"title": "Progress report", "class": "Class", "period": "Period", "homework": "Homework",
...          "what": "What", "due": "Due", "state": "How it went", "topics": "Drills by topic",
...          "topic": "Topic", "answered": "Answered", "right": "Right", "ratings": "Ratings",
...          "none": "Nothing yet.", "made": "Made with Capicú"}
>>> pdf = student_pdf(Report("7B", "Ana", "2026-10-12 – 2026-12-07", [("Lesson: Seats", "Mon 2026-12-07", "done")],
...                          [("Block count", 12, "75%")], ["Puzzle rating: 1540 (+40)"], "Last seen: today"), words)
>>> pdf[:5]
b'%PDF-'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from classroom.login_cards import a4_document


@dataclass(frozen=True)
class Report:
    class_name: str
    nickname: str
    period: str
    homework: Sequence[tuple[str, str, str]] = field(default_factory=tuple)  # what, due, state
    topics: Sequence[tuple[str, int, str]] = field(default_factory=tuple)  # topic, answered, right
    ratings: Sequence[str] = field(default_factory=tuple)  # one line each
    seen: str = ""


def student_pdf(report: Report, words: Mapping[str, str]) -> bytes:
    """The report as a PDF (A4). ``words``: title, class, period, homework, what, due,
    state, topics, topic, answered, right, ratings, none, made."""

    pdf, files, family = a4_document(f"{words['title']} - {report.nickname} - {report.class_name}", margin=18,
                                     page_break=True)

    def text(value: object) -> str:
        shown = str(value)
        return shown if files else shown.encode("latin-1", "replace").decode("latin-1")

    def line(value: str, size: float = 11, bold: bool = False, gap: float = 2) -> None:
        pdf.set_font(family, "B" if bold else "", size)
        pdf.multi_cell(0, size * 0.5, text(value))
        pdf.ln(gap)

    def table(head: Sequence[str], rows: Sequence[Sequence[object]], widths: Sequence[int]) -> None:
        if not rows:
            line(words["none"], gap=4)
            return
        pdf.set_font(family, "", 10)
        with pdf.table(col_widths=tuple(widths), text_align="LEFT", line_height=5.5) as grid:
            top = grid.row()
            for cell in head:
                top.cell(text(cell))
            for values in rows:
                row = grid.row()
                for value in values:
                    row.cell(text(value))
        pdf.ln(5)

    pdf.add_page()
    line(f"Capicú · {words['title']}", 16, bold=True, gap=4)
    line(report.nickname, 22, bold=True, gap=3)
    line(f"{words['class']}: {report.class_name}", 12)
    line(f"{words['period']}: {report.period}", 12)
    if report.seen:
        line(report.seen, 12, gap=6)
    line(words["homework"], 14, bold=True)
    table((words["what"], words["due"], words["state"]), report.homework, (90, 45, 45))
    line(words["topics"], 14, bold=True)
    table((words["topic"], words["answered"], words["right"]), report.topics, (100, 40, 40))
    line(words["ratings"], 14, bold=True)
    for rating in report.ratings or [words["none"]]:
        line(rating)
    pdf.ln(6)
    line(words["made"], 8)
    return bytes(pdf.output())


__all__ = ["Report", "student_pdf"]
