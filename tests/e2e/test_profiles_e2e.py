"""In a real browser: a profile stays signed in across a reload and a deep link (the
device cookie, when "Stay signed in" is ticked), and a PIN is asked on another device
(issues 11 and 18). The cookie's attributes are read from the browser itself: served by
``serve.py`` under a base path it is HttpOnly, SameSite=Strict and bound to that path; run
as ``streamlit run app.py`` (no routes of its own) the page writes it, not HttpOnly."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.widgets import choose
from tests.support.answer_paths import pinned_daily_date
from tests.support.streamlit_server import ROOT, streamlit_server
from ui.i18n import translator
from ui.parts.device_cookie import COOKIE
from ui.session import TODAY_ENV

TR = translator("en")
pytestmark = pytest.mark.e2e
BASE = "school"


def _server(tmp_path_factory, script: str, base_path: str = ""):
    db = tmp_path_factory.mktemp("progress") / "capicu.sqlite3"
    env = {"CAPICU_DB_PATH": str(db), TODAY_ENV: pinned_daily_date().isoformat()}
    return streamlit_server(ROOT / script, env=env, base_path=base_path)


@pytest.fixture(scope="module")
def school_url(tmp_path_factory):
    """``serve.py`` (the app with its own routes) under the base path ``/school``."""
    with _server(tmp_path_factory, "serve.py", BASE) as (url, _process):
        yield url


@pytest.fixture(scope="module")
def script_only_url(tmp_path_factory):
    """``streamlit run app.py``: no routes of its own, so the page writes the cookie."""
    with _server(tmp_path_factory, "app.py") as (url, _process):
        yield url


def _device_cookies(context) -> list[dict]:
    return [c for c in context.cookies() if c["name"] == COOKIE]


def _cookie_route_answer(page):
    """Wait for the answer of the POST that sets or clears the cookie (serve.py)."""
    return page.expect_response(lambda r: r.url.endswith("/device/cookie") and r.request.method == "POST",
                                timeout=30_000)


def _profile_box(page):
    return page.locator(".st-key-profile_select").get_by_role("combobox")


def _new_profile_form(page, app_url: str, name: str):
    """Home, the profile box, *New profile*, its name typed: the sidebar, ready to create."""
    page.goto(f"{app_url}/?lang=en")
    _profile_box(page).wait_for(timeout=30_000)
    choose(page, _profile_box(page), TR("profile.new"))
    sidebar = page.locator('[data-testid="stSidebar"]')
    sidebar.get_by_label(TR("profile.name")).fill(name)
    return sidebar


def test_a_signed_in_player_stays_signed_in_after_a_reload_until_signing_out(browser, school_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        sidebar = _new_profile_form(page, school_url, "Rita")
        sidebar.get_by_role("textbox", name=TR("profile.new_pin")).fill("2468")
        sidebar.get_by_text(TR("profile.remember")).click()  # off unless ticked: computers are shared
        with _cookie_route_answer(page) as answer:
            sidebar.get_by_role("button", name=TR("profile.create")).click()
        expect(_profile_box(page)).to_have_value("Rita", timeout=30_000)
        assert answer.value.ok

        (cookie,) = _device_cookies(context)  # set by the server's answer, HttpOnly
        assert (cookie["httpOnly"], cookie["sameSite"], cookie["path"], cookie["secure"]) == (
            True, "Strict", f"/{BASE}", False)  # plain HTTP here: Secure only over HTTPS
        assert cookie["expires"] > 0  # kept across a browser restart (DEVICE_DAYS)
        assert COOKIE not in page.evaluate("document.cookie")  # no script in the page can read it

        page.reload()
        expect(_profile_box(page)).to_have_value("Rita", timeout=30_000)
        page.goto(f"{school_url}/practice?lang=en")  # a deep link: a new session, the same device
        expect(_profile_box(page)).to_have_value("Rita", timeout=30_000)

        # another device (no cookie) must type the PIN
        other = browser.new_context().new_page()
        other.goto(f"{school_url}/?lang=en")
        choose(other, _profile_box(other), "Rita")
        other.get_by_text(TR("profile.pin_needed", name="Rita")).wait_for(timeout=30_000)
        expect(_profile_box(other)).to_have_value("Rita")
        other.context.close()

        with _cookie_route_answer(page) as answer:
            page.locator('[data-testid="stSidebar"]').get_by_role("button", name=TR("profile.sign_out")).click()
        expect(_profile_box(page)).to_have_value(TR("profile.guest"), timeout=30_000)
        assert answer.value.ok and _device_cookies(context) == []  # cleared by the server too
        page.reload()
        expect(_profile_box(page)).to_have_value(TR("profile.guest"), timeout=30_000)
    finally:
        context.close()


def test_without_serve_py_the_page_writes_the_cookie_strict_on_the_apps_path(browser, script_only_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        sidebar = _new_profile_form(page, script_only_url, "Tao")
        sidebar.get_by_text(TR("profile.remember")).click()
        sidebar.get_by_role("button", name=TR("profile.create")).click()
        expect(_profile_box(page)).to_have_value("Tao", timeout=30_000)
        page.wait_for_function(f"document.cookie.includes('{COOKIE}=')", timeout=30_000)
        (cookie,) = _device_cookies(context)
        assert (cookie["httpOnly"], cookie["sameSite"], cookie["path"]) == (False, "Strict", "/")
        page.reload()
        expect(_profile_box(page)).to_have_value("Tao", timeout=30_000)

        page.locator('[data-testid="stSidebar"]').get_by_role("button", name=TR("profile.sign_out")).click()
        expect(_profile_box(page)).to_have_value(TR("profile.guest"), timeout=30_000)
        page.wait_for_function(f"!document.cookie.includes('{COOKIE}=')", timeout=30_000)
        assert _device_cookies(context) == []
    finally:
        context.close()


def test_on_a_shared_computer_a_reload_goes_back_to_guest_unless_asked(browser, school_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        sidebar = _new_profile_form(page, school_url, "Sami")
        sidebar.get_by_role("button", name=TR("profile.create")).click()  # "Stay signed in" left off
        expect(_profile_box(page)).to_have_value("Sami", timeout=30_000)
        page.reload()
        expect(_profile_box(page)).to_have_value(TR("profile.guest"), timeout=30_000)
        assert _device_cookies(context) == []
    finally:
        context.close()
