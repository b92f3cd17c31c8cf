"""What the class quiz's two pages share: the quiz store, puzzles by id, labels, the join
link and its QR code, the live answer chart, and errors in the reader's language.

The teacher page is ``ui/class_teacher.py``, the students' ``ui/class_join.py``; the quiz
itself lives in the database (``progress/quiz.py``).
"""

from __future__ import annotations

import html
import json
import os
from typing import Any
from urllib.parse import quote, urlsplit

import plotly.graph_objects as go
import streamlit as st

from progress import ProfileError, Store
from progress.quiz import Answer, QuizError, QuizStore
from puzzles import KINDS, Puzzle, puzzle_from_id
from puzzles.explain import action_label, label

from . import session

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


def error_text(error: Exception) -> str:
    """A quiz or nickname error in the reader's language, safe to show as Markdown."""
    tr = session.tr()
    params = {name: session.plain(value) for name, value in getattr(error, "params", {}).items()}
    if isinstance(error, QuizError):
        return tr(f"class.error.{error.code}", **params)
    if isinstance(error, ProfileError):
        return tr(f"error.{error.code}", **params)
    return session.plain(str(error))


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


def join_link(code: str) -> str:
    """The link students open (and the QR code holds): this server's ``/join?join=CODE``."""
    base = os.environ.get(PUBLIC_URL_ENV, "").strip().rstrip("/")
    if not base:
        here = getattr(st.context, "url", None) or ""
        parts = urlsplit(here)
        if parts.scheme and parts.netloc:
            path = parts.path.rstrip("/")
            if path.endswith("/class"):
                path = path[: -len("/class")]
            base = f"{parts.scheme}://{parts.netloc}{path}"
    return f"{base}/join?join={quote(code)}"


def qr_svg(text: str) -> str:
    import segno

    return segno.make(text, error="m").svg_inline(scale=8, border=2, dark="#000000", light="#ffffff")


def answer_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def answers_figure(p: Puzzle, answers: list[Answer], lang: str, *, revealed: bool) -> go.Figure:
    """A bar per option (or per move given on the board): how many chose it; once revealed,
    the right one is green."""
    tr = session.tr()
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
    # Plotly reads a few HTML tags in labels: a crafted response must show as text
    shown = [html.escape(labels[k][:80]) for k in keys]
    colors = ["#2e7d32" if revealed and k in right else "#9e9e9e" if revealed else "#1f77b4" for k in keys]
    figure = go.Figure(go.Bar(
        x=[counts[k] for k in keys], y=shown, orientation="h", marker_color=colors,
        text=[counts[k] for k in keys], textposition="inside", insidetextanchor="end", textangle=0,
        hoverinfo="skip",
    ))
    figure.update_layout(
        height=max(220, 60 * len(keys) + 80), margin=dict(l=10, r=10, t=30, b=30),
        xaxis=dict(title=tr("class.chart_axis"), rangemode="tozero", dtick=1 if len(answers) < 15 else None),
        # labels such as "22" must stay categories, in the options' order, first on top
        yaxis=dict(type="category", categoryorder="array", categoryarray=shown, autorange="reversed",
                   automargin=True), font=dict(size=18), showlegend=False,
    )
    return figure
