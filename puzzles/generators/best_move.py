"""``best_move``: the move that scores best from your seat, proved by the strategy engine.

A position from a real bot game (``strategy.bots``: ``strong`` and ``casual`` bots at
every seat, seeded) where seat 0 is to move and one move is best by a clear margin,
judged from seat 0's view only (``strategy.evaluate``: the deals that fit everything seat
0 has seen, each solved exactly, averaged). The claim and its proof are
``best_move_proof``: the answer beats every other move by :data:`MARGIN` points or more
and is among the best in :data:`SHARE` of the deals or more, on every consistent deal or
at the bottom of the 95 % interval of 1,000 sampled ones.

Proving takes seconds a position, too slow on demand, so the positions are found once,
deterministically from their seeds, and kept in ``puzzles/bank/best_move.json``
(``best_move_bank``, ``python -m puzzles bank``). The generator only replays a banked
position with the engine (its history, move by move) and asks about it; the question's
params carry the proven answer and every move's value, so checking a response never
evaluates again. The explanation's claims about the move (it goes out, it blocks, it
scores, it leaves a player nothing to lay) are read off the engine position after the
move, and said only when what you have seen proves them.

>>> from puzzles import generate
>>> p = generate(NAME, 3)
>>> p.question.kind, p.viewer, len(p.answer)
('best_move', 0, 1)
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from engine import Action, Round, Rules

from language import DECIMALS
from .best_move_bank import SETUPS, VIEWER, bank, replay, setup_key
from .best_move_proof import MARGIN, SHARE, mix  # noqa: F401  (MARGIN, SHARE: the claim the puzzle makes)
from .common import Draft, PuzzleType, line
from .fives import after_play

NAME = "best_move"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("best_move",)
#: A margin under this many points makes a close call (a theme, and one more step).
CLOSE_CALL = 8.0


# ------------------------------------------------------------------ the puzzle
def _known_lines(view) -> tuple[list, list[str], int]:
    """What seat 0 knows before moving: every fully seen number, every other seat's voids."""
    lines, themes, steps = [], [], 0
    seen_all = [n for n in range(7) if view.unseen_count(n) == 0]
    if seen_all:
        lines.append(line("explain.reading.all_seen", numbers=seen_all))
        themes.append("counting")
        steps += 1
    for seat, numbers in sorted(view.cannot_hold().items()):
        numbers = [n for n in sorted(numbers) if n not in seen_all]
        if numbers:
            lines.append(line("explain.best.void", seat=seat, numbers=numbers))
            themes.append("reading")
            steps += 1
    return lines, themes, steps


def after_lines(rnd: Round, best: str) -> tuple[list, list[str], int]:
    """What the move does, read off the engine position after it (``trial``), and said
    only when seat 0's view proves it whatever the hidden hands: it scores at once (All
    Fives) and perhaps reaches the target, it goes out, it blocks the round (every tile
    of the ends on the table), or it leaves the ends with their unseen tiles, and a player
    who holds neither end number (seat 0's view after the move) with nothing to lay."""
    trial = rnd.copy()
    trial.apply(best)
    after = trial.view(VIEWER)
    side = rnd.rules.side_of(VIEWER)
    lines, themes, steps = [], [], 0
    scored = trial.round_points[side] - rnd.round_points[side]
    if scored:
        terms, total, _ = after_play(rnd, Action.parse(best))
        lines.append(line("explain.best.scores", action=best, points=scored, terms=terms, total=total))
        themes.append("fives")
        steps += 1
    result = trial.result
    if result is not None:
        if result.kind == "target":
            total = trial.score[side] + trial.round_points[side]
            lines.append(line("explain.best.reaches_target", total=total, target=rnd.rules.target))
        elif result.kind == "domino" and result.out_seat == VIEWER:
            lines.append(line("explain.best.goes_out", action=best))
            themes.append("domino")
        elif result.kind == "block" and trial.ends is not None \
                and all(after.unseen_count(n) == 0 for n in trial.ends):
            left, right = trial.ends
            if left == right:
                lines.append(line("explain.best.blocks_same", action=best, number=left))
            else:
                lines.append(line("explain.best.blocks", action=best, left=left, right=right))
            themes.append("block")
            steps += 1
        return lines, themes, steps
    left, right = trial.ends
    if left == right:
        lines.append(line("explain.best.ends_same", action=best, number=left, unseen=after.unseen_count(left)))
    else:
        lines.append(line("explain.best.ends", action=best, left=left, right=right,
                          unseen_left=after.unseen_count(left), unseen_right=after.unseen_count(right)))
    shut = [s for s, numbers in sorted(after.cannot_hold().items()) if left in numbers and right in numbers]
    for seat in shut:
        partner = rnd.rules.side_of(seat) == side
        lines.append(line("explain.best.shuts_partner" if partner else "explain.best.shuts_out", seat=seat))
        themes.append("blocking")
        steps += 1 + (seat == trial.turn and not partner)  # the very next player has nothing to lay
    return lines, themes, steps


