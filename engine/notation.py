"""The JSON position format (documented in docs/notation.md).

``position_to_dict`` and ``position_from_dict`` are inverses; loading validates the
position and raises :class:`~engine.errors.PositionError` naming the problem.

>>> from engine import Rules, deal
>>> r = deal(Rules.preset("laplaza_1v1"), seed=5)
>>> r.apply(r.legal_actions()[0])
>>> again = loads(dumps(r))
>>> dumps(again) == dumps(r)
True
>>> loads('{"rules": {"preset": "laplaza_partners"}, "hands": [["6-6"]]}')
Traceback (most recent call last):
...
engine.errors.PositionError: bad position: there must be 4 hands, one per seat
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from .actions import ACTIONS, DRAW_ID, Action
from .errors import EngineError, IllegalActionError, NotationError, PositionError
from .round import NO_END, Round, lead_requirement
from .rules import Rules
from .scoring import settle_block, settle_domino
from .tiles import NUM_TILES, TILES, Tile, mask_of, tile_id, tiles_in

FORMAT = "capicu-position/1"


def _oriented(text: Any) -> tuple[int, int]:
    """A line tile as it lies, left half first: ``"5-3"`` is 5 on the left."""
    tile = Tile.parse(text)  # validates
    a, b = (int(p) for p in str(text).strip().split("-"))
    del tile
    return a, b


def position_to_dict(rnd: Round) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "rules": rnd.rules.to_dict(),
        "round": rnd.round_number,
        "score": list(rnd.score),
        "leader": rnd.leader,
        "turn": rnd.turn,
        "hands": [[str(t) for t in rnd.hand(s)] for s in range(rnd.n)],
        "line": [f"{a}-{b}" for a, b in rnd.line],
        "stock": [str(t) for t in rnd.stock],
    }
    if rnd.sleeping:
        data["sleeping"] = [str(t) for t in tiles_in(rnd.sleeping)]
    if rnd.seed is not None:
        data["seed"] = rnd.seed
    if rnd.lot:
        data["lot"] = {str(seat): str(TILES[t]) for seat, t in sorted(rnd.lot.items())}
    if rnd.forced_lead >= 0 and rnd.left == NO_END:
        data["forced_lead"] = str(TILES[rnd.forced_lead])
    if rnd.history and not rnd.from_snapshot:
        data["history"] = [_history_entry(e[0], e[1], e[2]) for e in rnd.history]
    elif rnd.left != NO_END:
        data["last_placer"] = rnd.last_placer
        if any(rnd.round_points):
            data["round_points"] = list(rnd.round_points)
    if rnd.result is not None:
        data["result"] = rnd.result.to_dict()
    return data


def _history_entry(seat: int, aid: int, drawn: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": seat, "action": str(ACTIONS[aid])}
    if drawn >= 0:
        entry["tile"] = str(TILES[drawn])
    return entry


def dumps(rnd: Round, indent: int | None = None) -> str:
    return json.dumps(position_to_dict(rnd), indent=indent, ensure_ascii=False)


def loads(text: str) -> Round:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise NotationError("bad_json", detail=str(exc).split(":")[0]) from None
    return position_from_dict(data)


def _bad(detail: str) -> PositionError:
    return PositionError("bad_position", detail=detail)


def _seat(data: Mapping, key: str, n: int, default: int | None = None) -> int | None:
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise PositionError("bad_turn", detail=f"{key} must be a seat from 0 to {n - 1}, not {value!r}")
    return value


def _tile_list(data: Mapping, key: str) -> list[Tile]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise _bad(f"{key} must be a list of tiles")
    return [Tile.parse(t) for t in raw]


def position_from_dict(data: Any) -> Round:
    """Build and validate a round from its JSON form."""
    if not isinstance(data, Mapping):
        raise _bad("a position is a JSON object")
    if "format" in data and data["format"] != FORMAT:
        raise _bad(f"unknown format {data['format']!r}, expected {FORMAT!r}")
    if "rules" not in data:
        raise _bad("the rules are missing")
    rules = Rules.from_dict(data["rules"])
    n = rules.num_players
    raw_hands = data.get("hands")
    if not isinstance(raw_hands, list) or len(raw_hands) != n:
        raise _bad(f"there must be {n} hands, one per seat")
    if not all(isinstance(h, list) for h in raw_hands):
        raise _bad("each hand must be a list of tiles")
    hands = [[Tile.parse(t) for t in h] for h in raw_hands]
    raw_line = data.get("line", [])
    if not isinstance(raw_line, list):
        raise _bad("the line must be a list of tiles")
    line = [_oriented(t) for t in raw_line]
    stock = _tile_list(data, "stock")
    sleeping_given = _tile_list(data, "sleeping")
    round_number = data.get("round", 1)
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise _bad("round must be a number from 1 up")
    sides = rules.sides if rules.match_mode == "race" else n
    score = data.get("score", [0] * sides)
    if (not isinstance(score, list) or len(score) != sides
            or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in score)):
        raise _bad(f"score must be a list of {sides} whole numbers")

    # Every tile exactly once; only sleeping tiles may be left out.
    seen: dict[int, str] = {}
    placed = [TILES[tile_id(min(a, b), max(a, b))] for a, b in line]
    for where, tiles in [("hands", [t for h in hands for t in h]), ("line", placed),
                         ("stock", stock), ("sleeping", sleeping_given)]:
        for t in tiles:
            if t.id in seen:
                raise PositionError("duplicate_tile", tile=t)
            seen[t.id] = where
    missing = [TILES[t] for t in range(NUM_TILES) if t not in seen]
    if rules.stock_mode == "sleeping":
        if stock:
            raise _bad("this game has no stock: undealt tiles sleep out of play")
        asleep = len(missing) + len(sleeping_given)
        if asleep != rules.stock_size:
            raise _bad(f"{rules.stock_size} tiles must sleep out of play, not {asleep}")
    elif missing:
        raise PositionError("missing_tile", tiles=", ".join(str(t) for t in missing))
    elif sleeping_given:
        raise _bad("this game has no sleeping tiles")
    if rules.stock_mode == "none" and stock:
        raise _bad("this game has no stock")
    for (a, b), (c, d) in zip(line, line[1:]):
        if b != c:
            raise PositionError("broken_line", left=f"{a}-{b}", right=f"{c}-{d}")

    history = data.get("history")
    if history:
        return _replay(data, rules, hands, line, stock, round_number, score)
    return _from_snapshot(data, rules, hands, line, stock, round_number, score, missing + sleeping_given)


def _common_round(rules, masks, stock_ids, sleeping_mask, leader, round_number, score, data) -> Round:
    rnd = Round(rules, masks, stock_ids, sleeping_mask, leader, round_number, score,
                seed=data.get("seed") if isinstance(data.get("seed"), (int, str)) else None)
    lot = data.get("lot")
    if isinstance(lot, Mapping):
        try:
            rnd.lot = {int(k): Tile.parse(v).id for k, v in lot.items()}
        except (ValueError, EngineError):
            raise _bad("lot must map seats to tiles") from None
    return rnd


def _replay(data, rules: Rules, hands, line, stock, round_number, score) -> Round:
    """Rebuild the deal from the history and replay it: the strongest check there is."""
    n = rules.num_players
    entries = data["history"]
    if not isinstance(entries, list):
        raise _bad("history must be a list")
    steps: list[tuple[int, Action, Tile | None]] = []
    for i, entry in enumerate(entries, 1):
        if not isinstance(entry, Mapping) or "action" not in entry:
            raise _bad(f"history step {i} must hold a seat and an action")
        seat = _seat(entry, "seat", n)
        if seat is None:
            raise _bad(f"history step {i} has no seat")
        action = Action.parse(entry["action"])
        drawn = Tile.parse(entry["tile"]) if action.id == DRAW_ID and "tile" in entry else None
        if action.id == DRAW_ID and drawn is None:
            raise _bad(f"history step {i} draws without naming the tile")
        steps.append((seat, action, drawn))
    start = [mask_of(h) for h in hands]
    drawn_order = []
    for seat, action, drawn in steps:
        if action.is_placement:
            start[seat] |= 1 << action.tile.id
        if drawn is not None:
            if not start[seat] >> drawn.id & 1:
                raise _bad(f"seat {seat} drew {drawn} but does not hold it")
            start[seat] &= ~(1 << drawn.id)
            drawn_order.append(drawn.id)
    for seat, mask in enumerate(start):
        count = bin(mask).count("1")
        if count != rules.hand_size:
            raise PositionError("bad_hand_size", seat=seat, count=count, limit=rules.hand_size)
    stock_ids = drawn_order + [t.id for t in stock]
    leader = steps[0][0]
    if "leader" in data and _seat(data, "leader", n) != leader:
        raise PositionError("bad_turn", detail=f"leader is {data['leader']} but seat {leader} acts first")
    forced_seat, forced = lead_requirement(rules, round_number, start)
    if forced_seat is not None and forced_seat != leader:
        raise PositionError("bad_turn", detail=f"seat {forced_seat} must lead {TILES[forced]}")
    sleeping = ((1 << NUM_TILES) - 1) & ~(sum(start) | mask_of(TILES[t] for t in stock_ids))
    rnd = _common_round(rules, start, stock_ids, sleeping, leader, round_number, score, data)
    rnd.forced_lead = forced
    for i, (seat, action, _) in enumerate(steps, 1):
        if seat != rnd.turn:
            raise PositionError("bad_history", step=i, action=action,
                                reason=f"it is seat {rnd.turn}'s turn, not seat {seat}'s")
        try:
            rnd.apply(action)
        except IllegalActionError as exc:
            raise PositionError("bad_history", step=i, action=action, reason=str(exc)) from None
    if list(rnd.line) != line:
        raise _bad("the line does not match the history")
    if "turn" in data and not rnd.is_over and _seat(data, "turn", n) != rnd.turn:
        raise PositionError("bad_turn", detail=f"after the history it is seat {rnd.turn}'s turn")
    return rnd


def _from_snapshot(data, rules: Rules, hands, line, stock, round_number, score, asleep) -> Round:
    """A position without history (hand-written lessons and puzzles)."""
    n = rules.num_players
    masks = [mask_of(h) for h in hands]
    dealt = rules.hand_size * n
    if not rules.can_draw:
        for seat, h in enumerate(hands):
            if len(h) > rules.hand_size:
                raise PositionError("bad_hand_size", seat=seat, count=len(h), limit=rules.hand_size)
    else:
        drawn_total = rules.stock_size - len(stock)
        for seat, h in enumerate(hands):
            if len(h) > rules.hand_size + drawn_total:
                raise PositionError("bad_hand_size", seat=seat, count=len(h),
                                    limit=rules.hand_size + drawn_total)
    if sum(len(h) for h in hands) + len(line) < dealt - (rules.stock_size - len(stock) if rules.can_draw else 0):
        raise _bad("too few tiles in the hands and on the line")
    turn = _seat(data, "turn", n, 0)
    leader = _seat(data, "leader", n, turn if not line else 0)
    rnd = _common_round(rules, masks, [t.id for t in stock], mask_of(asleep), leader, round_number, score, data)
    rnd.turn = turn
    if not line:
        forced_seat, forced = lead_requirement(rules, round_number, masks)
        if "forced_lead" in data:
            forced = Tile.parse(data["forced_lead"]).id
            forced_seat = next((s for s, m in enumerate(masks) if m >> forced & 1), None)
            if forced_seat is None:
                raise _bad(f"nobody holds the forced lead {TILES[forced]}")
        if forced_seat is not None and forced_seat != turn:
            raise PositionError("bad_turn", detail=f"seat {forced_seat} must lead {TILES[forced]}, not seat {turn}")
        rnd.leader = turn
        rnd.forced_lead = forced
        if any(len(h) == 0 for h in hands):
            raise _bad("a hand is empty before the lead")
        return rnd
    if round_number == 1 and rules.first_lead == "holder_66_forced" and rules.stock_mode == "none":
        if tile_id(6, 6) not in {tile_id(min(a, b), max(a, b)) for a, b in line}:
            raise PositionError("bad_turn", detail="round 1 is led with 6-6, but 6-6 is not on the line")
    rnd.from_snapshot = True
    rnd.line.extend(line)
    rnd.left, rnd.right = line[0][0], line[-1][1]
    rnd.last_placer = _seat(data, "last_placer", n, (turn - 1) % n)
    points = data.get("round_points")
    if points is not None:
        if not isinstance(points, list) or len(points) != len(rnd.round_points):
            raise _bad("round_points must have one number per side")
        rnd.round_points = [int(p) for p in points]
    empty = [s for s, m in enumerate(masks) if not m]
    if len(empty) > 1:
        raise _bad("more than one hand is empty")
    if empty:
        rnd.last_placer = empty[0]
        rnd.result = settle_domino(rnd, empty[0], capicu=False)
        rnd.turn = empty[0]
    elif rnd._blocked():
        rnd.result = settle_block(rnd)
    return rnd
