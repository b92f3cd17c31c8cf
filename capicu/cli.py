"""``capicu``: the app and its command-line tools under one name (``[project.scripts]``).

``capicu serve [streamlit options]`` starts the app as scripts/start.sh does: headless, no
usage statistics, on 127.0.0.1 unless an option says otherwise (later options win, so
``--server.address 0.0.0.0`` opens it to a classroom), with the job queue's worker
processes beside it (``CAPICU_JOBS=queue``, one per core, ``CAPICU_JOBS_WORKERS`` to
choose, ``0`` for none), stopped when the app stops. The other verbs are the tools that
``python -m`` runs in a checkout (docs/deploy.md, "Install with pip").
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Sequence

#: the files Streamlit runs: the main script, its routes, .streamlit/config.toml beside them
WEB = Path(__file__).resolve().parent / "web"
#: scripts/start.sh's options, before the caller's (Streamlit takes the last of a repeated option)
SERVE_OPTIONS = ("--server.headless", "true", "--browser.gatherUsageStats", "false", "--server.address", "127.0.0.1")
#: verb -> (module with ``main(argv)``, what it does)
VERBS = {
    "engine": ("engine.cli", "play and check positions with the rules engine (python -m engine)"),
    "strategy": ("strategy.cli", "hints, evaluations and duels of the bots (python -m strategy)"),
    "puzzles": ("puzzles.cli", "generate and check puzzles (python -m puzzles)"),
    "lessons": ("lessons.__main__", "prove the strategy lessons' claims (python -m lessons)"),
    "worksheet": ("ui.parts.worksheet", "a puzzle worksheet as PDF (python -m ui.parts.worksheet)"),
    "worker": ("jobs.worker", "the job queue's worker processes, for other machines (python -m jobs.worker)"),
}
USAGE = "usage: capicu COMMAND [ARGS]\n\ncommands:\n  serve        start the app (Streamlit options follow, e.g. --server.port 8502)\n" + "".join(
    f"  {verb:<12} {text}\n" for verb, (_module, text) in VERBS.items()
) + "\n'capicu COMMAND --help' tells more."


def serve_command(argv: Sequence[str]) -> list[str]:
    """The arguments of ``streamlit`` that ``capicu serve argv`` runs.

    >>> serve_command(["--server.address", "0.0.0.0"])[-2:]
    ['--server.address', '0.0.0.0']
    """
    return ["run", str(WEB / "serve.py"), *SERVE_OPTIONS, *argv]


def serve_environment(env: dict[str, str]) -> dict[str, str]:
    """What ``capicu serve`` adds to ``env``: the job queue as start.sh sets it, and the
    SQLite file named outright (storage.database.DEFAULT_PATH: data/ in a checkout, the
    user's data folder when installed), so that the queue's own file sits beside it."""
    from storage.database import DEFAULT_PATH

    added = {"CAPICU_JOBS": env.get("CAPICU_JOBS") or "queue"}
    if not any(env.get(name, "").strip() for name in ("CAPICU_DB_URL", "CAPICU_DB_PATH")):
        added["CAPICU_DB_PATH"] = str(DEFAULT_PATH)
    return added


def start_workers(env: dict[str, str]) -> subprocess.Popen | None:
    """The job queue's workers (python -m jobs.worker), niced below the app and gone within
    a second once this process is; none when the jobs run in the server's threads or
    ``CAPICU_JOBS_WORKERS=0`` (they run on other machines)."""
    if env.get("CAPICU_JOBS") != "queue" or env.get("CAPICU_JOBS_WORKERS", "").strip() == "0":
        return None
    count = env.get("CAPICU_JOBS_WORKERS", "").strip()
    return subprocess.Popen([sys.executable, "-m", "jobs.worker", "--warm", "strategy.solver:warm",
                             "--parent", str(os.getpid()), *(["--processes", count] if count else [])])


def serve(argv: Sequence[str]) -> int:
    os.environ.update(serve_environment(dict(os.environ)))
    from streamlit.web import cli as streamlit_cli

    workers = start_workers(dict(os.environ))
    try:
        streamlit_cli.main(args=serve_command(argv), prog_name="capicu serve")
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    finally:
        if workers is not None:
            workers.terminate()  # the one process started above, by its id
            try:
                workers.wait(10)
            except subprocess.TimeoutExpired:
                workers.kill()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(USAGE, file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    verb, rest = args[0], args[1:]
    if verb == "serve":
        return serve(rest)
    if verb not in VERBS:
        print(f"capicu: no command {verb!r}\n\n{USAGE}", file=sys.stderr)
        return 2
    return importlib.import_module(VERBS[verb][0]).main(rest) or 0


if __name__ == "__main__":
    sys.exit(main())
