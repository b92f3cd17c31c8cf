"""Random rounds: the fastest loop the engine has, used by the CLI, tests and benchmarks."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterator

from .dealing import deal_from
from .round import Round
from .rules import Rules


def random_rounds(rules: Rules, games: int, seed: int = 0) -> Iterator[Round]:
    """Deal ``games`` rounds from one seeded stream and play each with random legal moves."""
    rng = random.Random(f"capicu-simulate:{seed}")
    for _ in range(games):
        rnd = deal_from(rules, rng)
        rnd.playout(rng)
        yield rnd


def simulate(rules: Rules, games: int, seed: int = 0) -> dict[str, Any]:
    """How ``games`` random rounds ended: counts of dominoes, blocks, ties and capicús,
    the mean length and the mean points per side (``python -m engine simulate``)."""
    kinds: Counter[str] = Counter()
    actions = capicu = ties = 0
    points = [0] * rules.flags.units
    for rnd in random_rounds(rules, games, seed):
        result = rnd.result
        kinds[result.kind] += 1
        actions += len(rnd.history)
        capicu += result.capicu
        ties += result.tie
        for side, gained in enumerate(result.total):
            points[side] += gained
    return {
        "preset": rules.preset_name,
        "players": rules.num_players,
        "games": games,
        "dominoes": kinds["domino"],
        "blocks": kinds["block"],
        "targets": kinds["target"],
        "tied_blocks": ties,
        "capicu": capicu,
        "mean_actions": round(actions / games, 2),
        "mean_points": [round(p / games, 2) for p in points],
    }
