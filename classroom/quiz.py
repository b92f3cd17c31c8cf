"""The live class quiz, kept in the progress database so every browser on the server sees it.

A teacher opens a quiz (a list of puzzle ids) and gets a short join code, for the
students, and a secret, for the teacher alone: only the secret advances, reveals or
closes the quiz, and only a hash of it is stored. Students join with a nickname and a
random device id (their link keeps it); each answers each question once, the first
answer counts (a unique constraint says so, not a check-then-insert).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> quizzes = open_quiz_store(f"sqlite:///{folder}/capicu.sqlite3")
>>> quiz, secret = quizzes.create(["fives:all_fives:2:12531294"], title="Fives", lang="en")
>>> quiz.state, len(quiz.code)
('lobby', 6)
>>> ana = quizzes.join(quiz.code, "Ana", "device-of-ana")
>>> quizzes.advance(quiz.code, secret).state
'question'
>>> quizzes.answer(quiz.code, ana.id, 0, 10, correct=True).correct
True
>>> quizzes.my_answer(quiz.code, ana.id, 0).correct is None    # not before the reveal
True
>>> quizzes.reveal(quiz.code, secret).state
'revealed'
>>> quizzes.my_answer(quiz.code, ana.id, 0).correct
True
>>> quizzes.close(quiz.code, secret).state
'closed'
>>> [(r.rank, r.nickname, r.correct) for r in quizzes.ranking(quiz.code)]
[(1, 'Ana', 1)]
>>> quizzes.close_store(); import shutil; shutil.rmtree(folder)
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import ipaddress
import json
import os
import re
import secrets
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Any, Iterable, Mapping, Sequence

import sqlalchemy as sa
from sqlalchemy import exc
from sqlalchemy.engine import Connection

from progress.rating_store import rate_many_in
from progress.ratings import BAND_SEEDS
from progress.records import TEXT_LIMIT, Attempt, clean_name, name_key, refuse_look_alike
from progress.store import Store, open_store
from storage.database import profiles_table, quiz_answers_table, quiz_players_table, quizzes_table, utc
from storage.errors import ProgressError
from storage.join_codes import CODE_ALPHABET, normalize_code

CODE_LENGTH = 6
MAX_QUESTIONS = 50
RESPONSE_LIMIT = 2000
DEVICE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
STATES = ("lobby", "question", "revealed", "closed", "tables")  # "tables": the class plays at tables
#: The largest class a quiz takes, and the defaults a teacher starts from.
MAX_CLASS = 300
CAPACITY = 40
PER_ADDRESS = 3
#: With no limit of nicknames per address (``per_address=0``, a school behind one proxy),
#: at most JOIN_BURST nicknames join from one address in any JOIN_WINDOW seconds: a class
#: arriving together gets in within a minute, a script's flood of fakes is slowed to one
#: name every two seconds, which the teacher can remove faster than it comes (review C7).
JOIN_BURST = 10
JOIN_WINDOW = 20.0
#: The server's setting for JOIN_BURST (0 turns the limit off: a bench or a test whose
#: simulated phones all come from this machine's loopback address).
JOIN_BURST_ENV = "CAPICU_JOIN_BURST"

ENGLISH = {
    "unknown_quiz": "there is no class quiz with the code '{join_code}'",
    "not_teacher": "only the teacher who opened this quiz can do that",
    "closed": "this quiz is closed",
    "seated": "the class is already seated at its tables",
    "not_asking": "question {question} is not open for answers",
    "already_answered": "this question was already answered from this device",
    "nickname_taken": "someone in this quiz is already called '{name}'",
    "unknown_player": "this device has not joined the quiz",
    "bad_device": "this link's device id is not valid",
    "no_questions": "a quiz needs from 1 to {limit} puzzles",
    "bad_response": "this answer cannot be kept",
    "bad_move": "the quiz cannot go from '{state}' that way",
    "bad_class_size": "a class size is from 1 to {limit} students",
    "bad_per_address": "the nicknames per network address go from 0 (no limit) to {limit}",
    "quiz_full": "this quiz is full: it takes {limit} students",
    "too_many_from_here": "{limit} nicknames have already joined this quiz from this network address",
    "removed": "the teacher took this device out of the quiz",
    "joining_too_fast": "too many nicknames are joining from this network address right now",
}


class QuizError(ProgressError, ValueError):
    """A quiz action the rules refuse; ``code`` is one of :data:`ENGLISH`'s keys."""

    MESSAGES = ENGLISH


