"""Looking at the SQLite file from the side must not drop the locks SQLite holds on it.

POSIX drops every advisory lock a process holds on a file when the process closes any
descriptor of that file. The store checks its file around every transaction
(storage/file_watch.py) and before opening (storage/database.py): with a plain open and
close there, a transaction in another thread lost its lock, and a second process wrote
beside it (seen as ``SQLITE_IOERR_DELETE_NOENT`` under load)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

from sqlalchemy.engine import make_url

from storage.database import check_sqlite_file
from storage.file_watch import SqliteFile

OTHER_PROCESS_WRITES = """
import sqlite3, sys
con = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)
try:
    con.execute("BEGIN IMMEDIATE")
    con.execute("ROLLBACK")
    print("wrote")
except sqlite3.OperationalError as error:
    print(error)
"""


def other_process_can_write(path) -> bool:
    out = subprocess.run([sys.executable, "-c", OTHER_PROCESS_WRITES, str(path)], capture_output=True, text=True,
                         check=True, timeout=30).stdout.strip()
    assert out in ("wrote", "database is locked"), out
    return out == "wrote"


def test_the_file_checks_keep_a_writers_lock(tmp_path):
    path = tmp_path / "capicu.sqlite3"
    setup = sqlite3.connect(path)
    setup.execute("CREATE TABLE t (x)")
    setup.commit()
    setup.close()
    watch = SqliteFile.of(path)
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO t VALUES (1)")
    assert not other_process_can_write(path), "the writer holds the lock"
    for _ in range(3):
        assert watch.problem() is None
        check_sqlite_file(path, make_url(f"sqlite:///{path}"))
    assert not other_process_can_write(path), "the checks must not drop the writer's lock"
    # the control: a plain open and close in this process does drop it (what the checks avoid)
    open(path, "rb").close()
    assert other_process_can_write(path)
    writer.execute("ROLLBACK")
    writer.close()
