"""A skill figure per game, like chess's average centipawn loss (issue 45 item 4).

Over a player's decisions with a real choice in their last :data:`LAST_ROUNDS` rounds of
one game (preset): the **mean points lost per decision**, with its 95% interval, and the
**share of decisions within 0.5 of the best** (graded *best* by the review:
``strategy.review.TOLERANCE``). The source is the reviews already kept with the profile's
saved games (``SavedGame.record``): a match against the bots keeps each round's review
under ``"reviews"``, a round recorded on the analysis board under ``"review"``; each
decision is ``strategy.review.Decision.to_dict``. docs/skill.md says why each choice.

* **The interval is over rounds, not decisions.** The decisions of one round share a hand,
  a deal and the player's plan, so they are not independent: the interval is the
  cluster-robust (ratio-estimator) one, each round a cluster, with Student's *t* on
  (rounds − 1) degrees of freedom. It is wider than the naive one over decisions, and
  honest about how much a figure from 30 rounds can say. Deterministic (no bootstrap seed).
* **Every grade counts, sure or not.** A grade "near a limit" is unsure about which side of
  3 or 7 points it falls, not about the loss: its point estimate is as good as any other,
  and leaving those decisions out would drop the losses near the limits and bias the mean.
* **A move played after asking for a hint is left out**: it is the hint's move, not the
  player's.

This module reads numbers only (the layers keep ``progress`` under ``strategy``); the
pages name the themes and the bots.

>>> r1 = Round("a:0", 0, (Graded(0.0, True, {}), Graded(4.0, False, {})))
>>> r2 = Round("a:1", 1, (Graded(1.0, False, {}), Graded(0.0, True, {}), Graded(0.2, True, {})))
>>> f = figure([r1, r2])
>>> f.decisions, f.rounds, round(f.mean, 2), round(f.within, 2)
(5, 2, 1.04, 0.6)
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from statistics import NormalDist
from typing import Any, Iterable, Sequence

__all__ = ["BOT_LEVELS", "BotFigure", "FEW", "Figure", "Graded", "LAST_ROUNDS", "Round", "TREND_ROUNDS", "bot_figures",
           "comparable", "compare", "figure", "rounds_of", "t95", "trend"]

#: the figure looks at the player's last this many rounds of a game
LAST_ROUNDS = 30
#: with fewer decisions than this the page says so instead of a figure
FEW = 10
#: the trend chart's points: one per this many rounds
TREND_ROUNDS = 10
#: the bots measured beside the player (bench/skill_of_bots.py), weakest first
BOT_LEVELS = ("beginner", "casual", "strong", "expert")
#: what the benchmark wrote
BOT_FILE = Path(__file__).with_name("bot_skill.json")


@dataclass(frozen=True)
class Graded:
    """One graded decision as the figure reads it: the points it lost, whether it was within
    the tolerance of the best (graded *best*), and the review's own data (for the page)."""

    loss: float
    best: bool
    data: dict = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Round:
    """One reviewed round: ``key`` names it (game id and round), ``index`` its round number
    in its game, ``decisions`` its graded choices; ``when`` orders rounds across games."""

    key: str
    index: int
    decisions: tuple[Graded, ...]
    when: datetime | None = None
    #: where it came from: "match" (Play) or "table" (the analysis board)
    kind: str = "match"
    #: the saved game's record (to rebuild a position) and its id
    record: dict = field(default_factory=dict, compare=False, repr=False)
    game_id: int | None = None


@dataclass(frozen=True)
class Figure:
    """Points lost per decision (``mean``, its 95% interval ``low``..``high``) and the share
    within the tolerance of the best (``within``, its interval ``within_low``..``within_high``),
    over ``decisions`` decisions in ``rounds`` rounds."""

    decisions: int
    rounds: int
    mean: float
    low: float
    high: float
    within: float
    within_low: float
    within_high: float

    @property
    def half(self) -> float:
        """The interval's half width (the "± x" of the sentence)."""
        return (self.high - self.low) / 2

    @property
    def enough(self) -> bool:
        return self.decisions >= FEW

    def to_dict(self) -> dict[str, Any]:
        """JSON-able: an interval with no upper end (one round) is ``None``."""
        return {k: (None if v == math.inf else round(v, 4) if isinstance(v, float) else v)
                for k, v in self.__dict__.items()}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> "Figure":
        return Figure(**{k: math.inf if data[k] is None else data[k] for k in Figure.__dataclass_fields__})


