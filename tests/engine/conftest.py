"""Long sweeps (``@pytest.mark.slow``) run only when asked for: ``pytest -m slow``."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="a long sweep: run it with -m slow")
    for item in items:
        if "slow" in item.keywords and HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(skip)
