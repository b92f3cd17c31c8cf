"""The four text files: the same keys, the same placeholders, every key the code uses."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import Rules
from puzzles import KINDS, LANGUAGES, PUZZLE_TYPES, puzzle_dict
from language import YOU_FORM, flat_keys, placeholders, seat_name, seat_names, side_name, word
from puzzles.explain import render, texts, used_keys

ENGINE_REASONS = ["round_over", "not_led", "already_led", "not_in_hand", "forced_lead", "no_fit", "wrong_end",
                  "must_play", "must_draw", "no_stock", "stock_empty"]


def test_every_language_has_the_same_keys_and_placeholders():
    english = flat_keys(texts("en"))
    for lang in LANGUAGES:
        other = flat_keys(texts(lang))
        assert set(other) == set(english), lang
        for key, value in english.items():
            if isinstance(value, str):
                assert placeholders(other[key]) == placeholders(value), (lang, key)
                assert other[key].strip(), (lang, key)
            else:
                assert len(other[key]) == len(value), (lang, key)


def test_languages_are_really_translated():
    english = flat_keys(texts("en"))
    for lang in ("nl", "pt", "es"):
        other = flat_keys(texts(lang))
        words = {k: v for k, v in english.items()
                 if isinstance(v, str) and len(re.sub(r"\{\w+\}|[^A-Za-z]", "", v)) > 8}  # sentences, not sums
        same = [k for k, v in words.items() if other[k] == v]
        assert not same, (lang, same)


def test_every_key_the_code_asks_for_exists(all_puzzles):
    needed = used_keys(all_puzzles)
    needed |= {f"question.{k}" for k in KINDS} | {f"types.{t}.title" for t in PUZZLE_TYPES}
    needed |= {f"types.{t}.summary" for t in PUZZLE_TYPES} | {"question.you_are"}
    needed |= {f"verdict.illegal.{code}" for code in ENGINE_REASONS}
    needed |= {f"verdict.{r}" for r in ("right", "wrong", "exact", "legal", "missed", "extra", "missed_extra",
                                         "not_best", "not_capicu", "worse_move", "bad_response")}
    needed |= {f"difficulty.{b}" for b in ("easy", "medium", "hard")} | {"daily.share", "daily.score", "daily.title"}
    for lang in LANGUAGES:
        keys = set(flat_keys(texts(lang)))
        assert needed <= keys, (lang, sorted(needed - keys))


def test_code_and_texts_name_the_same_explanation_keys():
    """Every explain.* key in the English file is written somewhere in puzzles/generators
    (a "you" form by its base key: puzzles.explain.render picks it)."""
    folder = Path(__file__).resolve().parents[2] / "puzzles" / "generators"
    source = "".join(p.read_text() for p in folder.glob("*.py"))
    for key in flat_keys(texts("en")):
        if key.startswith("explain."):
            assert f'"{key.removesuffix(YOU_FORM)}"' in source, key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_of_seats_and_sides(lang):
    partners = Rules.preset("laplaza_partners")
    names = [seat_name(lang, partners, s) for s in range(4)]
    assert names[1:] == ["Luis", "Ana", "Marco"] and names[0] not in names[1:]
    assert side_name(lang, partners, 1).startswith("Luis")
    three = Rules.preset("draw", 3)
    you = seat_name(lang, three, 0)
    assert [seat_name(lang, three, s)[-1] for s in range(1, 3)] == ["2", "3"]
    # seen from seat 2: that seat is you, the others keep their numbers round the table
    assert seat_names(lang, three, 2) == [seat_name(lang, three, 1).replace("2", "1"), seat_name(lang, three, 1), you]
    two = Rules.preset("laplaza_1v1")
    assert seat_names(lang, two, 1)[::-1] == seat_names(lang, two, 0) and seat_names(lang, two, 0)[0] == you
    # the board's labels are these very names (ui/labels.py asks puzzles.explain)
    from ui.i18n import translator
    from ui.labels import seat_labels

    for rules in (partners, three, two):
        for viewer in range(rules.num_players):
            assert seat_labels(translator(lang), rules, viewer) == seat_names(lang, rules, viewer)
    assert seat_names(lang, partners, 2)[2].startswith("Ana") and seat_names(lang, partners, 2)[2] != "Ana"


def test_rendering_words_every_param():
    partners = Rules.preset("laplaza_partners")
    text = render("es", "explain.points.diff_per_loser", {"diffs": [[20, 5], [17, 5]], "total": 27}, partners)
    assert text == "Puntos: la cuenta de cada perdedor menos la del ganador: (20 − 5) + (17 − 5) = 27."
    text = render("pt", "explain.reading.result", {"seat": 3, "numbers": [1, 4, 6]}, partners)
    assert text == "Então Marco está sem 1, 4 e 6."
    assert not re.search(r"[{}]", render("nl", "verdict.illegal.wrong_end", {"tile": "3-5", "end": "L"}, partners))


# ------------------------------------------------------------------ figures
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from language import DECIMALS, MINUS, number  # noqa: E402

DECIMAL_SIGN = {"en": ".", "nl": ",", "pt": ",", "es": ","}


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.floats(min_value=-500, max_value=500, allow_nan=False), st.sampled_from(LANGUAGES), st.booleans())
def test_a_figure_prints_one_way(value, lang, signed):
    """One precision, the language's decimal sign, the typographic minus, never a negative
    zero, and read back it is the figure rounded."""
    text = number(lang, value, signed)
    body = text.lstrip("+" + MINUS)
    whole, _, decimals = body.partition(DECIMAL_SIGN[lang])
    assert whole.isdigit() and len(decimals) == DECIMALS and decimals.isdigit(), text
    back = float(f"{whole}.{decimals}") * (-1 if text.startswith(MINUS) else 1)
    assert abs(back - value) <= 0.5 * 10 ** -DECIMALS + 1e-9
    zero = back == 0
    assert text.startswith(MINUS) == (value < 0 and not zero)
    assert text.startswith("+") == (signed and value > 0 and not zero)
    assert word(lang, "names.decimal_sign") == DECIMAL_SIGN[lang]


#: a decimal figure: digits, a decimal sign, digits (tiles are 3-4, odds 5/7)
FIGURE = re.compile(r"(?<![\d/])[+\u2212-]?\d+([.,])(\d+)(?![\d/])")


def test_every_figure_of_the_strategy_puzzles_prints_one_way(sweep):
    """Best-move verdicts and explanations, where-is-the-tile ratios: one decimal, the
    language's sign, no "-0.0"."""
    from puzzles import check

    for p in sweep["best_move"] + sweep["where_tile"]:
        wrong = next((m for m in p.question.params.get("values", {}) if m != p.answer[0]), None) \
            if p.ptype == "best_move" else None
        for lang in LANGUAGES:
            texts_shown = puzzle_dict(p, lang)["explanation"]
            if wrong is not None:
                texts_shown = [*texts_shown, *check(p, wrong, lang).lines[:1]]
            for text in texts_shown:
                for match in FIGURE.finditer(text):
                    sign, decimals = match.group(1), match.group(2)
                    if sign == word(lang, "names.thousands_sign") and len(decimals) == 3:
                        continue  # a thousands sign ("1,000", "20.000"), not a decimal
                    assert sign == DECIMAL_SIGN[lang] and len(decimals) == DECIMALS, (p.id, lang, text)
                assert not re.search(r"[\u2212-]0[.,]0(?!\d)", text), (p.id, lang, text)  # no negative zero
                assert not re.search(r"(?<!\d)-\d", text), (p.id, lang, text)  # a minus is U+2212, "-" joins tiles


