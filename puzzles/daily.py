"""The daily puzzles: the same five for everyone, everywhere, chosen by a rule from the date.

The date's ISO text is hashed with SHA-256 (never ``hash()``, never the clock); that
number picks five different puzzle types and their seeds. Slot bands rise from easy to
hard, and the set is ordered by measured difficulty. On one day in three (a further byte
of the same hash) the hard slot asks a strategy puzzle instead (``best_move`` or
``where_tile``): the other days keep the set they had before those types existed.

>>> [p.difficulty.band for p in daily_set("2026-11-29")]
['easy', 'easy', 'medium', 'medium', 'hard']
>>> len({p.ptype for p in daily_set("2026-11-29")})
5
>>> [daily_plan(day)[-1][0] for day in ("2026-11-29", "2026-06-06")]
['kozel', 'best_move']
>>> share_text("2026-11-29", [True, True, False, True, True])
'Capicú daily 2026-11-29 ✅✅❌✅✅ 4/5'
>>> share_text("2026-11-29", [True, None], lang="nl")
'Capicú-dagpuzzel 2026-11-29 ✅⬜⬜⬜⬜ 1/5'
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import random
from functools import lru_cache
from typing import Iterable

from .explain import check_lang, lookup
from .generators import PUZZLE_TYPES, STRATEGY_TYPES
from .model import BANDS, Puzzle, PuzzleError
from .pipeline import generate

DAILY_SIZE = 5
SLOT_BANDS = ("easy", "easy", "medium", "medium", "hard")
MARKS = {True: "✅", False: "❌", None: "⬜"}
#: The types the five slots draw from (the strategy types only ever take the hard slot).
CLASSIC_TYPES = tuple(t for t in PUZZLE_TYPES if t not in STRATEGY_TYPES)
#: One day in this many, the hard slot is a strategy puzzle.
STRATEGY_EVERY = 3


def iso_date(date: _dt.date | str) -> str:
    """``YYYY-MM-DD`` for a date or a date string; a plain error for anything else."""
    if isinstance(date, _dt.datetime):
        date = date.date()
    if isinstance(date, _dt.date):
        return date.isoformat()
    text = str(date).strip()
    try:
        parsed = _dt.date.fromisoformat(text)
    except ValueError:
        parsed = None
    if parsed is None or len(text) != 10 or parsed.isoformat() != text:
        raise PuzzleError(f"bad date {str(date)!r}: write YYYY-MM-DD, for example 2026-11-29")
    return text


def daily_seed(date: _dt.date | str) -> int:
    """The day's number: the first 64 bits of SHA-256 of ``capicu-daily:YYYY-MM-DD``."""
    digest = hashlib.sha256(f"capicu-daily:{iso_date(date)}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def daily_plan(date: _dt.date | str) -> list[tuple[str, int, str]]:
    """(type, seed, band) of each slot, before generation.

    Bytes 8-15 of the date's SHA-256 decide the strategy day: ``n % 3 == 0`` puts
    ``STRATEGY_TYPES[(n // 3) % 2]`` in the hard slot, with the seed ``(n // 6) % 10**9``.
    """
    seed = daily_seed(date)
    rng = random.Random(seed)
    types = rng.sample(list(CLASSIC_TYPES), DAILY_SIZE)
    plan = [(ptype, rng.randrange(1_000_000_000), band) for ptype, band in zip(types, SLOT_BANDS)]
    digest = hashlib.sha256(f"capicu-daily:{iso_date(date)}".encode()).digest()
    n = int.from_bytes(digest[8:16], "big")
    if n % STRATEGY_EVERY == 0:
        plan[-1] = (STRATEGY_TYPES[(n // STRATEGY_EVERY) % len(STRATEGY_TYPES)],
                    (n // (STRATEGY_EVERY * len(STRATEGY_TYPES))) % 1_000_000_000, SLOT_BANDS[-1])
    return plan


@lru_cache(maxsize=32)
def _daily(iso: str) -> tuple[Puzzle, ...]:
    puzzles = [generate(ptype, seed, difficulty=band) for ptype, seed, band in daily_plan(iso)]
    puzzles.sort(key=lambda p: (BANDS.index(p.difficulty.band), p.difficulty.score, p.id))
    return tuple(puzzles)


def daily_set(date: _dt.date | str) -> list[Puzzle]:
    """The day's puzzles, easiest first."""
    return list(_daily(iso_date(date)))


def share_text(date: _dt.date | str, results: Iterable[bool | None], lang: str = "en") -> str:
    """A spoiler-free line to share: the date, one mark per puzzle, the score.

    ``results`` holds True (solved), False (missed) or None (not tried) per puzzle.
    """
    check_lang(lang)
    marks = list(results)
    if len(marks) > DAILY_SIZE or any(m not in MARKS for m in marks):
        raise PuzzleError(f"results must be up to {DAILY_SIZE} values, each true, false or null")
    marks += [None] * (DAILY_SIZE - len(marks))
    title = lookup(lang, "daily.share").format(date=iso_date(date))
    score = lookup(lang, "daily.score").format(right=sum(m is True for m in marks), total=DAILY_SIZE)
    return f"{title} {''.join(MARKS[m] for m in marks)} {score}"


__all__ = ["CLASSIC_TYPES", "DAILY_SIZE", "SLOT_BANDS", "STRATEGY_EVERY", "daily_plan", "daily_seed", "daily_set", "iso_date", "share_text"]
