"""Brute force over the deals of a view: enumerate every deal, replay the public history
on it with the engine's own checks, and keep the deals whose view is the given one. The
enumeration uses no inference code (its only pruning is the definition that a seat placed
a tile it was dealt or had drawn). Also the rule sets and random positions the inference
tests run on; only the position picker reads the model, to pick rich positions."""

from __future__ import annotations

import math
import random
from collections import Counter

from engine import IllegalActionError, PositionError, Round, Rules, Tile, deal, lead_requirement
from engine import inference, position_from_dict
from engine.tiles import TILES, tiles_in

CONFIGS = [("laplaza_partners", 4), ("laplaza_1v1", 2), ("all_fives", 3), ("draw", 2), ("draw", 4),
           ("block", 2), ("block", 3), ("kozel", 2), ("kozel", 3), ("kozel", 4)]
#: Table variants whose facts differ: a 6-6 lead that falls back to a lot, a dead-board
#: call (a block with stock left), voluntary draws (a draw proves nothing), a reserve.
VARIANTS = [("laplaza_1v1", 2, ("pt_1v1_66_lead",), {}), ("draw", 2, ("dead_board_call",), {}),
            ("draw", 3, (), {"voluntary_draw": True}), ("draw", 2, (), {"stock_reserve": 2})]


def rules_of(preset, players, overlays=(), options=None) -> Rules:
    return Rules.preset(preset, players, overlays, **(options or {}))


def _deal_parts(view):
    """The viewer's start hand, the other seats' placed tiles and the bins of a deal."""
    me, n = view.seat, view.num_players
    own_draws = dict(view.own_draws)
    mine = set(view.hand) | {a.tile for s, a, _ in view.history if s == me and a.is_placement}
    mine -= set(own_draws.values())
    placed_by = {a.tile: (s, i) for i, (s, a, _) in enumerate(view.history) if s != me and a.is_placement}
    draws_by = {s: [i for i, (x, a, _) in enumerate(view.history) if x == s and a.kind == "draw"]
                for s in range(n)}
    bins = []
    for s in range(n):
        if s == me:
            continue
        start = view.hand_counts[s] + sum(1 for x, _ in placed_by.values() if x == s) - len(draws_by[s])
        bins.append(["hand", s, start])
        bins.extend(["draw", d, 1] for d in draws_by[s])
    bins.extend(["stock", k, 1] for k in range(view.stock_count))
    bins.append(["sleeping", None, view.sleeping_count])
    on_line_at_start = {Tile(a, b) for a, b in view.start_line}
    items = [t for t in TILES if t not in mine and t not in own_draws.values() and t not in on_line_at_start]
    return mine, own_draws, placed_by, bins, items


def _may_go(view, placed_by, tile, b) -> bool:
    """Pruning that is only the definition: a seat placed a tile it was dealt or drew before."""
    if tile not in placed_by:
        return True
    seat, when = placed_by[tile]
    return (b[0] == "hand" and b[1] == seat) or (b[0] == "draw" and b[1] < when and view.history[b[1]][0] == seat)


def _start(view, hands, stock, sleeping) -> Round:
    """The round at the start of the view's history, for one candidate deal: dealt by the
    rules (the forced lead recomputed from the hands), or loaded as a snapshot."""
    if not view.start_line:
        seat, forced = lead_requirement(view.rules, view.round_number, hands)
        lot = {s: t.id for s, t in view.lot} or None
        return Round(view.rules, hands, stock, sleeping, view.leader if seat is None else seat,
                     view.round_number, view.score or None, forced, lot)
    return position_from_dict({
        "rules": view.rules.to_dict(), "round": view.round_number, "score": list(view.score),
        "hands": [[str(t) for t in tiles_in(h)] for h in hands],
        "line": [f"{a}-{b}" for a, b in view.start_line], "stock": [str(TILES[t]) for t in stock],
        "turn": view.history[0][0] if view.history else view.turn, "leader": view.leader,
        "last_placer": view.start_last_placer, "result": None})


