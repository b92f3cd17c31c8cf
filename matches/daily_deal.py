"""The daily deal: one round a day per game that everyone on the server plays, then compares.

Like a duplicate bridge board: the same hands for every player, the same opponents, and
a score that means something only beside the field's. What makes it fair:

* **The deal cannot be known before its day.** Its seed is an HMAC of the date and the
  game under the server's secret (``CAPICU_DEAL_SECRET``, else a random one made once
  and kept in the database's meta table, so every server of a school deals the same).
  The seed never leaves the server: the page keeps the match in its session and draws
  the player's own hand only.
* **The same opponents for everyone.** The other seats are :data:`OPPONENT` bots, whose
  choice depends on their view and dice seeded from the deal and the move only (never
  the clock or the machine's load), so two players who make the same moves see the same
  round — and a round is rebuilt from the player's moves alone (:func:`replay`).
* **One rated try.** A profile's first start of a day's deal is its entry
  (:meth:`DailyResults.enter`, once per profile, deal and day: a double submit stores
  one); it is finished by :meth:`DailyResults.finish`. Later plays are practice; guests
  play unranked.

The field (:func:`field_of`): each result's score is the round's value for the player's
side as the review measures it (:func:`strategy.review.table_value`: its side's points
minus the others', in Goat the others' penalty minus its own), ranked, and scored in
matchpoints as duplicate bridge does (one for each result beaten, a half for each tie,
as a share of the most one could have). At each decision the field's choices are
counted among the players who reached the very same position.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
from bisect import bisect_left, bisect_right
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from typing import Any, Iterable, Sequence

import sqlalchemy as sa

from engine import Action
from matches.game import HUMAN, Game, Setup
from storage.database import SideTables, meta_table
from strategy.review import decision_points, table_value

__all__ = [
    "DEAL_GAMES", "EXPERT_LINE", "DailyResults", "expert_line", "DealResult", "Field", "OPPONENT", "deal_setup", "decision_keys", "field_of",
    "position_key", "replay", "server_secret",
]

#: The games of the daily deal and the players at its table (the player sits at seat 0).
DEAL_GAMES: dict[str, int] = {
    "laplaza_partners": 4, "laplaza_1v1": 2, "all_fives": 2, "draw": 2, "block": 2, "kozel": 4,
}
#: The other seats: reads the table, and decides from its view and seeded dice only.
OPPONENT = "strong"
#: Who plays the expert's line for comparison: the expert capped by work, not by time.
EXPERT_LINE = "expert-by-work"
#: The environment variable that sets the server's secret (several servers: the same one).
SECRET_ENV = "CAPICU_DEAL_SECRET"
_SECRET_KEY = "daily_deal_secret"
#: The first day a deal exists (nothing to browse before it).
FIRST_DAY = date(2026, 12, 1)
#: Letters a nickname keeps on a leaderboard.
NAME_LIMIT = 40


class DealError(ValueError):
    """A day or game with no deal (``code`` names it for the page)."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(code)


# --------------------------------------------------------------------- the deal itself
def server_secret(store: Any) -> bytes:
    """The secret the deals are made from: ``CAPICU_DEAL_SECRET``, else the one kept in the
    database (made at the first call: two servers starting together keep the first one
    written), else one for this process (a server without a database)."""
    text = os.environ.get(SECRET_ENV, "").strip()
    if text:
        return text.encode()
    if store is None or not getattr(store, "saving", False):
        return _process_secret()
    made = secrets.token_hex(32)

    def work(conn) -> str:
        found = conn.execute(sa.select(meta_table.c.value).where(meta_table.c.key == _SECRET_KEY)).scalar()
        if found is None:
            conn.execute(sa.insert(meta_table).values(key=_SECRET_KEY, value=made))
            return made
        return found

    return str(store._run(work, write=True)).encode()


_process_lock = threading.Lock()
_process: list[bytes] = []


def _process_secret() -> bytes:
    with _process_lock:
        if not _process:
            _process.append(secrets.token_hex(32).encode())
        return _process[0]


def deal_setup(secret: bytes, day: date, game: str) -> Setup:
    """The day's table for ``game``: the player at seat 0, :data:`OPPONENT` bots around,
    and a seed no one can work out without the secret."""
    if game not in DEAL_GAMES:
        raise DealError("bad_game")
    if not isinstance(day, date):
        raise DealError("bad_day")
    digest = hmac.new(secret, f"capicu-deal:{day.isoformat()}:{game}".encode(), hashlib.sha256).hexdigest()
    players = DEAL_GAMES[game]
    return Setup(game, players, (), f"deal-{digest[:32]}", (HUMAN,) + (OPPONENT,) * (players - 1))


