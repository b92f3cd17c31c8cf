"""Reading an SQLite file's first bytes from the side without breaking SQLite's locks.

SQLite locks its file with POSIX advisory locks, and those belong to the process and the
file, not to a descriptor: closing *any* descriptor of the file drops every lock the
process holds on it, the ones SQLite's connections in other threads hold included
(sqlite.org/howtocorrupt.html, §2.2). Another process then sees a live transaction's
journal as a hot one left by a crash, rolls it back and deletes it: the writer fails with
``disk I/O error`` (``SQLITE_IOERR_DELETE_NOENT``), or worse. A server's threads check the
file before and after every transaction (``storage.file_watch``), so a plain
``open(); read(); close()`` there broke the locks of the threads writing beside it
(seen as that error under load, with a benchmark writing the same file).

So this module opens each database file once per process and inode and never closes that
descriptor while the file is still at its path; every read is a ``pread`` on it.

>>> import tempfile, pathlib, sqlite3
>>> path = pathlib.Path(tempfile.mkdtemp()) / "p.sqlite3"
>>> sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
>>> head, size, _fd = peek(path, 16)
>>> head, size > 0, peek(path, 16)[2] == _fd
(b'SQLite format 3\\x00', True, True)
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

__all__ = ["peek"]

#: (device, inode) -> (path, descriptor), kept for the life of the process
_KEPT: dict[tuple[int, int], tuple[Path, int]] = {}
#: descriptors opened twice for one file (a race with a replacement): kept, never closed
_SPARE: list[int] = []
_LOCK = threading.Lock()


def peek(path: Path, count: int) -> tuple[bytes, int, int]:
    """The first ``count`` bytes of the file at ``path``, its size, and the kept descriptor
    (for ``lseek`` questions; never close it). OSError when the file cannot be opened."""
    path = Path(path)
    st = os.stat(path)
    key = (st.st_dev, st.st_ino)
    with _LOCK:
        kept = _KEPT.get(key)
        if kept is None:
            _forget_gone()
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            now = os.fstat(fd)
            key = (now.st_dev, now.st_ino)  # replaced between the stat and the open: this one
            kept = _KEPT.get(key)
            if kept is None:
                kept = _KEPT[key] = (path, fd)
            else:  # the file was replaced by one already kept: closing this would drop its locks
                _SPARE.append(fd)
        fd = kept[1]
    return os.pread(fd, count, 0), os.fstat(fd).st_size, fd


def _forget_gone() -> None:
    """Close the descriptors of files that are no longer at their path (a deleted test
    database): a lock on a file nobody can open again protects nothing."""
    for key, (path, fd) in list(_KEPT.items()):
        try:
            st = os.stat(path)
            gone = (st.st_dev, st.st_ino) != key
        except OSError:
            gone = True
        if gone:
            del _KEPT[key]
            os.close(fd)
