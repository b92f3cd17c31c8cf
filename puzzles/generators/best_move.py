"""``best_move``: the move that scores best from your seat, proved by the strategy engine.

A position from a real bot game (``strategy.bots``: ``strong`` and ``casual`` bots at
every seat, seeded) where seat 0 is to move and one move is best by a clear margin,
judged from seat 0's view only (``strategy.evaluate``: the deals that fit everything seat
0 has seen, each solved exactly, averaged):

* its expected value (points for your side minus the other side's) beats every other
  move's by at least :data:`MARGIN` points, over :data:`DEALS` deals (or every
  consistent deal, when there are no more: ``exact``);
* it is among the best moves in at least :data:`SHARE` of those deals;
* a second evaluation with an independent seed names the same best move.

Evaluating takes up to 1.6 s a banked position (far more early in a round), too slow on
demand, so the positions are found once, deterministically from their seeds, and kept in
``puzzles/bank/best_move.json``
(``python -m puzzles bank``: 86-170 s on two shared cores). The generator only replays
a banked position with the engine (its history, move by move) and asks about it; the
question's params carry the proven answer and every move's value, so checking a
response never evaluates again. ``tests/puzzles/test_strategy_puzzles.py`` rebuilds a
few bank entries from scratch and re-evaluates every banked answer.

>>> from puzzles import generate
>>> p = generate(NAME, 3)
>>> p.question.kind, p.viewer, len(p.answer)
('best_move', 0, 1)
"""

from __future__ import annotations

import hashlib
import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine import Action, Round, Rules, deal

from ..questions import canonical
from .common import Draft, PuzzleType, Setup, line, setups

NAME = "best_move"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("best_move",)
VIEWER = 0
#: The best move's expected value beats the runner-up's by at least this many points.
MARGIN = 4.0
#: ... and it is among the best moves in at least this share of the deals evaluated.
SHARE = 0.6
#: Deals sampled per evaluation (when more are consistent; otherwise all, exactly).
DEALS = 64
#: Tiles on the line before a position is considered (earlier ones take seconds to solve).
MIN_LINE = 5
#: No hand may hold more tiles than this (a player who drew a long way makes a search of
#: seconds: one such 1v1 position took 22 s to evaluate).
MAX_HAND = 10
#: Entries banked per setup, and at most this share of them "trivial" (the heaviest tile).
PER_SETUP = 60
TRIVIAL_SHARE = 0.15
#: At most this many positions from one game.
PER_GAME = 2
BOT_LEVELS = ("strong", "casual")
BANK = Path(__file__).resolve().parents[1] / "bank" / "best_move.json"
BANK_VERSION = 1

SETUPS = tuple(setups("laplaza_partners", (4,)) + setups("laplaza_1v1", (2,)) + setups("draw", (2,))
               + setups("all_fives", (2,)))


def _mix(*parts: Any) -> int:
    return int(hashlib.sha256(":".join(str(p) for p in parts).encode()).hexdigest()[:12], 16)


def setup_key(rules: Rules) -> str:
    return Setup(rules.preset_name, rules.num_players, tuple(rules.overlays)).key


# ------------------------------------------------------------------ evaluation
def move_values(rnd: Round, evaluation) -> dict[str, tuple[float, float]]:
    """Distinct placement (mirror-free) -> (expected value, best share), in engine order."""
    out: dict[str, tuple[float, float]] = {}
    for action, value, share in zip(evaluation.actions, evaluation.expected, evaluation.best_share):
        if action.is_placement:
            out.setdefault(str(canonical(rnd, action)), (value, share))
    return out


def evaluate_position(rnd: Round, seed: int):
    """The strategy engine's evaluation from the mover's view (deterministic: no time budget)."""
    from strategy.evaluate import evaluate

    return evaluate(rnd.view(rnd.turn), deals=DEALS, budget=None, seed=seed)


def is_heaviest(best: str, moves) -> bool:
    """Is ``best`` the one heaviest tile that fits (what a player with no plan sheds)?"""
    tiles = {Action.parse(m).tile for m in moves}
    top = max(t.pips for t in tiles)
    heavy = [t for t in tiles if t.pips == top]
    return len(heavy) == 1 and Action.parse(best).tile == heavy[0]


