"""The strategy command line: solve, hint, infer, move, duel.

Positions travel as JSON on stdin (docs/notation.md, as ``python -m engine deal`` prints
them). Output is JSON on stdout; bad input prints one plain line on stderr and exits
with code 2, never a traceback. Numbers follow the engine CLI's rules: whole numbers are
ASCII digits (``١`` is not 1), decimals are plain ASCII decimals in a stated range (no
``inf``, ``nan`` or ``1e308``), and a long argument is quoted only as an excerpt.

    python -m engine deal laplaza_partners --seed 7 | python -m strategy solve
    python -m strategy hint --seat 1 < pos.json
    python -m strategy infer --seat 1 < pos.json
    python -m strategy move --level expert --seat 1 < pos.json
    python -m strategy duel strong casual --deals 20 --seed 1 --game laplaza_1v1
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
from fractions import Fraction
from typing import Any, Callable, Sequence

from engine import Rules
from engine.cli import plain_line, whole_number
from engine.errors import EngineError
from engine.notation import loads
from engine.rules import PRESET_NAMES

#: the longest --budget: an hour of thinking (a hint's work takes about a second)
MAX_BUDGET = 3600.0
#: the most deals a hint samples, and a duel plays
MAX_DEALS = 10_000_000


def whole_from(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: an ASCII whole number (:func:`engine.cli.whole_number`) from
    ``low`` (to ``high``); argparse reports a refusal as one plain line."""

    def parse(text: str) -> int:
        value = whole_number(text)
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be a whole number from {low}" +
                                             (f" to {high}" if high is not None else " up"))
        return value

    parse.__name__ = "int"
    return parse


def match_score(text: str) -> tuple[int, int]:
    """An argparse type: two whole numbers "95,60", a match's score by side."""
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError("must be two whole numbers, one per side, such as 95,60")
    try:
        points = whole_from(0)
        return points(parts[0].strip()), points(parts[1].strip())
    except (ValueError, argparse.ArgumentTypeError):
        raise argparse.ArgumentTypeError("must be two whole numbers, one per side, such as 95,60") from None


def decimal_in(low: float, high: float, *, above_low: bool = False) -> Callable[[str], float]:
    """An argparse type: a plain ASCII decimal ("0.5", "2") in [low, high], or above low;
    never inf, nan or an exponent, so no later arithmetic meets an infinite budget."""

    def parse(text: str) -> float:
        if not re.fullmatch(r"\s*[0-9]{1,12}(\.[0-9]{1,12})?\s*", text):
            raise argparse.ArgumentTypeError("must be a decimal number such as 0.5")
        value = float(text)
        if value > high or value < low or (above_low and value == low):
            raise argparse.ArgumentTypeError(f"must be {'above' if above_low else 'at least'} {low:g} "
                                             f"and at most {high:g}")
        return value

    parse.__name__ = "float"
    return parse


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one plain line, exit code 2
        print(f"error: {plain_line(message)}", file=sys.stderr)
        raise SystemExit(2)


class BadInput(Exception):
    pass


def _read_position():
    text = sys.stdin.read()
    if not text.strip():
        raise BadInput("expected a position as JSON on standard input")
    rnd = loads(text)
    return rnd


def _seat(rnd, seat: int) -> int:
    if not 0 <= seat < rnd.n:
        raise BadInput(f"--seat must be from 0 to {rnd.n - 1}")
    return seat


def _to_move(rnd, seat: int) -> None:
    if rnd.result is not None:
        raise BadInput("the round is over")
    if rnd.turn != seat:
        raise BadInput(f"seat {seat} is not to move (seat {rnd.turn} is)")