def _error_bar(error: float, scale: float) -> float:
    """An error as printed: rounded up to the printed precision, never down to nothing."""
    return math.ceil(error * scale - 1e-9) / scale


def proof_lines(entry: dict[str, Any]) -> list:
    """The proof's figures: the deals, both values, the margin and the share, each with its
    95 % error when the deals were a sample (rounded up: an error bar never shrinks in
    print; a sampled margin with no error at all is the same gap in every deal solved)."""
    best, runner, values = entry["action"], entry["runner_up"], entry["values"]
    exact = entry["exact"]
    lines = [
        line("explain.best.exact" if exact else "explain.best.sampled", deals=entry["deals"]),
        line("explain.best.value", action=best, value=values[best]),
        line("explain.best.runner_up", action=runner, value=values[runner]),
    ]
    figures = {"action": best, "runner_action": runner, "margin": entry["margin"]}
    if exact:
        lines.append(line("explain.best.margin_exact", **figures))
    elif not entry["margin_error"]:
        lines.append(line("explain.best.margin_every", **figures))
    else:
        lines.append(line("explain.best.margin", **figures, error=_error_bar(entry["margin_error"], 10 ** DECIMALS)))
    percent, percent_error = round(100 * entry["share"]), math.ceil(100 * entry["share_error"] - 1e-9)
    if exact or not percent_error:
        lines.append(line("explain.best.share", action=best, percent=percent))
    else:
        lines.append(line("explain.best.share_sampled", action=best, percent=percent, percent_error=percent_error))
    return lines


def draft_of(rules: Rules, entry: dict[str, Any]) -> Draft:
    rnd = replay(rules, entry)
    best, values = entry["action"], entry["values"]
    view = rnd.view(VIEWER)
    known, themes, steps = _known_lines(view)
    after, after_themes, after_steps = after_lines(rnd, best)
    lines = proof_lines(entry) + known + after
    close = entry["margin"] < CLOSE_CALL
    factors = {"choices": len(values), "terms": len(view.unseen_tiles()) // 2,
               "total": round(100 * (1 - entry["share"])), "steps": 1 + steps + after_steps + close}
    params = {"action": best, "values": dict(values), "runner_up": entry["runner_up"], "share": entry["share"],
              "deals": entry["deals"]}
    themes = ["strategy", *themes, *after_themes] + (["close_call"] if close else [])
    return Draft(rnd, "best_move", params, lines, themes, factors, viewer=VIEWER,
                 trace={"bank_game": entry["game"], "margin": entry["margin"], "margin_error": entry["margin_error"],
                        "exact": entry["exact"]})


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    entries = bank()["setups"].get(setup_key(rules), [])
    if not entries:
        return None
    return draft_of(rules, entries[mix("pick", seed) % len(entries)])


# ------------------------------------------------------------------ themes (issue 45 item 3)
def answer_themes(view, params: dict[str, Any]) -> tuple[tuple[str, dict[str, Any]], ...]:
    """What the answer does that the runner-up does not (``strategy.themes.theme_facts``),
    from seat 0's view before the move and the question's params."""
    from strategy.themes import theme_facts

    return theme_facts(view, params["runner_up"], params["action"], params["values"])


@lru_cache(maxsize=8)
def _entry_themes(key: str) -> tuple[tuple[str, ...], ...]:
    """Each banked entry's theme codes, for one setup (a fraction of a second a setup)."""
    rules = next(s for s in SETUPS if s.key == key).rules()
    return tuple(tuple(code for code, _ in answer_themes(replay(rules, e).view(VIEWER), {
        "runner_up": e["runner_up"], "action": e["action"], "values": e["values"]}))
        for e in bank()["setups"].get(key, []))


#: How far :func:`theme_seed` looks for the seeds of a theme's puzzles.
THEME_SEEDS = 4000


@lru_cache(maxsize=64)
def theme_seeds(preset: str, theme: str) -> tuple[int, ...]:
    """The seeds whose best-move puzzle of ``preset`` (its one banked setup) teaches
    ``theme``, in order, among the first :data:`THEME_SEEDS`: Practice's "practise this
    theme" serves them one after another (empty: the bank has none of that theme)."""
    keys = [s.key for s in SETUPS if s.preset == preset]
    if not keys:
        return ()
    tagged = _entry_themes(keys[0])
    if not tagged or not any(theme in t for t in tagged):
        return ()
    return tuple(seed for seed in range(THEME_SEEDS) if theme in tagged[mix("pick", f"{seed}.0") % len(tagged)])


SPEC = PuzzleType(
    name=NAME,
    kinds=KINDS,
    setups=SETUPS,
    drills=("C-11", "A-28"),
    lessons=("partners-passing", "partners-blocked", "1v1-passing-blocking"),
    # Band cuts: the tertiles (quality.calibrate) of the scores over seeds 0-999, measured
    # 2026-12-01 on the bank rebuilt with the proof of issue 24 (python -m puzzles report
    # --calibrate --type best_move --per-type 1000 --seed 0).
    cuts=(5.4, 6.3),
    build=build,
    summary="the move that scores best on average over the deals that fit what you have seen",
)
