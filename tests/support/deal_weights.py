"""Checking a reading of the other seats' choices (strategy.choice_model, strategy.play_model)
against a slow engine replay: the weight its bitmask walk gives a deal must be the one the
replay works out, for the real deal and for deals sampled from the same view."""

from __future__ import annotations

import random
from typing import Callable

import pytest

from engine import Round, Rules, deal
from engine.inference import sample_deals
from tests.support.positions import play_random


def played(preset: str, seed: int, steps: int) -> Round:
    return play_random(deal(Rules.preset(preset), seed=seed), steps, random.Random(seed))


def check_against_replay(model, preset: str, seed: int, steps: int, replayed: Callable) -> None:
    """``replayed(model, deal, view)``: the slow likelihood of the other seats' choices."""
    rnd = played(preset, seed, steps)
    if rnd.is_over:
        return
    view = rnd.view(rnd.turn)
    fast_steps = model.steps(view)
    for sampled in [rnd] + sample_deals(view, random.Random(seed), 3):
        fast = model.log_weight(fast_steps, sampled)
        assert fast <= 1e-9
        assert fast == pytest.approx(replayed(model, sampled, view), abs=1e-9)


def rewound(rnd: Round) -> tuple[Round, list[tuple[int, int, int]]]:
    """A copy of ``rnd`` undone to its first move, and the history entries to replay."""
    r = rnd.copy()
    past = []
    while r.history:
        past.append(r.history[-1])
        r.undo()
    return r, past[::-1]
