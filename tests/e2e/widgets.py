"""Picking from a Streamlit select box or multiselect as a person does: open the list,
click the option.

Under the full suite's load a rerun that is still settling can redraw the widget right
after it was opened: the list closes and the option is never shown. A person would open
it again; so does this (a closed list is opened again, up to a few times)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.axe import wait_until_idle


def choose(page, box, option: str, *, exact: bool = False, tries: int = 4) -> None:
    """Open ``box`` (the widget's combobox) and click the option named ``option``."""
    item = page.get_by_role("option", name=option, exact=exact)
    for attempt in range(tries):
        box.click()
        try:
            expect(item).to_be_visible(timeout=15_000)
        except AssertionError:
            if attempt == tries - 1:
                raise
            page.keyboard.press("Escape")
            wait_until_idle(page)
            continue
        item.click()
        return
