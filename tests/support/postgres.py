"""A throwaway PostgreSQL server for the tests: Debian's binaries, a cluster in a temporary
folder, listening on a free loopback port, stopped and removed afterwards.

``scripts/test.sh`` installs Debian's ``postgresql`` package and the ``postgres`` extra
(the psycopg driver); without them the PostgreSQL tests skip, except in CI (``CI=true``),
where a missing server fails the run instead of silently testing less.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

from tests.support.streamlit_server import free_port

_databases = itertools.count(1)


def _bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def unavailable() -> str | None:
    """Why PostgreSQL cannot be tested here, or None."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the psycopg driver is not installed (pip install -e '.[postgres]')"
    if _bindir() is None:
        return "Debian's postgresql package is not installed (scripts/test.sh installs it)"
    return None


def require() -> None:
    """Skip (fail in CI) when PostgreSQL cannot be tested."""
    reason = unavailable()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must test PostgreSQL: {reason}")
        pytest.skip(reason)


def _as_postgres(command: list[str]) -> list[str]:
    # The server refuses to run as root; as root, run its tools as the postgres user.
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """Yields the server's base URL, ``postgresql+psycopg://postgres@127.0.0.1:PORT``."""
    require()
    bindir = _bindir()
    folder = Path(tempfile.mkdtemp(prefix="capicu-pg-"))
    if os.geteuid() == 0:
        entry = pwd.getpwnam("postgres")
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    data, port = folder / "data", free_port()
    run = dict(check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    subprocess.run(_as_postgres([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                                 "--no-sync", "-E", "UTF8"]), **run)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    subprocess.run(_as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-w", "-t", "60",
                                 "-l", str(folder / "log"), "start"]), **run)
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(_as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(folder, ignore_errors=True)


def _admin(base_url: str) -> str:
    return base_url.replace("postgresql+psycopg://", "postgresql://") + "/postgres"


def new_database(base_url: str, template: str | None = None) -> str:
    """A fresh database on the server, empty or a copy of ``template``; its URL."""
    import psycopg

    name = f"capicu_test_{os.getpid()}_{next(_databases)}"
    copy = f' TEMPLATE "{template}"' if template else ""
    with psycopg.connect(_admin(base_url), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"{copy}')
    return f"{base_url}/{name}"


def drop_database(url: str) -> None:
    """Drop a test's database, with any connection a test left open: a run made some 300,
    7 MB each, and removing them all with the server's folder at the end took a minute of
    CPU (and three of disk) in one process."""
    import psycopg

    base_url, name = url.rsplit("/", 1)
    with psycopg.connect(_admin(base_url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


#: this process's server (``shared_server``) and its schema templates, by base URL
_shared: dict[str, object] = {}
_templates: dict[str, str] = {}


def shared_server() -> str:
    """This process's throwaway server, started at the first call and stopped when the
    process exits: every ``postgres_base`` fixture returns it. A session fixture imported
    into a test module is a fixture of that module too, and each copy had started a server
    of its own (six a run, an initdb each)."""
    if "base" not in _shared:
        running = postgres_server()
        _shared["base"] = running.__enter__()
        _shared["running"] = running
        atexit.register(stop_shared_server)
    return _shared["base"]


def stop_shared_server() -> None:
    """Stop this process's server (tests/conftest.py calls it when pytest ends)."""
    running = _shared.pop("running", None)
    _shared.pop("base", None)
    _templates.clear()
    if running is not None:
        running.__exit__(None, None, None)


def database_with_schema(base_url: str) -> str:
    """A fresh database that already has Capicú's tables: a copy of a template made once
    per server by opening an empty database as the app does (so that path still runs every
    session). Copying the template costs the server about as much as creating an empty
    database, and saves each test the schema's forty-odd CREATE statements and checks."""
    if base_url not in _templates:
        _templates[base_url] = _make_template(base_url)
    return new_database(base_url, template=_templates[base_url])


def _make_template(base_url: str) -> str:
    import psycopg

    # the side tables a store module makes on first use (live matches, tables, the deal)
    from matches import daily_deal, live_match, table_store
    from progress import open_store

    url = new_database(base_url)
    with open_store(url, share_engine=False) as store:
        for module in (daily_deal, live_match, table_store):
            module._side_tables.ensure(store)
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(_admin(base_url), autocommit=True) as conn:
        # a template takes no connections: a copy is refused while anyone is connected
        conn.execute(f'ALTER DATABASE "{name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false')
    return name
