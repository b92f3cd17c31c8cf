"""Record rounds of the bots, fit the learned model of play to them, and say how well it predicts.

One command regenerates both committed files (``--record`` plays the rounds first):

    .venv/bin/python bench/train_play_model.py --record --rounds 120 --jobs 2

* ``bench/data/play_rounds.jsonl``: one line per round (game, players, seed, who sat
  where, every action): enough to replay it exactly. The players: a work-capped expert
  (``expert-light``: the expert's reading and search on at most 600,000 nodes a choice,
  seeded by the position, so a round replays the same on any machine) in most rounds,
  ``strong`` and ``casual-rules`` (the rule-based club player the model was first fitted on) in the rest.
* ``strategy/play_model.json``: the weights of :class:`strategy.play_model.PlayModel`,
  fitted per game by maximum likelihood on the rounds of even number.

It prints, per game, on the held-out rounds (odd numbers), the log-likelihood a choice
and how often the most likely move is the one played (top-1), for: every fitting tile
alike, the hand-set formula (``PIPS_MODEL``), today's expert's reading (``EXPERT_MODEL``)
and the learned model. The old models choose a tile, the learned one a placement; the
comparison is on the tile (the learned model's two ends of a tile added up).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from engine import Rules, deal  # noqa: E402
from engine.rules import PRESET_NAMES  # noqa: E402
from strategy.bots import EXPERT_MODEL, EXPERT_OBJECTIVE, EXPERT_PRECISION, PIPS_MODEL  # noqa: E402
from strategy.choice_model import ChoiceModel, Choices, fit_theta, option_features  # noqa: E402
from strategy.duel import player  # noqa: E402
from strategy.evaluate import evaluate, position_seed  # noqa: E402
from strategy.play_model import FEATURES, MODEL_FILE, PlayModel, hands_at, public_steps, step_rows  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data" / "play_rounds.jsonl"
#: who plays the recorded rounds, by round number: mostly the expert, whose choices the
#: expert reads in a duel; the other bots so the model has seen other play too
TABLES = ("expert-light",) * 3 + ("strong", "casual-rules")
LIGHT_NODES = 600_000
#: how firmly the fit holds weights near 0 (strategy.choice_model.fit_theta): a rare fact
#: of the table seen in a handful of choices gets a modest weight, not a wild one
RIDGE = 1.0


def _expert_light(rnd, seat, rng):
    view = rnd.view(seat)
    return evaluate(view, deals=400, budget=None, seed=position_seed(view), model=EXPERT_MODEL,
                    precision=EXPERT_PRECISION, objective=EXPERT_OBJECTIVE, max_nodes=LIGHT_NODES).best


def record_round(game: str, number: int) -> dict:
    rules = Rules.preset(game)
    bot = TABLES[number % len(TABLES)]
    me = _expert_light if bot == "expert-light" else player(bot, rules)
    seed = f"play-model:{game}:{number}"
    rnd = deal(rules, seed=seed)
    rng = random.Random(seed)
    actions = []
    while rnd.result is None:
        action = me(rnd, rnd.turn, rng)
        actions.append(action.id)
        rnd.apply(action)
    return {"game": game, "players": rules.num_players, "number": number, "seed": seed, "bot": bot,
            "actions": actions}


def _record(args):
    return record_round(*args)


def replay(line: dict):
    rules = Rules.preset(line["game"], line["players"])
    rnd = deal(rules, seed=line["seed"])
    for aid in line["actions"]:
        rnd.apply_id(aid)
    return rnd


def choices_of(line: dict) -> list[tuple]:
    """Every placement of the round among two or more: (rows, chosen, hand, ends, tile)."""
    rnd = replay(line)
    out = []
    for step, hand in hands_at(public_steps(rnd.view(0), everyone=True), rnd):
        keys, rows = step_rows(step, hand)
        if len(keys) >= 2:
            out.append((rows, keys.index((step.tile, step.side)), keys, hand, step.ends, step.tile))
    return out


def _tile_scores(theta, rows, keys) -> dict[int, float]:
    """The learned model's log-probability of each tile (its placements added up)."""
    u = np.asarray(rows) @ np.asarray(theta)
    p = np.exp(u - u.max())
    p /= p.sum()
    by_tile: dict[int, float] = {}
    for (t, _), q in zip(keys, p):
        by_tile[t] = by_tile.get(t, 0.0) + float(q)
    return {t: math.log(q) for t, q in by_tile.items()}


