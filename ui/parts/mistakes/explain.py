"""A personal puzzle's words: its question, the verdict on an answer, what each move loses
and how sure the proof is, in the reader's language (moves and figures worded by the
language layer; the proof's sentence about its deals is the best-move puzzles' own).

A personal puzzle (``progress.mistakes.PersonalPuzzle``) carries everything needed: the
position before the move, the seat, the move played, the answers (every move within half
a point of the best) and each move's value from the proof. Checking an answer never
evaluates again: the engine says whether the move is legal (``puzzles.questions.check``,
as a best-move puzzle is checked), the proof's answers whether it is right.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import Action, EngineError
from language import capitalised
from puzzles.explain import render, verdict_sentence
from puzzles.questions import Verdict, canonical, check

from ...i18n import Translator
from ...labels import action_label, figure

#: the question kind a personal puzzle is asked as: a move made on the board
KIND = "best_move"


def _canonical(rnd, action: str) -> str:
    """``action`` in its mirror-free form (with equal ends ``t@R`` is ``t@L``)."""
    try:
        return str(canonical(rnd, Action.parse(str(action))))
    except EngineError:
        return str(action)


def best_value(puzzle) -> float:
    return max(puzzle.values.values())


def loss_of(puzzle, action: str) -> float | None:
    """What ``action`` loses against the best move, from the proof's values (None: a move
    the proof did not value)."""
    rnd = puzzle.round()
    by_move = {_canonical(rnd, a): v for a, v in puzzle.values.items()}
    value = by_move.get(_canonical(rnd, action))
    return None if value is None else max(0.0, best_value(puzzle) - value)


def question(puzzle, tr: Translator) -> str:
    """ "You played X here. Find a better move." """
    return tr("mistakes.question", played=action_label(tr, puzzle.played))


def check_answer(puzzle, response: Any, tr: Translator) -> Verdict:
    """The verdict on ``response`` (a move): an illegal move gets the engine's reason, a
    legal one is right when it is one of the proof's answers; its explanation says so,
    then what each move loses and how sure the proof is."""
    rnd = puzzle.round()
    answers = sorted({_canonical(rnd, a) for a in puzzle.answers})
    best = max(puzzle.values, key=puzzle.values.get)
    engine_verdict = check(KIND, rnd, {"action": _canonical(rnd, best), "values": dict(puzzle.values)}, response)
    if engine_verdict.reason not in ("right", "worse_move"):  # illegal, or not a move at all
        head = verdict_sentence(tr.lang, KIND, engine_verdict, rnd.rules)
        verdict = Verdict(False, answers, engine_verdict.reason, engine_verdict.params)
    else:
        move = engine_verdict.params["action"]
        loss = loss_of(puzzle, move) or 0.0
        words = {"move": action_label(tr, move), "loss": figure(tr, loss)}
        if move in answers:
            head = tr("mistakes.right_best" if loss < 0.05 else "mistakes.right_near", **words)
            verdict = Verdict(True, answers, "right", {"action": move})
        else:
            same = move == _canonical(rnd, puzzle.played)
            head = tr("mistakes.same_move" if same else "mistakes.worse", **words)
            verdict = Verdict(False, answers, "worse_move", {"action": move, "loss": loss})
    lines = [capitalised(head)] + ([] if verdict.reason.startswith(("illegal", "bad")) else [sure(puzzle, tr)])
    return replace(verdict, explanation=" ".join(lines), lines=tuple(lines), lang=tr.lang)


def losses(puzzle, tr: Translator) -> list[str]:
    """What each move loses against the best, best first: one line a move the proof
    valued, the move played and the right answers marked in words (never by colour)."""
    rnd = puzzle.round()
    answers = {_canonical(rnd, a) for a in puzzle.answers}
    played = _canonical(rnd, puzzle.played)
    top = best_value(puzzle)
    lines = []
    for move, value in sorted(puzzle.values.items(), key=lambda item: (-item[1], item[0])):
        loss = top - value
        words = {"move": capitalised(action_label(tr, move)), "value": figure(tr, value, True),
                 "loss": figure(tr, loss)}
        text = tr("mistakes.loss_best" if loss < 0.05 else "mistakes.loss_line", **words)
        marks = [tr("mistakes.yours")] if _canonical(rnd, move) == played else []
        if _canonical(rnd, move) in answers and loss >= 0.05:
            marks.append(tr("mistakes.an_answer"))
        lines.append(f"{text} — {', '.join(marks)}" if marks else text)
    return lines


def sure(puzzle, tr: Translator) -> str:
    """How sure: the deals of the proof (the best-move puzzles' sentence) and the smallest
    margin of a right answer over the move played (exact, or the bottom of its 95% interval)."""
    rules = puzzle.round().rules
    deals = render(tr.lang, "explain.best.exact" if puzzle.exact else "explain.best.sampled",
                   {"deals": int(puzzle.deals)}, rules)
    margin = tr("mistakes.margin_exact" if puzzle.exact else "mistakes.margin_sampled",
                margin=figure(tr, max(0.0, puzzle.margin_low)))
    return f"{deals} {margin}"
