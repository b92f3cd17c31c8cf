"""The engine's command line: deal, legal, play, simulate.

Positions travel as JSON on stdin and stdout (docs/notation.md). A finished round's
position carries its ``result``: kind, winning side (or seat), points, blocker, capicú
and next leader. Bad input prints one plain line on stderr and exits with code 2,
never a traceback.

    python -m engine deal laplaza_partners --seed 7 > pos.json
    python -m engine legal < pos.json
    python -m engine legal --reachable < pos.json   # also prove a game can reach it
    python -m engine play "lead 6-6" < pos.json
    python -m engine simulate kozel --players 3 --games 1000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from typing import Sequence

from .dealing import deal
from .errors import EngineError, excerpt
from .notation import dumps, loads
from .rules import PRESET_NAMES, Rules, parse_option
from .simulate import simulate


#: The longest error line printed: a message quotes only short excerpts of the input.
MESSAGE_LIMIT = 500
_QUOTED = re.compile(r"'[^'\n]{41,}'|\"[^\"\n]{41,}\"")


def plain_line(message: object) -> str:
    """One line for stderr: quoted values cut to an excerpt, the whole line capped,
    so a 10 MB argument never comes back as a 10 MB error."""
    text = excerpt(message, 1 << 62).replace("\n", " ")
    text = _QUOTED.sub(lambda m: m[0][0] + excerpt(m[0][1:-1]) + m[0][0], text)
    return excerpt(text, MESSAGE_LIMIT)


def whole_number(text: str) -> int:
    """An argparse type: ASCII digits (with an optional minus) only, at most 18 of them
    (``int`` also reads ``١``). argparse reports a refusal as ``invalid int value: '…'``."""
    if not re.fullmatch(r"\s*-?[0-9]{1,18}\s*", text):
        raise ValueError("not a whole number")
    return int(text)


whole_number.__name__ = "int"  # argparse names the type in its message


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one plain line, exit code 2
        print(f"error: {plain_line(message)}", file=sys.stderr)
        raise SystemExit(2)


def _rules(args: argparse.Namespace) -> Rules:
    options = dict(parse_option(o) for o in args.option)
    return Rules.preset(args.preset, args.players, args.overlay, **options)


def _read_position(args):
    text = sys.stdin.read()
    if not text.strip():
        raise EngineError("bad_position", detail="expected a position as JSON on standard input")
    return loads(text, reachable=not args.hand_made)


def _cmd_deal(args) -> None:
    print(dumps(deal(_rules(args), args.seed), indent=2))


def _cmd_legal(args) -> None:
    rnd = _read_position(args)
    actions = rnd.canonical_actions() if args.canonical else rnd.legal_actions()
    print(json.dumps([str(a) for a in actions]))


def _cmd_play(args) -> None:
    rnd = _read_position(args)
    for text in args.actions:
        rnd.apply(text)
    print(dumps(rnd, indent=2))


def _cmd_simulate(args) -> None:
    if args.games < 1:
        raise EngineError("bad_option", name="--games", value=args.games, allowed="at least 1")
    rules = _rules(args)
    started = time.process_time()
    summary = simulate(rules, args.games, args.seed)
    summary["cpu_seconds"] = round(time.process_time() - started, 3)
    print(json.dumps(summary, indent=2))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description="Capicú's dominoes rules engine.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def rules_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("preset", metavar="PRESET", help=", ".join(PRESET_NAMES))
        p.add_argument("--players", type=whole_number, default=None)
        p.add_argument("--overlay", action="append", default=[], help="a table variant, e.g. capicu_25")
        p.add_argument("--option", action="append", default=[], help="name=value, e.g. target=150")

    p = sub.add_parser("deal", help="deal a round and print its position")
    rules_args(p)
    p.add_argument("--seed", type=whole_number, required=True)
    p.set_defaults(run=_cmd_deal)

    def reachable_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--hand-made", action="store_true",
                       help="also accept a position that no game played by the rules can reach "
                            "(a diagram made to show one rule)")

    p = sub.add_parser("legal", help="read a position on stdin, print the legal actions")
    p.add_argument("--canonical", action="store_true", help="without mirror duplicates")
    reachable_arg(p)
    p.set_defaults(run=_cmd_legal)

    p = sub.add_parser("play", help="read a position on stdin, apply actions, print the result")
    p.add_argument("actions", nargs="+", metavar="ACTION", help="'lead 6-6', '3-5@L', 'draw', 'pass'")
    reachable_arg(p)
    p.set_defaults(run=_cmd_play)

    p = sub.add_parser("simulate", help="play random rounds and print a summary")
    rules_args(p)
    p.add_argument("--games", type=whole_number, default=1000)
    p.add_argument("--seed", type=whole_number, default=0)
    p.set_defaults(run=_cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        args.run(args)
    except EngineError as exc:
        print(f"error: {plain_line(exc)}", file=sys.stderr)
        return 2
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: {plain_line(exc)}", file=sys.stderr)
        return 2
    return 0
