"""The invariants of rules.md §7, checked from the public state of a round.

They are written from the rules, not from the engine's code: legality is recomputed
from the hand and the two ends, and round points from the remaining pips, so a bug in
the engine's own bookkeeping shows up as a disagreement here.
"""

from __future__ import annotations

import random
from collections import Counter

from engine import TILES, Action, Round, Tile

ALL = frozenset(TILES)
OPEN_RULES = {"lot", "kozel_priority", "match_over"}


def seat_sets(rnd: Round) -> tuple[list[set[Tile]], set[Tile], list[Tile], set[Tile]]:
    hands = [set(rnd.hand(s)) for s in range(rnd.n)]
    board = [Tile(a, b) for a, b in rnd.line]
    asleep = {TILES[i] for i in range(28) if rnd.sleeping >> i & 1}
    return hands, set(board), rnd.stock, asleep


def check_conservation(rnd: Round) -> None:
    """§7.1: hands, board, stock and sleeping tiles are the 28 tiles, once each; 168 pips."""
    hands, board, stock, asleep = seat_sets(rnd)
    counted = Counter()
    for group in [*hands, board, stock, asleep]:
        counted.update(group)
    assert len(board) == len(rnd.line), "a tile lies twice on the line"
    assert set(counted) == ALL and all(c == 1 for c in counted.values()), "tiles not conserved"
    assert sum(t.pips for t in counted) == 168
    assert sum(rnd.pips(s) for s in range(rnd.n)) == sum(t.pips for h in hands for t in h)


def check_line(rnd: Round) -> None:
    """The line is connected and its outer halves are the ends."""
    line = list(rnd.line)
    if not line:
        assert rnd.ends is None
        return
    assert all(a[1] == b[0] for a, b in zip(line, line[1:])), "broken line"
    assert rnd.ends == (line[0][0], line[-1][1])


def check_parity(rnd: Round) -> None:
    """§7.2 (C-15): off-board numbers have odd degree exactly at the two ends (none if L = R)."""
    if rnd.sleeping or rnd.ends is None:
        return
    hands, board, stock, _ = seat_sets(rnd)
    degree = Counter()
    for tile in [t for h in hands for t in h] + stock:
        degree[tile.low] += 1
        degree[tile.high] += 1
    left, right = rnd.ends
    odd = {n for n in range(7) if degree[n] % 2}
    assert odd == (set() if left == right else {left, right}), (odd, rnd.ends)


def placements_by_the_book(rnd: Round) -> set[str]:
    """C-07/C-08 from first principles: every tile in hand on every end it matches."""
    hand = rnd.hand(rnd.turn)
    if rnd.ends is None:
        forced = rnd.forced_lead
        return {f"lead {t}" for t in hand if forced < 0 or t.id == forced}
    left, right = rnd.ends
    return ({f"{t}@L" for t in hand if t.has(left)} | {f"{t}@R" for t in hand if t.has(right)})


def check_legal(rnd: Round) -> None:
    """§7.5: the legal actions are the book's placements; PASS/DRAW only as C-09…C-11 say."""
    actions = [str(a) for a in rnd.legal_actions()]
    assert len(actions) == len(set(actions))
    if rnd.is_over:
        assert actions == []
        return
    placements = placements_by_the_book(rnd)
    assert set(actions) - {"draw", "pass"} == placements
    drawable = rnd.drawable > 0
    voluntary = rnd.rules.voluntary_draw and rnd.ends is not None   # nobody draws before the lead
    assert ("pass" in actions) == (not placements and not drawable)
    assert ("draw" in actions) == (drawable and (not placements or voluntary))
    assert rnd.rules.can_draw or not drawable
    canonical = [str(a) for a in rnd.canonical_actions()]
    if rnd.ends and rnd.ends[0] == rnd.ends[1]:
        assert canonical == [a for a in actions if not a.endswith("@R")]
    else:
        assert canonical == actions


def check_step(before: Round, action: Action, after: Round) -> None:
    """§7.4 and §7.6: whose turn follows, and a drawn playable tile must be the one played."""
    actor = before.turn
    if action.kind == "draw":
        assert after.turn == actor and len(after.stock) == len(before.stock) - 1
        drawn = set(after.hand(actor)) - set(before.hand(actor))
        assert len(drawn) == 1
        if not after.rules.voluntary_draw and after.legal_actions() and after.legal_actions()[0].kind == "place":
            assert {a.tile for a in after.legal_actions()} == drawn, "a drawn playable tile must be played"
    elif not after.is_over:
        assert after.turn == (actor + 1) % after.n
    if action.is_placement:
        assert after.last_placer == actor
    else:
        assert after.last_placer == before.last_placer


def check_history_turns(rnd: Round) -> None:
    """§7.4 on a whole history: a draw keeps the turn, everything else passes it on."""
    history = rnd.public_history()
    for (seat, action), (nxt, _) in zip(history, history[1:]):
        assert nxt == (seat if action.kind == "draw" else (seat + 1) % rnd.n)
    assert all(a.kind != "lead" for _, a in history[1:])
    if not rnd.from_snapshot and history:
        assert history[0][1].kind == "lead" and history[0][0] == rnd.leader


