"""A learned model of how players choose where to place a tile, from what they could see.

:class:`strategy.choice_model.ChoiceModel` reads a choice by four features of the tile
(its pips, a double, how many tiles it keeps playable, how long the player is in the
number it opens), with one set of weights for every game. :class:`PlayModel` reads a
choice among **placements** (a tile on an end: the end is part of the choice) by those
and by the table's public facts at that moment:

* ``scores``: the points the placement makes in All Fives (in fives; 0 in other games);
* ``next_void`` / ``next_blocked``: the number it opens is one the next seat has shown
  it lacks (passed on it, or drew facing it) / the next seat lacks both open ends then;
* ``partner_void`` / ``partner_number``: with partners, the number it opens is one the
  partner has shown it lacks / the number the partner's last placement opened;
* ``dead``: how many tiles of the number it opens are on the line once it is down.

Its weights are fitted per game by maximum likelihood to recorded rounds
(``bench/train_play_model.py``; the fit is :func:`strategy.choice_model.fit_theta`) and
kept in ``strategy/play_model.json``. Like :class:`ChoiceModel` it weighs sampled deals
(:meth:`PlayModel.steps`, :meth:`PlayModel.log_weight`: the public part of every
placement's utility is worked out once per view, so a deal costs what the four-feature
model's does), and it can choose a move itself (:meth:`PlayModel.policy`): a bot that
plays like the rounds it was fitted to, sharper or looser by a temperature.

Voids here are what a player sees at a glance (a pass on two ends, the ends at a draw),
not the exact inference of :mod:`engine.holdings`: this is a model of how people choose.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from engine import Action, Rules, SeatView
from engine.actions import DRAW, DRAW_ID, LEAD, PASS, PLACE
from engine.scoring import fives_points
from engine.tiles import DOUBLE_MASK, HIGH, LOW, NUM_TILES, PIPS, SUIT_MASK, TILES, Tile, ids_in

__all__ = ["FEATURES", "PlayModel", "PlayStep", "load_play_model", "public_steps", "step_rows"]

FEATURES = ("pips", "double", "keeps", "long", "scores", "next_void", "next_blocked", "partner_void",
            "partner_number", "dead")
#: the features that depend on the rest of the chooser's hand (worked out per sampled deal)
KEEPS, LONG = 2, 3
MODEL_FILE = Path(__file__).with_name("play_model.json")
LEFT, RIGHT = 0, 1


def _other(tile: int, number: int) -> int:
    return HIGH[tile] if LOW[tile] == number else LOW[tile]


def hand_features(hand: int, tile: int, opened: int, kept_end: int) -> tuple[int, int]:
    """``keeps``: the hand's other tiles that still fit an open end once ``tile`` opens
    ``opened`` beside ``kept_end``; ``long``: those showing ``opened``."""
    rest = hand & ~(1 << tile)
    return (rest & (SUIT_MASK[opened] | SUIT_MASK[kept_end])).bit_count(), (rest & SUIT_MASK[opened]).bit_count()


@dataclass(frozen=True)
class PlayStep:
    """One placement of the round: ``seat`` put ``tile`` on end ``side`` (0 left, 1 right)
    of ``ends`` at history index ``index``. ``public`` holds, for every placement a hand
    could have made there (``(tile, side)``), the features of :data:`FEATURES` that do
    not depend on the hand (``keeps`` and ``long`` are 0), and what it opens beside what:
    ``(opened, kept_end, features)``. ``later_placed``: the tiles the seat placed from
    this step on."""
    index: int
    seat: int
    ends: tuple[int, int]
    tile: int
    side: int
    later_placed: int
    public: dict[tuple[int, int], tuple[int, int, tuple[float, ...]]] = field(repr=False)

    @property
    def fits(self) -> int:
        return SUIT_MASK[self.ends[0]] | SUIT_MASK[self.ends[1]]


class _Table:
    """The public state walked along a view's history: open ends, the tiles lying at them,
    tiles on the line, each seat's shown voids and the number its last placement opened."""

    def __init__(self, view: SeatView) -> None:
        rules = view.rules or Rules.preset("draw")
        self.flags = rules.flags
        self.n = view.num_players
        start = view.start_line
        self.on_line = 0
        for a, b in start:
            self.on_line |= 1 << _tile_id(a, b)
        self.end_tiles = [start[0], start[-1]] if start else [None, None]
        self.voids: list[set[int]] = [set() for _ in range(self.n)]
        self.opened: list[int | None] = [None] * self.n

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.flags.partners and self.n == 4 else None

    def options(self, seat: int, ends: tuple[int, int]) -> dict[tuple[int, int], tuple[int, int, tuple[float, ...]]]:
        """Every placement a hand could make on ``ends`` now (tiles not on the line), with
        its public features."""
        left, right = ends
        out = {}
        unseen = ~self.on_line & ((1 << NUM_TILES) - 1)
        for side, (at, kept) in enumerate(((left, right), (right, left))):
            if side == RIGHT and right == left:
                break  # the same placement either way: one choice
            tiles = unseen & SUIT_MASK[at]
            while tiles:
                low = tiles & -tiles
                t = low.bit_length() - 1
                tiles ^= low
                opened = _other(t, at)
                out[(t, side)] = (opened, kept, self._features(seat, t, side, opened, kept))
        return out

    def _features(self, seat: int, t: int, side: int, opened: int, kept: int) -> tuple[float, ...]:
        scores = 0.0
        if self.flags.fives:
            at_end = list(self.end_tiles)
            at_end[side] = (LOW[t], HIGH[t])
            new = (opened, kept) if side == LEFT else (kept, opened)
            scores = fives_points(at_end, new[0], new[1], self.flags.both_halves) / 5
        nxt = self.voids[(seat + 1) % self.n]
        mate = self.partner(seat)
        dead = ((self.on_line | 1 << t) & SUIT_MASK[opened]).bit_count()
        return (float(PIPS[t]), float(DOUBLE_MASK >> t & 1), 0.0, 0.0, scores,
                float(opened in nxt), float(opened in nxt and kept in nxt),
                float(mate is not None and opened in self.voids[mate]),
                float(mate is not None and self.opened[mate] == opened), float(dead))

    def apply(self, seat: int, action: Action, ends: tuple[int, int] | None) -> None:
        if action.kind == PASS and ends is not None:
            self.voids[seat] |= set(ends)
        elif action.kind == DRAW:
            # it lacked the ends then; what it drew is unknown to the others
            self.voids[seat] = set(ends) if ends is not None else set()
        elif action.kind == LEAD:
            t = action.tile.id
            self.on_line |= 1 << t
            self.end_tiles = [(LOW[t], HIGH[t])] * 2
        elif action.kind == PLACE and ends is not None:
            t, side = action.tile.id, LEFT if action.end == "L" else RIGHT
            self.on_line |= 1 << t
            self.end_tiles[side] = (LOW[t], HIGH[t])
            self.opened[seat] = _other(t, ends[side])


