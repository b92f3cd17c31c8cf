"""Is the SQLite file we opened still the file at its path?

SQLite keeps writing through its open descriptors into a file that was deleted or
replaced, and every write "succeeds": the progress is lost without a word. A store
remembers the file's identity (device and inode) when it opens it, and before and after
every transaction checks that the path still names that file and that it still starts
with SQLite's header (a file emptied loses it).

The header alone is not enough: a file cut short in the middle of a run gets its first
page back from the next transaction in flight (SQLite writes page 1 at every commit),
and its last pages too, with a gap of nothing between them that SQLite can no longer
read. So the check also reads the page count the header gives and compares it with the
file's length, and asks the file system for a hole (``SEEK_HOLE``: a region never
written since the cut; SQLite itself writes every page it adds). Either sign is then
confirmed by SQLite's own ``quick_check`` on a fresh connection before the file is
called lost, so a file system that reports holes of its own cannot stop the saving.
The check is one ``stat``, a 100-byte read and one ``lseek``, on a descriptor kept open
for the life of the process (``storage.sqlite_peek``: closing one would drop the locks
SQLite holds on the file).

>>> import tempfile, pathlib, sqlite3
>>> path = pathlib.Path(tempfile.mkdtemp()) / "p.sqlite3"
>>> sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
>>> watch = SqliteFile.of(path)
>>> watch.problem() is None
True
>>> path.unlink()
>>> watch.problem()
'the file was deleted'
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from storage.database import SQLITE_HEADER
from storage.sqlite_peek import peek


@dataclass(frozen=True)
class SqliteFile:
    path: Path
    device: int
    inode: int

    @classmethod
    def of(cls, path: Path | None) -> "SqliteFile | None":
        """The identity of the file at ``path`` now (None for no file, as in memory)."""
        if path is None:
            return None
        try:
            st = os.stat(path)
        except OSError:
            return None
        return cls(path, st.st_dev, st.st_ino)

    def problem(self) -> str | None:
        """What happened to the file since it was opened, or None when it is as it was."""
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return "the file was deleted"
        except OSError as error:
            return f"the file cannot be looked at: {error.strerror or error}"
        if (st.st_dev, st.st_ino) != (self.device, self.inode):
            return "another file was put in its place"
        try:  # never open() and close() the file here: that drops SQLite's locks (sqlite_peek)
            header, size, fd = peek(self.path, 100)
            cut = _cut_short(header, size, fd)
        except OSError as error:
            return f"the file cannot be read: {error.strerror or error}"
        if header[: len(SQLITE_HEADER)] != SQLITE_HEADER:
            return "the file was emptied or overwritten"
        if cut is not None and not _sqlite_reads(self.path):
            return cut
        return None


def _cut_short(header: bytes, size: int, fd: int) -> str | None:
    """A sign that part of the file was cut away, or None: fewer bytes than the pages
    the header counts, a length that is not whole pages, or a hole in the file."""
    if len(header) < 100:
        return "the file was cut short"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    # the page count is valid when the "version valid for" number equals the change counter
    pages = int.from_bytes(header[28:32], "big") if header[24:28] == header[92:96] else 0
    if page_size < 512 or size % page_size or size < pages * page_size:
        return "the file was cut short"
    try:
        hole = os.lseek(fd, 0, os.SEEK_HOLE)
    except (OSError, AttributeError):  # a file system (or system) that cannot say
        return None
    return "part of the file was cut away" if hole < size else None


def _sqlite_reads(path: Path) -> bool:
    """Whether SQLite, on a fresh connection (no cached pages), finds the file sound."""
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5.0)
    except sqlite3.Error:
        return False
    try:
        return con.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    except sqlite3.Error:
        return False
    finally:
        con.close()
