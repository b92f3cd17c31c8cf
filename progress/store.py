"""Saved progress: profiles, attempts and lessons done, in SQLite or any SQLAlchemy URL.

>>> import tempfile, pathlib
>>> from datetime import date
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> store = open_store(f"sqlite:///{folder}/new/capicu.sqlite3")   # the folder is created
>>> ana = store.create_profile(" Ana ")
>>> store.record_attempt(ana.id, Attempt("p1", "count_points", "all_fives", True, 5400, date(2026, 11, 29)))
>>> store.attempts(ana.id)[["puzzle_id", "correct"]].values.tolist()
[['p1', True]]
>>> store.mark_lesson_done(ana.id, "partners-laying", date(2026, 11, 29))
>>> store.lessons_done(ana.id)
{'partners-laying'}
>>> store.close()

When the database cannot be used the app keeps going without saving:

>>> (folder / "junk.sqlite3").write_bytes(b"not a database at all")
21
>>> fallback = open_store_or_null(f"sqlite:///{folder}/junk.sqlite3")
>>> fallback.saving, fallback.problem
(False, 'corrupt')
>>> (folder / "junk.sqlite3").read_bytes()         # and the file was left as it was
b'not a database at all'
>>> import shutil; shutil.rmtree(folder)

Guarantees and the schema are described in docs/progress.md.
"""

from __future__ import annotations

import json
import threading
from dataclasses import replace
import time
from datetime import date, datetime, timezone
from typing import Any, Callable, Protocol, TypeVar

import pandas as pd
import sqlalchemy as sa
from sqlalchemy import exc
from sqlalchemy.engine import URL, Connection, Engine
from sqlalchemy.pool import StaticPool

from storage.database import (
    acquire_engine,
    attempts_table,
    check_sqlite_file,
    code_of,
    database_url,
    games_table,
    lessons_table,
    meta_table,
    parse_url,
    prepare,
    profiles_table,
    release_engine,
    safe_url,
    sqlite_file,
    taken_names,
    unavailable,
    utc,
)
from progress.accounts import (
    MemoryAccounts, Protection, SavedAccounts, hidden_names, profile_of_row, put_guard, refuse_look_alike_quietly,
)
from progress.pins import Tries, clean_pin, hash_pin
from progress.play_rating import MatchResult
from progress.rating_store import MemoryRatings, RatedAttempt, SavedRatings, play_in, rate_in, review_in
from progress.ratings import Rating, puzzle_seed
from progress.mistakes import MemoryMistakes, Mistakes, SavedMistakes
from progress.repetition import Review
from progress.salvage import META_PREFIX, Salvage, recover, set_aside
from storage.errors import ProfileError, StoreUnavailable
from storage.file_watch import SqliteFile
from progress.records import (
    RECORD_LIMIT, TEXT_LIMIT, Attempt, Profile, SavedGame, attempts_frame, clean_name, name_key,
)

T = TypeVar("T")


def open_store(url: str | None = None, *, timeout: float = 5.0, retries: int = 3, share_engine: bool = True,
               salvage: bool = True) -> Store:
    """Open (creating when needed) the progress database at ``url``; see :func:`database_url`.

    ``timeout`` is how long SQLite waits for another writer's lock (seconds); a write
    that still finds the database locked is tried ``retries`` more times before
    :class:`StoreUnavailable` with code ``locked``. ``share_engine=False`` gives this
    store its own connection pool, as a second process would have (for tests and tools).

    A damaged SQLite database (its header is SQLite's, its pages are not) is kept aside
    and a fresh one started with every row that could still be read
    (:mod:`progress.salvage`; ``store.salvage`` says where and how much); ``salvage=False``
    refuses it instead.

    Raises :class:`StoreUnavailable` when the database cannot be used; an existing file
    is never changed unless it is a SQLite database, and never deleted.
    """
    text = database_url() if url is None else url
    parsed = parse_url(text)
    path = sqlite_file(parsed)
    if path is not None:
        check_sqlite_file(path, parsed)
    try:
        return _open(parsed, path, timeout, retries, share_engine)
    except StoreUnavailable as error:
        if error.code != "corrupt" or path is None or not salvage:
            raise
    # the header was SQLite's (check_sqlite_file passed), the contents are damaged
    kept = set_aside(path)
    store = _open(parsed, path, timeout, retries, share_engine)
    if kept is not None:
        store.salvage = recover(kept, path)
    return store