#: the viewer's partner, Ana, in each language
YOUR_PARTNER = {"en": "your partner", "nl": "je partner", "pt": "parceira", "es": "tu compañera"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_partners_round_score_names_no_partner_of_yours_when_the_opponents_went_out(lang):
    """Texts review 2026-12-05, finding 4: "your partner's pips included" (nl "je partner meegerekend",
    pt "inclusive na da parceira", es "también en la de tu compañera") when Luis or Marco went out."""
    from puzzles.pipeline import generate
    opponents_out = 0
    for seed in range(1, 9):
        puzzle = generate("round_score", seed, game="laplaza_partners")
        lines = puzzle_dict(puzzle, lang)["explanation"]
        if re.match(r"Domino: (Luis|Marco) went out", puzzle_dict(puzzle, "en")["explanation"][0]):
            opponents_out += 1
            assert not any(YOUR_PARTNER[lang] in line.lower() for line in lines), (seed, lines)
    assert opponents_out >= 3


# ------------------------------------------------------------- puzzle review 2026-12-05, wordings
def _keys(puzzle) -> list[str]:
    return [key for key, _ in puzzle.explanation]


def test_all_fives_says_when_a_double_at_an_end_counts_once():
    """A plain table counts a double at an end once; where the other rule would change the
    answer, the explanation says which rule counts (fives:all_fives:2:432931427: 4 + 3 = 7,
    not 4 + 6 = 10). A best-play answer says the both-halves rule where it applies."""
    from puzzles.pipeline import generate
    assert "explain.fives.double_once" in _keys(generate("fives", 432931427, game="all_fives", players=2))
    pagat = [generate("fives", s, game="all_fives", players=2, overlays=["all_fives_pagat"]) for s in range(60)]
    best = [p for p in pagat if p.question.kind == "fives_best" and "double_end" in p.themes]
    assert best and all("explain.fives.double_end" in _keys(p) for p in best)


def test_where_tile_says_one_draw_once_with_every_number_it_shows():
    """where_tile:laplaza_1v1:2:801831774 said the same draw twice, "no 0" and "no 5"."""
    from puzzles.pipeline import generate
    puzzle = generate("where_tile", 801831774, game="laplaza_1v1")
    lines = puzzle_dict(puzzle, "en")["explanation"]
    draws = [l for l in lines if "had to draw with 0 and 5" in l]
    assert len(draws) == 1 and "no 0 or 5" in draws[0], lines


def test_a_match_puzzle_shows_where_the_rounds_points_come_from():
    """match:laplaza_partners:4:337603726 said only "This round: Luis and Marco +23."."""
    from puzzles.pipeline import generate
    lines = puzzle_dict(generate("match", 337603726, game="laplaza_partners"), "en")["explanation"]
    assert lines[0] == "This round: Luis and Marco +23." and any("0 + 9 + 14 = 23" in l for l in lines), lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_deal_is_not_said_in_the_plural(lang):
    text = render(lang, "explain.best.exact", {"deals": 1}, Rules.preset("draw", 2))
    assert not re.search(r"\b1 (deals|verdelingen|distribuições|repartos)\b", text), text
    assert "4,320" in render("en", "explain.best.exact", {"deals": 4320}, Rules.preset("draw", 2))


def test_a_line_about_numbers_seen_before_says_what_was_seen():
    """reading:laplaza_1v1:2:14 said "what earlier turns proved about 4 and 6" with nothing before it."""
    from puzzles.pipeline import generate
    lines = puzzle_dict(generate("reading", 14, game="laplaza_1v1"), "en")["explanation"]
    assert any(l.startswith("Earlier your opponent could not play on 4 or 6") for l in lines), lines
