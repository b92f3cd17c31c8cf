"""Ratings and the review queue in the database, and the same in memory.

A rated attempt changes two rows that other servers may change at the same moment: the
profile's rating and the puzzle's (every profile on the server rates the same puzzle). Both
are read **locked** and written in the transaction that keeps the attempt: ``SELECT … FOR
UPDATE`` on PostgreSQL (the profile's row first, then the puzzle's, always in that order,
so two transactions cannot wait on each other), and on SQLite the write lock that
``BEGIN IMMEDIATE`` takes for the whole transaction. So two servers rating the same puzzle
take turns and neither update is lost.

An attempt counts for the ratings only when it is the profile's first at that puzzle: a
retry (after the answer was shown) never does. The check is made under the profile's row
lock, so two tabs answering the same puzzle at once count it once; a unique key on the
history (profile, kind, puzzle) backs it up.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Any, Callable

import pandas as pd
import sqlalchemy as sa
from sqlalchemy import exc
from sqlalchemy.engine import Connection

from storage.database import (
    attempts_table, player_ratings_table, puzzle_ratings_table, rating_history_table, reviews_table, utc,
)
from progress.play_rating import MatchResult
from progress.ratings import KINDS, START, Rating, puzzle_seed, rate, rate_games
from progress.records import Attempt
from progress.repetition import Review, schedule

#: The columns of :meth:`SavedRatings.rating_history`, in order.
HISTORY_COLUMNS: dict[str, str] = {
    "at": "datetime64[us, UTC]",
    "item": "str",
    "score": "float64",
    "rating": "float64",
    "deviation": "float64",
    "item_rating": "float64",
}


@dataclass(frozen=True)
class RatedAttempt:
    """What one rated attempt changed: the profile's and the puzzle's ratings, before and after."""

    puzzle_id: str
    player_before: Rating
    player: Rating
    puzzle_before: Rating
    puzzle: Rating

    @property
    def change(self) -> float:
        """How far the profile's rating moved (signed)."""
        return self.player.value - self.player_before.value


def check_kind(kind: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"unknown rating kind {kind!r}: {' or '.join(KINDS)}")
    return kind


def history_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """The rated attempts as a table (oldest first), also when there are none."""
    frame = pd.DataFrame({name: [row[name] for row in rows] for name in HISTORY_COLUMNS})
    frame["at"] = pd.to_datetime(frame["at"], utc=True)
    return frame.astype(HISTORY_COLUMNS).sort_values("at", kind="stable").reset_index(drop=True)


# --- in a transaction of the database ------------------------------------------------


def _rating_of(row: Any) -> Rating:
    return Rating(float(row.rating), float(row.deviation), float(row.volatility))


def _insert_missing(conn: Connection, table: sa.Table, values: dict[str, Any]) -> None:
    """Insert the row unless its key is there (another server may insert it at once)."""
    name = conn.dialect.name
    if name in ("postgresql", "sqlite"):
        if name == "postgresql":
            from sqlalchemy.dialects.postgresql import insert
        else:
            from sqlalchemy.dialects.sqlite import insert
        conn.execute(insert(table).values(**values).on_conflict_do_nothing())
        return
    keys = [column for column in table.primary_key.columns]
    found = conn.execute(sa.select(*keys).where(*(c == values[c.name] for c in keys))).first()
    if found is None:
        try:
            with conn.begin_nested():
                conn.execute(sa.insert(table).values(**values))
        except exc.IntegrityError:
            pass  # inserted by another server meanwhile: the same row


def _locked_player(conn: Connection, profile_id: int, kind: str, now: datetime) -> Any:
    """The profile's rating row of ``kind``, locked (made at the start rating the first time)."""
    players = player_ratings_table
    _insert_missing(conn, players, {"profile_id": profile_id, "kind": kind, "rating": START.value,
                                    "deviation": START.deviation, "volatility": START.volatility, "rated": 0,
                                    "updated_at": now})
    return conn.execute(sa.select(players).where(players.c.profile_id == profile_id, players.c.kind == kind)
                        .with_for_update()).one()