def judge(rnd: Round, seed: int) -> dict[str, Any] | None:
    """The bank entry's proof of a position, or None when no move is clearly best."""
    ev = evaluate_position(rnd, seed)
    values = move_values(rnd, ev)
    if len(values) < 2:
        return None
    order = sorted(values, key=lambda m: -values[m][0])
    best, runner = order[0], order[1]
    margin = values[best][0] - values[runner][0]
    if margin < MARGIN or values[best][1] < SHARE:
        return None
    check = evaluate_position(rnd, _mix("second-opinion", seed) % 2**32)
    again = move_values(rnd, check)
    if max(again, key=lambda m: again[m][0]) != best:
        return None
    return {"action": best, "runner_up": runner, "values": {m: round(v, 2) for m, (v, _) in values.items()},
            "share": round(values[best][1], 4), "deals": ev.deals, "exact": ev.exact,
            "consistent": ev.consistent, "eval_seed": seed}


# ------------------------------------------------------------------ the bank
def game_seed(key: str, game: int) -> str:
    return f"best_move.{key}.{game}"


def play_game(setup: Setup, game: int, limit: int = PER_GAME) -> list[dict[str, Any]]:
    """The positions of one seeded bot game that make puzzles (at most ``limit``)."""
    from strategy.bots import get_bot

    rules = setup.rules()
    seed = game_seed(setup.key, game)
    rnd = deal(rules, seed)
    rng = random.Random(f"capicu-bank:{seed}")
    bots = [rng.choice(BOT_LEVELS) for _ in range(rules.num_players)]
    found: list[dict[str, Any]] = []
    history: list[str] = []
    while rnd.result is None and len(found) < limit:
        if rnd.turn == VIEWER and len(rnd.line) >= MIN_LINE and max(rnd.view(VIEWER).hand_counts) <= MAX_HAND:
            moves = {str(canonical(rnd, a)) for a in rnd.legal_actions() if a.is_placement}
            if len(moves) >= 2:
                proof = judge(rnd, _mix("best_move", setup.key, game, len(history)) % 2**32)
                if proof is not None:
                    proof["trivial"] = is_heaviest(proof["action"], moves)
                    found.append({"game": game, "deal": seed, "bots": bots, "history": list(history), **proof})
        action = get_bot(bots[rnd.turn]).choose(rnd.view(rnd.turn), rng)
        history.append(str(action))
        rnd.apply(action)
    return found


def build_setup(setup: Setup, count: int = PER_SETUP) -> list[dict[str, Any]]:
    """``count`` entries for one setup: games 0, 1, 2, … in order, trivial ones capped."""
    entries: list[dict[str, Any]] = []
    game = 0
    while len(entries) < count:
        for entry in play_game(setup, game):
            trivial = sum(e["trivial"] for e in entries)
            if entry["trivial"] and trivial + 1 > TRIVIAL_SHARE * count:
                continue
            if len(entries) < count:
                entries.append(entry)
        game += 1
    return entries


def _build_one(key: str) -> tuple[str, list]:
    setup = next(s for s in SETUPS if s.key == key)
    return key, build_setup(setup)


def build_bank(processes: int = 2) -> dict[str, Any]:
    """Every setup's entries (the same on every machine), ``processes`` setups at a time."""
    keys = [s.key for s in SETUPS]
    if processes > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(processes) as pool:
            built = dict(pool.map(_build_one, keys))
    else:
        built = dict(_build_one(k) for k in keys)
    return {"version": BANK_VERSION, "deals": DEALS, "margin": MARGIN, "share": SHARE, "min_line": MIN_LINE,
            "max_hand": MAX_HAND,
            "setups": {k: built[k] for k in keys}}


def write_bank(data: dict[str, Any], path: Path = BANK) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


@lru_cache(maxsize=1)
def bank() -> dict[str, Any]:
    return json.loads(BANK.read_text(encoding="utf-8"))


