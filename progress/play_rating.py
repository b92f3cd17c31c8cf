"""The play rating: what a finished match against the bots says about the player.

**The bots' ratings.** ``bench/strength.py`` measures each bot level against the level just
below it, in duplicate deals (``strategy/strength.json``): wins, ties and losses of deals.
A deal's score ``s`` (wins plus half the ties, over the deals, with half a deal added to
each side so that 100 wins of 100 is not infinite) is the chance the Elo/Glicko curve
gives for a gap of ``400 · log10(s / (1 − s))`` points (:func:`edge`). Chained from the
**club player at 1500** (where a new profile starts: :data:`ANCHOR`) up and down the
ladder, the gaps give every level a rating in each game (:func:`ladder`); its deviation is
the standard error of the gaps on the way from the club player (at least
:data:`BOT_MIN_DEVIATION`), plus :data:`BORROWED_SPREAD` for a gap taken from other games
because this game (or player count) was not measured, and :data:`UNMEASURED` where no
game measured it.

**A match.** One rating period per match, as a game against each opposing unit (a side in
Partners, a seat otherwise) in every round: won when the player's unit gained more that
round (points in a race, fewer penalty points in Kozel), tied when as much (0.5), lost
otherwise (:func:`match_games`). The scale is the ladder's, a deal. In Partners the
opponents are the other side's two bots at their mean rating, moved by how much weaker the
player's partner is: ``2 · mean(opponents) − partner`` (the same bots everywhere: the
opponents' rating). Pure: no database, no Streamlit; the levels come from the caller.

>>> tiers = ladder(("random", "beginner", "casual", "strong"), {"beginner": Rung(55, 0, 45),
...                "casual": Rung(58, 0, 42), "strong": Rung(60, 0, 40)})
>>> [round(tiers[level].value) for level in ("random", "beginner", "casual", "strong")]
[1410, 1444, 1500, 1570]
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from progress.ratings import HIGHEST, LOWEST, MAX_DEVIATION, START_VALUE, START_VOLATILITY, Rating

#: The level rated 1500, where a new profile starts: a club player.
ANCHOR = "casual"
#: A bot's rating is never taken as surer than this.
BOT_MIN_DEVIATION = 30.0
#: Extra uncertainty of a gap measured in another game (the gap between the same two
#: levels differs from game to game by about this much: docs/ratings.md).
BORROWED_SPREAD = 60.0
#: A gap no game measured: none, ± this.
UNMEASURED = 150.0
#: The most a Partners partner's weakness moves the opponents' rating.
PARTNER_CAP = 400.0


def edge(win: int, tie: int, loss: int) -> tuple[float, float]:
    """The rating gap that a duel's deals show (A over B), and its standard error.

    >>> [round(x) for x in edge(103, 4, 43)]      # expert over strong in Partners
    [146, 31]
    >>> edge(0, 10, 0)[0]
    0.0
    """
    counts = (win, tie, loss)
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts):
        raise ValueError(f"wins, ties and losses are counts, not {counts!r}")
    n = win + tie + loss
    s = (win + tie / 2 + 0.5) / (n + 1)
    gap = 400 * math.log10(s / (1 - s))
    error = 400 / math.log(10) / math.sqrt(max(n, 1) * s * (1 - s))
    return gap, error


@dataclass(frozen=True)
class Rung:
    """A level's duel against the level below it: deals won, tied and lost, and the extra
    uncertainty of taking it from elsewhere (``spread``: 0 when measured in this very game)."""

    win: int
    tie: int
    loss: int
    spread: float = 0.0


def ladder(levels: Sequence[str], rungs: Mapping[str, Rung | None], anchor: str = ANCHOR) -> dict[str, Rating]:
    """Every level's rating, ``levels`` weakest first, ``rungs[level]`` its duel against the
    level before it (missing or None: unmeasured). ``anchor`` is rated 1500."""
    if anchor not in levels:
        raise ValueError(f"the anchor {anchor!r} is not one of the levels {list(levels)}")

    def gap(level: str) -> tuple[float, float]:
        rung = rungs.get(level)
        if rung is None:
            return 0.0, UNMEASURED
        value, error = edge(rung.win, rung.tie, rung.loss)
        return value, math.hypot(error, rung.spread)

    at = levels.index(anchor)
    values, variances = {anchor: START_VALUE}, {anchor: 0.0}
    for i in range(at + 1, len(levels)):  # up: each level over the one below
        value, error = gap(levels[i])
        values[levels[i]] = values[levels[i - 1]] + value
        variances[levels[i]] = variances[levels[i - 1]] + error ** 2
    for i in range(at - 1, -1, -1):  # down: the level above over this one
        value, error = gap(levels[i + 1])
        values[levels[i]] = values[levels[i + 1]] - value
        variances[levels[i]] = variances[levels[i + 1]] + error ** 2
    return {level: Rating(min(max(values[level], LOWEST), HIGHEST),
                          min(max(math.sqrt(variances[level]), BOT_MIN_DEVIATION), MAX_DEVIATION), START_VOLATILITY)
            for level in levels}


def unit_gains(rules: Any, result: Any) -> tuple[float, ...]:
    """What each unit gained in a finished round: its points in a race, minus its penalty
    points in Kozel (as ``strategy.solver.unit_utilities``)."""
    if rules.match_mode == "race":
        return tuple(float(x) for x in result.total)
    return tuple(-float(x) for x in result.points)


def opponents(rules: Any, seats: Sequence[Rating | None]) -> dict[int, Rating]:
    """The rating the player (seat 0) meets in each opposing unit, from the bots' ratings
    of ``seats`` (``seats[0]``, the player's, is not read)."""
    race = rules.match_mode == "race"
    mine = _mine(rules)
    partners = [seats[s] for s in rules.seats_of(mine) if s != 0] if race else []
    found: dict[int, Rating] = {}
    for unit in _units(rules):
        if unit == mine:
            continue
        bots = [seats[s] for s in rules.seats_of(unit)] if race else [seats[unit]]
        value = sum(b.value for b in bots) / len(bots)
        deviation = max(b.deviation for b in bots)
        if partners:  # a weaker partner makes the same opponents harder for the player
            partner = sum(p.value for p in partners) / len(partners)
            value += min(max(value - partner, -PARTNER_CAP), PARTNER_CAP)
            deviation = max([deviation] + [p.deviation for p in partners])
        found[unit] = Rating(min(max(value, LOWEST), HIGHEST), deviation, START_VOLATILITY)
    return found


def _units(rules: Any) -> range:
    """The scoring units: sides in a race, seats in Kozel (``engine`` flags' ``units``)."""
    return range(rules.sides if rules.match_mode == "race" else rules.num_players)


def _mine(rules: Any) -> int:
    return rules.side_of(0) if rules.match_mode == "race" else 0


def match_games(rules: Any, results: Sequence[Any], seats: Sequence[Rating | None]) -> list[tuple[Rating, float]]:
    """The games of a match's rating period: against each opposing unit in every round,
    1 when the player's unit gained more, 0.5 as much, 0 less."""
    against = opponents(rules, seats)
    mine = _mine(rules)
    games: list[tuple[Rating, float]] = []
    for result in results:
        gains = unit_gains(rules, result)
        for unit, rating in against.items():
            games.append((rating, 1.0 if gains[mine] > gains[unit] else 0.5 if gains[mine] == gains[unit] else 0.0))
    return games


def deal_key(preset: str, players: int, overlays: Sequence[str], seed: str) -> str:
    """What a match is rated once for, per profile: its deal (the game, the player count,
    the table rules and the seed; not the bots). Short enough for the history's ``item``.

    >>> deal_key("laplaza_1v1", 2, (), "4"), deal_key("draw", 3, ("x",), "4") == deal_key("draw", 3, ("x",), "4")
    ('laplaza_1v1:2:4', True)
    """
    key = f"{preset}:{players}:{seed}"
    if overlays:
        key += "+" + hashlib.sha256(",".join(sorted(overlays)).encode()).hexdigest()[:10]
    return key


@dataclass(frozen=True)
class MatchResult:
    """A finished match, ready to rate: its deal (``item``) and the games of its period."""

    item: str
    games: tuple[tuple[Rating, float], ...]

    def __post_init__(self) -> None:
        if not isinstance(self.item, str) or not 0 < len(self.item) <= 100:
            raise ValueError(f"MatchResult.item must be text of 1 to 100 characters, not {self.item!r}")

    @property
    def score(self) -> float:
        """The share of the period's games won (ties half), 0.5 when it has none."""
        return sum(s for _, s in self.games) / len(self.games) if self.games else 0.5

    @property
    def opponent(self) -> float:
        """The mean rating of the opponents met."""
        return sum(r.value for r, _ in self.games) / len(self.games) if self.games else START_VALUE


__all__ = ["ANCHOR", "MatchResult", "Rung", "deal_key", "edge", "ladder", "match_games", "opponents", "unit_gains"]
