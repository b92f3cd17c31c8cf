"""``python -m puzzles``: the daily set, one puzzle, a puzzle by id, the list of types.

    python -m puzzles daily 2026-11-29 [--lang nl]
    python -m puzzles generate block_count --seed 1234 [--game laplaza_partners] [--players 4]
                                           [--overlay fid] [--difficulty hard] [--lang es]
    python -m puzzles show block_count:laplaza_partners+fid:4:1234 [--lang pt]
    python -m puzzles types

Output is JSON on stdout. Bad arguments print one plain line on stderr and exit with
code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from engine import PRESET_NAMES, EngineError

from .daily import daily_set, iso_date, share_text
from .explain import LANGUAGES, TextError
from .generators import PUZZLE_TYPES
from .model import BANDS, PuzzleError
from .pipeline import generate, puzzle_from_id
from .questions import QuestionError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one plain line, exit code 2
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _print(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def _cmd_daily(args) -> None:
    date = iso_date(args.date)
    puzzles = daily_set(date)
    _print({"date": date, "lang": args.lang, "share_example": share_text(date, [], args.lang),
            "puzzles": [p.to_dict(args.lang) for p in puzzles]})


def _cmd_generate(args) -> None:
    puzzle = generate(args.type, args.seed, args.game, args.players, args.overlay, args.difficulty)
    _print(puzzle.to_dict(args.lang))


def _cmd_show(args) -> None:
    _print(puzzle_from_id(args.id).to_dict(args.lang))


def _cmd_types(args) -> None:
    _print({name: spec.to_dict() for name, spec in PUZZLE_TYPES.items()})


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m puzzles", description="Capicú's engine-checked dominoes puzzles.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def lang(p: argparse.ArgumentParser) -> None:
        p.add_argument("--lang", choices=LANGUAGES, default="en", help="en, nl, pt or es (default en)")

    p = sub.add_parser("daily", help="print the day's puzzles")
    p.add_argument("date", metavar="YYYY-MM-DD")
    lang(p)
    p.set_defaults(run=_cmd_daily)

    p = sub.add_parser("generate", help="print one puzzle")
    p.add_argument("type", choices=list(PUZZLE_TYPES), metavar="TYPE", help=", ".join(PUZZLE_TYPES))
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--game", choices=PRESET_NAMES, default=None, metavar="PRESET", help=", ".join(PRESET_NAMES))
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--overlay", action="append", default=[], help="a table variant, e.g. capicu_25")
    p.add_argument("--difficulty", choices=BANDS, default=None)
    lang(p)
    p.set_defaults(run=_cmd_generate)

    p = sub.add_parser("show", help="print the puzzle a puzzle id names")
    p.add_argument("id", metavar="ID", help="TYPE:PRESET[+OVERLAY...]:PLAYERS:SEED")
    lang(p)
    p.set_defaults(run=_cmd_show)

    p = sub.add_parser("types", help="print the puzzle types, the games they fit and the rules they drill")
    p.set_defaults(run=_cmd_types)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        args.run(args)
    except (PuzzleError, EngineError, QuestionError, TextError) as exc:
        message = str(exc.args[0]) if isinstance(exc, TextError) and exc.args else str(exc)
        print(f"error: {message}", file=sys.stderr)
        return 2
    return 0


__all__ = ["build_parser", "main"]
