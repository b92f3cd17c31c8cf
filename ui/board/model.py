"""What the board shows, as plain JSON-able data built from an engine round.

The board draws a *model*, never a :class:`~engine.Round`: the model holds exactly
what one seat may see (its own hand face up, the others face down unless revealed)
and the targets the engine allows. The renderer and the browser component read it;
neither knows a rule of dominoes.

>>> from engine import Round, Rules
>>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 1-2 0-0 0-1 0-2 0-3 0-4",
...     "5-6 1-1 1-3 1-4 1-5 0-5 2-2", "4-6 2-3 2-4 2-5 0-6 1-6 3-3", "3-6 2-6 3-4 3-5 4-4 4-5 5-5"])
>>> m = board_model(r, 0, seat_labels=["You", "Luis", "Ana", "Marco"], texts={})
>>> m["legal"]["tiles"], m["legal"]["lead"]
({'6-6': ['lead']}, True)
>>> r.apply("lead 6-6")
>>> m = board_model(r, 1, seat_labels=["You", "Luis", "Ana", "Marco"], texts={})
>>> m["line"], m["ends"], m["legal"]["tiles"]
([{'tile': '6-6', 'halves': [6, 6]}], [6, 6], {'5-6': ['L', 'R']})
>>> [(s["label"], s["position"], s["count"], s["turn"]) for s in m["seats"]]
[('You', 'left', 6, False), ('Luis', 'bottom', 7, True), ('Ana', 'right', 7, False), ('Marco', 'top', 7, False)]
>>> sorted(offered_actions(m))
['5-6@L', '5-6@R']
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from engine import Round
from language import tile_words

#: The board's own words in English. Callers pass them translated; a missing key
#: falls back to this English text (``turn_of`` fills ``{name}``).
ENGLISH_TEXTS: dict[str, str] = {
    "board": "Dominoes table",
    "draw": "Draw",
    "pass": "Pass",
    "stock": "Stock",
    "asleep": "out of play",
    "left_end": "Left end",
    "right_end": "Right end",
    "left_tag": "left",
    "right_tag": "right",
    "your_turn": "Your turn",
    "turn_of": "{name} to play",
    "tiles": "tiles",
    "hand": "Your hand",
    "choose_end": "Choose an end",
    "touched": "Touch-move: you touched this tile, so you must lay it. Choose an end.",
    "lead": "Lead",
    "pips": "pips",
    "score": "Score",
    "round": "Round {n}",
    "goal_race": "Game to {target}",
    "goal_penalty": "Out at {limit} penalty points",
    "pair": "{a} and {b}",
    "this_round": "+{points} this round",
    "passed": "Passed",
    "drew": "Drew {n}",
    # the board in words (ui/board/speech.py): tiles as players say them (language.tiles),
    # and its text equivalent
    **tile_words("en"),
    "describe_line": "On the table, from left to right: {tiles}.",
    "describe_empty": "Nothing is on the table yet.",
    "describe_ends": "Open ends: {left} on the left, {right} on the right.",
    "describe_seat": "{name}: {n} in hand.",
    "describe_stock": "Stock: {n} tiles.",
    "describe_asleep": "Out of play: {n} tiles.",
    "last_move": "Last tile placed",
    # the keys, shown by "?" (board.js)
    "keys": "Keys",
    "keys_tiles": "Arrow keys: move between your tiles (the hand is one Tab stop)",
    "keys_play": "Enter or Space: play the tile",
    "keys_end": "Then the left or right arrow and Enter: choose the end; Escape: put the tile back",
    "keys_end_touch": "Then the left or right arrow and Enter: choose the end (touch-move: a tile you pick up cannot be put back)",
    "keys_buttons": "Tab: reach Draw, Pass and the buttons under the board",
    "keys_steps": "Left and right arrows: step back and forward; Home and End: first and last step",
    "keys_present": "F: present on a projector; Escape: stop presenting",
    "keys_help": "?: show or hide these keys",
}
TEXT_KEYS = tuple(ENGLISH_TEXTS)

#: Where each seat sits, by its distance from the viewer in turn order. "right" means
#: play passes to the right (La Plaza: Luis, the next seat, sits on your right).
_POSITIONS: dict[tuple[int, str], tuple[str, ...]] = {
    (2, "right"): ("bottom", "top"),
    (2, "left"): ("bottom", "top"),
    (3, "right"): ("bottom", "right", "left"),
    (3, "left"): ("bottom", "left", "right"),
    (4, "right"): ("bottom", "right", "top", "left"),
    (4, "left"): ("bottom", "left", "top", "right"),
}

LEAD, LEFT, RIGHT = "lead", "L", "R"


def board_model(
    rnd: Round,
    viewer: int,
    *,
    seat_labels: Sequence[str],
    texts: Mapping[str, str],
    reveal: bool = False,
    interactive: bool = True,
    hint_legal: bool = True,
    highlight: Iterable[str] = (),
    selected: str | None = None,
    show_last: bool = True,
    show_score: bool = True,
) -> dict[str, Any]:
    """The board as ``viewer`` sees ``rnd``: a JSON-able dict (see docs/board.md).

    ``seat_labels`` (one per seat) and ``texts`` (keys of :data:`ENGLISH_TEXTS`) come
    translated. ``reveal`` turns every hand face up. ``interactive`` offers the
    viewer's moves when it is the viewer's turn. With ``hint_legal`` the offered
    moves are the engine's legal actions and are highlighted; without it every tile
    in the hand may be tried on either end (a question that must not give the
    answer away), and the caller judges the attempt. ``highlight`` names tiles
    (``"3-5"``) or ends (``"L"``, ``"R"``) to mark, ``selected`` a hand tile drawn
    as picked up, and ``show_last`` marks the tile placed last. ``show_score`` adds the
    score strip: round number, the match score, the target or penalty limit (and the
    points scored in play this round, in All Fives).
    """
    n = rnd.n
    if not 0 <= viewer < n:
        raise ValueError(f"viewer must be a seat from 0 to {n - 1}, not {viewer}")
    labels = [str(label) for label in seat_labels]
    if len(labels) != n:
        raise ValueError(f"seat_labels needs {n} names, one per seat, not {len(labels)}")
    words = dict(ENGLISH_TEXTS)
    words.update({k: str(v) for k, v in texts.items() if k in ENGLISH_TEXTS and v})

    over = rnd.is_over
    history = rnd.public_history()
    line, lead_index = _line(rnd, history)
    hand = [str(t) for t in rnd.hand(viewer)]
    chosen = selected if selected in hand else None
    my_turn = interactive and not over and rnd.turn == viewer
    model: dict[str, Any] = {
        "players": n,
        "viewer": viewer,
        "moves": len(history),
        "line": line,
        "lead_index": lead_index,
        "last": _last_placed(history, len(line), lead_index) if show_last else None,
        "ends": list(rnd.ends) if rnd.ends else None,
        "seats": _seats(rnd, viewer, labels, reveal or over, history),
        "stock": _stock(rnd),
        "hand": hand,
        "legal": _legal(rnd, hand, hint_legal) if my_turn else _no_moves(hint_legal),
        "interactive": bool(interactive),
        "my_turn": my_turn,
        "highlight": sorted({str(h) for h in highlight}),
        "selected": chosen,
        # rules.md PT-16: a tile the player picks up must be played (a tournament table)
        "touch_move": bool(my_turn and hint_legal and rnd.rules.touch_move == "on"),
        "over": over,
        "result": _result(rnd) if over else None,
        "score": _score(rnd, viewer, labels, words) if show_score else None,
        "texts": words,
    }
    return model


def finished_board_model(rnd: Round, viewer: int, *, seat_labels: Sequence[str],
                         texts: Mapping[str, str]) -> dict[str, Any]:
    """A finished round: every hand face up with its pips, nothing to tap."""
    return board_model(rnd, viewer, seat_labels=seat_labels, texts=texts, reveal=True, interactive=False)


def offered_actions(model: Mapping[str, Any], touched: str | None = None) -> set[str]:
    """The action texts a tap on this board may send (``"lead 6-6"``, ``"3-5@L"``, ``"draw"``).

    The component wrapper drops any event outside this set: a stale or forged event. With
    touch-move on, a ``touched`` tile that can be laid is the only tile that may be.
    """
    legal = model["legal"]
    if model.get("touch_move") and touched in legal["tiles"] and legal["tiles"][touched]:
        return {f"{touched}@{target}" for target in legal["tiles"][touched]}
    actions: set[str] = set()
    for tile, targets in legal["tiles"].items():
        for target in targets:
            actions.add(f"lead {tile}" if target == LEAD else f"{tile}@{target}")
    for kind in ("draw", "pass"):
        if legal[kind]:
            actions.add(kind)
    return actions


def _line(rnd: Round, history) -> tuple[list[dict[str, Any]], int | None]:
    """The line left to right, each tile as it lies, and the index of the lead tile.

    The lead is where the layout grows from. A round loaded mid-way (a lesson or a
    puzzle) has no record of its lead, so the middle of its first line stands in.
    """
    line = [{"tile": f"{min(a, b)}-{max(a, b)}", "halves": [a, b]} for a, b in rnd.line]
    if not line:
        return line, None
    placed_left = sum(1 for _, action in history if action.kind == "place" and action.end == LEFT)
    placed = sum(1 for _, action in history if action.is_placement)
    if rnd.from_snapshot or placed != len(line):
        start = len(line) - placed
        return line, (start - 1) // 2 + placed_left
    return line, placed_left


def _last_placed(history, length: int, lead_index: int | None) -> dict[str, Any] | None:
    for seat, action in reversed(history):
        if action.is_placement:
            index = lead_index if action.kind == LEAD else (0 if action.end == LEFT else length - 1)
            return {"index": index, "seat": seat, "action": str(action)}
    return None


def _seats(rnd: Round, viewer: int, labels: list[str], face_up: bool, history) -> list[dict[str, Any]]:
    n = rnd.n
    rules = rnd.rules
    positions = _POSITIONS[(n, rules.table_direction_label)]
    teams = rules.partnerships == "opposite"
    seats = []
    for seat in range(n):
        tiles = rnd.hand(seat)
        shown = face_up or seat == viewer
        seats.append({
            "seat": seat,
            "label": labels[seat],
            "position": positions[(seat - viewer) % n],
            "count": len(tiles),
            "turn": not rnd.is_over and rnd.turn == seat,
            "team": rules.side_of(seat) if teams else None,
            "tiles": [str(t) for t in tiles] if shown else None,
            "pips": rnd.pips(seat) if face_up else None,
            "last": _last_turn(history, seat),
        })
    return seats


def _last_turn(history, seat: int) -> dict[str, Any] | None:
    """What the seat's last turn showed when it laid nothing: ``{"pass": True}``, or
    ``{"drew": n}`` for the tiles it drew (then it played or passed)."""
    drew, passed = 0, False
    for actor, action in reversed(history):
        if actor != seat:
            if drew or passed:
                break
            continue
        if action.kind == "draw":
            drew += 1
        elif action.kind == "pass" and not drew:
            passed = True
        else:
            break  # its last turn ended with a tile on the table (after any draws)
    if drew:
        return {"drew": drew, "pass": passed}
    return {"pass": True} if passed else None


def _stock(rnd: Round) -> dict[str, Any]:
    if rnd.rules.stock_mode == "draw":
        return {"kind": "draw", "count": len(rnd.stock_ids)}
    if rnd.rules.stock_mode == "sleeping":
        return {"kind": "asleep", "count": bin(rnd.sleeping).count("1")}
    return {"kind": "none", "count": 0}


def _score(rnd: Round, viewer: int, labels: list[str], words: Mapping[str, str]) -> dict[str, Any]:
    """The match as it stands before this round ends: one entry per scoring unit (the
    two sides with partnerships, else each seat), the viewer's own marked."""
    rules = rnd.rules
    mine = rules.side_of(viewer)
    if rules.partnerships == "opposite":
        names = [words["pair"].replace("{a}", labels[a]).replace("{b}", labels[b])
                 for a, b in (rules.seats_of(side) for side in range(rules.sides))]
    else:
        names = labels
    in_play = any(rnd.round_points)
    entries = [{
        "label": names[side],
        "points": int(rnd.score[side]),
        "extra": words["this_round"].replace("{points}", str(rnd.round_points[side]))
        if in_play and rnd.round_points[side] else None,
        "mine": side == mine,
    } for side in range(rules.sides)]
    if rules.match_mode == "penalty":
        goal = words["goal_penalty"].replace("{limit}", str(rules.penalty_limit))
    else:
        goal = words["goal_race"].replace("{target}", str(rules.target))
    return {"title": words["score"], "round": words["round"].replace("{n}", str(rnd.round_number)),
            "entries": entries, "goal": goal}


