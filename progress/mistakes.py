"""Personal puzzles: a player's own clear mistakes, proven, kept and brought back.

A decision of the player's that the review graded a clear *mistake* or *blunder* becomes a
:class:`PersonalPuzzle` once the AI has proven that a better move exists
(``strategy.mistake_proof``; the pipeline that offers decisions for proving is
``matches.mistake_offers``). It is kept per owner: a guest's in a :class:`MemoryMistakes`
held by the session, a profile's in the database (:class:`SavedMistakes`, the table
``capicu_mistakes``). A new puzzle is due the day it is made (the player may try it at
once), then comes back on the spaced-repetition schedule (:mod:`progress.repetition`: 1,
3, 7 then 21 days); two right answers at due reviews retire it. The same mistake made
twice is one puzzle (its id hashes the position, the seat and the move).

>>> from datetime import date
>>> from engine import Rules, deal
>>> from engine.notation import position_to_dict
>>> rnd = deal(Rules.preset("draw", players=2), seed="doc")
>>> p = PersonalPuzzle.make(position_to_dict(rnd), rnd.turn, str(rnd.legal_actions()[0]),
...                         answers=(str(rnd.legal_actions()[1]),), values={}, margin_low=1.0, deals=1,
...                         exact=True, grade="mistake", source="play", made_on=date(2026, 12, 1))
>>> memo = MemoryMistakes()
>>> memo.add(None, p), memo.add(None, p)            # the same mistake twice is one puzzle
(True, False)
>>> [q.id for q in memo.due(None, date(2026, 12, 1))] == [p.id]   # due the day it is made
True
>>> memo.answer(None, p.id, True, date(2026, 12, 1))
>>> memo.count_due(None, date(2026, 12, 1)), memo.count_due(None, date(2026, 12, 2))
(0, 1)
>>> PersonalPuzzle.from_json(p.to_json()) == p
True
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import asdict, dataclass, field
from datetime import date, datetime, timezone
from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy import exc
from sqlalchemy.engine import Connection

from engine import Round, SeatView
from engine.notation import position_from_dict
from progress.repetition import Review, schedule
from storage.database import mistakes_table
from storage.errors import ProfileError

#: The ``puzzle_type`` of a personal puzzle in the repetition schedule and in attempts.
PUZZLE_TYPE = "mine"
#: Where a decision was made.
SOURCES = ("play", "table", "class_table", "analysis")
#: The grades that make a personal puzzle.
GRADES = ("mistake", "blunder")


def puzzle_id(position: dict, seat: int, played: str) -> str:
    """``mine-`` and the first 16 hex digits of the SHA-256 of the position's JSON (sorted
    keys), the seat and the move: the same mistake twice is one puzzle."""
    text = json.dumps(position, sort_keys=True, separators=(",", ":")) + f"|{seat}|{played}"
    return "mine-" + hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class PersonalPuzzle:
    """A proven position from the player's own game: "You played X here. Find a better move"."""

    id: str
    game: str               # the rules' preset name, e.g. "laplaza_partners"
    position: dict          # engine notation of the round before the move (hidden hands may be stand-ins)
    seat: int
    played: str             # what the player played (str(Action))
    answers: tuple[str, ...]  # every move within strategy.review.TOLERANCE of the best
    values: dict            # str(action) -> expected points from the seat's view
    margin_low: float       # the lower 95% bound of the smallest margin of an answer over `played`
    deals: int
    exact: bool
    grade: str              # "mistake" or "blunder"
    themes: tuple[str, ...] = ("other",)
    source: str = "play"
    made_on: date = field(default_factory=lambda: datetime.now(timezone.utc).date())

    @staticmethod
    def make(position: dict, seat: int, played: str, **rest: Any) -> PersonalPuzzle:
        """A puzzle with its id and game worked out from the position."""
        game = str((position.get("rules") or {}).get("preset", ""))
        rest.setdefault("game", game)
        return PersonalPuzzle(id=puzzle_id(position, seat, played), position=position, seat=seat, played=played,
                              **rest)

    def round(self) -> Round:
        """The round before the move (the engine's; only :meth:`view` is ever shown)."""
        return position_from_dict(self.position, reachable=False)

    def view(self) -> SeatView:
        """What the player's seat saw."""
        return self.round().view(self.seat)

    def is_answer(self, action: str) -> bool:
        """Whether ``action`` (``str(Action)``) is a right answer; a tile on two equal ends
        counts on either."""
        if action in self.answers:
            return True
        return action.replace("@R", "@L") in self.answers or action.replace("@L", "@R") in self.answers

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["answers"], data["themes"] = list(self.answers), list(self.themes)
        data["made_on"] = self.made_on.isoformat()
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), allow_nan=False)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> PersonalPuzzle:
        fields = {k: data[k] for k in PersonalPuzzle.__dataclass_fields__ if k in data}
        fields["answers"] = tuple(fields["answers"])
        fields["themes"] = tuple(fields.get("themes", ("other",)))
        fields["values"] = {str(k): float(v) for k, v in fields["values"].items()}
        fields["made_on"] = date.fromisoformat(fields["made_on"])
        return PersonalPuzzle(**fields)

    @staticmethod
    def from_json(text: str) -> PersonalPuzzle:
        return PersonalPuzzle.from_dict(json.loads(text))


