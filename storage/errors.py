"""Errors of saved progress, with stable codes and plain English messages.

As in ``engine.errors``, every error carries a ``code`` and the ``params`` that fill
its message: the UI translates by code, ``str(error)`` is the English sentence.

>>> error = StoreUnavailable("corrupt", url="sqlite:///data/capicu.sqlite3")
>>> error.code
'corrupt'
>>> print(error)
sqlite:///data/capicu.sqlite3 is not a Capicú progress database, or it is damaged; it was left untouched
>>> ProfileError("name_too_long", limit=40).code
'name_too_long'
"""

from __future__ import annotations

from engine.errors import CodedError

ENGLISH = {
    # the database cannot be used: the app carries on without saving
    "bad_url": "'{url}' is not a database URL: {detail}",
    "driver_missing": "the database driver for {url} is not installed ({detail}); install it, or use SQLite",
    "unreachable": "cannot reach the database at {url}: {detail}",
    "unwritable": "cannot write the progress database {url}: {detail}",
    "corrupt": "{url} is not a Capicú progress database, or it is damaged; it was left untouched",
    "locked": "the progress database {url} is busy (another program holds a lock on it); try again in a moment",
    "too_new": (
        "the progress database {url} was written by a newer Capicú (schema {found}; this one reads up to {known})"
    ),
    "closed": "this progress store is closed",
    "file_lost": (
        "the progress database {url} changed under Capicú ({detail}): what was saved after that is not in it, "
        "and nothing more is saved until Capicú is started again"
    ),
    "failed": "the progress database {url} failed: {detail}",
    # profile names and ids (user input: the UI shows these next to the name field)
    "name_empty": "a profile name cannot be empty",
    "name_too_long": "a profile name can have at most {limit} characters",
    "name_control": "a profile name cannot contain control characters",
    "name_taken": "there is already a profile called '{name}'",
    "unknown_profile": "there is no profile with id {profile_id}",
    "pin_format": "a PIN is 4 to 8 digits",
    "wrong_pin": "that is not this profile's PIN",
    "pin_locked": "too many wrong PINs: try again in {wait}",
    "no_match": "no profile has that name and PIN",
    "name_invisible": "a profile name cannot contain invisible characters",
    "name_look_alike": "'{name}' looks the same as the profile name '{other}'",
    "name_look_alike_hidden": "'{name}' looks the same as a profile name already taken",
    "unknown_name": "there is no profile called '{name}'",
    "unknown_game": "this profile has no saved game with id {game_id}",
}


class ProgressError(CodedError):
    """Base of the errors of saved progress: a ``code``, its ``params``, an English message."""

    MESSAGES = ENGLISH


class StoreUnavailable(ProgressError):
    """The database cannot be opened, read or written; nothing was changed.

    Codes: ``bad_url``, ``driver_missing``, ``unreachable``, ``unwritable``, ``corrupt``,
    ``locked``, ``too_new``, ``closed``, ``file_lost``, ``failed``.
    """


class ProfileError(ProgressError, ValueError):
    """A profile name the rules reject, a name already taken, or an unknown profile id.

    Codes: ``name_empty``, ``name_too_long``, ``name_control``, ``name_taken``,
    ``unknown_profile``, ``unknown_game``, ``pin_format``, ``wrong_pin``, ``pin_locked``,
    ``unknown_name``, ``no_match``, ``name_invisible``, ``name_look_alike``,
    ``name_look_alike_hidden`` (a hidden profile's name: not quoted).
    """