def _tile_id(a: int, b: int) -> int:
    return Tile(min(a, b), max(a, b)).id


def public_steps(view: SeatView, *, everyone: bool = False) -> list[PlayStep]:
    """The placements of ``view``'s history with their public features: the other seats'
    (their choices are what a deal is weighed by), or every seat's with ``everyone``
    (training data, where every hand is known)."""
    table = _Table(view)
    out: list[PlayStep] = []
    for i, (seat, action, ends) in enumerate(view.history):
        if action.kind == PLACE and ends is not None and (everyone or seat != view.seat):
            left, right = ends
            side = LEFT if action.end == "L" or left == right else RIGHT
            out.append(PlayStep(i, seat, (left, right), action.tile.id, side, 0, table.options(seat, ends)))
        table.apply(seat, action, ends)
    placed: dict[int, int] = {}
    for k in range(len(out) - 1, -1, -1):
        step = out[k]
        placed[step.seat] = placed.get(step.seat, 0) | 1 << step.tile
        out[k] = replace(step, later_placed=placed[step.seat])
    return out


def hands_at(steps: list[PlayStep], rnd) -> list[tuple[PlayStep, int]]:
    """Each step with the hand its seat held then in the deal ``rnd`` (a Round at the
    view's position): its hand now, plus what it placed from the step on, minus what it
    drew from the step on (bitmasks, no replay)."""
    history = rnd.history
    drawn_later: dict[int, int] = {}
    at = len(history)
    out = []
    for step in reversed(steps):
        while at > step.index:
            at -= 1
            seat, aid, drawn = history[at]
            if aid == DRAW_ID:
                drawn_later[seat] = drawn_later.get(seat, 0) | 1 << drawn
        out.append((step, (rnd.hands[step.seat] | step.later_placed) & ~drawn_later.get(step.seat, 0)))
    out.reverse()
    return out


