"""Ratings for players and puzzles: Glicko-2 on every rated attempt.

One attempt is a game between a player and a puzzle: the player wins by solving it, the
puzzle wins otherwise. Both sides move, each from the other's rating *before* the attempt
(the update is the `glicko2` package's, one rating period per attempt, as puzzle sites do).
A puzzle no one has tried starts from the measured seed of its question kind and band
(``progress/puzzle_seeds.json``, written by ``bench/puzzle_seeds.py``); a player starts at 1500 ± 350, so the
first attempts move the rating a lot and the later ones less (the deviation shrinks).

Pure: no database, no Streamlit. The store (:mod:`progress.rating_store`) reads and writes
these values inside one transaction.

>>> ana, puzzle = START, puzzle_seed("hard")
>>> ana.shown, puzzle.shown
('1500 ± 350', '1800 ± 250')
>>> ana2, puzzle2 = rate(ana, puzzle, solved=True)
>>> ana2.value > ana.value and ana2.deviation < ana.deviation, puzzle2.value < puzzle.value
(True, True)
>>> round(expected(ana, puzzle), 2)          # the chance that Ana solves it
0.21
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Sequence

import glicko2

#: What a profile is rated for: puzzles (Practice, Daily) and play against the bots.
KINDS = ("puzzles", "play")

#: Glicko-2's usual start: 1500 ± 350, volatility 0.06.
START_VALUE = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06

#: The rating a puzzle starts from, by its band (the bands of ``puzzles.model.BANDS``;
#: tested to be the same names). 300 apart: a player who solves medium puzzles about
#: half the time solves easy ones about 85 % and hard ones about 15 % of the time.
BAND_SEEDS = {"easy": 1200.0, "medium": 1500.0, "hard": 1800.0}
#: The measured seeds, per question kind and band: ``bench/puzzle_seeds.py`` writes them.
SEEDS_FILE = Path(__file__).with_name("puzzle_seeds.json")
#: A band says something, not everything: a new puzzle is still uncertain.
PUZZLE_DEVIATION = 250.0

#: The deviation never drops below these: a rating keeps following a player who improves
#: (and a puzzle whose first solvers were not typical), instead of freezing.
MIN_PLAYER_DEVIATION = 45.0
MIN_PUZZLE_DEVIATION = 40.0
MAX_DEVIATION = 350.0
#: Volatility is kept in a sane range (per-attempt periods can make it drift).
MIN_VOLATILITY, MAX_VOLATILITY = 0.04, 0.09
#: Ratings stay on the usual scale.
LOWEST, HIGHEST = 100.0, 3500.0
#: A rating whose deviation is above this is still provisional (shown with a "?").
PROVISIONAL = 110.0

_SCALE = 173.7178  # Glicko-2's conversion between the rating scale and its own


@dataclass(frozen=True)
class Rating:
    """A rating, its deviation (how sure it is: the true value is within about two
    deviations) and Glicko-2's volatility."""

    value: float
    deviation: float
    volatility: float = START_VOLATILITY

    def __post_init__(self) -> None:
        for name in ("value", "deviation", "volatility"):
            number = getattr(self, name)
            if isinstance(number, bool) or not isinstance(number, (int, float)) or not math.isfinite(number):
                raise ValueError(f"Rating.{name} must be a finite number, not {number!r}")
        if self.deviation <= 0 or self.volatility <= 0:
            raise ValueError("a rating's deviation and volatility must be above 0")

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL

    @property
    def shown(self) -> str:
        """``1512 ± 84``: whole numbers, as players read them.

        >>> Rating(1511.6, 83.5).shown
        '1512 ± 84'
        """
        return f"{round(self.value)} ± {round(self.deviation)}"

    def window(self, low: float = 100.0, high: float = 250.0) -> tuple[float, float]:
        """The ratings of puzzles "at this level": the value ± the deviation, but never
        narrower than ``low`` nor wider than ``high`` each way.

        >>> START.window(), Rating(1400, 60).window()
        ((1250.0, 1750.0), (1300.0, 1500.0))
        """
        half = min(max(self.deviation, low), high)
        return (self.value - half, self.value + half)


START = Rating(START_VALUE, START_DEVIATION, START_VOLATILITY)


@cache
def measured_seeds() -> dict[str, dict[str, float]]:
    """kind -> band -> the seed ``bench/puzzle_seeds.py`` measured (``SEEDS_FILE``)."""
    data = json.loads(SEEDS_FILE.read_text(encoding="utf-8"))
    return {kind: {band: float(row["seed"]) for band, row in bands.items()} for kind, bands in data["seeds"].items()}


def seed_key(kind: str, band: str) -> str:
    """What the store is given to seed a puzzle: its question kind and band.

    >>> seed_key("fives_points", "hard")
    'fives_points/hard'
    """
    return f"{kind}/{band}"