def replay(rules: Rules, entry: dict[str, Any]) -> Round:
    """The banked position: the deal again, its history applied move by move."""
    rnd = deal(rules, entry["deal"])
    for action in entry["history"]:
        rnd.apply(action)
    return rnd


# ------------------------------------------------------------------ the puzzle
def _reason_lines(rnd: Round, best: str) -> tuple[list, list[str], int]:
    """What seat 0 knows that makes the move good: voids, and unseen tiles of the new ends."""
    view = rnd.view(VIEWER)
    lines, themes, steps = [], [], 0
    voids = {s: sorted(n) for s, n in view.cannot_hold().items() if n}
    seen_all = [n for n in range(7) if view.unseen_count(n) == 0]
    if seen_all:
        lines.append(line("explain.reading.all_seen", numbers=seen_all))
        themes.append("counting")
        steps += 1
    for seat, numbers in sorted(voids.items()):
        numbers = [n for n in numbers if n not in seen_all]
        if numbers:
            lines.append(line("explain.best.void", seat=seat, numbers=numbers))
            themes.append("reading")
            steps += 1
    trial = rnd.copy()
    trial.apply(best)
    if trial.result is None and trial.ends is not None:
        left, right = trial.ends
        nxt = trial.turn
        blocked = [s for s, numbers in voids.items() if left in numbers and right in numbers]
        if left == right:
            lines.append(line("explain.best.ends_same", action=best, number=left,
                              unseen=view.unseen_count(left)))
        else:
            lines.append(line("explain.best.ends", action=best, left=left, right=right,
                              unseen_left=view.unseen_count(left), unseen_right=view.unseen_count(right)))
        for seat in blocked:
            key = "explain.best.shuts_out" if rnd.rules.side_of(seat) != rnd.rules.side_of(VIEWER) \
                else "explain.best.shuts_partner"
            lines.append(line(key, seat=seat))
            themes.append("blocking")
            steps += 1
        if nxt in blocked and rnd.rules.side_of(nxt) != rnd.rules.side_of(VIEWER):
            steps += 1
    elif trial.result is not None:
        lines.append(line("explain.best.goes_out", action=best))
    return lines, themes, steps


def draft_of(rules: Rules, entry: dict[str, Any]) -> Draft:
    rnd = replay(rules, entry)
    best, runner = entry["action"], entry["runner_up"]
    values = entry["values"]
    lines = [
        line("explain.best.exact" if entry["exact"] else "explain.best.sampled", deals=entry["deals"]),
        line("explain.best.value", action=best, value=f"{values[best]:+.1f}"),
        line("explain.best.runner_up", action=runner, value=f"{values[runner]:+.1f}"),
        line("explain.best.share", action=best, percent=round(100 * entry["share"])),
    ]
    reasons, themes, steps = _reason_lines(rnd, best)
    lines += reasons
    margin = values[best] - values[runner]
    view = rnd.view(VIEWER)
    unseen = len(view.unseen_tiles())
    factors = {"choices": len(values), "terms": unseen // 2, "total": round(100 * (1 - entry["share"])),
               "steps": 1 + steps + (margin < 8)}
    params = {"action": best, "values": dict(values), "runner_up": runner, "share": entry["share"],
              "deals": entry["deals"]}
    themes = ["strategy", *themes] + (["close_call"] if margin < 8 else [])
    return Draft(rnd, "best_move", params, lines, themes, factors, viewer=VIEWER,
                 trace={"bank_game": entry["game"], "margin": round(margin, 2), "exact": entry["exact"]})


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    entries = bank()["setups"].get(setup_key(rules), [])
    if not entries:
        return None
    return draft_of(rules, entries[_mix("pick", seed) % len(entries)])


SPEC = PuzzleType(
    name=NAME,
    kinds=KINDS,
    setups=SETUPS,
    drills=("C-11", "A-28"),
    lessons=("partners-passing", "partners-blocked", "1v1-passing-blocking"),
    # Band cuts: the tertiles (quality.calibrate) of the scores over seeds 0-999, measured
    # 2026-12-01 on the bank of that day.
    cuts=(5.3, 6.1),
    build=build,
    summary="the move that scores best on average over the deals that fit what you have seen",
)
