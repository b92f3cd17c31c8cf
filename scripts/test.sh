#!/usr/bin/env bash
# One command: install Capicú with its test tools (and Debian's Chromium for the
# browser suite, DejaVu fonts for the worksheets' PDFs, PostgreSQL for the progress tests),
# then run the whole test suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1 || [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] \
        || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium fonts-noto-color-emoji fonts-dejavu-core postgresql >/dev/null
fi
bash scripts/setup.sh test,bench,postgres
exec .venv/bin/python -m pytest -n 2 --dist loadgroup "$@"
