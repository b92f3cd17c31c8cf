"""Printable worksheets: a puzzle set as a print-ready PDF, with the answer key on its own pages.

Pure Python (fpdf2 draws the board's SVG), no Streamlit: the Daily and Practice pages
offer it as a download, and the command line writes it to a file::

    python -m ui.parts.worksheet --daily 2026-11-29 --lang nl -o daily.pdf
    python -m ui.parts.worksheet --type block_count --game laplaza_partners --level hard --count 6 -o block.pdf

(``puzzles`` must not import ``ui``, so the command lives here, not in ``python -m puzzles``.)

The boards are :func:`ui.board.svg.render_svg` of :func:`ui.board.board_model`, the
same pictures as on screen; question, choices, answers and explanations are the
puzzles' own texts (:mod:`puzzles.explain`). A4 portrait, one or two puzzles per page.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import logging
import re
import sys
from pathlib import Path
from typing import Iterable, Sequence

from puzzles import BANDS, PUZZLE_TYPES, LANGUAGES, Puzzle, PuzzleError, check, daily_set
from puzzles import questions
from language import seat_names
from language.pdf_fonts import dejavu_files
from puzzles.explain import explanation, label, lookup, question_text
from puzzles.varied import varied_set

from ..board.model import board_model
from ..board.svg import FONT, render_svg, stock_row_svg
from ..i18n import Translator, translator
from ..labels import board_texts, double_rule_of, game_title, variant_names

#: without DejaVu Sans (language.pdf_fonts) the PDF prints Helvetica and these plain signs
_FALLBACK_SIGNS = str.maketrans({"−": "-", "→": "->", "…": "...", "—": "-", "–": "-",
                                 "“": '"', "”": '"', "‘": "'", "’": "'", "×": "x", "≥": ">=", "≤": "<="})
MAX_COUNT = 40
PAGE_W, MARGIN = 210.0, 15.0
TEXT_W = PAGE_W - 2 * MARGIN
#: Accessible titles and descriptions of the SVG: for screen readers, not for paper.
_NOT_PRINTED = re.compile(r"<(title|desc)>[^<]*</\1>")
_VIEW_BOX = re.compile(r'viewBox="([\d.-]+) ([\d.-]+) ([\d.]+) ([\d.]+)"')
logging.getLogger("fpdf.svg").setLevel(logging.ERROR)  # it notes every tag it skips


def plain_text(text: str) -> str:
    """What the PDF prints without DejaVu: Latin-1 letters, plain signs."""
    return text.translate(_FALLBACK_SIGNS).encode("latin-1", "replace").decode("latin-1")


def _letter(i: int) -> str:
    return chr(ord("A") + i) if i < 26 else str(i + 1)


def _score_line(score: dict | None) -> str:
    """The score strip the browser draws above a live board, as one line of text."""
    if not score:
        return ""
    parts = [score.get("round", "")]
    for entry in score.get("entries", []):
        extra = f" ({entry['extra']})" if entry.get("extra") else ""
        parts.append(f"{entry['label']} {entry['points']}{extra}")
    parts.append(score.get("goal", ""))
    return " · ".join(p for p in parts if p)


class _Sheet:
    """An fpdf2 document with the fonts and the few text helpers the worksheet needs."""

    def __init__(self, title: str, footer: str) -> None:
        from fpdf import FPDF  # only when a worksheet is built

        sheet = self

        class _PDF(FPDF):
            def footer(self) -> None:  # noqa: D401 - fpdf2's hook
                self.set_y(-12)
                sheet.font(8)
                self.set_text_color(110)
                self.cell(0, 6, sheet.clean(f"{footer} · {self.page_no()}"), align="C")
                self.set_text_color(0)

        self.pdf = _PDF(orientation="P", unit="mm", format="A4")
        self.pdf.set_margins(MARGIN, MARGIN, MARGIN)
        self.pdf.set_auto_page_break(True, margin=16)
        self.pdf.set_title(title)
        self.pdf.set_creator("Capicú")
        files = dejavu_files()
        self.unicode = files is not None
        if files:
            self.pdf.add_font("DejaVu", "", str(files[0]))
            self.pdf.add_font("DejaVu", "B", str(files[1]))
        self.family = "DejaVu" if self.unicode else "Helvetica"
        self.dry = False  # True while fits() tries a layout

    def clean(self, text: str) -> str:
        return text if self.unicode else plain_text(text)

    def font(self, size: float, bold: bool = False) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)

    def para(self, text: str, size: float = 11, bold: bool = False, gap: float = 1.0, indent: float = 0.0) -> None:
        self.font(size, bold)
        self.pdf.set_x(MARGIN + indent)
        self.pdf.multi_cell(TEXT_W - indent, size * 0.45, self.clean(text))
        self.pdf.ln(gap)

    def svg(self, svg: str, width: float) -> None:
        """An SVG, centred, ``width`` mm wide; a new page first if it does not fit."""
        x = MARGIN + (TEXT_W - width) / 2
        if self.dry:  # a trial layout only needs the height: the viewBox's shape gives it
            box = _VIEW_BOX.search(svg)
            vw, vh = (float(box.group(3)), float(box.group(4))) if box else (4.0, 3.0)
            self.pdf.set_y(self.pdf.get_y() + width * vh / vw)
            return
        svg = _NOT_PRINTED.sub("", svg)
        # The SVG names screen fonts in its <style>; print every text with the PDF's own.
        svg = svg.replace(FONT, self.family).replace("<svg ", f'<svg font-family="{self.family}" ', 1)
        svg = self.clean(svg)
        self.pdf.image(io.BytesIO(svg.encode("utf-8")), x=x, w=width)

    def separator(self) -> None:
        self.pdf.ln(4)
        y = self.pdf.get_y()
        self.pdf.set_draw_color(170)
        self.pdf.line(MARGIN, y, PAGE_W - MARGIN, y)
        self.pdf.ln(4)

    def fits(self, draw) -> bool:
        """Whether ``draw()`` fits on the rest of this page (tried on fpdf2's dry run)."""
        real = self.pdf
        with real.offset_rendering() as trial:
            self.pdf, self.dry = trial, True
            try:
                draw()
            finally:
                self.pdf, self.dry = real, False
        return not trial.page_break_triggered


def without_pip_totals(model: dict) -> dict:
    """The board ``model`` without the pip total beside each hand: on a puzzle's board
    (a worksheet, the projector's quiz) the student does the counting that the question
    asks for ("How many points…?", who wins the block, a Kozel penalty)."""
    model["seats"] = [{**seat, "pips": None} for seat in model.get("seats", [])]
    return model


def _board_svg(puzzle: Puzzle, lang: str, tr: Translator) -> tuple[str, str]:
    """The puzzle's board as it appears on the page (no pip totals), and its score strip as text."""
    rnd = puzzle.round()
    names = seat_names(lang, puzzle.rules, puzzle.viewer)
    model = without_pip_totals(board_model(rnd, puzzle.viewer, seat_labels=names, texts=board_texts(tr),
                                           interactive=False, hint_legal=False))
    return render_svg(model), _score_line(model.get("score"))


def _options(puzzle: Puzzle) -> list:
    kind = questions.KINDS[puzzle.question.kind]
    if kind.mode == questions.CHOICE or puzzle.options:
        return list(puzzle.options)
    return []


def _draw_puzzle(sheet: _Sheet, puzzle: Puzzle, number: int, total: int, lang: str, tr: Translator,
                 board_width: float) -> None:
    pdf = sheet.pdf
    kind = questions.KINDS[puzzle.question.kind]
    rules = puzzle.rules
    svg, score = _board_svg(puzzle, lang, tr)
    title = str(lookup(lang, f"types.{puzzle.ptype}.title"))
    level = tr(f"level.{puzzle.difficulty.band}")
    sheet.para(tr("worksheet.puzzle", n=number, total=total) + f"  ·  {title} · {game_title(tr, rules.preset_name)} · {level}",
               size=12, bold=True, gap=0.5)
    if rules.overlays:
        sheet.para(tr("puzzle.rules_in_force", rules="; ".join(variant_names(tr, rules))), size=10, gap=0.5)
    double_rule = double_rule_of(rules, kind.name)
    if double_rule is not None:  # the answer counts the ends: how a double at an end counts here
        sheet.para(tr(double_rule), size=10, gap=0.5)
    if score:
        sheet.para(score, size=10, gap=0.5)
    sheet.svg(svg, board_width)
    pdf.ln(1.5)
    if kind.name == "draw_outcome":
        rnd = puzzle.round()
        sheet.para(tr("puzzle.stock_order"), size=9.5, gap=0.5)
        sheet.svg(stock_row_svg([str(t) for t in rnd.stock[:rnd.drawable]], title=tr("board.stock")),
                  min(board_width, 12 * max(1, rnd.drawable)))
        pdf.ln(1.5)
    sheet.para(question_text(puzzle, lang), size=12, bold=True, gap=0.8)
    options = _options(puzzle)
    if options:
        if kind.multi:
            sheet.para(tr("worksheet.tick_all"), size=9.5, gap=0.5)
        for i, option in enumerate(options):
            sheet.para(f"☐ {_letter(i)}.  {label(lang, kind.name, option, rules, puzzle.viewer)}" if sheet.unicode
                       else f"[ ] {_letter(i)}.  {label(lang, kind.name, option, rules, puzzle.viewer)}", size=11, gap=0.3, indent=4)
    else:
        sheet.para(tr("worksheet.write_answer") + " " + "_" * 40, size=11, gap=0.5)


def _answer_key(sheet: _Sheet, puzzles: Sequence[Puzzle], lang: str, tr: Translator) -> None:
    pdf = sheet.pdf
    pdf.add_page()
    sheet.para(tr("worksheet.answer_key"), size=18, bold=True, gap=3)
    for number, puzzle in enumerate(puzzles, 1):
        kind = questions.KINDS[puzzle.question.kind]
        options = _options(puzzle)
        answer = label(lang, kind.name, puzzle.answer, puzzle.rules, puzzle.viewer)
        # a board question's answer is the list of the moves that answer it (either end
        # of a mirrored line): each is a right letter
        wanted = puzzle.answer if isinstance(puzzle.answer, list) else [puzzle.answer]
        letters = [_letter(i) for i, option in enumerate(options) if option in wanted]
        head = tr("worksheet.puzzle", n=number, total=len(puzzles))
        sheet.para(f"{head}: {', '.join(letters) + ' · ' if letters else ''}{answer}", size=12, bold=True, gap=0.5)
        for line in explanation(puzzle, lang):
            sheet.para(line, size=10, gap=0.2, indent=4)
        for line in distractor_lines(puzzle, lang):
            sheet.para(line, size=10, gap=0.2, indent=4)
        pdf.ln(3)


def distractor_lines(puzzle: Puzzle, lang: str) -> list[str]:
    """A line for each wrong choice of a one-answer question: its letter, the choice and why
    it is wrong ("D. 3-5 on the right end: 3-5 does not fit the right end…", "G. Draw: you
    have to play when a tile fits…"), the verdict a player gets on screen for it. A choice
    whose verdict only repeats the answer ("Not quite. The answer: 11.") gets no line: the
    explanation above already works the answer out."""
    kind = questions.KINDS[puzzle.question.kind]
    if kind.multi:
        return []
    wanted = puzzle.answer if isinstance(puzzle.answer, list) else [puzzle.answer]
    lines = []
    for i, option in enumerate(_options(puzzle)):
        if option in wanted:
            continue
        verdict = check(puzzle, option, lang)
        if verdict.correct or verdict.reason == "wrong" or not verdict.lines:
            continue
        shown = label(lang, kind.name, option, puzzle.rules, puzzle.viewer)
        lines.append(f"{_letter(i)}. {shown}: {verdict.lines[0]}")
    return lines


def worksheet_pdf(puzzles: Sequence[Puzzle], *, lang: str = "en", title: str, subtitle: str = "",
                  per_page: int = 2) -> bytes:
    """The puzzles as a PDF: a title, ``per_page`` (1 or 2) puzzles to a page, then the answer key."""
    if not puzzles:
        raise PuzzleError("a worksheet needs at least one puzzle")
    if per_page not in (1, 2):
        raise PuzzleError("per_page must be 1 or 2")
    tr = translator(lang)
    sheet = _Sheet(title, f"Capicú · {title}")
    board_width = 140.0 if per_page == 1 else 92.0
    on_page = 0
    for number, puzzle in enumerate(puzzles, 1):
        draw = lambda: _draw_puzzle(sheet, puzzle, number, len(puzzles), lang, tr, board_width)  # noqa: E731
        if number == 1:
            sheet.pdf.add_page()
            sheet.para(title, size=20, bold=True, gap=1)
            if subtitle:
                sheet.para(subtitle, size=10.5, gap=1)
            sheet.para(tr("worksheet.name_line") + " " + "_" * 30, size=11, gap=3)
        elif on_page >= per_page or not sheet.fits(lambda: (sheet.separator(), draw())):
            sheet.pdf.add_page()  # a puzzle is never split across two pages
            on_page = 0
        if on_page:
            sheet.separator()
        draw()
        on_page += 1
    _answer_key(sheet, puzzles, lang, tr)
    return bytes(sheet.pdf.output())


# ------------------------------------------------------------------ puzzle sets
def daily_worksheet(date: dt.date | str, lang: str = "en", per_page: int = 2) -> bytes:
    """The day's daily set as a worksheet."""
    day = date if isinstance(date, str) else date.isoformat()
    tr = translator(lang)
    puzzles = daily_set(day)
    return worksheet_pdf(puzzles, lang=lang, title=tr("worksheet.daily_title", date=day),
                         subtitle=tr("worksheet.subtitle", count=len(puzzles)), per_page=per_page)


def practice_set(ptype: str, game: str | None = None, level: str | None = None, count: int = 6,
                 start: int = 0) -> list[Puzzle]:
    """``count`` practice puzzles of one drill, game and level: the Practice page's sequence
    from puzzle ``start`` on, without near repeats and, where the table's rules give the
    drill one answer, mixed with a companion drill (:mod:`puzzles.varied`)."""
    if ptype not in PUZZLE_TYPES:
        raise PuzzleError(f"unknown puzzle type {ptype!r}")
    if level is not None and level not in BANDS:
        raise PuzzleError(f"unknown level {level!r}")
    if not 1 <= count <= MAX_COUNT:
        raise PuzzleError(f"count must be between 1 and {MAX_COUNT}")
    return varied_set(ptype, game, level, count, start)


def practice_worksheet(ptype: str, game: str | None = None, level: str | None = None, count: int = 6,
                       lang: str = "en", per_page: int = 2, start: int = 0) -> bytes:
    tr = translator(lang)
    puzzles = practice_set(ptype, game, level, count, start)
    title = tr("worksheet.practice_title", drill=str(lookup(lang, f"types.{ptype}.title")))
    parts = [game_title(tr, puzzles[0].rules.preset_name), tr(f"level.{level or 'any'}"),
             tr("worksheet.subtitle", count=len(puzzles))]
    return worksheet_pdf(puzzles, lang=lang, title=title, subtitle=" · ".join(parts), per_page=per_page)


# ------------------------------------------------------------------ command line
def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ui.parts.worksheet", description="Write a puzzle worksheet as PDF.")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--daily", metavar="YYYY-MM-DD", help="the daily set of this date")
    which.add_argument("--type", choices=sorted(PUZZLE_TYPES), help="a practice drill")
    parser.add_argument("--game", help="engine preset for a practice drill (default: the drill's first)")
    parser.add_argument("--level", choices=list(BANDS), help="difficulty of a practice drill")
    parser.add_argument("--count", type=int, default=6, help=f"puzzles in a practice set (1-{MAX_COUNT})")
    parser.add_argument("--lang", choices=list(LANGUAGES), default="en")
    parser.add_argument("--per-page", type=int, choices=(1, 2), default=2)
    parser.add_argument("-o", "--output", required=True, help="the PDF file to write ('-' for stdout)")
    args = parser.parse_args(list(argv) if argv is not None else None)
    try:
        if args.daily:
            try:
                day = dt.date.fromisoformat(args.daily)
            except ValueError:
                parser.error(f"not a date: {args.daily!r}")
            data = daily_worksheet(day, args.lang, args.per_page)
        else:
            game = args.game
            if game is not None and game not in PUZZLE_TYPES[args.type].presets:
                parser.error(f"{args.type} is not drilled in {game!r}: choose {', '.join(PUZZLE_TYPES[args.type].presets)}")
            data = practice_worksheet(args.type, game, args.level, args.count, args.lang, args.per_page)
    except PuzzleError as error:
        parser.error(str(error))
    if args.output == "-":
        sys.stdout.buffer.write(data)
    else:
        Path(args.output).write_bytes(data)
        print(f"{args.output}: {len(data)} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
