"""``python -m lessons prove [LESSON ...] [--check]``: prove the strategy lessons' claims
and store their figures beside each script (lessons/proof_store.py, docs/lessons.md).

Without lesson ids it proves every lesson with a best_move claim. ``--check`` proves
again and compares with the stored figures instead of writing them (exit status 1 when
they differ, or a claim fails).
"""

from __future__ import annotations

import argparse
import sys
import time

from . import proof_store
from .model import (
    CONTENT, LessonError, _read_yaml, load_lesson, proof_problems, proof_sites, prove_lesson, site_claim,
)
from .proof import PROOF_SEED


def _summary(key: str, values, action: str) -> str:
    runner = values.runner_up(action)
    gap = values.gap(action, runner)
    moves = ", ".join(f"{a} {v:+.2f}" + ("" if values.exact else f" ± {values.value_stderr(a):.2f}")
                      for a, v in sorted(zip(values.actions, values.expected), key=lambda av: -av[1]))
    return (f"  {key}: {action} over {runner} by {gap.mean:.2f}" + ("" if values.exact else f" ± {gap.stderr:.2f}")
            + f", best in {values.share(action):.1%}; {values.how()}; {moves}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lessons",
                                     description="Prove the strategy lessons' claims and store their figures.")
    sub = parser.add_subparsers(dest="command", required=True)
    prove = sub.add_parser("prove", help="prove the strategy claims and store their figures")
    prove.add_argument("lessons", nargs="*", help="lesson ids (default: every lesson with a best_move claim)")
    prove.add_argument("--check", action="store_true", help="compare with the stored figures, write nothing")
    args = parser.parse_args(argv)

    ids = args.lessons or [lid for lessons in _games() for lid in lessons]
    failed = False
    for lesson_id in ids:
        try:
            lesson = load_lesson(lesson_id, proved=False)
        except LessonError as exc:
            print(exc, file=sys.stderr)
            return 2
        if not proof_sites(lesson):
            if args.lessons:
                print(f"{lesson_id}: no best_move claim to prove")
            continue
        started = time.perf_counter()
        proofs = prove_lesson(lesson, PROOF_SEED)
        print(f"{lesson_id} ({time.perf_counter() - started:.1f} s)")
        for site in proof_sites(lesson):
            print(_summary(site.key, proofs[site.key][1], site_claim(lesson, site).action))
        problems = proof_problems(lesson, proofs)
        for problem in problems:
            print(f"  FAILS {problem}")
        failed |= bool(problems)
        folder = CONTENT / lesson_id
        if args.check:
            stored = (folder / proof_store.PROOF_FILE).read_text(encoding="utf-8") \
                if (folder / proof_store.PROOF_FILE).exists() else ""
            if stored != proof_store.dump(lesson_id, proofs):
                print(f"  DIFFERS from the stored {lesson_id}/{proof_store.PROOF_FILE}")
                failed = True
        elif not problems:
            proof_store.write(folder, lesson_id, proofs)
    return 1 if failed else 0


def _games() -> list[tuple[str, ...]]:
    """The course's lesson ids per game, read without loading the lessons (they may be unproved)."""
    return [tuple(g["lessons"]) for g in _read_yaml(CONTENT / "course.yaml")["games"]]


if __name__ == "__main__":
    sys.exit(main())
