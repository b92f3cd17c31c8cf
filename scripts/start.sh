#!/usr/bin/env bash
# One command: install Capicú and start the app on http://localhost:8501
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/streamlit run app.py --server.headless true --browser.gatherUsageStats false "$@"
