"""Bots: from random play to PIMC, for every preset, each choosing from a SeatView only.

>>> sorted(LEVELS)
['beginner', 'casual', 'expert', 'heaviest', 'random', 'strong']
>>> from engine import Rules, deal
>>> r = deal(Rules.preset("laplaza_partners"), seed=3)
>>> str(get_bot("strong").choose(r.view(r.turn)))
'lead 6-6'

Every bot picks among :func:`legal_from_view`, the legal actions worked out from what the
seat sees (its hand, the ends, the stock count and the rules), so it can never play an
illegal move and never sees a hidden tile.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Callable

from engine import ACTIONS, Action, SeatView
from engine.actions import DRAW_ID, LEFT_BASE, PASS_ID, RIGHT_BASE
from engine.scoring import fives_points

from .choice_model import ChoiceModel
from .evaluate import evaluate, mirrored, position_seed
from .play_model import load_play_model

__all__ = ["BASELINES", "Bot", "LEVELS", "get_bot", "legal_from_view", "features"]


def legal_from_view(view: SeatView) -> list[Action]:
    """The legal actions of the seat to move, in the engine's order, from its view."""
    rules = view.rules
    hand = sorted(view.hand, key=lambda t: t.id)
    if view.ends is None:
        if view.forced_lead is not None:
            return [ACTIONS[view.forced_lead.id]] if view.forced_lead in hand else []
        return [ACTIONS[t.id] for t in hand]
    left, right = view.ends
    moves = []
    for t in hand:
        if t.has(left):
            moves.append(ACTIONS[LEFT_BASE + t.id])
        if t.has(right):
            moves.append(ACTIONS[RIGHT_BASE + t.id])
    drawable = rules is not None and rules.can_draw and view.stock_count > rules.stock_reserve
    if moves:
        if drawable and rules.voluntary_draw:
            moves.append(ACTIONS[DRAW_ID])
        return moves
    return [ACTIONS[DRAW_ID] if drawable else ACTIONS[PASS_ID]]


def _after(view: SeatView, action: Action) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """The ends and the line after a placement."""
    t = action.tile
    line = list(view.line)
    if view.ends is None:
        return (t.low, t.high), [(t.low, t.high)]
    left, right = view.ends
    if action.end == "L":
        line.insert(0, (t.other(left), left))
        return (t.other(left), right), line
    line.append((right, t.other(right)))
    return (left, t.other(right)), line


def features(view: SeatView, action: Action, voids: dict[int, frozenset[int]] | None = None) -> dict[str, float]:
    """Plain facts about a placement a player can weigh (used by the heuristic bots)."""
    if not action.is_placement:
        return {}
    rules = view.rules
    t = action.tile
    (left, right), line = _after(view, action)
    rest = [x for x in view.hand if x != t]
    out = {
        "pips": t.pips,
        "double": 1.0 if t.is_double else 0.0,
        "keeps": sum(1 for x in rest if x.has(left) or x.has(right)),
        "fives": float(fives_points(line, left, right, rules.double_end_value == "both_halves"))
        if rules is not None and rules.in_play_scoring == "fives" else 0.0,
        "blocks_next": 0.0,
        "blocks_partner": 0.0,
    }
    if voids is not None:
        n = view.num_players
        nxt = (view.seat + 1) % n
        if nxt in voids and left in voids[nxt] and right in voids[nxt]:
            out["blocks_next"] = 1.0
        if rules is not None and rules.partnerships == "opposite":
            partner = (view.seat + 2) % n
            if left in voids[partner] and right in voids[partner]:
                out["blocks_partner"] = 1.0
    return out


@dataclass
class Bot:
    name: str
    description: str
    _choose: Callable[[SeatView, random.Random], Action]

    def choose(self, view: SeatView, rng: random.Random | None = None) -> Action:
        """The bot's action for ``view.seat``, which must be the seat to move."""
        if not isinstance(view, SeatView):
            raise TypeError("a bot sees a SeatView only")
        legal = legal_from_view(view)
        if not legal:
            raise ValueError("no legal action for this seat")
        if len(legal) == 1 or (len(legal) == 2 and legal[0].tile is legal[1].tile and mirrored(view)):
            return legal[0]  # nothing to choose
        action = self._choose(view, rng or random.Random(0))
        assert action in legal
        return action