def _open(parsed: URL, path, timeout: float, retries: int, share_engine: bool) -> Store:
    engine = acquire_engine(parsed, timeout, share_engine)
    try:
        prepare(engine, parsed)
    except StoreUnavailable:
        release_engine(engine)
        raise
    except exc.SQLAlchemyError as error:
        release_engine(engine)
        raise unavailable(error, parsed, connecting=True) from None
    except ImportError as error:  # some dialects import their driver on first connect
        release_engine(engine)
        raise StoreUnavailable("driver_missing", url=safe_url(parsed), detail=error) from None
    except Exception:
        release_engine(engine)
        raise
    return Store(engine, parsed, retries=retries)


def open_store_or_null(url: str | None = None, **options: Any) -> Store | NullStore:
    """A saving :class:`Store`, or a :class:`NullStore` that says why; never raises."""
    try:
        return open_store(url, **options)
    except StoreUnavailable as error:
        return NullStore(problem=error.code, message=str(error))
    except Exception as error:  # noqa: BLE001 - the app must start whatever the database does
        return NullStore(problem="failed", message=f"the progress database failed: {error}")


# --- the stores ----------------------------------------------------------------------


class ProgressStore(Protocol):
    """What the UI may call: a :class:`Store` and a :class:`NullStore` both answer it."""

    saving: bool
    problem: str | None
    message: str
    mistakes: Mistakes  # the personal puzzles (progress.mistakes)

    def profiles(self, include_hidden: bool = False) -> list[Profile]: ...
    def placeholder_profiles(self) -> dict[int, int]: ...
    def create_profile(self, name: str, *, pin: str | None = None, hidden: bool = False) -> Profile: ...
    def protection(self, profile_id: int) -> Protection: ...
    def protect(self, profile_id: int, *, pin: str | None = None, hidden: bool | None = None,
                current: str | None = None) -> Protection: ...
    def sign_in(self, profile_id: int, pin: str | None = None) -> Profile: ...
    def sign_in_by_name(self, name: str, pin: str | None = None) -> Profile: ...
    def find_profile(self, name: str) -> Profile | None: ...
    def rename_profile(self, profile_id: int, name: str) -> Profile: ...
    def delete_profile(self, profile_id: int, pin: str | None = None) -> None: ...
    def remember_device(self, profile_id: int) -> str | None: ...
    def device_profile(self, token: str) -> Profile | None: ...
    def forget_device(self, token: str) -> None: ...
    def record_attempt(self, profile_id: int, attempt: Attempt, *, band: str | None = None) -> RatedAttempt | None: ...
    def rating(self, profile_id: int, kind: str = "puzzles") -> Rating | None: ...
    def rating_history(self, profile_id: int, kind: str = "puzzles") -> pd.DataFrame: ...
    def puzzle_rating(self, puzzle_id: str) -> Rating | None: ...
    def puzzles_in_window(self, profile_id: int | None, prefix: str, low: float, high: float,
                          limit: int = 50) -> list[tuple[str, Rating]]: ...
    def reviews(self, profile_id: int) -> list[Review]: ...
    def reviews_due(self, profile_id: int, day: date) -> list[Review]: ...
    def attempts(self, profile_id: int) -> pd.DataFrame: ...
    def mark_lesson_done(self, profile_id: int, lesson_id: str, day: date) -> None: ...
    def lessons_done(self, profile_id: int) -> set[str]: ...
    def daily_results(self, profile_id: int) -> dict[date, list[bool]]: ...
    def save_game(self, profile_id: int, game: SavedGame, *, rated: MatchResult | None = None) -> int: ...
    def games(self, profile_id: int) -> list[SavedGame]: ...
    def close(self) -> None: ...


