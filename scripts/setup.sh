#!/usr/bin/env bash
# Creates .venv and installs Capicú with what the given extras need.
# Usage: scripts/setup.sh [extras]   e.g. scripts/setup.sh test,bench
# CAPICU_VENV=.venv-3.12 PYTHON=python3.12 scripts/setup.sh test  puts it in another folder
# (scripts/smoke_pythons.sh checks the other Pythons that way); the default is .venv.
#
# It installs only when something changed: the stamp in .venv records the hash of
# pyproject.toml and the extras installed, so a second start neither reinstalls nor needs
# the network (a classroom without internet starts as well as one with it).
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
venv="${CAPICU_VENV:-.venv}"
say() { echo "capicu: $*"; }

supported='import sys; sys.exit(not ((3, 11) <= sys.version_info[:2] <= (3, 13)))'
python=""
for candidate in "${PYTHON:-}" python3.11 python3.12 python3.13 python3; do
    if [ -n "$candidate" ] && command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c "$supported" 2>/dev/null; then
        python="$candidate"
        break
    fi
done

stamp="$venv/.capicu-installed"
wanted_hash="$(sha256sum pyproject.toml | cut -c1-16)"
installed_extras=""
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(head -n1 "$stamp")" = "$wanted_hash" ]; then
    installed_extras="$(sed -n 2p "$stamp")"
    missing=""
    for extra in ${extras//,/ }; do
        case ",$installed_extras," in *",$extra,"*) ;; *) missing=1 ;; esac
    done
    if [ -z "$missing" ]; then
        exit 0  # installed from this pyproject.toml with these extras: nothing to do
    fi
fi

if [ ! -x "$venv/bin/python" ]; then
    if [ -z "$python" ]; then
        echo "Capicú needs Python 3.11, 3.12 or 3.13, with venv. None was found." >&2
        echo "On Debian or Ubuntu: sudo apt-get install python3 python3-venv" >&2
        echo "(or set PYTHON=/path/to/python3.x and run this again)" >&2
        exit 1
    fi
    say "creating $venv with $("$python" --version 2>&1)"
    if ! "$python" -m venv "$venv"; then
        echo "Could not create $venv. On Debian or Ubuntu: sudo apt-get install python3-venv" >&2
        exit 1
    fi
fi
all_extras="$(echo "$installed_extras,$extras" | tr ',' '\n' | sed '/^$/d' | sort -u | paste -sd, -)"
say "installing Capicú and its packages${all_extras:+ (with $all_extras)}: a minute or two the first time"
pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check)
"${pip[@]}" --upgrade pip
if [ -n "$all_extras" ]; then
    "${pip[@]}" -e ".[${all_extras}]"
else
    "${pip[@]}" -e .
fi
# Compile the solver's jitted core now, into its cache beside the code, so that the first
# hint after start-up costs what every other one does (loading it takes well under a second).
say "compiling the solver"
"$venv/bin/python" -c "from strategy.solver import warm; print(f'capicu: solver ready ({warm():.1f} s)')"
printf '%s\n%s\n' "$wanted_hash" "$all_extras" > "$stamp"
