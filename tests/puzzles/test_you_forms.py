"""Sentences about a seat read right when that seat is the viewer ("you"), in all four languages.

A seat's name cannot carry the verb's person: "{seat} leads the next round." with the viewer
gives "You leads" (en), and "Tú sale" (es). So every sentence whose subject is a seat has a
"you" form, the sibling key ending in ``_you`` that puzzles.explain.subject_key picks. These
tests render every such sentence of the puzzle texts and the UI strings (found in the YAML
files, not listed here) with the viewer as the subject, and with another seat, and read them
for the mistakes a teacher would mark.
"""

from __future__ import annotations

import re

import pytest

from engine import Rules, RoundResult
from language import YOU_FORM, flat_keys, in_sentence, placeholders, seat_names
from puzzles.explain import LANGUAGES, render, texts
from ui.i18n import catalog, translator
from ui.labels import event_text, result_summary, seat_sentence, side_label

#: Sentences whose seat is never the viewer, by how they are made: reading the table, where
#: a tile is and the best move reason about the *other* hands (the viewer's own is in
#: view); a hint's facts are about the others too; "is thinking" is a bot's turn and
#: "(your partner)" names the partner; the Analyse page asks for and reads the moves of the
#: other seats. test_about_others_is_never_the_viewer checks the puzzle ones against every
#: generated puzzle. A theme's "why" names the seat that lacks a number or the partner whose
#: number it is (strategy.themes.theme_facts: never the seat to move).
ABOUT_OTHERS = ("explain.reading.", "explain.where.", "explain.best.", "question.cannot_hold",
                "play.fact.", "play.waiting", "play.partner", "analyse.", "themes.why.")

#: Where the viewer is the subject, these are wrong: a third-person (or, for pt, first- or
#: second-person) verb after the "you" word, or after the name "Ana (you)" of the viewer seen
#: from another seat, and the label form that hid it ("Sale: Tú.").
YOU = {"en": r"(\bYou|\(you\))", "nl": r"(\b[Jj]ij|\(jij\))", "pt": r"(\b[Vv]ocê|\(você\))",
       "es": r"(\b[Tt]ú|\(tú\))"}
WRONG_WITH_YOU = {
    "en": [YOU["en"] + r" (leads|has|is|passes|draws|plays|goes|wins|takes|scores|holds|was|lays|acts|makes|"
           r"does|reaches|comes)\b", r"\bYour's\b"],
    "nl": [YOU["nl"] + r" (heeft|is|kan|wil|zal)\b", r"\b(komt|gaat|legt|pakt|past|speelt|hebt|bent|wint|zet) jij\b"],
    "pt": [YOU["pt"] + r" (sou|tenho|estou|saio|passo|compro|jogo|ganho|bato|fui|tranquei|joguei|ganhei|bati|"
           r"comprei|passei|és|tens|sais|passas|jogas|ganhas|bateste)\b", r"\btu\b"],
    "es": [YOU["es"] + r" (sale|tiene|pasa|roba|juega|gana|es|está|dominó|trancó|puso|hizo|jugó|robó|pasó|llegó|"
           r"fue|queda|quedó)\b", r"\b(sale|tiene|pasa|roba|juega|gana|es|vuelve a salir) tú\b",
           r"(Sale|fichas|juego|próxima|trancó|mano): Tú\.", r"\(Tú\)",
           r"\bTú, que (robó|pasó|salió|trancó)\b"],
}
#: In every language, the "you" word capitalised in the middle of a sentence ("led by You"):
#: a name that only fits where a name or a label fits.
YOU_MID_SENTENCE = r"[a-zà-ÿ,;] (You|Jij|Você|Tú)\b"

#: Where another seat is the subject, these are wrong: the verb in the person of "you".
WRONG_WITH_OTHER = {
    "en": r"\b{name} (lead|have|are|pass|draw|play|go|win|take|score|hold|were|lay|make)\b",
    "nl": r"\b{name} (hebt|bent|kunt|wilt|zult)\b",
    "pt": r"\b{name} (sou|tenho|saio|passo|compro|jogo|ganho|bato|fui|tranquei|bati)\b",
    "es": r"\b{name} (sales|tienes|pasas|robas|juegas|ganas|eres|dominaste|trancaste|pusiste|jugaste)\b",
}

#: A sample value for every kind of param a template names (see puzzles.explain._word).
SAMPLE = {"tile": "3-4", "tiles": ["3-4", "0-6"], "numbers": [1, 4], "seats": [1, 3], "terms": [9, 4],
          "diffs": [[9, 4]], "action": "3-4@L", "runner_action": "0-6@R", "best_action": "0-6@R",
          "actions": ["3-4@L"], "end": "L", "value": 4.2, "best_value": 1.5, "margin": 2.7, "error": 0.4,
          "ratio": 1.8, "left": 3, "right": 5, "number": 6, "other": 2}

