"""Answers worked out again for the tests, straight from the engine's round data.

Nothing here calls ``puzzles.questions``: each function reads the engine round (hands,
line, stock, history, rules) and applies the rule from rules.md by hand, so a puzzle's
answer is checked by a second, independent derivation.
"""

from __future__ import annotations

from typing import Any

from engine import Action, Round, Tile


# ------------------------------------------------------------------ moves
def legal_moves(rnd: Round) -> list[str]:
    """Every legal move without mirror duplicates (C-08..C-11, A-27)."""
    hand = rnd.hand(rnd.turn)
    if rnd.ends is None:
        if rnd.forced_lead >= 0:
            return [f"lead {Tile.from_id(rnd.forced_lead)}"]
        return [f"lead {t}" for t in hand]
    left, right = rnd.ends
    moves = []
    for tile in hand:
        if tile.has(left):
            moves.append(f"{tile}@L")
        if tile.has(right) and left != right:
            moves.append(f"{tile}@R")
    if moves:
        return moves
    return ["draw"] if rnd.rules.can_draw and rnd.stock else ["pass"]


def draw_outcome(rnd: Round) -> tuple[dict[str, Any], int]:
    """What the draw rule forces, read off the stock order (top first), and how many draws."""
    left, right = rnd.ends
    if any(t.has(left) or t.has(right) for t in rnd.hand(rnd.turn)):
        return {"first": "play", "plays": None}, 0
    stock = rnd.stock if rnd.rules.can_draw else []
    for n, tile in enumerate(stock, 1):
        if tile.has(left) or tile.has(right):
            return {"first": "draw", "plays": str(tile)}, n
    return {"first": "draw" if stock else "pass", "plays": None}, len(stock)


def fives_value(rnd: Round, action: str) -> int:
    """What a play scores in All Fives (AF-09, A-02, A-03), the ends read off the line."""
    after = rnd.copy()
    after.apply(action)
    line = list(after.line)
    left, right = after.ends
    total = left + right
    if rnd.rules.double_end_value == "both_halves" and len(line) > 1:
        if line[0][0] == line[0][1]:
            total += left
        if line[-1][0] == line[-1][1]:
            total += right
    return total if total > 0 and total % 5 == 0 else 0


def canonical_placements(rnd: Round) -> list[str]:
    return [m for m in legal_moves(rnd) if m not in ("draw", "pass")]


# ------------------------------------------------------------- round ends
def last_placer(rnd: Round) -> int:
    return next(seat for seat, a in reversed(rnd.public_history()) if a.is_placement)


def side_pips(rnd: Round) -> list[int]:
    rules = rnd.rules
    totals = [0] * (2 if rules.partnerships == "opposite" else rnd.n)
    for seat in range(rnd.n):
        totals[rules.side_of(seat)] += rnd.pips(seat)
    return totals


def block_winner(rnd: Round) -> int | None:
    """The side that wins a block (PT-10, BV-08, AF-11, blocker_wins, individual compare)."""
    rules = rnd.rules
    if rules.block_winner == "blocker":
        return rules.side_of(last_placer(rnd))
    if rules.block_compare == "side_total":
        totals = side_pips(rnd)
        low = min(totals)
        sides = [s for s, p in enumerate(totals) if p == low]
    else:
        pips = [rnd.pips(s) for s in range(rnd.n)]
        low = min(pips)
        sides = sorted({rules.side_of(s) for s, p in enumerate(pips) if p == low})
    return sides[0] if len(sides) == 1 else None


def block_points(rnd: Round, winner: int) -> int:
    totals = side_pips(rnd)
    losers = [p for s, p in enumerate(totals) if s != winner]
    how = rnd.rules.block_points
    if how == "all_hands":
        return sum(totals)
    if how == "losing_side_only":
        return sum(losers)
    if how == "diff_per_loser":
        return sum(p - totals[winner] for p in losers)
    return sum(losers) - totals[winner]


