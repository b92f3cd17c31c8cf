"""UI strings in every language we ship, with English as the fallback.

One catalog per language in ``ui/strings/<lang>.yaml`` (nested keys, read as dotted
keys). A :class:`Translator` is picked per session, never installed globally, so one
user's language never leaks to another.

>>> tr = translator("nl")
>>> tr.lang, tr("nav.course") != tr.english("nav.course")
('nl', True)
>>> translator("xx").lang
'en'
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from language import FALLBACK, LANGUAGES, engine_params, flat_keys
from language.catalogs import read_yaml

STRINGS = Path(__file__).resolve().parent / "strings"
__all__ = ["FALLBACK", "LANGUAGES", "STRINGS", "Translator", "catalog", "translator"]


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    """Every string of one language, by dotted key."""
    path = STRINGS / f"{lang}.yaml"
    if not path.exists():
        return {}
    return {key: str(value) for key, value in flat_keys(read_yaml(path)).items()}


class Translator:
    """``tr("key", name=value)``: the string in this language, else English, else the key."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else FALLBACK
        self._strings = catalog(self.lang)
        self._english = catalog(FALLBACK)

    def __call__(self, key: str, **params: Any) -> str:
        template = self._strings.get(key) or self._english.get(key) or key
        return _fill(template, params)

    def english(self, key: str, **params: Any) -> str:
        return _fill(self._english.get(key, key), params)

    def has(self, key: str) -> bool:
        return key in self._strings or key in self._english

    def error(self, exc: Exception) -> str:
        """An engine, lesson or store error in this language (by its code), else its text."""
        code = getattr(exc, "code", None)
        key = f"error.{code}"
        if code and self.has(key):
            return self(key, **engine_params(self.lang, dict(getattr(exc, "params", {}))))
        return str(exc)


def _fill(template: str, params: Mapping[str, Any]) -> str:
    if not params:
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


@lru_cache(maxsize=None)
def translator(lang: str) -> Translator:
    return Translator(lang)
