"""One name for each thing: docs/glossary.md lists, per language, the words we do not use.

The glossary is parsed (its format is described at the top of docs/glossary.md) and every
string value of that language's lesson texts, UI strings and puzzle texts is searched for
an avoided phrase, case-insensitively. A phrase of plain words is matched by *word form*:
each word is reduced to its Snowball stem (``snowballstemmer``, the language's stemmer), so
"trekken" also finds "trekt", "fechou" also finds "fechar"/"fechado", "team" finds "teams".
A phrase in double quotes, or one holding a digit wildcard ``#`` or punctuation, is matched
exactly, as whole words. The glossary's "Allowed uses" table is the only way to permit an
avoided phrase, for one file or for every file of a language.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
import snowballstemmer
import yaml

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
LANGS = ("en", "nl", "pt", "es")
STEMMERS = {lang: snowballstemmer.stemmer(name) for lang, name in
            {"en": "english", "nl": "dutch", "pt": "portuguese", "es": "spanish"}.items()}
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


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


@functools.lru_cache(maxsize=None)
def stem(lang: str, word: str) -> str:
    return STEMMERS[lang].stemWord(word.lower())


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

    def finditer(self, text: str):
        words = list(WORD.finditer(text))
        n = len(self.stems)
        for i in range(len(words) - n + 1):
            if stem(self.lang, words[i].group(0)) != self.stems[0]:
                continue
            run = words[i:i + n]
            if any(text[a.end():b.start()].strip() for a, b in zip(run, run[1:])):
                continue
            if [stem(self.lang, m.group(0)) for m in run] == self.stems:
                yield _Match(text[run[0].start():run[-1].end()])


class _Match:
    def __init__(self, s: str):
        self._s = s

    def group(self, _i: int = 0) -> str:
        return self._s


def matcher(lang: str, phrase: str):
    """The exact pattern for a quoted or punctuated phrase, else a word-form matcher."""
    if is_exact(phrase):
        return pattern(phrase.strip('"'))
    return FormMatcher(lang, phrase)


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
MATCHERS = {lang: [(thing, phrase, matcher(lang, phrase)) for thing, phrase in pairs]
            for lang, pairs in AVOID.items()}


def offences(lang: str) -> list[str]:
    found = []
    for path in files_of(lang):
        rel = path.relative_to(ROOT).as_posix()
        allowed = [pattern(p, ignore_case=False) for l, f, p in ALLOWED if l == lang and f in ("*", rel)]
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for key, value in _strings(data):
            for allow in allowed:
                value = allow.sub(" ", value)
            for thing, phrase, match in MATCHERS.get(lang, []):
                for m in match.finditer(value):
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


@pytest.mark.parametrize("lang, phrase, text", [
    ("nl", "trekken", "wie de hoogste trekt"),
    ("nl", "trekken", "Hij trekt twee stenen"),
    ("nl", "getrokken", "Jij hebt de hoogste steen getrokken"),
    ("nl", "gekocht", "stenen die sindsdien gekocht zijn"),
    ("nl", "kopen", "hij koopt uit de pot"),
    ("nl", "team", "beide teams"),
    ("pt", "fechou", "A mão fechou com 3 e 5"),
    ("pt", "fechou", "o jogo está fechado"),
    ("pt", "fechamento", "No fechamento, a dupla ganha"),
    ("pt", "o lado", "Nesta mesa o lado de quem trancou ganha"),
    ("pt", "lado perdedor", "os lados perdedores"),
    ("pt", "rodada", "nas próximas rodadas"),
    ("pt", "bloqueado", "a mão foi bloqueada"),
    ("es", "ronda", "en las rondas siguientes"),
    ("es", "equipo", "los dos equipos"),
    ("en", "knock", "Luis knocked twice"),
    ("en", "buy", "she buys a tile"),
    ("en", "blocked game", "after a blocked\n  games"),
])
def test_the_form_matcher_finds_inflected_forms(lang, phrase, text):
    found = [m.group(0) for m in matcher(lang, phrase).finditer(text)]
    assert found, (lang, phrase, text)


@pytest.mark.parametrize("lang, phrase, text", [
    ("nl", "trekken", "een betrekking"),             # a whole word only
    ("pt", "o lado", "ao lado da mesa"),             # "ao" is not "o"
    ("pt", "o lado", "o jogo, lado a lado"),         # punctuation breaks the phrase
    ("pt", '"seu parceiro"', "sua parceira, Ana"),   # quoted: exact only
    ("es", '"tu compañero"', "tu compañera, Ana"),
    ("es", '"capicú"', "la capicúa"),
    ("en", "team", "steam"),
])
def test_the_form_matcher_keeps_to_whole_words_and_exact_quotes(lang, phrase, text):
    assert not list(matcher(lang, phrase).finditer(text)), (lang, phrase, text)


@pytest.mark.parametrize("lang, phrase, text", [
    ("pt", '"seu parceiro"', "Seu parceiro, Ana, passou"),
    ("es", '"tu compañero"', "Tu compañero, Ana"),
    ("pt", "o #-#", "joga o 4-6"),
])
def test_exact_phrases_still_match_as_written(lang, phrase, text):
    assert list(matcher(lang, phrase).finditer(text)), (lang, phrase, text)