@dataclass(frozen=True)
class BotFigure(Figure):
    """A bot level's figure (bench/skill_of_bots.py), with how often its move was the
    review's best move itself (``same``, its interval ``same_low``..``same_high``, over
    ``same_of`` decisions; None where the benchmark did not record it)."""

    same: float | None = None
    same_low: float | None = None
    same_high: float | None = None
    same_of: int = 0

    @staticmethod
    def from_dict(data: dict[str, Any]) -> "BotFigure":
        base = Figure.from_dict(data)
        same = {k: data[k] for k in ("same", "same_low", "same_high", "same_of") if k in data}
        return BotFigure(**base.__dict__, **same)


def t95(df: int) -> float:
    """Student's t two-sided 95% quantile on ``df`` degrees of freedom (Cornish-Fisher series
    from the normal quantile; within 0.3% of the exact value from 3 degrees of freedom, and
    exact enough below: 12.7 and 4.3 are hard-coded).

    >>> round(t95(1), 2), round(t95(2), 2), round(t95(9), 2), round(t95(29), 2), round(t95(10_000), 2)
    (12.71, 4.3, 2.26, 2.05, 1.96)
    """
    if df <= 0:
        return math.inf
    if df == 1:
        return 12.706
    if df == 2:
        return 4.303
    z = NormalDist().inv_cdf(0.975)
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


def _ratio(totals: Sequence[float], counts: Sequence[int]) -> tuple[float, float]:
    """The ratio estimate sum(totals) / sum(counts) and its cluster-robust 95% half width
    (each round one cluster: k/(k-1) * sum((S_r - m n_r)^2) / N^2, Student's t on k-1)."""
    n = sum(counts)
    m = sum(totals) / n
    k = len(counts)
    if k < 2:
        return m, math.inf
    var = k / (k - 1) * sum((s - m * c) ** 2 for s, c in zip(totals, counts)) / n ** 2
    return m, t95(k - 1) * math.sqrt(var)


