"""Real rounds for puzzles: deal with the engine, play with a seeded policy, stop.

Every puzzle position is reached by legal play from ``engine.deal(rules, seed)``, so
it is always a position that can happen at the table. Random streams are seeded with
strings (stable across processes); no global random state is used.

>>> from engine import Rules
>>> rnd = deal_round(Rules.preset("laplaza_partners"), "7.0")
>>> finish(rnd, rng_for("doc", 7))
>>> rnd.is_over, rnd.public_history()[0][0] == rnd.leader
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from engine import ACTIONS, Match, Round, Rules, deal, position_from_dict, position_to_dict


def rng_for(*parts: Any) -> random.Random:
    """A private random stream named by ``parts`` (the same in every process)."""
    return random.Random("capicu-puzzles:" + ":".join(str(p) for p in parts))


def deal_round(rules: Rules, seed: str, round_number: int = 1) -> Round:
    return deal(rules, seed, round_number)


def choose(rnd: Round, rng: random.Random) -> int:
    """The policy: half the time shed the heaviest tile that fits, otherwise any legal move."""
    legal = rnd.legal_action_ids()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.5:
        weights = [ACTIONS[a].tile.pips if ACTIONS[a].tile is not None else -1 for a in legal]
        top = max(weights)
        legal = [a for a, w in zip(legal, weights) if w == top]
    return legal[int(rng.random() * len(legal))]


def finish(rnd: Round, rng: random.Random) -> None:
    """Play the round to its end."""
    while rnd.result is None:
        rnd.apply_id(choose(rnd, rng))


def walk(rnd: Round, rng: random.Random) -> Iterator[Round]:
    """Yield the round before every action until it ends (the same object: copy to keep)."""
    while rnd.result is None:
        yield rnd
        rnd.apply_id(choose(rnd, rng))


def position_of(rnd: Round) -> dict[str, Any]:
    """The engine notation without the result (the answer must not ride along)."""
    data = position_to_dict(rnd)
    data.pop("result", None)
    return data


def load(position: dict[str, Any]) -> Round:
    """The engine round of a puzzle position (the engine replays and checks its history)."""
    return position_from_dict(position)


def under(rnd: Round, **options: Any) -> Round:
    """The same round replayed under other scoring options (legality is unchanged)."""
    data = position_of(rnd)
    data["rules"] = rnd.rules.with_options(**options).to_dict()
    return load(data)


def play_match(rules: Rules, seed: str, rng: random.Random, max_rounds: int = 60) -> list[Round]:
    """Every round of a match played by the policy, each finished, with its starting totals."""
    match = Match.start(rules, seed)
    rounds: list[Round] = []
    for _ in range(max_rounds):
        finish(match.round, rng)
        rounds.append(match.round.copy())
        match.finish_round()
        if match.is_over:
            break
    return rounds


__all__ = ["choose", "deal_round", "finish", "load", "play_match", "position_of", "rng_for", "under", "walk"]