def first_review(puzzle: PersonalPuzzle) -> Review:
    """A new puzzle's place in the queue: due the day it was made, then 1, 3, 7, 21 days."""
    return Review(puzzle.id, PUZZLE_TYPE, puzzle.game, step=0, solved=0, due=puzzle.made_on, missed=puzzle.made_on)


def _matches(puzzle: PersonalPuzzle, game: str | None, theme: str | None) -> bool:
    return (game is None or puzzle.game == game) and (theme is None or theme in puzzle.themes)


class Mistakes(Protocol):
    """A player's personal puzzles (``owner``: a profile id, or None for a guest)."""

    def add(self, owner: int | None, puzzle: PersonalPuzzle) -> bool: ...
    def due(self, owner: int | None, day: date, game: str | None = None,
            theme: str | None = None) -> list[PersonalPuzzle]: ...
    def count_due(self, owner: int | None, day: date) -> int: ...
    def answer(self, owner: int | None, puzzle_id: str, correct: bool, day: date) -> None: ...
    def all(self, owner: int | None) -> list[PersonalPuzzle]: ...
    def get(self, owner: int | None, puzzle_id: str) -> PersonalPuzzle | None: ...
    def review(self, owner: int | None, puzzle_id: str) -> Review | None: ...


class MemoryMistakes:
    """Personal puzzles kept in memory: a guest's for the session (``st.session_state``),
    and a profile's while the database cannot be used."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        # owner -> puzzle id -> (puzzle, its review: None once retired)
        self._kept: dict[int | None, dict[str, tuple[PersonalPuzzle, Review | None]]] = {}

    def add(self, owner: int | None, puzzle: PersonalPuzzle) -> bool:
        """Keep ``puzzle``; False when the owner already has it (nothing changes)."""
        with self._lock:
            mine = self._kept.setdefault(owner, {})
            if puzzle.id in mine:
                return False
            mine[puzzle.id] = (puzzle, first_review(puzzle))
            return True

    def due(self, owner: int | None, day: date, game: str | None = None,
            theme: str | None = None) -> list[PersonalPuzzle]:
        """The puzzles due on ``day`` (oldest due first), of one game or theme if asked."""
        with self._lock:
            kept = list(self._kept.get(owner, {}).values())
        due = [(r.due, p.made_on, p.id, p) for p, r in kept if r is not None and r.due <= day and _matches(p, game, theme)]
        return [p for *_, p in sorted(due, key=lambda t: t[:3])]

    def count_due(self, owner: int | None, day: date) -> int:
        return len(self.due(owner, day))

    def answer(self, owner: int | None, puzzle_id: str, correct: bool, day: date) -> None:
        """Move the puzzle on the schedule after an answer on ``day`` (unknown ids are ignored)."""
        with self._lock:
            mine = self._kept.get(owner, {})
            if puzzle_id not in mine:
                return
            puzzle, review = mine[puzzle_id]
            if review is not None:
                mine[puzzle_id] = (puzzle, schedule(review, puzzle_id, PUZZLE_TYPE, puzzle.game, correct=correct, day=day))

    def all(self, owner: int | None) -> list[PersonalPuzzle]:
        """Every puzzle of the owner's, retired ones too, newest first."""
        with self._lock:
            kept = [p for p, _ in self._kept.get(owner, {}).values()]
        return sorted(kept, key=lambda p: (p.made_on, p.id), reverse=True)

    def get(self, owner: int | None, puzzle_id: str) -> PersonalPuzzle | None:
        with self._lock:
            found = self._kept.get(owner, {}).get(puzzle_id)
        return found[0] if found else None

    def review(self, owner: int | None, puzzle_id: str) -> Review | None:
        """The puzzle's place in the queue (None: unknown or retired)."""
        with self._lock:
            found = self._kept.get(owner, {}).get(puzzle_id)
        return found[1] if found else None


