"""The UI catalogs: every language has exactly English's keys and placeholders, and falls back well."""

from __future__ import annotations

import doctest
import string

import pytest
import yaml

from engine.errors import ENGLISH as ENGINE_ENGLISH, IllegalActionError
from ui import i18n
from ui.i18n import FALLBACK, LANGUAGES, STRINGS, Translator, catalog, translator

OTHERS = [lang for lang in LANGUAGES if lang != FALLBACK]

#: Texts that may stay exactly as in English, in every language: the brand, the seat names,
#: and the game name All Fives keeps. Texts without a letter (numbers, "{n}/{total}") may too.
SAME_EVERYWHERE = {"Capicú", "All Fives (Muggins)", "{why}", "{side}: {points}."}
#: Texts that happen to be the same word in one language.
SAME_IN = {"es": {"No", "Normal", "PIN"}, "pt": {"Normal", "PIN"},
           "nl": {"Beginner", "Expert", "Blunder"}}

def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def english() -> dict[str, str]:
    return catalog(FALLBACK)


def test_module_doctests():
    assert doctest.testmod(i18n).failed == 0


def test_english_catalog_is_there():
    assert len(english()) > 100


@pytest.mark.parametrize("lang", OTHERS)
def test_same_keys_as_english(lang):
    strings = catalog(lang)
    missing = sorted(english().keys() - strings.keys())
    extra = sorted(strings.keys() - english().keys())
    assert not missing, f"{lang}.yaml lacks {missing}"
    assert not extra, f"{lang}.yaml has keys English lacks: {extra}"


@pytest.mark.parametrize("lang", OTHERS)
def test_same_placeholders_as_english(lang):
    strings = catalog(lang)
    wrong = {
        key: (sorted(placeholders(text)), sorted(placeholders(strings[key])))
        for key, text in english().items()
        if key in strings and placeholders(text) != placeholders(strings[key])
    }
    assert not wrong, f"{lang}: (English, {lang}) placeholders differ: {wrong}"


@pytest.mark.parametrize("lang", [FALLBACK, *OTHERS])
def test_every_string_formats(lang):
    for key, text in catalog(lang).items():
        params = {name: "X" for name in placeholders(text)}
        assert text.format(**params), key


@pytest.mark.parametrize("lang", OTHERS)
def test_nothing_empty(lang):
    empty = sorted(key for key, text in catalog(lang).items() if not text.strip())
    assert not empty, f"{lang}: empty strings {empty}"


@pytest.mark.parametrize("lang", OTHERS)
def test_translated_not_left_in_english(lang):
    allowed = SAME_EVERYWHERE | SAME_IN.get(lang, set())
    strings = catalog(lang)
    same = sorted(key for key, text in english().items()
                  if strings.get(key) == text and text not in allowed and any(c.isalpha() for c in text))
    assert not same, f"{lang}: still the English text: {same}"


def test_allow_list_is_not_stale():
    for text in SAME_EVERYWHERE | set().union(*SAME_IN.values()):
        assert text in english().values(), f"allow-listed text {text!r} is not in en.yaml"


@pytest.mark.parametrize("lang", [FALLBACK, *OTHERS])
def test_keys_are_words_not_yaml_booleans(lang):
    raw = yaml.safe_load((STRINGS / f"{lang}.yaml").read_text(encoding="utf-8"))

    def bad(node, path=""):
        for key, value in node.items():
            if isinstance(key, bool) or (not isinstance(key, (str, int))):
                yield f"{path}{key!r}"
            if isinstance(value, dict):
                yield from bad(value, f"{path}{key}.")

    assert not list(bad(raw))


@pytest.mark.parametrize("lang", [FALLBACK, *OTHERS])
def test_weekday_keys_are_numbers(lang):
    raw = yaml.safe_load((STRINGS / f"{lang}.yaml").read_text(encoding="utf-8"))
    assert sorted(raw["weekday"]) == list(range(7))


def test_unknown_language_falls_back_to_english():
    tr = translator("xx")
    assert isinstance(tr, Translator)
    assert tr.lang == FALLBACK
    assert tr("nav.course") == english()["nav.course"]
    assert tr("lesson.step", n=2, total=5) == "Step 2 of 5"
    assert tr("no.such.key") == "no.such.key"


@pytest.mark.parametrize("lang", OTHERS)
def test_languages_are_their_own(lang):
    tr = translator(lang)
    assert tr.lang == lang
    assert tr("nav.course") == catalog(lang)["nav.course"] != tr.english("nav.course")


@pytest.mark.parametrize("lang", [FALLBACK, *OTHERS])
def test_engine_errors_are_translated_by_code(lang):
    tr = translator(lang)
    exc = IllegalActionError("no_fit", tile="3-5", ends="2")
    expected = catalog(lang)["error.no_fit"].format(tile="3-5", ends="2")
    assert tr.error(exc) == expected
    assert "3-5" in expected
    if lang != FALLBACK:
        assert tr.error(exc) != translator(FALLBACK).error(exc)


@pytest.mark.parametrize("lang", [FALLBACK, *OTHERS])
def test_every_catalogued_engine_code_translates(lang):
    tr = translator(lang)
    codes = [key.removeprefix("error.") for key in english() if key.startswith("error.")]
    for code in codes:
        if code not in ENGINE_ENGLISH:
            continue  # a store or profile error, not the engine's
        params = {name: f"<{name}>" for name in placeholders(ENGINE_ENGLISH[code])}
        exc = IllegalActionError(code, **params)
        text = tr.error(exc)
        assert text == catalog(lang)[f"error.{code}"].format(**exc.params), code
        assert "{" not in text, code


def test_unknown_code_keeps_the_engine_message():
    exc = IllegalActionError("no_such_code", tile="3-5")
    assert "error.no_such_code" not in english()
    assert translator("nl").error(exc) == str(exc) == "no_such_code"
    assert translator("es").error(ValueError("plain")) == "plain"


@pytest.mark.parametrize("lang", [FALLBACK, *OTHERS])
def test_every_class_quiz_error_translates(lang):
    # a refused join (a full class, too many from one connection, a removed phone) reads in
    # the student's language, with the store's placeholders
    from classroom.quiz import ENGLISH as QUIZ_ENGLISH

    strings = catalog(lang)
    for code, message in QUIZ_ENGLISH.items():
        key = f"class.error.{code}"
        assert key in strings, key
        assert placeholders(strings[key]) <= placeholders(message), key
