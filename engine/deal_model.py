"""The deal model: every deal consistent with a seat's view, counted exactly (rules C-10,
C-11, C-13, A-28, A-34; the math is in docs/inference.md).

A *deal* is the whole deal at the start of the round: every hand as a set, the stock in
its order (top first) and the sleeping tiles as a set. The prior is uniform over deals.
A deal is *consistent* with a view when replaying the public history on it reproduces
that view: every placement used a tile its player held, every pass and every draw was
forced (nothing fitted), every draw took the then-top stock tile, the round did not
block before it did (or blocked when it did), the forced lead was the rules' one, and
the viewer's own hand and draws are the ones it saw.

The tiles the viewer does not know the place of are assigned to *bins*:

* each other seat's initial hand (a set),
* each draw of another seat (one stock position: the tile it drew then),
* the rest of the stock (ordered positions; the drawable part and the reserve apart),
* the sleeping tiles (a set).

A tile's allowed bins follow from the public record alone (``engine.evidence``): a tile
in a seat's hand at one of its passes or draws shows neither end number, a tile the seat
placed came from its initial hand or an earlier draw of its own, Kozel's priority lead
shows that no initial hand held a tile of higher priority. Uniform over deals is then
uniform over assignments of tiles to bins that respect the allowed sets and fill every
bin exactly. Bins of one holder with the same allowed tiles form a *class*; tiles allowed
in the same classes form a *group*. A dynamic programme over the groups, with the room
left in each class as its state, counts the assignments exactly (Python ints), which
gives exact probabilities, an exactly uniform sequential sampler and an enumerator that
visits every consistent deal once.

One fact is not a per-bin rule: a round that goes on was not blocked (C-13), so when
the stock cannot be drawn and the viewer cannot play, *someone else* holds a tile that
fits. That disjunction is counted by inclusion-exclusion: all deals, minus those in
which every other hand (and, with a dead-board call, the drawable stock) misses the
ends. Both terms use the same classes, so the sampler and the enumerator stay exact.

This module knows views and plain deals (masks and tile ids), never a Round:
``engine.inference`` turns its deals into rounds.

>>> from engine import Round, Rules
>>> r = Round.from_hands(Rules.preset("laplaza_1v1"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
...     "1-2 1-3 1-4 1-5 2-2 2-3 2-4"], "1-1 3-6 0-6 1-6 2-5 2-6 3-3 3-4 3-5 4-4 4-5 4-6 5-5 5-6")
>>> m = model(r.view(0))     # before the lead, seat 0 has not seen 21 tiles: 7 in hand 1, 14 in the stock
>>> m.total() == comb(21, 7), m.multiplier == factorial(14)   # which 7 are seat 1's, and the stock's order
(True, True)
>>> count_deals(r.view(0)) == m.total() * m.multiplier
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, permutations
from math import comb, factorial
from typing import Any, Iterator, Sequence, Union

from .actions import DRAW
from .evidence import Events, fits_mask, forbidden_between, lead_facts, seat_events
from .tiles import NUM_TILES, ids_in
from .view import SeatViewData

STOCK = "stock"
SLEEPING = "sleeping"
Holder = Union[int, str]
#: What a consistent deal is, as plain data: (the start hands as masks, the stock top
#: first, the sleeping tiles as a mask).
Deal = tuple[list[int], list[int], int]


def splits(items: Sequence[int], parts: Sequence[tuple[int, bool]]) -> Iterator[list[list[int]]]:
    """Every way to deal ``items`` out into parts of the given (size, ordered), each once:
    a set part takes a combination of what is left, an ordered part a permutation.

    >>> list(splits([1, 2, 3], [(1, False), (2, True)]))
    [[[1], [2, 3]], [[1], [3, 2]], [[2], [1, 3]], [[2], [3, 1]], [[3], [1, 2]], [[3], [2, 1]]]
    """
    if not parts:
        yield []
        return
    size, ordered = parts[0]
    for first in (permutations if ordered else combinations)(items, size):
        rest = [t for t in items if t not in first]
        for tail in splits(rest, parts[1:]):
            yield [list(first), *tail]


@dataclass
class _Bin:
    """Where some tiles of the deal lie: a hand, one drawn tile, the stock, the sleepers."""

    holder: Holder          # who holds its tiles now: a seat, "stock" or "sleeping"
    where: tuple            # how the deal is rebuilt: ("hand", seat), ("draw", index), ("stock",), ...
    room: int               # tiles it takes from the model (after the forced ones)
    ordered: bool           # stock positions are ordered; hands and sleepers are sets
    forbid: int             # unseen tiles it cannot take (the model's own rules)
    forbid_b: int = 0       # more that it cannot take in the "nobody else can play" term
    placed_ok: int = 0      # tiles placed later (seen) that may have come from here
    forced: list = field(default_factory=list)  # tile ids known to be here


@dataclass
class _Model:
    """The bins, classes and groups of a view, and the exact counts over them.

    The counting runs over a chain of small decisions: for each group in turn, for each
    class it may go to, how many of its tiles go there (the last class takes the rest).
    Putting k of the ``left`` tiles there can be done in C(left, k) ways, so a whole
    group's share is counted with its multinomial coefficient. The state is (step, tiles
    of the group left, room left in every class), memoised.
    """

    view: Any
    bins: list[_Bin]
    classes: list[tuple[Holder, int, list[int]]]   # (holder, room, bin indices)
    groups: list[tuple[list[int], tuple[int, ...], tuple[int, ...] | None]]
    multiplier: int
    two_terms: bool
    viewer_start: int                              # the viewer's hand at the start (mask)
    viewer_draws: dict[int, int]                   # history index -> tile id
    consistent: bool
    draw_tiles: dict[int, int]                     # history index -> tile placed at once after it
    _memo: list[dict] = field(default_factory=lambda: [{}, {}])
    _masses: dict | None = None
    steps: list[tuple[int, int, bool, bool, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        # One step per (group, allowed class): (group, class, last of its group, allowed
        # in the subtracted term, size of the next group).
        for i, (tiles, allowed_a, allowed_b) in enumerate(self.groups):
            if not allowed_a:
                self.consistent = False  # a tile with nowhere to go
                return
            nxt = len(self.groups[i + 1][0]) if i + 1 < len(self.groups) else 0
            for j, c in enumerate(allowed_a):
                self.steps.append((i, c, j == len(allowed_a) - 1, allowed_b is not None and c in allowed_b, nxt))

    def room(self) -> tuple[int, ...]:
        return tuple(r for _, r, _ in self.classes)

    def first_left(self) -> int:
        return len(self.groups[0][0]) if self.groups else 0

    # ---- counting
    def choices(self, term: int, s: int, left: int, room: tuple[int, ...]):
        """The decisions at step ``s``: (tiles put in its class, ways, next left, next room)."""
        _, c, last, b_ok, nxt = self.steps[s]
        top = min(left, room[c])
        if term == 1 and not b_ok:
            top = 0
        out = []
        for k in ((left,) if last else range(top + 1)):
            if k > top:
                continue
            new_room = room if k == 0 else room[:c] + (room[c] - k,) + room[c + 1:]
            out.append((k, comb(left, k), nxt if last else left - k, new_room))
        return out

    def count(self, term: int, s: int, left: int, room: tuple[int, ...]) -> int:
        """Ways to finish from step ``s`` (term 0: all deals; 1: nobody else can play)."""
        if s == len(self.steps):
            return 1
        memo = self._memo[term]
        key = (s, left, room)
        got = memo.get(key)
        if got is None:
            got = 0
            for _, ways, nxt_left, nxt_room in self.choices(term, s, left, room):
                rest = self.count(term, s + 1, nxt_left, nxt_room)
                if rest:
                    got += ways * rest
            memo[key] = got
        return got

    def total(self) -> int:
        """Consistent class assignments (not yet multiplied by the orders within classes)."""
        if not self.consistent:
            return 0
        n = self.count(0, 0, self.first_left(), self.room())
        if self.two_terms:
            n -= self.count(1, 0, self.first_left(), self.room())
        return n

    def masses(self) -> dict[int, dict[int, int]]:
        """For each model tile: class -> number of consistent class assignments that put it there."""
        if self._masses is None:
            self._masses = self._forward_backward() if self.consistent else {}
        return self._masses

    def _forward_backward(self) -> dict[int, dict[int, int]]:
        # Forward: the ways to reach each state; backward: count(). A tile of a group of
        # g tiles lies in a class in k/g of the assignments that put k of them there.
        per_group: dict[tuple[int, int], int] = {}
        for term, sign in ((0, 1), (1, -1)) if self.two_terms else ((0, 1),):
            level = {(self.first_left(), self.room()): 1}
            for s, (i, c, _, _, _) in enumerate(self.steps):
                nxt: dict[tuple[int, tuple[int, ...]], int] = {}
                mass = 0
                for (left, room), ways_in in level.items():
                    for k, ways, nxt_left, nxt_room in self.choices(term, s, left, room):
                        rest = self.count(term, s + 1, nxt_left, nxt_room)
                        if not rest:
                            continue
                        x = ways_in * ways
                        mass += x * rest * k
                        nxt[(nxt_left, nxt_room)] = nxt.get((nxt_left, nxt_room), 0) + x
                level = nxt
                if mass:
                    per_group[(i, c)] = per_group.get((i, c), 0) + sign * mass
        out: dict[int, dict[int, int]] = {}
        for i, (tiles, _, _) in enumerate(self.groups):
            for t in tiles:
                out[t] = {c: m // len(tiles) for (g, c), m in per_group.items() if g == i and m}
        return out

    # ---- sampling and enumerating
    def _options(self, s: int, left: int, room: tuple[int, ...], in_b: bool):
        """The decisions at step ``s`` with a consistent completion: (ways x consistent
        completions, k, next left, next room, whether the prefix is still possible in the
        subtracted term). Exact integers, in the order of :meth:`choices`."""
        b_next = {}
        if in_b:
            b_next = {k: self.count(1, s + 1, nl, nr) for k, _, nl, nr in self.choices(1, s, left, room)}
        options = []
        for k, ways, nxt_left, nxt_room in self.choices(0, s, left, room):
            w = (self.count(0, s + 1, nxt_left, nxt_room) - b_next.get(k, 0)) * ways
            if w > 0:
                options.append((w, k, nxt_left, nxt_room, in_b and k in b_next))
        return options

    def sample_assignment(self, rng: random.Random) -> dict[int, list[int]]:
        """Class -> tiles, exactly uniform over the consistent assignments: each decision
        is drawn with weight (ways) x (consistent completions after it), exact integers."""
        left, room = self.first_left(), self.room()
        in_b = self.two_terms   # is the prefix still possible in the subtracted term?
        chosen: dict[int, list[int]] = {c: [] for c in range(len(self.classes))}
        counts: list[int] = []
        for s, (i, c, last, _, _) in enumerate(self.steps):
            options = self._options(s, left, room, in_b)
            pick = rng.randrange(sum(w for w, *_ in options))
            for w, k, nxt_left, nxt_room, nxt_in_b in options:
                if pick < w:
                    break
                pick -= w
            counts.append(k)
            if last:  # the group's share is known: which of its tiles go where is uniform
                tiles = list(self.groups[i][0])
                rng.shuffle(tiles)
                at = 0
                for cls, n in zip(self.groups[i][1], counts):
                    chosen[cls].extend(tiles[at:at + n])
                    at += n
                counts = []
            left, room, in_b = nxt_left, nxt_room, nxt_in_b
        return chosen

    def every_assignment(self) -> Iterator[dict[int, list[int]]]:
        """Every consistent assignment (class -> tiles) once, in a fixed order: the
        sampler's chain walked in full. Only decisions with a consistent completion are
        taken (so an assignment the subtracted term removes is never reached), and at the
        end of each group every split of its tiles among the chosen counts."""
        if self.total() == 0:
            return
        empty = tuple(() for _ in self.classes)
        for chosen in self._walk(0, self.first_left(), self.room(), self.two_terms, (), empty):
            yield {c: list(tiles) for c, tiles in enumerate(chosen)}

    def _walk(self, s: int, left: int, room: tuple[int, ...], in_b: bool, counts: tuple[int, ...],
              chosen: tuple[tuple[int, ...], ...]) -> Iterator[tuple[tuple[int, ...], ...]]:
        if s == len(self.steps):
            yield chosen
            return
        i, _, last, _, _ = self.steps[s]
        for _, k, nxt_left, nxt_room, nxt_in_b in self._options(s, left, room, in_b):
            if not last:
                yield from self._walk(s + 1, nxt_left, nxt_room, nxt_in_b, counts + (k,), chosen)
                continue
            tiles, classes, _ = self.groups[i]
            for parts in splits(tiles, [(n, False) for n in counts + (k,)]):
                grown = list(chosen)
                for cls, part in zip(classes, parts):
                    grown[cls] += tuple(part)
                yield from self._walk(s + 1, nxt_left, nxt_room, nxt_in_b, (), tuple(grown))

    # ---- from classes to bins to a deal
    def shuffled_contents(self, chosen: dict[int, list[int]], rng: random.Random) -> dict[tuple, list[int]]:
        """Bin -> tiles for one assignment, uniform over the ways to spread each class's
        tiles over its bins (which hand or draw, and the order of stock positions)."""
        contents: dict[tuple, list[int]] = {}
        for c, (_, _, members) in enumerate(self.classes):
            tiles = chosen.get(c, [])
            rng.shuffle(tiles)
            at = 0
            for k in members:
                b = self.bins[k]
                contents[b.where] = b.forced + tiles[at:at + b.room]
                at += b.room
        return contents

    def every_contents(self, chosen: dict[int, list[int]]) -> Iterator[dict[tuple, list[int]]]:
        """Bin -> tiles for every way to spread each class's tiles over its bins, once each:
        a set bin takes a combination, a stock position (or run of them) a permutation."""
        fixed: dict[tuple, list[int]] = {}
        spread = []
        for c, (_, _, members) in enumerate(self.classes):
            bins = [self.bins[k] for k in members]
            if len(bins) == 1 and (not bins[0].ordered or bins[0].room <= 1):
                fixed[bins[0].where] = bins[0].forced + chosen.get(c, [])  # one way only
            else:
                spread.append((bins, chosen.get(c, [])))
        return self._spread(spread, fixed)

    def _spread(self, spread: list, contents: dict[tuple, list[int]]) -> Iterator[dict[tuple, list[int]]]:
        if not spread:
            yield contents
            return
        (bins, tiles), rest = spread[0], spread[1:]
        for parts in splits(tiles, [(b.room, b.ordered) for b in bins]):
            more = dict(contents)
            for b, part in zip(bins, parts):
                more[b.where] = b.forced + part
            yield from self._spread(rest, more)

    def deal_of(self, contents: dict[tuple, list[int]]) -> Deal:
        """The whole deal that bin contents make, with the viewer's own hand and draws."""
        view = self.view
        for b in self.bins:
            contents.setdefault(b.where, list(b.forced))
        hands = []
        for seat in range(view.num_players):
            if seat == view.seat:
                hands.append(self.viewer_start)
            else:
                hands.append(sum(1 << t for t in contents[("hand", seat)]))
        drawn = []
        for i, (seat, action, _) in enumerate(view.history):
            if action.kind != DRAW:
                continue
            if seat == view.seat:
                drawn.append(self.viewer_draws[i])
            elif i in self.draw_tiles:
                drawn.append(self.draw_tiles[i])
            else:
                drawn.append(contents[("draw", i)][0])
        stock = drawn + contents[("stock",)] + contents[("reserve",)]
        return hands, stock, sum(1 << t for t in contents[("sleeping",)])

    def sample_deal(self, rng: random.Random) -> Deal:
        """One consistent deal, exactly uniformly (the view must have one)."""
        return self.deal_of(self.shuffled_contents(self.sample_assignment(rng), rng))

    def every_deal(self) -> Iterator[Deal]:
        """Every consistent deal once, in a fixed order (none for an impossible view)."""
        for chosen in self.every_assignment():
            for contents in self.every_contents(chosen):
                yield self.deal_of(contents)