#: Tables to read the sentences at, each with a viewer: partners from your own seat and
#: from Ana's (named "Ana (you)"), 1 v 1 from the second seat, three players from the third.
TABLES = [(Rules.preset("laplaza_partners"), 0), (Rules.preset("laplaza_partners"), 2),
          (Rules.preset("laplaza_1v1"), 1), (Rules.preset("draw", 3), 2)]


def _params(names: set[str], subject: int, rules: Rules) -> dict:
    """Every placeholder filled; ``seat`` (the subject) is ``subject`` and ``side`` its side,
    any other seat the next one."""
    other = (subject + 1) % rules.num_players
    values = {**SAMPLE, "seat": subject, "side": rules.side_of(subject)}
    return {n: other if n.endswith("_seat") else values.get(n, 7) for n in names}


def _subject_templates(keys: dict[str, object]) -> list[str]:
    """The base keys whose sentence names a seat (a ``{seat}``) or has a "you" form, bar ABOUT_OTHERS."""
    return sorted(k for k, v in keys.items() if isinstance(v, str) and not k.endswith(YOU_FORM)
                  and ("seat" in placeholders(v) or k + YOU_FORM in keys) and not k.startswith(ABOUT_OTHERS))


PUZZLE_KEYS = _subject_templates(flat_keys(texts("en")))
UI_KEYS = _subject_templates(catalog("en"))
ABOUT_OTHERS_PUZZLE_KEYS = sorted(k for k, v in flat_keys(texts("en")).items()
                                  if isinstance(v, str) and "seat" in placeholders(v) and k.startswith(ABOUT_OTHERS))


def _puzzle_sentence(lang: str, key: str, subject: int, rules: Rules, viewer: int) -> str:
    params = _params(placeholders(flat_keys(texts(lang))[key]), subject, rules)
    return render(lang, key, params, rules, viewer)


def _ui_sentence(lang: str, key: str, subject: int, rules: Rules, viewer: int) -> str:
    tr = translator(lang)
    params = _params(placeholders(catalog(lang)[key]), subject, rules)
    params.pop("seat", None)
    if "side" in params:  # the UI names a side as the page does
        params["side"] = side_label(tr, rules, params["side"], viewer)
    return seat_sentence(tr, key, subject, seat_names(lang, rules, viewer), viewer, **params)


def _mistakes_with_you(lang: str, text: str) -> list[str]:
    return [p for p in [*WRONG_WITH_YOU[lang], YOU_MID_SENTENCE] if re.search(p, text)]


