"""Profile PINs: checked for form, stored only as a salted scrypt hash.

A PIN keeps classmates out of each other's profile on a shared server; it is not a bank
password, so the rules are simple (4 to 8 ASCII digits) and the hash is slow enough
(scrypt, n = 2**14) that a stolen database does not give PINs away for free. After
``MAX_FAILURES`` wrong tries a profile waits ``LOCK_SECONDS`` before the next one.

>>> stored = hash_pin("2468")
>>> stored.startswith("scrypt$16384$8$1$"), verify_pin("2468", stored), verify_pin("1357", stored)
(True, True, False)
>>> hash_pin("2468") == stored      # a new salt each time
False
>>> clean_pin(" 0042 ")
'0042'
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re

from progress.errors import ProfileError

PIN = re.compile(r"[0-9]{4,8}", re.ASCII)
MAX_FAILURES = 5
LOCK_SECONDS = 60
_N, _R, _P = 2 ** 14, 8, 1


def clean_pin(text: object) -> str:
    """The PIN as typed, without outer spaces, or ``ProfileError("pin_format")``."""
    pin = text.strip() if isinstance(text, str) else ""
    if not PIN.fullmatch(pin):
        raise ProfileError("pin_format")
    return pin


def _derive(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(pin.encode("ascii"), salt=salt, n=n, r=r, p=p, dklen=32)


def hash_pin(pin: str) -> str:
    salt = os.urandom(16)
    digest = _derive(clean_pin(pin), salt, _N, _R, _P)
    return "$".join(["scrypt", str(_N), str(_R), str(_P), base64.b64encode(salt).decode(),
                     base64.b64encode(digest).decode()])


def verify_pin(pin: object, stored: str) -> bool:
    """Whether ``pin`` is the one ``stored`` was made from (in constant time)."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        expected = base64.b64decode(digest, validate=True)
        candidate = _derive(clean_pin(pin), base64.b64decode(salt, validate=True), int(n), int(r), int(p))
    except (ValueError, ProfileError, MemoryError):  # binascii.Error is a ValueError
        return False
    return hmac.compare_digest(candidate, expected)
