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
import re
from itertools import combinations
from typing import Any, Mapping

from .actions import ACTIONS, DRAW_ID, LEAD_BASE, LEFT_BASE, PASS_ID, RIGHT_BASE, Action
from .errors import IllegalActionError, NotationError, PositionError, quoted
from .match import match_outcome
from .round import NO_END, Round, lead_requirement
from .rules import Rules
from .scoring import TARGET, fives_points, is_capicu, round_to_5, settle_target
from .tiles import NUM_TILES, SUIT_MASK, TILES, Tile, halves, ids_in, lot_key, mask_of, tile_id, tiles_in

FORMAT = "capicu-position/1"

#: Every key a position may have; anything else is a mistake worth reporting.
KEYS = frozenset({
    "format", "rules", "round", "score", "leader", "turn", "hands", "line", "stock", "sleeping",
    "seed", "lot", "forced_lead", "history", "last_placer", "round_points", "result",
})
_HISTORY_KEYS = frozenset({"seat", "action", "tile"})
_SEAT_TEXT = frozenset(str(seat) for seat in range(4))
#: The result fields a loaded position must agree with (``detail`` is explanation only).
_RESULT_FIELDS = ("kind", "winner", "points", "in_play", "pips", "side_pips", "out_seat", "blocker",
                  "capicu", "capicu_bonus", "tie", "next_leader", "next_leader_rule")


#: The longest whole number a position may hold (seeds included): Python reads at most
#: 4,300 digits into an int, and no real position needs more than a few.
MAX_DIGITS = 100


def _oriented(text: Any) -> tuple[int, int]:
    """A line tile as it lies, left half first: ``"5-3"`` is 5 on the left."""
    return halves(text)


class _TooLong(ValueError):
    pass


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooLong(text)
    return int(text)


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


def loads(text: str | bytes, reachable: bool = True) -> Round:
    """Read and validate a JSON position, which must be one that can arise in play unless
    ``reachable=False`` (see :func:`position_from_dict`)."""
    return position_from_dict(read_json(text), reachable=reachable)


#: The deepest nesting JSON text may have here (a position or a record nests 4 deep):
#: checked before it is parsed, since Python's parser recurses.
MAX_DEPTH = 32
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def read_json(text: str | bytes) -> Any:
    """JSON text as Python values, as :func:`loads` reads a position (and the analysis
    board a record): numbers of at most ``MAX_DIGITS`` digits, nesting at most
    ``MAX_DEPTH`` deep; else NotationError ``bad_json``."""
    try:
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode("utf-8")
        if not isinstance(text, str):
            raise TypeError("JSON text must be a string")
        depth = deepest = 0
        for bracket in _BRACKET.findall(_STRING.sub("", text)):
            depth += 1 if bracket in "[{" else -1
            deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            raise NotationError("bad_json", detail=f"nested more than {MAX_DEPTH} deep")
        return json.loads(text, parse_int=_parse_int)
    except _TooLong:
        raise NotationError("bad_json", detail=f"a number has more than {MAX_DIGITS} digits") from None
    except (json.JSONDecodeError, TypeError, UnicodeDecodeError, RecursionError) as exc:
        raise NotationError("bad_json", detail=str(exc).split(":")[0]) from None
    except NotationError:
        raise
    except ValueError:  # any other number Python will not read
        raise NotationError("bad_json", detail="a number cannot be read") from None


def _bad(detail: str) -> PositionError:
    return PositionError("bad_position", detail=detail)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(data: Mapping, key: str, n: int, default: int | None = None) -> int | None:
    value = data.get(key, default)
    if value is None and default is None:  # (a key given as null, where a seat is needed, is refused)
        return None
    if not _is_int(value) or not 0 <= value < n:
        raise PositionError("bad_turn", detail=f"{key} must be a seat from 0 to {n - 1}, not {quoted(value)}")
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


def position_from_dict(data: Any, reachable: bool = True) -> Round:
    """Build and validate a round from its JSON form.

    Every position is checked for what its fields say (docs/notation.md, "What loading
    checks"), and must be one that can arise in a game played by the rules: the score of
    its round, who can have placed how many tiles in how many turns, and a history from a
    deal that the engine replays to exactly this position. Only ``reachable=False`` (the
    engine's own rule tests, diagrams that show one rule) lets a hand-made position that
    no real game leads to load."""
    return _position(data, reachable, None)


