"""The proof's figures in a lesson's own words: the placeholders of a strategy lesson's text.

A text never writes a proved number by hand (it would drift from the proof): it names it,
and the loader fills it from the lesson's stored proof (docs/lessons.md, "Figures in texts"):

* ``{about}``: the claimed move's margin over the runner-up, in whole points ("16");
* ``{margin}``: that margin as measured, with its standard error when it was sampled
  ("16.5 ± 0.3"; "25.6" when every deal was solved), in the language's decimal sign;
* ``{deals}``: the deals the proof played out, a noun phrase from
  ``content/figures/<lang>.yaml`` ("all 204 deals", "10,000 random deals").

>>> from lessons.proof import MoveValues
>>> v = MoveValues(("1-1@L", "1-4@L"), (3.8, -12.7), (0.2, 0.2), (0.7, 0.3), (0.01, 0.01),
...                (((0.0, 0.0), (16.46, 0.34)), ((-16.46, 0.34), (0.0, 0.0))), 5000, False, 10**11, 1)
>>> fill("es", "unos {about} puntos más ({margin}, en {deals})", v, "1-1@L")
'unos 16 puntos más (16,5 ± 0,3, en 5000 repartos al azar)'
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from language.catalogs import read_yaml

from .proof import MoveValues

WORDS = Path(__file__).resolve().parent / "content" / "figures"
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
NAMES = ("about", "margin", "deals")
#: a sampled standard error is never printed as 0.0 (that would read as exact)
LEAST_ERROR = 0.1


@lru_cache(maxsize=8)
def _words(lang: str) -> Mapping[str, object]:
    return read_yaml(WORDS / f"{lang}.yaml")


def count(lang: str, n: int) -> str:
    """A whole number as the language writes every count (``language.whole``)."""
    from language import whole

    return whole(lang, n)


def placeholders(text: str) -> list[str]:
    return PLACEHOLDER.findall(text)


def words(lang: str, values: MoveValues, action: str) -> dict[str, str]:
    """What each placeholder says for ``action``'s proof, in ``lang``."""
    from language import number  # every measured figure of the app is printed one way

    runner = values.runner_up(action)
    gap = values.gap(action, runner)
    margin = number(lang, gap.mean)
    if not values.exact:
        margin += f" ± {number(lang, max(gap.stderr, LEAST_ERROR))}"
    template = _words(lang)["deals_exact" if values.exact else "deals_sampled"]
    return {"about": str(round(gap.mean)), "margin": margin,
            "deals": str(template).format(count=count(lang, values.consistent if values.exact else values.deals))}


def fill(lang: str, text: str, values: MoveValues | None, action: str | None) -> str:
    """``text`` with its placeholders filled (ValueError: an unknown one, or no proof to fill it from)."""
    names = placeholders(text)
    if not names:
        return text
    unknown = sorted(set(names) - set(NAMES))
    if unknown:
        raise ValueError(f"{lang}: unknown placeholder(s) {', '.join('{' + n + '}' for n in unknown)}")
    if values is None or action is None:
        raise ValueError(f"{lang}: {{{names[0]}}} needs the proof of one best_move claim in the steps")
    filled = words(lang, values, action)
    return PLACEHOLDER.sub(lambda m: filled[m.group(1)], text)


__all__ = ["NAMES", "count", "fill", "placeholders", "words"]