def _old_scores(model: ChoiceModel, hand, ends) -> dict[int, float]:
    tiles, rows = option_features(hand, tuple(ends))
    u = np.asarray(rows) @ np.asarray(model.theta)
    u = u - u.max()
    log_norm = math.log(float(np.exp(u).sum()))
    return {t: float(x) - log_norm for t, x in zip(tiles, u)}


def _top1(scores: dict[int, float], tile: int) -> float:
    return float(max(scores, key=scores.get) == tile)


def compare(theta, held: list[tuple]) -> dict[str, tuple[float, float]]:
    """Log-likelihood a choice and top-1 on the tile, per model, over ``held``."""
    rows = {"uniform": [], "hand-set": [], "expert's": [], "learned": []}
    for x, _, keys, hand, ends, tile in held:
        tiles = option_features(hand, tuple(ends))[0]
        if len(tiles) < 2:
            continue  # one tile (two ends of it): no tile choice to compare
        uniform = {t: -math.log(len(tiles)) for t in tiles}
        for name, scores in (("uniform", uniform), ("hand-set", _old_scores(PIPS_MODEL, hand, ends)),
                             ("expert's", _old_scores(EXPERT_MODEL, hand, ends)),
                             ("learned", _tile_scores(theta, x, keys))):
            top = _top1(scores, tile) if name != "uniform" else 1 / len(tiles)
            rows[name].append((scores[tile], top))
    return {k: (sum(a for a, _ in v) / len(v), sum(b for _, b in v) / len(v)) for k, v in rows.items() if v}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--record", action="store_true", help="play the rounds first (the data file is rewritten)")
    ap.add_argument("--rounds", type=int, default=120, help="rounds per game")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--model", type=Path, default=MODEL_FILE)
    args = ap.parse_args()
    if args.record:
        jobs = [(g, n) for n in range(args.rounds) for g in PRESET_NAMES]
        args.data.parent.mkdir(parents=True, exist_ok=True)
        with ProcessPoolExecutor(args.jobs) as pool, args.data.open("w") as f:
            for line in pool.map(_record, jobs, chunksize=2):
                f.write(json.dumps(line, separators=(",", ":")) + "\n")
                f.flush()
    lines = [json.loads(x) for x in args.data.open()]
    weights, report = {}, {}
    for game in PRESET_NAMES:
        train, held = [], []
        for line in (x for x in lines if x["game"] == game):
            (held if line["number"] % 2 else train).extend(choices_of(line))
        if not train:
            continue
        data = Choices.from_groups(((rows, chosen) for rows, chosen, *_ in train), len(FEATURES))
        start = (PIPS_MODEL.beta, PIPS_MODEL.beta * PIPS_MODEL.double_bonus) + (0.0,) * (len(FEATURES) - 2)
        theta = fit_theta(data, start, ridge=RIDGE)
        weights[game] = tuple(float(w) for w in theta)
        report[game] = compare(theta, held)
        print(f"{game}: {len(train)} choices fitted, {len(held)} held out")
        print("  weights:", ", ".join(f"{k} {w:+.3f}" for k, w in zip(FEATURES, theta)))
        for name, (ll, top) in report[game].items():
            print(f"  {name:9} log-likelihood a choice {ll:+.4f}, top-1 {top:.1%}")
    model = PlayModel(weights)
    args.model.write_text(json.dumps(model.to_json() | {"held_out": {
        g: {k: {"log_likelihood": round(a, 4), "top1": round(b, 4)} for k, (a, b) in r.items()}
        for g, r in report.items()}}, indent=1) + "\n", encoding="utf-8")
    print(f"written {args.model.relative_to(ROOT) if args.model.is_relative_to(ROOT) else args.model}")


if __name__ == "__main__":
    main()
