"""One name for each thing: ``docs/glossary.md`` lists, per language, the words we do not
use, and :func:`offences` finds them in the project's texts.

The glossary is parsed (its format is described at the top of docs/glossary.md) and every
string value of a language's lesson texts, UI strings, puzzle texts and words is searched
for an avoided phrase, case-insensitively. A phrase of plain words is matched by *word
form*: each word is reduced to its Snowball stem (``snowballstemmer``, the language's
stemmer), so "trekken" also finds "trekt", "fechou" also finds "fechar"/"fechado", "team"
finds "teams". A phrase in double quotes, or one holding a digit wildcard ``#`` or
punctuation, is matched exactly, as whole words. The glossary's "Allowed uses" table is
the only way to permit an avoided phrase, for one file or for every file of a language.

>>> [m.group(0) for m in matcher("nl", "trekken").finditer("wie de hoogste trekt")]
['trekt']
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Iterator

from .catalogs import LANGUAGES, read_yaml

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary.md"
SNOWBALL = {"en": "english", "nl": "dutch", "pt": "portuguese", "es": "spanish"}
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


def rows(section: str) -> list[list[str]]:
    """The body rows of the markdown table(s) in ``section``, as lists of stripped cells."""
    found = []
    for line in section.splitlines():
        line = line.strip()
        if not line.startswith("|") or re.fullmatch(r"\|[\s|:-]+\|", line):
            continue
        found.append([c.strip() for c in line.strip("|").split("|")])
    return found[1:] if found else []  # drop the header row


def parse_glossary(text: str) -> tuple[dict[str, list[tuple[str, str]]], list[tuple[str, str, str]]]:
    """({lang: [(thing, avoided phrase)]}, [(lang, file, allowed phrase)]); a malformed row
    raises ValueError."""
    sections = re.split(r"^## +", text, flags=re.M)
    avoid: dict[str, list[tuple[str, str]]] = {}
    allowed: list[tuple[str, str, str]] = []
    for section in sections[1:]:
        head, _, body = section.partition("\n")
        head = head.strip()
        if head in LANGUAGES:
            for row in rows(body):
                if len(row) != 3:
                    raise ValueError(f"glossary {head}: a row needs thing | use | avoid: {row}")
                thing, _use, words = row
                for phrase in words.split(";"):
                    phrase = phrase.strip()
                    if phrase and phrase not in {"—", "-"}:
                        avoid.setdefault(head, []).append((thing, phrase))
        elif head.lower().startswith("allowed"):
            for row in rows(body):
                if len(row) != 4 or row[0] not in LANGUAGES or not row[2] or not row[3]:
                    raise ValueError(f"allowed uses: a row needs lang | file | phrase | why: {row}")
                lang, file, phrase, _why = row
                allowed.append((lang, file.strip("`"), phrase))
    return avoid, allowed


def pattern(phrase: str, *, ignore_case: bool = True) -> re.Pattern[str]:
    """Whole-word pattern: a space matches any white space, ``#`` matches one digit."""
    parts = []
    for ch in phrase:
        if ch == "#":
            parts.append(r"\d")
        elif ch.isspace():
            parts.append(r"\s+")
        else:
            parts.append(re.escape(ch))
    body = re.sub(r"(\\s\+)+", r"\\s+", "".join(parts))
    return re.compile(rf"(?<![\w]){body}(?![\w])", re.I if ignore_case else 0)


@functools.lru_cache(maxsize=None)
def _stemmer(lang: str):
    import snowballstemmer  # only the check needs it, not the pages

    return snowballstemmer.stemmer(SNOWBALL[lang])


@functools.lru_cache(maxsize=None)
def stem(lang: str, word: str) -> str:
    return _stemmer(lang).stemWord(word.lower())


def is_exact(phrase: str) -> bool:
    """Quoted phrases, and phrases with ``#`` or punctuation, are matched as written."""
    return (phrase.startswith('"') and phrase.endswith('"')) or bool(re.search(r"[^\w\s]|\d", phrase))


class FormMatcher:
    """Finds a phrase of plain words in any inflected form: word by word, by Snowball stem.

    The words of a match must follow each other with only white space between them (a comma
    or a full stop breaks a phrase), and each must be a whole word.
    """

    def __init__(self, lang: str, phrase: str):
        self.lang = lang
        self.stems = [stem(lang, w) for w in phrase.split()]

    def finditer(self, text: str) -> Iterator["Found"]:
        words = list(WORD.finditer(text))
        n = len(self.stems)
        for i in range(len(words) - n + 1):
            if stem(self.lang, words[i].group(0)) != self.stems[0]:
                continue
            run = words[i:i + n]
            if any(text[a.end():b.start()].strip() for a, b in zip(run, run[1:])):
                continue
            if [stem(self.lang, m.group(0)) for m in run] == self.stems:
                yield Found(text[run[0].start():run[-1].end()])


class Found:
    """A match of a :class:`FormMatcher`, read as a regex match is (``group(0)``)."""

    def __init__(self, text: str):
        self._text = text

    def group(self, _index: int = 0) -> str:
        return self._text


def matcher(lang: str, phrase: str):
    """The exact pattern for a quoted or punctuated phrase, else a word-form matcher."""
    if is_exact(phrase):
        return pattern(phrase.strip('"'))
    return FormMatcher(lang, phrase)


def strings(data, where: str = "") -> Iterator[tuple[str, str]]:
    """Every string value of a YAML tree with its dotted key path (keys are never checked)."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from strings(v, f"{where}.{k}" if where else str(k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from strings(v, f"{where}[{i}]")
    elif isinstance(data, str):
        yield where, data


def files_of(lang: str) -> list[Path]:
    """Every text file of ``lang`` in the project: lessons, UI strings, puzzle texts, words."""
    return [*sorted((ROOT / "lessons" / "content").glob(f"*/{lang}.yaml")),
            ROOT / "ui" / "strings" / f"{lang}.yaml", ROOT / "puzzles" / "text" / f"{lang}.yaml",
            ROOT / "language" / "words" / f"{lang}.yaml"]


@functools.lru_cache(maxsize=None)
def _glossary() -> tuple[dict[str, list[tuple[str, str]]], list[tuple[str, str, str]]]:
    return parse_glossary(GLOSSARY.read_text(encoding="utf-8"))


def offences(lang: str, files: list[Path] | None = None) -> list[str]:
    """Each avoided phrase found in ``lang``'s texts ("file [key]: 'found' (thing: avoid
    'phrase')"); none when every text keeps to the glossary."""
    avoid, allowed_uses = _glossary()
    matchers = [(thing, phrase, matcher(lang, phrase)) for thing, phrase in avoid.get(lang, [])]
    found = []
    for path in files or files_of(lang):
        rel = path.relative_to(ROOT).as_posix()
        allowed = [pattern(p, ignore_case=False) for l, f, p in allowed_uses if l == lang and f in ("*", rel)]
        for key, value in strings(read_yaml(path)):
            for allow in allowed:
                value = allow.sub(" ", value)
            for thing, phrase, match in matchers:
                for m in match.finditer(value):
                    found.append(f"{rel} [{key}]: {m.group(0)!r} ({thing}: avoid {phrase!r})")
    return found