def puzzle_seed(band: str) -> Rating:
    """The rating of a puzzle nobody has tried yet: the measured seed of its question kind
    and band (``"fives_points/hard"``, :func:`seed_key`); for a kind the bench did not
    measure, the mean of that band's measured seeds over the kinds it did (a new kind starts
    among its band's peers, not at the bare band's 1800); a bare band (no kind), the band's
    (``BAND_SEEDS``).

    >>> puzzle_seed("easy")
    Rating(value=1200.0, deviation=250.0, volatility=0.06)
    >>> puzzle_seed("fives_points/hard").value < puzzle_seed("best_move/hard").value
    True
    >>> puzzle_seed("no_such_kind/hard").value == band_mean("hard")
    True
    >>> puzzle_seed("impossible")
    Traceback (most recent call last):
    ...
    ValueError: unknown band 'impossible': easy, medium or hard
    """
    kind, _, bare = band.rpartition("/")
    if bare not in BAND_SEEDS:
        raise ValueError(f"unknown band {bare!r}: {', '.join(list(BAND_SEEDS)[:-1])} or {list(BAND_SEEDS)[-1]}")
    if not kind:
        value = BAND_SEEDS[bare]
    else:
        value = measured_seeds().get(kind, {}).get(bare, band_mean(bare))
    return Rating(value, PUZZLE_DEVIATION, START_VOLATILITY)


@cache
def band_mean(band: str) -> float:
    """The mean measured seed of ``band`` over the kinds measured (the band's own seed when
    none is)."""
    values = [seeds[band] for seeds in measured_seeds().values() if band in seeds]
    return sum(values) / len(values) if values else BAND_SEEDS[band]


def nearest_band(value: float, kinds: Sequence[str] = ()) -> str:
    """The band whose starting rating is closest to ``value``: for a drill of these question
    ``kinds``, their measured seeds (the mean over the kinds); else the bands' own.

    >>> nearest_band(1100), nearest_band(1640), nearest_band(1660)
    ('easy', 'medium', 'hard')
    >>> nearest_band(1500, ["fives_points"]), nearest_band(1500, ["best_move"])
    ('hard', 'medium')
    """
    starts = dict(BAND_SEEDS)
    known = [measured_seeds()[kind] for kind in kinds if kind in measured_seeds()]
    if known:
        starts = {band: sum(seeds.get(band, BAND_SEEDS[band]) for seeds in known) / len(known) for band in BAND_SEEDS}
    return min(starts, key=lambda band: (abs(starts[band] - value), starts[band]))


def expected(player: Rating, puzzle: Rating) -> float:
    """The chance, by the two ratings, that ``player`` solves ``puzzle`` (Glicko-2's E,
    which discounts an uncertain opponent)."""
    mu, other, phi = (player.value - 1500) / _SCALE, (puzzle.value - 1500) / _SCALE, puzzle.deviation / _SCALE
    g = 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)
    return 1 / (1 + math.exp(-g * (mu - other)))


def rate(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt: ``solved`` is a win for the player and a loss for
    the puzzle, and the other way round. Each side is updated from the other's rating
    before the attempt, so the order of the two updates does not matter."""
    if not isinstance(solved, bool):
        raise ValueError(f"solved must be True or False, not {solved!r}")
    return (_update(player, puzzle, 1.0 if solved else 0.0, MIN_PLAYER_DEVIATION),
            _update(puzzle, player, 0.0 if solved else 1.0, MIN_PUZZLE_DEVIATION))


def rate_score(player: Rating, opponent: Rating, score: float) -> Rating:
    """``player`` after one game against a fixed ``opponent`` (a bot of measured strength):
    ``score`` 1 a win, 0.5 a draw, 0 a loss. Only the player moves."""
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 1:
        raise ValueError(f"score must be from 0 to 1, not {score!r}")
    return _update(player, opponent, float(score), MIN_PLAYER_DEVIATION)


def rate_games(player: Rating, games: Sequence[tuple[Rating, float]]) -> Rating:
    """``player`` after one rating period of several games against fixed opponents (the
    rounds of a match against bots: :mod:`progress.play_rating`), each ``(opponent,
    score)`` with ``score`` 1 won, 0.5 tied, 0 lost. Only the player moves; no games, no change.

    >>> bot = Rating(1500, 60)
    >>> won, lost = rate_games(START, [(bot, 1.0)] * 3), rate_games(START, [(bot, 0.0)] * 3)
    >>> won.value > START.value > lost.value, rate_games(START, []) == START
    (True, True)
    """
    games = list(games)
    for opponent, score in games:
        if not isinstance(opponent, Rating):
            raise ValueError(f"an opponent is a Rating, not {opponent!r}")
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 1:
            raise ValueError(f"score must be from 0 to 1, not {score!r}")
    if not games:
        return player
    return _update_many(player, [g[0] for g in games], [float(g[1]) for g in games], MIN_PLAYER_DEVIATION)


def _update(own: Rating, other: Rating, score: float, floor: float) -> Rating:
    return _update_many(own, [other], [score], floor)


def _update_many(own: Rating, others: Sequence[Rating], scores: Sequence[float], floor: float) -> Rating:
    side = glicko2.Player(rating=own.value, rd=own.deviation, vol=own.volatility)
    side.update_player([o.value for o in others], [o.deviation for o in others], list(scores))
    value, deviation, volatility = side.rating, side.rd, side.vol
    if not all(math.isfinite(x) for x in (value, deviation, volatility)):  # pragma: no cover - a library fault
        return own
    return Rating(min(max(value, LOWEST), HIGHEST), min(max(deviation, floor), MAX_DEVIATION),
                  min(max(volatility, MIN_VOLATILITY), MAX_VOLATILITY))
