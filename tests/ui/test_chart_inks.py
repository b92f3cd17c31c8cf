"""The inks charts set themselves follow the page's theme and stand out on it: 4.5:1 for
labels (WCAG AA text), 3:1 for thin marks (non-text contrast), light and dark."""

from __future__ import annotations

import pytest

from tests.support.colour_vision import contrast
from ui.parts import chart_inks


@pytest.mark.parametrize("theme", sorted(chart_inks.INKS))
def test_each_ink_stands_out_on_its_themes_background(theme):
    inks, ground = chart_inks.INKS[theme], chart_inks.BACKGROUND[theme]
    assert contrast(inks.ink, ground) >= 4.5 and contrast(inks.good, ground) >= 4.5
    assert contrast(inks.line, ground) >= 3.0


def test_the_page_theme_picks_the_inks(monkeypatch):
    monkeypatch.setattr(chart_inks, "theme", lambda: "dark")
    assert chart_inks.inks() == chart_inks.INKS["dark"]
    monkeypatch.setattr(chart_inks, "theme", lambda: "light")
    assert chart_inks.inks() == chart_inks.INKS["light"]
    assert chart_inks.INKS["dark"].ink != chart_inks.INKS["light"].ink


def test_outside_a_page_the_theme_is_light():
    assert chart_inks.theme() == "light"