class Store(SavedAccounts, SavedRatings):
    """Progress saved in a database; every method is safe to call from several threads.

    Each call is one short transaction. Any call may raise :class:`StoreUnavailable`
    (the file vanished, the disk filled, a lock outlived the retries); the UI can then
    carry on with a :class:`NullStore`.
    """

    def __init__(self, engine: Engine, url: URL, *, retries: int = 3) -> None:
        self._engine = engine
        self._writer = engine.execution_options(capicu_write=True)
        self._url = url
        self._retries = retries
        self._closed = False
        # a memory database has one connection: its threads take turns
        self._turns = threading.Lock() if isinstance(engine.pool, StaticPool) else None
        self._file = SqliteFile.of(sqlite_file(url))
        #: set once the file was found deleted, replaced or cut short: nothing saves after
        self._lost: StoreUnavailable | None = None
        #: what :func:`open_store` kept aside and recovered, when the file was damaged
        self.salvage: Salvage | None = None

    @property
    def saving(self) -> bool:
        return self._lost is None

    @property
    def problem(self) -> str | None:
        return self._lost.code if self._lost is not None else None

    @property
    def message(self) -> str:
        return str(self._lost) if self._lost is not None else ""

    @property
    def url(self) -> str:
        """The database URL, without its password."""
        return safe_url(self._url)

    @property
    def mistakes(self) -> SavedMistakes:
        """The profiles' personal puzzles (:mod:`progress.mistakes`), in this database."""
        return SavedMistakes(self)

    def __repr__(self) -> str:
        return f"<Store {self.url}>"

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- profiles

    def profiles(self, include_hidden: bool = False) -> list[Profile]:
        """Every profile, by name (case-insensitively); hidden ones only when asked."""
        query = sa.select(profiles_table).order_by(profiles_table.c.name_key, profiles_table.c.id)

        def work(conn: Connection) -> list:
            hidden = set() if include_hidden else self._hidden_ids(conn)
            return [r for r in conn.execute(query).all() if r.id not in hidden]

        return [profile_of_row(r) for r in self._run(work, write=False)]

    def placeholder_profiles(self) -> dict[int, int]:
        """The placeholder profiles a damaged file's salvage made for rows whose profile was
        lost (:mod:`progress.salvage`), while they keep that name: profile id -> number
        (the UI shows "Recovered 1" in the reader's language)."""
        mark = sa.literal(META_PREFIX) + sa.cast(profiles_table.c.id, sa.String)
        query = (sa.select(profiles_table.c.id, profiles_table.c.name)
                 .join(meta_table, meta_table.c.key == mark)
                 .where(meta_table.c.value == profiles_table.c.name))
        rows = self._run(lambda conn: conn.execute(query).all(), write=False)
        numbers = {row.id: row.name.rsplit(" ", 1)[-1] for row in rows}
        return {pid: int(n) for pid, n in numbers.items() if n.isdigit()}

    def create_profile(self, name: str, *, pin: str | None = None, hidden: bool = False) -> Profile:
        """A new profile, with a PIN and hidden from the list if asked; :class:`ProfileError`
        if the name or the PIN is invalid, or the name already taken."""
        shown, key = clean_name(name), name_key(name)
        pin_hash = hash_pin(clean_pin(pin)) if pin else None
        created = datetime.now(timezone.utc)
        insert = sa.insert(profiles_table).values(name=shown, name_key=key, created_at=created)

        def work(conn: Connection) -> int:
            refuse_look_alike_quietly(shown, taken_names(conn), hidden_names(conn))
            new_id = conn.execute(insert).inserted_primary_key[0]
            if pin_hash or hidden:
                put_guard(conn, new_id, pin_hash, bool(hidden), exists=False)
            return new_id

        try:
            new_id = self._run(work, write=True)
        except exc.IntegrityError:
            raise ProfileError("name_taken", name=shown) from None
        return Profile(int(new_id), shown, created)

    # -- attempts

    def record_attempt(self, profile_id: int, attempt: Attempt, *, band: str | None = None) -> RatedAttempt | None:
        """Keep one attempt; :class:`ProfileError` if there is no such profile.

        A wrong answer puts the puzzle in the review queue, and an answer at a due review
        moves it on (:mod:`progress.repetition`). With the puzzle's ``band`` (its question kind
        and band, ``progress.ratings.seed_key``, or a bare band) the attempt is **rated**: the
        profile's and the puzzle's ratings move, in the same transaction
        (:mod:`progress.rating_store`), when it is the profile's first try at the puzzle;
        returns what changed, or None (not rated, or a retry).
        """
        if not isinstance(attempt, Attempt):
            raise TypeError(f"record_attempt takes an Attempt, not {type(attempt).__name__}")
        if band is not None:
            puzzle_seed(band)  # ValueError for an unknown band, before anything is written
        insert = sa.insert(attempts_table).values(
            profile_id=profile_id,
            puzzle_id=attempt.puzzle_id,
            puzzle_type=attempt.puzzle_type,
            game=attempt.game,
            correct=attempt.correct,
            time_ms=attempt.time_ms,
            day=attempt.day,
            daily=attempt.daily,
            at=attempt.at,
        )

        def work(conn: Connection) -> RatedAttempt | None:
            attempt_id = conn.execute(insert).inserted_primary_key[0]
            review_in(conn, profile_id, attempt)
            return None if band is None else rate_in(conn, profile_id, attempt_id, attempt, band)

        try:
            return self._run(work, write=True)
        except exc.IntegrityError:
            raise ProfileError("unknown_profile", profile_id=profile_id) from None

    def attempts(self, profile_id: int) -> pd.DataFrame:
        """Every attempt of the profile, oldest first (columns: ``records.ATTEMPT_COLUMNS``)."""
        t = attempts_table
        query = sa.select(t).where(t.c.profile_id == profile_id).order_by(t.c.at, t.c.id)
        rows = self._run(lambda conn: conn.execute(query).all(), write=False)
        kept = [
            Attempt(r.puzzle_id, r.puzzle_type, r.game, bool(r.correct), int(r.time_ms), r.day, r.daily, utc(r.at))
            for r in rows
        ]
        return attempts_frame(kept, ids=[r.id for r in rows])

    def daily_results(self, profile_id: int) -> dict[date, list[bool]]:
        """For each daily set tried: the first try at each of its puzzles, in the order tried."""
        from progress.stats import daily_results  # stats imports nothing from here

        return daily_results(self.attempts(profile_id))

    # -- games against the bots

    def save_game(self, profile_id: int, game: SavedGame, *, rated: MatchResult | None = None) -> int:
        """Keep a match (a new one when ``game.id`` is None, else update that one of this
        profile's); returns its id. :class:`ProfileError` for an unknown profile or game.

        With ``rated`` (:mod:`progress.play_rating`) a **finished** match also moves the
        profile's play rating, in the same transaction, once per deal (``rated.item``):
        saving it again (a rerun, a reopened match, a second tab) moves nothing.
        """
        values = _game_values(game)
        _check_rated(game, rated)
        t = games_table

        def rate(conn: Connection) -> None:
            if rated is not None and game.status == "finished" and game.kind == "match":
                play_in(conn, profile_id, rated, game.updated_at)

        if game.id is None:
            insert = sa.insert(t).values(profile_id=profile_id, started_at=game.started_at, **values)

            def work(conn: Connection) -> int:
                new_id = int(conn.execute(insert).inserted_primary_key[0])
                rate(conn)
                return new_id

            try:
                return self._run(work, write=True)
            except exc.IntegrityError:
                raise ProfileError("unknown_profile", profile_id=profile_id) from None
        update = sa.update(t).where(t.c.id == game.id, t.c.profile_id == profile_id).values(**values)

        def change(conn: Connection) -> None:
            if conn.execute(update).rowcount != 1:
                raise ProfileError("unknown_game", game_id=game.id)  # rolls the transaction back
            rate(conn)

        self._run(change, write=True)
        return game.id

    def games(self, profile_id: int) -> list[SavedGame]:
        """The profile's matches, newest first."""
        t = games_table
        query = sa.select(t).where(t.c.profile_id == profile_id).order_by(t.c.started_at.desc(), t.c.id.desc())
        rows = self._run(lambda conn: conn.execute(query).all(), write=False)
        return [_game_of(r) for r in rows]

    # -- lessons

    def mark_lesson_done(self, profile_id: int, lesson_id: str, day: date) -> None:
        """Remember that the lesson was finished; the first date is kept when done again."""
        if not isinstance(lesson_id, str) or not lesson_id or len(lesson_id) > TEXT_LIMIT:
            raise ValueError(f"lesson_id must be text of 1 to {TEXT_LIMIT} characters, not {lesson_id!r}")
        if not isinstance(day, date) or isinstance(day, datetime):
            raise ValueError(f"day must be a date, not {day!r}")
        t = lessons_table

        def work(conn: Connection) -> None:
            # inside the write lock, so "check, then insert" cannot race with another writer
            known = conn.execute(sa.select(t.c.day).where(t.c.profile_id == profile_id, t.c.lesson_id == lesson_id))
            if known.first() is None:
                conn.execute(sa.insert(t).values(profile_id=profile_id, lesson_id=lesson_id, day=day))

        try:
            self._run(work, write=True)
        except exc.IntegrityError as error:
            if self._has_profile(profile_id):
                return  # another server's writer inserted the same lesson first: same result
            raise ProfileError("unknown_profile", profile_id=profile_id) from error

    def lessons_done(self, profile_id: int) -> set[str]:
        query = sa.select(lessons_table.c.lesson_id).where(lessons_table.c.profile_id == profile_id)
        return set(self._run(lambda conn: conn.execute(query).scalars().all(), write=False))

    def lessons_done_on(self, profile_id: int) -> dict[str, date]:
        """Each lesson done, with the date it was first finished."""
        t = lessons_table
        query = sa.select(t.c.lesson_id, t.c.day).where(t.c.profile_id == profile_id)
        return {r.lesson_id: r.day for r in self._run(lambda conn: conn.execute(query).all(), write=False)}

    def close(self) -> None:
        """Let go of the database; the shared engine closes with its last store."""
        if not self._closed:
            self._closed = True
            release_engine(self._engine)

    # -- plumbing

    def _has_profile(self, profile_id: int) -> bool:
        query = sa.select(profiles_table.c.id).where(profiles_table.c.id == profile_id)
        return self._run(lambda conn: conn.execute(query).first() is not None, write=False)

    def _run(self, work: Callable[[Connection], T], *, write: bool) -> T:
        """Run ``work`` in one short transaction, retrying while the database is locked."""
        if self._closed:
            raise StoreUnavailable("closed")
        self._check_file()
        engine = self._writer if write else self._engine
        for attempt in range(self._retries + 1):
            try:
                if self._turns is None:
                    with engine.begin() as conn:
                        result = work(conn)
                else:
                    with self._turns, engine.begin() as conn:
                        result = work(conn)
            except exc.IntegrityError:
                raise  # the caller knows what a broken constraint means
            except exc.SQLAlchemyError as error:
                code = code_of(error, connecting=False)
                if code == "locked" and attempt < self._retries:
                    # the busy timeout has already waited; back off a little and try again
                    time.sleep(0.05 * (attempt + 1))
                    continue
                self._check_file()  # the file went away under the write: say that, not "I/O error"
                raise unavailable(error, self._url, connecting=False) from None
            if write:
                # committed, but into the file that is at the path? (a write into a deleted
                # file succeeds and is lost: say so instead of "saved")
                self._check_file()
            return result
        raise AssertionError("unreachable")  # the loop returns or raises

    def _check_file(self) -> None:
        if self._lost is None and self._file is not None:
            detail = self._file.problem()
            if detail is not None:
                self._lost = StoreUnavailable("file_lost", url=safe_url(self._url), detail=detail)
        if self._lost is not None:
            raise StoreUnavailable("file_lost", **self._lost.params)


