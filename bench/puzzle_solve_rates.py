"""Simulated solvers of known skill answer real generated puzzles; the puzzle's own checker marks them.

No player has answered a puzzle yet, so how often players of a known rating solve each
question kind and band is measured with three solvers whose method is stated, each
answering the puzzle as a player of that skill would:

* **the guesser** picks uniformly among what the page offers: one of the choices, one of the
  board's targets (every tile on each end, draw, pass), or for a "select all" question any
  subset of them (every subset when there are at most :data:`MAX_SUBSETS`, else that many
  seeded ones);
* **the shortcut player** uses the one shortcut each kind invites, the answer of a player
  who does not know the rule the puzzle drills: mostly the naive answer a kind's keep rule
  is built against (``puzzles.quality.is_trivial``), and where that is a property of the
  answer ("it is 0") the method the puzzle review names (the plain sum of the open ends,
  that hand's pips, a scan of the line); see :data:`SHORTCUTS`. Where the shortcut names an answer the
  page does not offer, it guesses among the choices, as a player would;
* **the full solver** gives the engine's answer (always right: measured all the same).

Each solver gives its equally likely responses to a puzzle; its chance on the puzzle is the
share of them that ``puzzles.questions.check`` marks right, the check that
``puzzles.check`` (what the page calls) makes before it words the verdict. So a solve rate
is measured on the puzzle, never assumed from its kind.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from engine import DRAW_ACTION, PASS_ACTION, Action
from engine.tiles import TILES
from puzzles import questions
from puzzles.generators import best_move_bank, where_tile
from puzzles.generators.next_leader import naive_answers
from puzzles.model import Puzzle
from puzzles.quality import _round_naive_counts

SOLVERS = ("guesser", "shortcut", "full")
#: A "select all" guesser tries every subset up to this many, else this many seeded ones.
MAX_SUBSETS = 256


def _plain_fives(rnd, action: Action) -> int:
    """What a play scores to a player who adds the open ends as they show (each end once)
    and does not know how the table counts a double at an end."""
    trial = rnd.copy()
    trial.apply(action)
    total = trial.left + trial.right
    return total if total % 5 == 0 else 0


def _placements(rnd) -> list[Action]:
    return [questions.canonical(rnd, a) for a in rnd.canonical_actions() if a.is_placement]


def _legal_moves(p: Puzzle, rnd) -> list:
    # list the tiles that fit, each once, on the first end it shows (a tile that fits both
    # ends is one move to it), any tile at a lead; nothing fits: draw where the table has a
    # stock, else pass. The table's own rules (a forced lead, a drawn tile that must be
    # played, …) are what it does not know.
    hand = rnd.hand(rnd.turn)
    if rnd.ends is None:
        return [[str(Action.lead(t)) for t in hand]]
    left, right = rnd.ends
    moves = [str(Action.place(t, "L" if t.has(left) else "R")) for t in hand if t.has(left) or t.has(right)]
    if moves:
        return [moves]
    return [[str(DRAW_ACTION) if rnd.rules.can_draw and rnd.stock else str(PASS_ACTION)]]


def _draw_outcome(p: Puzzle, rnd) -> list:
    # draw once and play what comes up (the top tile); nothing to draw: pass
    hand_fits = any(a.is_placement for a in rnd.legal_actions())
    if hand_fits:
        return [{"first": "play", "plays": None}]
    if not rnd.stock:
        return [{"first": "pass", "plays": None}]
    return [{"first": "draw", "plays": str(rnd.stock[0])}]


def _next_leader(p: Puzzle, rnd) -> list:
    # the last to lay a tile, the last to act, or a lightest hand
    return sorted(naive_answers(rnd))


def _block_score(p: Puzzle, rnd) -> list:
    # the lightest hand's side wins, and scores every other hand's pips
    result = rnd.result
    low = min(range(rnd.n), key=lambda s: (result.pips[s], s))
    return [{"winner": rnd.rules.side_of(low), "points": sum(result.pips) - result.pips[low]}]


def _round_points(p: Puzzle, rnd) -> list:
    # a naive count: every other hand, the opponents only, or the stock / sleeping tiles too
    return sorted(_round_naive_counts(rnd))


def _fives_points(p: Puzzle, rnd) -> list:
    # the plain sum of the open ends after the play
    return [_plain_fives(rnd, Action.parse(p.question.params["action"]))]


def _fives_best(p: Puzzle, rnd) -> list:
    # a play whose plain end sum scores, the first one found: it does not compare them (a
    # puzzle with one scoring play is what quality calls trivial)
    moves = _placements(rnd)
    return sorted({str(a) for a in moves if _plain_fives(rnd, a)}) or sorted({str(a) for a in moves})


def _kozel_penalty(p: Puzzle, rnd) -> list:
    # add that hand's pips (the fish-maker's or the lightest hand's too)
    return [rnd.result.pips[p.question.params["seat"]]]


def _kozel_goat(p: Puzzle, rnd) -> list:
    # a glance at the old totals or at this round alone: who led the sheet, who took most now
    before, now = rnd.score, rnd.result.points
    return sorted({max(range(rnd.n), key=lambda s: (before[s], -s)), max(range(rnd.n), key=lambda s: (now[s], -s))})


def _match_winner(p: Puzzle, rnd) -> list:
    # the side ahead before the round wins, no shutout
    before = rnd.score
    ahead = max(range(len(before)), key=lambda s: (before[s], -s)) if rnd.rules.match_mode == "race" \
        else min(range(len(before)), key=lambda s: (before[s], s))
    return [{"winner": ahead, "shutout": False}]


def _cannot_hold(p: Puzzle, rnd) -> list:
    # scan what is in view (the line and the own hand) for a number whose seven tiles all
    # show; no inference from passes and draws
    seen = rnd.view(p.question.params.get("viewer", 0)).seen()
    return [[n for n in range(7) if all(t in seen for t in TILES if t.has(n))]]


def _unseen_count(p: Puzzle, rnd) -> list:
    # 7 minus the tiles on the line, or 7 minus those in hand: one of the two is forgotten
    view = rnd.view(p.question.params.get("viewer", 0))
    number = p.question.params["number"]
    on_line = sum(1 for a, b in view.line if number in (a, b))
    in_hand = sum(1 for t in view.hand if t.has(number))
    return sorted({7 - on_line, 7 - in_hand})


def _best_move(p: Puzzle, rnd) -> list:
    # shed the heaviest tile that fits (either end, if it fits both)
    moves = best_move_bank.placements(rnd)
    top = max(Action.parse(m).tile.pips for m in moves)
    return sorted(m for m in moves if Action.parse(m).tile.pips == top)


def _where_tile(p: Puzzle, rnd) -> list:
    # the biggest pile of hidden tiles holds it
    return sorted(where_tile.biggest_piles(rnd.view(p.question.params.get("viewer", 0)), rnd.rules), key=str)


#: kind -> the shortcut player's equally likely responses (the method in each comment).
SHORTCUTS: dict[str, Callable[[Puzzle, Any], list]] = {
    "legal_moves": _legal_moves, "draw_outcome": _draw_outcome, "next_leader": _next_leader,
    "block_score": _block_score, "round_points": _round_points, "fives_points": _fives_points,
    "fives_best": _fives_best, "kozel_penalty": _kozel_penalty, "kozel_goat": _kozel_goat,
    "match_winner": _match_winner, "cannot_hold": _cannot_hold, "unseen_count": _unseen_count,
    "best_move": _best_move, "where_tile": _where_tile,
}


def _subsets(options: list, seed: str) -> Iterable[list]:
    if 2 ** len(options) <= MAX_SUBSETS:
        for mask in range(2 ** len(options)):
            yield [o for i, o in enumerate(options) if mask >> i & 1]
        return
    rng = random.Random(f"capicu-guesser:{seed}")
    for _ in range(MAX_SUBSETS):
        yield [o for o in options if rng.random() < 0.5]


def responses(solver: str, p: Puzzle, rnd) -> list:
    """The equally likely responses of ``solver`` to ``p`` (``rnd``: the puzzle's round)."""
    kind = questions.KINDS[p.question.kind]
    if solver == "full":
        return [p.answer]
    offered = list(p.options)
    if solver == "guesser":
        return list(_subsets(offered, p.id)) if kind.multi else offered
    if solver != "shortcut":
        raise ValueError(f"unknown solver {solver!r}: {', '.join(SOLVERS)}")
    if p.question.kind not in SHORTCUTS:
        raise ValueError(f"no shortcut for the kind {p.question.kind!r}: add one to SHORTCUTS")
    said = SHORTCUTS[p.question.kind](p, rnd)
    if kind.mode == questions.CHOICE and not kind.multi:
        said = [r for r in said if r in offered] or offered  # not offered: a guess among the choices
    return said


def chance(solver: str, p: Puzzle) -> float:
    """The share of ``solver``'s responses to ``p`` that the puzzle's checker marks right."""
    rnd = p.round()
    said = responses(solver, p, rnd)
    right = sum(questions.check(p.question.kind, rnd, p.question.params, r).correct for r in said)
    return right / len(said)


@dataclass(frozen=True)
class Answered:
    """One puzzle as the solvers answered it."""

    kind: str
    band: str
    score: float
    chances: tuple[float, ...]  # in the order of SOLVERS


def answer_all(p: Puzzle) -> Answered:
    return Answered(p.question.kind, p.difficulty.band, p.difficulty.score,
                    tuple(chance(s, p) for s in SOLVERS))


__all__ = ["Answered", "MAX_SUBSETS", "SHORTCUTS", "SOLVERS", "answer_all", "chance", "responses"]
