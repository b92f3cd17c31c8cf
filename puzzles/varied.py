"""A practice set with variety: no two near-identical puzzles, and no drill that gives one
answer every time (a printed worksheet, a teacher's six puzzles).

A practice stream (:func:`puzzles.practice_puzzle`, puzzle 0, 1, 2… of a drill, game and
level) is varied over many puzzles, but a few puzzles in a row may repeat one another: two
Kozel penalties "Player 2 · 4" in four. A set takes the puzzles of the stream in order and
skips one that asks the same question with the same answer as a puzzle already in the set
(:func:`look`), reading on up to :data:`SCAN` times the set's size.

Some drills have one answer at one table: at Kozel, whoever went out or blocked, the next
deal is led by the priority rule (rules.md KZ-05/06), so *Who leads next?* answers
"priority" every time. Such a set takes, for every other puzzle, a **companion**: a puzzle
of another drill that applies the same rule with answers that vary (the priority lead at
the start of a Kozel deal: 0-0, else the highest double, else the highest tile), so the
student both names the rule and applies it.

>>> from puzzles.varied import varied_set
>>> answers = [p.answer for p in varied_set("next_leader", "kozel", None, 6)]
>>> answers.count("priority") < 6 and len({str(a) for a in answers}) > 2
True
"""

from __future__ import annotations

import json
from typing import Any, Callable

from .model import Puzzle
from .pipeline import practice_puzzle

#: how far past the set's size the stream is read for puzzles that are not repeats
SCAN = 4
#: (drill, game) whose answer the table's rules fix -> (companion drill, which of its puzzles)
COMPANIONS: dict[tuple[str, str], tuple[str, Callable[[Puzzle], bool]]] = {
    ("next_leader", "kozel"): (
        "legal_moves",
        lambda p: isinstance(p.answer, list) and len(p.answer) == 1 and str(p.answer[0]).startswith("lead "),
    ),
}
#: how many companions are read for one that fits (a forced lead is about one deal in eight)
COMPANION_SCAN = 24


def look(puzzle: Puzzle) -> str:
    """What a reader sees of a puzzle's question and answer: its kind, its parameters and
    its answer (two puzzles with the same look are near repeats: "Player 2 takes 4")."""
    return json.dumps([puzzle.question.kind, puzzle.question.params, puzzle.answer], sort_keys=True, default=str)


def varied_set(ptype: str, game: str | None, level: str | None, count: int, start: int = 0) -> list[Puzzle]:
    """``count`` puzzles of the drill from puzzle ``start`` of its stream on (the first is
    always that one), none a near repeat of another while the stream has others, and at a
    table where the drill has one answer, every other puzzle a companion (see the module)."""
    stream = [practice_puzzle(ptype, game, level, start + i) for i in range(count * SCAN)]
    fresh = _distinct(stream)
    companion = COMPANIONS.get((ptype, game or ""))
    if companion is None or len(fresh) >= count:
        return _fill(fresh, stream, count)
    kind, fits = companion
    extra: list[Puzzle] = []
    for i in range(count * COMPANION_SCAN):
        if len(extra) >= count // 2:
            break
        candidate = practice_puzzle(kind, game, level, start + i)
        if fits(candidate) and look(candidate) not in {look(p) for p in extra}:
            extra.append(candidate)
    own = _fill(fresh, stream, count - len(extra))
    mixed: list[Puzzle] = []
    for i in range(max(len(own), len(extra))):  # the drill's own first, then one of each in turn
        mixed += own[i:i + 1] + extra[i:i + 1]
    return mixed[:count]


def _distinct(puzzles: list[Puzzle]) -> list[Puzzle]:
    seen: set[str] = set()
    kept = []
    for puzzle in puzzles:
        key = look(puzzle)
        if key not in seen:
            seen.add(key)
            kept.append(puzzle)
    return kept


def _fill(fresh: list[Puzzle], stream: list[Puzzle], count: int) -> list[Any]:
    """The distinct puzzles first; when the stream has too few, repeats of the looks used
    least so far, in the stream's order."""
    chosen = fresh[:count]
    if len(chosen) < count:
        used = {look(p): sum(look(q) == look(p) for q in chosen) for p in chosen}
        rest = [p for p in stream if p not in chosen]
        while len(chosen) < count and rest:
            best = min(rest, key=lambda p: used.get(look(p), 0))
            rest.remove(best)
            used[look(best)] = used.get(look(best), 0) + 1
            chosen.append(best)
        chosen.sort(key=stream.index)
    return chosen
