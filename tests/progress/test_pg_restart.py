"""Review D3: a PostgreSQL restart (refused connections, "terminating connection due to
administrator command", "server closed the connection unexpectedly") is ``unreachable``,
the database server that does not answer, not the generic ``failed``. The errors are the
real ones, raised by psycopg and SQLAlchemy against a real server."""

from __future__ import annotations

import subprocess

import pytest
import sqlalchemy as sa
from sqlalchemy import exc

from progress import StoreUnavailable, open_store
from storage.database import code_of
from tests.support import postgres
from tests.support.streamlit_server import free_port


@pytest.fixture(scope="module")
def own_server():
    """A server of this module's own: one test stops it."""
    with postgres.postgres_server() as base:
        yield base


def _raised(call) -> BaseException:
    try:
        call()
    except BaseException as error:  # noqa: BLE001 - the test looks at what was raised
        return error
    raise AssertionError("nothing was raised")


def test_a_refused_connection_mid_session_is_unreachable(postgres_base):
    postgres.require()
    engine = sa.create_engine(f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/capicu", pool_pre_ping=True)
    try:
        refused = _raised(lambda: engine.connect().close())
    finally:
        engine.dispose()
    assert isinstance(refused, exc.OperationalError) and "refused" in str(refused).lower()
    assert not refused.connection_invalidated
    assert code_of(refused, connecting=False) == "unreachable"  # was "failed"


def test_an_admin_shutdown_and_a_closed_connection_are_unreachable(postgres_base):
    import psycopg

    url = postgres.new_database(postgres_base)
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as victim, psycopg.connect(plain, autocommit=True) as admin:
        pid = victim.execute("SELECT pg_backend_pid()").fetchone()[0]
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        shutdown = _raised(lambda: victim.execute("SELECT 1"))
        closed = _raised(lambda: victim.execute("SELECT 1"))  # the same connection, after
    # what SQLAlchemy hands the store when the driver raises these on a pooled connection
    # that it did not flag as invalidated
    for orig in (shutdown, closed):
        assert isinstance(orig, psycopg.Error), orig
        wrapped = exc.OperationalError("SELECT 1", {}, orig) if isinstance(orig, psycopg.OperationalError) \
            else exc.InterfaceError("SELECT 1", {}, orig)
        assert not wrapped.connection_invalidated
        assert code_of(wrapped, connecting=False) == "unreachable", orig
    assert isinstance(shutdown, psycopg.errors.AdminShutdown) and shutdown.sqlstate == "57P01"
    # the server's own message, with no SQLSTATE: the connection broke, not the statement
    gone = psycopg.OperationalError("consuming input failed: server closed the connection unexpectedly")
    assert code_of(exc.OperationalError("SELECT 1", {}, gone), connecting=False) == "unreachable"


def test_a_failed_statement_stays_failed(postgres_base):
    url = postgres.new_database(postgres_base)
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            bad = _raised(lambda: conn.execute(sa.text("SELEC 1")))
            conn.rollback()
            zero = _raised(lambda: conn.execute(sa.text("SELECT 1 / 0")))
    finally:
        engine.dispose()
    assert code_of(bad, connecting=False) == "failed"
    assert code_of(zero, connecting=False) == "failed"


def test_a_store_whose_server_stops_says_unreachable(own_server):
    url = postgres.new_database(own_server)
    store = open_store(url)
    try:
        ana = store.create_profile("Ana")
        data = sa.create_engine(url)
        with data.connect() as conn:
            folder = conn.execute(sa.text("SHOW data_directory")).scalar()
        data.dispose()
        bindir = postgres._bindir()
        subprocess.run(postgres._as_postgres([str(bindir / "pg_ctl"), "-D", folder, "-m", "fast", "-w", "stop"]),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with pytest.raises(StoreUnavailable) as caught:
            store.profiles()
        assert caught.value.code == "unreachable", caught.value
        with pytest.raises(StoreUnavailable) as caught:
            store.rename_profile(ana.id, "Bea")
        assert caught.value.code == "unreachable", caught.value
    finally:
        store.close()
