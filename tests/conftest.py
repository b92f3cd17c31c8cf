"""Tests marked ``@pytest.mark.slow`` (long sweeps, proving every strategy lesson again)
run only when asked for: ``pytest -m slow``. The normal suite stays under its minutes.

The suite runs on two workers (``-n 2 --dist loadgroup``, scripts/test.sh). A module whose
module-scoped fixture is dear (a browser and an app server, a sample of 3,300 puzzles)
keeps its tests on one worker, so the fixture is made once, not once per worker."""

from __future__ import annotations

import sys

import pytest


#: modules kept whole on one worker (besides every browser module, tests/e2e/)
ONE_WORKER = {"tests/puzzles/test_quality.py", "tests/puzzles/test_strategy_puzzles.py"}


@pytest.fixture(autouse=True)
def no_work_left_behind():
    """Solver work a test started on this process's job threads (the review of a round it
    played, a hint worked out ahead) is cancelled when the test ends: left running, it took
    the suite's two cores from the tests after it."""
    yield
    import jobs

    jobs.cancel_local()


def pytest_runtest_setup(item):
    if "streamlit.testing.v1" in sys.modules:
        _apptest_keeps_what_does_not_change()


def _apptest_keeps_what_does_not_change() -> None:
    """What every AppTest redid, kept for the process instead (neither changes while the
    tests run, and no test writes a page's source):

    * at its first run, the scan of every installed package's metadata for Streamlit
      components (there are none): 0.11 CPU-seconds of the 0.15 that opening the home
      page costs, some 1,500 times a run;
    * at every run, the page's source read, rewritten for Streamlit's magic and compiled
      again (a fresh ``ScriptCache`` each run): 12-30 ms a page, some 15 runs a test."""
    import functools

    from streamlit.components.v2 import manifest_scanner
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test, local_script_runner

    scan = manifest_scanner.scan_component_manifests
    if getattr(scan, "capicu_kept", False):
        return
    found = functools.cache(lambda: tuple(scan()))

    def kept(max_workers=None):
        return list(found())

    kept.capicu_kept = True
    manifest_scanner.scan_component_manifests = kept
    compiled = ScriptCache()
    app_test.ScriptCache = local_script_runner.ScriptCache = lambda: compiled


def _one_worker(item) -> bool:
    path = item.nodeid.split("::")[0]
    return path.startswith("tests/e2e/") or path in ONE_WORKER


# Before pytest-xdist's own hook of this name, which reads the group marks.
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



class _GroupSuffix:
    """pytest-xdist 3.8 names a test's group by a suffix on its node id, written to a field
    that pytest 9.2 no longer reads (pytest-xdist#1386): every group mark was ignored, and a
    browser module started its server on both workers. After xdist's hook, the suffix is
    written where pytest 9.2 keeps the id; with a fixed xdist (or an older pytest) the id
    already ends with it and nothing is done."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        if not getattr(config.option, "loadgroup", False):
            return
        try:
            from _pytest.nodeid import coerce_node_id
        except ImportError:  # an older pytest: xdist's own suffix works
            return
        for item in items:
            names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                            for m in item.iter_markers("xdist_group")})
            suffix = "@" + "_".join(names)
            if names and not item.nodeid.endswith(suffix) and hasattr(item, "_id"):
                item._id = coerce_node_id(item.nodeid + suffix)


def pytest_unconfigure(config):
    # this process's PostgreSQL (tests/support/postgres.py), if a test started it
    postgres = sys.modules.get("tests.support.postgres")
    if postgres is not None:
        postgres.stop_shared_server()


def pytest_configure(config):
    config.pluginmanager.register(_GroupSuffix(), "capicu-group-suffix")
