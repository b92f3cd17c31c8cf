"""Texts of puzzles in four languages, read from ``puzzles/text/<lang>.yaml``.

Explanations are data: each line is a text key and params from the engine's trace.
Params are worded by their names: ``seat``/``*_seat`` become seat names, ``side`` a
side name, ``tiles``/``*_tiles`` a tile list, ``numbers`` a list of numbers, ``seats`` a
list of seat names, ``terms`` a sum (``3 + 4``), ``diffs`` differences
(``(9 − 4) + (7 − 4)``), ``action``/``actions`` moves, ``end`` the left or right end;
``value``/``*_value`` a signed measured figure and ``margin``/``error``/``ratio`` an
unsigned one (:func:`number`: one decimal, the language's decimal sign); anything else is
printed as it is. The ``seat`` param is a sentence's subject: when it is the viewer, the
sentence's "you" form (its key + ``_you``) is used: "you lead the next round", never "You leads"
(:func:`subject_key`).

>>> from engine import Rules
>>> partners = Rules.preset("laplaza_partners")
>>> render("en", "explain.hand", {"seat": 2, "tiles": ["3-4", "0-6"], "pips": 13}, partners)
'Ana: 3-4, 0-6 (pip count 13).'
>>> render("nl", "explain.block.side_total", {"side": 0, "terms": [13, 9], "pips": 22}, partners)
'Jij en Ana: 13 + 9 = 22.'
>>> label("es", "next_leader", "lot", Rules.preset("draw", 3))
'Un nuevo sorteo'
"""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from engine import Rules
from language import LANGUAGES as SHIPPED
from language import (
    LanguageError, TextError, action_label, capitalised, in_sentence, join, number, seat_name, side_name, subject_key, whole,
    word,
)
from language import check_lang as language_of
from language.catalogs import lookup as lookup_in
from language.catalogs import read_yaml

from . import questions
from .model import Puzzle, PuzzleError

TEXT_DIR = Path(__file__).resolve().parent / "text"
#: the languages of the puzzle texts: every language the product ships
LANGUAGES = tuple(SHIPPED)


def check_lang(lang: str) -> str:
    """``lang`` when the puzzles have texts in it, else :class:`PuzzleError` (the puzzles'
    CLI and generators report their errors as PuzzleErrors)."""
    try:
        return language_of(lang)
    except LanguageError as err:
        raise PuzzleError(str(err)) from None


@lru_cache(maxsize=None)
def texts(lang: str) -> Mapping[str, Any]:
    """The whole puzzle text file of ``lang`` (read once per process)."""
    return read_yaml(TEXT_DIR / f"{check_lang(lang)}.yaml")


def lookup(lang: str, key: str) -> Any:
    return lookup_in(texts(lang), lang, key)


def has_text(lang: str, key: str) -> bool:
    """Whether ``lang`` has a text for ``key`` (a "you" form is optional)."""
    try:
        lookup(lang, key)
    except TextError:
        return False
    return True


#: Params that are signed figures (points for your side minus the other side's) ...
SIGNED_FIGURES = ("value",)
#: ... and unsigned ones.
FIGURES = ("margin", "error", "ratio")


def _word(lang: str, name: str, value: Any, rules: Rules, viewer: int = 0) -> str:
    if name == "seat" or name.endswith("_seat"):
        return in_sentence(lang, seat_name(lang, rules, value, viewer))
    if name == "side" or name.endswith("_side"):
        return side_name(lang, rules, value, viewer)
    if name == "tiles" or name.endswith("_tiles"):
        return ", ".join(str(t) for t in value) if value else word(lang, "names.no_tiles")
    if value is not None and (name in SIGNED_FIGURES or name.endswith("_value")):
        return number(lang, value, signed=True)
    if value is not None and name in FIGURES:
        return number(lang, value)
    if name == "numbers":  # the numbers a seat lacks, or whose tiles are all seen: "no 3 or 4"
        return join(lang, [str(n) for n in value], "names.numbers_lacked")
    if name in ("deals", "count") and isinstance(value, int):
        return whole(lang, value)
    if name == "seats":
        return join(lang, [in_sentence(lang, seat_name(lang, rules, s, viewer)) for s in value])
    if name == "terms":
        return " + ".join(str(t) for t in value)
    if name == "diffs":
        return " + ".join(f"({a} − {b})" for a, b in value)
    if name == "action" or name.endswith("_action"):
        return action_label(lang, value)
    if name == "actions":
        return join(lang, [action_label(lang, a) for a in value])
    if name == "end":
        return word(lang, "names.left" if value == "L" else "names.right")
    if isinstance(value, bool):
        return word(lang, "names.yes" if value else "names.no")
    return str(value)


