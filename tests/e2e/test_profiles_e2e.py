"""In a real browser: a profile stays signed in across a reload and a deep link (the
device cookie, when "Stay signed in" is ticked), and a PIN is asked on another device
(issues 11 and 18)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ui.i18n import translator

TR = translator("en")
pytestmark = pytest.mark.e2e


def _profile_box(page):
    return page.locator(".st-key-profile_select").get_by_role("combobox")


def _new_profile_form(page, app_url: str, name: str):
    """Home, the profile box, *New profile*, its name typed: the sidebar, ready to create."""
    page.goto(f"{app_url}/?lang=en")
    _profile_box(page).wait_for(timeout=30_000)
    _profile_box(page).click()
    page.get_by_role("option", name=TR("profile.new")).click()
    sidebar = page.locator('[data-testid="stSidebar"]')
    sidebar.get_by_label(TR("profile.name")).fill(name)
    return sidebar


def test_a_signed_in_player_stays_signed_in_after_a_reload_until_signing_out(browser, app_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        sidebar = _new_profile_form(page, app_url, "Rita")
        sidebar.get_by_role("textbox", name=TR("profile.new_pin")).fill("2468")
        sidebar.get_by_text(TR("profile.remember")).click()  # off unless ticked: computers are shared
        sidebar.get_by_role("button", name=TR("profile.create")).click()
        expect(_profile_box(page)).to_have_value("Rita", timeout=30_000)
        page.wait_for_function("document.cookie.includes('capicu_device=')", timeout=30_000)

        page.reload()
        expect(_profile_box(page)).to_have_value("Rita", timeout=30_000)
        page.goto(f"{app_url}/practice?lang=en")  # a deep link: a new session, the same device
        expect(_profile_box(page)).to_have_value("Rita", timeout=30_000)

        # another device (no cookie) must type the PIN
        other = browser.new_context().new_page()
        other.goto(f"{app_url}/?lang=en")
        _profile_box(other).click()
        other.get_by_role("option", name="Rita").click()
        other.get_by_text(TR("profile.pin_needed", name="Rita")).wait_for(timeout=30_000)
        expect(_profile_box(other)).to_have_value("Rita")
        other.context.close()

        page.locator('[data-testid="stSidebar"]').get_by_role("button", name=TR("profile.sign_out")).click()
        expect(_profile_box(page)).to_have_value(TR("profile.guest"), timeout=30_000)
        page.wait_for_function("!document.cookie.includes('capicu_device=')", timeout=30_000)
        page.reload()
        expect(_profile_box(page)).to_have_value(TR("profile.guest"), timeout=30_000)
    finally:
        context.close()


def test_on_a_shared_computer_a_reload_goes_back_to_guest_unless_asked(browser, app_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        sidebar = _new_profile_form(page, app_url, "Sami")
        sidebar.get_by_role("button", name=TR("profile.create")).click()  # "Stay signed in" left off
        expect(_profile_box(page)).to_have_value("Sami", timeout=30_000)
        page.reload()
        expect(_profile_box(page)).to_have_value(TR("profile.guest"), timeout=30_000)
        assert "capicu_device=" not in page.evaluate("document.cookie")
    finally:
        context.close()
