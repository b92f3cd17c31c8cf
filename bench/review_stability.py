"""Review grades: the same decision under other seeds, and beside a 1,000-deal reference.

Decisions come from bot games of every game and player count (seat 0 plays ``casual``,
so that it makes mistakes to grade; the other seats ``strong``), each position a real
choice. Every decision is judged as the review judges it (``strategy.review.judge_view``:
sampled until the grade is clear, capped by deals and nodes, never by time) under
``--seeds`` seeds, and beside a reference from an independent seed: at least 1,000 deals
(every consistent deal when there are no more), then on until its own grade is clear, up
to 6,000 deals or 600 M nodes, graded by its point estimate.

Printed per game: decisions; *stable*: the share of decisions whose grade is the same
under every seed; *modal*: the mean share of seeds that give a decision's commonest
grade; *ref*: the share of (decision, seed) grades equal to the reference grade; *fits*:
the share where the two at least agree within their 95% intervals (the reference's grade
is one the judgement's interval allows, or the other way round: with a 1,000-deal
reference, most disagreements are the reference's own noise); *sure*: the share of
grades clear of every limit; the time per judgement (CPU, one core); *ref sure*: the share
of references whose grade is clear of every limit; *ref=*: *ref* over those decisions only.

*clear wrong*: the share of grades called clear (sure) whose grade is not the sure
reference's (over the decisions whose reference is sure): what a clear grade's 95% means.
``--old-rule`` judges each decision a second time by the rule before issue 44 (a look
every 8 deals from 512 at z 1.96, and no floor when the node cap comes first) and prints
its *sure* and *clear wrong* beside (columns *old sure*, *old wrong*).

    .venv/bin/python bench/review_stability.py --decisions 100 --seeds 3 --jobs 2
    .venv/bin/python bench/review_stability.py --games laplaza_1v1:2,all_fives:2 --decisions 12 --seeds 1 --old-rule
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.notation import dumps, loads  # noqa: E402
from matches.game import Game, Setup  # noqa: E402
from strategy.bots import get_bot  # noqa: E402
from strategy.evaluate import evaluate  # noqa: E402
from strategy.evaluate import seed_number  # noqa: E402
from strategy.review import (GRADES, REVIEW_MAX_DEALS, REVIEW_MAX_NODES, REVIEW_MIN_DEALS,  # noqa: E402
                             canonical_key, decision_points, grade_of, judge_view, loss_of, mirror_free)

GAMES = [("laplaza_partners", 4), ("laplaza_1v1", 2), ("all_fives", 2), ("all_fives", 3), ("all_fives", 4),
         ("draw", 2), ("draw", 3), ("draw", 4), ("block", 2), ("block", 3), ("block", 4),
         ("kozel", 2), ("kozel", 3), ("kozel", 4)]
REFERENCE_DEALS = 1000
REFERENCE_MAX_DEALS = 6000
REFERENCE_MAX_NODES = 600_000_000


def collect(preset: str, players: int, wanted: int, seed: str) -> list[dict]:
    """Decisions of seat 0 from bot games until ``wanted`` are found."""
    out: list[dict] = []
    game_no = 0
    while len(out) < wanted:
        setup = Setup(preset, players, (), f"{seed}:{game_no}", ("human",) + ("strong",) * (players - 1))
        game = Game.start(setup)
        me = get_bot("casual")
        rng = random.Random(f"{seed}:{game_no}")
        while not game.round.is_over:
            if game.bot_to_move:
                game.play_bot()
            else:
                game.play(me.choose(game.view(0), rng))
        for ply, rnd in decision_points(game, 0):
            out.append({"game": f"{preset}:{players}", "id": f"{setup.seed}:{ply}", "position": dumps(rnd),
                        "action": game.rounds[0][ply].action})
        game_no += 1
    return out[:wanted]


def old_judge_view(view, action: str, *, seed: int):
    """The review's rule before issue 44: a look every 8 deals from the floor at z 1.96,
    and a sample the node cap stopped under the floor called clear if its interval was."""

    def clear(ev) -> bool:
        return loss_of(ev, canonical_key(view, action, ev)).sure

    ev = evaluate(view, deals=REVIEW_MAX_DEALS, budget=None, seed=seed, keep=[mirror_free(view, action)],
                  settled=clear, max_nodes=REVIEW_MAX_NODES, settle_from=REVIEW_MIN_DEALS)
    chosen = canonical_key(view, action, ev)
    return ev, chosen, loss_of(ev, chosen)


def judge_one(item: dict, seeds: int, old_rule: bool = False, with_reference: bool = True) -> dict:
    rnd = loads(item["position"])
    view = rnd.view(rnd.turn)
    rows = []
    for s in range(seeds):
        started = time.process_time()
        ev, chosen, loss = judge_view(view, item["action"], seed=seed_number(f"stability:{s}:{item['id']}"))
        rows.append({"grade": grade_of(loss.mean), "loss": loss.mean, "low": loss.low, "high": loss.high,
                     "sure": loss.sure, "deals": ev.deals, "stop": ev.stop, "cpu": time.process_time() - started})
        if old_rule:
            ev, chosen, loss = old_judge_view(view, item["action"], seed=seed_number(f"stability:{s}:{item['id']}"))
            rows[-1]["old"] = {"grade": grade_of(loss.mean), "sure": loss.sure, "deals": ev.deals}
    if not with_reference:
        return {**item, "judged": rows, "reference": {"grade": None, "loss": None, "low": float("nan"),
                                                      "high": float("nan"), "sure": False, "deals": 0, "exact": False}}
    ref = reference(view, item["action"], seed_number(f"reference:{item['id']}"))
    ref_loss = loss_of(ref, canonical_key(view, item["action"], ref))
    return {**item, "judged": rows, "reference": {"grade": grade_of(ref_loss.mean), "loss": ref_loss.mean,
                                                  "low": ref_loss.low, "high": ref_loss.high, "sure": ref_loss.sure,
                                                  "deals": ref.deals, "exact": ref.exact}}


def reference(view, action: str, seed: int):
    """At least 1,000 deals (every consistent deal when there are no more), then on until
    its own grade is clear, up to REFERENCE_MAX_DEALS deals or REFERENCE_MAX_NODES: a
    1,000-deal reference is often less sure than the review it checks."""

    def clear(ev) -> bool:
        return loss_of(ev, canonical_key(view, action, ev)).sure

    return evaluate(view, deals=REFERENCE_MAX_DEALS, budget=None, exact_limit=REFERENCE_MAX_DEALS,
                    settled=clear, settle_from=REFERENCE_DEALS, keep=[mirror_free(view, action)],
                    max_nodes=REFERENCE_MAX_NODES, seed=seed)


def _judge(args):
    return judge_one(*args)


def spanned(low: float, high: float) -> set[str]:
    """The grades a loss between ``low`` and ``high`` could have (grades are ordered)."""
    names = [name for name, _ in GRADES]
    return set(names[names.index(grade_of(low)):names.index(grade_of(high)) + 1])


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def report(results: list[dict]) -> None:
    print(f"{'game':20} {'n':>4} {'stable':>7} {'modal':>6} {'ref':>6} {'fits':>6} {'sure':>6} {'cpu med':>8} "
          f"{'cpu p95':>8} {'deals med':>9} {'ref sure':>8} {'ref=':>6} {'clear wrong':>11} {'old sure':>8} "
          f"{'old wrong':>9}")
    # clear wrong: clear grades unlike a sure reference / clear grades with a sure reference
    groups: dict[str, list[dict]] = {}
    for r in results:
        groups.setdefault(r["game"], []).append(r)
    by_game: dict[str, list[dict]] = {}
    for r in results:
        by_game.setdefault(r["game"].split(":")[0], []).append(r)
    extra = [(f"{g} (all)", rows) for g, rows in by_game.items() if len({r["game"] for r in rows}) > 1]
    for name, rows in list(groups.items()) + extra + [("all", results)]:
        stable = modal = ref = fits = sure = 0.0
        cpus, deals = [], []
        judged = 0
        ref_sure = ref_sure_equal = ref_sure_judged = 0
        clear = [0, 0]  # (clear grades with a sure reference, of them wrong)
        old = [0, 0, 0]  # (old judgements, old clear with a sure reference, of them wrong)
        for r in rows:
            grades = [j["grade"] for j in r["judged"]]
            top = Counter(grades).most_common(1)[0][1]
            stable += len(set(grades)) == 1
            modal += top / len(grades)
            ref += sum(g == r["reference"]["grade"] for g in grades)
            rr = r["reference"]
            fits += sum(rr["grade"] in spanned(j["low"], j["high"]) or j["grade"] in spanned(rr["low"], rr["high"])
                        for j in r["judged"]) if rr["grade"] is not None else 0
            sure += sum(j["sure"] for j in r["judged"])
            if rr.get("sure"):
                ref_sure += 1
                ref_sure_equal += sum(g == rr["grade"] for g in grades)
                ref_sure_judged += len(grades)
                for j in r["judged"]:
                    if j["sure"]:
                        clear[0] += 1
                        clear[1] += j["grade"] != rr["grade"]
                    if "old" in j and j["old"]["sure"]:
                        old[1] += 1
                        old[2] += j["old"]["grade"] != rr["grade"]
            judged += len(grades)
            cpus += [j["cpu"] for j in r["judged"]]
            deals += [j["deals"] for j in r["judged"]]
        n = len(rows)
        olds = [j["old"]["sure"] for r in rows for j in r["judged"] if "old" in j]
        print(f"{name:20} {n:4} {stable / n:7.1%} {modal / n:6.1%} {ref / judged:6.1%} {fits / judged:6.1%} "
              f"{sure / judged:6.1%} {statistics.median(cpus):7.2f}s {pct(cpus, .95):7.2f}s "
              f"{statistics.median(deals):9.0f} {ref_sure / n:8.1%} {ref_sure_equal / max(1, ref_sure_judged):6.1%} "
              f"{clear[1]:>4}/{clear[0]:<6} "
              + (f"{sum(olds) / len(olds):8.1%} {old[2]:>3}/{old[1]:<5} old deals med "
                 f"{statistics.median(j['old']['deals'] for r in rows for j in r['judged'] if 'old' in j):.0f}"
                 if olds else ""),
              flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--decisions", type=int, default=100,
                    help="per game, shared among its player counts (at least this many in all)")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--games", default="", help="comma-separated preset:players (default: every one)")
    ap.add_argument("--seed", default="stability")
    ap.add_argument("--out", default="", help="write every judgement as JSON here")
    ap.add_argument("--old-rule", action="store_true", help="also judge by the rule before issue 44, beside")
    ap.add_argument("--no-reference", action="store_true",
                    help="no reference (its columns say nothing): the cost and sure share of the rules only")
    args = ap.parse_args()
    games = [tuple((g.split(":")[0], int(g.split(":")[1]))) for g in args.games.split(",") if g] or GAMES
    counts = {preset: sum(1 for p, _ in games if p == preset) for preset, _ in games}
    items = [item for preset, players in games
             for item in collect(preset, players, -(-args.decisions // counts[preset]), args.seed)]
    print(f"{len(items)} decisions, {args.seeds} seeds each, reference {REFERENCE_DEALS} deals", flush=True)
    work = [(item, args.seeds, args.old_rule, not args.no_reference) for item in items]
    results = []
    with multiprocessing.get_context("spawn").Pool(max(1, args.jobs)) as pool:
        for done, result in enumerate(pool.imap(_judge, work, chunksize=1), 1):
            results.append(result)
            if done % 25 == 0:
                print(f"  {done} of {len(work)} judged", flush=True)
    report(results)
    if args.out:
        Path(args.out).write_text(json.dumps(results))


if __name__ == "__main__":
    main()