def _locked_puzzle(conn: Connection, puzzle_id: str, band: str, now: datetime) -> Any:
    """The puzzle's rating row, locked (seeded from its band the first time anyone tries it)."""
    seed = puzzle_seed(band)
    puzzles = puzzle_ratings_table
    _insert_missing(conn, puzzles, {"puzzle_id": puzzle_id, "rating": seed.value, "deviation": seed.deviation,
                                    "volatility": seed.volatility, "rated": 0, "updated_at": now})
    return conn.execute(sa.select(puzzles).where(puzzles.c.puzzle_id == puzzle_id).with_for_update()).one()


def _counted(conn: Connection, profile_id: int, kind: str, item: str) -> bool:
    h = rating_history_table
    return conn.execute(sa.select(h.c.id).where(h.c.profile_id == profile_id, h.c.kind == kind,
                                                h.c.item == item)).first() is not None


def _first_try(conn: Connection, profile_id: int, attempt_id: int, puzzle_id: str) -> bool:
    """No other attempt of the profile at the puzzle, and none rated (read under the profile's lock)."""
    a = attempts_table
    earlier = conn.execute(sa.select(a.c.id).where(a.c.profile_id == profile_id, a.c.puzzle_id == puzzle_id,
                                                   a.c.id != attempt_id).limit(1)).first()
    return earlier is None and not _counted(conn, profile_id, "puzzles", puzzle_id)


def _put_player(conn: Connection, profile_id: int, kind: str, rating: Rating, now: datetime) -> None:
    players = player_ratings_table
    conn.execute(sa.update(players).where(players.c.profile_id == profile_id, players.c.kind == kind).values(
        rating=rating.value, deviation=rating.deviation, volatility=rating.volatility, rated=players.c.rated + 1,
        updated_at=now))


def _rate_locked_puzzle(conn: Connection, profile_id: int, before: Rating, attempt: Attempt,
                        puzzle_before: Rating, now: datetime) -> RatedAttempt:
    """Rate a first try whose profile row and puzzle row the transaction holds."""
    puzzles, h = puzzle_ratings_table, rating_history_table
    player, puzzle = rate(before, puzzle_before, attempt.correct)
    _put_player(conn, profile_id, "puzzles", player, now)
    conn.execute(sa.update(puzzles).where(puzzles.c.puzzle_id == attempt.puzzle_id).values(
        rating=puzzle.value, deviation=puzzle.deviation, volatility=puzzle.volatility, rated=puzzles.c.rated + 1,
        updated_at=now))
    conn.execute(sa.insert(h).values(profile_id=profile_id, kind="puzzles", item=attempt.puzzle_id,
                                     score=1.0 if attempt.correct else 0.0, rating=player.value,
                                     deviation=player.deviation, item_rating=puzzle.value, at=attempt.at))
    return RatedAttempt(attempt.puzzle_id, before, player, puzzle_before, puzzle)


def rate_in(conn: Connection, profile_id: int, attempt_id: int, attempt: Attempt, band: str) -> RatedAttempt | None:
    """Rate ``attempt`` (already inserted as row ``attempt_id``) inside the caller's
    transaction; None when it does not count (not the profile's first at the puzzle)."""
    now = datetime.now(timezone.utc)
    # 1. the profile's row, locked; 2. under that lock: has this profile tried the puzzle
    # before (a retry, another tab)? 3. the puzzle's row, locked
    mine = _locked_player(conn, profile_id, "puzzles", now)
    if not _first_try(conn, profile_id, attempt_id, attempt.puzzle_id):
        return None
    theirs = _locked_puzzle(conn, attempt.puzzle_id, band, now)
    return _rate_locked_puzzle(conn, profile_id, _rating_of(mine), attempt, _rating_of(theirs), now)


