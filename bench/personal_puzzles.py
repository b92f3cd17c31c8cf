"""Personal puzzles: how many of a weak player's mistakes become puzzles, the CPU time to
prove them, and whether every served answer holds against a bigger, independent evaluation.

For each of the six games, ``--rounds`` rounds (default 1) are played by bot ``casual`` in
seat 0 against ``strong`` in the other seats (the usual opponents of the review benches,
bench/review_stability.py); each round is reviewed as Play reviews it
(``strategy.review.review_round``), and every decision the review grades a clear mistake or
blunder is offered: it is proven by the job the pipeline submits
(``matches.mistake_offers.prove_mistake``, run here in this process so its CPU time can be
measured). Then every served puzzle is evaluated again with 4,096 deals (every consistent
deal when there are no more) and another seed (``strategy.mistake_proof.recheck_seed``):

* *wrong*: an answer that is not better than the move played in the re-evaluation (its
  mean gap over it is not above 0): the puzzle would call a move right that is not (0
  expected);
* *drift*: an answer the re-evaluation puts 0.5 points or more behind the best (still
  better than the move played: a borderline "good enough" move, said apart).

Printed per game and in all: decisions, clear mistakes and blunders, puzzles proven, the
CPU time of a proof (median, p95, max), answers re-checked, wrong, drift. Lines of JSON
per puzzle go to ``--out`` (bench/results/personal_puzzles.jsonl by default).

    .venv/bin/python bench/personal_puzzles.py --rounds 1
    .venv/bin/python bench/personal_puzzles.py --games laplaza_partners:4 --rounds 2
    .venv/bin/python bench/personal_puzzles.py --first 2 --rounds 4   # more rounds, in pieces
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.notation import position_to_dict  # noqa: E402
from matches.game import Game, Setup  # noqa: E402
from matches.mistake_offers import offerable, prove_mistake  # noqa: E402
from progress.mistakes import PersonalPuzzle  # noqa: E402
from strategy.bots import get_bot  # noqa: E402
from strategy.evaluate import position_seed  # noqa: E402
from strategy.mistake_proof import evaluation, recheck_seed  # noqa: E402
from strategy.review import TOLERANCE, decision_points, review_round  # noqa: E402

GAMES = [("laplaza_partners", 4), ("laplaza_1v1", 2), ("all_fives", 2), ("draw", 2), ("block", 2), ("kozel", 3)]
RECHECK_DEALS = 4096
DAY = date(2026, 12, 1)  # the puzzles' date: nothing here depends on the clock
RECHECK_MAX_NODES = 400_000_000


def play_round(preset: str, players: int, seed: str) -> Game:
    setup = Setup(preset, players, (), seed, ("human",) + ("strong",) * (players - 1))
    game = Game.start(setup)
    me = get_bot("casual")
    rng = random.Random(seed)
    while not game.round.is_over:
        if game.bot_to_move:
            game.play_bot()
        else:
            game.play(me.choose(game.view(0), rng))
    return game


def recheck(puzzle: PersonalPuzzle) -> dict:
    view = puzzle.view()
    seed = recheck_seed(position_seed(view))
    ev = evaluation(view, puzzle.played, seed=seed, deals=RECHECK_DEALS, exact_limit=RECHECK_DEALS,
                    max_nodes=RECHECK_MAX_NODES, cancel=None)
    names = {str(a) for a in ev.actions}
    played = puzzle.played if puzzle.played in names else puzzle.played.replace("@R", "@L")
    top = max(ev.expected)
    out = {"deals": ev.deals, "exact": ev.exact, "wrong": [], "drift": []}
    for answer in puzzle.answers:
        if ev.gap(answer, played).mean <= 0:
            out["wrong"].append(answer)
        if top - ev.expected[ev.index(answer)] >= TOLERANCE:
            out["drift"].append(answer)
    return out


def bench_game(preset: str, players: int, rounds: range, out) -> dict:
    row = {"game": f"{preset}:{players}", "decisions": 0, "mistakes": 0, "puzzles": 0, "cpu": [], "answers": 0,
           "wrong": 0, "drift": 0}
    for r in rounds:
        game = play_round(preset, players, f"personal-puzzles:{preset}:{players}:{r}")
        review = review_round(game, 0, seat=0)
        befores = dict(decision_points(game, 0, 0))
        row["decisions"] += len(review.decisions)
        for decision in review.decisions:
            if not offerable(decision):
                continue
            row["mistakes"] += 1
            position = position_to_dict(befores[decision.ply])
            started = time.process_time()
            puzzle = prove_mistake(position, 0, decision.action, decision.grade, "play", DAY, cancel=None)
            cpu = time.process_time() - started
            row["cpu"].append(cpu)
            line = {"game": row["game"], "round": r, "ply": decision.ply, "action": decision.action,
                    "grade": decision.grade, "loss": round(decision.loss, 3), "cpu": round(cpu, 3),
                    "proven": puzzle is not None}
            if puzzle is not None:
                row["puzzles"] += 1
                check = recheck(puzzle)
                row["answers"] += len(puzzle.answers)
                row["wrong"] += len(check["wrong"])
                row["drift"] += len(check["drift"])
                line |= {"id": puzzle.id, "answers": list(puzzle.answers), "deals": puzzle.deals,
                         "exact": puzzle.exact, "margin_low": puzzle.margin_low, "themes": list(puzzle.themes),
                         "recheck": check}
            out.write(json.dumps(line) + "\n")
            out.flush()
    return row


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, -(-len(values) * 95 // 100) - 1)] if values else float("nan")


def line_of(row: dict) -> str:
    cpu = row["cpu"]
    med = statistics.median(cpu) if cpu else float("nan")
    return (f"{row['game']:<20} {row['decisions']:>9} {row['mistakes']:>8} {row['puzzles']:>7} "
            f"{med:>8.2f} {p95(cpu):>7.2f} {max(cpu, default=float('nan')):>7.2f} {row['answers']:>7} "
            f"{row['wrong']:>5} {row['drift']:>5}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first round's number (to run in pieces)")
    parser.add_argument("--games", default=",".join(f"{g}:{n}" for g, n in GAMES))
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "personal_puzzles.jsonl"))
    args = parser.parse_args()
    games = [(g.split(":")[0], int(g.split(":")[1])) for g in args.games.split(",")]
    print(f"{'game':<20} {'decisions':>9} {'mistakes':>8} {'puzzles':>7} {'cpu med':>8} {'p95':>7} {'max':>7} "
          f"{'answers':>7} {'wrong':>5} {'drift':>5}", flush=True)
    rows = []
    with open(args.out, "a", encoding="utf-8") as out:
        for preset, players in games:
            rows.append(bench_game(preset, players, range(args.first, args.first + args.rounds), out))
            print(line_of(rows[-1]), flush=True)
    total = {"game": "all", **{k: sum(r[k] for r in rows) for k in ("decisions", "mistakes", "puzzles", "answers",
                                                                      "wrong", "drift")},
             "cpu": [c for r in rows for c in r["cpu"]]}
    print(line_of(total), flush=True)


if __name__ == "__main__":
    main()