def prove_position(data: Any) -> Round | None:
    """A game that reaches a position: a round replayed from its deal through its history.

    For a snapshot after the lead it is the history the loader found (the search tries up
    to ``SEARCH_BUDGET`` partial histories): ``None`` when that budget ran out before one
    was found, and the counting checks are all that held. Raises the loader's coded error
    when the position cannot arise. For a position with history, or before the lead, the
    round itself (its history, if any, has been replayed).
    """
    proof: list[Round] = []
    rnd = _position(data, True, proof)
    if rnd.from_snapshot:
        return proof[0] if proof else None
    return rnd


def _position(data: Any, reachable: bool, proof: list | None) -> Round:
    if not isinstance(data, Mapping):
        raise _bad("a position is a JSON object")
    unknown = sorted(quoted(k) for k in data if k not in KEYS)
    if unknown:
        raise _bad(f"unknown key {unknown[0]}")
    if "format" in data and data["format"] != FORMAT:
        raise _bad(f"unknown format {quoted(data['format'])}, expected {FORMAT!r}")
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
    _check_score(rules, round_number, score, reachable)

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
        rnd = _from_snapshot(data, rules, hands, line, stock, round_number, score, missing + sleeping_given,
                             reachable, proof)
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
        # a seat: an int, or its text in ASCII digits (str.isdigit() also takes "¹" and "٣")
        seat = key if _is_int(key) else int(key) if isinstance(key, str) and key in _SEAT_TEXT else None
        if seat is None or not 0 <= seat < n:
            raise _bad(f"lot must map seats from 0 to {n - 1} to tiles, not {quoted(key)}")
        if seat in lot:
            raise _bad("a lot gives every seat its own tile")
        lot[seat] = Tile.parse(text).id
    if len(lot) != n or len(set(lot.values())) != n:
        raise _bad("a lot gives every seat its own tile")
    return lot


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
        extra = sorted(quoted(k) for k in entry if k not in _HISTORY_KEYS)
        if extra:
            raise _bad(f"history step {i} has an unknown key {extra[0]}")
        if not isinstance(entry["action"], str):
            raise NotationError("bad_action", text=entry["action"])
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
    if "forced_lead" in data:
        _check_forced_key(data, forced)
    used = 0
    for mask in start:
        used |= mask
    sleeping = ((1 << NUM_TILES) - 1) & ~(used | mask_of(TILES[t] for t in stock_ids))
    rnd = _common_round(rules, start, stock_ids, sleeping, leader, round_number, score, data)
    problem = _deal_problem(rules, rnd, start)
    if problem:
        raise PositionError("bad_turn", detail=problem)
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


def _from_snapshot(data, rules: Rules, hands, line, stock, round_number, score, asleep,
                   reachable: bool = False, proof: list | None = None) -> Round:
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
            _check_forced_key(data, forced)
        if forced_seat is not None and forced_seat != turn:
            raise PositionError("bad_turn", detail=f"seat {forced_seat} must lead {TILES[forced]}, not seat {turn}")
        if "leader" in data and leader != turn:
            raise PositionError("bad_turn", detail=f"the leader (seat {leader}) is to move before the lead, "
                                                   f"not seat {turn}")
        rnd.leader = turn
        rnd.forced_lead = forced
        problem = _deal_problem(rules, rnd, masks)
        if problem:
            raise PositionError("bad_turn", detail=problem)
        return rnd
    if "forced_lead" in data:
        Tile.parse(data["forced_lead"])
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
        if any(rnd.round_points) and not rnd._flags.fives:
            raise _bad("points are scored during a round only in All Fives")
        if any(p % 5 for p in rnd.round_points):
            raise _bad("All Fives scores multiples of 5 during a round")
    _settle_snapshot(rnd, data)
    _snapshot_facts(rnd, data, line)
    if reachable:
        witness = _prove_snapshot(rnd, data, line)
        if witness is not None and proof is not None:
            proof.append(witness)
    rnd._base_placer = rnd.last_placer  # undo cannot go back past the snapshot
    return rnd


def _check_forced_key(data: Mapping, forced: int) -> None:
    """A stored ``forced_lead`` must be the tile the rules force for this deal."""
    tile = Tile.parse(data["forced_lead"])
    if forced < 0:
        raise _bad(f"forced_lead is {tile}, but nothing forces the lead in this round")
    if tile.id != forced:
        raise _bad(f"forced_lead is {tile}, but the rules force {TILES[forced]}")


