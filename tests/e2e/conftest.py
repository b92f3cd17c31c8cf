"""Browser fixtures: the board harness served by ``streamlit run``, and headless Chromium.

The whole module shares one server and one browser; each test opens its own page, so
each test is a new Streamlit session.
"""

from __future__ import annotations

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


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("Debian's chromium is not installed (scripts/test.sh installs it)")
    with sync_api.sync_playwright() as p:
        chromium = launch_chromium(p)
        yield chromium
        chromium.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def app_url(tmp_path_factory):
    """The whole app under ``streamlit run``, saving progress in a fresh database, its
    clock pinned to the date the daily test answers."""
    import os

    db = tmp_path_factory.mktemp("progress") / "capicu.sqlite3"
    # no deeper hints worked out ahead: the suite's two cores are shared by two browser
    # modules (the page's part is tested in tests/ui/test_play_page.py)
    pinned = {"CAPICU_DB_PATH": str(db), TODAY_ENV: pinned_daily_date().isoformat(), "CAPICU_THINK_AHEAD": "off",
              # a page's error shows as Streamlit's error box, which the tests look for
              "CAPICU_PAGE_ERRORS": "raise"}
    saved = {name: os.environ.get(name) for name in pinned}
    os.environ.update(pinned)
    try:
        with streamlit_app(ROOT / "serve.py") as url:
            yield url
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
