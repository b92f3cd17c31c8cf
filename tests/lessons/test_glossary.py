"""One name for each thing: the glossary's avoided words are found in no text of any
language (the check itself is language.glossary), and its matcher finds inflected forms
but keeps to whole words and exact quotes."""

from __future__ import annotations

import re

import pytest

from language.glossary import GLOSSARY, matcher, offences, parse_glossary, pattern, rows

LANGS = ("en", "nl", "pt", "es")
AVOID, ALLOWED = parse_glossary(GLOSSARY.read_text(encoding="utf-8"))


def test_the_glossary_covers_every_language_and_the_required_terms():
    text = GLOSSARY.read_text(encoding="utf-8")
    for lang in LANGS:
        assert re.search(rf"^## {lang}\s*$", text, re.M), lang
        section = re.split(r"^## +", text, flags=re.M)
        body = next(s for s in section if s.startswith(lang + "\n"))
        things = " ".join(r[0] for r in rows(body.partition("\n")[2])).lower()
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
