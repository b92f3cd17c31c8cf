"""Figures as every page prints them: one precision, the language's decimal sign."""

from __future__ import annotations

from .words import word

#: Decimals of every measured figure (averages, margins, ratios): one precision
#: everywhere, so "10.2" never stands beside "-14.77".
DECIMALS = 1
#: The minus sign of printed figures (the typographic one the sums already use).
MINUS = "\u2212"


def number(lang: str, value: float, signed: bool = False) -> str:
    """A measured figure: :data:`DECIMALS` decimals, the language's decimal sign
    (``names.decimal_sign``), never a negative zero; ``signed`` puts a + before a
    positive figure.

    >>> number("en", -14.77), number("nl", 10.2, signed=True), number("es", -0.04, signed=True)
    ('\u221214.8', '+10,2', '0,0')
    """
    digits = f"{abs(value):.{DECIMALS}f}"
    zero = float(digits) == 0
    sign = "" if zero else MINUS if value < 0 else "+" if signed else ""
    return sign + digits.replace(".", word(lang, "names.decimal_sign"))


def whole(lang: str, n: int) -> str:
    """A count (deals, tiles) as the language writes it: its thousands sign
    (``names.thousands_sign``) from ``names.group_from`` on, so one language writes every
    count one way.

    >>> whole("en", 4320), whole("nl", 4320), whole("nl", 20000), whole("pt", 1000), whole("es", 20000)
    ('4,320', '4320', '20.000', '1.000', '20.000')
    """
    n = int(n)
    if abs(n) < int(word(lang, "names.group_from")):
        return str(n)
    return f"{n:,}".replace(",", str(word(lang, "names.thousands_sign")))


def counted(lang: str, n: int, noun: str) -> str:
    """A whole count with its noun in the right number ("1 point", "2 points", nl "1 punt"):
    ``counts.<noun>.one`` for exactly one, ``counts.<noun>.other`` for any other count, the
    count written by :func:`whole`. In all four languages only one takes the singular
    (pt-BR and es write "0 pontos", "0 puntos").

    >>> counted("en", 1, "point"), counted("nl", 2, "point"), counted("es", 1, "deal"), counted("pt", 2646, "deal")
    ('1 point', '2 punten', '1 reparto', '2.646 distribuições')
    """
    form = "one" if int(n) == 1 else "other"
    return str(word(lang, f"counts.{noun}.{form}")).format(n=whole(lang, n))


def percent(share: float) -> str:
    """A share as a whole percentage ("52%"): no decimals, so no decimal sign to choose."""
    return f"{round(share * 100):d}%"
