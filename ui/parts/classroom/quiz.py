"""What the class quiz's two pages share: the quiz store, puzzles by id, labels, the join
link and its QR code, the live answer chart, and errors in the reader's language.

The teacher page is ``ui/pages/class_teacher.py``, the students' ``ui/pages/class_join.py``; the quiz
itself lives in the database (``classroom/quiz.py``).
"""

from __future__ import annotations

import html
import json
import os
import textwrap
from typing import Any
from urllib.parse import quote, urlsplit

import plotly.graph_objects as go
import streamlit as st

from classroom.quiz import Answer, QuestionFacts, QuizError, QuizStore
from language import action_label
from progress import Store
from progress.ratings import seed_key
from puzzles import KINDS, Puzzle, puzzle_from_id
from puzzles.explain import label

from ui import session
from ui.parts.chart_inks import inks

#: The teacher's lobby names at most this many students (the newest); the rest are a count,
#: so a crowd of names can never push the page out of shape.
LOBBY_NAMES = 60
#: The address students reach the app at, when the server sits behind a proxy.
PUBLIC_URL_ENV = "CAPICU_PUBLIC_URL"


def quizzes() -> QuizStore | None:
    """The quiz store on the progress database; None when the database can't be used."""
    store = session.store()
    if not isinstance(store, Store):
        return None
    return QuizStore(store)


def no_store_message() -> None:
    st.error(session.tr()("class.no_store"), icon=":material/cloud_off:")


@st.cache_data(show_spinner=False, max_entries=512)
def puzzle(puzzle_id: str) -> Puzzle:
    return puzzle_from_id(puzzle_id)


def question_facts(puzzle_ids) -> dict[str, QuestionFacts]:
    """What a rated quiz's reveal needs of each puzzle: its type, game and band."""
    facts = {}
    for pid in puzzle_ids:
        try:
            p = puzzle(pid)
        except Exception:  # noqa: BLE001 - a puzzle this version cannot rebuild is left unrated
            continue
        facts[pid] = QuestionFacts(p.ptype, p.rules.preset_name, seed_key(p.question.kind, p.difficulty.band))
    return facts


def error_text(error: Exception) -> str:
    """A quiz or nickname error in the reader's language, safe to show as Markdown."""
    if isinstance(error, QuizError):
        params = {name: session.plain(value) for name, value in error.params.items()}
        return session.tr()(f"class.error.{error.code}", **params)
    return session.error_message(error)  # a nickname the rules refuse, a database that failed


def value_label(p: Puzzle, value: Any, lang: str) -> str:
    """How an answer (or a student's response) to ``p`` reads."""
    kind = p.question.kind
    try:
        if KINDS[kind].mode == "board":
            moves = value if isinstance(value, (list, tuple)) else [value]
            return ", ".join(action_label(lang, m) for m in moves)
        return label(lang, kind, list(value) if isinstance(value, tuple) else value, p.rules, p.viewer)
    except Exception:  # noqa: BLE001 - a response that cannot be worded is shown as given
        return str(value)


#: The pages whose links are shared from them (their own name is not part of the server's address).
SHARED_PAGES = ("class", "table")


def app_base() -> str:
    """This server's address as the browser reached it, without the page's own name (the
    public address set for a classroom server when there is one)."""
    base = os.environ.get(PUBLIC_URL_ENV, "").strip().rstrip("/")
    if base:
        return base
    here = getattr(st.context, "url", None) or ""
    parts = urlsplit(here)
    if not (parts.scheme and parts.netloc):
        return ""
    path = parts.path.rstrip("/")
    for page in SHARED_PAGES:  # the pages a link is made on
        if path.endswith(f"/{page}"):
            path = path[: -len(page) - 1]
            break
    return f"{parts.scheme}://{parts.netloc}{path}"


def join_link(code: str) -> str:
    """The link students open (and the QR code holds): this server's ``/join?join=CODE``."""
    return f"{app_base()}/join?join={quote(code)}"


def qr_svg(text: str) -> str:
    import segno

    return segno.make(text, error="m").svg_inline(scale=8, border=2, dark="#000000", light="#ffffff")


def answer_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


#: The chart's type size on the projector: every label and number at least this many CSS
#: pixels (a figure is drawn at its size on screen, whatever the window).
CHART_PX = 24
#: Characters on one line of an option's label before it wraps (the label sits above its
#: bar, across the chart's whole width: about 22 characters fit a 1280 px laptop's column).
CHART_WRAP = 20
#: The mark beside the right answer once revealed: the colour is never the only signal.
RIGHT_MARK = "\u2713"
_LINE = 31  # px: one line of label; the chart's vertical unit
_BAR = 1.15  # a bar's thickness, in lines
_GAP = 0.75  # between one option and the next label, in lines