def _prove_snapshot(rnd: Round, data: Mapping, line) -> Round | None:
    """Find a history from a deal that gives this snapshot, or say the snapshot cannot arise."""
    if rnd.result is None:
        ending = "pending" if rnd._blocked() else "open"
    else:
        ending = rnd.result.kind
    given = data.get("result")
    capicu = given.get("capicu") if isinstance(given, Mapping) and isinstance(given.get("capicu"), bool) else None
    leader = rnd.leader if "leader" in data else None
    placer = rnd.last_placer
    free_placer = "last_placer" not in data and ending in ("open", "pending", "block")
    attempts = [(placer, capicu if capicu is not None else False)]
    if ending == "domino" and capicu is None:
        attempts.append((placer, True))
    if free_placer:
        attempts += [(None, c) for _, c in attempts]
    _count_snapshot(rnd, data, line, ending)
    witness, reason, budget = None, None, SEARCH_BUDGET
    for first_placer, want_capicu in attempts:
        if first_placer is None and ending == "block":
            continue  # a block names its blocker
        search = _Witness(rnd.rules, rnd, list(line), leader, first_placer, ending,
                          want_capicu if ending == "domino" else None)
        search.budget = budget
        witness = search.search()
        budget = search.budget
        reason = reason or search.reason
        if witness is not None or search.out_of_budget:
            break
    if witness is None and budget < 0:
        return None  # too many possible pasts to try them all: the counting checks above hold
    if witness is None:
        detail = "no game played by the rules from a deal leads to this position"
        raise PositionError("bad_position", detail=detail + (f" ({reason})" if reason else ""))
    rnd.leader = witness.leader
    rnd.last_placer = witness.last_placer
    if rnd.result is not None:
        rnd.result = witness.result
    if not rnd.lot and witness.lot:
        rnd.lot = dict(witness.lot)
    return witness


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
        rnd.result = settle_target(rnd.rules, rnd.hands, rnd.round_points, seat)
    elif empty:
        seat = empty[0]
        rnd.last_placer = rnd.turn = seat
        capicu = claims.get("capicu") is True
        if capicu and not _capicu_possible(rnd):
            raise _bad("the result says capicú, but the line's ends cannot come from one")
        rnd.result = rnd._settle_domino(seat, capicu)
    elif rnd._blocked():
        rnd.result = rnd._settle_block()


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
            raise _bad(f"the result's {key} is {quoted(given[key])}, but the position gives {actual[key]!r}")


# ------------------------------------------------------------------ reachability
#: How many partial histories the search for a snapshot's history may try (about 10 µs
#: each): beyond that a snapshot that passed every counting check is accepted unproven.
SEARCH_BUDGET = 4_000
#: All the pips of a double-six set: no round's end can score more (a domino scores the
#: hands left, a block the pips left or their differences, Kozel each hand's own pips).
ALL_PIPS = 168


def max_round_points(rules: Rules) -> int:
    """The most points one round of this game can add to the match totals, all sides
    together, from its scoring rules (rules.md PT-09/10, BV-06/08, AF-09/11, DR-02/03,
    KZ-12, A-14):

    * the end of the round scores at most every pip left in the hands: 168, or 170 when
      end points are rounded to the nearest 5;
    * a capicú adds its bonus (0, 25 or 30) to a domino;
    * in-play scoring (All Fives) adds, for each of at most 28 placements, the ends' sum
      when it is a multiple of 5: at most 10 with two ends of up to 6 each, or 20 when a
      double at an end counts both halves (two ends of up to 12).

    >>> max_round_points(Rules.preset("laplaza_partners")), max_round_points(Rules.preset("all_fives"))
    (168, 448)
    """
    end = round_to_5(ALL_PIPS) if rules.end_rounding == "nearest_5" else ALL_PIPS
    in_play = 0
    if rules.in_play_scoring == "fives":
        in_play = NUM_TILES * (20 if rules.double_end_value == "both_halves" else 10)
    return end + rules.capicu_bonus + in_play


class _OutOfBudget(Exception):
    pass


