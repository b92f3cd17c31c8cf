"""Loaded by a Python started with this folder on ``PYTHONPATH``: the browser test of a
busy server (tests/e2e/test_table_busy_server_e2e.py) starts Streamlit so.

With ``CAPICU_TEST_FLUSH_SECS`` set, the server sends each session's waiting messages to
its browser at most that often (Streamlit's own pace is every 10 ms), as a server whose
event loop gets little CPU does under load: two script runs then often end before the
browser hears of the first (docs/tables.md, Known issues). Nothing else changes.
"""

import os

_every = os.environ.get("CAPICU_TEST_FLUSH_SECS")
if _every:
    import streamlit.runtime.runtime as _runtime

    _runtime.MESSAGE_FLUSH_INTERVAL_SECS = float(_every)
