"""scripts/setup.sh, which both README commands run: a second start installs nothing and
needs no network, and a machine without a supported Python is told what to install."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SETUP = ROOT / "scripts" / "setup.sh"


@pytest.mark.skipif(not (ROOT / ".venv" / ".capicu-installed").exists(),
                    reason="runs where scripts/setup.sh installed this checkout (scripts/test.sh does)")
def test_an_installed_checkout_sets_up_again_without_the_network():
    extras = (ROOT / ".venv" / ".capicu-installed").read_text().splitlines()[1]
    unreachable = {**os.environ, "PIP_INDEX_URL": "http://127.0.0.1:9/simple", "PIP_NO_INDEX": "",
                   "PIP_EXTRA_INDEX_URL": "", "PIP_FIND_LINKS": "", "PIP_CONFIG_FILE": os.devnull}
    done = subprocess.run(["bash", str(SETUP), extras], capture_output=True, text=True, env=unreachable,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""  # nothing installed, nothing to say


def _tools_only(tmp_path: Path, python_version: str) -> dict[str, str]:
    """A PATH with the shell tools setup.sh uses and one ``python3`` of that version."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("bash", "dirname", "sha256sum", "cut", "head", "sed", "tr", "sort", "paste", "cat", "env"):
        found = shutil.which(tool)
        assert found, tool
        (bin_dir / tool).symlink_to(found)
    major, minor = python_version.split(".")
    fake = bin_dir / "python3"
    fake.write_text(f"#!{shutil.which('bash')}\n"
                    f"# a Python {python_version}: answers the version check like that one would\n"
                    f"[ \"$1\" = -c ] && exec {shutil.which('python3')} -c \"import sys; "
                    f"sys.version_info = ({major}, {minor}, 0); $2\"\n"
                    f"echo 'Python {python_version}'\n")
    fake.chmod(0o755)
    return {"PATH": str(bin_dir), "HOME": str(tmp_path)}


def test_no_supported_python_is_told_plainly_what_to_install(tmp_path):
    project = tmp_path / "capicu"
    (project / "scripts").mkdir(parents=True)
    shutil.copy(SETUP, project / "scripts" / "setup.sh")
    shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
    done = subprocess.run(["bash", "scripts/setup.sh"], cwd=project, capture_output=True, text=True,
                          env=_tools_only(tmp_path, "3.10"), timeout=60)
    assert done.returncode == 1
    assert "needs Python 3.11, 3.12 or 3.13" in done.stderr
    assert "apt-get install python3 python3-venv" in done.stderr
    assert not (project / ".venv").exists()