class _Witness:
    """A search for one history that leads from a deal to a snapshot (rules C-02..C-13).

    It walks back from the snapshot one turn at a time: the seat before the player to
    move either placed a tile at one end of the line (after drawing, when nothing in its
    hand fitted: draw until playable, C-10) or passed (nothing fitted and nothing could be
    drawn). The lead is the last step back; the deal is what is left. A candidate history
    is then replayed through the engine from that deal and must give the snapshot back
    exactly, so what the search accepts is a real game by construction.
    """

    def __init__(self, rules: Rules, target: Round, line, leader: int | None, placer: int | None,
                 ending: str, capicu: bool | None) -> None:
        self.rules, self.target, self.line = rules, target, line
        self.n = rules.num_players
        self.hand_size = rules.hand_size
        self.leader, self.ending, self.capicu = leader, ending, capicu
        self.first_placer = placer
        self.stock = target.stock_ids
        self.can_draw = rules.can_draw
        self.limit = rules.stock_reserve if rules.can_draw else 0
        self.drawn_total = rules.stock_size - len(self.stock) if rules.can_draw else 0
        self.voluntary = rules.voluntary_draw
        flags = rules.flags
        self.fives, self.both, self.immediate = flags.fives, flags.both_halves, flags.immediate
        self.side = flags.side
        self.score = target.score
        self.hands = list(target.hands)
        self.rp = list(target.round_points)
        self.drawn: list[int] = []           # tiles put back on the stock, last drawn first
        self.steps: list[tuple[int, int, int]] = []  # (seat, action id, drawn tile), last first
        self.budget = SEARCH_BUDGET
        self.out_of_budget = False
        self.failed: set = set()
        self.reason: str | None = None
        self.found: Round | None = None

    # the line between indices l and r (inclusive) is what lies on the table
    def _ends(self, l: int, r: int) -> tuple[int, int]:
        return self.line[l][0], self.line[r][1]

    def _fits(self, l: int, r: int) -> int:
        a, b = self._ends(l, r)
        return SUIT_MASK[a] | SUIT_MASK[b]

    def _points(self, l: int, r: int) -> int:
        """All Fives points the ends of line[l..r] show (what the placement that made it scored)."""
        part = [self.line[l], self.line[r]] if l < r else [self.line[l]]
        a, b = self._ends(l, r)
        return fives_points(part, a, b, self.both)

    def search(self) -> Round | None:
        """The replayed round of a history that leads to the snapshot, or None."""
        line = self.line
        order = list(range(len(line)))
        forced = self._forced_tile_first()
        if forced is not None:
            order.sort(key=lambda i: tile_id(min(line[i]), max(line[i])) != forced)
        turn = self.target.turn
        # Each tile of the line may have been the lead: give every candidate a small share
        # of the budget, then twice as much to those still open, so one hard candidate does
        # not use it all (what a candidate proved impossible stays in ``failed``).
        share = 64
        while order and self.budget > 0:
            still_open: list[int] = []
            for position, lead_index in enumerate(order):
                self.lead_index = lead_index
                total, self.budget = self.budget, min(self.budget, share)
                try:
                    for kind, t, placer in self._starts(turn):
                        if self._tail(kind, t, placer, len(line) - 1):
                            return self.found
                except _OutOfBudget:
                    still_open.append(lead_index)
                self.budget = total - (min(total, share) - max(self.budget, 0))
                if self.budget <= 0:
                    still_open += order[position + 1:]  # not tried in this pass: still open
                    break
            order, share = still_open, share * 2
        self.out_of_budget = bool(order)
        if self.out_of_budget:
            self.budget = -1
        return None

    def _forced_tile_first(self) -> int | None:
        if self.target.round_number <= 1 and self.rules.first_lead == "holder_66_forced":
            return tile_id(6, 6)
        return None

    def _starts(self, turn: int):
        """How the history may end: (what the last turn was, the seat after it, who placed last)."""
        n = self.n
        if self.ending in ("domino", "target"):
            seat = self.target.last_placer
            yield "place", (seat + 1) % n, seat
        elif self.ending == "block":
            seat = self.first_placer
            yield "place", (seat + 1) % n, seat          # the placement blocked it (C-13)
            yield "pass", (seat + 2) % n, seat           # the next seat drew the stock out and passed (BV-07)
        else:  # the round goes on (or waits for the pass that declares a block)
            yield "open", turn, self.first_placer

    def _tail(self, kind: str, t: int, placer: int | None, r: int) -> bool:
        l = 0
        if kind == "open":
            # The player to move may already have drawn this turn: before each draw nothing
            # in its hand fitted, so at most the last tile drawn fits now.
            hand = self.hands[t]
            fitting = hand & self._fits(l, r)
            most = min(self.drawn_total, hand.bit_count())
            pending = self.ending == "pending"
            for k in range(0 if not pending else 1, most + 1):
                if k and fitting.bit_count() > 1 and not self.voluntary:
                    break
                for drawn in self._draw_sets(hand, fitting, k, last_may_fit=True):
                    if self._undo_draws(t, drawn, lambda: self._turns(t, l, r, 0, placer, "any")):
                        return True
                if k == 0 and not self.can_draw:
                    break
            return False
        first = "place" if kind == "place" else "pass"
        return self._turns(t, l, r, 0, placer, first)

    def _draw_sets(self, hand: int, fitting: int, k: int, last_may_fit: bool):
        """Which k tiles of ``hand`` were drawn, in the order drawn (the last one may fit)."""
        if k == 0:
            yield ()
            return
        if k > self.drawn_total - len(self.drawn):
            return
        if self.voluntary:
            pool = list(ids_in(hand))
            for combo in combinations(pool, k):
                yield combo
            return
        others = list(ids_in(hand & ~fitting))
        if fitting:
            last = fitting.bit_length() - 1
            for combo in combinations(others, k - 1):
                yield combo + (last,)
        elif last_may_fit:
            for combo in combinations(others, k):
                yield combo

    def _undo_draws(self, seat: int, drawn: tuple, then, placed: int = -1) -> bool:
        """Take ``drawn`` (in drawing order) out of ``seat``'s hand, back on the stock, and go
        on; ``placed``, the last one drawn, is on the line already, not in the hand."""
        if not drawn:
            return then()
        mask = 0
        for t in drawn:
            if t != placed:
                mask |= 1 << t
        self.hands[seat] &= ~mask
        for t in reversed(drawn):
            self.drawn.append(t)
            self.steps.append((seat, DRAW_ID, t))
        try:
            return then()
        finally:
            for _ in drawn:
                self.drawn.pop()
                self.steps.pop()
            self.hands[seat] |= mask

    def _turns(self, t: int, l: int, r: int, passes: int, placer: int | None, first: str) -> bool:
        """Undo whole turns back to the lead; ``t`` is the seat to move after them."""
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        n = self.n
        key = (self.lead_index, t, l, r, passes, placer, first, tuple(self.hands), tuple(self.rp),
               len(self.drawn))
        if key in self.failed:
            return False
        ok = self._turns_uncached(t, l, r, passes, placer, first)
        if not ok:
            self.failed.add(key)
        return ok

    def _feasible(self, t: int, l: int, r: int) -> bool:
        """Counting: can every hand get back to a full deal in the turns left?"""
        n, size = self.n, self.hand_size
        left = self.drawn_total - len(self.drawn)
        needs = [size - h.bit_count() for h in self.hands]
        if left == 0 and min(needs) < 0:
            return False
        if self.can_draw and len(self.stock) + len(self.drawn) > self.limit:
            # Nobody can have passed before now (a pass needs an undrawable stock), so the
            # placements left go round the table back to the leader, one per turn.
            count = r - l + 1
            if self.leader is not None and (t - count) % n != self.leader:
                return False
            full, extra = divmod(count, n)
            for seat in range(n):
                placements = full + (1 if (t - 1 - seat) % n < extra else 0)
                if placements < needs[seat]:
                    return False  # it would have to have drawn fewer than no tiles
        return True

    def _turns_uncached(self, t: int, l: int, r: int, passes: int, placer: int | None, first: str) -> bool:
        n = self.n
        seat = (t - 1) % n
        if not self._feasible(t, l, r):
            return False
        side = self.side[seat]
        if self.immediate and any(s + p >= self.rules.target for s, p in zip(self.score, self.rp)) \
                and first == "any":
            return False  # the round would have ended at the target
        if l == r:
            if first != "pass" and self._lead(seat, l, placer):
                return True
        elif first != "pass" and (placer is None or placer == seat):
            for end, (nl, nr) in (("L", (l + 1, r)), ("R", (l, r - 1))):
                index = l if end == "L" else r
                if not (nl <= self.lead_index <= nr):
                    continue
                scored = self._points(l, r) if self.fives else 0
                if scored > self.rp[side]:
                    continue
                a, b = self.line[index]
                tid = tile_id(min(a, b), max(a, b))
                aid = (LEFT_BASE if end == "L" else RIGHT_BASE) + tid
                if first == "place" and self.ending == "domino" and self.capicu is not None:
                    before = self._ends(nl, nr)
                    if is_capicu(before[0], before[1], tid, True) != self.capicu:
                        continue
                self.rp[side] -= scored
                try:
                    if self._undo_placement(seat, tid, aid, nl, nr, passes):
                        return True
                finally:
                    self.rp[side] += scored
        if first != "place" and passes < n - 1 and len(self.stock) + len(self.drawn) <= self.limit \
                and not self.hands[seat] & self._fits(l, r):
            hand = self.hands[seat]
            most = min(self.drawn_total - len(self.drawn), hand.bit_count())
            for k in range(most + 1) if self.can_draw else (0,):
                for drawn in self._draw_sets(hand, 0, k, last_may_fit=True):
                    self.steps.append((seat, PASS_ID, -1))
                    try:
                        if self._undo_draws(seat, drawn, lambda: self._turns(seat, l, r, passes + 1, placer, "any")):
                            return True
                    finally:
                        self.steps.pop()
        return False

    def _undo_placement(self, seat: int, tid: int, aid: int, l: int, r: int, passes: int) -> bool:
        """``seat`` placed ``tid`` onto line[l..r]; before it, it may have drawn (then the
        tile placed is the last one drawn, and nothing else in its hand fitted)."""
        self.steps.append((seat, aid, -1))
        try:
            # Without drawing: the tile came from the hand.
            self.hands[seat] |= 1 << tid
            try:
                if self._turns(seat, l, r, 0, None, "any"):
                    return True
            finally:
                self.hands[seat] &= ~(1 << tid)
            if not self.can_draw or self.drawn_total == len(self.drawn):
                return False
            if not self.voluntary and self.hands[seat] & self._fits(l, r):
                return False  # something fitted, so it did not draw
            hand = self.hands[seat]
            most = min(self.drawn_total - len(self.drawn) - 1, hand.bit_count())
            for k in range(most + 1):
                for others in self._draw_sets(hand, 0, k, last_may_fit=True):
                    if self._undo_draws(seat, others + (tid,), lambda: self._turns(seat, l, r, 0, None, "any"),
                                        placed=tid):
                        return True
            return False
        finally:
            self.steps.pop()

    def _lead(self, seat: int, index: int, placer: int | None) -> bool:
        """The last step back: ``seat`` led line[index]; the deal must explain everything."""
        if placer is not None and placer != seat:
            return False
        if self.leader is not None and seat != self.leader:
            return False
        if len(self.drawn) != self.drawn_total:
            return False
        a, b = self.line[index]
        tid = tile_id(min(a, b), max(a, b))
        if self.fives and self._points(index, index) != self.rp[self.side[seat]]:
            return False
        if any(self.rp[s] for s in range(len(self.rp)) if s != self.side[seat]):
            return False
        start = list(self.hands)
        start[seat] |= 1 << tid
        if any(h.bit_count() != self.hand_size for h in start):
            return False
        history = [(seat, LEAD_BASE + tid, -1)] + self.steps[::-1]
        stock = self.drawn[::-1] + self.stock
        witness = _replay_witness(self.rules, self.target, start, stock, seat, history)
        if isinstance(witness, str):
            self.reason = self.reason or witness
            return False
        if not self._same(witness):
            return False
        self.found = witness
        return True

    def _same(self, w: Round) -> bool:
        tgt = self.target
        if w.hands != tgt.hands or list(w.line) != self.line or w.stock_ids != self.stock:
            return False
        if list(w.round_points) != list(tgt.round_points):
            return False
        if self.first_placer is not None and w.last_placer != self.first_placer:
            return False
        if self.ending in ("open", "pending"):
            return w.result is None and w.turn == tgt.turn
        if w.result is None or w.result.kind != self.ending:
            return False
        if self.ending == "domino" and self.capicu is not None and w.result.capicu != self.capicu:
            return False
        return True


