"""One name for each thing: docs/glossary.md lists, per language, the words we do not use.

The glossary is parsed (its format is described at the top of docs/glossary.md) and every
string value of that language's lesson texts, UI strings and puzzle texts is searched for
an avoided phrase, as whole words, case-insensitively. The glossary's "Allowed uses" table
is the only way to permit an avoided phrase, for one file or for every file of a language.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
LANGS = ("en", "nl", "pt", "es")


def _rows(section: str) -> list[list[str]]:
    """The body rows of the markdown table(s) in ``section``, as lists of stripped cells."""
    rows = []
    for line in section.splitlines():
        line = line.strip()
        if not line.startswith("|") or re.fullmatch(r"\|[\s|:-]+\|", line):
            continue
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows[1:] if rows else []  # drop the header row


def parse_glossary(text: str) -> tuple[dict[str, list[tuple[str, str]]], list[tuple[str, str, str]]]:
    """({lang: [(thing, avoided phrase)]}, [(lang, file, allowed phrase)])."""
    sections = re.split(r"^## +", text, flags=re.M)
    avoid: dict[str, list[tuple[str, str]]] = {}
    allowed: list[tuple[str, str, str]] = []
    for section in sections[1:]:
        head, _, body = section.partition("\n")
        head = head.strip()
        if head in LANGS:
            for row in _rows(body):
                assert len(row) == 3, f"glossary {head}: a row needs thing | use | avoid: {row}"
                thing, _use, words = row
                for phrase in words.split(";"):
                    phrase = phrase.strip()
                    if phrase and phrase not in {"—", "-"}:
                        avoid.setdefault(head, []).append((thing, phrase))
        elif head.lower().startswith("allowed"):
            for row in _rows(body):
                assert len(row) == 4, f"allowed uses: a row needs lang | file | phrase | why: {row}"
                lang, file, phrase, why = row
                assert lang in LANGS and phrase and why, row
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


def _strings(data, where: str = ""):
    """Every string value of a YAML tree with its dotted key path (keys are never checked)."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _strings(v, f"{where}.{k}" if where else str(k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _strings(v, f"{where}[{i}]")
    elif isinstance(data, str):
        yield where, data


def files_of(lang: str) -> list[Path]:
    return [*sorted((ROOT / "lessons" / "content").glob(f"*/{lang}.yaml")),
            ROOT / "ui" / "strings" / f"{lang}.yaml", ROOT / "puzzles" / "text" / f"{lang}.yaml"]


AVOID, ALLOWED = parse_glossary(GLOSSARY.read_text(encoding="utf-8"))


def offences(lang: str) -> list[str]:
    found = []
    for path in files_of(lang):
        rel = path.relative_to(ROOT).as_posix()
        allowed = [pattern(p, ignore_case=False) for l, f, p in ALLOWED if l == lang and f in ("*", rel)]
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for key, value in _strings(data):
            for allow in allowed:
                value = allow.sub(" ", value)
            for thing, phrase in AVOID.get(lang, []):
                for m in pattern(phrase).finditer(value):
                    found.append(f"{rel} [{key}]: {m.group(0)!r} ({thing}: avoid {phrase!r})")
    return found


def test_the_glossary_covers_every_language_and_the_required_terms():
    text = GLOSSARY.read_text(encoding="utf-8")
    for lang in LANGS:
        assert re.search(rf"^## {lang}\s*$", text, re.M), lang
        section = re.split(r"^## +", text, flags=re.M)
        body = next(s for s in section if s.startswith(lang + "\n"))
        things = " ".join(r[0] for r in _rows(body.partition("\n")[2])).lower()
        for needed in ("stock", "lead", "round", "hand", "end", "side", "block", "going out",
                       "penalty", "kozel loser", "pass", "draw", "tile", "double"):
            assert needed in things, (lang, needed)
    assert AVOID["pt"] and AVOID["es"] and ALLOWED


def test_the_matcher_uses_whole_words_digits_and_line_breaks():
    assert pattern("pot").search("the pot is empty")
    assert not pattern("pot").search("a potato, spotted")
    assert pattern("o #-#").search("joga o 4-6 na ponta")
    assert not pattern("o #-#").search("joga a 4-6")
    assert pattern("blocked game").search("after a blocked\n  game")
    assert not pattern("Capicú", ignore_case=False).search("el capicú")


@pytest.mark.parametrize("lang", LANGS)
def test_no_avoided_synonym_in_this_languages_texts(lang):
    found = offences(lang)
    assert not found, f"{len(found)} avoided term(s) in {lang}:\n" + "\n".join(found)
