"""The words of the game in each language (``language/words/<lang>.yaml``): seat and side
names, moves, the tiles' numbers as words, the decimal sign."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from .catalogs import TextError, check_lang, lookup, read_yaml

WORDS_DIR = Path(__file__).resolve().parent / "words"


@lru_cache(maxsize=None)
def words(lang: str) -> Mapping[str, Any]:
    """The whole word file of ``lang`` (read once per process)."""
    return read_yaml(WORDS_DIR / f"{check_lang(lang)}.yaml")


def word(lang: str, key: str) -> Any:
    """``word("nl", "names.you")`` → "Jij"; TextError when the key is missing."""
    return lookup(words(lang), lang, key)


def has_word(lang: str, key: str) -> bool:
    try:
        word(lang, key)
    except TextError:
        return False
    return True