def _viewer_start(view: SeatViewData) -> tuple[int, dict[int, int]]:
    """The viewer's hand as dealt (mask) and its own draws (history index -> tile id):
    it knows both, since it saw what it drew."""
    draws = {i: t.id for i, t in view.own_draws}
    start = sum(1 << t.id for t in view.hand)
    for seat, action, _ in view.history:
        if seat == view.seat and action.is_placement:
            start |= 1 << action.tile.id
    for t in draws.values():
        start &= ~(1 << t)
    return start, draws


def _nobody_else_term(view: SeatViewData, drawable: int, dead_call: bool) -> int:
    """The fitting mask of the "nobody else can play" term, or 0 when there is none.

    A round that goes on was not blocked at the engine's last check (C-13): the engine
    checks after a placement or a pass, not after a draw. Without a dead-board call, a
    draw means the stock could be drawn at that check, and nothing more is proved; with
    one, the tiles drawn since count as held and the drawable stock as a hiding place.
    A snapshot proves nothing before its first action (it may wait for a pass).
    """
    if view.outcome is not None or view.ends is None:
        return 0
    fits = fits_mask(view.ends)
    if any(fits >> t.id & 1 for t in view.hand):
        return 0  # the viewer itself can play: the round is plainly not blocked
    checks = [i for i, (_, action, _) in enumerate(view.history) if action.kind != DRAW]
    last_checked = bool(checks) and checks[-1] == len(view.history) - 1
    if (dead_call and checks) or (drawable == 0 and last_checked):
        return fits
    return 0