@dataclass(frozen=True)
class Quiz:
    id: int
    code: str
    title: str
    lang: str
    puzzle_ids: tuple[str, ...]
    state: str          # lobby, question, revealed, closed
    current: int        # the question on screen (0-based); -1 in the lobby
    asked_at: datetime | None
    created_at: datetime
    capacity: int = CAPACITY        # the class size: how many students may join
    per_address: int = PER_ADDRESS  # nicknames that may join from one network address; 0: any number
    rated: bool = False             # answers of students signed in with a profile count for their rating

    @property
    def total(self) -> int:
        return len(self.puzzle_ids)

    @property
    def is_last(self) -> bool:
        return self.current >= self.total - 1

    def revealed(self, question: int) -> bool:
        """Whether the right answer of ``question`` may be shown to students."""
        return self.state == "closed" or question < self.current or (
            question == self.current and self.state == "revealed")


@dataclass(frozen=True)
class QuestionFacts:
    """What rating a question's answers needs to know of its puzzle (the puzzles package
    knows it; this store does not read puzzles): its type, its game and its band (or its
    question kind and band, ``progress.ratings.seed_key``: where its rating starts)."""

    puzzle_type: str
    game: str
    band: str


@dataclass(frozen=True)
class Player:
    id: int
    nickname: str
    joined_at: datetime


@dataclass(frozen=True)
class Answer:
    player_id: int
    nickname: str
    question: int
    response: Any
    correct: bool | None  # None: not revealed to this reader yet
    time_ms: int
    at: datetime


@dataclass(frozen=True)
class RankRow:
    rank: int
    nickname: str
    correct: int
    answered: int
    time_ms: int  # the time taken by the correct answers, added up: less is faster


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_device_id() -> str:
    return secrets.token_urlsafe(12)


def address_key(address: Any) -> str | None:
    """What counts as one network address: an IPv4 address, an IPv6 /64 (one home or phone
    network: its privacy addresses change, the prefix does not), else the text itself.

    >>> address_key("192.0.2.7"), address_key("::ffff:192.0.2.7")
    ('192.0.2.7', '192.0.2.7')
    >>> address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9")
    True
    >>> address_key(None), address_key("  ")
    (None, None)
    """
    text = str(address or "").strip().lower()[:200]
    if not text:
        return None
    try:
        ip = ipaddress.ip_address(text.split("%", 1)[0])  # "fe80::1%eth0": the zone is not the address
    except ValueError:
        return text
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((ip, 64), strict=False).network_address) + "/64"
    return str(ip)


def address_hash(salt: str, address: Any) -> str | None:
    """The stored stand-in for ``address``: HMAC-SHA256 keyed by the quiz's salt, so the
    table holds no address and the same phone cannot be followed from quiz to quiz."""
    key = address_key(address)
    if key is None:
        return None
    return hmac.new(salt.encode("utf-8"), key.encode("utf-8"), hashlib.sha256).hexdigest()


def join_burst() -> int:
    """How many nicknames one address may join in :data:`JOIN_WINDOW` seconds when the
    quiz has no limit per address: ``CAPICU_JOIN_BURST`` if set to a whole number >= 0
    (0: no limit), else :data:`JOIN_BURST`."""
    text = os.environ.get(JOIN_BURST_ENV, "").strip()
    return int(text) if text.isdigit() else JOIN_BURST


def _now() -> datetime:
    """The server's clock (a test may stand in its own)."""
    return datetime.now(timezone.utc)


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def open_quiz_store(url: str | None = None, **options: Any) -> QuizStore:
    """Open the progress database at ``url`` (see :func:`progress.open_store`) for quizzes."""
    return QuizStore(open_store(url, **options), owns=True)