def playable(day: date, today: date) -> bool:
    """A day's deal can be played from its day on (and kept for browsing after)."""
    return FIRST_DAY <= day <= today


def replay(setup: Setup, moves: Sequence[str]) -> Game:
    """The round after the player's ``moves`` (their actions, in order), the bots answering
    as they always do; stops where the player is to move next or the round is over.
    Raises ``IllegalActionError``/``ValueError`` for moves the deal does not allow."""
    game = Game.start(setup)
    mine = list(moves)
    while not game.round.is_over:
        if game.bot_to_move:
            game.play_bot()
        elif mine:
            game.play(mine.pop(0))
        else:
            break
    if mine:
        raise ValueError("more moves than the round had")
    return game


def expert_line(setup: Setup) -> tuple[list[str], float]:
    """The expert's own play of the deal from the player's seat, against the same bots:
    its moves and what the round came to (the same on any machine: capped by work)."""
    game = replay(setup, ())
    while not game.round.is_over:
        if game.bot_to_move:
            game.play_bot()
        else:
            game.play(game.action_for(EXPERT_LINE))
    return [m.action for m in game.rounds[0] if m.seat == 0], float(round_value(game))


def position_key(game: Game, ply: int) -> str:
    """The position before move ``ply`` of the round, named by the moves that led to it:
    the deal is the same for everyone, so the same moves are the same position."""
    text = json.dumps([game.setup.seed, [m.action for m in game.rounds[0][:ply]]])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def decision_keys(game: Game) -> list[tuple[int, str, str]]:
    """(ply, position key, action) for every real choice the player made in the round (two
    or more different moves: the review's decisions), in order."""
    return [(ply, position_key(game, ply), game.rounds[0][ply].action) for ply, _ in decision_points(game, 0, 0)]


def round_value(game: Game) -> float | None:
    """What the round came to for the player's side (None: not over)."""
    return table_value(game, 0, 0)


# --------------------------------------------------------------------- results
_metadata = sa.MetaData()
results_table = sa.Table(
    "capicu_daily_results",
    _metadata,
    sa.Column("day", sa.Date, primary_key=True),
    sa.Column("game", sa.String(40), primary_key=True),
    sa.Column("profile_id", sa.Integer, primary_key=True),
    sa.Column("nickname", sa.String(NAME_LIMIT), nullable=False),
    sa.Column("moves", sa.Text, nullable=False),  # JSON: the player's actions so far
    sa.Column("score", sa.Float, nullable=True),  # None while the rated try is being played
    sa.Column("decisions", sa.Text, nullable=True),  # JSON: [[position key, action, grade or null], ...]
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.Index("ix_capicu_daily_results_day_game_score", "day", "game", "score"),
)
lines_table = sa.Table(
    "capicu_daily_lines",
    _metadata,
    sa.Column("day", sa.Date, primary_key=True),
    sa.Column("game", sa.String(40), primary_key=True),
    sa.Column("moves", sa.Text, nullable=False),  # JSON: the expert's actions
    sa.Column("score", sa.Float, nullable=False),
)
_side_tables = SideTables(_metadata)


