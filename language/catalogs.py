"""The languages Capicú ships, and how a text file of nested keys is read."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any, Mapping

#: every language shipped, by code, with its own name for itself
LANGUAGES: dict[str, str] = {"en": "English", "nl": "Nederlands", "pt": "Português", "es": "Español"}
#: the language a missing text falls back to
FALLBACK = "en"


class LanguageError(ValueError):
    """A language Capicú does not ship (``code`` for the UI's words)."""

    code = "unknown_language"

    def __init__(self, lang: object) -> None:
        self.params = {"lang": str(lang)[:40], "choices": ", ".join(LANGUAGES)}
        super().__init__(f"unknown language {str(lang)[:40]!r}: choose one of {', '.join(LANGUAGES)}")


class TextError(KeyError):
    """A text key missing from a language file, or a template that does not fit its params."""


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise LanguageError(lang)
    return lang


def read_yaml(path: Path) -> Mapping[str, Any]:
    """A text file of nested keys (the C loader when PyYAML has it: these files are big)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=loader) or {}


def flat_keys(node: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Every leaf of a text file by its dotted key."""
    out: dict[str, Any] = {}
    for key, value in node.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(flat_keys(value, path + "."))
        else:
            out[path] = value
    return out


def lookup(tree: Mapping[str, Any], lang: str, key: str) -> Any:
    """The value at a dotted ``key`` of a text file's tree (TextError when there is none)."""
    node: Any = tree
    for part in key.split("."):
        if not isinstance(node, Mapping) or part not in node:
            raise TextError(f"{lang}: no text for {key!r}")
        node = node[part]
    return node


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
