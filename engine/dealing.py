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


def _radix_groups() -> list[tuple[int, tuple[int, ...]]]:
    """The Fisher-Yates radices 28, 27, ..., 2 in groups whose product stays below 2**30."""
    groups: list[tuple[int, tuple[int, ...]]] = []
    radices: list[int] = []
    product = 1
    for radix in range(NUM_TILES, 1, -1):
        if product * radix >= 1 << 30:
            groups.append((product, tuple(radices)))
            radices, product = [], 1
        radices.append(radix)
        product *= radix
    groups.append((product, tuple(radices)))
    return groups


_RADIX_GROUPS = _radix_groups()


def _straight_line_shuffle(items: list[int], last_step: int = 1):
    """A function ``shuffle(rng)`` returning a shuffled copy of ``items`` (28 values),
    written out as straight-line code.

    It is a Fisher-Yates shuffle: one 160-bit draw gives all 27 swap positions as the
    digits of one number in mixed radix 28, 27, ..., 2 (28! < 2**98, so the bias is below
    2**-60). The digits are split off a few at a time, so most of the arithmetic is on
    small integers, and the steps are unrolled: dealing is a third of a simulated
    round, and this is twice as fast as ``rng.shuffle``. The order is exactly that of the
    plain loop ``for i in 27..1: x, j = divmod(x, i + 1); swap(i, j)``.

    Steps ``i < last_step`` only reorder the first ``last_step`` places among
    themselves; a deal, which only needs each hand as a set, stops before them.
    """
    lines = ["def shuffle(rng):",
             "    order = ITEMS[:]",
             "    x = rng.getrandbits(160)"]
    i = NUM_TILES - 1
    for product, radices in _RADIX_GROUPS:
        if i < last_step:
            break
        lines.append(f"    x, digits = divmod(x, {product})")
        for radix in radices:
            if i < last_step:
                break
            lines.append(f"    j = digits % {radix}; digits //= {radix}; order[{i}], order[j] = order[j], order[{i}]")
            i -= 1
    lines.append("    return order")
    namespace: dict = {"ITEMS": list(items)}
    exec("\n".join(lines), namespace)  # our own text, built just above
    return namespace["shuffle"]


_BIT = [1 << t for t in range(NUM_TILES)]
_TILE_OF_BIT = {1 << t: t for t in range(NUM_TILES)}

#: The 28 tile ids in a uniformly random order (see _straight_line_shuffle).
shuffled_tiles = _straight_line_shuffle(list(range(NUM_TILES)))
def _dealer(rules: Rules) -> tuple:
    """How to deal for these rules, kept on ``rules.flags``: (shuffle, where each hand lies
    in its result, how many tiles are dealt). The shuffle gives the same order as
    ``shuffled_tiles`` from the same stream, but as tile bits (a hand's mask is then the
    plain sum of its slice) and without the last steps, which only reorder seat 0's hand."""
    size, n = rules.hand_size, rules.num_players
    dealer = (_straight_line_shuffle(_BIT, size),
              tuple(slice(seat * size, (seat + 1) * size) for seat in range(n)), n * size)
    rules.flags.dealer = dealer
    return dealer


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
    flags = rules.flags
    shuffle, parts, dealt = flags.dealer or _dealer(rules)
    bits = shuffle(rng)
    hands = [sum(bits[part]) for part in parts]
    rest = bits[dealt:]
    if rules.stock_mode == "draw":
        stock, sleeping = list(map(_TILE_OF_BIT.__getitem__, rest)), 0
    else:
        stock, sleeping = [], sum(rest)
    forced_seat, forced_tile = lead_requirement(rules, round_number, hands, previous_rule)
    lot: dict[int, int] | None = None
    if forced_seat is not None:
        leader = forced_seat
    elif leader is None and round_number <= 1 and rules.first_lead == "seat_any":
        leader = 0  # a fixed seat leads any tile (tests and compatibility)
    elif leader is None:
        picks = (lot_rng or rng).sample(range(NUM_TILES), flags.n)
        lot = dict(enumerate(picks))
        leader = lot_winner(lot)
    return Round(rules, hands, stock, sleeping, leader, round_number, score, forced_tile, lot, seed)
