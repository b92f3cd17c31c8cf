"""Profile PINs: checked for form, stored only as a salted scrypt hash.

A PIN keeps classmates out of each other's profile on a shared server; it is not a bank
password, so the rules are simple (4 to 8 ASCII digits) and the hash is slow enough
(scrypt, n = 2**14) that a stolen database does not give PINs away for free. After
``MAX_FAILURES`` tries without the right PIN a profile is locked: a minute the first
time, twice as long each time after, up to ``LOCK_CAP_SECONDS`` (six hours), until the
right PIN opens it (:func:`take_try`, :func:`lock_seconds`). A 4-digit PIN then takes
more than a year to find by trying (:func:`seconds_to_try`), and a stranger who types
wrong PINs on purpose locks the owner out for six hours at most at a time.

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
import math
import os
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache

from storage.errors import ProfileError

PIN = re.compile(r"[0-9]{4,8}", re.ASCII)
MAX_FAILURES = 5
LOCK_SECONDS = 60  # the first lock
LOCK_CAP_SECONDS = 6 * 3600  # the longest: a stranger cannot lock an owner out for good
_N, _R, _P = 2 ** 14, 8, 1


def clean_pin(text: object) -> str:
    """The PIN as typed, without outer spaces, or ``ProfileError("pin_format")``."""
    pin = text.strip() if isinstance(text, str) else ""
    if not PIN.fullmatch(pin):
        raise ProfileError("pin_format")
    return pin


def _derive(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    # a PIN is ASCII digits, so UTF-8 gives the same bytes as before passphrases existed
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=32)


def hash_pin(pin: str) -> str:
    return hash_secret(clean_pin(pin))


def hash_secret(text: str) -> str:
    """A salted scrypt hash of any checked secret (a PIN, a class's teacher passphrase)."""
    salt = os.urandom(16)
    digest = _derive(text, salt, _N, _R, _P)
    return "$".join(["scrypt", str(_N), str(_R), str(_P), base64.b64encode(salt).decode(),
                     base64.b64encode(digest).decode()])


def verify_pin(pin: object, stored: str) -> bool:
    """Whether ``pin`` is the one ``stored`` was made from (in constant time)."""
    try:
        return verify_secret(clean_pin(pin), stored)
    except ProfileError:
        return False


def verify_secret(text: object, stored: str) -> bool:
    """Whether ``text`` (already checked for form) is what ``stored`` was made from."""
    if not isinstance(text, str):
        return False
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        expected = base64.b64decode(digest, validate=True)
        candidate = _derive(text, base64.b64decode(salt, validate=True), int(n), int(r), int(p))
    except (ValueError, MemoryError):  # binascii.Error is a ValueError
        return False
    return hmac.compare_digest(candidate, expected)


def waste_pin_check(pin: object) -> None:
    """Take as long as checking a real PIN, so that a name without a profile answers as
    slowly as a wrong PIN (signing in by name must not tell whether the name exists)."""
    verify_pin(pin if isinstance(pin, str) and PIN.fullmatch(pin.strip()) else "0000", _dummy_hash())


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    return hash_pin("0000")


# --- the count of tries ----------------------------------------------------------------


@dataclass(frozen=True)
class Tries:
    """A profile's guard: tries since the last right PIN, locks since then, and until when
    the current lock lasts."""

    failures: int = 0
    lockouts: int = 0
    locked_until: datetime | None = None


def lock_seconds(lockouts: int) -> int:
    """How long the ``lockouts``-th lock in a row lasts: 1 minute, 2, 4 … up to 6 hours."""
    doublings = min(max(lockouts, 1) - 1, 32)
    return min(LOCK_SECONDS * 2 ** doublings, LOCK_CAP_SECONDS)


def take_try(tries: Tries, now: datetime) -> tuple[Tries, int | None]:
    """Count one try *before* its PIN is checked: the new state, and None (go on and check
    it) or the seconds still to wait (refused, nothing counted).

    Counting first, in the same locked write as the check of the lock, is what keeps
    parallel tries from all reading the same count: the try that makes the
    ``MAX_FAILURES``-th starts the lock, and every try after it waits. A right PIN then
    undoes the count (:data:`Tries` ``()``).
    """
    if tries.locked_until is not None and tries.locked_until > now:
        return tries, max(1, math.ceil((tries.locked_until - now).total_seconds()))
    failures = tries.failures + 1
    if failures < MAX_FAILURES:
        return Tries(failures, tries.lockouts, None), None
    lockouts = tries.lockouts + 1
    return Tries(0, lockouts, now + timedelta(seconds=lock_seconds(lockouts))), None


def seconds_to_try(count: int) -> int:
    """The shortest time in which ``count`` PINs can be tried on one profile (no right one)."""
    locks = (count - 1) // MAX_FAILURES  # the tries after the last lock need no wait
    return sum(lock_seconds(n) for n in range(1, locks + 1))


def wait_text(seconds: int) -> str:
    """A wait as people read it, the same in every language: "45 s", "12 min", "3 h 20 min".

    >>> wait_text(45), wait_text(60), wait_text(61), wait_text(12000)
    ('45 s', '1 min', '2 min', '3 h 20 min')
    """
    if seconds < 60:
        return f"{seconds} s"
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest} min" if rest else f"{hours} h"