def _insert_once(conn, table: sa.Table, values: dict[str, Any]) -> None:
    """Insert the row unless its key is there already (no error, on SQLite and PostgreSQL)."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    conn.execute(insert(table).values(**values).on_conflict_do_nothing())


@dataclass(frozen=True)
class DealResult:
    day: date
    game: str
    profile_id: int
    nickname: str
    moves: tuple[str, ...]
    score: float | None
    decisions: tuple[tuple[str, str, str | None], ...] = ()

    @property
    def finished(self) -> bool:
        return self.score is not None


def _result(row) -> DealResult:
    decisions = tuple(tuple(d) for d in json.loads(row.decisions or "[]"))
    return DealResult(row.day, row.game, int(row.profile_id), row.nickname, tuple(json.loads(row.moves)),
                      None if row.score is None else float(row.score), decisions)  # type: ignore[arg-type]


class DailyResults:
    """The rated tries of the daily deals, in ``store``'s database (SQLite or PostgreSQL)."""

    def __init__(self, store: Any) -> None:
        if store is None or not getattr(store, "saving", False):
            raise DealError("no_database")
        self._store = store
        _side_tables.ensure(store)

    def entry(self, day: date, game: str, profile_id: int) -> DealResult | None:
        t = results_table
        row = self._store._run(lambda conn: conn.execute(sa.select(t).where(
            t.c.day == day, t.c.game == game, t.c.profile_id == profile_id)).first(), write=False)
        return None if row is None else _result(row)

    def enter(self, day: date, game: str, profile_id: int, nickname: str) -> DealResult:
        """The profile's rated try at the deal: made now if it has none (its first start),
        else the one it has (finished or not). Two tabs starting at once make one."""
        t = results_table
        now = datetime.now(timezone.utc)

        def work(conn):
            # two tabs (or two servers) starting at once: the first insert wins, both read it
            _insert_once(conn, t, dict(day=day, game=game, profile_id=profile_id, nickname=nickname[:NAME_LIMIT],
                                       moves="[]", score=None, decisions=None, started_at=now, finished_at=None))
            return conn.execute(sa.select(t).where(t.c.day == day, t.c.game == game,
                                                   t.c.profile_id == profile_id)).first()

        return _result(self._store._run(work, write=True))

    def progress(self, day: date, game: str, profile_id: int, moves: Sequence[str]) -> bool:
        """Keep the rated try's moves so far (a reload resumes it); False when it is over."""
        t = results_table
        text = json.dumps(list(moves))
        done = self._store._run(lambda conn: conn.execute(sa.update(t).where(
            t.c.day == day, t.c.game == game, t.c.profile_id == profile_id, t.c.score.is_(None)).values(
            moves=text)).rowcount, write=True)
        return bool(done)

    def finish(self, day: date, game: str, profile_id: int, moves: Sequence[str], score: float,
               decisions: Sequence[tuple[str, str, str | None]]) -> bool:
        """The rated try's result, written once: False (and nothing changed) when it was
        finished already, so a double submit stores one."""
        t = results_table
        values = dict(moves=json.dumps(list(moves)), score=float(score),
                      decisions=json.dumps([list(d) for d in decisions]), finished_at=datetime.now(timezone.utc))
        done = self._store._run(lambda conn: conn.execute(sa.update(t).where(
            t.c.day == day, t.c.game == game, t.c.profile_id == profile_id, t.c.score.is_(None)).values(
            **values)).rowcount, write=True)
        return bool(done)

    def grade(self, day: date, game: str, profile_id: int, grades: dict[str, str]) -> None:
        """The review's grades of a finished try's decisions (position key -> grade), as
        they come in; grades already there stay."""
        found = self.entry(day, game, profile_id)
        if found is None or not found.finished:
            return
        merged = [[key, action, grade or grades.get(key)] for key, action, grade in found.decisions]
        if merged == [list(d) for d in found.decisions]:
            return
        t = results_table
        self._store._run(lambda conn: conn.execute(sa.update(t).where(
            t.c.day == day, t.c.game == game, t.c.profile_id == profile_id).values(
            decisions=json.dumps(merged))), write=True)

    def line(self, day: date, game: str) -> tuple[list[str], float] | None:
        """The expert's line of a deal, once it has been played out (:func:`expert_line`)."""
        t = lines_table
        row = self._store._run(lambda conn: conn.execute(sa.select(t).where(t.c.day == day, t.c.game == game)).first(),
                               write=False)
        return None if row is None else (json.loads(row.moves), float(row.score))

    def keep_line(self, day: date, game: str, moves: Sequence[str], score: float) -> None:
        """Keep the expert's line (the first one kept stays: every server plays the same)."""
        t = lines_table

        self._store._run(lambda conn: _insert_once(conn, t, dict(day=day, game=game, moves=json.dumps(list(moves)),
                                                                   score=float(score))), write=True)

    def finished(self, day: date, game: str) -> list[DealResult]:
        """Every finished rated try at a deal."""
        t = results_table
        rows = self._store._run(lambda conn: conn.execute(sa.select(t).where(
            t.c.day == day, t.c.game == game, t.c.score.is_not(None))).all(), write=False)
        return [_result(row) for row in rows]

    def between(self, first: date, last: date, profiles: Iterable[int] | None = None) -> list[DealResult]:
        """Every finished rated try from ``first`` to ``last`` (every game), of ``profiles`` only
        when given (a class's leaderboard): who, which deal and the score only (what the
        standings need; not the moves)."""
        t = results_table
        query = sa.select(t.c.day, t.c.game, t.c.profile_id, t.c.nickname, t.c.score).where(
            t.c.day >= first, t.c.day <= last, t.c.score.is_not(None))
        if profiles is not None:
            query = query.where(t.c.profile_id.in_(list(profiles)))
        rows = self._store._run(lambda conn: conn.execute(query).all(), write=False)
        return [DealResult(row.day, row.game, int(row.profile_id), row.nickname, (), float(row.score)) for row in rows]