def render(lang: str, key: str, params: Mapping[str, Any], rules: Rules, viewer: int = 0) -> str:
    """One sentence: the template of ``key`` in ``lang`` filled with worded params, seats
    named as ``viewer`` sees them; the ``seat`` param is the sentence's subject, so its
    "you" form is taken when that seat is the viewer (:func:`subject_key`).

    >>> kozel = Rules.preset("kozel", 3)
    >>> render("es", "explain.kozel.domino", {"seat": 0, "tile": "3-4"}, kozel)
    'Dominaste con la 3-4.'
    >>> render("es", "explain.kozel.domino", {"seat": 1, "tile": "3-4"}, kozel)
    'El jugador 2 dominó con la 3-4.'
    """
    key = subject_key(key, params.get("seat"), viewer, lambda k: has_text(lang, k))
    template = lookup(lang, key)
    if not isinstance(template, str):
        raise TextError(f"{lang}: {key!r} is not a sentence")
    words = {name: _word(lang, name, value, rules, viewer) for name, value in params.items()}
    try:
        text = template.format(**words)
    except (KeyError, IndexError) as exc:
        raise TextError(f"{lang}: {key!r} needs {exc}") from None
    terms, total = params.get("terms"), params.get("total")
    if terms is not None and len(terms) == 1 and terms[0] == total:
        text = text.replace(f"{total} = {total}", str(total))  # a sum of one number is that number
    return capitalised(text)  # every sentence of it begins with a capital ("your opponent" in one too)


# ------------------------------------------------------------------ labels
#: kinds whose answers are actions, labelled as players say them
ACTION_KINDS = ("legal_moves", "fives_best", "capicu_play", "play_legal", "best_move", "touch_move")


def label(lang: str, kind: str, value: Any, rules: Rules, viewer: int = 0) -> str:
    """How a choice (or an answer) reads in ``lang``."""
    if isinstance(value, list) and kind in ACTION_KINDS:
        return join(lang, [action_label(lang, a) for a in value])
    if kind in ACTION_KINDS:
        return action_label(lang, value)
    if kind == "where_tile":
        if value in ("stock", "sleeping"):
            return render(lang, f"options.{value}", {}, rules, viewer)
        if isinstance(value, list):
            return join(lang, [label(lang, kind, v, rules, viewer) for v in value])
        return seat_name(lang, rules, value, viewer)
    if kind == "must_do":
        return lookup(lang, f"options.must_{value}")
    if kind == "draw_outcome":
        if value["first"] == "draw":
            key = "options.draw_then_pass" if value["plays"] is None else "options.draw_then_play"
        else:
            key = f"options.{value['first']}_now"
        return render(lang, key, {"tile": value["plays"]} if value["plays"] else {}, rules, viewer)
    if kind in ("next_leader", "kozel_goat"):
        if value == "lot":
            return render(lang, "options.lot", {}, rules, viewer)
        if value == "priority":
            return render(lang, "options.priority", {}, rules, viewer)
        if value == "none":
            return render(lang, "options.nobody_yet", {}, rules, viewer)
        if isinstance(value, list):
            return join(lang, [seat_name(lang, rules, s, viewer) for s in value])
        return seat_name(lang, rules, value, viewer)
    if kind == "block_winner":
        return render(lang, "options.tie", {}, rules, viewer) if value == "tie" else side_name(lang, rules, value, viewer)
    if kind == "block_score":
        if value["winner"] == "tie":
            return render(lang, "options.tie", {}, rules, viewer)
        return render(lang, "options.side_points", {"side": value["winner"], "points": value["points"]}, rules, viewer)
    if kind == "match_winner":
        if value["winner"] == "none":
            return render(lang, "options.match_goes_on", {}, rules, viewer)
        if value["winner"] == "tie":
            return render(lang, "options.tie", {}, rules, viewer)
        key = "options.match_won_shutout" if value["shutout"] else "options.match_won"
        return render(lang, key, {"side": value["winner"]}, rules, viewer)
    if kind == "shutout":
        return word(lang, "names.yes" if value else "names.no")
    if kind == "cannot_hold" and isinstance(value, list):
        return join(lang, [str(n) for n in value]) if value else word(lang, "names.nothing")
    return str(value)


# ------------------------------------------------------------------ puzzles
def _question_params(puzzle: Puzzle) -> dict[str, Any]:
    params = dict(puzzle.question.params)
    params["viewer_seat"] = puzzle.viewer
    return params


def question_text(puzzle: Puzzle, lang: str) -> str:
    """The question; a seat's view at a table of three or four first says which player
    you are (the others are numbered round the table)."""
    params = _question_params(puzzle)
    text = render(lang, puzzle.question.text_key, params, puzzle.rules, puzzle.viewer)
    if puzzle.ptype in ("reading", "where_tile") and puzzle.rules.partnerships != "opposite" \
            and puzzle.rules.num_players > 2:
        text = render(lang, "question.you_are", {"number": puzzle.viewer + 1}, puzzle.rules) + " " + text
    return text


def explanation(puzzle: Puzzle, lang: str) -> list[str]:
    return [render(lang, key, params, puzzle.rules, puzzle.viewer) for key, params in puzzle.explanation]