class SavedMistakes:
    """A profile's personal puzzles in the progress database (``capicu_mistakes``), through
    a :class:`progress.store.Store`'s short transactions. ``owner`` is the profile id."""

    def __init__(self, store: Any) -> None:
        self._store = store

    @property
    def url(self) -> str | None:
        """The database as a URL another process can open (a proof job's, which keeps the
        puzzle itself: ``matches.mistake_offers.prove_and_keep``); None for a database in
        this process's memory, which no other connection would see."""
        url = self._store._url
        if url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:"):
            return None
        return url.render_as_string(hide_password=False)

    def add(self, owner: int | None, puzzle: PersonalPuzzle) -> bool:
        """Keep ``puzzle``; False when the profile already has it. :class:`ProfileError` for
        an unknown profile."""
        if owner is None:
            raise ProfileError("unknown_profile", profile_id=owner)
        t = mistakes_table
        review = first_review(puzzle)
        insert = sa.insert(t).values(
            profile_id=owner, puzzle_id=puzzle.id, game=puzzle.game, themes=json.dumps(list(puzzle.themes)),
            data=puzzle.to_json(), step=review.step, solved=review.solved, due=review.due, missed=review.missed,
            made_on=puzzle.made_on, created_at=datetime.now(timezone.utc))
        known = sa.select(t.c.puzzle_id).where(t.c.profile_id == owner, t.c.puzzle_id == puzzle.id)

        def work(conn: Connection) -> bool:
            if conn.execute(known).first() is not None:
                return False
            conn.execute(insert)
            return True

        try:
            return self._store._run(work, write=True)
        except exc.IntegrityError:
            # another writer stored the same puzzle first, or there is no such profile
            if self._store._run(lambda conn: conn.execute(known).first() is not None, write=False):
                return False
            raise ProfileError("unknown_profile", profile_id=owner) from None

    def due(self, owner: int | None, day: date, game: str | None = None,
            theme: str | None = None) -> list[PersonalPuzzle]:
        t = mistakes_table
        query = (sa.select(t.c.data, t.c.themes).where(t.c.profile_id == owner, t.c.due.is_not(None), t.c.due <= day)
                 .order_by(t.c.due, t.c.made_on, t.c.puzzle_id))
        if game is not None:
            query = query.where(t.c.game == game)
        rows = self._store._run(lambda conn: conn.execute(query).all(), write=False)
        return [PersonalPuzzle.from_json(r.data) for r in rows if theme is None or theme in json.loads(r.themes)]

    def count_due(self, owner: int | None, day: date) -> int:
        t = mistakes_table
        query = sa.select(sa.func.count()).select_from(t).where(
            t.c.profile_id == owner, t.c.due.is_not(None), t.c.due <= day)
        return int(self._store._run(lambda conn: conn.execute(query).scalar(), write=False) or 0)

    def answer(self, owner: int | None, puzzle_id: str, correct: bool, day: date) -> None:
        t = mistakes_table
        where = (t.c.profile_id == owner, t.c.puzzle_id == puzzle_id)

        def work(conn: Connection) -> None:
            row = conn.execute(sa.select(t).where(*where)).first()
            if row is None or row.due is None:
                return
            now = schedule(_review_of(row), puzzle_id, PUZZLE_TYPE, row.game, correct=correct, day=day)
            if now is None:
                conn.execute(sa.update(t).where(*where).values(due=None, solved=row.solved + 1))
            else:
                conn.execute(sa.update(t).where(*where).values(step=now.step, solved=now.solved, due=now.due,
                                                               missed=now.missed))

        self._store._run(work, write=True)

    def all(self, owner: int | None) -> list[PersonalPuzzle]:
        t = mistakes_table
        query = sa.select(t.c.data).where(t.c.profile_id == owner).order_by(t.c.made_on.desc(), t.c.puzzle_id.desc())
        rows = self._store._run(lambda conn: conn.execute(query).all(), write=False)
        return [PersonalPuzzle.from_json(r.data) for r in rows]

    def get(self, owner: int | None, puzzle_id: str) -> PersonalPuzzle | None:
        t = mistakes_table
        query = sa.select(t.c.data).where(t.c.profile_id == owner, t.c.puzzle_id == puzzle_id)
        row = self._store._run(lambda conn: conn.execute(query).first(), write=False)
        return PersonalPuzzle.from_json(row.data) if row is not None else None

    def review(self, owner: int | None, puzzle_id: str) -> Review | None:
        t = mistakes_table
        query = sa.select(t).where(t.c.profile_id == owner, t.c.puzzle_id == puzzle_id)
        row = self._store._run(lambda conn: conn.execute(query).first(), write=False)
        return _review_of(row) if row is not None and row.due is not None else None


def _review_of(row: Any) -> Review:
    return Review(row.puzzle_id, PUZZLE_TYPE, row.game, step=int(row.step), solved=int(row.solved), due=row.due,
                  missed=row.missed)


__all__ = ["GRADES", "PUZZLE_TYPE", "SOURCES", "MemoryMistakes", "Mistakes", "PersonalPuzzle", "SavedMistakes",
           "first_review", "puzzle_id"]