def is_capicu(rnd: Round) -> bool:
    seat, action = rnd.public_history()[-1]
    before = rnd.copy()
    before.undo()
    x, y = before.ends
    return x != y and action.tile is not None and {action.tile.low, action.tile.high} == {x, y} \
        and not rnd.hand(seat)


def domino_points(rnd: Round) -> int:
    rules = rnd.rules
    out = next(s for s in range(rnd.n) if not rnd.hand(s))
    winner = rules.side_of(out)
    if rules.domino_points == "losing_side_only":
        raw = sum(rnd.pips(s) for s in range(rnd.n) if rules.side_of(s) != winner)
    else:
        raw = sum(rnd.pips(s) for s in range(rnd.n))
    points = (raw + 2) // 5 * 5 if rules.end_rounding == "nearest_5" else raw
    return points + (rules.capicu_bonus if is_capicu(rnd) else 0)


def next_leader(rnd: Round) -> Any:
    """The next round's leader by the table's options (PT-05/06, A-07, A-24, KZ-06, FID)."""
    rules = rnd.rules
    out = [s for s in range(rnd.n) if not rnd.hand(s)]
    if out:
        rule = rules.next_lead_after_domino
        winner = rules.side_of(out[0])
    else:
        winner = block_winner(rnd)
        rule = rules.next_lead_after_block if winner is not None else rules.next_lead_after_block_tie
    blocker = last_placer(rnd)
    if rule == "player_out":
        return out[0]
    if rule == "blocker":
        return blocker
    if rule == "rotate":
        return (rnd.leader + 1) % rnd.n
    if rule == "previous_leader":
        return rnd.leader
    if rule == "abw333":
        return blocker if rules.side_of(blocker) == winner else (blocker + 1) % rnd.n
    if rule == "block_winner":
        seats = [s for s in range(rnd.n) if rules.side_of(s) == winner]
        return min(seats, key=lambda s: (rnd.pips(s), s))
    return {"lot": "lot", "kozel_priority": "priority"}[rule]


def kozel_penalties(rnd: Round) -> list[int]:
    """KZ-12: the player who went out or made the fish takes 0, the rest their own pips."""
    zero = last_placer(rnd)
    return [0 if s == zero else rnd.pips(s) for s in range(rnd.n)]


def kozel_goats(rnd: Round) -> list[int]:
    totals = [a + b for a, b in zip(rnd.score, kozel_penalties(rnd))]
    return [s for s, t in enumerate(totals) if t >= rnd.rules.penalty_limit]


def match_winner(rnd: Round) -> dict[str, Any]:
    """PT-13/PT-14: the side that reaches the target, and whether the others are still at 0."""
    totals = [a + b for a, b in zip(rnd.score, round_points_total(rnd))]
    reached = [s for s, t in enumerate(totals) if t >= rnd.rules.target]
    if not reached:
        return {"winner": "none", "shutout": False}
    best = max(reached, key=lambda s: totals[s])
    return {"winner": best, "shutout": all(t == 0 for s, t in enumerate(totals) if s != best)}


def round_points_total(rnd: Round) -> list[int]:
    """What each side gained this round, recomputed (race games without in-play scoring)."""
    rules = rnd.rules
    gained = [0] * len(rnd.score)
    out = [s for s in range(rnd.n) if not rnd.hand(s)]
    if out:
        gained[rules.side_of(out[0])] = domino_points(rnd)
    else:
        winner = block_winner(rnd)
        if winner is not None:
            gained[winner] = block_points(rnd, winner)
    return gained