def rate_many_in(conn: Connection, answers: list[tuple[int, Attempt]], band: str) -> list[RatedAttempt | None]:
    """Keep and rate the answers of several profiles to **one** puzzle (a class quiz's
    question, at its reveal), inside the caller's transaction. Every profile's row is
    locked first, in id order, then the puzzle's: the same order as :func:`rate_in`'s
    (profiles before puzzles), so no two transactions wait on each other. Each answer
    is kept as an attempt, moves the review queue, and is rated when it is the profile's
    first try at the puzzle; the puzzle's rating moves from one answer to the next."""
    if len({a.puzzle_id for _, a in answers}) > 1:
        raise ValueError("rate_many_in rates the answers to one puzzle")
    now = datetime.now(timezone.utc)
    players = {pid: _rating_of(_locked_player(conn, pid, "puzzles", now))
               for pid in sorted({pid for pid, _ in answers})}
    if not answers:
        return []
    puzzle = _rating_of(_locked_puzzle(conn, answers[0][1].puzzle_id, band, now))
    done: list[RatedAttempt | None] = []
    for profile_id, attempt in answers:
        attempt_id = conn.execute(sa.insert(attempts_table).values(
            profile_id=profile_id, puzzle_id=attempt.puzzle_id, puzzle_type=attempt.puzzle_type, game=attempt.game,
            correct=attempt.correct, time_ms=attempt.time_ms, day=attempt.day, daily=attempt.daily,
            at=attempt.at)).inserted_primary_key[0]
        review_in(conn, profile_id, attempt)
        if not _first_try(conn, profile_id, attempt_id, attempt.puzzle_id):
            done.append(None)
            continue
        rated = _rate_locked_puzzle(conn, profile_id, players[profile_id], attempt, puzzle, now)
        players[profile_id], puzzle = rated.player, rated.puzzle
        done.append(rated)
    return done


@dataclass(frozen=True)
class RatedMatch:
    """What a rated match changed: the profile's play rating before and after."""

    item: str
    before: Rating
    after: Rating
    score: float
    opponent: float

    @property
    def change(self) -> float:
        return self.after.value - self.before.value


def play_in(conn: Connection, profile_id: int, result: MatchResult, at: datetime) -> RatedMatch | None:
    """Rate a finished match inside the caller's transaction (the one that saves it):
    the profile's play row locked, then, under that lock, once per deal
    (``result.item``); None when that deal was rated before (a rerun, a reopened match,
    a second tab)."""
    now = datetime.now(timezone.utc)
    mine = _locked_player(conn, profile_id, "play", now)
    if _counted(conn, profile_id, "play", result.item):
        return None
    before = _rating_of(mine)
    after = rate_games(before, result.games)
    _put_player(conn, profile_id, "play", after, now)
    conn.execute(sa.insert(rating_history_table).values(
        profile_id=profile_id, kind="play", item=result.item, score=result.score, rating=after.value,
        deviation=after.deviation, item_rating=result.opponent, at=at))
    return RatedMatch(result.item, before, after, result.score, result.opponent)


def review_in(conn: Connection, profile_id: int, attempt: Attempt) -> None:
    """Move the attempt's puzzle in the profile's review queue (inside the caller's transaction)."""
    t = reviews_table
    where = (t.c.profile_id == profile_id, t.c.puzzle_id == attempt.puzzle_id)
    row = conn.execute(sa.select(t).where(*where)).first()
    old = _review_of(row) if row is not None else None
    new = schedule(old, attempt.puzzle_id, attempt.puzzle_type, attempt.game, correct=attempt.correct, day=attempt.day)
    if new == old:
        return
    if new is None:
        conn.execute(sa.delete(t).where(*where))
        return
    values = {"puzzle_type": new.puzzle_type, "game": new.game, "step": new.step, "solved": new.solved,
              "due": new.due, "missed": new.missed}
    if old is None:
        conn.execute(sa.insert(t).values(profile_id=profile_id, puzzle_id=new.puzzle_id, **values))
    else:
        conn.execute(sa.update(t).where(*where).values(**values))


def _review_of(row: Any) -> Review:
    return Review(row.puzzle_id, row.puzzle_type, row.game, int(row.step), int(row.solved), row.due, row.missed)