def expected_points(rnd: Round) -> tuple[int, ...]:
    """What the round's result should award, recomputed from the remaining hands (§2, §3.1)."""
    r, res, n = rnd.rules, rnd.result, rnd.n
    side = (lambda s: s % 2) if r.partnerships == "opposite" else (lambda s: s)
    units = 2 if r.partnerships == "opposite" and r.match_mode == "race" else n
    pips = [rnd.pips(s) for s in range(n)]
    team = [sum(pips[s] for s in range(n) if side(s) == u) for u in range(units)]
    points = [0] * units
    if res.kind == "target":
        return tuple(points)
    if r.match_mode == "penalty":                    # KZ-12
        zero = res.out_seat if res.kind == "domino" else res.blocker
        return tuple(0 if s == zero else pips[s] for s in range(n))
    rounding = (lambda p: (p + 2) // 5 * 5) if r.end_rounding == "nearest_5" else (lambda p: p)
    if res.kind == "domino":
        w = side(res.out_seat)
        raw = sum(team) if r.domino_points == "all_hands" else sum(team) - team[w]
        points[w] = rounding(raw) + (r.capicu_bonus if res.capicu else 0)
        return tuple(points)
    w = res.winner
    if w is None:
        return tuple(points)
    losers = [team[u] for u in range(units) if u != w]
    raw = {"all_hands": sum(team), "losing_side_only": sum(losers),
           "diff_per_loser": max(0, sum(p - team[w] for p in losers)),
           "diff_once": max(0, sum(losers) - team[w])}[r.block_points]
    points[w] = rounding(raw)
    return tuple(points)


def expected_block_winner(rnd: Round) -> int | None:
    """PT-10 / BV-08 / AF-11 / A-06 / A-32 / A-33 and the block_tie options, by the book."""
    r, res, n = rnd.rules, rnd.result, rnd.n
    side = (lambda s: s % 2) if r.partnerships == "opposite" else (lambda s: s)
    if r.block_winner == "blocker":
        return side(res.blocker)
    pips = [rnd.pips(s) for s in range(n)]
    if r.block_compare == "side_total":
        team = Counter()
        for s in range(n):
            team[side(s)] += pips[s]
        low = min(team.values())
        sides = {u for u, p in team.items() if p == low}
        tied = [s for s in range(n) if side(s) in sides]
    else:
        low = min(pips)
        tied = [s for s in range(n) if pips[s] == low]
        sides = {side(s) for s in tied}
    if len(sides) == 1:
        return sides.pop()
    if r.block_tie == "lightest_tile":
        lightest = min((t for s in tied for t in rnd.hand(s)), key=lambda t: (t.pips, t.high))
        return side(next(s for s in tied if lightest in rnd.hand(s)))
    if r.block_tie == "blocker_side" and side(res.blocker) in sides:
        return side(res.blocker)
    return None


def check_result(rnd: Round) -> None:
    """§7.3, §7.7, §7.8 and §7.9 on a finished round."""
    res = rnd.result
    assert res is not None
    n = rnd.n
    assert res.pips == tuple(rnd.pips(s) for s in range(n))
    assert res.in_play == tuple(rnd.round_points)
    assert res.points == expected_points(rnd), (res, rnd.rules.describe())
    if rnd.rules.match_mode == "race":
        assert sum(1 for p in res.points if p) <= 1  # one side scores at the end of a round
        if res.tie:
            assert res.points == (0,) * len(res.points)
    history = rnd.public_history()
    placements = [(seat, a) for seat, a in history if a.is_placement]
    if not placements:                               # a snapshot loaded finished: nothing to replay
        placements = [(rnd.last_placer, None)]
        history = []
    if res.kind == "domino" and history:
        assert rnd.hand(res.out_seat) == [] and placements[-1][0] == res.out_seat
        assert history[-1][1].is_placement
        before = rnd.copy()
        before.undo()
        tile = placements[-1][1].tile
        x, y = before.ends if before.ends else (None, None)
        capicu = (before.ends is not None and x != y and {tile.low, tile.high} == {x, y})
        assert res.capicu == capicu, "capicú (A-14, §7.9)"
    elif res.kind != "domino":
        assert not res.capicu
    if res.kind == "block":
        assert all(rnd.hand(s) for s in range(n)), "a block with an empty hand"
        assert res.blocker == rnd.last_placer == placements[-1][0], "the blocker placed the last tile"
        fits = set(rnd.ends)
        assert not any(t.has(e) for s in range(n) for t in rnd.hand(s) for e in fits)
        if rnd.rules.block_declaration == "stock_exhausted":
            assert rnd.drawable == 0
        if not rnd.sleeping and rnd.rules.stock_reserve == 0:   # §7.3, C-15
            left, right = rnd.ends
            on_board = {Tile(a, b) for a, b in rnd.line}
            assert left == right and all(Tile(left, k) in on_board for k in range(7))
            assert len(rnd.line) >= 10
        if rnd.rules.match_mode == "race":
            assert res.winner == expected_block_winner(rnd)
    if res.kind == "target":
        side = res.winner
        assert rnd.score[side] + res.in_play[side] >= rnd.rules.target
    if res.next_leader is None:
        assert res.next_leader_rule in OPEN_RULES
    else:
        assert 0 <= res.next_leader < n


def check_state(rnd: Round) -> None:
    check_conservation(rnd)
    check_line(rnd)
    check_parity(rnd)
    check_legal(rnd)


def play_checked(rnd: Round, rng: random.Random, undo_every_step: bool = True) -> Round:
    """Play random legal actions, checking every invariant before and after each one,
    and (optionally) that undo restores exactly the state before it."""
    if rnd.round_number == 1 and rnd.rules.first_lead == "holder_66_forced" and rnd.rules.stock_mode == "none":
        assert Tile(6, 6) in rnd.hand(rnd.leader) and [str(a) for a in rnd.legal_actions()] == ["lead 6-6"]
    check_state(rnd)
    while not rnd.is_over:
        actions = rnd.legal_actions()
        action = actions[int(rng.random() * len(actions))]
        before = rnd.copy()
        rnd.apply(action)
        if undo_every_step:
            undone = rnd.copy()
            assert undone.undo() is action
            assert signature(undone) == signature(before), "undo must restore the state exactly"
        check_step(before, action, rnd)
        check_state(rnd)
    check_history_turns(rnd)
    check_result(rnd)
    return rnd


def signature(rnd: Round) -> tuple:
    """Everything that makes up a round's state, for exact comparisons."""
    return (rnd.rules, tuple(rnd.hands), tuple(rnd.line), rnd.ends, rnd.stock_ids, rnd.sleeping, rnd.turn,
            rnd.leader, rnd.last_placer, tuple(rnd.round_points), rnd.score, rnd.forced_lead,
            [tuple(e) for e in rnd.history], rnd.result, dict(rnd.lot), rnd.round_number)


#: Every preset at every player count.
PRESET_CONFIGS: list[tuple[str, int, tuple[str, ...], dict]] = [
    (name, n, (), {}) for name, counts in (
        ("laplaza_partners", (4,)), ("laplaza_1v1", (2,)), ("all_fives", (2, 3, 4)), ("draw", (2, 3, 4)),
        ("block", (2, 3, 4)), ("kozel", (2, 3, 4))) for n in counts
]

#: A sample of table variants and options on top of the presets.
VARIANT_CONFIGS: list[tuple[str, int, tuple[str, ...], dict]] = [
    ("laplaza_partners", 4, ("capicu_25",), {}),
    ("laplaza_partners", 4, ("fid",), {}),
    ("laplaza_partners", 4, ("blocker_wins", "losing_side_only"), {}),
    ("laplaza_partners", 4, ("partners_pagat",), {}),
    ("laplaza_partners", 4, ("abw333_compat",), {}),
    ("laplaza_partners", 4, ("individual_block_compare",), {"block_tie": "lightest_tile"}),
    ("laplaza_partners", 4, (), {"block_tie": "blocker_side", "end_rounding": "nearest_5"}),
    ("laplaza_1v1", 2, ("pt_1v1_66_lead", "capicu_30"), {}),
    ("laplaza_1v1", 2, ("dead_board_call",), {}),
    ("laplaza_1v1", 2, (), {"voluntary_draw": True}),
    ("laplaza_1v1", 2, ("fid", "blocker_wins"), {}),
    ("all_fives", 2, ("all_fives_pagat",), {}),
    ("all_fives", 3, ("all_fives_pagat",), {}),
    ("all_fives", 4, ("dead_board_call",), {"target_check": "end_of_round"}),
    ("all_fives", 3, (), {"double_end_value": "both_halves", "block_points": "diff_once"}),
    ("draw", 2, (), {"stock_reserve": 2}),
    ("draw", 3, ("dead_board_call",), {"stock_reserve": 1, "block_tie": "lightest_tile"}),
    ("draw", 4, (), {"block_points": "diff_once", "first_lead": "seat_any"}),
    ("block", 3, (), {"block_tie": "blocker_side"}),
    ("block", 4, (), {"hand_size": 4, "end_rounding": "nearest_5"}),
    ("kozel", 3, ("dead_board_call",), {}),
    ("kozel", 2, (), {"stock_reserve": 2}),
]

ALL_CONFIGS = PRESET_CONFIGS + VARIANT_CONFIGS


def config_id(config) -> str:
    name, n, overlays, options = config
    extra = "+".join([*overlays, *(f"{k}={v}" for k, v in options.items())])
    return f"{name}/{n}" + (f"/{extra}" if extra else "")
