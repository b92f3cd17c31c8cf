"""The values saved progress is made of: profiles, attempts, and the attempts table.

A profile name is user text, so it is cleaned and checked here, once, for every store:

>>> clean_name("  Ana   María ")
'Ana María'
>>> name_key("ANA maría") == name_key("Ana María")
True
>>> clean_name("a\\tb")
Traceback (most recent call last):
...
storage.errors.ProfileError: a profile name cannot contain control characters

An attempt is one try at one puzzle; the caller gives the player's local date:

>>> from datetime import date
>>> a = Attempt("2026-11-29/1", "count_points", "all_fives", True, 8200, date(2026, 11, 29),
...             daily=date(2026, 11, 29))
>>> df = attempts_frame([a])
>>> df[["puzzle_type", "correct", "time_ms"]].to_dict("records")
[{'puzzle_type': 'count_points', 'correct': True, 'time_ms': 8200}]
>>> df.loc[0, "day"].date(), df.loc[0, "daily"].date()
(datetime.date(2026, 11, 29), datetime.date(2026, 11, 29))
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from functools import lru_cache
from typing import Iterable

import pandas as pd

from storage.database import TEXT_LIMIT
from storage.errors import ProfileError

NAME_LIMIT = 40

# Control characters (Cc), lone surrogates (Cs, which cannot even be stored as UTF-8),
# line/paragraph separators, and the bidirectional overrides and isolates that can make
# one name look like another ("evil" written to display as "live").
_FORBIDDEN_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}
_BIDI_CONTROLS = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
_SPACES = re.compile(r"\s+")
# Characters that show nothing, or nothing of their own, so that "Ana" and "Ana" + one of
# them read the same: format characters (Cf: zero-width space, word joiner, BOM, soft
# hyphen, Arabic letter mark, Mongolian vowel separator, tag characters…), private-use
# and unassigned code points, and the rest of Unicode's Default_Ignorable_Code_Point
# (DerivedCoreProperties.txt) that are letters or marks: the combining grapheme joiner,
# Hangul fillers, Khmer inherent vowels, Mongolian variation selectors.
_INVISIBLE_CATEGORIES = {"Cf", "Co", "Cn"}
_INVISIBLE = set("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0")
# Variation selectors only pick how a character is drawn (❤ or ❤️, as phones type it):
# they are dropped, so a name with one is the same name as without.
_VARIATION_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
# A zero-width joiner between two emoji makes one picture of them (👩 + 💻 = 👩‍💻, a family,
# a flag with a rainbow): a phone's keyboard writes it, and it shows. Anywhere else it is
# invisible and stays refused. Emoji here: the blocks of pictographs, symbols and arrows
# that the joined emoji of Unicode's list are made of (skin tones included).
_ZWJ = "\u200d"
_EMOJI_BLOCKS = ((0x1F000, 0x1FAFF), (0x2190, 0x2BFF))


def _emoji(ch: str) -> bool:
    return any(low <= ord(ch) <= high for low, high in _EMOJI_BLOCKS)


def _joins_emoji(text: str, i: int) -> bool:
    """Whether the zero-width joiner at ``text[i]`` stands between two emoji."""
    return 0 < i < len(text) - 1 and _emoji(text[i - 1]) and _emoji(text[i + 1])


def clean_name(text: str) -> str:
    """A profile name or class nickname as it will be saved and shown, or a
    :class:`ProfileError` (the one name rule of every store and of the class quiz).

    Unicode is NFKC-normalised (so "é" typed two ways, or a full-width "Ａｎａ", is one
    name), variation selectors are dropped, outer whitespace is stripped and inner runs of
    spaces become one space; then the name must have 1 to 40 characters, no control
    characters and no invisible ones (a zero-width joiner between two emoji, as in 👩‍💻,
    is part of the picture, not invisible). Names that differ but look alike are refused
    against the names already taken by :func:`refuse_look_alike`.
    """
    if not isinstance(text, str):
        raise ProfileError("name_empty")
    for ch in text:  # before normalising: NFKC may turn some of these into visible text
        if unicodedata.category(ch) in _FORBIDDEN_CATEGORIES or ch in _BIDI_CONTROLS:
            raise ProfileError("name_control")
    text = unicodedata.normalize("NFKC", _VARIATION_SELECTORS.sub("", text)).strip()
    for i, ch in enumerate(text):
        if unicodedata.category(ch) in _FORBIDDEN_CATEGORIES or ch in _BIDI_CONTROLS:
            raise ProfileError("name_control")
        if ch == _ZWJ and _joins_emoji(text, i):
            continue
        if unicodedata.category(ch) in _INVISIBLE_CATEGORIES or ch in _INVISIBLE:
            raise ProfileError("name_invisible")
    text = _SPACES.sub(" ", text)
    if not text:
        raise ProfileError("name_empty")
    if len(text) > NAME_LIMIT:
        raise ProfileError("name_too_long", limit=NAME_LIMIT)
    return text


def name_key(name: str) -> str:
    """What makes two names the same profile: case-insensitive, compatibility-folded.

    The database keeps this key under a unique constraint, so "Ana" and "ANA" cannot
    both exist even when two sessions create them at the same moment.

    >>> name_key("Straße") == name_key("STRASSE")
    True
    """
    return unicodedata.normalize("NFKC", clean_name(name)).casefold()


def name_skeleton(name: str) -> str:
    """What a name looks like: the confusable skeleton of Unicode TR 39 (each character
    replaced by the prototype it can be mistaken for, e.g. Cyrillic "А" by Latin "A",
    "rn" for "m"), case-folded and taken again, as :func:`name_key` ignores case. Two
    names with one skeleton read the same.

    >>> name_skeleton("Ana") == name_skeleton("\u0410na") == name_skeleton("ANA")
    True
    >>> name_skeleton("Il") == name_skeleton("ll"), name_skeleton("Ana") == name_skeleton("Ada")
    (True, False)
    """
    # first as typed (a capital I looks like a small l), then case-folded
    return _skeleton(_skeleton(clean_name(name)).casefold())


def _skeleton(text: str) -> str:
    text = unicodedata.normalize("NFD", text)
    prototypes = _prototypes()
    for _ in range(3):  # a prototype string is made of prototypes: one more pass settles it
        mapped = unicodedata.normalize("NFD", "".join(prototypes.get(ch, ch) for ch in text))
        if mapped == text:
            break
        text = mapped
    return text


def refuse_look_alike(name: str, taken: Iterable[str]) -> str:
    """The cleaned name, or ``ProfileError("name_look_alike")`` when it is not one of the
    ``taken`` names but reads the same as one (same skeleton, another :func:`name_key`:
    "Ana" and "Аna" with a Cyrillic А). The same name itself is the store's
    ``name_taken`` (a unique key), not this."""
    shown = clean_name(name)
    key, skeleton = name_key(shown), name_skeleton(shown)
    for other in taken:
        if name_key(other) != key and name_skeleton(other) == skeleton:
            raise ProfileError("name_look_alike", name=shown, other=other)
    return shown


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each character of Unicode's confusables.txt mapped to its prototype.

    ``confusable_homoglyphs`` keeps the file's pairs (source → prototype) both ways: a
    source has one neighbour, its prototype; a prototype has all its sources, and a
    multi-character prototype ("rn") is never a source. A pair alone (one source, one
    prototype, neither known otherwise) cannot be told apart, and need not be: mapping
    either onto the other (the smaller) gives the same names one skeleton.
    """
    from confusable_homoglyphs.confusables import confusables_data

    mapping: dict[str, str] = {}
    for char, entries in confusables_data.items():
        if len(char) != 1 or len(entries) != 1:
            continue  # a prototype (or a sequence): kept as it is
        target = entries[0]["c"]
        if len(target) > 1 or len(confusables_data.get(target, ())) > 1 or target < char:
            mapping[char] = target
    return mapping


