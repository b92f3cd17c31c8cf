"""Tests marked ``@pytest.mark.slow`` (long sweeps, proving every strategy lesson again)
run only when asked for: ``pytest -m slow``. The normal suite stays under its minutes."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config, items):
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run it with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
