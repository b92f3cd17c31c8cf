#!/usr/bin/env bash
# One command: install Capicú and start the app on http://localhost:8501, with the worker
# processes that do its solver work (hints worked out ahead, reviews: docs/deploy.md,
# "Solver work"), one per core, stopped when the app stops.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Solver work goes to the job queue (a SQLite file in data/, or the school's PostgreSQL
# with CAPICU_DB_URL). CAPICU_JOBS=threads keeps it in the server's own threads instead;
# CAPICU_JOBS_WORKERS=0 starts no workers here (they run on other machines).
export CAPICU_JOBS="${CAPICU_JOBS:-queue}"
# Listens on this computer only (one learner). For a classroom on the school network add
# --server.address 0.0.0.0 (README: "Two commands"); later arguments win.
.venv/bin/streamlit run serve.py --server.headless true --browser.gatherUsageStats false \
    --server.address 127.0.0.1 "$@" &
app=$!
worker=
if [ "$CAPICU_JOBS" = queue ] && [ "${CAPICU_JOBS_WORKERS:-}" != 0 ]; then
    # niced below the app, and gone within a second once the app is
    .venv/bin/python -m jobs.worker --warm strategy.solver:warm --parent "$app" \
        ${CAPICU_JOBS_WORKERS:+--processes "$CAPICU_JOBS_WORKERS"} &
    worker=$!
fi
stop() { kill -TERM "$app" ${worker:+"$worker"} 2>/dev/null || true; }
trap stop INT TERM
trap 'kill -TERM ${worker:+"$worker"} 2>/dev/null || true' EXIT
wait "$app" || status=$?
wait "$app" 2>/dev/null || true  # a signal ends the first wait; the app is still stopping
[ -z "$worker" ] || wait "$worker" 2>/dev/null || true
exit "${status:-0}"
