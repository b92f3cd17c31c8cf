#!/usr/bin/env bash
# The smoke set of the suite (the tests marked `smoke`: engine, solver, puzzles, lessons,
# storage on SQLite, two pages) on the other supported Pythons, 3.12 and 3.13. CI runs the
# whole suite on 3.11 (scripts/test.sh) and then this: the whole suite three times does not
# fit its time.
#
# Each Python gets its own venv, .venv-3.12 and .venv-3.13 (git-ignored), installed by
# scripts/setup.sh, which installs again only when pyproject.toml changed.
# A Python that is not found, on PATH or in pyenv's versions folder, is skipped with one line;
# so is one whose install fails because no package index can be reached (a network outage is
# not a failing test). Any other failed install, or a failing test, fails the run.
#
# Usage: scripts/smoke_pythons.sh [version ...]    (default: 3.12 3.13)
set -uo pipefail
cd "$(dirname "$0")/.."
[ "$#" -gt 0 ] || set -- 3.12 3.13
pyenv_versions="${PYENV_ROOT:-$HOME/.pyenv}/versions"
# Whether pip can reach no package index now: asked after a failed install, so that a pin
# that no index has for this Python fails the run while a network outage does not. Links on
# disk (PIP_FIND_LINKS) are left out: they answer without a network.
index_unreachable() {
    local venv="$1" probe
    probe="$(PIP_FIND_LINKS="" "$venv/bin/python" -m pip download -vv --no-deps --no-cache-dir \
        --dest "$venv/index-probe" setuptools 2>&1)"
    rm -rf "$venv/index-probe"
    grep -qE "Could not fetch URL [^ ]+: connection error" <<<"$probe"
}

# A python of version $1 that runs. A pyenv shim is on PATH whether or not it can run that
# version, so each candidate is asked for its version rather than trusted by its name.
find_python() {
    local version="$1" candidate
    local is_it="import sys; sys.exit(sys.version_info[:2] != tuple(map(int, '$version'.split('.'))))"
    for candidate in $(command -v "python$version" 2>/dev/null) \
            $(ls -d "$pyenv_versions/$version".*/bin/"python$version" 2>/dev/null | sort -rV); do
        if "$candidate" -c "$is_it" >/dev/null 2>&1; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

failed=0
for version in "$@"; do
    started=$SECONDS
    if ! python="$(find_python "$version")"; then
        echo "Python $version not found: skipped"
        continue
    fi
    venv=".venv-$version"
    # a venv whose interpreter is gone (pyenv removed that release) is made again
    if [ -e "$venv" ] && ! "$venv/bin/python" -c "" >/dev/null 2>&1; then
        rm -rf "$venv"
    fi
    if [ ! -x "$venv/bin/python" ] && ! "$python" -m venv "$venv" >/dev/null 2>&1; then
        rm -rf "$venv"
        echo "Python $version ($python) cannot make a venv (on Debian: apt-get install python$version-venv): skipped"
        continue
    fi
    log="$venv/smoke-install.log"
    # pip's own lines go to the log (read on a failure); setup.sh's steps, if any, are shown
    if ! CAPICU_VENV="$venv" PYTHON="$python" bash scripts/setup.sh test >"$log" 2>&1; then
        if index_unreachable "$venv"; then
            echo "Python $version: no package index could be reached, so it was not installed: skipped"
            continue
        fi
        echo "Python $version: installing Capicú failed ($log):" >&2
        tail -n 30 "$log" >&2
        failed=1
        continue
    fi
    grep "^capicu: " "$log"
    echo "Python $version ($("$venv/bin/python" -c 'import platform; print(platform.python_version())')): the smoke set"
    # only the files that hold smoke tests: collecting the whole suite would cost more than
    # running the set; PostgreSQL's runs of the store tests need a server and its driver
    mapfile -t files < <(grep -rlE "pytest\.mark\.smoke" tests --include='test_*.py' | sort)
    if ! "$venv/bin/python" -m pytest -q -n 0 -m smoke -k "not postgresql" "${files[@]}"; then
        failed=1
    fi
    echo "Python $version: $((SECONDS - started)) s"
done
exit "$failed"
