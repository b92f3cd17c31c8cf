"""What every page calls the seats and sides, seen from one seat: the one naming of the
product, and the choice of a sentence's "you" form when its subject is the viewer."""

from __future__ import annotations

import re
from typing import Any, Callable

from engine import Rules

from .words import word


def seat_names(lang: str, rules: Rules, viewer: int = 0) -> list[str]:
    """The seats' names as ``viewer`` reads them.

    The viewer is "you". At Partners the other seats are the seeds' Luis (on your right),
    Ana (opposite) and Marco (on your left); seen from another seat, that seat is "Ana
    (you)" and seat 0 is player 1. With two players the other is the opponent; with three
    or four, player 2 to 4 by seat, round the table from player 1.
    """
    n = rules.num_players
    you = word(lang, "names.you")
    if rules.partnerships == "opposite":
        names = list(word(lang, "names.partners_seats"))
        if viewer != 0:
            names[0] = word(lang, "names.player").format(number=1)
            names[viewer] = word(lang, "names.you_as").format(name=names[viewer])
        return names
    if n == 2:
        return [you if s == viewer else word(lang, "names.opponent") for s in range(n)]
    return [you if s == viewer else word(lang, "names.player").format(number=s + 1) for s in range(n)]


def seat_name(lang: str, rules: Rules, seat: int, viewer: int = 0) -> str:
    return seat_names(lang, rules, viewer)[seat]


def in_sentence(lang: str, name: str) -> str:
    """A seat's name as a sentence says it: the two-player label "Opponent" (a name on a
    button or a column) takes its article there, "your opponent passed" (nl "je
    tegenstander", pt "o adversário", es "tu rival"); a numbered player takes the article
    pt and es give it there ("o jogador 3 trancou", "el jugador 3 trancó"); every other name
    is itself.

    >>> in_sentence("es", "Jugador 3"), in_sentence("en", "Player 3"), in_sentence("pt", "Luis")
    ('el jugador 3', 'Player 3', 'Luis')
    """
    if name == word(lang, "names.opponent"):
        return word(lang, "names.opponent_subject")
    before, _, after = str(word(lang, "names.player")).partition("{number}")
    number = name[len(before):len(name) - len(after)] if name.startswith(before) and name.endswith(after) else ""
    if number.isdigit():
        return str(word(lang, "names.player_subject")).format(number=number)
    return name


#: a letter that begins a sentence: the text's first, or one after ". ", "! ", "? ", "¡", "¿"
_SENTENCE_START = re.compile(r"(^|[.!?]\s+|[¡¿])([^\W\d_])")


def capitalised(text: str) -> str:
    """Sentences that may begin with a name in lower case ("Domino! your opponent …"),
    each begun with a capital.

    >>> capitalised("¡dominó! tu rival se quedó sin fichas. tu rival sale.")
    '¡Dominó! Tu rival se quedó sin fichas. Tu rival sale.'
    """
    return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), text)


#: The suffix of a sentence's second form, for when its subject is the viewer: "{seat}
#: leads the next round." has the sibling ``…_you`` "You lead the next round." A name
#: cannot carry the verb's person (en "You lead", nl "Jij bent", es "Sales tú"), so
#: the sentence itself has two forms. A "you" form has its base form's placeholders,
#: except that it may word the subject itself instead of ``{seat}``.
YOU_FORM = "_you"


def subject_key(key: str, subject: Any, viewer: int, exists: Callable[[str], bool]) -> str:
    """The key of the sentence about ``subject`` as ``viewer`` reads it: ``key`` + :data:`YOU_FORM`
    when the subject is the viewer and that form ``exists``, else ``key``. The one choice
    of every seat sentence: puzzle texts (by their ``seat`` param) and the UI's events and
    round results alike.

    >>> exists = {"result.domino_you"}.__contains__
    >>> subject_key("result.domino", 0, 0, exists), subject_key("result.domino", 2, 0, exists)
    ('result.domino_you', 'result.domino')
    """
    if isinstance(subject, int) and not isinstance(subject, bool) and subject == viewer and exists(key + YOU_FORM):
        return key + YOU_FORM
    return key


def side_name(lang: str, rules: Rules, side: Any, viewer: int = 0) -> str:
    """A side (a seat where there are no partners), "a tie" or "nobody"."""
    if side == "tie":
        return word(lang, "names.tie")
    if side == "none":
        return word(lang, "names.nobody")
    if rules.partnerships == "opposite":
        if viewer == 0:
            return word(lang, "names.partners_sides")[side]
        names = seat_names(lang, rules, viewer)  # seen from another seat: "Player 1 and Ana (you)"
        return f"{names[side]} {word(lang, 'names.and')} {names[side + 2]}"
    return seat_name(lang, rules, side, viewer)


#: the words the engine's error params are written in (rules.md's own English)
_ENGINE_ENDS = {"left": "names.left", "right": "names.right"}


def engine_params(lang: str, params: dict[str, Any]) -> dict[str, Any]:
    """An engine error's params in ``lang``: the end it names ("left"), and the "or" of its
    choices ("2 or 4", "3-5 or 2-4"), as :func:`join` would word them."""
    out = {}
    for key, value in params.items():
        if isinstance(value, str) and value in _ENGINE_ENDS:
            value = word(lang, _ENGINE_ENDS[value])
        elif isinstance(value, str) and " or " in value:
            value = value.replace(" or ", f" {word(lang, 'names.or')} ")
        out[key] = value
    return out


def join(lang: str, items: list[str], conjunction: str = "names.and") -> str:
    """"a, b and c" in ``lang``; ``conjunction`` names the word before the last item
    (``names.numbers_lacked``: "no 3 or 4", es "ninguno de estos números: 3 y 4")."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word(lang, conjunction)} " + items[-1]
