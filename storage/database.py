"""Where progress is saved and how: the URL, the schema, the shared engines, and what a
driver's error means in plain words. ``progress.store`` builds on this.

>>> safe_url(parse_url("postgresql+psycopg://teacher:s3cret@db.school/capicu"))
'postgresql+psycopg://teacher:***@db.school/capicu'
>>> sqlite_file(parse_url("sqlite:////srv/capicu/progress.db"))
PosixPath('/srv/capicu/progress.db')
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
import weakref
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping

import sqlalchemy as sa
from sqlalchemy import event, exc
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.pool import StaticPool

from storage.errors import StoreUnavailable

TEXT_LIMIT = 100  # puzzle ids, puzzle types, game presets and lesson ids
REPO_ROOT = Path(__file__).resolve().parent.parent


def data_folder(env: Mapping[str, str] | None = None) -> Path:
    """Where progress is saved by default: data/ in a checkout (it has its pyproject.toml);
    an installed app (``pip install``: no checkout around it) keeps it in the user's data
    folder, ``$XDG_DATA_HOME/capicu``, else ``~/.local/share/capicu``.

    >>> data_folder() == REPO_ROOT / "data"
    True
    """
    if (REPO_ROOT / "pyproject.toml").is_file():
        return REPO_ROOT / "data"
    env = os.environ if env is None else env
    xdg = env.get("XDG_DATA_HOME", "").strip()
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share") / "capicu"


DEFAULT_PATH = data_folder() / "capicu.sqlite3"
SCHEMA_VERSION = 1
#: The PostgreSQL advisory lock that makes creating the tables one server at a time.
SCHEMA_LOCK = 0x63617069  # "capi"
#: The one that makes new and changed profile names one at a time (look-alike names).
NAMES_LOCK = 0x6361706E  # "capn"
SQLITE_HEADER = b"SQLite format 3\x00"


# --- configuration -------------------------------------------------------------------


def database_url(env: Mapping[str, str] | None = None) -> str:
    """Where progress is saved: ``CAPICU_DB_URL``, else ``CAPICU_DB_PATH``, else data/.

    >>> database_url({"CAPICU_DB_URL": "postgresql+psycopg://school@db/capicu"})
    'postgresql+psycopg://school@db/capicu'
    >>> database_url({"CAPICU_DB_PATH": "/srv/capicu/progress.db"})
    'sqlite:////srv/capicu/progress.db'
    >>> database_url({}).endswith("/data/capicu.sqlite3")
    True
    """
    env = os.environ if env is None else env
    if env.get("CAPICU_DB_URL", "").strip():
        return env["CAPICU_DB_URL"].strip()
    if env.get("CAPICU_DB_PATH", "").strip():
        # relative paths are relative to the working directory, as on a command line
        return f"sqlite:///{Path(env['CAPICU_DB_PATH'].strip()).expanduser().resolve()}"
    return f"sqlite:///{DEFAULT_PATH}"


def parse_url(text: str) -> URL:
    try:
        return make_url(text)
    except (exc.ArgumentError, ValueError) as error:
        # the text may hold a password even when it does not parse: mask user:password@
        shown = re.sub(r"(://)[^@/]*@", r"\1***@", text)
        raise StoreUnavailable("bad_url", url=shown, detail=error) from None


def safe_url(url: URL) -> str:
    """The URL as it may appear in a message or a log: without the password."""
    return url.render_as_string(hide_password=True)


def sqlite_file(url: URL) -> Path | None:
    """The database file of a plain SQLite URL; None for memory, URI filenames, other backends."""
    if url.get_backend_name() != "sqlite" or url.query.get("uri"):
        return None
    if url.database in (None, "", ":memory:"):
        return None
    return Path(url.database)


# --- the schema ----------------------------------------------------------------------

metadata = sa.MetaData()

# Table names carry a prefix so that a school's shared PostgreSQL database stays tidy.
profiles_table = sa.Table(
    "capicu_profiles",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(40), nullable=False),
    # the case-insensitive form of the name: uniqueness is the database's job, so two
    # sessions creating "Ana" and "ANA" at the same moment cannot both succeed
    sa.Column("name_key", sa.String(160), nullable=False, unique=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

attempts_table = sa.Table(
    "capicu_attempts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("capicu_profiles.id", ondelete="CASCADE"), nullable=False),
    sa.Column("puzzle_id", sa.String(TEXT_LIMIT), nullable=False),
    sa.Column("puzzle_type", sa.String(TEXT_LIMIT), nullable=False),
    sa.Column("game", sa.String(TEXT_LIMIT), nullable=False),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("time_ms", sa.Integer, nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("daily", sa.Date, nullable=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_capicu_attempts_profile_at", "profile_id", "at"),
)

lessons_table = sa.Table(
    "capicu_lessons",
    metadata,
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("capicu_profiles.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("lesson_id", sa.String(TEXT_LIMIT), primary_key=True),
    sa.Column("day", sa.Date, nullable=False),
)

games_table = sa.Table(
    "capicu_games",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("capicu_profiles.id", ondelete="CASCADE"), nullable=False),
    sa.Column("game", sa.String(TEXT_LIMIT), nullable=False),
    sa.Column("status", sa.String(20), nullable=False),
    sa.Column("record", sa.Text, nullable=False),  # JSON: the setup, every action, the reviews
    sa.Column("decisions", sa.Integer, nullable=False),
    sa.Column("best", sa.Integer, nullable=False),
    sa.Column("points_lost", sa.Float, nullable=False),
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_capicu_games_profile_started", "profile_id", "started_at"),
    # "match" (against the bots) or "table" (a round recorded on the analysis board);
    # added after the table: see _add_columns
    sa.Column("kind", sa.String(20), nullable=False, server_default=sa.text("'match'")),
)

# Optional protection of a profile on a shared server (progress/pins.py): a PIN, kept as a
# salted scrypt hash, and whether the name is left out of the list.
guards_table = sa.Table(
    "capicu_profile_guards",
    metadata,
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("capicu_profiles.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("pin_hash", sa.String(200), nullable=True),
    sa.Column("hidden", sa.Boolean, nullable=False),
    sa.Column("failures", sa.Integer, nullable=False),  # tries since the last lock or right PIN
    sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
    # locks since the last right PIN: each one lasts twice as long (progress/pins.py);
    # added after the table: see _add_columns
    sa.Column("lockouts", sa.Integer, nullable=False, server_default=sa.text("0")),
)

# Devices that stay signed in: the browser keeps a random token in a cookie; only its
# sha256 is stored, so the table cannot be used to sign in.
devices_table = sa.Table(
    "capicu_devices",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("capicu_profiles.id", ondelete="CASCADE"), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
)

meta_table = sa.Table(
    "capicu_meta",
    metadata,
    sa.Column("key", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
)


# The live class quiz (classroom/quiz.py): a quiz, the students who joined it, their answers.
quizzes_table = sa.Table(
    "capicu_quizzes",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(12), nullable=False, unique=True),  # the short join code
    sa.Column("secret_hash", sa.String(64), nullable=False),  # sha256 of the teacher's secret
    sa.Column("title", sa.String(TEXT_LIMIT), nullable=False),
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("puzzle_ids", sa.Text, nullable=False),  # JSON list of puzzle ids, in order
    sa.Column("state", sa.String(12), nullable=False),  # lobby, question, revealed, closed
    sa.Column("current", sa.Integer, nullable=False),  # the question on screen; -1 in the lobby
    sa.Column("asked_at", sa.DateTime(timezone=True), nullable=True),  # when it was put on screen
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    # the class size the teacher set, and how many nicknames may join from one network
    # address (0: any number); added after the table: see _add_columns
    sa.Column("capacity", sa.Integer, nullable=False, server_default=sa.text("40")),
    sa.Column("per_address", sa.Integer, nullable=False, server_default=sa.text("3")),
    # the key of the HMAC that stands for a student's address (never the address itself)
    sa.Column("address_salt", sa.String(64), nullable=True),
    # the teacher's choice: the answers of students signed in with a profile count for
    # their puzzle rating (docs/ratings.md); added after the table
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
)

quiz_players_table = sa.Table(
    "capicu_quiz_players",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("quiz_id", sa.Integer, sa.ForeignKey("capicu_quizzes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("nickname", sa.String(40), nullable=False),
    sa.Column("name_key", sa.String(160), nullable=False),
    sa.Column("device", sa.String(64), nullable=False),  # the random id a student's link keeps
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    # HMAC-SHA256 of the network address the student joined from, keyed by the quiz's salt
    sa.Column("address_hash", sa.String(64), nullable=True),
    # taken out by the teacher: the row stays so that the device cannot join again
    sa.Column("removed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.UniqueConstraint("quiz_id", "name_key", name="uq_capicu_quiz_players_name"),
    sa.UniqueConstraint("quiz_id", "device", name="uq_capicu_quiz_players_device"),
)

quiz_answers_table = sa.Table(
    "capicu_quiz_answers",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("quiz_id", sa.Integer, sa.ForeignKey("capicu_quizzes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("capicu_quiz_players.id", ondelete="CASCADE"), nullable=False),
    sa.Column("question", sa.Integer, nullable=False),
    sa.Column("response", sa.Text, nullable=False),  # JSON, as the student gave it
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("time_ms", sa.Integer, nullable=False),  # from the question going on screen
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    # in a rated quiz, the profile signed in on the student's device when answering: rated
    # at the reveal. No foreign key (added after the table, and ALTER TABLE cannot add one
    # on SQLite): a deleted profile's id is skipped at the reveal, and set to NULL then.
    sa.Column("profile_id", sa.Integer, nullable=True),
    # one answer per student per question: the first one counts
    sa.UniqueConstraint("quiz_id", "player_id", "question", name="uq_capicu_quiz_answers_once"),
)


# Ratings (progress/ratings.py, progress/rating_store.py): each profile's per kind
# ("puzzles", "play"), each puzzle's (shared by every profile on the server), and every
# rated attempt's result, for the trend. Added after release 1: created on the next open.
player_ratings_table = sa.Table(
    "capicu_player_ratings",
    metadata,
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("capicu_profiles.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("kind", sa.String(20), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("rated", sa.Integer, nullable=False),  # rated attempts or games so far
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

puzzle_ratings_table = sa.Table(
    "capicu_puzzle_ratings",
    metadata,
    sa.Column("puzzle_id", sa.String(TEXT_LIMIT), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("rated", sa.Integer, nullable=False),  # rated attempts at it, all profiles
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_capicu_puzzle_ratings_rating", "rating"),
)

rating_history_table = sa.Table(
    "capicu_rating_history",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("capicu_profiles.id", ondelete="CASCADE"), nullable=False),
    sa.Column("kind", sa.String(20), nullable=False),
    sa.Column("item", sa.String(TEXT_LIMIT), nullable=False),  # the puzzle id, or the saved game's id
    sa.Column("score", sa.Float, nullable=False),  # 1 solved or won, 0 not, 0.5 a drawn match
    sa.Column("rating", sa.Float, nullable=False),  # the profile's, after
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("item_rating", sa.Float, nullable=False),  # the puzzle's (or the bot's), after
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    # a puzzle (or a game) counts once per profile: a retry never does, even from two tabs
    sa.UniqueConstraint("profile_id", "kind", "item", name="uq_capicu_rating_history_once"),
    sa.Index("ix_capicu_rating_history_profile_at", "profile_id", "kind", "at"),
)

# Spaced repetition (progress/repetition.py): a puzzle answered wrong, and when it comes back.
reviews_table = sa.Table(
    "capicu_reviews",
    metadata,
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("capicu_profiles.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("puzzle_id", sa.String(TEXT_LIMIT), primary_key=True),
    sa.Column("puzzle_type", sa.String(TEXT_LIMIT), nullable=False),
    sa.Column("game", sa.String(TEXT_LIMIT), nullable=False),
    sa.Column("step", sa.Integer, nullable=False),  # which gap comes next: 1, 3, 7, then 21 days
    sa.Column("solved", sa.Integer, nullable=False),  # right answers in a row since it came back
    sa.Column("due", sa.Date, nullable=False),  # the player's local date it is due
    sa.Column("missed", sa.Date, nullable=False),  # the last day it was answered wrong
    sa.Index("ix_capicu_reviews_profile_due", "profile_id", "due"),
)

# Personal puzzles (progress/mistakes.py): a profile's own proven mistakes, and when each comes
# back (the repetition schedule; ``due`` is NULL once it is retired). Added after release 1.
mistakes_table = sa.Table(
    "capicu_mistakes",
    metadata,
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("capicu_profiles.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("puzzle_id", sa.String(40), primary_key=True),  # "mine-" + 16 hex digits
    sa.Column("game", sa.String(TEXT_LIMIT), nullable=False),
    sa.Column("themes", sa.Text, nullable=False),  # JSON list
    sa.Column("data", sa.Text, nullable=False),  # the PersonalPuzzle's JSON
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("solved", sa.Integer, nullable=False),
    sa.Column("due", sa.Date, nullable=True),
    sa.Column("missed", sa.Date, nullable=False),
    sa.Column("made_on", sa.Date, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_capicu_mistakes_profile_due", "profile_id", "due"),
)


# A class that lasts (classroom/roster.py, classroom/homework.py, classroom/dashboard.py):
# the class, its students (ordinary profiles, signed in with a PIN or a login card), the
# homework set to it, the puzzle sets its teacher composed, and what happened in its
# lessons (live quizzes, tables) for the teacher's dashboard. Added after release 1:
# created on the next open, an older database keeps every row it had.
classes_table = sa.Table(
    "capicu_classes",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(12), nullable=False, unique=True),  # the students' join code
    sa.Column("name", sa.String(60), nullable=False),
    sa.Column("games", sa.Text, nullable=False),  # JSON list of the presets it studies
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("time_zone", sa.String(60), nullable=False),  # an IANA name: homework is due in it
    # the teacher's passphrase, a salted scrypt hash as profile PINs are (progress/pins.py),
    # with the same lockout after wrong tries
    sa.Column("secret_hash", sa.String(200), nullable=False),
    sa.Column("failures", sa.Integer, nullable=False, server_default=sa.text("0")),
    sa.Column("lockouts", sa.Integer, nullable=False, server_default=sa.text("0")),
    sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
    sa.Column("archived", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

class_members_table = sa.Table(
    "capicu_class_members",
    metadata,
    sa.Column("class_id", sa.Integer, sa.ForeignKey("capicu_classes.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("capicu_profiles.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("nickname", sa.String(40), nullable=False),  # as the class knows the student
    sa.Column("name_key", sa.String(160), nullable=False),
    # sha256 of the secret in the student's login card's QR (None: no card printed);
    # a new card replaces the old one
    sa.Column("card_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("class_id", "name_key", name="uq_capicu_class_members_name"),
    # a student's classes (their To do on every Home): by profile, not by class
    sa.Index("ix_capicu_class_members_profile", "profile_id"),
)

puzzle_sets_table = sa.Table(
    "capicu_puzzle_sets",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("capicu_classes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("name", sa.String(60), nullable=False),
    sa.Column("puzzle_ids", sa.Text, nullable=False),  # JSON list of puzzle ids, in order
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

assignments_table = sa.Table(
    "capicu_assignments",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("capicu_classes.id", ondelete="CASCADE"), nullable=False),
    # lessons, puzzles (a set, or a drill: a type, a count and a band), play, mistakes
    sa.Column("kind", sa.String(20), nullable=False),
    sa.Column("spec", sa.Text, nullable=False),  # JSON: what to do, by kind (classroom/homework.py)
    sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),  # work from then on counts
    sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_capicu_assignments_class_due", "class_id", "due_at"),
)

class_history_table = sa.Table(
    "capicu_class_history",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("capicu_classes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("kind", sa.String(20), nullable=False),  # quiz, tables
    sa.Column("data", sa.Text, nullable=False),  # JSON: the results as the end-of-class summary shows them
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_capicu_class_history_class_at", "class_id", "at"),
)


def taken_names(conn: Connection, *, besides: int | None = None) -> list[str]:
    """Every profile name (but that of profile ``besides``), read inside the write lock so
    that no other session adds one before this one is written: on SQLite BEGIN IMMEDIATE
    already makes writers take turns; on PostgreSQL an advisory lock does."""
    if conn.dialect.name == "postgresql":
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": NAMES_LOCK})
    query = sa.select(profiles_table.c.name)
    if besides is not None:
        query = query.where(profiles_table.c.id != besides)
    return list(conn.execute(query).scalars())


def utc(moment: datetime) -> datetime:
    # SQLite keeps the wall time only: everything is written in UTC and read back as UTC.
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment.astimezone(timezone.utc)


# --- turning driver errors into codes ------------------------------------------------

_SQLITE_CODES = (
    (("SQLITE_BUSY", "SQLITE_LOCKED"), "locked"),
    (("SQLITE_NOTADB", "SQLITE_CORRUPT"), "corrupt"),
    (("SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_FULL", "SQLITE_PERM", "SQLITE_AUTH"), "unwritable"),
)
_SQLITE_MESSAGES = (
    (("database is locked", "database table is locked"), "locked"),
    (("file is not a database", "malformed"), "corrupt"),
    (("unable to open", "readonly", "disk i/o", "disk is full", "permission"), "unwritable"),
)


def code_of(error: BaseException, *, connecting: bool) -> str:
    """The StoreUnavailable code for a driver error (``connecting``: while opening)."""
    orig = getattr(error, "orig", error)
    if isinstance(orig, sqlite3.Error):
        name = getattr(orig, "sqlite_errorname", "") or ""
        for prefixes, code in _SQLITE_CODES:
            if name.startswith(prefixes):
                return code
        text = str(orig).lower()
        for needles, code in _SQLITE_MESSAGES:
            if any(n in text for n in needles):
                return code
        return "failed"
    # another backend: failing to connect means the server is down or the address wrong
    if connecting and isinstance(error, (exc.OperationalError, exc.InterfaceError)):
        return "unreachable"
    if isinstance(error, exc.DBAPIError) and error.connection_invalidated:
        return "unreachable"
    if _server_gone(error, orig):
        return "unreachable"
    return "failed"


#: SQLSTATEs that mean the server went away or will not take the connection: class 08
#: (connection exception), admin_shutdown 57P01 (a restart or pg_terminate_backend),
#: crash_shutdown 57P02, cannot_connect_now 57P03 (starting up or shutting down)
_GONE_STATES = ("08", "57P01", "57P02", "57P03")


def _server_gone(error: BaseException, orig: BaseException) -> bool:
    """Whether a PostgreSQL error says the server cannot be reached (a restart: refused
    connections, "terminating connection due to administrator command", "server closed
    the connection unexpectedly"), as opposed to a statement that failed.

    psycopg raises ``OperationalError`` without a SQLSTATE when the connection itself
    failed (refused, closed, timed out): the server never answered the statement. A
    SQLSTATE names what the server said."""
    state = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if state:
        return str(state).startswith(_GONE_STATES)
    kind = type(orig).__name__
    return kind in ("OperationalError", "InterfaceError") and type(orig).__module__.startswith("psycopg")


def unavailable(error: BaseException, url: URL, *, connecting: bool) -> StoreUnavailable:
    detail = getattr(error, "orig", None) or error
    name = getattr(detail, "sqlite_errorname", "")
    if name and name not in str(detail):  # SQLite's own name says which "I/O error" it was
        detail = f"{detail} ({name})"
    return StoreUnavailable(code_of(error, connecting=connecting), url=safe_url(url), detail=detail)


# --- engines: one per URL, shared by every thread ------------------------------------


@dataclass
class _Shared:
    engine: Engine
    users: int


# The only process-global state: engines keyed by (URL, busy timeout). SQLAlchemy's
# pools are thread-safe, so every Streamlit session of a process shares one.
_ENGINES: dict[tuple[str, float], _Shared] = {}
_ENGINES_LOCK = threading.Lock()


def _make_engine(url: URL, timeout: float) -> Engine:
    try:
        if url.get_backend_name() != "sqlite":
            return sa.create_engine(url, pool_pre_ping=True)
        if sqlite_file(url) is None and not url.query.get("uri"):
            # memory: one connection shared by the store's threads (the store serialises them)
            engine = sa.create_engine(
                url, poolclass=StaticPool, connect_args={"check_same_thread": False, "timeout": timeout}
            )
        else:
            engine = sa.create_engine(url, connect_args={"timeout": timeout})
    except exc.NoSuchModuleError as error:
        raise StoreUnavailable("bad_url", url=safe_url(url), detail=error) from None
    except ImportError as error:
        raise StoreUnavailable("driver_missing", url=safe_url(url), detail=error) from None
    except exc.ArgumentError as error:
        raise StoreUnavailable("bad_url", url=safe_url(url), detail=error) from None

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # We issue BEGIN ourselves (below), as SQLAlchemy's pysqlite notes advise: the
        # driver's implicit transactions start too late to take the write lock up front.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            cursor.execute("PRAGMA foreign_keys = ON")
            # The rollback journal, not WAL: WAL memory-maps a shared file (-shm), and a
            # file that cannot be written (made immutable, a full disk) then kills the whole
            # server with SIGBUS instead of failing one write. Writers take turns through
            # BEGIN IMMEDIATE and the busy timeout; readers wait only while one commits.
            # A memory database has no journal to switch.
            if sqlite_file(url) is not None:
                cursor.execute("PRAGMA journal_mode = DELETE")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        # Writers take the write lock at BEGIN (waiting up to the busy timeout), so a
        # transaction never fails half-way because another writer got there first.
        write = conn.get_execution_options().get("capicu_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def acquire_engine(url: URL, timeout: float, share: bool) -> Engine:
    if not share or (url.get_backend_name() == "sqlite" and sqlite_file(url) is None):
        return _make_engine(url, timeout)
    key = (url.render_as_string(hide_password=False), timeout)
    with _ENGINES_LOCK:
        shared = _ENGINES.get(key)
        if shared is None:
            shared = _ENGINES[key] = _Shared(_make_engine(url, timeout), 0)
        shared.users += 1
        return shared.engine


def release_engine(engine: Engine) -> None:
    with _ENGINES_LOCK:
        for key, shared in list(_ENGINES.items()):
            if shared.engine is engine:
                shared.users -= 1
                if shared.users <= 0:
                    del _ENGINES[key]
                    engine.dispose()
                return
    engine.dispose()  # not shared


# --- opening -------------------------------------------------------------------------


def check_sqlite_file(path: Path, url: URL) -> None:
    """Refuse, before SQLite touches it, a path that cannot be or is not a database."""
    shown = safe_url(url)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        detail = f"cannot create folder {path.parent}: {error.strerror or error}"
        raise StoreUnavailable("unwritable", url=shown, detail=detail) from None
    if path.is_dir():
        raise StoreUnavailable("unwritable", url=shown, detail=f"{path} is a folder, not a file")
    if path.exists():
        try:  # a server opens stores while other threads write: never close() the file (sqlite_peek)
            from storage.sqlite_peek import peek

            header = peek(path, len(SQLITE_HEADER))[0]
        except OSError as error:
            detail = f"cannot read {path}: {error.strerror or error}"
            raise StoreUnavailable("unwritable", url=shown, detail=detail) from None
        # An empty file is a valid empty database to SQLite; anything else must carry the
        # SQLite header, or it is someone else's file and we must not write to it.
        if header and header != SQLITE_HEADER:
            raise StoreUnavailable("corrupt", url=shown)


def _schema_version(conn: Connection) -> str | None:
    """The stored schema version, or None while any of our tables is missing."""
    if not set(metadata.tables) <= set(sa.inspect(conn).get_table_names()):
        return None
    return conn.execute(sa.select(meta_table.c.value).where(meta_table.c.key == "schema_version")).scalar()


def _missing_columns(conn: Connection) -> list[sa.Column]:
    """Columns of our tables that the database's tables lack (a table made by an older Capicú)."""
    inspector = sa.inspect(conn)
    present = set(inspector.get_table_names())
    missing: list[sa.Column] = []
    for table in metadata.sorted_tables:
        if table.name in present:
            have = {column["name"] for column in inspector.get_columns(table.name)}
            missing.extend(column for column in table.columns if column.name not in have)
    return missing


def _add_columns(conn: Connection) -> None:
    """Give an older database's tables the columns added since (inside the write lock).

    A column added to a released table must be nullable or have a server default, so that
    the rows already there get a value: the same ALTER TABLE then works on SQLite and
    PostgreSQL, and an older Capicú on the same database still writes its rows.
    """
    preparer = conn.dialect.identifier_preparer
    for column in _missing_columns(conn):
        if not column.nullable and column.server_default is None:  # pragma: no cover - a schema mistake
            raise AssertionError(f"{column.table.name}.{column.name} was added without a default")
        ddl = sa.schema.CreateColumn(column).compile(dialect=conn.dialect)
        conn.exec_driver_sql(f"ALTER TABLE {preparer.format_table(column.table)} ADD COLUMN {ddl}")


def prepare(engine: Engine, url: URL) -> None:
    """Check the database, create the tables it lacks and add the columns its tables lack
    (a database made by an older Capicú); raises StoreUnavailable."""
    # Reading first: a database that is ready opens even while another writer holds the
    # write lock (WAL lets readers through), and nothing is written to it.
    with engine.begin() as conn:
        if url.get_backend_name() == "sqlite":
            # a damaged page would otherwise surface later, as attempts that fail to save
            verdict = conn.exec_driver_sql("PRAGMA quick_check").scalar()
            if verdict != "ok":
                raise StoreUnavailable("corrupt", url=safe_url(url))
        found = _schema_version(conn)
        behind = found is None or bool(_missing_columns(conn))
    if behind:
        with engine.execution_options(capicu_write=True).begin() as conn:
            if url.get_backend_name() == "postgresql":
                # SQLite's write lock is BEGIN IMMEDIATE; on PostgreSQL, servers that open an
                # empty database together would race on CREATE TABLE: take turns instead.
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            metadata.create_all(conn, checkfirst=True)  # inside the write lock: no race
            found = _schema_version(conn)
            if found is None or (found.isdigit() and int(found) <= SCHEMA_VERSION):
                _add_columns(conn)  # looked at again inside the lock: another server may have added them
            if found is None:
                conn.execute(sa.insert(meta_table).values(key="schema_version", value=str(SCHEMA_VERSION)))
                return  # just written: writing works
    if not found.isdigit() or int(found) > SCHEMA_VERSION:
        raise StoreUnavailable("too_new", url=safe_url(url), found=found, known=SCHEMA_VERSION)
    _probe_write(engine)


def _probe_write(engine: Engine) -> None:
    """Refuse now, not at the first saved attempt, a database we may read but not write:
    a read-only file, folder or mount, or a database user without rights. The probe
    rewrites one value in a transaction that is rolled back: nothing changes."""
    same = sa.update(meta_table).where(meta_table.c.key == "schema_version").values(value=meta_table.c.value)
    try:
        with engine.execution_options(capicu_write=True).connect() as conn:
            with conn.begin() as transaction:
                conn.execute(same)
                transaction.rollback()
    except exc.OperationalError as error:
        if code_of(error, connecting=False) != "locked":
            raise
        # another writer is busy: that is no sign of a read-only database, and each
        # write waits and retries on its own


class SideTables:
    """Tables kept beside the schema by a store module of their own (live matches, tables):
    created once per database engine, on first use; another server may create them at the
    same moment, which is fine when they exist afterwards."""

    def __init__(self, metadata: sa.MetaData) -> None:
        self._metadata = metadata
        self._made: weakref.WeakSet = weakref.WeakSet()
        self._lock = threading.Lock()

    def ensure(self, store: Any) -> None:
        """Create the tables in ``store``'s database unless this process already has."""
        engine = store._engine
        with self._lock:
            if engine in self._made:
                return

            def create(conn: Connection) -> None:
                try:
                    self._metadata.create_all(conn, checkfirst=True)
                except exc.SQLAlchemyError:
                    if not all(sa.inspect(conn).has_table(name) for name in self._metadata.tables):
                        raise

            store._run(create, write=True)
            self._made.add(engine)
