"""The words files (language/words/<lang>.yaml): every language has every word, with the
same placeholders, and the language package refuses a language it does not ship."""

from __future__ import annotations

import pytest

from engine import Rules
from language import LANGUAGES, LanguageError, check_lang, flat_keys, placeholders, seat_names, word
from language.tiles import KEYS, tile_name, tile_words
from language.words import words

OTHERS = sorted(set(LANGUAGES) - {"en"})


@pytest.mark.smoke
@pytest.mark.parametrize("lang", OTHERS)
def test_every_language_has_every_word_with_its_placeholders(lang):
    english, other = flat_keys(words("en")), flat_keys(words(lang))
    assert set(other) == set(english)
    for key, text in english.items():
        if isinstance(text, str):
            assert placeholders(other[key]) == placeholders(text), (lang, key)
        else:  # a list of names: as many in every language
            assert len(other[key]) == len(text), (lang, key)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_words_every_page_needs_are_there(lang):
    assert len(seat_names(lang, Rules.preset("laplaza_partners"))) == 4
    assert set(tile_words(lang)) == set(KEYS)
    assert len({tile_name(f"{a}-{b}", tile_words(lang)) for a in range(7) for b in range(a, 7)}) == 28
    assert word(lang, "names.decimal_sign") in {".", ","}


@pytest.mark.parametrize("bad", ["xx", "", "EN", "en-US", None, 3])
def test_an_unknown_language_is_refused_plainly(bad):
    with pytest.raises(LanguageError) as err:
        check_lang(bad)
    assert err.value.code == "unknown_language" and "choose one of en, nl, pt, es" in str(err.value)


@pytest.mark.parametrize("lang, said", [("en", "Your opponent"), ("nl", "Je tegenstander"), ("pt", "O adversário"),
                                        ("es", "Tu rival")])
def test_the_opponent_takes_an_article_in_a_sentence_but_not_on_a_label(lang, said):
    from puzzles.explain import label, render
    from ui.i18n import translator
    from ui.labels import seat_labels, seat_sentence

    rules = Rules.preset("laplaza_1v1")
    bare = seat_names(lang, rules)[1]
    assert bare == word(lang, "names.opponent") and not bare.islower()
    tr = translator(lang)
    ui = seat_sentence(tr, "result.next_leader", 1, seat_labels(tr, rules), 0)
    puzzle = render(lang, "explain.block.blocker", {"seat": 1, "tile": "3-4"}, rules)
    for sentence in (ui, puzzle):
        assert sentence.startswith(said) or said.lower() in sentence, sentence
    assert label(lang, "next_leader", 1, rules) == bare  # an answer button keeps the name


@pytest.mark.smoke
@pytest.mark.parametrize("lang, fit, end", [("pt", "2 ou 4", "esquerda"), ("es", "2 o 4", "izquierda"),
                                            ("nl", "2 of 4", "linker"), ("en", "2 or 4", "left")])
def test_an_engine_error_reads_in_the_readers_language(lang, fit, end):
    from engine import IllegalActionError
    from ui.i18n import translator

    tr = translator(lang)
    assert fit in tr.error(IllegalActionError("no_fit", tile="3-5", ends="2 or 4"))
    worded = tr.error(IllegalActionError("wrong_end", tile="3-5", value=2, end="left"))
    assert end in worded and (lang == "en" or " left " not in worded)


def test_a_percentage_is_written_one_way_in_every_text():
    """Texts review 2026-12-05, finding 29: "95%" in a hint beside "64 %" in a puzzle. Every
    text writes a percentage as ``language.percent`` prints it, with no space before the sign."""
    import re
    from pathlib import Path

    from language import percent

    root = Path(__file__).resolve().parents[2]
    files = [*root.glob("ui/strings/*.yaml"), *root.glob("puzzles/text/*.yaml"), *root.glob("lessons/content/*/*.yaml")]
    spaced = [(f.relative_to(root).as_posix(), m.group(0)) for f in files
              for m in re.finditer(r"(?:\d|\})\s%", f.read_text(encoding="utf-8"))]
    assert percent(0.95) == "95%" and not spaced, spaced