class QuizStore:
    """Quizzes in the progress database; every method is one short transaction, safe from
    any number of threads (and, with PostgreSQL, processes)."""

    def __init__(self, store: Store, *, owns: bool = False) -> None:
        self._store = store
        self._owns = owns

    def close_store(self) -> None:
        if self._owns:
            self._store.close()

    def _run(self, work, *, write: bool):
        return self._store._run(work, write=write)

    # -- the teacher

    def create(self, puzzle_ids: Sequence[str], *, title: str = "", lang: str = "en", capacity: int = CAPACITY,
               per_address: int = PER_ADDRESS, rated: bool = False, for_tables: bool = False) -> tuple[Quiz, str]:
        """A new quiz in the lobby; returns it and the teacher's secret (shown only now).

        ``capacity`` is the class size (1 to :data:`MAX_CLASS` students), ``per_address`` how
        many nicknames may join from one network address (0: any number, else up to
        :data:`MAX_CLASS`); :class:`QuizError` ``bad_class_size`` / ``bad_per_address``.
        A ``rated`` quiz rates the answers of students signed in with a profile, at each
        reveal (:meth:`reveal`); not rated by default. A class ``for_tables`` has no
        questions: the students gather in its lobby, then the teacher seats them at tables
        (:meth:`seat_at_tables`).
        """
        ids = [] if for_tables else [str(p) for p in puzzle_ids]
        if (not for_tables and not 1 <= len(ids) <= MAX_QUESTIONS) or any(not p or len(p) > TEXT_LIMIT for p in ids):
            raise QuizError("no_questions", limit=MAX_QUESTIONS)
        if not _whole(capacity, 1, MAX_CLASS):
            raise QuizError("bad_class_size", limit=MAX_CLASS)
        if not _whole(per_address, 0, MAX_CLASS):
            raise QuizError("bad_per_address", limit=MAX_CLASS)
        secret = secrets.token_urlsafe(24)
        now = datetime.now(timezone.utc)
        for _ in range(20):  # a code already in use: draw another
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            insert = sa.insert(quizzes_table).values(
                code=code, secret_hash=secret_hash(secret), title=str(title)[:TEXT_LIMIT], lang=str(lang)[:8],
                puzzle_ids=json.dumps(ids), state="lobby", current=-1, asked_at=None, created_at=now,
                updated_at=now, capacity=capacity, per_address=per_address, address_salt=secrets.token_hex(16),
                rated=bool(rated),
            )
            try:
                self._run(lambda conn: conn.execute(insert), write=True)
            except exc.IntegrityError:
                continue
            return self.get(code), secret
        raise QuizError("bad_move", state="new")  # pragma: no cover - 10^9 codes

    def is_teacher(self, code: str, secret: str | None) -> bool:
        if not secret:
            return False
        row = self._run(lambda conn: _quiz_row(conn, code), write=False)
        return hmac.compare_digest(row.secret_hash.encode(), secret_hash(str(secret)).encode())

    def advance(self, code: str, secret: str | None) -> Quiz:
        """Lobby → the first question; a revealed question → the next one (after the last: closed)."""
        def work(conn: Connection) -> None:
            row = _teacher_row(conn, code, secret, lock="update")
            questions = len(json.loads(row.puzzle_ids))
            if row.state == "lobby" and not questions:
                raise QuizError("bad_move", state=row.state)  # a class for tables asks nothing
            if row.state == "lobby" or (row.state == "revealed" and row.current < questions - 1):
                _set(conn, row.id, state="question", current=row.current + 1, asked_at=datetime.now(timezone.utc))
            elif row.state == "revealed":
                _set(conn, row.id, state="closed")
            else:
                raise QuizError("bad_move", state=row.state)

        self._run(work, write=True)
        return self.get(code)

    def seat_at_tables(self, code: str, secret: str | None) -> Quiz:
        """The lobby → "tables": the students are sent to the tables the teacher opened
        (``matches.table_store``, by this class's code); joining is over."""
        def work(conn: Connection) -> None:
            row = _teacher_row(conn, code, secret, lock="update")
            if row.state != "lobby":
                raise QuizError("bad_move", state=row.state)
            _set(conn, row.id, state="tables")

        self._run(work, write=True)
        return self.get(code)

    def devices(self, code: str, secret: str | None) -> dict[int, str]:
        """Each student's device id, for the teacher alone (it makes their seat tokens)."""
        def work(conn: Connection) -> dict[int, str]:
            row = _teacher_row(conn, code, secret)
            t = quiz_players_table
            found = conn.execute(sa.select(t.c.id, t.c.device).where(t.c.quiz_id == row.id, _in_class())).all()
            return {int(pid): str(device) for pid, device in found}

        return self._run(work, write=False)

    def reveal(self, code: str, secret: str | None, *, facts: Mapping[str, QuestionFacts] | None = None,
               day: date | None = None) -> Quiz:
        """Show the right answer of the question on screen; no more answers to it.

        In a rated quiz the answers given from a profile are rated now, in the same
        transaction (never before the reveal: a rating that moved would tell a student the
        verdict early). ``facts`` maps the puzzle ids to their type, game and band (a
        question missing there is not rated); ``day`` is the class's date (the teacher's),
        today by default."""
        def work(conn: Connection) -> None:
            row = _teacher_row(conn, code, secret, lock="update")
            if row.state != "question":
                raise QuizError("bad_move", state=row.state)
            _set(conn, row.id, state="revealed")
            _rate_question(conn, row, facts, day)

        self._run(work, write=True)
        return self.get(code)

    def close(self, code: str, secret: str | None, *, facts: Mapping[str, QuestionFacts] | None = None,
              day: date | None = None) -> Quiz:
        """End the quiz: no more answers or joins; the ranking is shown to everyone. A
        question still open is revealed by it, and rated as :meth:`reveal` does."""
        def work(conn: Connection) -> None:
            row = _teacher_row(conn, code, secret, lock="update")
            if row.state != "closed":
                _set(conn, row.id, state="closed")
            if row.state == "question":
                _rate_question(conn, row, facts, day)

        self._run(work, write=True)
        return self.get(code)

    def remove(self, code: str, secret: str | None, player_id: int) -> None:
        """Take a student out of the quiz (a fake, a rude nickname): their answers go, the
        name is free again, and their device cannot join this quiz again. :class:`QuizError`
        ``not_teacher``, ``unknown_player``; removing someone already removed does nothing."""
        self.remove_many(code, secret, [player_id])

    def remove_many(self, code: str, secret: str | None, player_ids: Iterable[int]) -> int:
        """:meth:`remove` for several students at once (a flood of fakes), in one
        transaction: all of them or, for an id not in this quiz (``unknown_player``), none.
        Returns how many were taken out (those already removed are not counted)."""
        p = quiz_players_table
        wanted = sorted({int(i) for i in player_ids})

        def work(conn: Connection) -> int:
            # FOR UPDATE: answers being written (FOR SHARE) finish first, later ones see the removal
            row = _teacher_row(conn, code, secret, lock="update")
            if not wanted:
                return 0
            query = sa.select(p.c.id, p.c.removed).where(p.c.id.in_(wanted), p.c.quiz_id == row.id)
            found = conn.execute(query).all()
            if len(found) != len(wanted):
                raise QuizError("unknown_player")
            out = [int(f.id) for f in found if not f.removed]
            if not out:
                return 0
            conn.execute(sa.delete(quiz_answers_table).where(quiz_answers_table.c.quiz_id == row.id,
                                                             quiz_answers_table.c.player_id.in_(out)))
            for player_id in out:
                # the row stays (its device is refused from now on); its name key no longer
                # holds the nickname, so the real Ana can join after a fake "Ana" was removed
                # (a control character: no real name's key has one)
                conn.execute(sa.update(p).where(p.c.id == player_id)
                             .values(removed=True, name_key=f"\x1fremoved:{player_id}"))
            _set(conn, row.id)
            return len(out)

        return self._run(work, write=True)

    def answers(self, code: str, secret: str | None, question: int | None = None) -> list[Answer]:
        """Every answer (to ``question``, or to all), with its verdict: the teacher's view."""
        def work(conn: Connection) -> list[Answer]:
            row = _teacher_row(conn, code, secret)
            return _answers(conn, row.id, question)

        return self._run(work, write=False)

    # -- anyone with the code

    def get(self, code: str) -> Quiz:
        return _quiz_of(self._run(lambda conn: _quiz_row(conn, code), write=False))

    def players(self, code: str) -> list[Player]:
        """The students in the quiz, in the order they joined (not the removed ones)."""
        def work(conn: Connection) -> list[Player]:
            row = _quiz_row(conn, code)
            t = quiz_players_table
            query = sa.select(t).where(t.c.quiz_id == row.id, _in_class()).order_by(t.c.joined_at, t.c.id)
            return [Player(r.id, r.nickname, utc(r.joined_at)) for r in conn.execute(query).all()]

        return self._run(work, write=False)

    def player_count(self, code: str) -> int:
        """How many students are in the quiz (one count, not the list)."""
        def work(conn: Connection) -> int:
            return _player_count(conn, _quiz_row(conn, code).id)

        return self._run(work, write=False)

    def answered_count(self, code: str, question: int) -> int:
        def work(conn: Connection) -> int:
            row = _quiz_row(conn, code)
            t = quiz_answers_table
            query = sa.select(sa.func.count()).where(t.c.quiz_id == row.id, t.c.question == question)
            return int(conn.execute(query).scalar() or 0)

        return self._run(work, write=False)

    def ranking(self, code: str, secret: str | None = None) -> list[RankRow]:
        """Most correct answers first, then the least time on them; for the teacher, and for
        everyone once the quiz is closed."""
        def work(conn: Connection) -> list[RankRow]:
            row = _quiz_row(conn, code)
            if row.state != "closed":
                _check_secret(row, secret)
            t = quiz_players_table
            players = conn.execute(sa.select(t).where(t.c.quiz_id == row.id, _in_class())).all()
            answers = _answers(conn, row.id, None)
            return rank(players, answers)

        return self._run(work, write=False)

    # -- students

    def join(self, code: str, nickname: str, device: str, address: str | None = None) -> Player:
        """Join (or, with the same device, rejoin) the quiz from the network ``address`` the
        request came from (kept only as a salted hash).

        A device already in the quiz always gets its student back (a reload is never
        refused), whatever the class size or the address. Otherwise :class:`QuizError`:
        ``removed`` (the teacher took this device out), ``closed``, ``quiz_full`` (the class
        size is reached), ``too_many_from_here`` (``per_address`` nicknames already joined
        from that address), ``nickname_taken`` (another device holds the name);
        :class:`ProfileError` for a name the rules refuse.
        """
        if not isinstance(device, str) or not DEVICE.match(device):
            raise QuizError("bad_device")
        t = quiz_players_table

        def mine(conn: Connection, quiz_id: int):
            return conn.execute(sa.select(t).where(t.c.quiz_id == quiz_id, t.c.device == device)).first()

        def back(known: Any) -> Player:
            if known.removed:
                raise QuizError("removed")
            return Player(known.id, known.nickname, utc(known.joined_at))

        def work(conn: Connection) -> Player:
            # FOR UPDATE: joins to one quiz take turns (SQLite's BEGIN IMMEDIATE already
            # makes every writer take turns), so the counts below cannot be overtaken
            row = _quiz_row(conn, code, lock="update")
            known = mine(conn, row.id)
            if known is not None:  # a reload, or a phone that lost the page: the same student
                return back(known)
            # the profiles' rule: no invisible characters, no look-alike of a classmate's name
            in_class = sa.select(t.c.nickname).where(t.c.quiz_id == row.id, _in_class())
            shown = refuse_look_alike(nickname, conn.execute(in_class).scalars())
            if row.state == "closed":
                raise QuizError("closed")
            if row.state == "tables":
                raise QuizError("seated")
            if _player_count(conn, row.id) >= row.capacity:
                raise QuizError("quiz_full", limit=int(row.capacity))
            hashed = address_hash(row.address_salt or row.secret_hash, address)
            now = _now()
            if hashed is not None and row.per_address:
                here = conn.execute(sa.select(sa.func.count()).where(t.c.quiz_id == row.id, t.c.address_hash == hashed,
                                                                     _in_class())).scalar()
                if int(here or 0) >= row.per_address:
                    raise QuizError("too_many_from_here", limit=int(row.per_address))
            elif hashed is not None and join_burst():
                # no limit per address: a limit per address and minute instead (removed
                # names count too, or removing fakes would let the flood in again)
                since = now - timedelta(seconds=JOIN_WINDOW)
                recent = conn.execute(sa.select(sa.func.count()).where(
                    t.c.quiz_id == row.id, t.c.address_hash == hashed, t.c.joined_at > since)).scalar()
                if int(recent or 0) >= join_burst():
                    raise QuizError("joining_too_fast")
            new = conn.execute(sa.insert(t).values(quiz_id=row.id, nickname=shown, name_key=name_key(shown),
                                                   device=device, joined_at=now, address_hash=hashed,
                                                   removed=False)).inserted_primary_key[0]
            return Player(int(new), shown, now)

        try:
            return self._run(work, write=True)
        except exc.IntegrityError:
            # the same device joining twice at once gets its first join; a name in use is refused
            quiz = self.get(code)
            known = self._run(lambda conn: mine(conn, quiz.id), write=False)
            if known is not None:
                return back(known)
            raise QuizError("nickname_taken", name=clean_name(nickname)) from None

    def player(self, code: str, device: str) -> Player | None:
        """The student this device joined as, if it did (None once the teacher removed it)."""
        if not isinstance(device, str) or not DEVICE.match(device):
            return None

        def work(conn: Connection) -> Player | None:
            row = _quiz_row(conn, code)
            t = quiz_players_table
            found = conn.execute(sa.select(t).where(t.c.quiz_id == row.id, t.c.device == device, _in_class())).first()
            return None if found is None else Player(found.id, found.nickname, utc(found.joined_at))

        return self._run(work, write=False)

    def answer(self, code: str, player_id: int, question: int, response: Any, *, correct: bool,
               profile_id: int | None = None) -> Answer:
        """Keep a student's answer to the question on screen; the first one counts.

        :class:`QuizError`: ``closed``, ``not_asking`` (another question is on screen, or it was
        revealed), ``unknown_player``, ``removed``, ``already_answered``. The time is the server's, from the
        moment the question went on screen. ``profile_id``, the profile signed in on the
        student's device, is kept in a rated quiz only: the answer is rated at the reveal.
        """
        try:
            text = json.dumps(response, separators=(",", ":"), allow_nan=False, sort_keys=True)
        except (TypeError, ValueError):
            raise QuizError("bad_response") from None
        if len(text) > RESPONSE_LIMIT:
            raise QuizError("bad_response")

        def work(conn: Connection) -> Answer:
            # FOR SHARE on servers that have it: a reveal waits for answers being written
            row = _quiz_row(conn, code, lock="share")
            if row.state == "closed":
                raise QuizError("closed")
            if row.state != "question" or row.current != question:
                raise QuizError("not_asking", question=question + 1)
            p = quiz_players_table
            who = conn.execute(sa.select(p.c.nickname, p.c.removed).where(p.c.id == player_id,
                                                                          p.c.quiz_id == row.id)).first()
            if who is None:
                raise QuizError("unknown_player")
            if who.removed:
                raise QuizError("removed")
            now = datetime.now(timezone.utc)
            asked = utc(row.asked_at) if row.asked_at is not None else now
            elapsed = max(0, int((now - asked).total_seconds() * 1000))
            conn.execute(sa.insert(quiz_answers_table).values(
                quiz_id=row.id, player_id=player_id, question=question, response=text, correct=bool(correct),
                time_ms=elapsed, at=now, profile_id=profile_id if row.rated and profile_id is not None else None))
            return Answer(player_id, who.nickname, question, json.loads(text), bool(correct), elapsed, now)

        try:
            return self._run(work, write=True)
        except exc.IntegrityError:
            raise QuizError("already_answered") from None

    def my_answer(self, code: str, player_id: int, question: int) -> Answer | None:
        """A student's own answer; its verdict stays None until the question is revealed."""
        def work(conn: Connection) -> Answer | None:
            row = _quiz_row(conn, code)
            found = [a for a in _answers(conn, row.id, question) if a.player_id == player_id]
            if not found:
                return None
            if _quiz_of(row).revealed(question):
                return found[0]
            return Answer(**{**found[0].__dict__, "correct": None})

        return self._run(work, write=False)

    def my_results(self, code: str, player_id: int) -> list[Answer]:
        """A student's answers to the questions already revealed."""
        def work(conn: Connection) -> list[Answer]:
            row = _quiz_row(conn, code)
            quiz = _quiz_of(row)
            return [a for a in _answers(conn, row.id, None) if a.player_id == player_id and quiz.revealed(a.question)]

        return self._run(work, write=False)


