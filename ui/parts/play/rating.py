"""The play rating on the play page and My progress: the bots' ratings from their measured
strength (``strategy/strength.json``), a finished match as what the store rates
(``progress.play_rating``), and the line that says what it did to the player's rating.

A match counts once per deal (its game, player count, table rules and seed): reopening
it, a rerun or a second tab never rates it again, and neither does a replay of a deal
this profile has played before (like a puzzle's retry: its hands were seen).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from engine import PRESETS
from matches.game import Game
from progress.play_rating import BORROWED_SPREAD, MatchResult, Rung, deal_key, ladder, match_games
from progress.ratings import START, Rating
from strategy.strength import LADDER, below, measured

from ui.parts.rating_view import signed


def _rung(level: str, preset: str, players: int) -> Rung | None:
    """``level``'s duel against the level below it: in this game with this many players,
    else this game with the nearest count, else every other game's together; None when
    nobody measured it."""
    if below(level) is None:
        return None
    for count in sorted(range(2, 5), key=lambda c: (abs(c - players), c)):
        row = measured(level, preset, count)
        if row is not None:
            return Rung(int(row["win"]), int(row["tie"]), int(row["loss"]), 0.0 if count == players else BORROWED_SPREAD)
    rows = [row for other in PRESETS if other != preset if (row := measured(level, other)) is not None]
    if not rows:
        return None
    return Rung(sum(int(r["win"]) for r in rows), sum(int(r["tie"]) for r in rows),
                sum(int(r["loss"]) for r in rows), BORROWED_SPREAD)


@lru_cache(maxsize=64)
def bot_ratings(preset: str, players: int) -> dict[str, Rating]:
    """Every bot level's rating in ``preset`` with ``players`` players (docs/ratings.md).
    Read-only and the same for every session: cached per process."""
    return ladder(LADDER, {level: _rung(level, preset, players) for level in LADDER})


def match_result(game: Game) -> MatchResult:
    """A finished match as the store rates it: its deal and the games of its rating
    period (each round against each opposing side or seat)."""
    setup = game.setup
    rules = setup.rules()
    levels = bot_ratings(setup.preset, setup.players)
    seats: list[Rating | None] = [None] + [levels[level] for level in setup.seats[1:]]
    games = match_games(rules, game.match.results, seats)
    return MatchResult(deal_key(setup.preset, setup.players, setup.overlays, setup.seed), tuple(games))


def deal_of(record: Any) -> str | None:
    """The deal key of a saved match's record (None when it does not read)."""
    try:
        setup = record["setup"]
        return deal_key(str(setup["preset"]), int(setup["players"]), tuple(str(o) for o in setup["overlays"]),
                        str(setup["seed"]))
    except (KeyError, TypeError, ValueError):
        return None


def replayed(saved_games: Sequence[Any], game_id: int | None, item: str) -> bool:
    """Whether this profile kept another match of the same deal, started before this one
    (a replay: it has seen the hands of that deal)."""
    mine = next((g for g in saved_games if g.id == game_id), None)
    for other in saved_games:
        if other.id == game_id or other.kind != "match" or deal_of(other.record) != item:
            continue
        if mine is None or (other.started_at, other.id or 0) < (mine.started_at, mine.id or 0):
            return True
    return False


def rated_line(tr, history, item: str) -> str | None:
    """"Your play rating: 1532 ± 210 (+32)" for the match of deal ``item``, from the
    profile's play history; None when that deal was not rated."""
    rows = history.index[history["item"] == item]
    if not len(rows):
        return None
    at = rows[0]
    row = history.loc[at]
    change = row["rating"] - (history["rating"].iloc[at - 1] if at > 0 else START.value)
    return tr("ratings.play_yours", rating=Rating(row["rating"], row["deviation"]).shown, change=signed(change))
