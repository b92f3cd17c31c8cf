"""Measured puzzle quality: is a puzzle worth asking, where does its answer sit, how hard is it?

``python -m puzzles report [--per-type N] [--seed S]`` (and ``bench/puzzles_report.py``)
generate ``N`` puzzles of every type from the seeds ``S, S + 1, …`` and print, per type
and per question kind: the share of trivial puzzles, the share of 0 answers, the answers
given most often, where the answer sits among the options, and the share of each band.
``tests/puzzles/test_quality.py`` asserts :data:`FLOORS` on a fixed seeded sample.

**Trivial** means a player who does not know the rule the puzzle drills would probably
get it right anyway. Per kind (:func:`is_trivial`):

* ``legal_moves`` — exactly one legal move and it is a placement or the lead (any tile
  that fits is the whole answer); a forced draw or pass is the point of its puzzle.
* ``draw_outcome`` — the top tile of the stock fits (draw once, play it).
* ``next_leader`` — the answer is the last to lay a tile, the last to act or a lightest hand.
* ``block_score`` — no tie, and the winner is both the blocker's side and the lightest
  hand's side, with no per-loser differences to work out.
* ``round_points`` — every naive count (all other hands; the opponents only; the stock
  counted too; without a capicú bonus or rounding) gives the answer.
* ``fives_points``, ``kozel_penalty`` — the answer is 0 ("it scores nothing").
* ``fives_best`` — only one play scores at all.
* ``kozel_goat`` — the goat had the highest total before and took the most this round.
* ``match_winner`` — the side ahead before the round wins by 10 or more over the target,
  with no shutout.
* ``cannot_hold`` — the answer is just the numbers on the open ends now.
* ``unseen_count`` — 7 minus the tiles on the table, or 7 minus those in hand, gives it.
* ``best_move`` — the best move lays the one heaviest tile that fits (what a player with
  no plan sheds).
* ``where_tile`` — pile sizes alone give it: the answer is the one biggest pile of hidden
  tiles (hand or stock) and no holder is ruled out for the tile.

>>> rows = measure("legal_moves", 20)
>>> sorted(rows[0])[:5]
['answer', 'band', 'id', 'k', 'kind']
>>> share(rows, "trivial") <= FLOORS["trivial"]["legal_moves"]
True
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from typing import Any, Iterable

from engine import DRAW_ACTION, PASS_ACTION

from . import questions
from .explain import label
from .generators import PUZZLE_TYPES
from .generators import best_move_bank, where_tile
from .generators.next_leader import naive_answers
from .model import BANDS, Puzzle
from .pipeline import generate

#: The floors a kept puzzle population must meet (checked by tests/puzzles/test_quality.py).
FLOORS = {
    # share of trivial puzzles (see is_trivial), per kind
    "trivial": {"legal_moves": 0.15, "next_leader": 0.0, "draw_outcome": 0.0, "fives_points": 0.20,
                "kozel_penalty": 0.20, "best_move": 0.20, "where_tile": 0.0},
    # the answer at any one option position: at most 1/k + this (k options)
    "position_slack": 0.15,
    # each difficulty band's share of every type and of every kind
    "band_share": (0.20, 0.45),
    # the most common answer's share of a kind
    "top_answer": 0.50,
    # a numeric answer's most common rank among its sorted values (not in All Fives)
    "rank": 0.45,
}

_NUMERIC = ("round_points", "fives_points", "kozel_penalty", "unseen_count")


def _round_naive_counts(rnd) -> set[int]:
    """Counts a player may give without the table's rule: every other hand, the opponents
    only, the stock or the sleeping tiles counted too, no capicú bonus, no rounding."""
    result = rnd.result
    rules = rnd.rules
    others = [s for s in range(rnd.n) if s != result.out_seat]
    all_others = sum(rnd.pips(s) for s in others)
    opponents = sum(rnd.pips(s) for s in others if rules.side_of(s) != result.winner)
    out_of_play = sum(t.pips for t in rnd.stock)
    if rules.stock_mode == "sleeping":
        hands = sum(rnd.pips(s) for s in range(rnd.n)) + sum(a + b for a, b in rnd.line)
        out_of_play = 168 - hands  # a double-six set holds 168 pips
    return {all_others, opponents, all_others + out_of_play}


def is_trivial(p: Puzzle) -> bool:
    """Would a player who does not know the drilled rule probably get it right? (see above)"""
    kind = p.question.kind
    rnd = p.round()
    answer = p.answer
    if kind == "legal_moves":
        return len(answer) == 1 and answer[0] not in (str(DRAW_ACTION), str(PASS_ACTION))
    if kind == "draw_outcome":
        left, right = rnd.ends
        return answer["first"] == "draw" and bool(rnd.stock) and (rnd.stock[0].has(left) or rnd.stock[0].has(right))
    if kind == "next_leader":
        return isinstance(answer, int) and answer in naive_answers(rnd)
    if kind == "block_score":
        result = rnd.result
        if answer["winner"] == "tie":
            return False
        low_seat = min(range(rnd.n), key=lambda s: (result.pips[s], s))
        per_loser = rnd.rules.block_points in ("diff_per_loser", "diff_once") and rnd.n >= 3
        return answer["winner"] == rnd.rules.side_of(result.blocker) == rnd.rules.side_of(low_seat) \
            and not per_loser
    if kind == "round_points":
        return _round_naive_counts(rnd) == {answer}
    if kind in ("fives_points", "kozel_penalty"):
        return answer == 0
    if kind == "fives_best":
        moves = [a for a in rnd.canonical_actions() if a.is_placement]
        return sum(1 for a in moves if questions.fives_score(rnd, a)) == 1
    if kind == "kozel_goat":
        if not isinstance(answer, int):
            return False
        before, now = rnd.score, rnd.result.points
        return answer == max(range(rnd.n), key=lambda s: (before[s], -s)) \
            and answer == max(range(rnd.n), key=lambda s: (now[s], -s))
    if kind == "match_winner":
        winner = answer["winner"]
        if not isinstance(winner, int) or answer["shutout"]:
            return False
        before = rnd.score
        after = questions.totals_after(rnd)
        ahead = max(range(len(before)), key=lambda s: (before[s], -s))
        return winner == ahead and after[winner] - rnd.rules.target >= 10
    if kind == "cannot_hold":
        return set(answer) == set(rnd.ends or ())
    if kind == "best_move":
        return best_move_bank.is_heaviest(answer[0], best_move_bank.placements(rnd))
    if kind == "where_tile":
        from engine import Tile

        view = rnd.view(p.question.params.get("viewer", 0))
        tile = Tile.parse(p.question.params["tile"])
        odds = {h: q for h, q in questions.holder_odds(rnd, view.seat, tile).items() if q}
        return where_tile.is_trivial(view, rnd.rules, tile, odds)
    if kind == "unseen_count":
        view = rnd.view(p.question.params.get("viewer", 0))
        number = p.question.params["number"]
        on_line = sum(1 for a, b in view.line if number in (a, b))
        in_hand = sum(1 for t in view.hand if t.has(number))
        return answer in (7 - on_line, 7 - in_hand)
    return False


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def row(p: Puzzle) -> dict[str, Any]:
    """The measured facts of one puzzle."""
    kind = questions.KINDS[p.question.kind]
    single_choice = kind.mode == questions.CHOICE and not kind.multi
    opts = list(p.options) if single_choice else []
    position = opts.index(p.answer) if single_choice else None
    rank = None
    if single_choice and p.question.kind in _NUMERIC:
        rank = sorted(opts).index(p.answer)
    labels = [label("en", p.question.kind, o, p.rules, p.viewer) for o in opts]
    return {
        "id": p.id, "kind": p.question.kind, "band": p.difficulty.band, "score": p.difficulty.score,
        "trivial": is_trivial(p), "zero": p.answer == 0 if p.question.kind in _NUMERIC else None,
        "answer": _key(p.answer), "k": len(opts) if single_choice else None, "position": position,
        "rank": rank, "plus_zero": any(l.endswith("+0") for l in labels),
    }


def measure(ptype: str, count: int, seed: int = 0) -> list[dict[str, Any]]:
    """``count`` puzzles of ``ptype`` from seeds ``seed, seed + 1, …`` (the setup the seed picks)."""
    return [row(generate(ptype, s)) for s in range(seed, seed + count)]


# ------------------------------------------------------------------ summaries
def band_shares(rows: Iterable[dict]) -> dict[str, float]:
    rows = list(rows)
    c = Counter(r["band"] for r in rows)
    return {b: c[b] / len(rows) for b in BANDS} if rows else {}


def position_shares(rows: Iterable[dict]) -> dict[int, tuple[int, list[float]]]:
    """k -> (puzzles with k options, share of the answer at each position)."""
    by_k: dict[int, list[int]] = defaultdict(list)
    for r in rows:
        if r["k"]:
            by_k[r["k"]].append(r["position"])
    return {k: (len(pos), [pos.count(i) / len(pos) for i in range(k)]) for k, pos in sorted(by_k.items())}


def share(rows: Iterable[dict], field: str) -> float | None:
    values = [r[field] for r in rows if r[field] is not None]
    return sum(values) / len(values) if values else None


def violations(by_type: dict[str, list[dict]], min_group: int = 30) -> list[str]:
    """Every floor of :data:`FLOORS` the rows break (position checks need ``min_group`` puzzles)."""
    out = []
    low, high = FLOORS["band_share"]
    for ptype, rows in by_type.items():
        groups = {ptype: rows}
        for kind in PUZZLE_TYPES[ptype].kinds:
            groups[f"{ptype}/{kind}"] = [r for r in rows if r["kind"] == kind]
        for name, group in groups.items():
            if not group:
                continue
            for band, value in band_shares(group).items():
                if not low <= value <= high:
                    out.append(f"{name}: {band} {value:.0%} outside {low:.0%}-{high:.0%}")
            for k, (n, shares) in position_shares(group).items():
                limit = 1 / k + FLOORS["position_slack"]
                if n >= min_group and max(shares) > limit:
                    out.append(f"{name}: answer at one of {k} positions {max(shares):.0%} > {limit:.0%}")
        for kind in PUZZLE_TYPES[ptype].kinds:
            group = [r for r in rows if r["kind"] == kind]
            answers = Counter(r["answer"] for r in group)
            if group and max(answers.values()) / len(group) > FLOORS["top_answer"]:
                out.append(f"{ptype}/{kind}: one answer in {max(answers.values()) / len(group):.0%}")
            ranks = Counter(r["rank"] for r in group if r["rank"] is not None)
            if sum(ranks.values()) >= min_group and ptype != "fives" \
                    and max(ranks.values()) / sum(ranks.values()) > FLOORS["rank"]:
                out.append(f"{ptype}/{kind}: one rank of the sorted values in "
                           f"{max(ranks.values()) / sum(ranks.values()):.0%}")
        for kind, limit in FLOORS["trivial"].items():
            group = [r for r in rows if r["kind"] == kind]
            if group and share(group, "trivial") > limit:
                out.append(f"{ptype}/{kind}: trivial {share(group, 'trivial'):.0%} > {limit:.0%}")
        if any(r["plus_zero"] for r in rows):
            out.append(f"{ptype}: a '+0' option")
    return out


def _pct(x: float | None) -> str:
    return "  -" if x is None else f"{x:4.0%}"


def calibrate(scores: Iterable[float]) -> tuple[float, float]:
    """Band cuts from measured scores: of the observed values, the pair (easy < a <= medium
    < b <= hard) whose three shares are closest to a third each (the least worst share)."""
    values = sorted(scores)
    distinct = sorted(set(values))
    n = len(values)
    best, cuts = None, (distinct[0], distinct[-1])
    for i, a in enumerate(distinct[1:], 1):
        easy = sum(1 for v in values if v < a) / n
        for b in distinct[i + 1:]:
            hard = sum(1 for v in values if v >= b) / n
            worst = max(abs(s - 1 / 3) for s in (easy, 1 - easy - hard, hard))
            if best is None or worst < best:
                best, cuts = worst, (a, b)
    return cuts


def report_lines(by_type: dict[str, list[dict]]) -> list[str]:
    lines = []
    for ptype, rows in by_type.items():
        lines.append(f"== {ptype} ({len(rows)} puzzles)")
        kinds = [k for k in PUZZLE_TYPES[ptype].kinds if any(r["kind"] == k for r in rows)]
        groups = [(ptype, rows)] + ([(f"  {k}", [r for r in rows if r["kind"] == k]) for k in kinds]
                                    if len(kinds) > 1 else [])
        for name, group in groups:
            bands = band_shares(group)
            lines.append(f"{name:<16} n={len(group):<4} trivial {_pct(share(group, 'trivial'))}  "
                         f"zero {_pct(share(group, 'zero'))}  bands "
                         + " ".join(f"{b} {bands[b]:.0%}" for b in BANDS))
        for kind in kinds:
            group = [r for r in rows if r["kind"] == kind]
            answers = Counter(r["answer"] for r in group).most_common(5)
            lines.append(f"  {kind} answers: " + ", ".join(f"{a} {n / len(group):.0%}" for a, n in answers)
                         + f" ({len({r['answer'] for r in group})} different)")
            for k, (n, shares) in position_shares(group).items():
                lines.append(f"  {kind} answer position, {k} options (n={n}): "
                             + " ".join(f"{s:.0%}" for s in shares))
            ranks = [r["rank"] for r in group if r["rank"] is not None]
            if ranks:
                c = Counter(ranks)
                lines.append(f"  {kind} answer's rank among the sorted values: "
                             + " ".join(f"#{i + 1} {c[i] / len(ranks):.0%}" for i in range(max(ranks) + 1)))
    return lines


def report(per_type: int = 200, seed: int = 0, types: Iterable[str] | None = None) -> tuple[list[str], list[str]]:
    """(report lines, floor violations) for ``per_type`` puzzles of each type."""
    by_type = {t: measure(t, per_type, seed) for t in (types or PUZZLE_TYPES)}
    return report_lines(by_type), violations(by_type)


__all__ = ["FLOORS", "band_shares", "calibrate", "is_trivial", "measure", "position_shares", "report",
           "report_lines", "row", "share", "violations"]