def _random(view, rng):
    legal = legal_from_view(view)
    return legal[rng.randrange(len(legal))]


def _heaviest(view, rng):
    legal = legal_from_view(view)
    placements = [a for a in legal if a.is_placement]
    if not placements:
        return legal[0]
    return max(placements, key=lambda a: (a.tile.pips, a.tile.is_double, -a.id))


def _beginner(view, rng):
    if rng.random() < 0.5:
        return _heaviest(view, rng)
    return _random(view, rng)


def _scored(view, rng, weights, noise, voids):
    legal = legal_from_view(view)
    placements = [a for a in legal if a.is_placement]
    if not placements:
        return legal[0]
    best, best_score = None, None
    for a in placements:
        f = features(view, a, voids)
        score = sum(weights[k] * f[k] for k in weights) + (rng.gauss(0, noise) if noise else 0.0)
        if best_score is None or score > best_score:
            best, best_score = a, score
    return best


_CASUAL = {"pips": 1.0, "double": 3.0, "keeps": 1.5, "fives": 2.0}
_STRONG = {"pips": 1.0, "double": 4.0, "keeps": 2.0, "fives": 3.0, "blocks_next": 10.0, "blocks_partner": -6.0}


def _casual_rules(view, rng):
    return _scored(view, rng, _CASUAL, 3.0, None)


def _strong(view, rng):
    try:
        voids = view.cannot_hold()
    except Exception:  # a view no deal explains (hand-made): play on without reading
        voids = None
    return _scored(view, rng, _STRONG, 0.0, voids)


#: how the expert reads the other seats' earlier choices (see strategy.choice_model):
#: fitted by maximum likelihood to 3,811 choices of the expert in 300 Partners rounds
#: (bench/fit_choice_model.py). Players shed doubles far more surely than heavy tiles and
#: play into a suit they are long in; it predicts a held-out choice better than the
#: hand-set reading and than none (docs/strategy.md, "The choice model")
EXPERT_MODEL = ChoiceModel(beta=0.12, double_bonus=10.0, keeps=-0.25, long=0.9)
#: the hand-set reading the expert used before (heavy tiles and doubles first), and one
#: twice as sharp: baselines for the duels
PIPS_MODEL = ChoiceModel(beta=0.35, double_bonus=2.0)
SHARP_MODEL = ChoiceModel(beta=2 * PIPS_MODEL.beta, double_bonus=PIPS_MODEL.double_bonus)
#: the expert thinks up to this long, on up to this many deals, until the close moves are
#: told apart to this standard error (points), playing for the match: points past the
#: target are worth nothing and reaching it is worth this much more (strategy.solver.solve)
EXPERT_BUDGET, EXPERT_DEALS, EXPERT_PRECISION, EXPERT_WIN_BONUS = 0.7, 2000, 0.5, 40


#: how the expert takes the other players of a three- or four-player game to play: each
#: for itself (max^n) or all against it (paranoid); chosen by duels (docs/strategy.md)
EXPERT_OBJECTIVE = "paranoid"


def _expert(view, rng, deals=EXPERT_DEALS, budget=EXPERT_BUDGET, objective=None, win_bonus=EXPERT_WIN_BONUS,
            model=EXPERT_MODEL):
    ev = evaluate(view, deals=deals, budget=budget, rng=rng, model=model, precision=EXPERT_PRECISION,
                  win_bonus=win_bonus, objective=objective or EXPERT_OBJECTIVE)
    return ev.best


#: the expert capped by work alone (nodes searched, never seconds): the same move from the
#: same view on any machine and load, for lines everyone must see alike (the deal of the
#: day's expert line); about two seconds of a core a choice
EXPERT_LINE_NODES = 4_000_000


def _expert_by_work(view, rng):
    ev = evaluate(view, deals=EXPERT_DEALS, budget=None, seed=position_seed(view), model=EXPERT_MODEL,
                  precision=EXPERT_PRECISION, objective=EXPERT_OBJECTIVE, max_nodes=EXPERT_LINE_NODES)
    return ev.best


@functools.lru_cache(maxsize=8)
def _play_model(sharpness: float):
    """The learned model at one sharpness, read from its file once a process."""
    return load_play_model().sharpened(sharpness)


