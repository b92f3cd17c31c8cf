"""Login cards: a printable PDF with one A4 page per student, for a class whose teacher
typed the roster (classroom/roster.py). Each page has the student's name, the class, a
QR code whose link signs in (``?card=<secret>``: only the secret's sha256 is stored) and
the PIN, for signing in by name on another device. No e-mail anywhere.

Pure Python (fpdf2 and segno); the page gives the words in the class's language.

>>> from datetime import datetime, timezone
>>> words = {"title": "Login card", "class": "Class", "name": "Sign-in name", "pin": "PIN",
...          "scan": "Scan the code to sign in.", "keep": "Keep this card to yourself."}
>>> pdf = cards_pdf("7B", [Card("Ana", "Ana (7B)", "123456", "https://school.example/myclass?card=x")], words)
>>> pdf[:5]
b'%PDF-'
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from language.pdf_fonts import dejavu_files

QR_MM = 70


@dataclass(frozen=True)
class Card:
    nickname: str      # as the class knows the student
    profile_name: str  # what they type to sign in by name
    pin: str
    link: str          # the QR's link: signs in


def a4_document(title: str, *, margin: float, page_break: bool):
    """An A4 PDF with its margins and title, in DejaVu Sans when it is installed (every
    letter of the four languages), else Helvetica: (pdf, the font files or None, family).
    Shared by the login cards and the parents' report."""
    from fpdf import FPDF

    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_margins(margin, margin, margin)
    pdf.set_auto_page_break(page_break, margin=margin)
    pdf.set_title(title)
    pdf.set_creator("Capicú")
    # DejaVu (language.pdf_fonts): names in any Latin, Greek or Cyrillic script print as
    # typed; without it, Latin-1 with "?" for the rest
    files = dejavu_files()
    if files:
        pdf.add_font("DejaVu", "", str(files[0]))
        pdf.add_font("DejaVu", "B", str(files[1]))
    return pdf, files, "DejaVu" if files else "Helvetica"




def _qr_png(link: str) -> io.BytesIO:
    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="png", scale=10, border=2)
    out.seek(0)
    return out


def cards_pdf(class_name: str, cards: Sequence[Card], words: Mapping[str, str]) -> bytes:
    """The PDF: one page per card. ``words``: title, class, name, pin, scan, keep."""

    pdf, files, family = a4_document(f"{words['title']} - {class_name}", margin=20, page_break=False)

    def text(value: str) -> str:
        return value if files else value.encode("latin-1", "replace").decode("latin-1")

    def line(value: str, size: float, bold: bool = False, gap: float = 3) -> None:
        pdf.set_font(family, "B" if bold else "", size)
        pdf.multi_cell(0, size * 0.5, text(value), align="C")
        pdf.ln(gap)

    for card in cards:
        pdf.add_page()
        pdf.set_draw_color(120)
        pdf.rect(12, 12, 186, 273)
        line(f"Capicú · {words['title']}", 14, gap=6)
        line(f"{words['class']}: {class_name}", 16, gap=8)
        line(card.nickname, 30, bold=True, gap=10)
        # the QR is a link as well: a card opened on screen signs in with a click
        pdf.image(_qr_png(card.link), x=(210 - QR_MM) / 2, w=QR_MM, h=QR_MM, link=card.link)
        pdf.ln(6)
        line(words["scan"], 12, gap=8)
        line(f"{words['name']}: {card.profile_name}", 16, gap=4)
        line(f"{words['pin']}: {card.pin}", 22, bold=True, gap=10)
        line(words["keep"], 11, gap=2)
    return bytes(pdf.output())


__all__ = ["Card", "cards_pdf"]
