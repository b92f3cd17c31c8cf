#!/usr/bin/env bash
# One command: install Capicú and start the app on http://localhost:8501, with the worker
# processes that do its solver work (hints worked out ahead, reviews: docs/deploy.md,
# "Solver work"), one per core, stopped when the app stops.
#
# After the install it is `capicu serve` (capicu/cli.py), the command a pip install gives:
# headless, no usage statistics, on this computer only (for a classroom on the school
# network add --server.address 0.0.0.0: README, "Two commands"; later arguments win), the
# job queue's workers beside it (CAPICU_JOBS=threads keeps the work in the server's own
# threads; CAPICU_JOBS_WORKERS=0 starts no workers here, they run on other machines;
# CAPICU_JOBS_WORKERS=N starts N).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/capicu serve "$@"
