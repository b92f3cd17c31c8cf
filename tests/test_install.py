"""``pip install``: the ``capicu`` command (capicu/cli.py) and a wheel that runs on its own.

The fast tests check the command's verbs and what ``capicu serve`` hands Streamlit. The slow
one builds the wheel from the repository's files, installs it into a fresh venv that borrows
the project's installed dependencies (a ``.pth`` file; ``pip install --no-deps``), starts
``capicu serve`` from an empty folder and loads the home page (docs/deploy.md, "Install
with pip").
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from capicu import cli

ROOT = Path(__file__).resolve().parents[1]


# --- the command's verbs (fast) -------------------------------------------------------


@pytest.mark.parametrize("verb", sorted(cli.VERBS))
def test_each_verb_runs_its_module_with_the_rest_of_the_arguments(verb, monkeypatch):
    import importlib

    module = importlib.import_module(cli.VERBS[verb][0])
    seen = []
    monkeypatch.setattr(module, "main", lambda argv: seen.append(argv) or 3)
    assert cli.main([verb, "--one", "two"]) == 3
    assert seen == [["--one", "two"]]


def test_the_verbs_are_the_python_m_tools_of_a_checkout():
    assert {verb: module for verb, (module, _text) in cli.VERBS.items()} == {
        "engine": "engine.cli", "strategy": "strategy.cli", "puzzles": "puzzles.cli",
        "lessons": "lessons.__main__", "worksheet": "ui.parts.worksheet", "worker": "jobs.worker",
    }


def test_no_verb_or_an_unknown_one_prints_the_usage(capsys):
    assert cli.main([]) == 2
    assert cli.main(["sever"]) == 2
    assert "no command 'sever'" in capsys.readouterr().err
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert all(verb in out for verb in ["serve", *cli.VERBS])


class _Started:
    """subprocess.Popen standing in for the workers: what would have been started."""

    commands: list[list[str]] = []

    def __init__(self, command, **_kwargs):
        self.commands.append(command)

    def terminate(self):
        pass

    def wait(self, _timeout=None):
        return 0


@pytest.fixture
def served(monkeypatch):
    """``capicu serve`` with Streamlit and the workers replaced: (streamlit's arguments, the
    workers' commands)."""
    import streamlit.web.cli as streamlit_cli

    given: list[list[str]] = []

    def fake_main(args, prog_name):
        given.append(args)
        raise SystemExit(0)

    monkeypatch.setattr(streamlit_cli, "main", fake_main)
    monkeypatch.setattr(cli.subprocess, "Popen", _Started)
    monkeypatch.setattr(_Started, "commands", [])
    for name in ("CAPICU_JOBS", "CAPICU_JOBS_WORKERS", "CAPICU_DB_URL", "CAPICU_DB_PATH"):
        monkeypatch.setenv(name, "")  # recorded, so what serve() sets is undone after the test
        monkeypatch.delenv(name)
    return given, _Started.commands


def test_serve_runs_the_shipped_main_script_with_start_sh_options_before_the_callers(served):
    given, workers = served
    assert cli.main(["serve", "--server.port", "8502", "--server.address", "0.0.0.0"]) == 0
    (args,) = given
    assert args[:2] == ["run", str(ROOT / "capicu" / "web" / "serve.py")]
    options = args[2:]
    # headless, no usage statistics, this computer only; the caller's options come last (they win)
    assert options[:6] == ["--server.headless", "true", "--browser.gatherUsageStats", "false",
                           "--server.address", "127.0.0.1"]
    assert options[6:] == ["--server.port", "8502", "--server.address", "0.0.0.0"]
    # the job queue and its workers, as scripts/start.sh starts them
    assert os.environ["CAPICU_JOBS"] == "queue"
    (command,) = workers
    assert command[1:] == ["-m", "jobs.worker", "--warm", "strategy.solver:warm", "--parent", str(os.getpid())]


def test_serve_names_the_database_so_the_queue_sits_beside_it(served):
    from storage.database import DEFAULT_PATH

    cli.main(["serve"])
    assert os.environ["CAPICU_DB_PATH"] == str(DEFAULT_PATH)


@pytest.mark.parametrize("env, workers", [
    ({"CAPICU_JOBS_WORKERS": "0"}, None),
    ({"CAPICU_JOBS": "threads"}, None),
    ({"CAPICU_JOBS_WORKERS": "3"}, ["--processes", "3"]),
])
def test_serve_starts_the_workers_only_when_the_queue_wants_them_here(served, monkeypatch, env, workers):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    cli.main(["serve"])
    started = served[1]
    if workers is None:
        assert started == []
    else:
        assert started[0][-2:] == workers


def test_a_checkout_keeps_its_database_in_data_and_an_installed_app_in_the_users_data_folder(monkeypatch, tmp_path):
    from storage import database

    assert database.DEFAULT_PATH == ROOT / "data" / "capicu.sqlite3"
    monkeypatch.setattr(database, "REPO_ROOT", tmp_path / "site-packages")  # no pyproject.toml there
    assert database.data_folder({"XDG_DATA_HOME": "/srv/share"}) == Path("/srv/share/capicu")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert database.data_folder({}) == tmp_path / ".local" / "share" / "capicu"
    assert database.data_folder({"XDG_DATA_HOME": "relative"}) == tmp_path / ".local" / "share" / "capicu"


# --- the wheel, installed and started (slow) ---------------------------------------------


def _repository_copy(target: Path) -> Path:
    """The repository's files (tracked, or new and not ignored) copied to ``target``, links
    kept: a build in the working tree would reuse a stale build/ folder."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if not source.is_symlink() and not source.exists():
            continue  # deleted in the working tree
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target / name, follow_symlinks=False)
    return target


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    source = _repository_copy(tmp_path_factory.mktemp("source"))
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
                            "-w", str(out), str(source)], capture_output=True, text=True)
    if built.returncode and "etuptools" in built.stderr and ("connection" in built.stderr.lower()
                                                             or "no matching distribution" in built.stderr.lower()):
        pytest.skip("no package index to fetch the build's setuptools from")
    assert built.returncode == 0, built.stderr
    (found,) = out.glob("capicu-*.whl")
    return found


@pytest.mark.slow
def test_the_wheel_ships_every_file_the_app_needs_and_no_top_level_module(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    top_level = {name for name in names if "/" not in name}
    assert top_level == set(), "a wheel installs no top-level module (app.py, serve.py)"
    assert {"capicu/cli.py", "capicu/web/app.py", "capicu/web/serve.py", "capicu/web/.streamlit/config.toml"} <= names
    assert (zipfile.ZipFile(wheel).read("capicu/web/.streamlit/config.toml").decode()
            == (ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    packages = {"engine", "language", "lessons", "puzzles", "progress", "ui", "strategy", "jobs", "matches",
                "classroom", "storage"}
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    data = [name for name in tracked if name.split("/")[0] in packages and "/tests/" not in name
            and not name.endswith(".py") and (ROOT / name).exists()]
    assert "ui/assets/favicon.png" in data
    assert sorted(set(data) - names) == []
    entry_points = next(name for name in names if name.endswith(".dist-info/entry_points.txt"))
    assert "capicu = capicu.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def _free_port() -> int:
    from tests.support.streamlit_server import free_port

    return free_port()


def _healthy(url: str) -> bool:
    from tests.support.streamlit_server import healthy

    return healthy(url)


@pytest.mark.slow
def test_the_installed_wheel_serves_the_app_from_an_empty_folder(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    # the project's installed packages, seen by the new venv (not its own checkout: a path,
    # not a site folder, so the editable install's finder there is not read)
    theirs = {sysconfig.get_paths()[key] for key in ("purelib", "platlib")}
    mine = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(mine, "capicu-deps.pth").write_text("".join(f"{path}\n" for path in sorted(theirs)), encoding="utf-8")
    subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--quiet", "--disable-pip-version-check",
                    str(wheel)], check=True)

    empty, home = tmp_path / "empty", tmp_path / "home"
    empty.mkdir()
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("CAPICU_", "STREAMLIT_", "XDG_")) and name != "PYTHONPATH"}
    env.update(HOME=str(home), CAPICU_JOBS_WORKERS="1", CAPICU_THINK_AHEAD="off", CAPICU_PAGE_ERRORS="raise")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        server = subprocess.Popen([str(venv / "bin" / "capicu"), "serve", "--server.port", str(port)],
                                  cwd=empty, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while not _healthy(url):
            assert server.poll() is None, log.read_text(errors="replace")
            assert time.monotonic() < deadline, "no answer on /_stcore/health: " + log.read_text(errors="replace")
            time.sleep(0.2)
        with urllib.request.urlopen(url + "/", timeout=10) as response:
            html = response.read().decode()
        assert '<div id="root">' in html
        assert asyncio.run(_home_page_texts(url)) is not None
        # it ran from the installed files, and saves into the user's data folder, not the venv
        data = home / ".local" / "share" / "capicu"
        assert _waits_for(data / "jobs.sqlite3", server), log.read_text(errors="replace")
        assert list(empty.iterdir()) == []
    finally:
        server.terminate()  # this process only, by its id; its workers follow it
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _waits_for(path: Path, server: subprocess.Popen) -> bool:
    deadline = time.monotonic() + 60
    while not path.exists():
        if server.poll() is not None or time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


async def _home_page_texts(url: str):
    """The home page as a browser's session gets it: its first link, and no error."""
    from tests.support.streamlit_client import PageSession
    from ui.i18n import translator

    page = PageSession(url, "")  # the default page: home
    try:
        await page.open(timeout=90)
        found = await page.wait_for(translator("en")("home.start_course"), timeout=60)
        assert page.errors == []
        return found
    finally:
        await page.close()


# --- the container files (read, not run: docs/deploy.md, "Containers") ---------------------


def test_the_compose_file_runs_app_servers_workers_and_postgresql_from_one_image():
    import yaml

    services = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))["services"]
    apps = [name for name in services if name.startswith("app")]
    assert len(apps) >= 2 and "worker" in services and "db" in services
    for name in [*apps, "worker"]:
        service = services[name]
        assert service["image"] == "localhost/capicu:latest" and service["build"] == "."
        assert service["environment"]["CAPICU_DB_URL"].startswith("postgresql+psycopg://capicu:")
        assert service["environment"]["CAPICU_DB_URL"].endswith("@db/capicu")
        assert service["environment"]["CAPICU_JOBS"] == "queue"
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
    # the app servers leave the solver's work to the worker service, which runs the queue's workers
    assert all(services[name]["environment"]["CAPICU_JOBS_WORKERS"] == "0" for name in apps)
    command = services["worker"]["command"]
    assert command[:2] == ["capicu", "worker"] and "worker" in cli.VERBS
    assert len({services[name]["ports"][0].split(":")[0] for name in apps}) == len(apps)


def test_the_image_serves_on_every_address_and_its_build_keeps_what_the_wheel_needs():
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert 'CMD ["capicu", "serve", "--server.address", "0.0.0.0", "--server.port", "8501"]' in dockerfile
    assert '".[postgres]"' in dockerfile  # the driver of the school's PostgreSQL
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.startswith("#")}
    needed = {"pyproject.toml", "README.md", "LICENSE", ".streamlit", "capicu", "ui", "engine", "strategy", "jobs"}
    assert not needed & ignored
