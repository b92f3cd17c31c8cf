"""The one language layer: every word Capicú shows of the game, in en, nl, pt and es.

It stands just above ``engine/`` and below everything that shows words (``puzzles/``,
``lessons/``, ``strategy/`` for its CLI, ``ui/``): the language list and how text files
are read (:mod:`language.catalogs`), the seats and sides as each reader names them, with
the viewer as "you" (:mod:`language.names`), moves and tiles as players say them
(:mod:`language.moves`, :mod:`language.tiles`), figures in each language's notation
(:mod:`language.numbers`) and the glossary's word-form check (:mod:`language.glossary`).
The words themselves are in ``language/words/<lang>.yaml``.

>>> from engine import Rules
>>> seat_names("es", Rules.preset("laplaza_partners"))
['Tú', 'Luis', 'Ana', 'Marco']
>>> number("nl", -2.25, signed=True), action_label("pt", "3-5@L")
('−2,2', '3-5 na ponta da esquerda')
"""

from .catalogs import FALLBACK, LANGUAGES, LanguageError, TextError, check_lang, flat_keys, placeholders
from .moves import action_label
from .names import YOU_FORM, capitalised, engine_params, in_sentence, join, seat_name, seat_names, side_name, subject_key
from .numbers import DECIMALS, MINUS, counted, number, percent, whole
from .tiles import number_word, spoken, tile_list, tile_name, tile_words
from .words import has_word, word

__all__ = [
    "DECIMALS", "FALLBACK", "LANGUAGES", "LanguageError", "MINUS", "TextError", "YOU_FORM", "action_label",
    "capitalised", "check_lang", "counted", "engine_params", "flat_keys", "has_word", "in_sentence", "join", "number", "number_word", "percent", "placeholders",
    "seat_name", "seat_names", "side_name", "spoken", "subject_key", "tile_list", "tile_name", "tile_words",
    "whole", "word",
]