def _modelled(view, rng, sharpness=1.0):
    """A move drawn from the learned model of play (strategy.play_model): the choices the
    recorded rounds made, likelier the more the model favours them; ``sharpness`` is one
    over its temperature. Leads, draws and passes as ``strong`` makes them (the model
    reads placements only)."""
    policy = _play_model(sharpness).policy(view)
    if not policy:
        return _strong(view, rng)
    moves, weights = zip(*policy.items())
    return rng.choices(moves, weights)[0]


def _expert_48(view, rng):
    """The expert as it was measured before the precision work: 48 deals, no racing,
    points only (a baseline for the duels, not offered at the table)."""
    return evaluate(view, deals=48, budget=0.7, rng=rng, model=PIPS_MODEL).best


#: the club player is the learned model of play at this temperature (issue 50): its own
#: probabilities. Over 1,000 duplicate deals it sits midway between beginner and strong in
#: Partners and 1 v 1, and at least level with the rule-based club player before it
#: (docs/strategy.md, "The model's own play")
CASUAL_TEMPERATURE = 1.0


LEVELS: dict[str, Bot] = {
    "random": Bot("random", "Plays any legal move at random.", _random),
    "heaviest": Bot("heaviest", "Always gets rid of its heaviest tile first.", _heaviest),
    "beginner": Bot("beginner", "A new player: often drops a heavy tile, otherwise plays whatever fits.", _beginner),
    "casual": Bot("casual", "A club player: draws each placement from the learned model of play, "
                            "plausible moves and plausible slips.", lambda view, rng: _modelled(view, rng, 1 / CASUAL_TEMPERATURE)),
    "strong": Bot("strong", "Reads the table: also plays ends its next opponent has shown it lacks, and "
                            "avoids ends its partner lacks.", _strong),
    "expert": Bot("expert", "Imagines hundreds of deals that fit what it sees and the others' choices, "
                            "plays each out perfectly, picks the best on average; plays for the match.", _expert),
}
#: Bots for the duels only (strategy.duel), never offered at the table.
BASELINES: dict[str, Bot] = {
    "expert-by-work": Bot("expert-by-work", "The expert with a cap on its work instead of its time: the same "
                                            "move on any machine.", _expert_by_work),
    "expert-48": Bot("expert-48", "The expert of the first strength runs: 48 deals, points only.", _expert_48),
    "expert-paranoid": Bot("expert-paranoid", "The expert, taking the others to play all against it.",
                           lambda view, rng: _expert(view, rng, objective="paranoid")),
    "expert-points": Bot("expert-points", "The expert playing for the round's points, not for the match.",
                         lambda view, rng: _expert(view, rng, win_bonus=0)),
    "expert-maxn": Bot("expert-maxn", "The expert, taking each other player to play for itself (max^n).",
                       lambda view, rng: _expert(view, rng, objective="maxn")),
    # how much reading the others' choices is worth, and whether a sharper reading is worth more
    "expert-uniform": Bot("expert-uniform", "The expert imagining every fitting deal as equally likely.",
                          lambda view, rng: _expert(view, rng, model=None)),
    "expert-pips": Bot("expert-pips", "The expert reading the others as shedding heavy tiles and doubles first.",
                       lambda view, rng: _expert(view, rng, model=PIPS_MODEL)),
    "expert-sharp": Bot("expert-sharp", "The expert reading the others as shedding heavy tiles twice as surely.",
                        lambda view, rng: _expert(view, rng, model=SHARP_MODEL)),
    "casual-rules": Bot("casual-rules", "The club player before issue 50: a hand-set score of each placement "
                                        "(pips, doubles, options kept, easy points) with noise.", _casual_rules),
    # the learned model's own play, loose and sharp: candidates for levels that play like people
    "modelled": Bot("modelled", "Plays as the learned model of play expects a player to: likelier moves more often.",
                    _modelled),
    "modelled-sharp": Bot("modelled-sharp", "The learned model of play, twice as sure of its favourite moves.",
                          lambda view, rng: _modelled(view, rng, 2.0)),
    "expert-learned": Bot("expert-learned", "The expert reading the others by the learned model of play "
                                            "(strategy.play_model, fitted per game).",
                          lambda view, rng: _expert(view, rng, model=load_play_model())),
}


def get_bot(level: str) -> Bot:
    if level in BASELINES:
        return BASELINES[level]
    if level not in LEVELS:
        raise KeyError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    return LEVELS[level]
