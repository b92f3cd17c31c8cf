"""Deals: the shuffle, the hands it gives, and the same seed giving the same deal forever
(puzzle ids and matches are stored as seeds)."""

from __future__ import annotations

import random

from engine import Rules, deal, deal_from, position_to_dict, shuffled_tiles

from .invariants import PRESET_CONFIGS
from .test_notation import doc_examples


def plain_fisher_yates(rng: random.Random) -> list[int]:
    """The shuffle as its docstring defines it: one 160-bit draw, digits in radix 28..2."""
    order = list(range(28))
    x = rng.getrandbits(160)
    for i in range(27, 0, -1):
        x, j = divmod(x, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def test_the_shuffle_is_the_plain_fisher_yates_loop():
    for seed in range(500):
        assert shuffled_tiles(random.Random(seed)) == plain_fisher_yates(random.Random(seed))


def test_deal_from_deals_the_shuffled_order_seat_by_seat():
    for name, n, _, _ in PRESET_CONFIGS:
        r = Rules.preset(name, n)
        mine, reference = random.Random(name), random.Random(name)
        for _ in range(50):
            rnd = deal_from(r, mine)
            order = plain_fisher_yates(reference)
            size = r.hand_size
            assert rnd.hands == [sum(1 << t for t in order[s * size:(s + 1) * size]) for s in range(n)]
            rest = order[n * size:]
            if r.can_draw:
                assert rnd.stock_ids == rest
            else:
                assert rnd.sleeping == sum(1 << t for t in rest) and rnd.stock_ids == []
            if rnd.lot:                               # the lot comes after the shuffle
                assert rnd.lot == dict(enumerate(reference.sample(range(28), n)))


def test_a_seed_deals_the_same_round_as_it_always_has():
    # The document's first example is `python -m engine deal laplaza_1v1 --seed 7`.
    assert position_to_dict(deal(Rules.preset("laplaza_1v1"), 7)) == doc_examples()[0]
    assert position_to_dict(deal(Rules.preset("kozel", 3), 7)) == doc_examples()[1]