def brute_force_size(view) -> int:
    """How many assignments the enumeration visits, at most (to pick small positions)."""
    _, _, placed_by, bins, items = _deal_parts(view)
    rooms = {id(b): b[2] for b in bins}
    free = 0
    for t in items:
        where = [b for b in bins if _may_go(view, placed_by, t, b)]
        if len(where) == 1:
            rooms[id(where[0])] -= 1
        else:
            free += 1
    sets = [rooms[id(b)] for b in bins if b[0] in ("hand", "sleeping")]
    return math.factorial(free) // math.prod(math.factorial(max(0, r)) for r in sets)


def brute_force(view):
    """(number of consistent deals, {tile: Counter(holder)}, [deal keys]) by enumeration."""
    me, n = view.seat, view.num_players
    mine, own_draws, placed_by, bins, items = _deal_parts(view)
    draw_order = [i for i, (_, a, _) in enumerate(view.history) if a.kind == "draw"]
    unseen = view.unseen_tiles()
    holders = {t: Counter() for t in unseen}
    keys = []
    where: dict = {}

    def finish():
        hands = [0] * n
        for t in mine:
            hands[me] |= 1 << t.id
        at_draw = dict(own_draws)
        stock_rest = {}
        sleeping = 0
        for t, b in where.items():
            if b[0] == "hand":
                hands[b[1]] |= 1 << t.id
            elif b[0] == "draw":
                at_draw[b[1]] = t
            elif b[0] == "stock":
                stock_rest[b[1]] = t
            else:
                sleeping |= 1 << t.id
        stock = [at_draw[i].id for i in draw_order] + [stock_rest[k].id for k in range(view.stock_count)]
        try:
            rnd = _start(view, hands, stock, sleeping)
            for _, action, _ in view.history:
                rnd.apply(action)
        except (IllegalActionError, PositionError):
            return
        if rnd.view(me) != view:
            return
        keys.append(deal_key(rnd))
        for t in unseen:
            holder = next((s for s in range(n) if rnd.hands[s] >> t.id & 1), None)
            holders[t]["stock" if holder is None and t.id in rnd.stock_ids else
                       "sleeping" if holder is None else holder] += 1

    def walk(j):
        if j == len(items):
            finish()
            return
        t = items[j]
        for b in bins:
            if b[2] > 0 and _may_go(view, placed_by, t, b):
                b[2] -= 1
                where[t] = b
                walk(j + 1)
                b[2] += 1
        where.pop(t, None)

    walk(0)
    return len(keys), holders, keys


def random_positions(preset, players, seed, overlays=(), options=None):
    """Every position of one random round (copies), with the round itself."""
    rnd = deal(rules_of(preset, players, overlays, options), seed=seed)
    rng = random.Random(seed)
    out = [rnd.copy()]
    while not rnd.is_over:
        moves = rnd.legal_action_ids()
        rnd.apply_id(moves[rng.randrange(len(moves))])
        out.append(rnd.copy())
    return out


def richness(view) -> tuple:
    """How much a position tests (used only to pick positions): the groups and classes of
    its model, the seen tiles with more than one possible source, the "someone else can
    play" term."""
    m = inference.model(view)
    seen = view.seen()
    placed = sum(1 for tiles, _, _ in m.groups for t in tiles if TILES[t] in seen)
    return (len(m.groups) + len(m.classes) + 2 * placed + 2 * m.two_terms, placed)


def small_positions(preset, players, limit=8000, want=3, seeds=range(400), overlays=(), options=None):
    """For a few random rounds, the richest late position (and seat) whose brute force stays
    under ``limit`` (a few hundred to a few thousand deals). Deterministic."""
    found = []
    for seed in seeds:
        best = None
        for rnd in reversed(random_positions(preset, players, seed, overlays, options)):
            sizes = [(brute_force_size(rnd.view(seat)), seat) for seat in range(rnd.n)]
            fitting = [(size, seat) for size, seat in sizes if size <= limit]
            if not fitting:
                break
            for size, seat in fitting:
                score = (richness(rnd.view(seat)), size)
                if size >= 20 and (best is None or score > best[0]):
                    best = (score, seat, rnd)
        if best is not None:
            found.append((seed, best[1], best[2]))
        if len(found) >= want:
            break
    return found


def deal_key(rnd):
    """A deal, read off a round at its current position: the hands and stock now, and the
    history with the drawn tiles (which gives back the start hands and the stock order)."""
    return tuple(rnd.hands), tuple(rnd.stock_ids), rnd.sleeping, tuple(rnd.history)
