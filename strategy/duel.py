"""Duplicate duels between two players (bots), on the same deals for every pairing.

Each deal is played twice with the seats swapped: A holds side 0's seats and B side 1's,
then the other way round (in Partners A plays seats 0 and 2 together). With three or four
independent players a deal is played once per seat, A in that seat and B in all the
others. A deal's score for A is the mean, over its plays, of A's gain minus the mean gain
of B's units (``strategy.solver.unit_utilities``: points in a race, minus penalties in
Kozel), so the luck of the deal cancels out. Reported: points per deal, a 95% confidence
interval (normal approximation, 1.96 standard errors of the per-deal scores) and the
deals won, tied and lost by A.

Players are bot levels (``strategy.bots.LEVELS``) and, when the package is importable and
the game is Partners, ``dominoes-pab``: the ``dominoes`` package's
``probabilistic_alphabeta`` player (see :func:`dominoes_pab`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from engine import Action, Round, Rules, Tile, deal
from engine.actions import LEFT_BASE, PASS_ID
from engine.match import add_result, match_outcome

from .bots import BASELINES, LEVELS, get_bot
from .solver import unit_utilities

__all__ = ["DuelResult", "duel", "player", "PLAYERS", "dominoes_pab", "play_round"]

#: A player: (the round, the seat to move, a random stream) -> its action. Our bots look at
#: ``rnd.view(seat)`` only; the dominoes adapter builds that package's Game (see there).
Player = Callable[[Round, int, random.Random], Action]


def _bot_player(level: str) -> Player:
    bot = get_bot(level)

    def play(rnd: Round, seat: int, rng: random.Random) -> Action:
        return bot.choose(rnd.view(seat), rng)

    return play


#: tiles in hands at or below which dominoes-pab starts searching (heaviest first before)
PAB_FROM_TILES = 22
PAB_SAMPLES = 8


def dominoes_pab(samples: int = PAB_SAMPLES, from_tiles: int = PAB_FROM_TILES) -> Player | None:
    """The ``dominoes`` package's player, on our Partners rounds, or None without it.

    Our round maps to its ``Game``: the same seats and teams, its board is our line tile
    for tile, its ``moves`` are our history (passes as ``None``) so its
    ``missing_values`` reads the same passes. Its ``probabilistic_alphabeta`` samples the
    other hands from the union of the unseen tiles (the Game holds them all, as in the
    package's own use; it looks only at their union, their counts and the passes) and
    keeps the move most often best by its ``alphabeta``. That search is slow early in a
    round (about 5 s with 4 samples at 26 tiles), so before ``from_tiles`` tiles are left
    in hands it plays its ``bota_gorda`` player (heaviest tile first).
    """
    try:
        import dominoes
    except ImportError:
        return None
    pab = dominoes.players.probabilistic_alphabeta(sample_size=samples)

    def play(rnd: Round, seat: int, rng: random.Random) -> Action:
        legal = rnd.legal_actions()
        if len(legal) == 1 or rnd.left < 0:
            return legal[0]
        game = _to_game(dominoes, rnd)
        dominoes.players.bota_gorda(game)
        if sum(len(h) for h in game.hands) <= from_tiles:
            state = random.getstate()
            random.seed(rng.getrandbits(64))  # the package draws from the global stream
            try:
                pab(game)
            finally:
                random.setstate(state)
        d, left = game.valid_moves[0]
        tile = Tile(d.first, d.second)
        action = Action.place(tile, "L" if left else "R")
        return action if action in legal else legal[0]

    return play


def _to_game(dominoes, rnd: Round):
    board = dominoes.Board()
    for a, b in rnd.line:
        board.board.append(dominoes.Domino(a, b))
    hands = [dominoes.Hand([dominoes.Domino(t.low, t.high) for t in rnd.hand(s)]) for s in range(4)]
    moves = []
    ends = None
    for _, aid, _ in rnd.history:
        if aid == PASS_ID:
            moves.append(None)
            continue
        tile = Tile.from_id(aid % 28)
        if aid < LEFT_BASE:
            moves.append((dominoes.Domino(tile.low, tile.high), True))
            ends = (tile.low, tile.high)
        else:
            at_left = aid < 2 * LEFT_BASE
            end = ends[0] if at_left else ends[1]
            moves.append((dominoes.Domino(tile.low, tile.high), at_left))
            ends = (tile.other(end), ends[1]) if at_left else (ends[0], tile.other(end))
    start = rnd.history[0][0] if rnd.history else rnd.turn
    game = dominoes.Game(board, hands, moves, rnd.turn, (), start, None)
    game._update_valid_moves()
    return game


#: the dominoes package's player at full strength: it searches from the first free move
PAB_FULL = "dominoes-pab-full"


def player(name: str, rules: Rules | None = None) -> Player:
    if name in ("dominoes-pab", PAB_FULL):
        if rules is not None and rules.preset_name != "laplaza_partners":
            raise ValueError("dominoes-pab plays Partners (laplaza_partners) only")
        p = dominoes_pab(from_tiles=28) if name == PAB_FULL else dominoes_pab()
        if p is None:
            raise ValueError("dominoes-pab needs the dominoes package (pip install '.[bench]')")
        return p
    if name not in LEVELS and name not in BASELINES:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(PLAYERS)}")
    return _bot_player(name)


PLAYERS = list(LEVELS) + list(BASELINES) + ["dominoes-pab", PAB_FULL]


def play_round(rnd: Round, seats: dict[int, Player], rng: random.Random) -> Round:
    """Play ``rnd`` to its end with ``seats[s]`` choosing for seat s."""
    while rnd.result is None:
        seat = rnd.turn
        action = seats[seat](rnd, seat, rng)
        rnd.apply(action)  # checked: an illegal move raises
    return rnd


@dataclass
class DuelResult:
    a: str
    b: str
    game: str
    deals: int
    #: A's score on each deal (see the module docstring)
    scores: list[float] = field(default_factory=list)

    @property
    def points_per_deal(self) -> float:
        return sum(self.scores) / len(self.scores)

    @property
    def ci95(self) -> tuple[float, float]:
        n = len(self.scores)
        mean = self.points_per_deal
        if n < 2:
            return (mean, mean)
        var = sum((x - mean) ** 2 for x in self.scores) / (n - 1)
        half = 1.96 * math.sqrt(var / n)
        return (mean - half, mean + half)

    @property
    def wtl(self) -> tuple[int, int, int]:
        return (sum(1 for x in self.scores if x > 0), sum(1 for x in self.scores if x == 0),
                sum(1 for x in self.scores if x < 0))

    def to_dict(self) -> dict:
        w, t, l = self.wtl
        lo, hi = self.ci95
        return {"a": self.a, "b": self.b, "game": self.game, "deals": self.deals,
                "points_per_deal": round(self.points_per_deal, 3), "ci95": [round(lo, 3), round(hi, 3)],
                "win": w, "tie": t, "loss": l}


def duel(a: str, b: str, deals: int, seed: int, rules: Rules | None = None,
         on_deal: Callable[[int, float], None] | None = None, first: int = 0,
         score: Sequence[int] | None = None) -> DuelResult:
    """Play ``deals`` duplicate deals of ``a`` against ``b`` (the deals depend on
    ``seed``, the rules and the deal's number only, so every pairing meets the same ones);
    ``first``: start at that deal's number, so a long duel can be played in pieces.

    ``score``: every deal is the last round of a match standing at that score (by unit;
    races between two sides only), and a play scores +1 when A wins the match in it, -1
    when B does, 0 when the round leaves it open: the duel then measures playing for the
    match, not for points."""
    rules = rules or Rules.preset("laplaza_partners")
    pa, pb = player(a, rules), player(b, rules)
    n = rules.num_players
    f = rules.flags
    unit = f.side if f.race else tuple(range(n))
    k = f.units
    if score is not None and (not f.race or k != 2 or len(score) != 2):
        raise ValueError("a duel from a match score needs a race between two sides and a score for each")
    result = DuelResult(a, b, rules.preset_name, deals)
    for i in range(first, first + deals):
        base = deal(rules, seed=f"duel:{seed}:{i}", score=score)
        plans = [0, 1] if k == 2 else list(range(k))  # the unit A plays
        total = 0.0
        for a_unit in plans:
            rnd = base.copy()
            seats = {s: (pa if unit[s] == a_unit else pb) for s in range(n)}
            # the stream depends on who sits where, so B vs A replays A vs B's games exactly
            names = ",".join(a if unit[s] == a_unit else b for s in range(n))
            rng = random.Random(f"duel:{seed}:{i}:{names}")
            play_round(rnd, seats, rng)
            total += match_gain(rnd, a_unit) if score is not None else points_gain(rnd, a_unit)
        score_of_deal = total / len(plans)
        result.scores.append(score_of_deal)
        if on_deal:
            on_deal(i, score_of_deal)
    return result


def points_gain(rnd: Round, a_unit: int) -> float:
    """A's gain in a finished round minus the mean gain of the other units."""
    u = unit_utilities(rnd)
    others = [u[j] for j in range(len(u)) if j != a_unit]
    return u[a_unit] - sum(others) / len(others)


def match_gain(rnd: Round, a_unit: int) -> int:
    """+1 if A's unit won the match with this round, -1 if the other did, 0 if it goes on."""
    over, winner = match_outcome(rnd.rules, add_result(rnd.score, rnd.result), rnd.result)
    if not over or winner is None:
        return 0
    return 1 if winner == a_unit else -1