def _game_values(game: SavedGame) -> dict[str, Any]:
    """The columns a saved game writes (all but its id, profile and start)."""
    if not isinstance(game, SavedGame):
        raise TypeError(f"save_game takes a SavedGame, not {type(game).__name__}")
    record = json.dumps(game.record, separators=(",", ":"), allow_nan=False)
    if len(record) > RECORD_LIMIT:
        raise ValueError(f"a saved game's record must stay under {RECORD_LIMIT} characters")
    return {"game": game.game, "status": game.status, "record": record, "decisions": game.decisions,
            "best": game.best, "points_lost": float(game.points_lost), "kind": game.kind,
            "updated_at": datetime.now(timezone.utc)}


def _check_rated(game: SavedGame, rated: MatchResult | None) -> None:
    if rated is not None and not isinstance(rated, MatchResult):
        raise TypeError(f"rated is a MatchResult, not {type(rated).__name__}")


def _game_of(row: Any) -> SavedGame:
    return SavedGame(row.game, row.status, json.loads(row.record), int(row.decisions), int(row.best),
                     float(row.points_lost), utc(row.started_at), utc(row.updated_at), int(row.id),
                     row.kind or "match")


class NullStore(MemoryAccounts, MemoryRatings):
    """The same API as :class:`Store`, kept in memory for this session only.

    Used when the database cannot be used (``problem`` holds the StoreUnavailable code
    and ``message`` its English text) so the app works the same, without saving.

    >>> from datetime import date
    >>> memo = NullStore(problem="locked")
    >>> bo = memo.create_profile("Bo")
    >>> memo.record_attempt(bo.id, Attempt("p1", "block", "block", False, 900, date(2026, 1, 2)))
    >>> len(memo.attempts(bo.id)), memo.saving
    (1, False)
    """

    saving = False

    def __init__(self, problem: str | None = None, message: str = "") -> None:
        self.problem = problem
        self.message = message
        self._lock = threading.Lock()  # a session may run callbacks from more than one thread
        self._profiles: list[Profile] = []
        self._attempts: dict[int, list[Attempt]] = {}
        self._lessons: dict[int, dict[str, date]] = {}
        self._games: dict[int, dict[int, SavedGame]] = {}
        self._guard_rows: dict[int, tuple[str | None, bool]] = {}  # MemoryAccounts
        self._tries: dict[int, Tries] = {}  # MemoryAccounts: wrong PINs and locks
        #: the profiles' personal puzzles, for this session only (:mod:`progress.mistakes`)
        self.mistakes = MemoryMistakes()

    def __repr__(self) -> str:
        return f"<NullStore problem={self.problem!r}>"

    def __enter__(self) -> NullStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def profiles(self, include_hidden: bool = False) -> list[Profile]:
        with self._lock:
            hidden = set() if include_hidden else self._hidden_ids()
            return sorted((p for p in self._profiles if p.id not in hidden), key=lambda p: (name_key(p.name), p.id))

    def placeholder_profiles(self) -> dict[int, int]:
        return {}  # nothing here was salvaged

    def create_profile(self, name: str, *, pin: str | None = None, hidden: bool = False) -> Profile:
        shown, key = clean_name(name), name_key(name)
        if pin:
            clean_pin(pin)
        with self._lock:
            if any(name_key(p.name) == key for p in self._profiles):
                raise ProfileError("name_taken", name=shown)
            refuse_look_alike_quietly(shown, [p.name for p in self._profiles], self._hidden_names())
            profile = Profile(len(self._profiles) + 1, shown, datetime.now(timezone.utc))
            self._profiles.append(profile)
            self._attempts[profile.id] = []
            self._lessons[profile.id] = {}
        if pin or hidden:
            self.protect(profile.id, pin=pin or None, hidden=hidden)
        return profile

    def record_attempt(self, profile_id: int, attempt: Attempt, *, band: str | None = None) -> RatedAttempt | None:
        if not isinstance(attempt, Attempt):
            raise TypeError(f"record_attempt takes an Attempt, not {type(attempt).__name__}")
        if band is not None:
            puzzle_seed(band)
        with self._lock:
            self._known(profile_id)
            self._attempts[profile_id].append(attempt)
            return self._rate_locked(profile_id, attempt, band)

    def attempts(self, profile_id: int) -> pd.DataFrame:
        with self._lock:
            kept = list(self._attempts.get(profile_id, []))
        return attempts_frame(kept)

    def daily_results(self, profile_id: int) -> dict[date, list[bool]]:
        from progress.stats import daily_results

        return daily_results(self.attempts(profile_id))

    def mark_lesson_done(self, profile_id: int, lesson_id: str, day: date) -> None:
        with self._lock:
            self._known(profile_id)
            self._lessons[profile_id].setdefault(lesson_id, day)

    def save_game(self, profile_id: int, game: SavedGame, *, rated: MatchResult | None = None) -> int:
        _game_values(game)  # the same checks as a database
        _check_rated(game, rated)
        with self._lock:
            self._known(profile_id)
            kept = self._games.setdefault(profile_id, {})
            if game.id is None:
                game = replace(game, id=1 + max((i for g in self._games.values() for i in g), default=0))
            elif game.id not in kept:
                raise ProfileError("unknown_game", game_id=game.id)
            else:
                game = replace(game, started_at=kept[game.id].started_at)
            kept[game.id] = replace(game, updated_at=datetime.now(timezone.utc))
            if rated is not None and game.status == "finished" and game.kind == "match":
                self._rate_play_locked(profile_id, rated, game.updated_at)
            return game.id

    def games(self, profile_id: int) -> list[SavedGame]:
        with self._lock:
            kept = list(self._games.get(profile_id, {}).values())
        return sorted(kept, key=lambda g: (g.started_at, g.id), reverse=True)

    def lessons_done(self, profile_id: int) -> set[str]:
        with self._lock:
            return set(self._lessons.get(profile_id, {}))

    def lessons_done_on(self, profile_id: int) -> dict[str, date]:
        with self._lock:
            return dict(self._lessons.get(profile_id, {}))

    def close(self) -> None:
        """Nothing to let go of; what was kept is kept until the object is dropped."""

    def _known(self, profile_id: int) -> None:
        if profile_id not in self._attempts:
            raise ProfileError("unknown_profile", profile_id=profile_id)