def test_the_sentences_are_found():
    """The YAML files really hold the sentences these tests read (a guard on the enumeration)."""
    assert {"explain.leader.domino", "explain.leader.rule_player_out", "explain.kozel.fish"} <= set(PUZZLE_KEYS)
    assert {"result.domino", "result.block", "result.next_leader", "play.log_pass", "play.log_lead"} <= set(UI_KEYS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_seat_sentence_reads_right_with_you_as_its_subject(lang):
    wrong = []
    for rules, viewer in TABLES:
        for key in PUZZLE_KEYS:
            text = _puzzle_sentence(lang, key, viewer, rules, viewer)
            wrong += [(key, text, p) for p in _mistakes_with_you(lang, text)]
        for key in UI_KEYS:
            text = _ui_sentence(lang, key, viewer, rules, viewer)
            wrong += [(key, text, p) for p in _mistakes_with_you(lang, text)]
    assert not wrong, "\n".join(f"{k}: {t!r} ({p})" for k, t, p in wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_seat_sentence_still_reads_in_the_third_person_for_another_seat(lang):
    """Another seat as the subject keeps the base form, in the third person; a side named
    in it (the subject's) stands where a name fits, also when it is the viewer's side."""
    wrong = []
    for rules, viewer in TABLES:
        # in a sentence the two-player "Opponent" takes its article: "your opponent passed"
        labels = seat_names(lang, rules, viewer)
        names = [in_sentence(lang, name) for name in labels]
        for subject in (s for s in range(rules.num_players) if s != viewer):
            name = re.escape(names[subject])
            pattern = "(?i)" + WRONG_WITH_OTHER[lang].format(name=name)
            for key in PUZZLE_KEYS + ABOUT_OTHERS_PUZZLE_KEYS:
                text = _puzzle_sentence(lang, key, subject, rules, viewer)
                if names[subject].lower() not in text.lower() or re.search(pattern, text) \
                        or re.search(YOU_MID_SENTENCE, text):
                    wrong.append((key, text))
            for key in UI_KEYS:
                text = _ui_sentence(lang, key, subject, rules, viewer)
                # a side is a label ("Jugador 1 y Ana (tú): meta alcanzada"), a seat in a sentence has its article
                named = names[subject].lower() in text.lower() or labels[subject].lower() in text.lower()
                if not named or re.search(pattern, text) or re.search(YOU_MID_SENTENCE, text):
                    wrong.append((key, text))
    assert not wrong, "\n".join(f"{k}: {t!r}" for k, t in wrong)



def _you_forms() -> list[tuple[str, str, str, str]]:
    """(source, lang, you key, its base key) of every "you" form in both kinds of file."""
    out = []
    for lang in LANGUAGES:
        for source, keys in (("puzzles", flat_keys(texts(lang))), ("ui", catalog(lang))):
            out += [(source, lang, k, k.removesuffix(YOU_FORM)) for k in keys if k.endswith(YOU_FORM)]
    return out


def test_every_you_form_has_its_base_forms_placeholders():
    """The same placeholders as the base form, except the subject's name (``{seat}``, or
    ``{side}`` where a side of one seat is the subject), which the "you" form words itself
    ("You lead…", "Sales tú…"): nothing the base says is lost, nothing is added."""
    forms = _you_forms()
    assert len(forms) >= 4 * 20
    wrong = []
    for source, lang, key, base in forms:
        keys = flat_keys(texts(lang)) if source == "puzzles" else catalog(lang)
        if base not in keys:
            wrong.append((lang, key, "no base form"))
            continue
        you, base_names = placeholders(str(keys[key])), placeholders(str(keys[base]))
        if not base_names - {"seat", "side"} <= you <= base_names - {"seat"}:
            wrong.append((lang, key, sorted(placeholders(str(keys[key]))), sorted(placeholders(str(keys[base])))))
        if not {"seat", "side"} & base_names:
            wrong.append((lang, key, "the base form names no seat"))
    assert not wrong, wrong


def test_about_others_is_never_the_viewer(all_puzzles):
    """The sentences left without a "you" form never have the viewer as their seat."""
    wrong = []
    for p in all_puzzles:
        lines = [*p.explanation, (p.question.text_key, p.question.params)]
        wrong += [(p.id, key) for key, params in lines
                  if key.startswith(ABOUT_OTHERS) and params.get("seat") == p.viewer]
    assert not wrong, wrong[:10]


# ------------------------------------------------------------------ the UI's own builders
PARTNERS = Rules.preset("laplaza_partners")
YOU_WENT_OUT = RoundResult("domino", 0, (40, 0), (0, 0), (0, 12, 0, 28), (0, 40), out_seat=0, next_leader=0)
LUIS_WENT_OUT = YOU_WENT_OUT._replace(winner=1, points=(0, 40), out_seat=1, next_leader=1)


@pytest.mark.parametrize("lang, domino, next_leader", [
    ("en", "You went out: domino!", "You lead the next round."),
    ("nl", "Jij gaat uit: domino!", "Jij komt de volgende ronde uit."),
    ("pt", "Você bateu: dominó!", "Você sai na próxima mão."),
    ("es", "¡Dominó! Te quedaste sin fichas.", "Sales tú en la próxima mano."),
])
def test_a_round_you_won_is_told_to_you(lang, domino, next_leader):
    lines = result_summary(translator(lang), PARTNERS, YOU_WENT_OUT)
    assert lines[0] == domino and lines[-1] == next_leader
    others = result_summary(translator(lang), PARTNERS, LUIS_WENT_OUT)
    assert "Luis" in others[0] and "Luis" in others[-1]


def test_the_round_result_follows_the_viewer():
    """Seen from Ana's seat, seat 0 is player 1 and the round Ana won is told to her."""
    tr = translator("en")
    ana = YOU_WENT_OUT._replace(out_seat=2, next_leader=2)
    assert result_summary(tr, PARTNERS, ana, viewer=2)[-1] == "You lead the next round."
    assert result_summary(tr, PARTNERS, YOU_WENT_OUT, viewer=2)[-1] == "Player 1 leads the next round."


def test_events_are_told_to_the_viewer():
    tr = translator("es")
    names = seat_names("es", PARTNERS, 0)
    assert event_text(tr, 0, "pass", names) == "Pasas"
    assert event_text(tr, 1, "lead 6-6", names) == "Luis sale con la 6-6"