def _replay_witness(rules: Rules, target: Round, start: list[int], stock: list[int], leader: int,
                    history: list[tuple[int, int, int]]) -> Round | str:
    """Replay a candidate history from its deal through the engine: the round, or why not."""
    forced_seat, forced = lead_requirement(rules, target.round_number, start)
    if forced_seat is not None and forced_seat != leader:
        return f"seat {forced_seat} must lead {TILES[forced]}"
    sleeping = target.sleeping
    rnd = Round(rules, start, stock, sleeping, leader, target.round_number, target.score,
                forced, dict(target.lot), target.seed)
    problem = _deal_problem(rules, rnd, start)
    if problem:
        return problem
    for seat, aid, drawn in history:
        if rnd.is_over or seat != rnd.turn:
            return "the turns cannot come round in this order"
        try:
            rnd.apply(ACTIONS[aid])
        except IllegalActionError as exc:
            return str(exc)
        if aid == DRAW_ID and rnd.history[-1][2] != drawn:
            return "the draws cannot come in this order"
    return rnd


def _lot_allowed(rules: Rules, round_number: int) -> bool:
    """Whether a lot can have chosen this round's leader (A-10)."""
    if round_number <= 1:
        return rules.first_lead in ("lot_any", "holder_66_forced")  # the latter when 6-6 sleeps
    return "lot" in (rules.next_lead_after_block, rules.next_lead_after_block_tie)


