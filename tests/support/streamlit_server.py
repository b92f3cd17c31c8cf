"""Run a Streamlit script on a free loopback port, and launch Debian's Chromium for it.

Used by the browser tests (tests/e2e/conftest.py) and the benchmarks (bench/). The
server is stopped by its own process id, never by name.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
#: Flags verified on this machine (docs/board.md): no sandbox in containers, no GPU,
#: and nothing that phones home.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthy(url: str) -> bool:
    """Whether a Streamlit server answers its health check at ``url``."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


@contextlib.contextmanager
def streamlit_app(script: str | Path, *, timeout: float = 40.0) -> Iterator[str]:
    """``streamlit run script`` in the background; yields its base URL, then stops it."""
    with streamlit_server(script, timeout=timeout) as (url, _process):
        yield url


@contextlib.contextmanager
def streamlit_server(script: str | Path, *, timeout: float = 40.0, port: int | None = None,
                     env: dict[str, str] | None = None,
                     base_path: str = "") -> Iterator[tuple[str, subprocess.Popen]]:
    """``streamlit run script`` in the background (on ``port``, or a free one, with ``env``
    added to this process's environment, under ``base_path``, i.e. ``server.baseUrlPath``);
    yields its base URL (with the base path) and process, then stops it."""
    port = port or free_port()
    url = f"http://127.0.0.1:{port}" + (f"/{base_path.strip('/')}" if base_path.strip("/") else "")
    command = [
        sys.executable, "-m", "streamlit", "run", str(script),
        "--server.address", "127.0.0.1", "--server.port", str(port), "--server.headless", "true",
        "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
        "--global.developmentMode", "false",
    ] + (["--server.baseUrlPath", base_path.strip("/")] if base_path.strip("/") else [])
    log = open(os.devnull, "wb")
    process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                               env=None if env is None else {**os.environ, **env})
    try:
        deadline = time.monotonic() + timeout
        while not healthy(url):
            if process.poll() is not None:
                raise RuntimeError(f"streamlit exited with code {process.returncode}: {' '.join(command)}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"streamlit did not answer {url}/_stcore/health within {timeout:.0f} s")
            time.sleep(0.1)
        yield url, process
    finally:
        process.terminate()  # this process only, by its id
        try:
            # uvicorn's graceful stop waits for open requests, and a live-feed long poll
            # stays open up to 20 s: nothing a test still needs is in flight by now, and
            # what the server saved is on disk (SQLite and PostgreSQL survive a kill)
            process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
        log.close()


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def launch_chromium(playwright):
    """Debian's Chromium through Playwright (never ``playwright install``)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
