"""Tests marked ``@pytest.mark.slow`` (long sweeps, proving every strategy lesson again)
run only when asked for: ``pytest -m slow``. The normal suite stays under its minutes.

The suite runs on two workers (``-n 2 --dist loadgroup``, scripts/test.sh). A module whose
module-scoped fixture is dear (a browser and an app server, a sample of 3,300 puzzles)
keeps its tests on one worker, so the fixture is made once, not once per worker."""

from __future__ import annotations

import pytest


#: modules kept whole on one worker (besides every browser module, tests/e2e/)
ONE_WORKER = {"tests/puzzles/test_quality.py", "tests/puzzles/test_strategy_puzzles.py"}


def _one_worker(item) -> bool:
    path = item.nodeid.split("::")[0]
    return path.startswith("tests/e2e/") or path in ONE_WORKER


# Before pytest-xdist's own hook of this name, which reads the group marks. With pytest
# 9.2 and xdist 3.8 the groups are ignored all the same (pytest-xdist#1386: xdist writes a
# node id field pytest no longer reads), so a browser module may start its server on both
# workers; the suite was measured so (docs/performance.md), and grouping returns with
# the fix.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        if _one_worker(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run it with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