class SavedRatings:
    """The reading side of ratings and reviews, for :class:`progress.store.Store`."""

    _run: Callable[..., Any]

    def rating(self, profile_id: int, kind: str = "puzzles") -> Rating | None:
        """The profile's rating, or None before its first rated attempt (or game)."""
        t = player_ratings_table
        query = sa.select(t).where(t.c.profile_id == profile_id, t.c.kind == check_kind(kind))
        row = self._run(lambda conn: conn.execute(query).first(), write=False)
        return None if row is None or not row.rated else _rating_of(row)

    def rating_history(self, profile_id: int, kind: str = "puzzles") -> pd.DataFrame:
        """Every rated attempt (or game) of the profile, oldest first: ``HISTORY_COLUMNS``."""
        h = rating_history_table
        query = sa.select(h).where(h.c.profile_id == profile_id, h.c.kind == check_kind(kind)).order_by(h.c.at, h.c.id)
        rows = self._run(lambda conn: conn.execute(query).all(), write=False)
        return history_frame([{**r._mapping, "at": utc(r.at)} for r in rows])

    def puzzle_rating(self, puzzle_id: str) -> Rating | None:
        """The puzzle's rating from its attempts, or None while nobody has been rated on it."""
        t = puzzle_ratings_table
        row = self._run(lambda conn: conn.execute(sa.select(t).where(t.c.puzzle_id == puzzle_id)).first(), write=False)
        return None if row is None else _rating_of(row)

    def puzzles_in_window(self, profile_id: int | None, prefix: str, low: float, high: float,
                          limit: int = 50) -> list[tuple[str, Rating]]:
        """Rated puzzles whose id starts with ``prefix`` (``"block_count:block"``), rated
        from ``low`` to ``high``, that the profile has not tried: closest to the middle first."""
        t, a = puzzle_ratings_table, attempts_table
        middle = (low + high) / 2
        query = sa.select(t).where(t.c.puzzle_id.startswith(prefix, autoescape=True), t.c.rating >= low,
                                   t.c.rating <= high)
        if profile_id is not None:
            tried = sa.select(a.c.puzzle_id).where(a.c.profile_id == profile_id)
            query = query.where(t.c.puzzle_id.not_in(tried))
        query = query.order_by(sa.func.abs(t.c.rating - middle), t.c.puzzle_id).limit(limit)
        rows = self._run(lambda conn: conn.execute(query).all(), write=False)
        return [(r.puzzle_id, _rating_of(r)) for r in rows]

    def reviews(self, profile_id: int) -> list[Review]:
        """The profile's review queue, soonest due first."""
        t = reviews_table
        query = sa.select(t).where(t.c.profile_id == profile_id).order_by(t.c.due, t.c.missed, t.c.puzzle_id)
        return [_review_of(r) for r in self._run(lambda conn: conn.execute(query).all(), write=False)]

    def reviews_due(self, profile_id: int, day: date) -> list[Review]:
        """The puzzles due for review on ``day`` (the player's local date) or before."""
        return [r for r in self.reviews(profile_id) if r.due <= day]