def _seat_bins(view: SeatViewData, seat: int, ev: Events, not_dealt: int, now_fits: int,
               draw_tiles: dict[int, int]) -> list[_Bin]:
    """One other seat's bins: its hand as dealt and each of its draws whose tile it kept
    for a while. A draw placed at once goes to ``draw_tiles`` instead (C-10)."""
    history = view.history
    all_voids = 0
    for _, fits, _, _ in ev.voids:
        all_voids |= fits
    start = view.hand_counts[seat] + len(ev.placed) - len(ev.draws)
    hand = _Bin(seat, ("hand", seat), start, False, all_voids | not_dealt, now_fits)
    bins = [hand]
    sources = [(hand, -1, not_dealt)]   # (bin, when its tile came, tiles it cannot have been)
    for d in ev.draws:
        if d not in ev.free_draws:
            draw_tiles[d] = history[d + 1][1].tile.id
            continue
        b = _Bin(seat, ("draw", d), 1, True, forbidden_between(ev, d, len(history) + 1), now_fits)
        bins.append(b)
        sources.append((b, d, 0))
    # A placed tile came from the dealt hand or an earlier draw, and was in the hand at
    # every void moment in between.
    for i, t in ev.placed:
        if draw_tiles.get(i - 1) == t:
            continue  # the draw right before it
        for b, came, excluded in sources:
            if came < i and not ((forbidden_between(ev, came, i) | excluded) >> t & 1):
                b.placed_ok |= 1 << t
    return bins