def _no_moves(hinted: bool) -> dict[str, Any]:
    return {"tiles": {}, "lead": False, "draw": False, "pass": False, "hinted": hinted}


def _legal(rnd: Round, hand: list[str], hinted: bool) -> dict[str, Any]:
    """The engine's legal actions grouped per tile, or every attempt when not hinting."""
    actions = rnd.legal_actions()
    moves = _no_moves(hinted)
    moves["draw"] = any(a.kind == "draw" for a in actions)
    moves["pass"] = any(a.kind == "pass" for a in actions)
    tiles: dict[str, list[str]] = {}
    if hinted:
        for action in actions:
            if action.kind == LEAD:
                tiles[str(action.tile)] = [LEAD]
            elif action.kind == "place":
                tiles.setdefault(str(action.tile), []).append(action.end)
    else:
        targets = [LEAD] if rnd.ends is None else [LEFT, RIGHT]
        tiles = {tile: list(targets) for tile in hand}
    moves["tiles"] = tiles
    moves["lead"] = rnd.ends is None and bool(tiles)
    return moves


def _result(rnd: Round) -> dict[str, Any]:
    result = rnd.result
    return {
        "kind": result.kind,
        "winner": result.winner,
        "out_seat": result.out_seat,
        "blocker": result.blocker,
        "pips": [rnd.pips(s) for s in range(rnd.n)],
    }