def _view(puzzle: Puzzle) -> dict[str, Any]:
    view = puzzle.round().view(puzzle.viewer).to_dict()
    view.pop("cannot_hold", None)  # those are the answers
    view.pop("unseen", None)
    return view


def puzzle_dict(puzzle: Puzzle, lang: str = "en") -> dict[str, Any]:
    """The puzzle as JSON-able data, its texts in ``lang`` (see docs/puzzles.md)."""
    check_lang(lang)
    kind = questions.KINDS[puzzle.question.kind]
    rules = puzzle.rules
    data: dict[str, Any] = {
        "id": puzzle.id,
        "type": puzzle.ptype,
        "title": lookup(lang, f"types.{puzzle.ptype}.title"),
        "lang": lang,
        "rules": rules.to_dict(),
        "position": copy.deepcopy(dict(puzzle.position)),
        "viewer": puzzle.viewer,
        "question": {**puzzle.question.to_dict(), "mode": kind.mode, "multi": kind.multi,
                     "text": question_text(puzzle, lang)},
        "options": [{"value": o, "label": label(lang, kind.name, o, rules)} for o in puzzle.options]
        if kind.mode == questions.CHOICE else [],
        "targets": list(puzzle.options) if kind.mode == questions.BOARD else [],
        "answer": puzzle.answer,
        "answer_label": label(lang, kind.name, puzzle.answer, rules),
        "explanation": explanation(puzzle, lang),
        "difficulty": {**puzzle.difficulty.to_dict(), "label": lookup(lang, f"difficulty.{puzzle.difficulty.band}")},
        "themes": [{"id": t, "label": lookup(lang, f"themes.{t}")} for t in puzzle.themes],
    }
    if puzzle.ptype in ("reading", "where_tile", "best_move"):
        data["view"] = _view(puzzle)
    if kind.name == "draw_outcome":
        # the board shows the stock face up in this order (the question says so): top tile first
        data["stock_order"] = list(puzzle.position["stock"])
    return data


def verdict_sentence(lang: str, kind: str, verdict: questions.Verdict, rules: Rules) -> str:
    """The verdict in one sentence of ``lang`` ("Right.", "Not quite. The answer: …", the
    engine's reason for an illegal move); lesson tasks show it before their own text.

    >>> from engine import Round
    >>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 1-2 0-0 0-1 0-2 0-3 0-4",
    ...     "5-6 1-1 1-3 1-4 1-5 0-5 2-2", "4-6 2-3 2-4 2-5 0-6 1-6 3-3", "3-6 2-6 3-4 3-5 4-4 4-5 5-5"])
    >>> verdict_sentence("es", "play_legal", questions.check("play_legal", r, {}, "lead 0-0"), r.rules)
    'En esta mano hay que salir con la 6-6.'
    """
    check_lang(lang)
    params = dict(verdict.params)
    if verdict.reason == "wrong":
        params = {"answer": label(lang, kind, verdict.expected, rules)}
    elif verdict.reason in ("missed", "extra", "missed_extra"):
        params = {"missed": join(lang, [action_label(lang, a) for a in params["missed"]]),
                  "extra": join(lang, [action_label(lang, a) for a in params["extra"]])}
    elif verdict.reason == "illegal.must_play":
        params["tiles"] = params.pop("fit_tiles")
    elif verdict.reason == "bad_response":
        params = {}
    elif verdict.reason == "worse_move":  # the averages are figures: worded by number()
        params = {"action": params["action"], "value": params["points"], "best_action": params["best_action"],
                  "best_value": params["best"]}
    reason = verdict.reason
    if reason == "illegal.no_fit" and params.get("left") == params.get("right"):
        reason = "illegal.no_fit_same"  # "fits neither end (6 and 6)" reads as two numbers
        params = {"tile": params["tile"], "left": params["left"]}
    return render(lang, f"verdict.{reason}", params, rules)


def verdict_lines(puzzle: Puzzle, verdict: questions.Verdict, lang: str) -> list[str]:
    """The verdict's sentence, then the puzzle's explanation, in ``lang``."""
    return [verdict_sentence(lang, puzzle.question.kind, verdict, puzzle.rules)] + explanation(puzzle, lang)


def used_keys(puzzles: Iterable[Puzzle]) -> set[str]:
    """Every text key some puzzles need (for the tests)."""
    keys: set[str] = set()
    for p in puzzles:
        keys.add(p.question.text_key)
        keys.update(k for k, _ in p.explanation)
        keys.update(f"themes.{t}" for t in p.themes)
        keys.add(f"types.{p.ptype}.title")
    return keys


__all__ = [
    "DECIMALS", "LANGUAGES", "TextError", "action_label", "check_lang", "explanation", "flat_keys", "join", "label",
    "has_text", "lookup", "number", "placeholders", "puzzle_dict", "question_text", "render", "seat_name",
    "seat_names", "side_name", "subject_key", "texts", "used_keys", "verdict_lines", "verdict_sentence", "YOU_FORM",
]