def _classes(bins: list[_Bin], allowed) -> tuple[list[tuple[Holder, int, list[int]]], int]:
    """Merge the bins of one holder that take the same tiles (in both terms) into classes;
    also the number of ways to spread a class's tiles over its bins (room! / the set bins'
    room!), the same for every assignment."""
    by_key: dict[tuple, int] = {}
    classes: list[tuple[Holder, int, list[int]]] = []
    for k, b in enumerate(bins):
        key = (b.holder, allowed(b, 0), allowed(b, 1))
        c = by_key.setdefault(key, len(classes))
        if c == len(classes):
            classes.append((b.holder, 0, []))
        holder, room, members = classes[c]
        classes[c] = (holder, room + b.room, members + [k])
    multiplier = 1
    for _, room, members in classes:
        part = factorial(room)
        for k in members:
            if not bins[k].ordered:
                part //= factorial(bins[k].room)
        multiplier *= part
    return classes, multiplier


def _groups(model_tiles: list[int], classes, bins: list[_Bin], allowed, two_terms: bool):
    """Tiles allowed in the same classes (in both terms), the most constrained first."""
    by_key: dict[tuple, list[int]] = {}
    for t in model_tiles:
        in_a, in_b = [], []
        for c, (_, room, members) in enumerate(classes):
            if room <= 0:
                continue
            b = bins[members[0]]
            if allowed(b, 0) >> t & 1:
                in_a.append(c)
            if two_terms and allowed(b, 1) >> t & 1:
                in_b.append(c)
        by_key.setdefault((tuple(in_a), tuple(in_b) if two_terms else None), []).append(t)
    return [(tiles, a, b) for (a, b), tiles in sorted(by_key.items(), key=lambda kv: (len(kv[0][0]), kv[0]))]


