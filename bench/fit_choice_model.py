"""Fit the choice model to how strong players actually choose, and say how well it predicts.

The expert weighs each sampled deal by how likely the other seats' earlier choices were
in it (``strategy.choice_model``). That likelihood is a model of *how people choose
among the tiles that fit*; its parameters were first set by hand. This plays rounds with a
given bot in every seat, records every placement where the seat had two or more tiles
that fit (its whole hand is known here), and fits the model's parameters by maximum
likelihood. It prints the log-likelihood per choice of: uniform choice, the hand-set
model (``PIPS_MODEL``), the expert's (``EXPERT_MODEL``, fitted so) and the one fitted
now (higher is better; the difference is how much sharper the reading of a choice can be).

    .venv/bin/python bench/fit_choice_model.py --bot expert --rounds 200 --jobs 2 \\
        --data /tmp/choices.jsonl                 # play and record, then fit
    .venv/bin/python bench/fit_choice_model.py --data /tmp/choices.jsonl --rounds 0   # fit only
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

from engine import Rules, deal  # noqa: E402
from engine.tiles import SUIT_MASK  # noqa: E402
from strategy.bots import EXPERT_MODEL, PIPS_MODEL  # noqa: E402
from strategy.choice_model import ChoiceModel, fit, log_likelihood, option_features  # noqa: E402
from strategy.duel import player  # noqa: E402


def record_round(bot: str, game: str, players: int | None, number: int) -> list[dict]:
    """One round with ``bot`` in every seat; every placement among two or more fitting tiles."""
    rules = Rules.preset(game, players)
    rnd = deal(rules, seed=f"fit:{number}")
    me = player(bot, rules)
    rng = random.Random(f"fit:{number}")
    out = []
    while rnd.result is None:
        seat = rnd.turn
        action = me(rnd, seat, rng)
        ends = rnd.ends
        if action.is_placement and ends is not None:
            hand = rnd.hands[seat]
            fits = SUIT_MASK[ends[0]] | SUIT_MASK[ends[1]]
            options = hand & fits
            if options & (options - 1):
                out.append({"hand": hand, "ends": list(ends), "tile": action.tile.id, "seat": seat,
                            "placed": len(rnd.line)})
        rnd.apply(action)
    return out


def _record(args):
    return record_round(*args)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--game", default="laplaza_partners")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--data", type=Path, required=True, help="JSON lines of choices (appended to)")
    args = ap.parse_args()
    if args.rounds:
        with ProcessPoolExecutor(args.jobs) as pool, args.data.open("a") as f:
            jobs = [(args.bot, args.game, args.players, n) for n in range(args.first, args.first + args.rounds)]
            for choices in pool.map(_record, jobs):
                for c in choices:
                    f.write(json.dumps(c) + "\n")
                f.flush()
    choices = [(c["hand"], tuple(c["ends"]), c["tile"]) for c in map(json.loads, args.data.open())]
    n = len(choices)
    options = [len(option_features(hand, ends)[0]) for hand, ends, _ in choices]
    fitted = fit(choices, PIPS_MODEL)
    half = n // 2  # held out: fitted on one half, scored on the other
    held = log_likelihood(fit(choices[:half], PIPS_MODEL).theta, choices[half:])[0] / (n - half)
    print(f"{n} choices, {sum(options) / n:.2f} tiles that fit on average")
    print(f"log-likelihood a choice: uniform {-sum(map(math.log, options)) / n:.4f}, "
          f"hand-set {log_likelihood(PIPS_MODEL.theta, choices)[0] / n:.4f}, "
          f"expert's {log_likelihood(EXPERT_MODEL.theta, choices)[0] / n:.4f}, "
          f"fitted {log_likelihood(fitted.theta, choices)[0] / n:.4f}, fitted on half and scored on the other {held:.4f}")
    for name, model in (("hand-set", PIPS_MODEL), ("expert's", EXPERT_MODEL), ("fitted", fitted)):
        print(f"{name:8}", ", ".join(f"{k} {v:.3f}" for k, v in zip(ChoiceModel.FEATURES, model.theta)),
              f"(ChoiceModel(beta={model.beta:.3f}, double_bonus={model.double_bonus:.2f}, "
              f"keeps={model.keeps:.3f}, long={model.long:.3f}))")


if __name__ == "__main__":
    main()