def step_rows(step: PlayStep, hand: int) -> tuple[list[tuple[int, int]], list[tuple[float, ...]]]:
    """The placements ``hand`` could make at ``step`` and their full feature rows."""
    keys, rows = [], []
    for key, (opened, kept, public) in step.public.items():
        if hand >> key[0] & 1:
            keeps, long = hand_features(hand, key[0], opened, kept)
            row = list(public)
            row[KEEPS], row[LONG] = float(keeps), float(long)
            keys.append(key)
            rows.append(tuple(row))
    return keys, rows


@dataclass(frozen=True)
class PlayModel:
    """Weights over :data:`FEATURES` per game (``Rules.preset_name``); a game without its
    own weights uses ``default``."""
    weights: dict[str, tuple[float, ...]]
    default: str = "laplaza_partners"

    def theta(self, rules: Rules | None) -> tuple[float, ...]:
        name = rules.preset_name if rules is not None else self.default
        return self.weights.get(name, self.weights[self.default])

    def sharpened(self, factor: float) -> "PlayModel":
        """The same model with every weight times ``factor`` (1 / temperature)."""
        return PlayModel({g: tuple(w * factor for w in ws) for g, ws in self.weights.items()}, self.default)

    # -- weighing sampled deals (the interface of ChoiceModel, for strategy.evaluate)
    def steps(self, view: SeatView) -> list[tuple[PlayStep, dict, float, float]]:
        """The other seats' placements in ``view``, each with the public part of every
        placement's utility worked out once (by tile: ``[(side, opened, kept, u)]``), and
        the two hand weights."""
        theta = self.theta(view.rules)
        out = []
        for step in public_steps(view):
            by_tile: dict[int, list] = {}
            for (t, side), (opened, kept, public) in step.public.items():
                by_tile.setdefault(t, []).append((side, opened, kept, sum(w * x for w, x in zip(theta, public))))
            out.append((step, by_tile, theta[KEEPS], theta[LONG]))
        return out

    def log_weight(self, steps, rnd) -> float:
        """The log-likelihood of the placements in ``steps`` under the deal ``rnd``."""
        if not steps:
            return 0.0
        total = 0.0
        for (step, by_tile, wk, wl), (_, hand) in zip(steps, hands_at([s[0] for s in steps], rnd)):
            utilities, chosen = [], 0.0
            for t in ids_in(hand & step.fits):
                for side, opened, kept, u in by_tile[t]:
                    k, lg = hand_features(hand, t, opened, kept)
                    u += wk * k + wl * lg
                    utilities.append(u)
                    if t == step.tile and side == step.side:
                        chosen = u
            if len(utilities) < 2:
                continue  # one placement: no choice
            top = max(utilities)
            total += chosen - top - math.log(sum(math.exp(x - top) for x in utilities))
        return total

    # -- choosing (a bot that plays like the model)
    def policy(self, view: SeatView) -> dict[Action, float]:
        """The probability of each placement the seat to move can make now (its own hand),
        or {} when it has no placement to choose between (a lead, a draw, a pass)."""
        if view.ends is None:
            return {}
        table = _Table(view)
        for seat, action, ends in view.history:
            table.apply(seat, action, ends)
        hand = 0
        for tile in view.hand:
            hand |= 1 << tile.id
        step = PlayStep(len(view.history), view.seat, tuple(view.ends), -1, LEFT, 0,
                        table.options(view.seat, tuple(view.ends)))
        keys, rows = step_rows(step, hand)
        if not keys:
            return {}
        theta = self.theta(view.rules)
        utilities = [sum(w * x for w, x in zip(theta, row)) for row in rows]
        top = max(utilities)
        weights = [math.exp(u - top) for u in utilities]
        norm = sum(weights)
        return {Action.place(TILES[t], "L" if side == LEFT else "R"): w / norm
                for (t, side), w in zip(keys, weights)}

    def to_json(self) -> dict:
        return {"features": list(FEATURES), "default": self.default,
                "weights": {g: [round(w, 4) for w in ws] for g, ws in sorted(self.weights.items())}}

    @staticmethod
    def from_json(data: dict) -> "PlayModel":
        if list(data["features"]) != list(FEATURES):
            raise ValueError("the model file was fitted for other features: run bench/train_play_model.py")
        return PlayModel({g: tuple(map(float, ws)) for g, ws in data["weights"].items()}, data["default"])


@lru_cache(maxsize=1)
def load_play_model(path: Path = MODEL_FILE) -> PlayModel:
    """The fitted model kept beside this module."""
    return PlayModel.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
