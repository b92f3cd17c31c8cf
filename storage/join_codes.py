"""Join codes: the short codes a phone types to find a class quiz or a table.

The quiz (``classroom.quiz``) and the tables (``matches.table_store``) draw theirs from one
alphabet without look-alike characters (no I, L, O, 0 or 1), and read a typed code the same way.
"""

from __future__ import annotations

import re
from typing import Any

#: Join codes: no 0/O, 1/I/L, so a code read off a projector is typed right.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def normalize_code(code: Any) -> str:
    """A typed join code as stored: capitals, no spaces or dashes.

    >>> normalize_code(" ab-c 2x9 ")
    'ABC2X9'
    """
    return re.sub(r"[\s-]+", "", str(code or "")).upper()[:12]


__all__ = ["CODE_ALPHABET", "normalize_code"]