def _deal_problem(rules: Rules, rnd: Round, start: list[int]) -> str | None:
    """What is wrong with the leader, lot and forced lead of a deal (A-09, A-10, A-16, KZ-05)."""
    forced_seat, forced = lead_requirement(rules, rnd.round_number, start)
    if forced_seat is not None and forced_seat != rnd.leader:
        return f"seat {forced_seat} must lead {TILES[forced]}, not seat {rnd.leader}"
    if rnd.lot:
        if forced_seat is not None:
            return f"no lot is drawn: the rules make seat {forced_seat} lead {TILES[forced]}"
        if not _lot_allowed(rules, rnd.round_number):
            return f"no lot chooses the leader of round {rnd.round_number} in this game"
        winner = max(rnd.lot, key=lambda seat: lot_key(TILES[rnd.lot[seat]]))
        if winner != rnd.leader:
            return f"seat {winner} won the lot, so seat {winner} leads, not seat {rnd.leader}"
    return None


def _check_score(rules: Rules, round_number: int, score: list[int], reachable: bool) -> None:
    """The match totals before a round must be reachable by the rounds before it."""
    if not reachable:
        return
    if round_number == 1:
        if any(score):
            raise _bad("the score before round 1 is 0: give the round the position is in")
        return
    flags = rules.flags
    if flags.race:
        if not flags.fives or flags.immediate:
            over = [side for side, total in enumerate(score) if total >= rules.target]
            if over:
                raise _bad(f"side {over[0]} has reached the target of {rules.target}, so the match is over")
        else:
            if match_outcome(rules, score, None)[0]:
                raise _bad(f"the score has reached the target of {rules.target}, so the match is over")
        if not flags.fives and sum(1 for total in score if total) > round_number - 1:
            raise _bad(f"only one side scores in each round, so {round_number - 1} rounds "
                       f"cannot give {sum(1 for total in score if total)} sides points")
        if flags.rounding and any(total % 5 for total in score):
            raise _bad("every score of this game is a multiple of 5")
    else:
        if max(score) >= rules.penalty_limit:
            raise _bad(f"a seat has reached the limit of {rules.penalty_limit}, so the match is over")
        if round_number == 2 and min(score) > 0:
            # KZ-12: the seat that went out (or made the fish) adds nothing that round
            raise _bad("after one round the seat that went out or made the fish still has 0")
    if sum(score) > (round_number - 1) * max_round_points(rules):
        raise _bad(f"{round_number - 1} round{'s' if round_number > 2 else ''} of this game cannot score "
                   f"{sum(score)} points (at most {max_round_points(rules)} a round)")


