#!/usr/bin/env bash
# One command: install Capicú and start the app on http://localhost:8501
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Listens on this computer only (one learner). For a classroom on the school network add
# --server.address 0.0.0.0 (README: "Two commands"); later arguments win.
exec .venv/bin/streamlit run serve.py --server.headless true --browser.gatherUsageStats false \
    --server.address 127.0.0.1 "$@"