def _finite(value: Any) -> Any:
    """JSON has no Infinity or NaN (a standard error of one deal is unknown): null instead."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def _out(data) -> None:
    print(json.dumps(_finite(data), allow_nan=False))


def _cmd_solve(args) -> None:
    from .solver import solve
    rnd = _read_position()
    if rnd.result is not None:
        raise BadInput("the round is over")
    _out(solve(rnd).to_dict())


def _cmd_hint(args) -> None:
    from .evaluate import position_seed
    from .hints import HINT_DEALS, HINT_NODES, HINT_PRECISION, hint
    rnd = _read_position()
    seat = _seat(rnd, args.seat)
    _to_move(rnd, seat)
    view = rnd.view(seat)
    # the page's hint (strategy.hints): its caps on work and a seed from the position, so the
    # same position gives the same figures on any machine and load; a wall budget only if asked
    seed = position_seed(view) if args.seed is None else args.seed
    nodes = HINT_NODES if args.nodes is None else args.nodes
    deals = HINT_DEALS if args.deals is None else args.deals
    precision = HINT_PRECISION if args.precision is None else args.precision
    found = hint(view, deals=deals, budget=args.budget, seed=seed, precision=precision, max_nodes=nodes)
    ev = found.evaluation
    caps = {"nodes": nodes, "deals": deals, "precision": precision, "budget": args.budget,
            "seed": seed, "seed_from": "position" if args.seed is None else "--seed"}
    # what the call did: the jitted solver's first load is not counted against the budget
    _out({**found.to_dict(), "caps": caps, "seconds": round(ev.seconds, 3), "warmup": round(ev.warmup, 3)})


def _prob(p: Fraction) -> float:
    return round(float(p), 6)


def _cmd_infer(args) -> None:
    from engine.inference import holder_probabilities
    rnd = _read_position()
    seat = _seat(rnd, args.seat)
    probs = holder_probabilities(rnd.view(seat))
    _out({"seat": seat, "tiles": {str(t): {str(h): _prob(p) for h, p in row.items()}
                                  for t, row in probs.items()}})


def _cmd_move(args) -> None:
    from .bots import LEVELS, get_bot
    if args.level not in LEVELS:
        raise BadInput(f"unknown level {args.level!r}: choose one of {', '.join(LEVELS)}")
    rnd = _read_position()
    seat = _seat(rnd, args.seat)
    _to_move(rnd, seat)
    action = get_bot(args.level).choose(rnd.view(seat), random.Random(args.seed))
    _out({"action": str(action)})


def _cmd_duel(args) -> None:
    from .duel import PLAYERS, duel
    for name in (args.a, args.b):
        if name not in PLAYERS:
            raise BadInput(f"unknown player {name!r}: choose one of {', '.join(PLAYERS)}")
    if args.game not in PRESET_NAMES:
        raise BadInput(f"unknown game {args.game!r}: choose one of {', '.join(PRESET_NAMES)}")
    rules = Rules.preset(args.game, args.players)

    def show(i: int, score: float) -> None:
        print(f"deal {i + 1}: {score:+.1f}", flush=True)

    try:
        result = duel(args.a, args.b, args.deals, args.seed, rules, on_deal=show, first=args.first,
                      score=args.score)
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    d = result.to_dict()
    unit = "matches won" if args.score is not None else "points"
    print(f"{args.a} vs {args.b} on {args.game}: {d['points_per_deal']:+.2f} {unit} per deal, "
          f"95% CI [{d['ci95'][0]:+.2f}, {d['ci95'][1]:+.2f}], w/t/l {d['win']}/{d['tie']}/{d['loss']}")
    _out({k: d[k] for k in ("a", "b", "deals", "points_per_deal", "ci95", "win", "tie", "loss")})


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m strategy", description="Capicú's solver, hints, bots and duels.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("solve", help="exact values of the legal actions (all hands known)")
    p.set_defaults(run=_cmd_solve)

    seat = whole_from(0, 3)  # then checked against the position's seats
    p = sub.add_parser("hint", help="PIMC values of the legal actions from one seat's view")
    p.add_argument("--seat", type=seat, required=True)
    p.add_argument("--budget", type=decimal_in(0, MAX_BUDGET), default=None,
                   help=f"also stop after this many seconds, up to {MAX_BUDGET:g} (default: no clock, only the "
                        "caps on work, so the answer is the same on any machine; loading the solver is not counted)")
    p.add_argument("--deals", type=whole_from(1, MAX_DEALS), default=None,
                   help="at most this many deals (default: as many as the page's hint)")
    p.add_argument("--precision", type=decimal_in(0, 1000, above_low=True), default=None,
                   help="stop once every close move's gap to the best is known to this standard error "
                        "(points; default: the page's hint's)")
    p.add_argument("--nodes", type=whole_from(1), default=None,
                   help="stop after searching this many nodes (default: the page's hint's cap; "
                        "a cap on work, the same answer on any machine)")
    p.add_argument("--seed", type=whole_number, default=None,
                   help="the seed of the sampled deals (default: one from the position, as the analysis board's)")
    p.set_defaults(run=_cmd_hint)

    p = sub.add_parser("infer", help="who holds each unseen tile, exactly, from one seat's view")
    p.add_argument("--seat", type=seat, required=True)
    p.set_defaults(run=_cmd_infer)

    p = sub.add_parser("move", help="a bot's move for the seat to move")
    p.add_argument("--level", required=True)
    p.add_argument("--seat", type=seat, required=True)
    p.add_argument("--seed", type=whole_number, default=0)
    p.set_defaults(run=_cmd_move)

    p = sub.add_parser("duel", help="duplicate duel of two players")
    p.add_argument("a", metavar="A")
    p.add_argument("b", metavar="B")
    p.add_argument("--deals", type=whole_from(1, MAX_DEALS), required=True)
    p.add_argument("--seed", type=whole_number, required=True)
    p.add_argument("--game", default="laplaza_partners", help=", ".join(PRESET_NAMES))
    p.add_argument("--players", type=whole_from(2, 4), default=None)
    p.add_argument("--score", type=match_score, default=None,
                   help="play every deal as the last round of a match at this score, e.g. 95,60 (two sides); "
                        "a deal then scores the matches won, not points")
    p.add_argument("--first", type=whole_number, default=0,
                   help="the number of the first deal (default 0), to play a long duel in pieces")
    p.set_defaults(run=_cmd_duel)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        args.run(args)
    except (EngineError, BadInput) as exc:
        print(f"error: {plain_line(exc)}", file=sys.stderr)
        return 2
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(f"error: {plain_line(exc)}", file=sys.stderr)
        return 2
    return 0
