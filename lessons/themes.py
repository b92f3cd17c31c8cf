"""The lesson that teaches each theme of ``strategy.themes``.

A theme tagged on a puzzle or a review card links to one strategy lesson (the ids of
``lessons/content/strategy-*``); a game with its own lesson on the theme gets that one
(1 v 1, All Fives, Goat). ``game`` is a preset name (``laplaza_1v1``) or a course id
(``1v1``); ``goat`` is Goat (Kozel).

>>> lesson_for("kill_double"), lesson_for("play_double", "laplaza_1v1"), lesson_for("other")
('strategy-kill-a-double', 'strategy-1v1-doubles', None)
"""

from __future__ import annotations

from strategy.themes import THEMES

#: theme -> its lesson in every game
LESSONS: dict[str, str] = {
    "go_out": "strategy-heavy-tiles",
    "block_count": "strategy-block",
    "kill_double": "strategy-kill-a-double",
    "score_fives": "strategy-allfives-counts",
    "goat_penalty": "strategy-kozel-shed",
    "play_double": "strategy-doubles",
    "block_void": "strategy-reading-passes",
    "partner_number": "strategy-play-to-partner",
    "keep_variety": "strategy-keep-variety",
    "control": "strategy-take-control",
    "shed_weight": "strategy-heavy-tiles",
}
#: (game, theme) -> the game's own lesson on it
GAME_LESSONS: dict[tuple[str, str], str] = {
    ("1v1", "play_double"): "strategy-1v1-doubles",
    ("1v1", "block_void"): "strategy-1v1-make-them-draw",
    ("kozel", "shed_weight"): "strategy-kozel-shed",
    ("kozel", "go_out"): "strategy-kozel-shed",
}
#: preset names and other spellings -> the course's game id
GAMES = {"laplaza_partners": "partners", "laplaza_1v1": "1v1", "goat": "kozel"}


def lesson_for(theme: str, game: str | None = None) -> str | None:
    """The id of the lesson that teaches ``theme`` (None for ``other`` or an unknown code)."""
    if theme not in THEMES:
        return None
    if game is not None:
        own = GAME_LESSONS.get((GAMES.get(game, game), theme))
        if own is not None:
            return own
    return LESSONS.get(theme)


__all__ = ["GAME_LESSONS", "LESSONS", "lesson_for"]