# ------------------------------------------------------------------ views
def cannot_hold(position: dict, viewer: int, seat: int, claimed: list[int]) -> list[int]:
    """``claimed`` (the numbers ``seat`` provably cannot hold, from ``viewer``'s view) if it
    lies between two bounds worked out here, else an AssertionError saying which fails.

    * Surely impossible: each end number ``seat`` last passed or drew on since it last
      drew (a drawn tile may hold anything else), and every number whose seven tiles
      are all in the viewer's hand or on the line.
    * Surely possible: the numbers ``seat`` holds in some deal that replays, move by
      move through the engine, to the very same view — the real deal, and every deal
      made from it by swapping two hidden tiles between hands, the stock or the
      sleeping tiles at the start of the round.
    """
    start, history = _dealt(position)
    real = _replayed(start, history)
    view = real.view(viewer)
    surely_not = set(_pass_voids(view, seat))
    for number in range(7):
        if 7 - sum(t.has(number) for t in view.hand) - sum(number in pair for pair in view.line) == 0:
            surely_not.add(number)
    possible: set[int] = set()
    hidden = [t for t in range(28) if Tile.from_id(t) not in view.seen()]
    for a_index, a in enumerate(hidden):
        for b in hidden[a_index + 1:]:
            for witness in (real, _replayed(_swapped(start, a, b), history)):
                if witness is not None and witness.view(viewer) == view:
                    possible |= {n for tile in witness.hand(seat) for n in (tile.low, tile.high)}
    assert surely_not <= set(claimed), f"{sorted(surely_not - set(claimed))} are surely impossible"
    assert not possible & set(claimed), f"{sorted(possible & set(claimed))} are held in a deal that fits the view"
    return sorted(claimed)


def _pass_voids(view, seat: int) -> list[int]:
    voids: set[int] = set()
    drew_before = False
    for actor, action, ends in view.history:
        if actor != seat:
            continue
        if action.kind in ("pass", "draw") and ends is not None:
            voids = set(ends) if drew_before else voids | set(ends)
            drew_before = action.kind == "draw"
        else:
            drew_before = False
    return sorted(voids)


def _dealt(position: dict) -> tuple[Round, list[str]]:
    from engine import Rules, deal

    rules = Rules.from_dict(position["rules"])
    history = position.get("history", [])
    leader = history[0]["seat"] if history else position["turn"]
    start = deal(rules, position["seed"], position["round"], leader=leader, score=position["score"])
    return start, [step["action"] for step in history]


def _swapped(start: Round, a: int, b: int) -> Round:
    """The same deal with tiles ``a`` and ``b`` trading places (hands, stock, sleeping)."""
    other = start.copy()
    bits = (1 << a) | (1 << b)
    other.hands = [h ^ bits if bin(h & bits).count("1") == 1 else h for h in other.hands]
    if bin(other.sleeping & bits).count("1") == 1:
        other.sleeping ^= bits
    other._stock = [b if t == a else a if t == b else t for t in other._stock]
    return other


def _replayed(start: Round, history: list[str]) -> Round | None:
    """The round after ``history``, or None where the deal makes a move illegal."""
    from engine import EngineError

    rnd = start.copy()
    try:
        for action in history:
            rnd.apply(action)
    except EngineError:
        return None
    return rnd


def unseen_count(view, number: int) -> int:
    in_hand = sum(1 for t in view.hand if t.has(number))
    on_line = sum(1 for a, b in view.line if number in (a, b))
    return 7 - in_hand - on_line


def action_text(action: str) -> str:
    return str(Action.parse(action))


def best_move(rnd: Round, params: dict) -> list[str]:
    """The banked best move, once it is a legal placement here (the values are re-evaluated
    by tests/puzzles/test_strategy_puzzles.py)."""
    action = params["action"]
    assert action in canonical_placements(rnd), action
    assert max(params["values"], key=lambda m: params["values"][m]) == action
    return [action]


def where_tile(rnd: Round, viewer: int, tile: str, samples: int = 240) -> Any:
    """The holder of ``tile`` most often in uniformly sampled consistent deals (an estimate
    by another route than the exact counts of engine.inference.holder_probabilities)."""
    import random
    from collections import Counter

    from engine.inference import sample_deals

    t = Tile.parse(tile)
    seen: Counter = Counter()
    for deal in sample_deals(rnd.view(viewer), random.Random(f"reference:{tile}"), samples):
        holder = next((s for s in range(deal.n) if t in deal.hand(s)), None)
        seen["stock" if holder is None and t in deal.stock else holder] += 1
    return seen.most_common(1)[0][0]
