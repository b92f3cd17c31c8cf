"""Job bodies for the queue's tests: importable by name, so a worker process can run them."""

from __future__ import annotations

import os
import time
from pathlib import Path

import jobs


def niceness() -> int:
    """The worker process's niceness."""
    return os.getpriority(os.PRIO_PROCESS, 0)


def spin_until_cancelled(folder: str) -> str:
    """Say it started, then work until the job is cancelled; say it stopped."""
    Path(folder, "started").write_text(str(os.getpid()))
    while not jobs.CANCEL.is_set():
        time.sleep(0.01)
    Path(folder, "stopped").write_text("yes")
    return "stopped"


def wait_for_file(path: str) -> str:
    """Hold a worker until ``path`` exists (the test releases it)."""
    while not os.path.exists(path):
        time.sleep(0.01)
    return "released"


def note(path: str, word: str) -> str:
    """Append ``word`` to the file at ``path``: the order jobs ran in."""
    with open(path, "a", encoding="utf-8") as out:
        out.write(word + "\n")
    return word


def crash_once(path: str) -> str:
    """Kill the worker the first time (as a crash would), succeed when run again."""
    if not os.path.exists(path):
        Path(path).write_text("crashed")
        os._exit(3)
    return "survived"


def crash_always(path: str) -> str:
    """Kill every worker that runs it, counting the tries in ``path``."""
    with open(path, "a", encoding="utf-8") as out:
        out.write("try\n")
    os._exit(3)


def fail() -> None:
    raise ValueError("the job's own error")
