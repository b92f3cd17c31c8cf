"""The README's pictures, taken anew from the running app: Home, a lesson's board, and a
hint on Play (docs/img/*.png). Run it after a change to those pages:

    .venv/bin/python scripts/readme_screenshots.py

It starts the app on a free port with a throwaway database, drives Debian's Chromium
(never ``playwright install``) and waits for what each picture shows, not for a time.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.streamlit_server import launch_chromium, streamlit_app  # noqa: E402
from ui.i18n import translator  # noqa: E402

OUT = ROOT / "docs" / "img"
SIZE = {"width": 1280, "height": 860}


def main() -> None:
    tr = translator("en")
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CAPICU_DB_PATH"] = str(Path(folder) / "capicu.sqlite3")
        os.environ["CAPICU_THINK_AHEAD"] = "off"
        with streamlit_app(ROOT / "serve.py") as url, sync_playwright() as p:
            browser = launch_chromium(p)
            page = browser.new_page(viewport=SIZE)
            page.goto(f"{url}/?lang=en")
            expect(page.get_by_text(tr("home.start_course"))).to_be_visible(timeout=60_000)
            page.screenshot(path=OUT / "home.png")

            page.goto(f"{url}/lesson?lesson=partners-capicu&step=2&lang=en")
            step = tr("lesson.step", n=3, total=99).split("3")[0]  # "Step "
            expect(page.get_by_text(re.compile(re.escape(step) + r"3 ")).first).to_be_visible(timeout=60_000)
            page.wait_for_load_state("networkidle")
            page.screenshot(path=OUT / "lesson.png")

            page.goto(f"{url}/play?game=laplaza_1v1&seed=7&levels=strong&pace=fast&lang=en")
            hint = page.locator('[class*="st-key-play_hint-"] button')
            expect(hint).to_be_enabled(timeout=60_000)
            hint.click()
            expect(page.get_by_text(tr("play.hint_title")).first).to_be_visible(timeout=120_000)
            page.wait_for_load_state("networkidle")
            page.screenshot(path=OUT / "hint.png", full_page=True)
            browser.close()
    for name in ("home", "lesson", "hint"):
        print(OUT / f"{name}.png")


if __name__ == "__main__":
    main()
