"""Question kinds shared by puzzles and lesson tasks (docs/lessons.md, docs/puzzles.md).

Every kind answers one question about an engine :class:`~engine.Round`. The answer is
always computed by the engine and is JSON-able: seats and sides are ints, actions are
engine text (``"3-5@L"``, ``"draw"``, ``"pass"``, ``"lead 6-6"``), a few special
answers are words (``"tie"``, ``"lot"``, ``"priority"``, ``"none"``).

* :func:`answer` — the engine's answer.
* :func:`check` — a :class:`Verdict` for a learner's response: correct or not, the
  expected answer, and a reason code with its params (``puzzles.explain`` words it).
* :func:`options` — the choices offered for a choice question, wrong ones included;
  for a board question, the actions the board may offer.
* ``KINDS[kind].mode`` — ``"board"`` (answered with actions on the board) or ``"choice"``.

>>> from engine import Round, Rules
>>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 1-2 0-0 0-1 0-2 0-3 0-4",
...     "5-6 1-1 1-3 1-4 1-5 0-5 2-2", "4-6 2-3 2-4 2-5 0-6 1-6 3-3", "3-6 2-6 3-4 3-5 4-4 4-5 5-5"])
>>> answer("legal_moves", r, {})
['lead 6-6']
>>> r.apply("lead 6-6")
>>> answer("legal_moves", r, {}), KINDS["legal_moves"].mode
(['5-6@L'], 'board')
>>> check("play_legal", r, {}, "5-6@R").correct
True
>>> v = check("play_legal", r, {}, "1-1@L")
>>> v.correct, v.reason, v.params["tile"]
(False, 'illegal.no_fit', '1-1')
>>> answer("must_do", r, {}), options("must_do", r, {})
('play', ['play', 'pass'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from engine import (
    DRAW_ACTION, PASS_ACTION, Action, EngineError, IllegalActionError, Round, Tile,
    fives_points, is_shutout, match_outcome, ranking,
)
from engine.match import add_result
from engine.scoring import BLOCK, DOMINO

BOARD, CHOICE = "board", "choice"
SPECIAL_LEADERS = {"lot": "lot", "kozel_priority": "priority", "match_over": "none"}


class QuestionError(ValueError):
    """A question that does not fit the position, or a parameter that is missing or wrong."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one response.

    ``reason`` is a code (``right``, ``wrong``, ``missed``, ``illegal.no_fit`` ...) and
    ``params`` fill its sentence; ``explanation`` is that sentence plus the puzzle's
    explanation, in ``lang`` (empty when the verdict comes from :func:`check` alone).
    """

    correct: bool
    expected: Any
    reason: str
    params: Mapping[str, Any] = field(default_factory=dict)
    explanation: str = ""
    lines: tuple[str, ...] = ()
    lang: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"correct": self.correct, "expected": self.expected, "reason": self.reason,
                "params": dict(self.params), "explanation": self.explanation,
                "lines": list(self.lines), "lang": self.lang}


@dataclass(frozen=True)
class Kind:
    """One question kind: how it is answered and what it needs."""

    name: str
    mode: str                 # BOARD or CHOICE
    multi: bool               # several selections make one answer
    params: tuple[str, ...]   # required params
    finished: bool            # asked about a finished round
    summary: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "mode": self.mode, "multi": self.multi,
                "params": list(self.params), "finished": self.finished, "summary": self.summary}


KINDS: dict[str, Kind] = {k.name: k for k in [
    Kind("play_legal", BOARD, False, (), False, "any legal placement"),
    Kind("legal_moves", BOARD, True, (), False, "every legal action, without mirror duplicates"),
    Kind("touch_move", BOARD, False, ("tile",), False,
         "at a touch-move table (rules.md PT-16) the mover has picked up params.tile: it must be "
         "laid, on either end it fits, even where another tile looks better"),
    Kind("must_do", CHOICE, False, (), False,
         "play, draw or pass: what the rules force now (params.offer_draw: true offers Draw even "
         "where nothing can be drawn, as a wrong choice)"),
    Kind("draw_outcome", CHOICE, False, (), False,
         "what you must do now and which tile you end up playing (the stock order is shown)"),
    Kind("next_leader", CHOICE, False, (), True, "the seat that leads the next round, or lot / priority"),
    Kind("block_winner", CHOICE, False, (), True, "the side that wins the blocked round, or tie"),
    Kind("block_score", CHOICE, False, (), True, "the side that wins the block and the points it scores"),
    Kind("round_points", CHOICE, False, (), True, "the points the winning side scores at the end of the round"),
    Kind("fives_points", CHOICE, False, ("action",), False, "what params.action scores in All Fives"),
    Kind("fives_best", BOARD, False, (), False, "the play that scores most in All Fives"),
    Kind("capicu_play", BOARD, False, (), False, "the placement that goes out as a capicú"),
    Kind("kozel_penalty", CHOICE, False, ("seat",), True, "the penalty params.seat takes this round"),
    Kind("kozel_goat", CHOICE, False, (), True, "who has reached the penalty limit (the goat), or none"),
    Kind("match_winner", CHOICE, False, (), True,
         "who has won the match after this round, and whether it is a shutout"),
    Kind("shutout", CHOICE, False, (), True, "whether the match is won as a shutout"),
    Kind("cannot_hold", CHOICE, True, ("seat",), False,
         "the numbers params.seat is known not to hold, from params.viewer's view"),
    Kind("unseen_count", CHOICE, False, ("number",), False,
         "how many tiles showing params.number params.viewer has not seen"),
    Kind("best_move", BOARD, False, ("action",), False,
         "the move params.action, proved best beforehand from the mover's view (expected points over "
         "the deals that fit what it has seen, strategy.evaluate); params.values holds each move's value"),
    Kind("where_tile", CHOICE, False, ("tile",), False,
         "who most likely holds params.tile, from params.viewer's view: a seat or the stock (exact odds)"),
]}


def kind_of(name: str) -> Kind:
    if name not in KINDS:
        raise QuestionError("unknown_kind", f"unknown question kind {name!r}: choose one of {', '.join(KINDS)}")
    return KINDS[name]


# ------------------------------------------------------------------ helpers
def _need_over(rnd: Round, kind: str):
    if rnd.result is None:
        raise QuestionError("round_not_over", f"{kind} is asked about a finished round, and this one is not over")
    return rnd.result


def _need_open(rnd: Round, kind: str) -> None:
    if rnd.result is not None:
        raise QuestionError("round_over", f"{kind} is asked about a round in play, and this one is over")


def _param(params: Mapping[str, Any], name: str, kind: str) -> Any:
    if name not in params:
        raise QuestionError("missing_param", f"{kind} needs params.{name}")
    return params[name]


def _seat_param(rnd: Round, params: Mapping[str, Any], name: str, kind: str, default: int | None = None) -> int:
    value = params.get(name, default)
    if value is None:
        raise QuestionError("missing_param", f"{kind} needs params.{name}")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < rnd.n:
        raise QuestionError("bad_param", f"params.{name} must be a seat from 0 to {rnd.n - 1}")
    return value


def canonical(rnd: Round, action: Action) -> Action:
    """The mirror-free form of a placement: with equal ends ``t@R`` is written ``t@L``."""
    if action.kind == "place" and rnd.left == rnd.right:
        return Action.place(action.tile, "L")
    return action


def _placements(rnd: Round) -> list[Action]:
    return [a for a in rnd.canonical_actions() if a.is_placement]


def fives_score(rnd: Round, action: Action) -> int:
    """What ``action`` scores in play for its placer (the engine plays it on a copy)."""
    side = rnd.rules.side_of(rnd.turn)
    trial = rnd.copy()
    before = trial.round_points[side]
    trial.apply(action)
    return trial.round_points[side] - before


def draw_trace(rnd: Round) -> tuple[dict[str, Any], list[str]]:
    """The forced sequence from here: ``({"first", "plays"}, tiles drawn)``."""
    trial = rnd.copy()
    drawn: list[str] = []
    while True:
        legal = trial.legal_actions()
        if legal != [DRAW_ACTION]:
            break
        before = set(trial.hand(trial.turn))
        trial.apply(DRAW_ACTION)
        drawn += [str(t) for t in trial.hand(trial.turn) if t not in before]
    placements = [a for a in legal if a.is_placement]
    if placements and not drawn:
        return {"first": "play", "plays": None}, drawn
    if placements:
        return {"first": "draw", "plays": str(placements[0].tile)}, drawn
    return {"first": "draw" if drawn else "pass", "plays": None}, drawn


def totals_after(rnd: Round) -> tuple[int, ...]:
    """Match totals after the finished round (the position's score plus the round)."""
    return add_result(rnd.score, _need_over(rnd, "totals"))


# ------------------------------------------------------------------ answers
def _answer_play_legal(rnd, params):
    _need_open(rnd, "play_legal")
    return [str(a) for a in rnd.legal_actions()]


def _answer_touch_move(rnd, params):
    _need_open(rnd, "touch_move")
    if rnd.rules.touch_move != "on":
        raise QuestionError("touch_move_off", "touch_move is asked at a table with touch-move on")
    try:
        tile = Tile.parse(str(_param(params, "tile", "touch_move")))
    except EngineError:
        raise QuestionError("bad_param", "touch_move needs params.tile, a tile such as 2-5") from None
    if tile not in rnd.hand(rnd.turn):
        raise QuestionError("bad_param", f"the mover does not hold the {tile}")
    placements = [str(a) for a in rnd.legal_actions() if a.is_placement and a.tile == tile]
    if not placements:
        raise QuestionError("bad_param", f"the {tile} does not fit either end: nothing obliges laying it")
    return placements


def _answer_legal_moves(rnd, params):
    _need_open(rnd, "legal_moves")
    return [str(a) for a in rnd.canonical_actions()]


def _answer_must_do(rnd, params):
    _need_open(rnd, "must_do")
    legal = rnd.legal_actions()
    if any(a.is_placement for a in legal):
        return "play"
    return "draw" if DRAW_ACTION in legal else "pass"


def _answer_draw_outcome(rnd, params):
    _need_open(rnd, "draw_outcome")
    return draw_trace(rnd)[0]


def _answer_next_leader(rnd, params):
    result = _need_over(rnd, "next_leader")
    if result.next_leader is not None:
        return result.next_leader
    return SPECIAL_LEADERS.get(result.next_leader_rule, "none")


def _need_block(rnd, kind):
    result = _need_over(rnd, kind)
    if result.kind != BLOCK or rnd.rules.match_mode != "race":
        raise QuestionError("not_blocked", f"{kind} is asked about a blocked round of a race game")
    return result


def _answer_block_winner(rnd, params):
    result = _need_block(rnd, "block_winner")
    return "tie" if result.winner is None else result.winner


def _answer_block_score(rnd, params):
    result = _need_block(rnd, "block_score")
    if result.winner is None:
        return {"winner": "tie", "points": 0}
    return {"winner": result.winner, "points": result.points[result.winner]}


def _answer_round_points(rnd, params):
    result = _need_over(rnd, "round_points")
    if rnd.rules.match_mode != "race":
        raise QuestionError("penalty_game", "round_points is for race games; ask kozel_penalty in Kozel")
    return 0 if result.winner is None else result.points[result.winner]


def _action_param(rnd, params, kind) -> Action:
    try:
        action = Action.parse(_param(params, "action", kind))
    except EngineError as exc:
        raise QuestionError("bad_param", f"params.action: {exc}") from None
    if not rnd.is_legal(action) or not action.is_placement:
        raise QuestionError("bad_param", f"params.action {action} is not a legal placement here")
    return action


def _answer_fives_points(rnd, params):
    _need_open(rnd, "fives_points")
    return fives_score(rnd, _action_param(rnd, params, "fives_points"))


def _answer_fives_best(rnd, params):
    _need_open(rnd, "fives_best")
    scored = [(fives_score(rnd, a), str(a)) for a in _placements(rnd)]
    if not scored:
        return []
    best = max(s for s, _ in scored)
    return [a for s, a in scored if s == best]


def _answer_capicu_play(rnd, params):
    _need_open(rnd, "capicu_play")
    out = []
    for action in _placements(rnd):
        trial = rnd.copy()
        trial.apply(action)
        if trial.result is not None and trial.result.capicu:
            out.append(str(action))
    return out


def _answer_kozel_penalty(rnd, params):
    result = _need_over(rnd, "kozel_penalty")
    if rnd.rules.match_mode != "penalty":
        raise QuestionError("race_game", "kozel_penalty is for penalty games (Kozel)")
    return result.points[_seat_param(rnd, params, "seat", "kozel_penalty")]


def _answer_kozel_goat(rnd, params):
    _need_over(rnd, "kozel_goat")
    if rnd.rules.match_mode != "penalty":
        raise QuestionError("race_game", "kozel_goat is for penalty games (Kozel)")
    goats = sorted(s.side for s in ranking(rnd.rules, totals_after(rnd)) if s.goat)
    if not goats:
        return "none"
    return goats[0] if len(goats) == 1 else goats


def _answer_match_winner(rnd, params):
    result = _need_over(rnd, "match_winner")
    totals = totals_after(rnd)
    over, winner = match_outcome(rnd.rules, totals, result)
    if not over:
        return {"winner": "none", "shutout": False}
    if winner is None:
        return {"winner": "tie", "shutout": False}
    return {"winner": winner, "shutout": is_shutout(rnd.rules, totals, winner)}


def _answer_shutout(rnd, params):
    return _answer_match_winner(rnd, params)["shutout"]


def _answer_cannot_hold(rnd, params):
    viewer = _seat_param(rnd, params, "viewer", "cannot_hold", 0)
    seat = _seat_param(rnd, params, "seat", "cannot_hold")
    if seat == viewer:
        raise QuestionError("bad_param", "params.seat must be another seat than params.viewer")
    return sorted(rnd.view(viewer).cannot_hold()[seat])


def _answer_unseen_count(rnd, params):
    viewer = _seat_param(rnd, params, "viewer", "unseen_count", 0)
    number = _param(params, "number", "unseen_count")
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 6:
        raise QuestionError("bad_param", "params.number must be a number from 0 to 6")
    return rnd.view(viewer).unseen_count(number)


def _answer_best_move(rnd, params):
    # The stored proven answer: re-evaluating the position at check time would take seconds.
    _need_open(rnd, "best_move")
    return [str(canonical(rnd, _action_param(rnd, params, "best_move")))]


def holder_odds(rnd: Round, viewer: int, tile: Tile) -> dict[int | str, Any]:
    """Who holds ``tile`` now, from ``viewer``'s view: holder -> exact probability
    (``engine.inference.holder_probabilities``; seats, ``"stock"``, ``"sleeping"``)."""
    from engine.inference import holder_probabilities

    odds = holder_probabilities(rnd.view(viewer))
    if tile not in odds:
        raise QuestionError("bad_param", f"params.tile {tile} is in view of seat {viewer}")
    return dict(odds[tile])


def _tile_param(params, kind) -> Tile:
    try:
        return Tile.parse(str(_param(params, "tile", kind)))
    except EngineError as exc:
        raise QuestionError("bad_param", f"params.tile: {exc}") from None


def _answer_where_tile(rnd, params):
    _need_open(rnd, "where_tile")
    viewer = _seat_param(rnd, params, "viewer", "where_tile", 0)
    odds = holder_odds(rnd, viewer, _tile_param(params, "where_tile"))
    top = max(odds.values())
    likely = sorted((h for h, p in odds.items() if p == top), key=str)
    return likely[0] if len(likely) == 1 else likely


_ANSWERS: dict[str, Callable[[Round, Mapping[str, Any]], Any]] = {
    name: globals()[f"_answer_{name}"] for name in KINDS
}


def answer(kind: str, rnd: Round, params: Mapping[str, Any] | None = None) -> Any:
    """The engine's answer to ``kind`` about ``rnd`` (JSON-able)."""
    kind_of(kind)
    return _ANSWERS[kind](rnd, params or {})


# -------------------------------------------------------------- responses
class _Bad(Exception):
    pass


def _int(value: Any, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        raise _Bad
    return value


def _action(value: Any) -> Action:
    if isinstance(value, Action):
        return value
    try:
        return Action.parse(str(value))
    except EngineError:
        raise _Bad from None


def _seat_or(rnd: Round, value: Any, words: tuple[str, ...]) -> int | str:
    if isinstance(value, str) and value in words:
        return value
    return _int(value, 0, rnd.n - 1)


def _side_or(rnd: Round, value: Any, words: tuple[str, ...]) -> int | str:
    if isinstance(value, str) and value in words:
        return value
    return _int(value, 0, len(rnd.score) - 1)


def _normalize(kind: str, rnd: Round, response: Any) -> Any:
    """The response in the answer's form; raises _Bad when it cannot be read."""
    if kind in ("play_legal", "fives_best", "capicu_play", "best_move", "touch_move"):
        if isinstance(response, (list, tuple)) and len(response) == 1:
            response = response[0]  # the answer list of a one-move puzzle reads as that move
        return _action(response)
    if kind == "legal_moves":
        if isinstance(response, (str, Action)) or not hasattr(response, "__iter__"):
            raise _Bad
        return sorted({canonical(rnd, _action(a)) for a in response})
    if kind == "must_do":
        if response not in ("play", "draw", "pass"):
            raise _Bad
        return response
    if kind == "draw_outcome":
        if not isinstance(response, Mapping) or response.get("first") not in ("play", "draw", "pass"):
            raise _Bad
        plays = response.get("plays")
        try:
            plays = None if plays is None else str(Tile.parse(plays))
        except EngineError:
            raise _Bad from None
        return {"first": response["first"], "plays": plays}
    if kind == "next_leader":
        return _seat_or(rnd, response, ("lot", "priority", "none"))
    if kind == "block_winner":
        return _side_or(rnd, response, ("tie",))
    if kind == "block_score":
        if not isinstance(response, Mapping):
            raise _Bad
        return {"winner": _side_or(rnd, response.get("winner"), ("tie",)), "points": _int(response.get("points"))}
    if kind in ("round_points", "fives_points", "kozel_penalty", "unseen_count"):
        return _int(response)
    if kind == "kozel_goat":
        if response == "none":
            return "none"
        if isinstance(response, (list, tuple, set, frozenset)):
            seats = sorted({_int(s, 0, rnd.n - 1) for s in response})
            return "none" if not seats else seats[0] if len(seats) == 1 else seats
        return _int(response, 0, rnd.n - 1)
    if kind == "match_winner":
        if not isinstance(response, Mapping) or not isinstance(response.get("shutout", False), bool):
            raise _Bad
        return {"winner": _side_or(rnd, response.get("winner"), ("none", "tie")),
                "shutout": bool(response.get("shutout", False))}
    if kind == "shutout":
        if not isinstance(response, bool):
            raise _Bad
        return response
    if kind == "cannot_hold":
        if isinstance(response, (str, int)) or not hasattr(response, "__iter__"):
            raise _Bad
        return sorted({_int(n, 0, 6) for n in response})
    if kind == "where_tile":
        return _seat_or(rnd, response, ("stock", "sleeping"))
    raise _Bad  # pragma: no cover


def _illegal(rnd: Round, action: Action, exc: IllegalActionError) -> tuple[str, dict[str, Any]]:
    """The engine's reason, with params rebuilt as data (the engine's own are English text)."""
    params: dict[str, Any] = {"action": str(action)}
    if action.tile is not None:
        params["tile"] = str(action.tile)
    if rnd.ends is not None:
        params["left"], params["right"] = rnd.ends
    if exc.code == "wrong_end":
        params["end"] = action.end
    elif exc.code == "must_play":
        fits = {str(a.tile) for a in rnd.legal_actions() if a.is_placement}
        params["fit_tiles"] = sorted(fits)
    elif exc.code == "must_draw":
        params["count"] = rnd.drawable
    elif exc.code == "forced_lead":
        params["tile"] = str(Tile.from_id(rnd.forced_lead))
    return f"illegal.{exc.code}", params


def _legality(rnd: Round, action: Action) -> tuple[str, dict[str, Any]] | None:
    try:
        rnd.copy().apply(action)
    except IllegalActionError as exc:
        return _illegal(rnd, action, exc)
    return None


def check(kind: str, rnd: Round, params: Mapping[str, Any] | None, response: Any) -> Verdict:
    """Is ``response`` right? The verdict carries the expected answer and a reason code."""
    params = params or {}
    expected = answer(kind, rnd, params)
    try:
        given = _normalize(kind, rnd, response)
    except _Bad:
        return Verdict(False, expected, "bad_response", {"response": repr(response)[:60]})
    if kind == "play_legal":
        problem = _legality(rnd, given)
        if problem:
            return Verdict(False, expected, *problem)
        return Verdict(True, expected, "legal", {"action": str(given)})
    if kind == "touch_move":  # every end it fits is right: touch-move binds the tile, not the end
        problem = _legality(rnd, given)
        if problem:
            return Verdict(False, expected, *problem)
        if str(given) in expected:
            return Verdict(True, expected, "laid_touched", {"action": str(given), "tile": str(params["tile"])})
        return Verdict(False, expected, "not_touched", {"action": str(given), "tile": str(params["tile"])})
    if kind == "legal_moves":
        want = set(expected)
        got = {str(a) for a in given}
        missed = [a for a in expected if a not in got]
        extra = [str(a) for a in given if str(a) not in want]
        if not missed and not extra:
            return Verdict(True, expected, "exact", {})
        reason = "missed_extra" if missed and extra else "missed" if missed else "extra"
        return Verdict(False, expected, reason, {"missed": missed, "extra": extra})
    if kind in ("fives_best", "capicu_play", "best_move"):
        problem = _legality(rnd, given)
        if problem:
            return Verdict(False, expected, *problem)
        action = canonical(rnd, given)
        if str(action) in expected:
            return Verdict(True, expected, "right", {"action": str(action)})
        if kind == "fives_best":
            best = fives_score(rnd, Action.parse(expected[0])) if expected else 0
            return Verdict(False, expected, "not_best",
                           {"action": str(action), "points": fives_score(rnd, action), "best": best})
        if kind == "best_move":
            values = params.get("values", {})
            return Verdict(False, expected, "worse_move",
                           {"action": str(action), "points": values.get(str(action)),
                            "best_action": expected[0], "best": values.get(expected[0])})
        return Verdict(False, expected, "not_capicu", {"action": str(action)})
    if given == expected:
        return Verdict(True, expected, "right", {})
    return Verdict(False, expected, "wrong", {"given": given})


# ------------------------------------------------------------------ options
def _rng(kind: str, seed: int | str) -> random.Random:
    return random.Random(f"capicu-options:{kind}:{seed}")


def _numbers(answer_value: int, naive: list[int], rng: random.Random, count: int = 4, step: int = 1,
             high: int | None = None) -> list[int]:
    """The answer and ``count - 1`` other numbers from 0 to ``high``, sorted.

    How many of them lie below the answer is drawn (seeded) from what is possible, so the
    answer is not given away by being the smallest or a middle value; on each side the
    naive sums come first, then numbers a few ``step``s away.
    """
    def ok(n: int) -> bool:
        return n >= 0 and (high is None or n <= high) and n != answer_value

    below: list[int] = []
    above: list[int] = []
    for n in naive:
        side = below if n < answer_value else above
        if ok(n) and n not in side:
            side.append(n)
    spread = [d * step for d in (1, 2, 3, 4, 5, 6, 7, 8)]
    rng.shuffle(spread)
    for d in spread:
        for n, side in ((answer_value - d, below), (answer_value + d, above)):
            if ok(n) and n not in side:
                side.append(n)
    lowest = max(0, count - 1 - len(above))
    most = min(count - 1, len(below))
    under = rng.randint(lowest, most) if lowest <= most else len(below)
    return sorted([answer_value] + below[:under] + above[:count - 1 - under])


def _board_options(rnd: Round) -> list[str]:
    """Every action a board offers the player to move: each tile on each end, draw, pass."""
    hand = rnd.hand(rnd.turn)
    if rnd.ends is None:
        out = [str(Action.lead(t)) for t in hand]
    else:
        out = [str(Action.place(t, e)) for t in hand for e in ("L", "R")]
    if rnd.rules.can_draw:
        out.append(str(DRAW_ACTION))
    out.append(str(PASS_ACTION))
    return out


def _round_naive(rnd: Round) -> list[int]:
    """Sums a learner may give for a round's points instead of the rule's one."""
    result = rnd.result
    rules = rnd.rules
    winner = result.winner
    pips = result.pips
    side_pips = result.side_pips
    naive: list[int] = []
    if winner is not None:
        base = result.points[winner]
        others = sum(p for s, p in enumerate(side_pips) if s != winner)
        naive += [sum(pips), others]
        if result.capicu_bonus:
            naive.append(base - result.capicu_bonus)
        elif rules.capicu_bonus and result.kind == DOMINO:
            naive.append(base + rules.capicu_bonus)
        if "raw_points" in result.detail:
            naive.append(result.detail["raw_points"])
        stock = sum(t.pips for t in rnd.stock)
        if stock:
            naive.append(base + stock)
        naive += [side_pips[winner], abs(others - side_pips[winner])]
    else:
        naive += [sum(pips), min(side_pips)]
    return naive


def options(kind: str, rnd: Round, params: Mapping[str, Any] | None = None, seed: int | str = 0) -> list:
    """The choices for ``kind``: the answer among wrong ones (each wrong by the engine).

    Numbers come sorted (the answer's rank among them seeded); other choices in a fixed
    order. Puzzles show them shuffled by the puzzle's id (``pipeline.shuffled``). For board
    kinds it is every action the board may offer (the learner's tap decides).
    """
    params = params or {}
    k = kind_of(kind)
    rng = _rng(kind, seed)
    right = answer(kind, rnd, params)
    if k.mode == BOARD:
        return _board_options(rnd)
    rules = rnd.rules
    if kind == "must_do":  # params.offer_draw: Draw as a wrong choice where nothing can be drawn
        offer_draw = rules.can_draw or params.get("offer_draw") is True
        return ["play", "draw", "pass"] if offer_draw else ["play", "pass"]
    if kind == "draw_outcome":
        return _draw_options(rnd, right, rng)
    if kind == "next_leader":
        out: list[Any] = list(range(rnd.n))
        specials = {rules.next_lead_after_domino, rules.next_lead_after_block, rules.next_lead_after_block_tie}
        out += [SPECIAL_LEADERS[r] for r in ("lot", "kozel_priority") if r in specials]
        if right not in out:
            out.append(right)
        return out
    if kind == "block_winner":
        out = list(range(len(rnd.score)))
        if rules.block_winner != "blocker" or right == "tie":
            out.append("tie")
        return out
    if kind == "block_score":
        return _block_score_options(rnd, right, rng)
    if kind == "round_points":
        return _numbers(right, _round_naive(rnd), rng)
    if kind == "fives_points":
        return _numbers(right, _fives_naive(rnd, Action.parse(params["action"])), rng, step=5)
    if kind == "kozel_penalty":
        result = rnd.result
        seat = params["seat"]
        own = result.pips[seat]
        naive = [own, 0, sum(result.pips) - own, sum(result.pips)]
        return _numbers(right, naive, rng)
    if kind == "kozel_goat":
        out = list(range(rnd.n)) + ["none"]
        if isinstance(right, list):
            out.append(right)
        return out
    if kind == "match_winner":
        return _match_options(rnd, right, rng)
    if kind == "shutout":
        return [True, False]
    if kind == "cannot_hold":
        return list(range(7))
    if kind == "where_tile":  # every other seat, and the stock when the table has one
        viewer = params.get("viewer", 0)
        out = [s for s in range(rnd.n) if s != viewer]
        if rules.stock_mode == "draw":
            out.append("stock")
        elif rules.stock_mode == "sleeping":
            out.append("sleeping")
        return out
    if kind == "unseen_count":
        view = rnd.view(params.get("viewer", 0))
        number = params["number"]
        on_line = sum(1 for a, b in view.line if number in (a, b))
        in_hand = sum(1 for t in view.hand if t.has(number))
        return _numbers(right, [7 - on_line, 7 - in_hand, 7 - on_line - in_hand + 1], rng, high=7)
    raise QuestionError("unknown_kind", kind)  # pragma: no cover


def _fives_naive(rnd: Round, action: Action) -> list[int]:
    """Scores a learner may give: the plain end sum, the other double model, the tile's pips."""
    trial = rnd.copy()
    trial.apply(action)
    left, right = trial.ends
    other_model = fives_points(trial.line, left, right, rnd.rules.double_end_value != "both_halves")
    naive = [other_model, left + right, action.tile.pips]
    return [n for n in naive if n and n % 5 == 0] + [0, 5, 10, 15, 20]


def _draw_options(rnd: Round, right: dict, rng: random.Random) -> list[dict]:
    out = [right]

    def add(option: dict) -> None:
        if option not in out:
            out.append(option)

    stock = [str(t) for t in rnd.stock]
    ends = set(rnd.ends or ())
    fitting = [t for t in stock if ends & {Tile.parse(t).low, Tile.parse(t).high}]
    if right["first"] == "draw":
        later = [t for t in fitting if t != right["plays"]]
        if later:
            add({"first": "draw", "plays": later[0]})
        if stock and stock[0] != right["plays"]:
            add({"first": "draw", "plays": stock[0]})
        add({"first": "draw", "plays": None})
        add({"first": "pass", "plays": None})
        if right["plays"] is not None and len(stock) > 1:
            add({"first": "draw", "plays": stock[-1]})
    else:
        add({"first": "draw", "plays": None})
        if stock:
            add({"first": "draw", "plays": stock[0]})
        add({"first": "play", "plays": None})
    head, rest = out[:1], out[1:4]
    options_list = head + rest
    rng.shuffle(options_list)
    return options_list


def _block_score_options(rnd: Round, right: dict, rng: random.Random) -> list[dict]:
    result = rnd.result
    out = [right]

    def add(option: dict) -> None:
        if option not in out and len(out) < 4 and (option["winner"] == "tie" or option["points"] > 0):
            out.append(option)  # never "side: +0"

    blocker_side = rnd.rules.side_of(result.blocker)
    naive_points = _round_naive(rnd)
    if right["winner"] != "tie":
        for p in naive_points:
            if p != right["points"] and p > 0:
                add({"winner": right["winner"], "points": p})
                break
        low_seat = min(range(rnd.n), key=lambda s: (result.pips[s], s))
        for side in (blocker_side, rnd.rules.side_of(low_seat), *range(len(rnd.score))):
            if side != right["winner"]:
                add({"winner": side, "points": right["points"]})
        add({"winner": "tie", "points": 0})
    else:
        low = min(range(len(result.side_pips)), key=lambda s: (result.side_pips[s], s))
        for side in (blocker_side, low, *range(len(rnd.score))):
            add({"winner": side, "points": sum(result.pips)})
        for p in naive_points:
            if p:
                add({"winner": blocker_side, "points": p})
    rng.shuffle(out)
    return out


def _match_options(rnd: Round, right: dict, rng: random.Random) -> list[dict]:
    out = [right]

    def add(option: dict) -> None:
        if option not in out and len(out) < 4:
            out.append(option)

    totals = totals_after(rnd)
    if right["winner"] in ("none", "tie"):
        best = max(range(len(totals)), key=lambda s: totals[s]) if rnd.rules.match_mode == "race" \
            else min(range(len(totals)), key=lambda s: totals[s])
        add({"winner": best, "shutout": False})
        add({"winner": best, "shutout": True})
    else:
        add({"winner": right["winner"], "shutout": not right["shutout"]})
        add({"winner": "none", "shutout": False})
        for side in range(len(totals)):
            if side != right["winner"]:
                add({"winner": side, "shutout": False})
    rng.shuffle(out)
    return out


def mode(kind: str) -> str:
    """``board`` or ``choice``."""
    return kind_of(kind).mode


__all__ = [
    "BOARD", "CHOICE", "KINDS", "Kind", "QuestionError", "Verdict", "answer", "canonical", "check",
    "draw_trace", "fives_score", "holder_odds", "kind_of", "mode", "options", "totals_after",
]