# --- rows ----------------------------------------------------------------------------


def _quiz_row(conn: Connection, code: str, *, lock: str | None = None):
    """The quiz's row; ``lock`` "share" (FOR SHARE) or "update" (FOR UPDATE) on servers that
    have row locks. SQLite has none and needs none: a writer's BEGIN IMMEDIATE takes the
    whole database."""
    wanted = normalize_code(code)
    query = sa.select(quizzes_table).where(quizzes_table.c.code == wanted)
    if lock is not None:
        query = query.with_for_update(read=lock == "share")
    row = conn.execute(query).first()
    if row is None:
        raise QuizError("unknown_quiz", join_code=wanted)
    return row


def _check_secret(row: Any, secret: str | None) -> None:
    given = secret_hash(str(secret or "")).encode()
    if not secret or not hmac.compare_digest(row.secret_hash.encode(), given):
        raise QuizError("not_teacher")


def _teacher_row(conn: Connection, code: str, secret: str | None, *, lock: str = "share"):
    # a teacher's move locks with "update": two moves at once (a double click, a second
    # window) then take turns, where two FOR SHARE locks each waiting to UPDATE deadlock
    row = _quiz_row(conn, code, lock=lock)
    _check_secret(row, secret)
    return row


def _set(conn: Connection, quiz_id: int, **values: Any) -> None:
    conn.execute(sa.update(quizzes_table).where(quizzes_table.c.id == quiz_id)
                 .values(updated_at=datetime.now(timezone.utc), **values))