@dataclass(frozen=True)
class Profile:
    """A learner: a name picked or created on this device, open to anyone who picks it
    unless it has a PIN (progress/accounts.py)."""

    id: int
    name: str
    created_at: datetime


def _now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class Attempt:
    """One try at one puzzle, kept as it happened.

    ``day`` is the player's local date (the caller knows the player's time zone; the
    server does not). ``daily`` is the date of the daily set the puzzle belongs to, or
    ``None`` for practice. ``at`` is the moment, stored in UTC; a naive datetime is read
    as local time.
    """

    puzzle_id: str
    puzzle_type: str
    game: str
    correct: bool
    time_ms: int
    day: date
    daily: date | None = None
    at: datetime = field(default_factory=_now)

    def __post_init__(self) -> None:
        # A caller's mistake, not user input: plain ValueErrors, found by tests.
        for name in ("puzzle_id", "puzzle_type", "game"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value or len(value) > TEXT_LIMIT:
                raise ValueError(f"Attempt.{name} must be text of 1 to {TEXT_LIMIT} characters, not {value!r}")
        if not isinstance(self.correct, bool):
            raise ValueError(f"Attempt.correct must be True or False, not {self.correct!r}")
        if isinstance(self.time_ms, bool) or not isinstance(self.time_ms, int) or self.time_ms < 0:
            raise ValueError(f"Attempt.time_ms must be a whole number of milliseconds >= 0, not {self.time_ms!r}")
        for name in ("day", "daily"):
            value = getattr(self, name)
            # datetime is a subclass of date: refuse it, or the time would be silently lost
            if (value is not None or name == "day") and (not isinstance(value, date) or isinstance(value, datetime)):
                raise ValueError(f"Attempt.{name} must be a date, not {value!r}")
        if not isinstance(self.at, datetime):
            raise ValueError(f"Attempt.at must be a datetime, not {self.at!r}")
        object.__setattr__(self, "at", self.at.astimezone(timezone.utc))


#: What becomes of a match against the bots.
GAME_STATUSES = ("playing", "finished", "abandoned")
#: what a saved game is: a match against the bots (``matches.game.Game.to_dict()``), or a
#: round played at a real table and written down on the analysis board
#: (``{"table": matches.companion.TableGame.to_dict(), "review": ...}``)
GAME_KINDS = ("match", "table")
#: A saved game's record (JSON) is kept whole up to this size; a match is a few KB.
RECORD_LIMIT = 1_000_000


@dataclass(frozen=True)
class SavedGame:
    """One match against the bots (``kind`` "match") or one round recorded at a real table
    (``kind`` "table"): its record (setup, every action, each round's review, as JSON-able
    data) and a summary for the progress page.

    ``decisions`` counts the graded choices so far, ``best`` those graded best, and
    ``points_lost`` the expected points they lost in all.
    """

    game: str
    status: str
    record: dict
    decisions: int = 0
    best: int = 0
    points_lost: float = 0.0
    started_at: datetime = field(default_factory=_now)
    updated_at: datetime = field(default_factory=_now)
    id: int | None = None
    kind: str = "match"

    def __post_init__(self) -> None:
        if not isinstance(self.game, str) or not self.game or len(self.game) > TEXT_LIMIT:
            raise ValueError(f"SavedGame.game must be text of 1 to {TEXT_LIMIT} characters, not {self.game!r}")
        if self.status not in GAME_STATUSES:
            raise ValueError(f"SavedGame.status must be one of {', '.join(GAME_STATUSES)}, not {self.status!r}")
        if self.kind not in GAME_KINDS:
            raise ValueError(f"SavedGame.kind must be one of {', '.join(GAME_KINDS)}, not {self.kind!r}")
        if not isinstance(self.record, dict):
            raise ValueError("SavedGame.record must be a dict")
        if not 0 <= self.best <= self.decisions:
            raise ValueError(f"SavedGame.best must be from 0 to decisions, not {self.best!r}")
        if not self.points_lost >= 0:
            raise ValueError(f"SavedGame.points_lost must be 0 or more, not {self.points_lost!r}")

    @property
    def accuracy(self) -> float | None:
        return self.best / self.decisions if self.decisions else None


#: The columns of an attempts table, in order, with their dtypes. ``day`` and ``daily``
#: are midnight timestamps (``daily`` is NaT for practice) so pandas can group by them.
ATTEMPT_COLUMNS: dict[str, str] = {
    "id": "int64",
    "puzzle_id": "str",
    "puzzle_type": "str",
    "game": "str",
    "correct": "bool",
    "time_ms": "int64",
    "day": "datetime64[us]",
    "daily": "datetime64[us]",
    "at": "datetime64[us, UTC]",
}


def attempts_frame(attempts: Iterable[Attempt], ids: Iterable[int] | None = None) -> pd.DataFrame:
    """The attempts as a table with :data:`ATTEMPT_COLUMNS`, oldest first; empty works too.

    ``ids`` are the stored row ids; without them the rows are numbered from 1.

    >>> attempts_frame([]).columns.tolist()
    ['id', 'puzzle_id', 'puzzle_type', 'game', 'correct', 'time_ms', 'day', 'daily', 'at']
    """
    rows = list(attempts)
    id_list = list(ids) if ids is not None else list(range(1, len(rows) + 1))
    data = {
        "id": id_list,
        "puzzle_id": [a.puzzle_id for a in rows],
        "puzzle_type": [a.puzzle_type for a in rows],
        "game": [a.game for a in rows],
        "correct": [a.correct for a in rows],
        "time_ms": [a.time_ms for a in rows],
        "day": [pd.Timestamp(a.day) for a in rows],
        "daily": [pd.Timestamp(a.daily) if a.daily is not None else pd.NaT for a in rows],
        "at": [pd.Timestamp(a.at) for a in rows],
    }
    frame = pd.DataFrame(data).astype(ATTEMPT_COLUMNS)
    return frame.sort_values(["at", "id"], kind="stable").reset_index(drop=True)
