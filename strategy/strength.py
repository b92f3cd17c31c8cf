"""Each bot level's measured strength, as ``bench/strength.py`` last wrote it
(``strategy/strength.json``, beside ``docs/strength.md``): for a level, its duplicate duel
against the level just below it on the ladder.

>>> below("casual"), below("beginner"), below("random")
('beginner', 'random', None)
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

STRENGTH_FILE = Path(__file__).resolve().parent / "strength.json"
#: Weakest first: each level is measured against the one before it.
LADDER = ("random", "beginner", "casual", "strong", "expert")


def below(level: str) -> str | None:
    index = LADDER.index(level) if level in LADDER else 0
    return LADDER[index - 1] if index > 0 else None


@lru_cache(maxsize=1)
def _rows() -> tuple[dict[str, Any], ...]:
    if not STRENGTH_FILE.exists():
        return ()
    return tuple(json.loads(STRENGTH_FILE.read_text(encoding="utf-8")).get("duels", ()))


def players_of(row: dict[str, Any]) -> int:
    """A row's player count (rows of two-count-free games name none: the game's own)."""
    if "players" in row:
        return int(row["players"])
    from engine import Rules

    return Rules.preset(row["game"]).num_players


def measured(level: str, game: str, players: int | None = None) -> dict[str, Any] | None:
    """The duel of ``level`` against the level below it in ``game`` with ``players``
    players (by default the game's own count; the row with the most deals), or None when
    none was measured: ``{"a", "b", "game", "players", "deals", "points_per_deal", "ci95",
    "win", "tie", "loss"}``."""
    return duel_row(level, below(level), game, players)


def duel_row(a: str, b: str | None, game: str, players: int | None = None) -> dict[str, Any] | None:
    """The measured duel of ``a`` against ``b`` in ``game`` with ``players`` players (any
    count when None; the row with the most deals), or None when none was measured."""
    rows = [r for r in _rows() if r["a"] == a and r["b"] == b and r["game"] == game
            and (players is None or players_of(r) == players)]
    return max(rows, key=lambda r: r["deals"]) if rows else None


#: The outside yardstick: the `dominoes` package's probabilistic alpha-beta searching from
#: the first free move (bench/duel_pieces.py, docs/strength.md); Partners only.
OUTSIDE_PLAYER = "dominoes-pab-full"


#: A level changed since its duel against the outside player, and the bot that played it
#: (strategy.bots.BASELINES): the expert read the others' choices by a hand-set model then.
PLAYED_OUTSIDE_AS = {"expert": "expert-pips"}


def against_outside(level: str, game: str, players: int | None = None) -> dict[str, Any] | None:
    """The duel of ``level`` against :data:`OUTSIDE_PLAYER` in ``game`` (the row with the
    most deals), or None when none was measured."""
    return duel_row(level, OUTSIDE_PLAYER, game, players)


def against_outside_before(level: str, game: str, players: int | None = None
                           ) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """For a level measured against :data:`OUTSIDE_PLAYER` only as it was before
    (:data:`PLAYED_OUTSIDE_AS`): that duel, and the level's duel against what it was; None
    when either was not measured. The two figures stand side by side, never added: they
    were played on different deals against different players."""
    before = PLAYED_OUTSIDE_AS.get(level)
    if before is None:
        return None
    outside, step = duel_row(before, OUTSIDE_PLAYER, game, players), duel_row(level, before, game, players)
    return (outside, step) if outside is not None and step is not None else None


def write(duels: list[dict[str, Any]]) -> None:
    """Keep the rows of ``duels`` (one dict each, with ``game``), replacing those of the
    same pairing and game."""
    kept = [r for r in _rows() if not any((r["a"], r["b"], r["game"], players_of(r)) ==
                                          (d["a"], d["b"], d["game"], players_of(d)) for d in duels)]
    rows = sorted(kept + list(duels), key=lambda r: (r["game"], LADDER.index(r["a"]) if r["a"] in LADDER else 9,
                                                      r["b"]))
    STRENGTH_FILE.write_text(json.dumps({"duels": rows}, indent=1) + "\n", encoding="utf-8")
    _rows.cache_clear()
