#!/usr/bin/env bash
# Creates .venv and installs Capicú with what the given extras need.
# Usage: scripts/setup.sh [extras]   e.g. scripts/setup.sh test,bench
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
python="${PYTHON:-python3.11}"
command -v "$python" >/dev/null 2>&1 || python=python3
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
if [ -n "$extras" ]; then
    .venv/bin/python -m pip install --quiet -e ".[${extras}]"
else
    .venv/bin/python -m pip install --quiet -e .
fi
# Compile the solver's jitted core now, into its cache beside the code, so that the first
# hint after start-up costs what every other one does (loading it takes well under a second).
.venv/bin/python -c "from strategy.solver import warm; print(f'solver ready ({warm():.1f} s)')"
