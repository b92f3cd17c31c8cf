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
from .errors import IllegalActionError, NotationError, PositionError
from .round import NO_END, Round, lead_requirement
from .rules import Rules
from .scoring import TARGET, settle_block, settle_domino, settle_target
from .tiles import NUM_TILES, TILES, Tile, lot_key, mask_of, tile_id, tiles_in

FORMAT = "capicu-position/1"

#: Every key a position may have; anything else is a mistake worth reporting.
KEYS = frozenset({
    "format", "rules", "round", "score", "leader", "turn", "hands", "line", "stock", "sleeping",
    "seed", "lot", "forced_lead", "history", "last_placer", "round_points", "result",
})
_HISTORY_KEYS = frozenset({"seat", "action", "tile"})
#: The result fields a loaded position must agree with (``detail`` is explanation only).
_RESULT_FIELDS = ("kind", "winner", "points", "in_play", "pips", "side_pips", "out_seat", "blocker",
                  "capicu", "capicu_bonus", "tie", "next_leader", "next_leader_rule")


def _oriented(text: Any) -> tuple[int, int]:
    """A line tile as it lies, left half first: ``"5-3"`` is 5 on the left."""
    Tile.parse(text)  # validates
    a, b = (int(p) for p in str(text).strip().split("-"))
    return a, b


def position_to_dict(rnd: Round, snapshot: bool = False) -> dict[str, Any]:
    """The JSON form of a round: with its history when it has one, else (or when
    ``snapshot`` is true) as a snapshot of the hands and the line, as lessons write them."""
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
    if rnd.history and not rnd.from_snapshot and not snapshot:
        data["history"] = [_history_entry(e[0], e[1], e[2]) for e in rnd.history]
    elif rnd.left != NO_END:
        data["last_placer"] = rnd.last_placer
        if any(rnd.round_points):
            data["round_points"] = list(rnd.round_points)
        if rnd.result is None and rnd._blocked():
            # Nobody can place and nothing can be drawn, but the player who drew the
            # stock out still owes the pass that declares the block (BV-07).
            data["result"] = None
    if rnd.result is not None:
        data["result"] = rnd.result.to_dict()
    return data