def _likely_leader(rnd: Round, needs: list[int], placed: int) -> int:
    """The leader of a snapshot that does not name one, in a game without a stock, where
    nothing else fixes it (a later round is led by the last winner or blocker): the seat
    that led must have placed a tile. With one tile down it is the last placer; otherwise
    the seat that would have led had nobody passed, or the next seat round from it that
    has placed a tile. The search for a history (:func:`_prove_snapshot`) then settles it."""
    if placed == 1:
        return rnd.last_placer
    start = (rnd.last_placer - (placed - 1)) % rnd.n
    for step in range(rnd.n):
        seat = (start - step) % rnd.n  # earlier seats first: passes push the lead back
        if needs[seat] >= 1:
            return seat
    return rnd.leader


def _snapshot_facts(rnd: Round, data: Mapping, line) -> None:
    """What every snapshot after the lead must meet (rules A-10, AF-09, A-25): the lot chose
    the leader, and the points scored in play can have been scored."""
    rules = rnd.rules
    placed = len(line)
    ending = rnd.result.kind if rnd.result is not None else None
    if rnd.lot:
        if not _lot_allowed(rules, rnd.round_number) or (
                rnd.round_number <= 1 and rules.first_lead == "holder_66_forced" and not rules.can_draw):
            raise PositionError("bad_turn", detail=f"no lot chooses the leader of round {rnd.round_number} "
                                                   f"in this game")
        winner = max(rnd.lot, key=lambda seat: lot_key(TILES[rnd.lot[seat]]))
        if "leader" not in data:
            rnd.leader = winner
        elif winner != rnd.leader:
            raise PositionError("bad_turn", detail=f"seat {winner} won the lot, so seat {winner} led, "
                                                   f"not seat {rnd.leader}")
    flags = rnd._flags
    if flags.fives:
        points, score = rnd.round_points, rnd.score
        if sum(points) > 20 * placed:
            raise _bad(f"{placed} tiles cannot score {sum(points)} points in play")
        if ending == TARGET:
            side = flags.side[rnd.last_placer]
            last = fives_points(line, line[0][0], line[-1][1], flags.both_halves)
            if not last or points[side] < last or score[side] + points[side] - last >= rules.target:
                raise _bad("the result says the last play reached the target, but the match would have "
                           "ended before it or that play scored too little")
        elif flags.immediate and any(s + p >= rules.target for s, p in zip(score, points)):
            raise _bad(f"a side has reached the target of {rules.target}, so the round is over")


