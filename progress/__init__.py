"""Saved progress: profiles, attempts, lessons done and games against the bots, and the statistics drawn from them.

Pure Python (no Streamlit): ``store`` saves, ``stats`` computes with pandas, ``charts``
draws with Plotly. Import ``progress.stats`` and ``progress.charts`` where they are used;
this package only re-exports what saving needs. See docs/progress.md.
"""

from progress.records import ATTEMPT_COLUMNS, GAME_KINDS, GAME_STATUSES, Attempt, Profile, SavedGame, attempts_frame, clean_name, name_key
from progress.store import NullStore, ProgressStore, Store, database_url, open_store, open_store_or_null
from storage.errors import ProfileError, ProgressError, StoreUnavailable

__all__ = [
    "ATTEMPT_COLUMNS",
    "Attempt",
    "NullStore",
    "GAME_KINDS",
    "GAME_STATUSES",
    "Profile",
    "SavedGame",
    "ProfileError",
    "ProgressError",
    "ProgressStore",
    "Store",
    "StoreUnavailable",
    "attempts_frame",
    "clean_name",
    "database_url",
    "name_key",
    "open_store",
    "open_store_or_null",
]
