"""``python -m puzzles``: the daily set, one puzzle, a puzzle by id, the list of types.

    python -m puzzles daily 2026-11-29 [--lang nl]
    python -m puzzles generate block_count --seed 1234 [--game laplaza_partners] [--players 4]
                                           [--overlay fid] [--difficulty hard] [--lang es]
    python -m puzzles show block_count:laplaza_partners+fid:4:1234 [--lang pt]
    python -m puzzles types
    python -m puzzles report [--per-type 200] [--seed 0] [--type fives] [--calibrate]
    python -m puzzles bank [--processes 1] [--check | --verify]   # rebuild puzzles/bank/best_move.json

Output is JSON on stdout (``report``: a plain-text table, exit code 1 when a quality floor
of ``puzzles.quality.FLOORS`` is broken). Bad arguments print one plain line on stderr and exit with
code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from engine import PRESET_NAMES, EngineError
from engine.cli import plain_line, whole_number

from .daily import daily_set, iso_date, share_text
from .explain import LANGUAGES, TextError, puzzle_dict
from .generators import PUZZLE_TYPES
from .model import BANDS, PuzzleError
from .pipeline import generate, puzzle_from_id
from .questions import QuestionError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one plain line, exit code 2
        print(f"error: {plain_line(message)}", file=sys.stderr)
        raise SystemExit(2)


def _print(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def _cmd_daily(args) -> None:
    date = iso_date(args.date)
    puzzles = daily_set(date)
    _print({"date": date, "lang": args.lang, "share_example": share_text(date, [], args.lang),
            "puzzles": [puzzle_dict(p, args.lang) for p in puzzles]})


def _cmd_generate(args) -> None:
    puzzle = generate(args.type, args.seed, args.game, args.players, args.overlay or None, args.difficulty)
    _print(puzzle_dict(puzzle, args.lang))


def _cmd_show(args) -> None:
    _print(puzzle_dict(puzzle_from_id(args.id), args.lang))


def _cmd_types(args) -> None:
    _print({name: spec.to_dict() for name, spec in PUZZLE_TYPES.items()})


def _cmd_report(args) -> int:
    from . import quality

    types = args.type or list(PUZZLE_TYPES)
    by_type = {t: quality.measure(t, args.per_type, args.seed) for t in types}
    print(f"puzzle quality: {args.per_type} puzzles per type from seed {args.seed}")
    for text in quality.report_lines(by_type):
        print(text)
    if args.calibrate:
        print("band cuts measured from these scores (easy < a <= medium < b <= hard):")
        for ptype, rows in by_type.items():
            print(f"  {ptype}: {quality.calibrate(r['score'] for r in rows)}")
            kinds = PUZZLE_TYPES[ptype].kinds
            for kind in kinds if len(kinds) > 1 else ():
                scores = [r["score"] for r in rows if r["kind"] == kind]
                if scores:
                    print(f"    {kind}: {quality.calibrate(scores)}")
    broken = quality.violations(by_type)
    print("floors: " + ("all hold" if not broken else f"{len(broken)} broken"))
    for text in broken:
        print(f"  {text}")
    return 1 if broken else 0


def _cmd_bank(args) -> int:
    """Rebuild the best-move bank from its seeds (``--check``: compare, do not write;
    ``--verify``: prove every stored entry again, build nothing)."""
    import time

    from .generators import best_move_bank as bank

    def report(text: str) -> None:
        print(f"  {text} ({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)

    started = time.perf_counter()
    if args.verify:
        broken = bank.verify_bank(report=report)
        for where, problems in broken.items():
            print(f"{where}: {'; '.join(problems)}")
        print(f"bank {'proved' if not broken else f'BROKEN in {len(broken)} entries'} "
              f"in {time.perf_counter() - started:.0f} s")
        return 1 if broken else 0
    data = bank.build_bank(args.processes, report)
    seconds = time.perf_counter() - started
    counts = {key: len(entries) for key, entries in data["setups"].items()}
    if args.check:
        same = data == bank.bank()
        print(f"bank {'unchanged' if same else 'DIFFERS'}: {counts} in {seconds:.0f} s")
        return 0 if same else 1
    bank.write_bank(data)
    print(f"wrote {bank.BANK}: {counts} in {seconds:.0f} s")
    return 0


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
    p.add_argument("--seed", type=whole_number, required=True)
    p.add_argument("--game", choices=PRESET_NAMES, default=None, metavar="PRESET", help=", ".join(PRESET_NAMES))
    p.add_argument("--players", type=whole_number, default=None)
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

    p = sub.add_parser("report", help="measure puzzle quality: trivial shares, answers, option positions, bands")
    p.add_argument("--per-type", type=whole_number, default=200, metavar="N", help="puzzles per type (default 200)")
    p.add_argument("--seed", type=whole_number, default=0, metavar="S", help="first seed (default 0)")
    p.add_argument("--type", action="append", choices=list(PUZZLE_TYPES), metavar="TYPE",
                   help="only this type (repeatable)")
    p.add_argument("--calibrate", action="store_true", help="also print band cuts measured from the scores")
    p.set_defaults(run=_cmd_report)

    p = sub.add_parser("bank", help="rebuild the best-move bank (puzzles/bank/best_move.json) from its seeds")
    p.add_argument("--processes", type=whole_number, default=1, metavar="N", help="setups built at once (default 1)")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--check", action="store_true", help="rebuild and compare with the stored bank, write nothing")
    what.add_argument("--verify", action="store_true",
                      help="prove every stored entry again from its seed and compare its figures, build nothing")
    p.set_defaults(run=_cmd_bank)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "per_type", 1) < 1 or getattr(args, "seed", 0) < 0:
        print("error: --per-type must be at least 1 and --seed a whole number from 0 up", file=sys.stderr)
        return 2
    try:
        code = args.run(args)
    except (PuzzleError, EngineError, QuestionError, TextError) as exc:
        message = str(exc.args[0]) if isinstance(exc, TextError) and exc.args else str(exc)
        print(f"error: {plain_line(message)}", file=sys.stderr)
        return 2
    return code or 0


__all__ = ["build_parser", "main"]