def _quiz_of(row: Any) -> Quiz:
    return Quiz(int(row.id), row.code, row.title, row.lang, tuple(json.loads(row.puzzle_ids)), row.state,
                int(row.current), utc(row.asked_at) if row.asked_at is not None else None, utc(row.created_at),
                int(row.capacity), int(row.per_address), bool(row.rated))


def _rate_question(conn: Connection, row: Any, facts: Mapping[str, QuestionFacts] | None, day: date | None) -> None:
    """Rate the answers to the question on screen given from a profile (a rated quiz, at its
    reveal; inside the teacher's transaction). A profile deleted since is skipped."""
    if not row.rated or facts is None or not 0 <= row.current < len(json.loads(row.puzzle_ids)):
        return
    puzzle_id = json.loads(row.puzzle_ids)[row.current]
    fact = facts.get(puzzle_id)
    if fact is None or fact.band.rpartition("/")[2] not in BAND_SEEDS:  # a band, or kind/band (seed_key)
        return  # a reveal never fails for its rating: the question is left unrated
    a = quiz_answers_table
    given = conn.execute(sa.select(a).where(a.c.quiz_id == row.id, a.c.question == row.current,
                                            a.c.profile_id.is_not(None)).order_by(a.c.at, a.c.id)).all()
    known = set(conn.execute(sa.select(profiles_table.c.id).where(
        profiles_table.c.id.in_({r.profile_id for r in given}))).scalars()) if given else set()
    when = day or date.today()
    answers = [(int(r.profile_id), Attempt(puzzle_id, fact.puzzle_type, fact.game, bool(r.correct), int(r.time_ms),
                                           when, at=utc(r.at)))
               for r in given if r.profile_id in known]
    rate_many_in(conn, answers, fact.band)


