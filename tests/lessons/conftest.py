"""Proving every strategy lesson again (``@pytest.mark.slow``, minutes) runs only when asked
for: ``pytest -m slow tests/lessons``. The normal suite checks the stored proofs instead."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    # the same rule as tests/engine/conftest.py, for this folder's tests
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="proves every strategy lesson again: run it with -m slow")
    for item in items:
        if "slow" in item.keywords and HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(skip)