class MemoryRatings:
    """The same for :class:`progress.store.NullStore`: this session's memory only."""

    _lock: threading.Lock
    _attempts: dict[int, list[Attempt]]

    def _rating_state(self) -> dict[str, Any]:
        state = self.__dict__.get("_ratings_kept")
        if state is None:
            state = self.__dict__["_ratings_kept"] = {"players": {}, "puzzles": {}, "history": {}, "reviews": {}}
        return state

    def _rate_locked(self, profile_id: int, attempt: Attempt, band: str | None) -> RatedAttempt | None:
        """Called by NullStore.record_attempt with its lock held, the attempt already kept."""
        state = self._rating_state()
        queue = state["reviews"].setdefault(profile_id, {})
        new = schedule(queue.get(attempt.puzzle_id), attempt.puzzle_id, attempt.puzzle_type, attempt.game,
                       correct=attempt.correct, day=attempt.day)
        if new is None:
            queue.pop(attempt.puzzle_id, None)
        else:
            queue[attempt.puzzle_id] = new
        if band is None:
            return None
        seed = puzzle_seed(band)
        tries = sum(1 for a in self._attempts[profile_id] if a.puzzle_id == attempt.puzzle_id)
        history = state["history"].setdefault((profile_id, "puzzles"), [])
        if tries > 1 or any(row["item"] == attempt.puzzle_id for row in history):
            return None
        before = state["players"].get((profile_id, "puzzles"), START)
        puzzle_before = state["puzzles"].get(attempt.puzzle_id, seed)
        player, puzzle = rate(before, puzzle_before, attempt.correct)
        state["players"][(profile_id, "puzzles")] = player
        state["puzzles"][attempt.puzzle_id] = puzzle
        history.append({"at": attempt.at, "item": attempt.puzzle_id, "score": 1.0 if attempt.correct else 0.0,
                        "rating": player.value, "deviation": player.deviation, "item_rating": puzzle.value})
        return RatedAttempt(attempt.puzzle_id, before, player, puzzle_before, puzzle)

    def _rate_play_locked(self, profile_id: int, result: MatchResult, at: datetime) -> RatedMatch | None:
        """Called by NullStore.save_game with its lock held: the play rating, once per deal."""
        state = self._rating_state()
        history = state["history"].setdefault((profile_id, "play"), [])
        if any(row["item"] == result.item for row in history):
            return None
        before = state["players"].get((profile_id, "play"), START)
        after = rate_games(before, result.games)
        state["players"][(profile_id, "play")] = after
        history.append({"at": at, "item": result.item, "score": result.score, "rating": after.value,
                        "deviation": after.deviation, "item_rating": result.opponent})
        return RatedMatch(result.item, before, after, result.score, result.opponent)

    def rating(self, profile_id: int, kind: str = "puzzles") -> Rating | None:
        with self._lock:
            return self._rating_state()["players"].get((profile_id, check_kind(kind)))

    def rating_history(self, profile_id: int, kind: str = "puzzles") -> pd.DataFrame:
        with self._lock:
            rows = list(self._rating_state()["history"].get((profile_id, check_kind(kind)), []))
        return history_frame(rows)

    def puzzle_rating(self, puzzle_id: str) -> Rating | None:
        with self._lock:
            return self._rating_state()["puzzles"].get(puzzle_id)

    def puzzles_in_window(self, profile_id: int | None, prefix: str, low: float, high: float,
                          limit: int = 50) -> list[tuple[str, Rating]]:
        middle = (low + high) / 2
        with self._lock:
            tried = {a.puzzle_id for a in self._attempts.get(profile_id, [])} if profile_id is not None else set()
            found = [(pid, r) for pid, r in self._rating_state()["puzzles"].items()
                     if pid.startswith(prefix) and low <= r.value <= high and pid not in tried]
        return sorted(found, key=lambda item: (abs(item[1].value - middle), item[0]))[:limit]

    def reviews(self, profile_id: int) -> list[Review]:
        with self._lock:
            kept = list(self._rating_state()["reviews"].get(profile_id, {}).values())
        return sorted(kept, key=lambda r: (r.due, r.missed, r.puzzle_id))

    def reviews_due(self, profile_id: int, day: date) -> list[Review]:
        return [r for r in self.reviews(profile_id) if r.due <= day]


__all__ = ["HISTORY_COLUMNS", "MemoryRatings", "RatedAttempt", "RatedMatch", "SavedRatings", "play_in", "rate_in",
           "rate_many_in", "review_in"]