def _wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a share of ``n`` decisions: never a single point,
    even when every decision went the same way."""
    z = 1.959964
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def figure(rounds: Sequence[Round]) -> Figure | None:
    """The figure over every decision of ``rounds`` (None without a decision)."""
    kept = [r for r in rounds if r.decisions]
    if not kept:
        return None
    counts = [len(r.decisions) for r in kept]
    mean, half = _ratio([sum(d.loss for d in r.decisions) for r in kept], counts)
    hits = [sum(d.best for d in r.decisions) for r in kept]
    share, share_half = _ratio(hits, counts)
    # the rounds' spread, but never narrower than the decisions alone allow (15 of 15 is not
    # "100% to 100%")
    low, high = _wilson(sum(hits), sum(counts))
    return Figure(sum(counts), len(kept), mean, max(0.0, mean - half), mean + half,
                  share, max(0.0, min(share - share_half, low)), min(1.0, max(share + share_half, high)))


def _decision(data: Any) -> Graded | None:
    """A stored decision (``Decision.to_dict``), or None: not one, or played after a hint."""
    if not isinstance(data, dict) or data.get("hint"):
        return None
    try:
        loss = float(data["loss"])
    except (KeyError, TypeError, ValueError):
        return None
    if not math.isfinite(loss) or loss < 0:
        return None
    return Graded(loss, data.get("grade") == "best", data)


def _graded(decisions: Any) -> tuple[Graded, ...]:
    return tuple(g for g in map(_decision, decisions if isinstance(decisions, list) else []) if g is not None)


def rounds_of(games: Iterable[Any], preset: str) -> list[Round]:
    """The reviewed rounds of ``preset`` in saved games (``progress.records.SavedGame``),
    oldest first: every round of a match's ``"reviews"``, the analysis board's one
    ``"review"``. A record of another shape (a class table's: its grades are kept by the
    table store) gives none."""
    out: list[Round] = []
    for game in games:
        if getattr(game, "game", None) != preset or not isinstance(game.record, dict):
            continue
        when = getattr(game, "started_at", None)
        reviews = game.record.get("reviews")
        if isinstance(reviews, dict):
            for index in sorted(reviews, key=lambda i: int(i) if str(i).isdigit() else -1):
                if not str(index).isdigit() or not isinstance(reviews[index], dict):
                    continue
                out.append(Round(f"{game.id}:{index}", int(index), _graded(reviews[index].get("decisions")), when,
                                 game.kind, game.record, game.id))
        review = game.record.get("review")
        if isinstance(review, dict):
            out.append(Round(f"{game.id}:table", 0, _graded(review.get("decisions")), when, game.kind, game.record,
                             game.id))
    # by time (a timestamp: a game without one first, never a naive date beside an aware one)
    return sorted(out, key=lambda r: (r.when.timestamp() if r.when else float("-inf"),
                                   -1 if r.game_id is None else r.game_id, r.index))


def last(rounds: Sequence[Round], n: int = LAST_ROUNDS) -> list[Round]:
    """The last ``n`` rounds with a decision."""
    kept = [r for r in rounds if r.decisions]
    return kept[-n:]


def trend(rounds: Sequence[Round], every: int = TREND_ROUNDS) -> list[tuple[int, Figure]]:
    """The figure over each run of ``every`` rounds with a decision, oldest first:
    (the number of the run's last round, its figure)."""
    kept = [r for r in rounds if r.decisions]
    out = []
    for start in range(0, len(kept), every):
        chunk = kept[start:start + every]
        fig = figure(chunk)
        if fig is not None:
            out.append((start + len(chunk), fig))
    return out


def bot_figures(path: Path = BOT_FILE) -> dict[str, dict[str, BotFigure]]:
    """The bots' figures by game and level, as the benchmark measured them (empty without
    the file). Read again only when the file changes (the play form asks on every rerun)."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return {}
    return {game: dict(levels) for game, levels in _bot_figures(path, stamp).items()}


@functools.lru_cache(maxsize=4)
def _bot_figures(path: Path, stamp: int) -> dict[str, dict[str, BotFigure]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    out: dict[str, dict[str, BotFigure]] = {}
    for game, levels in (data.get("games") or {}).items():
        for level, row in levels.items():
            try:
                out.setdefault(game, {})[level] = BotFigure.from_dict(row)
            except (KeyError, TypeError):
                continue
    return out


def comparable(bots: dict[str, Figure]) -> dict[str, Figure]:
    """The levels whose figure can be compared with: measured on at least :data:`FEW`
    decisions and more than one round (a figure on one round has no interval)."""
    return {lv: bots[lv] for lv in BOT_LEVELS if lv in bots and bots[lv].enough and bots[lv].high < math.inf}


def compare(mine: Figure, bots: dict[str, Figure]) -> tuple[str, ...]:
    """Where ``mine`` stands among the bots, in words the numbers allow:
    ``("about", level)``: the nearest bot by the mean, whose interval overlaps the player's;
    ``("between", weaker, stronger)``: the mean lies between two bots' and overlaps neither
    (or both); ``("below", level)``: loses more than the weakest measured bot;
    ``("above", level)``: loses less than the strongest; ``()`` without bots.

    >>> bots = {"casual": Figure(300, 60, 4.0, 3.5, 4.5, .5, .4, .6),
    ...         "strong": Figure(300, 60, 2.0, 1.7, 2.3, .6, .5, .7)}
    >>> compare(Figure(50, 30, 2.1, 1.6, 2.6, .6, .5, .7), bots)
    ('about', 'strong')
    >>> compare(Figure(50, 30, 3.0, 2.7, 3.3, .6, .5, .7), bots)
    ('between', 'casual', 'strong')
    >>> compare(Figure(50, 30, 6.0, 5.0, 7.0, .6, .5, .7), bots)
    ('below', 'casual')
    """
    levels = list(comparable(bots))
    if not levels:
        return ()
    # weakest (most points lost) first
    levels.sort(key=lambda lv: -bots[lv].mean)

    def overlaps(lv: str) -> bool:
        return bots[lv].low <= mine.high and mine.low <= bots[lv].high

    nearest = min(levels, key=lambda lv: abs(bots[lv].mean - mine.mean))
    weaker = [lv for lv in levels if bots[lv].mean >= mine.mean]
    stronger = [lv for lv in levels if bots[lv].mean < mine.mean]
    if not weaker:
        return ("below", levels[0]) if not overlaps(levels[0]) else ("about", levels[0])
    if not stronger:
        return ("above", levels[-1]) if not overlaps(levels[-1]) else ("about", levels[-1])
    lo, hi = weaker[-1], stronger[0]
    if overlaps(lo) != overlaps(hi):
        return ("about", lo if overlaps(lo) else hi)
    if overlaps(nearest) and not (overlaps(lo) and overlaps(hi)):
        return ("about", nearest)
    return ("between", lo, hi)