def _history_entry(seat: int, aid: int, drawn: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": seat, "action": str(ACTIONS[aid])}
    if drawn >= 0:
        entry["tile"] = str(TILES[drawn])
    return entry


def dumps(rnd: Round, indent: int | None = None, snapshot: bool = False) -> str:
    """The position as JSON text (see :func:`position_to_dict`): one line, or with an
    ``indent`` one key per line (hands, line and history stay on their own line each)."""
    data = position_to_dict(rnd, snapshot)
    if indent is None:
        return json.dumps(data, ensure_ascii=False)
    pad = " " * indent
    return "{\n" + ",\n".join(f"{pad}{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
                              for key, value in data.items()) + "\n}"


def loads(text: str | bytes) -> Round:
    """Read and validate a JSON position."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError, UnicodeDecodeError, RecursionError) as exc:
        raise NotationError("bad_json", detail=str(exc).split(":")[0]) from None
    return position_from_dict(data)


def _bad(detail: str) -> PositionError:
    return PositionError("bad_position", detail=detail)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(data: Mapping, key: str, n: int, default: int | None = None) -> int | None:
    value = data.get(key, default)
    if value is None:
        return None
    if not _is_int(value) or not 0 <= value < n:
        raise PositionError("bad_turn", detail=f"{key} must be a seat from 0 to {n - 1}, not {value!r}")
    return value


def _tile_list(data: Mapping, key: str) -> list[Tile]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise _bad(f"{key} must be a list of tiles")
    return [Tile.parse(t) for t in raw]


def _numbers(data: Mapping, key: str, count: int, default: list[int]) -> list[int]:
    value = data.get(key, default)
    if not isinstance(value, list) or len(value) != count or not all(_is_int(v) and v >= 0 for v in value):
        raise _bad(f"{key} must be a list of {count} whole numbers")
    return value


def position_from_dict(data: Any) -> Round:
    """Build and validate a round from its JSON form."""
    if not isinstance(data, Mapping):
        raise _bad("a position is a JSON object")
    unknown = sorted(str(k) for k in data if k not in KEYS)
    if unknown:
        raise _bad(f"unknown key {unknown[0]!r}")
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
    if not _is_int(round_number) or round_number < 1:
        raise _bad("round must be a number from 1 up")
    units = rules.flags.units
    score = _numbers(data, "score", units, [0] * units)

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
    if len(stock) > rules.stock_size:
        raise _bad(f"the stock holds {len(stock)} tiles, but only {rules.stock_size} are left after the deal")
    for (a, b), (c, d) in zip(line, line[1:]):
        if b != c:
            raise PositionError("broken_line", left=f"{a}-{b}", right=f"{c}-{d}")

    history = data.get("history")
    if history:
        rnd = _replay(data, rules, hands, line, stock, round_number, score)
    else:
        if history is not None and not isinstance(history, list):
            raise _bad("history must be a list")
        rnd = _from_snapshot(data, rules, hands, line, stock, round_number, score, missing + sleeping_given)
    _check_result(rnd, data)
    return rnd


def _common_round(rules, masks, stock_ids, sleeping_mask, leader, round_number, score, data) -> Round:
    seed = data.get("seed")
    if seed is not None and not (_is_int(seed) or isinstance(seed, str)):
        raise _bad("seed must be a number or a text")
    rnd = Round(rules, masks, stock_ids, sleeping_mask, leader, round_number, score, seed=seed)
    rnd.lot = _lot(data, rules.num_players)
    return rnd


def _lot(data: Mapping, n: int) -> dict[int, int]:
    """The lot that chose the leader: one distinct tile per seat (A-10)."""
    raw = data.get("lot")
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise _bad("lot must map seats to tiles")
    lot: dict[int, int] = {}
    for key, text in raw.items():
        if not str(key).isdigit() or not 0 <= int(key) < n:
            raise _bad(f"lot must map seats from 0 to {n - 1} to tiles, not {key!r}")
        lot[int(key)] = Tile.parse(text).id
    if len(lot) != n or len(set(lot.values())) != n:
        raise _bad("a lot gives every seat its own tile")
    return lot


def _check_lot_leader(rnd: Round) -> None:
    if rnd.lot:
        winner = max(rnd.lot, key=lambda seat: lot_key(TILES[rnd.lot[seat]]))
        if winner != rnd.leader:
            raise PositionError("bad_turn", detail=f"seat {winner} won the lot, so seat {winner} leads, "
                                                   f"not seat {rnd.leader}")


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
        extra = sorted(str(k) for k in entry if k not in _HISTORY_KEYS)
        if extra:
            raise _bad(f"history step {i} has an unknown key {extra[0]!r}")
        seat = _seat(entry, "seat", n)
        if seat is None:
            raise _bad(f"history step {i} has no seat")
        action = Action.parse(entry["action"])
        drawn = Tile.parse(entry["tile"]) if "tile" in entry else None
        if action.id == DRAW_ID and drawn is None:
            raise _bad(f"history step {i} draws without naming the tile")
        if action.id != DRAW_ID and drawn is not None:
            raise _bad(f"history step {i} names a tile, but only a draw does")
        steps.append((seat, action, drawn))
    # Take the history back from the end: placed tiles return to their hands, drawn
    # tiles to the top of the stock. What is left is the deal.
    start = [mask_of(h) for h in hands]
    drawn_order = []
    for seat, action, drawn in reversed(steps):
        if action.is_placement:
            start[seat] |= 1 << action.tile.id
        if drawn is not None:
            if not start[seat] >> drawn.id & 1:
                raise _bad(f"seat {seat} drew {drawn} but does not hold it")
            start[seat] &= ~(1 << drawn.id)
            drawn_order.append(drawn.id)
    drawn_order.reverse()
    for seat, mask in enumerate(start):
        count = mask.bit_count()
        if count != rules.hand_size:
            raise PositionError("bad_hand_size", seat=seat, count=count, limit=rules.hand_size)
    stock_ids = drawn_order + [t.id for t in stock]
    leader = steps[0][0]
    if "leader" in data and _seat(data, "leader", n) != leader:
        raise PositionError("bad_turn", detail=f"leader is {data['leader']} but seat {leader} acts first")
    forced_seat, forced = lead_requirement(rules, round_number, start)
    if forced_seat is not None and forced_seat != leader:
        raise PositionError("bad_turn", detail=f"seat {forced_seat} must lead {TILES[forced]}")
    used = 0
    for mask in start:
        used |= mask
    sleeping = ((1 << NUM_TILES) - 1) & ~(used | mask_of(TILES[t] for t in stock_ids))
    rnd = _common_round(rules, start, stock_ids, sleeping, leader, round_number, score, data)
    _check_lot_leader(rnd)
    rnd.forced_lead = forced
    for i, (seat, action, _) in enumerate(steps, 1):
        if rnd.is_over:
            raise PositionError("bad_history", step=i, action=action, reason="the round is over")
        if seat != rnd.turn:
            raise PositionError("bad_history", step=i, action=action,
                                reason=f"it is seat {rnd.turn}'s turn, not seat {seat}'s")
        try:
            rnd.apply(action)
        except IllegalActionError as exc:
            raise PositionError("bad_history", step=i, action=action, reason=str(exc)) from None
    if list(rnd.line) != line:
        raise _bad("the line does not match the history")
    if "turn" in data and _seat(data, "turn", n) != rnd.turn:
        raise PositionError("bad_turn", detail=f"after the history it is seat {rnd.turn}'s turn")
    if "last_placer" in data and _seat(data, "last_placer", n) != rnd.last_placer:
        raise _bad(f"after the history the last tile was placed by seat {rnd.last_placer}")
    if "round_points" in data and _numbers(data, "round_points", len(rnd.round_points), []) != rnd.round_points:
        raise _bad(f"after the history the points scored in play are {rnd.round_points}")
    return rnd


def _from_snapshot(data, rules: Rules, hands, line, stock, round_number, score, asleep) -> Round:
    """A position without history (hand-written lessons and puzzles)."""
    n = rules.num_players
    masks = [mask_of(h) for h in hands]
    drawn_total = rules.stock_size - len(stock) if rules.can_draw else 0
    for seat, h in enumerate(hands):
        if len(h) > rules.hand_size + drawn_total:
            raise PositionError("bad_hand_size", seat=seat, count=len(h), limit=rules.hand_size + drawn_total)
    turn = _seat(data, "turn", n, 0)
    leader = _seat(data, "leader", n, turn if not line else 0)
    rnd = _common_round(rules, masks, [t.id for t in stock], mask_of(asleep), leader, round_number, score, data)
    rnd.turn = turn
    if not line:
        if drawn_total:
            raise _bad("nobody draws before the lead, but the stock is not full")
        for seat, h in enumerate(hands):
            if len(h) != rules.hand_size:
                raise PositionError("bad_hand_size", seat=seat, count=len(h), limit=rules.hand_size)
        if "last_placer" in data or "round_points" in data:
            raise _bad("nobody has placed a tile before the lead")
        forced_seat, forced = lead_requirement(rules, round_number, masks)
        if "forced_lead" in data:
            forced = Tile.parse(data["forced_lead"]).id
            forced_seat = next((s for s, m in enumerate(masks) if m >> forced & 1), None)
            if forced_seat is None:
                raise _bad(f"nobody holds the forced lead {TILES[forced]}")
        if forced_seat is not None and forced_seat != turn:
            raise PositionError("bad_turn", detail=f"seat {forced_seat} must lead {TILES[forced]}, not seat {turn}")
        if "leader" in data and leader != turn:
            raise PositionError("bad_turn", detail=f"the leader (seat {leader}) is to move before the lead, "
                                                   f"not seat {turn}")
        rnd.leader = turn
        rnd.forced_lead = forced
        _check_lot_leader(rnd)
        return rnd
    if "forced_lead" in data:
        raise _bad("forced_lead only applies before the lead")
    if round_number == 1 and rules.first_lead == "holder_66_forced" and rules.stock_mode == "none":
        if tile_id(6, 6) not in {tile_id(min(a, b), max(a, b)) for a, b in line}:
            raise PositionError("bad_turn", detail="round 1 is led with 6-6, but 6-6 is not on the line")
    rnd.from_snapshot = True
    rnd.line.extend(line)
    rnd.left, rnd.right = line[0][0], line[-1][1]
    rnd.last_placer = _seat(data, "last_placer", n, (turn - 1) % n)
    if "round_points" in data:
        rnd.round_points = list(_numbers(data, "round_points", len(rnd.round_points), []))
    _settle_snapshot(rnd, data)
    rnd._base_placer = rnd.last_placer  # undo cannot go back past the snapshot
    return rnd


def _settle_snapshot(rnd: Round, data: Mapping) -> None:
    """A snapshot's result follows from its hands and line, except what only the last play
    showed (a capicú, a target reached mid-hand): those the stored ``result`` supplies.
    ``"result": null`` says the round is not over: a block still waits for its pass."""
    given = data.get("result")
    claims = given if isinstance(given, Mapping) else {}
    empty = [s for s, m in enumerate(rnd.hands) if not m]
    if len(empty) > 1:
        raise _bad("more than one hand is empty")
    if "result" in data and given is None:
        if empty:
            raise _bad("a hand is empty, so the round is over")
        return
    if claims.get("kind") == TARGET:
        seat = empty[0] if empty else rnd.last_placer
        side = rnd._flags.side[seat]
        if not (rnd._flags.immediate and rnd.score[side] + rnd.round_points[side] >= rnd.rules.target):
            raise _bad("the result says the target was reached, but it was not")
        rnd.turn = rnd.last_placer = seat
        rnd.result = settle_target(rnd, seat)
    elif empty:
        seat = empty[0]
        rnd.last_placer = rnd.turn = seat
        capicu = claims.get("capicu") is True
        if capicu and not _capicu_possible(rnd):
            raise _bad("the result says capicú, but the line's ends cannot come from one")
        rnd.result = settle_domino(rnd, seat, capicu)
    elif rnd._blocked():
        rnd.result = settle_block(rnd)


def _capicu_possible(rnd: Round) -> bool:
    """Could the last tile, at either end of the line, have been a capicú (A-14)?

    A capicú x-y played on (x|y) leaves both ends showing the same number, with the
    tile lying crosswise to nothing: its inner half differs from its outer half.
    """
    line = rnd.line
    if len(line) < 2 or rnd.left != rnd.right:
        return False
    return line[0][1] != rnd.left or line[-1][0] != rnd.right


def _check_result(rnd: Round, data: Mapping) -> None:
    """A stored result must be the one the engine computes for the position."""
    if "result" not in data:
        return
    given = data["result"]
    if given is None:
        if rnd.result is not None:
            raise _bad("the result is null, but the round is over")
        return
    if not isinstance(given, Mapping):
        raise _bad("result must be an object")
    if rnd.result is None:
        raise _bad("the position has a result, but the round is not over")
    actual = rnd.result.to_dict()
    for key in _RESULT_FIELDS:
        if key in given and given[key] != actual[key]:
            raise _bad(f"the result's {key} is {given[key]!r}, but the position gives {actual[key]!r}")
