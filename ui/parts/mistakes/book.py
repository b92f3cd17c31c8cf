"""Where a player's personal puzzles are kept: a profile's in the progress database (the
store's ``mistakes``), a guest's in this session (a ``progress.mistakes.MemoryMistakes``
under :data:`GUEST_MISTAKES`, gone when the visit ends)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import streamlit as st

from progress.mistakes import MemoryMistakes, Mistakes

from ... import session

#: the session-state key of a guest's personal puzzles (the pipeline stores a guest's there)
GUEST_MISTAKES = "mistakes_guest"


def guest_mistakes() -> MemoryMistakes:
    """This session's guest puzzles (made on first use)."""
    return st.session_state.setdefault(GUEST_MISTAKES, MemoryMistakes())


def mistake_book() -> tuple[Mistakes, int | None]:
    """The personal puzzles of whoever is here, and their owner (a profile id, or None)."""
    me = session.profile()
    if me is None:
        return guest_mistakes(), None
    return session.store().mistakes, me.id


@dataclass(frozen=True)
class Counts:
    """How many personal puzzles: due today, kept in all, retired (solved right twice in a row)."""

    due: int
    total: int
    retired: int


def counts(day: date) -> Counts:
    """The counts of whoever is here, on ``day`` (a store that fails raises ProgressError)."""
    book, owner = mistake_book()
    total = len(book.all(owner))
    coming = len(book.due(owner, date.max))  # every puzzle still on the schedule: one query, not one a puzzle
    return Counts(book.count_due(owner, day), total, total - coming)


def due_count(day: date) -> int:
    """How many of whoever is here's personal puzzles are due on ``day`` (ProgressError
    when the store fails)."""
    book, owner = mistake_book()
    return book.count_due(owner, day)
