"""Is the SQLite file we opened still the file at its path?

SQLite keeps writing through its open descriptors into a file that was deleted or
replaced, and every write "succeeds": the progress is lost without a word. A store
remembers the file's identity (device and inode) when it opens it, and before and after
every transaction checks that the path still names that file and that it still starts
with SQLite's header (a file cut short loses it). The check is one ``stat`` and a
16-byte read.

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
from dataclasses import dataclass
from pathlib import Path

from progress.database import SQLITE_HEADER


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
        try:
            with open(self.path, "rb") as handle:
                header = handle.read(len(SQLITE_HEADER))
        except OSError as error:
            return f"the file cannot be read: {error.strerror or error}"
        if header != SQLITE_HEADER:
            return "the file was emptied or overwritten"
        return None
