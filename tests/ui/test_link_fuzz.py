"""A link fuzzer on every page (issue 11): hostile, malformed and odd query parameters
never raise, and nothing from a link is rendered as markup (a link, an image, HTML).

Bounded: a fixed number of hypothesis examples per page (derandomized, so every run
tries the same links), each one AppTest run of a fraction of a second: six a page in the
normal suite, forty under ``-m slow``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import open_app

PAGES = ["home", "course", "lesson", "practice", "daily", "play", "analyse", "stats", "class_teacher", "class_join"]
PARAMS = ["lang", "lesson", "step", "present", "daily", "type", "game", "level", "puzzle", "seed",
          "players", "rules", "levels", "pace", "join", "me", "key", "g"]
#: what a hostile or careless link carries
PAYLOADS = [
    "[Log in again](http://127.0.0.1:9/phish)", "![](//127.0.0.1:9/l)", "<img src=x onerror=alert(1)>",
    "</script><svg onload=alert(1)>", "javascript:alert(1)", "**bold** _it_ `code`", "¹", "٣-٥", "１-1",
    "9" * 5000, "-1", "0", "", " ", "nl", "zz", "laplaza_partners", "block_count:laplaza_partners:²:1",
    "2026-02-30", "1900-01-01", "9999-12-31", "expert,expert,expert", "strong", "fast", "1", "%00", "\u202e",
]
LINK_MARKUP = ("](http", "](//", "![", "<img", "<svg", "<script")

values = st.one_of(st.sampled_from(PAYLOADS), st.text(max_size=30))
links = st.dictionaries(st.sampled_from(PARAMS), values, min_size=1, max_size=4)


def _rendered(at) -> list[str]:
    out = []
    for kind in ("markdown", "caption", "info", "success", "error", "warning", "title", "subheader"):
        out += [str(e.value) for e in getattr(at, kind)]
        out += [str(e.value) for e in getattr(at.sidebar, kind)]
    return out


FUZZ = dict(deadline=None, derandomize=True,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("page", PAGES)
@settings(max_examples=6, **FUZZ)
@given(link=links)
def test_no_link_breaks_a_page_or_becomes_markup(page, link):
    _opens_without_markup(page, link)


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES)
@settings(max_examples=40, **FUZZ)
@given(link=links)
def test_no_link_breaks_a_page_or_becomes_markup_long(page, link):
    _opens_without_markup(page, link)


def _opens_without_markup(page: str, link: dict[str, str]) -> None:
    params = {k: v for k, v in link.items() if "\x00" not in v}
    at = open_app(page if page != "home" else None, **params)  # open_app asserts no exception
    for text in _rendered(at):
        for value in params.values():
            for mark in LINK_MARKUP:
                # the link's own markup never reaches the page unescaped
                assert not (mark in value and value in text), (page, params, text[:200])