def _wrapped(text: str, most: int = 3) -> list[str]:
    """``text`` in lines of at most :data:`CHART_WRAP` characters, as even as they come
    (no lone last word), and at most ``most`` of them (the last then ends in "…").

    >>> _wrapped("0-1 on the left end"), _wrapped("✓ 0-1 on the left end")
    (['0-1 on the left end'], ['✓ 0-1 on the', 'left end'])
    >>> _wrapped("2-4 on the left end, 4-5 on the right end, 5-5 on the left end, pass")
    ['2-4 on the left end,', '4-5 on the right', 'end, 5-5 on the lef…']
    """
    lines = textwrap.wrap(text, CHART_WRAP) or [""]
    if len(lines) > most:
        return lines[:most - 1] + [lines[most - 1][:CHART_WRAP - 1].rstrip(" ,") + "…"]
    for width in range(-(-len(text) // len(lines)), CHART_WRAP):
        even = textwrap.wrap(text, width)
        if len(even) == len(lines):
            return even
    return lines


def answers_figure(p: Puzzle, answers: list[Answer], lang: str, *, revealed: bool) -> go.Figure:
    """A bar per option (or per move given on the board): how many chose it, the option's
    label above its bar and the count at its end, on a light track the full width. Once
    revealed the right one is green, bold and marked ✓, the others grey. Sized for the
    projector (the teacher's page): every text :data:`CHART_PX` px."""
    kind = p.question.kind
    counts: dict[str, int] = {}
    labels: dict[str, str] = {}
    right: set[str] = set()
    if KINDS[kind].mode != "board" and not KINDS[kind].multi:
        for option in p.options:  # every option gets its bar, chosen or not
            k = answer_key(option)
            counts[k], labels[k] = 0, value_label(p, option, lang)
    for a in answers:
        value = sorted(a.response) if isinstance(a.response, list) and KINDS[kind].multi else a.response
        k = answer_key(value)
        counts[k] = counts.get(k, 0) + 1
        labels.setdefault(k, value_label(p, value, lang))
        if a.correct:
            right.add(k)
    if KINDS[kind].mode != "board":  # the right option is green even when nobody chose it
        right.add(answer_key(sorted(p.answer) if KINDS[kind].multi else p.answer))
    keys = list(counts)
    values = [counts[k] for k in keys]
    end = max(1, *values) * 1.16 if values else 1  # room past the longest bar for its number
    ink, good, _ = inks()  # the page's theme: dark labels on a dark page would vanish
    centres, notes, y = [], [], 0.0
    for k in keys:
        marked = revealed and k in right
        # Plotly reads a few HTML tags in labels: a crafted response must show as text
        lines = _wrapped(f"{RIGHT_MARK} {labels[k]}" if marked else labels[k])
        text = "<br>".join(html.escape(line) for line in lines)
        notes.append(dict(x=0, xref="paper", y=y, yref="y", xanchor="left", yanchor="top", align="left",
                          showarrow=False, text=f"<b>{text}</b>" if marked else text,
                          font=dict(size=CHART_PX, color=good if marked else ink)))
        y += len(lines) + 0.12
        centres.append(y + _BAR / 2)
        y += _BAR + _GAP
    colors = ["#2e7d32" if revealed and k in right else "#9e9e9e" if revealed else "#1f77b4" for k in keys]
    bars = dict(y=centres, width=[_BAR] * len(keys), orientation="h", hoverinfo="skip")
    figure = go.Figure([
        go.Bar(x=[end] * len(keys), marker_color="rgba(49, 51, 63, 0.07)", **bars),  # the track
        # the count just past the bar's end: a bar of 0 still says 0
        go.Bar(x=values, marker_color=colors, text=[f"<b>{v}</b>" for v in values], textposition="outside",
               textfont=dict(size=CHART_PX, color=ink), cliponaxis=False, **bars),
    ])
    total = max(y - _GAP, 1.0)
    figure.update_layout(
        height=int(total * _LINE) + 12, margin=dict(l=2, r=2, t=6, b=6), barmode="overlay",
        # no axes: each bar carries its label and its number
        xaxis=dict(visible=False, range=[0, end], fixedrange=True),
        yaxis=dict(visible=False, range=[total, 0], fixedrange=True),
        annotations=notes, font=dict(size=CHART_PX, color=ink), showlegend=False,
        uniformtext=dict(minsize=CHART_PX, mode="show"), plot_bgcolor="rgba(0,0,0,0)", paper_bgcolor="rgba(0,0,0,0)",
    )
    return figure