def _in_class():
    """The students still in the quiz: not removed by the teacher."""
    return quiz_players_table.c.removed.is_(False)


def _player_count(conn: Connection, quiz_id: int) -> int:
    t = quiz_players_table
    return int(conn.execute(sa.select(sa.func.count()).where(t.c.quiz_id == quiz_id, _in_class())).scalar() or 0)


def _answers(conn: Connection, quiz_id: int, question: int | None) -> list[Answer]:
    a, p = quiz_answers_table, quiz_players_table
    query = (sa.select(a, p.c.nickname).join(p, p.c.id == a.c.player_id).where(a.c.quiz_id == quiz_id, _in_class())
             .order_by(a.c.question, a.c.at, a.c.id))
    if question is not None:
        query = query.where(a.c.question == question)
    return [Answer(int(r.player_id), r.nickname, int(r.question), json.loads(r.response), bool(r.correct),
                   int(r.time_ms), utc(r.at)) for r in conn.execute(query).all()]


# --- results -------------------------------------------------------------------------


def rank(players: Iterable[Any], answers: Iterable[Answer]) -> list[RankRow]:
    """The ranking: correct answers (more first), then their total time (less first);
    equal students share a rank.

    >>> t = datetime(2026, 12, 1, tzinfo=timezone.utc)
    >>> ps = [Player(1, "Ana", t), Player(2, "Bo", t), Player(3, "Cy", t)]
    >>> ans = [Answer(1, "Ana", 0, 1, True, 900, t), Answer(2, "Bo", 0, 1, True, 500, t),
    ...        Answer(3, "Cy", 0, 2, False, 100, t)]
    >>> [(r.rank, r.nickname) for r in rank(ps, ans)]
    [(1, 'Bo'), (2, 'Ana'), (3, 'Cy')]
    """
    stats: dict[int, list] = {int(p.id): [p.nickname, 0, 0, 0] for p in players}
    for a in answers:
        if a.player_id not in stats:
            continue
        entry = stats[a.player_id]
        entry[2] += 1
        if a.correct:
            entry[1] += 1
            entry[3] += a.time_ms
    ordered = sorted(stats.values(), key=lambda e: (-e[1], e[3], name_key(e[0])))
    rows: list[RankRow] = []
    for i, (nickname, right, answered, ms) in enumerate(ordered):
        same = rows and (rows[-1].correct, rows[-1].time_ms) == (right, ms)
        rows.append(RankRow(rows[-1].rank if same else i + 1, nickname, right, answered, ms))
    return rows


