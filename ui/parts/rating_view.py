"""Ratings on screen: after an answer, the puzzle's rating and the player's; "puzzles at
my level" for Practice. The numbers come from ``progress`` (the store and
``progress.ratings``); only the signed-in profile's own rating is ever shown.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from progress import ProgressError
from progress.rating_store import RatedAttempt
from progress.ratings import START, Rating, nearest_band, puzzle_seed, seed_key
from puzzles import PUZZLE_TYPES

from .. import session

MINUS = "\u2212"
#: The player's choice, shared by Practice and Daily: do my answers count for the ratings?
RATED = "rated_answers"


def rated_mode_key(key: str) -> str:
    """Where a puzzle keeps whether its answer is rated (fixed when it is first shown)."""
    return f"{key}:rated_mode"


def rated_choice() -> bool:
    """The player's choice (rated unless switched off)."""
    return bool(st.session_state.get(RATED, True))


def rated_toggle(page: str, *, locked: bool | None = None) -> bool:
    """The *Rated* switch for a signed-in profile (nothing for a guest, who has no rating);
    returns the choice. ``locked``: the choice is fixed (a daily set already answered) and
    shown as it is, switched off."""
    tr = session.tr()
    if session.profile() is None:
        return rated_choice()
    if locked is not None:
        # keyed by its value: a widget keeps its first value, and another day's set may differ
        st.toggle(tr("ratings.rated_toggle"), value=locked, disabled=True, key=f"{page}_rated_locked:{int(locked)}",
                  help=tr("ratings.rated_locked"))
        return locked
    key = f"{page}_rated"
    st.toggle(tr("ratings.rated_toggle"), value=rated_choice(), key=key, help=tr("ratings.rated_help"),
              on_change=lambda: st.session_state.update({RATED: bool(st.session_state[key])}))
    return bool(st.session_state.get(key, rated_choice()))


def rating_key(key: str) -> str:
    """Where a puzzle's answer keeps what it did to the ratings (None: it did not count)."""
    return f"{key}:rated"


def signed(change: float) -> str:
    """A rating change as players read it: ``+12``, ``−7``, ``0``.

    >>> signed(11.6), signed(-7.2), signed(0.3)
    ('+12', '−7', '0')
    """
    points = round(change)
    return f"+{points}" if points > 0 else f"{MINUS}{-points}" if points < 0 else "0"


def my_rating() -> Rating | None:
    """The signed-in profile's puzzle rating (None for a guest, or before the first rated try)."""
    profile = session.profile()
    if profile is None:
        return None
    try:
        return session.store().rating(profile.id)
    except ProgressError:
        return None


def show_rating_after_answer(puzzle: Any, key: str) -> None:
    """The puzzle's rating (and the player's, when the answer counted) under the verdict."""
    tr = session.tr()
    answered = rating_key(key) in st.session_state
    change = st.session_state.get(rating_key(key))
    unrated = st.session_state.get(rated_mode_key(key)) is False
    if isinstance(change, RatedAttempt):
        lines = [tr("ratings.puzzle_rated", rating=change.puzzle.shown, before=change.puzzle_before.shown),
                 tr("ratings.yours", rating=change.player.shown, change=signed(change.change))]
    else:
        try:
            stored = session.store().puzzle_rating(puzzle.id)
        except ProgressError:
            stored = None
        lines = [tr("ratings.puzzle_rating", rating=stored.shown) if stored is not None
                 else tr("ratings.puzzle_new", rating=puzzle_seed(seed_key(puzzle.question.kind, puzzle.difficulty.band)).shown)]
        if session.profile() is None:
            lines.append(tr("ratings.guest"))
        elif answered and unrated:
            lines.append(tr("ratings.unrated_answer"))
        elif answered:
            lines.append(tr("ratings.not_counted"))
    st.caption("  \n".join(lines))


def at_my_level(ptype: str, game: str) -> tuple[str | None, str, tuple[float, float], Rating]:
    """Where "puzzles at my level" looks: ``(puzzle id, band, window, rating)``. The id
    is an unseen rated puzzle of this drill and game in the player's rating window, the
    closest to the rating; None while there is none (few puzzles rated yet), and then
    ``band`` is the one whose measured starting rating, for this drill's kinds, is nearest.
    A guest is taken as new (1500)."""
    mine = my_rating() or START
    low, high = mine.window()
    profile = session.profile()
    prefix = f"{ptype}:{game}"
    try:
        found = session.store().puzzles_in_window(profile.id if profile else None, prefix, low, high)
    except ProgressError:
        found = []
    # the prefix also matches a longer game name: the game ends at ":" or at a table variant's "+"
    found = [pid for pid, _ in found if pid[len(prefix):][:1] in (":", "+")]
    kinds = PUZZLE_TYPES[ptype].kinds if ptype in PUZZLE_TYPES else ()
    return (found[0] if found else None), nearest_band(mine.value, kinds), (low, high), mine
