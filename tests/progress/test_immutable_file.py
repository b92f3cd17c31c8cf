"""A database made immutable under a running server (root's ``chattr +i``, issue 11): WAL's
memory-mapped -shm used to kill writer processes with SIGBUS. With the rollback journal a
write fails with a StoreUnavailable and the process lives on. Runs where it can: as root,
on a file system that takes ``chattr +i``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

WRITER = textwrap.dedent("""
    import subprocess, sys
    from datetime import date
    from progress import Attempt, StoreUnavailable, open_store
    path = sys.argv[1]
    store = open_store(f"sqlite:///{path}")
    ana = store.create_profile("Ana")
    for i in range(50):
        store.record_attempt(ana.id, Attempt(f"p{i}", "block", "block", True, 900, date(2026, 11, 2)))
    subprocess.run(["chattr", "+i", path], check=True)
    refused = 0
    for i in range(50):
        try:
            store.record_attempt(ana.id, Attempt(f"q{i}", "block", "block", True, 900, date(2026, 11, 2)))
        except StoreUnavailable as error:
            refused += 1
            code = error.code
    print(refused, code)
""")


def _can_make_immutable(folder: Path) -> bool:
    if os.geteuid() != 0 or shutil.which("chattr") is None:
        return False
    probe = folder / "probe"
    probe.touch()
    ok = subprocess.run(["chattr", "+i", str(probe)], capture_output=True).returncode == 0
    subprocess.run(["chattr", "-i", str(probe)], capture_output=True)
    probe.unlink()
    return ok


def test_a_database_made_immutable_mid_run_fails_writes_and_the_process_survives(tmp_path):
    if not _can_make_immutable(tmp_path):
        pytest.skip("needs root and a file system that takes chattr +i")
    path = tmp_path / "capicu.sqlite3"
    try:
        proc = subprocess.run([sys.executable, "-c", WRITER, str(path)], cwd=ROOT, capture_output=True,
                              text=True, timeout=120)
    finally:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True)
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-800:])  # -7 would be SIGBUS
    refused, code = proc.stdout.split()
    assert int(refused) == 50 and code in ("unwritable", "failed")  # every write refused, and said so
    from progress import open_store

    with open_store(f"sqlite:///{path}") as store:  # once writable again: nothing saved was lost
        (ana,) = store.profiles()
        assert len(store.attempts(ana.id)) == 50