def performance_by_type(attempts: pd.DataFrame, history: pd.DataFrame) -> pd.DataFrame:
    """Per puzzle type (a theme): rated first tries, the share solved, and the **rating
    performance**, the rating these results would match: the puzzles' mean rating plus
    400 × (solved − missed) / tries (the usual linear performance; the puzzle's rating is
    the one after the attempt, a few points from the one before). Weakest first.

    >>> from progress.records import Attempt, attempts_frame
    >>> from datetime import date
    >>> tries = attempts_frame([Attempt("a", "block_count", "block", True, 1, date(2026, 1, 1)),
    ...                         Attempt("b", "block_count", "block", False, 1, date(2026, 1, 1))])
    >>> rows = [{"at": pd.Timestamp("2026-01-01", tz="UTC"), "item": i, "score": s, "rating": 1500.0,
    ...          "deviation": 200.0, "item_rating": r} for i, s, r in (("a", 1.0, 1400.0), ("b", 0.0, 1600.0))]
    >>> performance_by_type(tries, history_frame(rows)).to_dict("records")
    [{'puzzle_type': 'block_count', 'rated': 2, 'rate': 0.5, 'performance': 1500.0}]
    """
    types = attempts.drop_duplicates("puzzle_id").set_index("puzzle_id")["puzzle_type"]
    rated = history.assign(puzzle_type=history["item"].map(types)).dropna(subset=["puzzle_type"])
    if rated.empty:
        return pd.DataFrame({"puzzle_type": pd.Series(dtype="str"), "rated": pd.Series(dtype="int64"),
                             "rate": pd.Series(dtype="float64"), "performance": pd.Series(dtype="float64")})
    grouped = rated.groupby("puzzle_type").agg(rated=("score", "size"), rate=("score", "mean"),
                                               opponents=("item_rating", "mean")).reset_index()
    grouped["performance"] = (grouped["opponents"] + 400 * (2 * grouped["rate"] - 1)).round()
    return (grouped.drop(columns="opponents").sort_values(["performance", "puzzle_type"], kind="stable")
            .reset_index(drop=True).astype({"rated": "int64"}))


def theme_trend(attempts: pd.DataFrame, history: pd.DataFrame, window: int = 10) -> pd.DataFrame:
    """Per theme, after each of its rated first tries: the **rating performance** (as
    :func:`performance_by_type`) of that theme's last ``window`` rated tries, so a line per
    theme shows whether it is getting better. Columns: ``at``, ``puzzle_type``, ``tries``
    (rated tries of the theme so far), ``right`` and ``window`` (right answers and tries in
    the window), ``performance``; oldest first.

    >>> from progress.records import Attempt, attempts_frame
    >>> from datetime import date
    >>> tries = attempts_frame([Attempt(i, "block_count", "block", s, 1, date(2026, 1, 1)) for i, s in
    ...                         (("a", False), ("b", True))])
    >>> rows = [{"at": pd.Timestamp(f"2026-01-0{n}", tz="UTC"), "item": i, "score": s, "rating": 1500.0,
    ...          "deviation": 200.0, "item_rating": 1500.0} for n, i, s in ((1, "a", 0.0), (2, "b", 1.0))]
    >>> theme_trend(tries, history_frame(rows))[["tries", "right", "performance"]].values.tolist()
    [[1.0, 0.0, 1100.0], [2.0, 1.0, 1500.0]]
    """
    columns = {"at": "datetime64[us, UTC]", "puzzle_type": "str", "tries": "int64", "right": "int64",
               "window": "int64", "performance": "float64"}
    types = attempts.drop_duplicates("puzzle_id").set_index("puzzle_id")["puzzle_type"]
    rated = history.assign(puzzle_type=history["item"].map(types)).dropna(subset=["puzzle_type"])
    if rated.empty:
        return pd.DataFrame({name: pd.Series(dtype=kind) for name, kind in columns.items()})
    parts = []
    for ptype, rows in rated.sort_values("at", kind="stable").groupby("puzzle_type", sort=True):
        rolling = rows[["score", "item_rating"]].rolling(window, min_periods=1)
        sums, means = rolling.sum(), rolling.mean()
        count = rows["score"].rolling(window, min_periods=1).count()
        parts.append(pd.DataFrame({
            "at": rows["at"].to_numpy(), "puzzle_type": ptype, "tries": range(1, len(rows) + 1),
            "right": sums["score"].round().to_numpy(), "window": count.to_numpy(),
            "performance": (means["item_rating"] + 400 * (2 * means["score"] - 1)).round().to_numpy(),
        }))
    frame = pd.concat(parts, ignore_index=True).sort_values(["at", "puzzle_type"], kind="stable")
    return frame.reset_index(drop=True).astype(columns)