def summary(quiz: Quiz, answers: Iterable[Answer], players: int) -> list[dict[str, Any]]:
    """One row per question: how many answered, how many were right, the median time."""
    by_question: dict[int, list[Answer]] = {i: [] for i in range(quiz.total)}
    for a in answers:
        by_question.setdefault(a.question, []).append(a)
    rows = []
    for i, given in sorted(by_question.items()):
        times = sorted(a.time_ms for a in given)
        right = sum(1 for a in given if a.correct)
        rows.append({
            "question": i + 1,
            "puzzle_id": quiz.puzzle_ids[i] if i < quiz.total else "",
            "players": players,
            "answered": len(given),
            "correct": right,
            "correct_pct": round(100 * right / len(given)) if given else 0,
            "median_s": round(times[len(times) // 2] / 1000, 1) if times else None,
        })
    return rows


def _cell(value: Any) -> Any:
    # a nickname such as "=HYPERLINK(...)" must not become a spreadsheet formula
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def to_csv(rows: Sequence[dict[str, Any]] | Sequence[RankRow]) -> str:
    """Rows (dicts or :class:`RankRow`) as CSV text; cells that a spreadsheet would run are quoted.

    >>> print(to_csv([{"nickname": "=1+1", "correct": 2}]).strip())
    nickname,correct
    '=1+1,2
    """
    dicts = [r.__dict__ if isinstance(r, RankRow) else dict(r) for r in rows]
    out = io.StringIO()
    if not dicts:
        return ""
    writer = csv.DictWriter(out, fieldnames=list(dicts[0]), lineterminator="\n")
    writer.writeheader()
    for d in dicts:
        writer.writerow({k: _cell(v) for k, v in d.items()})
    return out.getvalue()


__all__ = [
    "Answer", "CAPACITY", "CODE_ALPHABET", "JOIN_BURST", "JOIN_WINDOW", "MAX_CLASS", "PER_ADDRESS", "Player", "QuestionFacts", "Quiz", "QuizError",
    "QuizStore",
    "RankRow", "address_hash", "address_key", "new_device_id", "normalize_code", "open_quiz_store", "rank",
    "secret_hash", "summary", "to_csv",
]
