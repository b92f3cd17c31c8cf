"""Printable worksheets: the PDF's pages and text, in every language, and the command line."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

import pytest

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("fpdf")

from puzzles import daily_set  # noqa: E402
from puzzles.explain import explanation, question_text  # noqa: E402
from language.pdf_fonts import dejavu_files  # noqa: E402
from ui.parts import worksheet  # noqa: E402
from ui.i18n import translator  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DAY = "2026-11-29"


def _pages(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF-")
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [" ".join((page.extract_text() or "").split()) for page in reader.pages]


def _flat(text: str) -> str:
    """A text as the PDF holds it: one line, and plain signs when DejaVu is not installed."""
    return " ".join((text if dejavu_files() else worksheet.plain_text(text)).split())


def _key_start(pages: list[str], lang: str) -> int:
    heading = translator(lang)("worksheet.answer_key")
    starts = [i for i, text in enumerate(pages) if text.startswith(heading)]
    assert len(starts) == 1, f"one answer key heading, found on pages {starts}"
    return starts[0]


@pytest.mark.parametrize("lang", ["en", "nl", "pt", "es"])
def test_daily_worksheet_questions_then_answer_key(lang):
    puzzles = daily_set(DAY)
    pages = _pages(worksheet.daily_worksheet(DAY, lang))
    key = _key_start(pages, lang)
    questions_text, key_text = " ".join(pages[:key]), " ".join(pages[key:])
    tr = translator(lang)
    assert tr("worksheet.daily_title", date=DAY) in pages[0]
    assert 1 <= key <= len(puzzles)  # one or two puzzles to a page
    for number, puzzle in enumerate(puzzles, 1):
        # The question (its first words: a long one wraps) is on a question page, never in the key.
        first_words = " ".join(_flat(question_text(puzzle, lang)).split()[:4])
        assert first_words in questions_text
        assert tr("worksheet.puzzle", n=number, total=len(puzzles)) in key_text
        for line in explanation(puzzle, lang):
            words = " ".join(_flat(line).split()[:3])
            assert words in key_text, line
            if len(line) > 30:  # an explanation never shows on the question pages
                assert _flat(line) not in questions_text, line


def test_each_puzzle_stays_on_one_page_and_pages_hold_at_most_two():
    puzzles = daily_set(DAY)
    tr = translator("en")
    pages = _pages(worksheet.daily_worksheet(DAY, "en", per_page=2))
    key = _key_start(pages, "en")
    seen = []
    for page in pages[:key]:
        heads = [n for n in range(1, len(puzzles) + 1) if tr("worksheet.puzzle", n=n, total=len(puzzles)) in page]
        assert 1 <= len(heads) <= 2
        seen += heads
    assert seen == list(range(1, len(puzzles) + 1))
    one = _pages(worksheet.daily_worksheet(DAY, "en", per_page=1))
    assert _key_start(one, "en") == len(puzzles)


def test_boards_are_vector_drawings_not_pictures():
    data = worksheet.daily_worksheet(DAY, "en")
    reader = pypdf.PdfReader(io.BytesIO(data))
    page = reader.pages[0]
    assert not page.images  # the SVG became PDF paths, not a raster image
    assert len(page.get_contents().get_data()) > 20_000


def test_practice_worksheet_and_its_limits():
    started = time.perf_counter()
    data = worksheet.practice_worksheet("block_count", "laplaza_partners", None, 4, "es")
    elapsed = time.perf_counter() - started
    pages = _pages(data)
    tr = translator("es")
    assert "Práctica" in pages[0]
    key = _key_start(pages, "es")
    assert all(tr("worksheet.puzzle", n=n, total=4) in " ".join(pages[key:]) for n in range(1, 5))
    assert elapsed < 20  # about 1 s on this machine
    with pytest.raises(worksheet.PuzzleError):
        worksheet.practice_set("nonsense")
    with pytest.raises(worksheet.PuzzleError):
        worksheet.practice_set("block_count", count=0)
    with pytest.raises(worksheet.PuzzleError):
        worksheet.worksheet_pdf([], title="x")


def test_no_streamlit_at_import():
    code = "import sys, ui.parts.worksheet; print('streamlit' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_command_line(tmp_path):
    out = tmp_path / "daily.pdf"
    done = subprocess.run([sys.executable, "-m", "ui.parts.worksheet", "--daily", DAY, "--lang", "nl", "-o", str(out)],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    pages = _pages(out.read_bytes())
    assert "Dagpuzzels" in pages[0] and _key_start(pages, "nl") > 0
    bad = subprocess.run([sys.executable, "-m", "ui.parts.worksheet", "--daily", "2026-13-45", "-o", str(out)],
                         cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


@pytest.mark.parametrize("page", ["daily", "practice"])
def test_pages_offer_the_worksheet_download(page):
    from tests.ui.conftest import open_app

    at = open_app(page, lang="pt")
    buttons = at.get("download_button")
    assert len(buttons) == 1
    assert buttons[0].proto.label == translator("pt")("worksheet.download")


@pytest.mark.parametrize(("ptype", "game"), [("block_count", "laplaza_partners"), ("round_score", None),
                                              ("kozel", "kozel")])
def test_counting_drills_do_not_print_the_count(ptype, game):
    """Review C18: the board of a counting drill shows the hands, not each hand's pip
    total (the sum the student is asked to find)."""
    from ui.labels import board_texts

    tr = translator("es")
    word = board_texts(tr)["pips"]
    puzzles = worksheet.practice_set(ptype, game, None, 4)
    for puzzle in puzzles:
        rnd = puzzle.round()
        svg, _ = worksheet._board_svg(puzzle, "es", tr)
        for seat in range(rnd.n):
            if rnd.hand(seat):
                assert f">{rnd.pips(seat)} {word}<" not in svg, (puzzle.id, seat)


@pytest.mark.parametrize("lang", ["en", "nl", "pt", "es"])
def test_the_key_gives_the_board_questions_letter_and_a_line_on_each_distractor(lang):
    """Review C19: the daily set's board question (the best All Fives play, choices A-H)
    has its letter in the key, and each wrong choice a line saying why (an illegal end,
    a draw or a pass while a tile fits, a play that scores less)."""
    from puzzles import check
    from puzzles.explain import label

    puzzles = daily_set(DAY)
    number, board = next((n, p) for n, p in enumerate(puzzles, 1) if p.question.kind == "fives_best")
    options = list(board.options)
    right = [i for i, o in enumerate(options) if o in board.answer]
    assert right and len(options) == 8
    pages = _pages(worksheet.daily_worksheet(DAY, lang))
    key_text = " ".join(pages[_key_start(pages, lang):])
    tr = translator(lang)
    head = tr("worksheet.puzzle", n=number, total=len(puzzles))
    answer = label(lang, "fives_best", board.answer, board.rules, board.viewer)
    assert _flat(f"{head}: {worksheet._letter(right[0])} · {answer}") in key_text
    lines = worksheet.distractor_lines(board, lang)
    assert len(lines) == len(options) - len(right)  # every distractor, D F G H included
    for i, option in enumerate(options):
        if i in right:
            continue
        why = check(board, option, lang).lines[0]
        line = next(x for x in lines if x.startswith(f"{worksheet._letter(i)}. "))
        assert why in line
        assert " ".join(_flat(line).split()[:4]) in key_text


def test_the_kozel_who_leads_next_worksheet_has_variety():
    """Review C17: six puzzles of *Who leads next?* at Kozel, and the Kozel penalties."""
    from puzzles.varied import look

    leads = worksheet.practice_set("next_leader", "kozel", None, 6)
    assert len({str(p.answer) for p in leads}) >= 3
    penalties = worksheet.practice_set("kozel", "kozel", "medium", 4)
    assert len({look(p) for p in penalties}) == 4
    pages = _pages(worksheet.worksheet_pdf(leads, lang="en", title="Kozel"))
    assert len(pages) >= 2


@pytest.mark.parametrize("lang", ["en", "nl", "pt", "es"])
def test_an_all_fives_count_worksheet_says_how_a_double_at_an_end_counts(lang):
    """The answer of a count of the ends depends on the table's rule for a double at an end:
    the sheet states it, as the page does, before the question (texts review)."""
    from ui.labels import double_rule_of

    puzzles = worksheet.practice_set("fives", "all_fives", None, 2)
    rules = [double_rule_of(p.rules, p.question.kind) for p in puzzles]
    assert all(rules), "every count of the ends has a rule to state"
    text = " ".join(_pages(worksheet.worksheet_pdf(puzzles, lang=lang, title="x")))
    for key in set(rules):
        assert _flat(translator(lang)(key)) in text
    # a drill that counts no ends states no such rule
    block = " ".join(_pages(worksheet.practice_worksheet("block_count", "laplaza_partners", None, 1, lang)))
    assert _flat(translator(lang)("puzzle.double_once")) not in block
