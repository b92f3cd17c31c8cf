"""Browser fixtures: the board harness served by ``streamlit run``, and headless Chromium.

The whole module shares one server and one browser; each test opens its own page, so
each test is a new Streamlit session.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.support.answer_paths import pinned_daily_date
from tests.support.streamlit_server import ROOT, launch_chromium, streamlit_app
from ui.session import TODAY_ENV

HARNESS = Path(__file__).resolve().parent / "board_harness.py"
# The harness is a Streamlit script: `--doctest-modules` must not import it.
collect_ignore = ["board_harness.py"]
ARTIFACTS = ROOT / "artifacts"


@pytest.fixture(scope="module")
def harness_url():
    with streamlit_app(HARNESS) as url:
        yield url


#: this worker's Playwright and Chromium, shared by the browser modules it runs one after
#: another (each test opens its own page or context): started by the first, stopped after
#: the last, before any other test, since Playwright's sync API keeps an asyncio loop
#: running in this thread and ``asyncio.run`` refuses to start beside it
_SHARED: dict = {}


@pytest.fixture(scope="module")
def browser():
    if "chromium" in _SHARED and not _SHARED["chromium"].is_connected():
        _stop_the_browser()  # it crashed in an earlier module: a new one
    if "chromium" not in _SHARED:
        sync_api = pytest.importorskip("playwright.sync_api")
        if not Path("/usr/bin/chromium").exists():
            pytest.skip("Debian's chromium is not installed (scripts/test.sh installs it)")
        playwright = sync_api.sync_playwright().start()
        try:
            _SHARED["chromium"] = launch_chromium(playwright)
        except BaseException:
            playwright.stop()
            raise
        _SHARED["playwright"] = playwright
    yield _SHARED["chromium"]


def _stop_the_browser() -> None:
    chromium, playwright = _SHARED.pop("chromium", None), _SHARED.pop("playwright", None)
    try:
        if chromium is not None:
            chromium.close()
    finally:
        if playwright is not None:
            playwright.stop()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    """After a browser test's own teardown: stop the shared browser unless the next test
    on this worker is a browser test too."""
    here = Path(__file__).resolve().parent
    if nextitem is None or here not in Path(nextitem.path).resolve().parents:
        _stop_the_browser()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@contextmanager
def app_environment(tmp_path_factory):
    """What a test server runs under, set in this process too (it reads and writes the
    server's database): a fresh database, the clock pinned to the date the daily test
    answers, no deeper hints worked out ahead (the suite's two cores are shared by two
    browser modules; the page's part is tested in tests/ui/test_play_page.py), and a page's
    error shown as Streamlit's error box, which the tests look for."""
    db = tmp_path_factory.mktemp("progress") / "capicu.sqlite3"
    pinned = {"CAPICU_DB_PATH": str(db), TODAY_ENV: pinned_daily_date().isoformat(), "CAPICU_THINK_AHEAD": "off",
              "CAPICU_PAGE_ERRORS": "raise"}
    saved = {name: os.environ.get(name) for name in pinned}
    os.environ.update(pinned)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@pytest.fixture(scope="module")
def app_url(tmp_path_factory):
    """The whole app under ``streamlit run``, saving progress in a fresh database, its
    clock pinned to the date the daily test answers."""
    with app_environment(tmp_path_factory), streamlit_app(ROOT / "serve.py") as url:
        yield url
