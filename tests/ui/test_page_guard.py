"""No page shows a visitor a traceback or a server path: an error nobody foresaw becomes a
plain message in the visitor's language, and its details go to the server's log."""

from __future__ import annotations

import logging

import pytest
import yaml
from streamlit.testing.v1 import AppTest

from tests.ui.conftest import APP, ROOT, texts_of

SECRET = "/srv/capicu/secret/path.py"


def _crash(*_args, **_kwargs):
    raise RuntimeError(f"boom in {SECRET}")


def _page_failed(lang: str) -> str:
    strings = yaml.safe_load((ROOT / "ui" / "strings" / f"{lang}.yaml").read_text(encoding="utf-8"))
    return strings["crash"]["page_failed"]


@pytest.mark.parametrize("lang", ["en", "nl", "pt", "es"])
def test_an_unforeseen_error_is_a_plain_message_in_the_visitors_language(monkeypatch, caplog, lang):
    monkeypatch.delenv("CAPICU_PAGE_ERRORS")
    monkeypatch.setattr("ui.session.set_page", _crash)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    with caplog.at_level(logging.ERROR, logger="capicu.pages"):
        at.run()
    assert not at.exception, "the visitor saw a traceback"
    shown = texts_of(at)
    assert _page_failed(lang) in [e.value for e in at.error]
    assert SECRET not in shown and "Traceback" not in shown
    assert any(SECRET in (r.exc_text or "") or (r.exc_info and SECRET in str(r.exc_info[1]))
               for r in caplog.records), "the server's log lost the details"


def test_tests_still_see_the_error_itself(monkeypatch):
    """With CAPICU_PAGE_ERRORS=raise (every page test) the error is not hidden."""
    monkeypatch.setattr("ui.session.set_page", _crash)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert at.exception