def _count_snapshot(rnd: Round, data: Mapping, line, ending: str) -> None:
    """Facts a snapshot after the lead must meet, by counting alone (rules C-05..C-10): who
    can have placed how many tiles in how many turns."""
    rules, n, size = rnd.rules, rnd.n, rnd.rules.hand_size
    placed = len(line)
    needs = [size - h.bit_count() for h in rnd.hands]   # tiles placed minus tiles drawn, per seat
    stock_now = len(rnd.stock_ids)
    if rules.can_draw and stock_now < rules.stock_reserve:
        raise _bad(f"the last {rules.stock_reserve} tiles of the stock are never drawn")
    if rules.can_draw and stock_now > rules.stock_reserve and ending != "block":
        # Nobody has passed yet (a pass needs a stock that cannot be drawn), so each turn so
        # far placed one tile, round the table from the leader.
        mover = rnd.last_placer if ending in ("domino", "target") else rnd.turn
        after = placed - 1 if ending in ("domino", "target") else placed
        leader = (mover - after) % n
        if "leader" not in data and not rnd.lot:
            rnd.leader = leader
        elif leader != rnd.leader:
            what = "turn" if after == placed else "tile, the last one"
            raise PositionError("bad_turn", detail=f"nobody can have passed with tiles left to draw, so "
                                f"{placed} tile{'s' if placed != 1 else ''} after seat {rnd.leader} led it cannot be "
                                f"seat {mover}'s {what}")
        full, extra = divmod(placed, n)
        for seat in range(n):
            turns = full + (1 if (seat - leader) % n < extra else 0)
            if turns < needs[seat]:
                raise PositionError("bad_turn", detail=f"seat {seat} holds {size - needs[seat]} tiles, but it has "
                                    f"had only {turns} turns to place tiles and has drawn none")
        last = (leader + placed - 1) % n
        if rnd.last_placer != last:
            raise _bad(f"the last tile was placed by seat {last}, not seat {rnd.last_placer}")
    elif not rules.can_draw:
        if "leader" not in data and not rnd.lot:
            rnd.leader = _likely_leader(rnd, needs, placed)
        for seat, what in ((rnd.leader, "led"), (rnd.last_placer, "placed the last tile")):
            if needs[seat] < 1:
                raise PositionError("bad_turn", detail=f"seat {seat} still holds all its tiles, so it "
                                                       f"cannot have {what}")
