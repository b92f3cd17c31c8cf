"""scripts/smoke_pythons.sh, which CI runs after the whole suite: a Python that is missing, or
only a pyenv shim that cannot run it, is skipped with one line, and an install that cannot
reach a package index is skipped too, neither failing the run, while any other failed install
fails it. No test here uses the network."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_setup_script import _tools_only

ROOT = Path(__file__).resolve().parents[1]
#: this interpreter itself, not the venv it may run in
PYTHON = Path(sys.executable).resolve()
# on one worker, so that the venv the tests share is made once
pytestmark = pytest.mark.xdist_group("tests/test_smoke_pythons.py")


def _project(tmp_path: Path) -> Path:
    """A checkout with only what the two scripts read."""
    project = tmp_path / "capicu"
    (project / "scripts").mkdir(parents=True)
    for script in ("smoke_pythons.sh", "setup.sh"):
        shutil.copy(ROOT / "scripts" / script, project / "scripts" / script)
    shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
    return project


def _machine(tmp_path: Path) -> dict[str, str]:
    """A PATH of shell tools only, and an empty pyenv: no Python 3.12 or 3.13 anywhere."""
    env = _tools_only(tmp_path, "3.10")
    bin_dir = Path(env["PATH"])
    for tool in ("ls", "grep", "rm", "tail"):
        (bin_dir / tool).symlink_to(shutil.which(tool))
    (tmp_path / "pyenv" / "versions").mkdir(parents=True)
    return {**env, "PYENV_ROOT": str(tmp_path / "pyenv")}


def test_a_missing_python_or_a_shim_that_cannot_run_it_is_skipped_in_one_line(tmp_path):
    env = _machine(tmp_path)
    shim = Path(env["PATH"]) / "python3.12"  # what pyenv's shim does when 3.12 is not selected
    shim.write_text(f"#!{shutil.which('bash')}\necho 'pyenv: python3.12: command not found' >&2\nexit 127\n")
    shim.chmod(0o755)
    project = _project(tmp_path)
    done = subprocess.run(["bash", "scripts/smoke_pythons.sh"], cwd=project, capture_output=True, text=True,
                          env=env, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "Python 3.12 not found: skipped\nPython 3.13 not found: skipped\n"
    assert not list(project.glob(".venv*"))


@pytest.fixture(scope="module")
def with_a_venv(tmp_path_factory) -> Path:
    """A checkout whose .venv-3.11 exists: making a venv is most of these tests' cost, and a
    failed install leaves it as it was, so the tests share it."""
    project = _project(tmp_path_factory.mktemp("checkout"))
    subprocess.run([str(PYTHON), "-m", "venv", str(project / ".venv-3.11")], check=True, timeout=300)
    return project


def _install_with_index(project: Path, tmp_path: Path, index_url: str) -> subprocess.CompletedProcess:
    """The script run for a Python 3.11 (a real interpreter under the version asked for), with
    pip's only index the one given and nothing on disk to fall back on."""
    env = _machine(tmp_path)
    (Path(env["PATH"]) / "python3.11").symlink_to(PYTHON)
    env |= {"PIP_INDEX_URL": index_url, "PIP_NO_INDEX": "", "PIP_EXTRA_INDEX_URL": "", "PIP_FIND_LINKS": "",
            "PIP_CONFIG_FILE": os.devnull, "PIP_RETRIES": "0", "PIP_NO_CACHE_DIR": "1"}
    return subprocess.run(["bash", "scripts/smoke_pythons.sh", "3.11"], cwd=project, capture_output=True,
                          text=True, env=env, timeout=300)


def test_an_install_that_cannot_reach_a_package_index_is_skipped_not_failed(with_a_venv, tmp_path):
    done = _install_with_index(with_a_venv, tmp_path, "http://127.0.0.1:9/simple")  # a closed port here
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "Python 3.11: no package index could be reached, so it was not installed: skipped\n"


def test_an_install_that_fails_with_the_index_reachable_fails_the_run(with_a_venv, tmp_path):
    index = tmp_path / "index"  # an index on disk that answers and holds nothing: no setuptools
    index.mkdir()
    done = _install_with_index(with_a_venv, tmp_path, index.as_uri())
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("Python 3.11: installing Capicú failed")
    assert "setuptools" in done.stderr  # the lines of pip's log that say why
