"""Rounds in many states, for board tests: every preset and table size, seeded.

>>> rounds = list(sample_rounds(per_preset=1))
>>> len(rounds) > 6 and all(r.rules.num_players == len(r.hands) for _, r in rounds)
True
"""

from __future__ import annotations

import random
from typing import Iterator

from engine import PRESETS, Round, Rules, deal


def round_id(value: object) -> str:
    """pytest ids for ``(name, round)`` parameters: the name, nothing for the round."""
    return value if isinstance(value, str) else ""


#: The seat names the board tests use, per table size.
LABELS = {2: ["You", "Opponent"], 3: ["You", "Player 2", "Player 3"],
          4: ["You", "Luis", "Ana", "Marco"]}


def play_random(rnd: Round, steps: int, rng: random.Random) -> Round:
    for _ in range(steps):
        if rnd.is_over:
            break
        actions = rnd.legal_actions()
        rnd.apply(actions[int(rng.random() * len(actions))])
    return rnd


def sample_rounds(per_preset: int = 6, seed: int = 2026) -> Iterator[tuple[str, Round]]:
    """``(name, round)`` pairs: each preset at each table size, cut at random points."""
    rng = random.Random(seed)
    for preset, (players, _) in PRESETS.items():
        for n in players:
            rules = Rules.preset(preset, players=n)
            for k in range(per_preset):
                rnd = deal(rules, seed=f"{preset}-{n}-{k}")
                play_random(rnd, rng.randrange(0, 40), rng)
                yield f"{preset}/{n}p/{k}/{len(rnd.history)}", rnd


def full_line(start: int = 6) -> list[tuple[int, int]]:
    """All 28 tiles in one line (an Euler circuit of the double-six set), as they lie.

    >>> line = full_line()
    >>> len(line), all(a[1] == b[0] for a, b in zip(line, line[1:]))
    (28, True)
    """
    unused = {(a, b) for a in range(7) for b in range(a, 7)}
    stack, path = [start], []
    while stack:
        v = stack[-1]
        nxt = next((t for t in sorted(unused) if v in t), None)
        if nxt is None:
            path.append(stack.pop())
            continue
        unused.remove(nxt)
        stack.append(nxt[0] + nxt[1] - v)
    return list(zip(path, path[1:]))


def finished_round(preset: str, seed: int, players: int | None = None) -> tuple[Round, Round]:
    """(the deal at its start, the same round played to its end by random legal moves)."""
    rules = Rules.preset(preset, players=players) if players else Rules.preset(preset)
    real = deal(rules, seed)
    start = real.copy()
    rng = random.Random(seed)
    while not real.is_over:
        actions = real.legal_actions()
        real.apply(actions[int(rng.random() * len(actions))])
    return start, real