# --------------------------------------------------------------------- the field
@dataclass(frozen=True)
class Field:
    """How one score stands in the field of a deal."""

    size: int  # finished rated tries, this one included
    rank: int  # 1 + how many scored more
    beaten: int
    tied: int  # others with the same score
    #: matchpoints as a share of the most one could have (None alone in the field)
    matchpoints: float | None
    scores: tuple[float, ...] = field(default=())

    @property
    def percentile(self) -> float | None:
        """The share of the others this score beat (ties count half): the matchpoint share."""
        return self.matchpoints


def field_of(score: float, others: Sequence[float]) -> Field:
    """Where ``score`` stands among ``others`` (the field without it).

    >>> f = field_of(10, [4, 10, 22, -6])
    >>> f.size, f.rank, f.beaten, f.tied, f.matchpoints
    (5, 2, 2, 1, 0.625)
    >>> field_of(3, []).matchpoints is None
    True
    """
    beaten = sum(other < score for other in others)
    tied = sum(other == score for other in others)
    better = sum(other > score for other in others)
    points = (beaten + 0.5 * tied) / len(others) if others else None
    return Field(len(others) + 1, better + 1, beaten, tied, points, tuple(sorted([score, *others], reverse=True)))


def matchpoints_of(results: Sequence[DealResult]) -> dict[int, float | None]:
    """Each profile's matchpoint share in one deal's field (as :func:`field_of` gives it,
    for all of them at once: sorted once, so a field of thousands costs milliseconds).

    >>> rows = [DealResult(date(2026, 12, 6), "draw", p, str(p), (), s) for p, s in enumerate([4, 10, 10, 22, -6])]
    >>> matchpoints_of(rows) == {p: field_of(r.score, [o.score for o in rows if o is not r]).matchpoints
    ...                          for p, r in enumerate(rows)}
    True
    """
    scores = sorted(float(r.score) for r in results)  # type: ignore[arg-type]
    others = len(scores) - 1
    out: dict[int, float | None] = {}
    for result in results:
        below = bisect_left(scores, result.score)
        tied = bisect_right(scores, result.score) - below - 1  # not itself
        out[result.profile_id] = (below + 0.5 * tied) / others if others else None
    return out


def choice_shares(results: Sequence[DealResult], key: str) -> dict[str, int]:
    """What the field played at position ``key``: action -> how many."""
    counts: Counter[str] = Counter()
    for result in results:
        for position, action, _grade in result.decisions:
            if position == key:
                counts[action] += 1
    return dict(counts.most_common())


@dataclass(frozen=True)
class Standing:
    nickname: str
    profile_id: int
    deals: int
    matchpoints: float  # the average matchpoint share over the deals played
    total: float  # the sum of the scores


def leaderboard(results: Sequence[DealResult]) -> list[Standing]:
    """Standings over several deals (a day's games, a week): each profile's average
    matchpoint share over the deals it played in a field of two or more, best first."""
    by_deal: dict[tuple[date, str], list[DealResult]] = {}
    for result in results:
        by_deal.setdefault((result.day, result.game), []).append(result)
    points: dict[int, list[float]] = {}
    totals: dict[int, float] = {}
    names: dict[int, str] = {}
    for deal in by_deal.values():
        for profile_id, share in matchpoints_of(deal).items():
            if share is not None:
                points.setdefault(profile_id, []).append(share)
        for result in deal:
            totals[result.profile_id] = totals.get(result.profile_id, 0.0) + float(result.score or 0.0)
            names[result.profile_id] = result.nickname
    table = [Standing(names[p], p, len(shares), sum(shares) / len(shares), totals[p]) for p, shares in points.items()]
    return sorted(table, key=lambda s: (-s.matchpoints, -s.deals, s.nickname.casefold()))


def week_of(day: date) -> tuple[date, date]:
    """The Monday and Sunday of ``day``'s week.

    >>> week_of(date(2026, 12, 6))
    (datetime.date(2026, 11, 30), datetime.date(2026, 12, 6))
    """
    monday = day - timedelta(days=day.weekday())
    return monday, monday + timedelta(days=6)
