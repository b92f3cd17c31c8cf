"""A throwaway PostgreSQL server for the tests: Debian's binaries, a cluster in a temporary
folder, listening on a free loopback port, stopped and removed afterwards.

``scripts/test.sh`` installs Debian's ``postgresql`` package and the ``postgres`` extra
(the psycopg driver); without them the PostgreSQL tests skip, except in CI (``CI=true``),
where a missing server fails the run instead of silently testing less.
"""

from __future__ import annotations

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


def new_database(base_url: str) -> str:
    """A fresh, empty database on the server; its URL."""
    import psycopg

    name = f"capicu_test_{os.getpid()}_{next(_databases)}"
    plain = base_url.replace("postgresql+psycopg://", "postgresql://") + "/postgres"
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{base_url}/{name}"
