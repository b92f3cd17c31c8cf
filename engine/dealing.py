"""Reproducible deals and lots.

The same seed, rules and round number always give the same deal and the same lot,
on every machine and in every process: the random streams are seeded with strings,
which Python hashes with SHA-512 (not with the per-process ``hash()``).

>>> from engine import Rules
>>> a = deal(Rules.preset("laplaza_1v1"), seed=7)
>>> b = deal(Rules.preset("laplaza_1v1"), seed=7)
>>> a.hands == b.hands and a.stock_ids == b.stock_ids and a.leader == b.leader
True
>>> len(a.stock_ids), [len(a.hand(s)) for s in range(2)]
(14, [7, 7])
"""

from __future__ import annotations

import random
from typing import Sequence

from .rules import Rules
from .round import Round, lead_requirement
from .tiles import NUM_TILES, TILES, lot_key


def _stream(seed: int | str, round_number: int, purpose: str) -> random.Random:
    return random.Random(f"capicu:{seed}:round{round_number}:{purpose}")


def lot_winner(lot: dict[int, int]) -> int:
    return max(lot, key=lambda seat: lot_key(TILES[lot[seat]]))


def shuffled_tiles(rng: random.Random) -> list[int]:
    """The 28 tile ids in a uniformly random order (Fisher-Yates).

    One 160-bit draw gives all 27 swap positions: 28! < 2**98, so the bias is
    below 2**-60, and it is three times faster than ``rng.shuffle``.
    """
    order = list(range(NUM_TILES))
    x = rng.getrandbits(160)
    for i in range(NUM_TILES - 1, 0, -1):
        x, j = divmod(x, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def deal(
    rules: Rules,
    seed: int | str,
    round_number: int = 1,
    leader: int | None = None,
    previous_rule: str | None = None,
    score: Sequence[int] | None = None,
) -> Round:
    """Shuffle and deal round ``round_number`` of a match played with ``seed``.

    ``leader`` is the seat the previous round named (None: the rules or a lot decide);
    ``previous_rule`` is that round's ``next_leader_rule``.
    """
    return deal_from(rules, _stream(seed, round_number, "deal"), round_number, leader, previous_rule,
                     score, lot_rng=_stream(seed, round_number, "lot"), seed=seed)


def deal_from(
    rules: Rules,
    rng: random.Random,
    round_number: int = 1,
    leader: int | None = None,
    previous_rule: str | None = None,
    score: Sequence[int] | None = None,
    lot_rng: random.Random | None = None,
    seed: int | str | None = None,
) -> Round:
    """Deal from a random stream already seeded (simulations deal many rounds from one)."""
    order = shuffled_tiles(rng)
    size, n = rules.hand_size, rules.num_players
    hands = []
    for seat in range(n):
        mask = 0
        for t in order[seat * size:(seat + 1) * size]:
            mask |= 1 << t
        hands.append(mask)
    rest = order[n * size:]
    stock, sleeping = (rest, 0) if rules.stock_mode == "draw" else ([], sum(1 << t for t in rest))
    forced_seat, forced_tile = lead_requirement(rules, round_number, hands, previous_rule)
    lot: dict[int, int] = {}
    if forced_seat is not None:
        leader = forced_seat
    elif leader is None:
        picks = (lot_rng or rng).sample(range(NUM_TILES), n)
        lot = dict(enumerate(picks))
        leader = lot_winner(lot)
    return Round(rules, hands, stock, sleeping, leader, round_number, score,
                 forced_lead=forced_tile, lot=lot, seed=seed)