def _build(view: SeatViewData) -> _Model:
    rules = view.rules
    dead_call = bool(rules is not None and rules.block_declaration == "dead_board_immediate")
    reserve = rules.stock_reserve if rules is not None and rules.can_draw else 0
    events = seat_events(view)
    forced_lead, not_dealt = lead_facts(view)
    seen = sum(1 << t.id for t in view.seen())
    unseen = ((1 << NUM_TILES) - 1) & ~seen
    viewer_start, viewer_draws = _viewer_start(view)
    drawable = max(0, view.stock_count - reserve)
    now_fits = _nobody_else_term(view, drawable, dead_call)
    two_terms = bool(now_fits)

    bins: list[_Bin] = []
    draw_tiles: dict[int, int] = {}
    for seat, ev in events.items():
        seat_bins = _seat_bins(view, seat, ev, not_dealt, now_fits, draw_tiles)
        if forced_lead >= 0 and seat == view.leader and unseen >> forced_lead & 1:
            seat_bins[0].forced.append(forced_lead)   # before the lead: the leader holds it
            seat_bins[0].room -= 1
        bins.extend(seat_bins)
    block_fits = fits_mask(view.ends) if view.outcome == "block" and view.ends is not None else 0
    # With a dead-board call a block can leave stock, none of whose drawable part fits.
    bins.append(_Bin(STOCK, ("stock",), drawable, True, block_fits if dead_call else 0,
                     now_fits if dead_call else 0))
    bins.append(_Bin(STOCK, ("reserve",), view.stock_count - drawable, True, 0, 0))
    bins.append(_Bin(SLEEPING, ("sleeping",), view.sleeping_count, False, 0, 0))

    # Seen tiles another seat placed: fixed where they have one possible source, in the
    # model where they have several, and a contradiction where they have none.
    sources: dict[int, list[int]] = {}
    for k, b in enumerate(bins):
        for t in ids_in(b.placed_ok):
            sources.setdefault(t, []).append(k)
    placed = {t for ev in events.values() for _, t in ev.placed}
    consistent = placed <= set(sources) | set(draw_tiles.values())
    known_place = {t for b in bins for t in b.forced}   # the forced lead, before it is led
    model_tiles = [t for t in ids_in(unseen) if t not in known_place]
    for t, where in sorted(sources.items()):
        if len(where) == 1:
            bins[where[0]].forced.append(t)
            bins[where[0]].room -= 1
        else:
            model_tiles.append(t)
    consistent = consistent and all(b.room >= 0 for b in bins)
    if not consistent:
        return _Model(view, bins, [], [], 0, two_terms, viewer_start, viewer_draws, False, draw_tiles)

    def allowed(b: _Bin, term: int) -> int:
        """The model tiles bin ``b`` may take in term 0 (all deals) or 1 (nobody else plays)."""
        if term == 1 and not two_terms:
            return 0
        return (unseen & ~(b.forbid | (b.forbid_b if term else 0))) | b.placed_ok

    classes, multiplier = _classes(bins, allowed)
    groups = _groups(model_tiles, classes, bins, allowed, two_terms)
    consistent = sum(room for _, room, _ in classes) == len(model_tiles)
    return _Model(view, bins, classes, groups, multiplier, two_terms, viewer_start, viewer_draws,
                  consistent, draw_tiles)


@lru_cache(maxsize=32)
def _model_of(view: SeatViewData) -> _Model:
    return _build(view)


def model(view: SeatViewData) -> _Model:
    """The deal model of a view (cached: views are immutable)."""
    try:
        return _model_of(view)
    except TypeError:  # an unhashable view (built by hand with lists): no cache
        return _build(view)


def count_deals(view: SeatViewData) -> int:
    """How many whole deals (hands as sets, the stock in order, the sleeping set) are
    consistent with ``view``. Every one of them is equally likely under the uniform prior,
    so this is the denominator of ``holder_probabilities``. 0 means no deal explains
    the view (a hand-made, impossible position)."""
    m = model(view)
    return m.total() * m.multiplier


