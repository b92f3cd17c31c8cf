"""The strategy puzzles: the best move (proved by strategy.evaluate, banked) and where a
hidden tile is (exact odds from engine.inference)."""

from __future__ import annotations

import datetime as dt
import time
from fractions import Fraction

import pytest

from engine import Tile
from engine.inference import holder_probabilities
from puzzles import LANGUAGES, PUZZLE_TYPES, check, generate, practice_puzzle, puzzle_from_id, questions
from puzzles.daily import CLASSIC_TYPES, DAILY_SIZE, SLOT_BANDS, daily_plan, daily_seed, daily_set
from puzzles.generators import STRATEGY_TYPES, best_move, where_tile

SAMPLE = range(60)


@pytest.fixture(scope="module")
def bank() -> dict:
    return best_move.bank()


def _setup(key):
    return next(s for s in best_move.SETUPS if s.key == key)


# ------------------------------------------------------------------ the bank
def test_the_bank_covers_every_setup_with_its_documented_proof(bank):
    assert bank["version"] == best_move.BANK_VERSION
    assert (bank["deals"], bank["margin"], bank["share"]) == (best_move.DEALS, best_move.MARGIN, best_move.SHARE)
    assert (bank["min_line"], bank["max_hand"]) == (best_move.MIN_LINE, best_move.MAX_HAND)
    assert set(bank["setups"]) == {s.key for s in best_move.SETUPS}
    for key, entries in bank["setups"].items():
        assert len(entries) == best_move.PER_SETUP, key
        assert sum(e["trivial"] for e in entries) <= best_move.TRIVIAL_SHARE * len(entries), key
        for e in entries:
            values = e["values"]
            runner = max((m for m in values if m != e["action"]), key=lambda m: values[m])
            assert runner == e["runner_up"] and values[e["action"]] - values[runner] >= best_move.MARGIN
            assert e["share"] >= best_move.SHARE
            assert e["exact"] or e["deals"] >= best_move.DEALS
            assert e["deals"] == min(e["consistent"], best_move.DEALS) or not e["exact"]


def test_every_banked_answer_is_right_when_evaluated_again(bank):
    """The strategy engine, run again on every banked position, gives the banked numbers."""
    for key, entries in bank["setups"].items():
        rules = _setup(key).rules()
        for e in entries:
            rnd = best_move.replay(rules, e)
            assert rnd.turn == best_move.VIEWER and rnd.result is None
            assert len(rnd.line) >= best_move.MIN_LINE and max(rnd.view(0).hand_counts) <= best_move.MAX_HAND
            ev = best_move.evaluate_position(rnd, e["eval_seed"])
            values = best_move.move_values(rnd, ev)
            assert {m: round(v, 2) for m, (v, _) in values.items()} == e["values"], (key, e["game"])
            assert max(values, key=lambda m: values[m][0]) == e["action"]
            assert round(values[e["action"]][1], 4) == e["share"]
            assert (ev.deals, ev.exact) == (e["deals"], e["exact"])


@pytest.mark.parametrize("key", [s.key for s in best_move.SETUPS])
def test_the_bank_regenerates_identically_from_its_seeds(bank, key):
    """The bot games of a setup's first two entries, played and evaluated again from their
    seeds, find the very same entries (the whole bank: python -m puzzles bank --check)."""
    entries = bank["setups"][key]
    for entry in entries[:2]:
        same_game = [e for e in entries if e["game"] == entry["game"]]
        again = best_move.play_game(_setup(key), entry["game"], limit=same_game.index(entry) + 1)
        assert again[-1] == entry, (key, entry["game"])


def test_best_move_puzzles_are_fast_and_regenerate():
    started = time.perf_counter()
    puzzles = [generate("best_move", s) for s in SAMPLE]
    assert (time.perf_counter() - started) / len(puzzles) < 0.1
    for p in puzzles[:12]:
        assert puzzle_from_id(p.id) == p
    assert {p.rules.preset_name for p in puzzles} == {s.preset for s in best_move.SETUPS}


def test_a_best_move_is_checked_against_the_stored_proof_without_evaluating(monkeypatch):
    p = generate("best_move", 5)
    import strategy.evaluate

    def refuse(*args, **kwargs):
        raise AssertionError("check must not evaluate")

    monkeypatch.setattr(strategy.evaluate, "evaluate", refuse)
    values = p.question.params["values"]
    assert check(p, p.answer[0]).correct and check(p, p.answer).correct
    worse = next(m for m in values if m != p.answer[0])
    verdict = check(p, worse, "en")
    assert not verdict.correct and verdict.reason == "worse_move"
    assert verdict.params == {"action": worse, "points": values[worse], "best_action": p.answer[0],
                              "best": values[p.answer[0]]}
    assert f"{values[p.answer[0]]:+.1f}" in verdict.explanation
    assert not check(p, "pass").correct


def test_the_explanation_gives_the_numbers_and_the_reasons():
    for seed in SAMPLE:
        p = generate("best_move", seed)
        keys = [k for k, _ in p.explanation]
        params = dict(p.explanation)
        values = p.question.params["values"]
        assert keys[0] in ("explain.best.sampled", "explain.best.exact")
        assert params["explain.best.value"]["value"] == f"{values[p.answer[0]]:+.1f}"
        runner = p.question.params["runner_up"]
        assert params["explain.best.runner_up"] == {"action": runner, "value": f"{values[runner]:+.1f}"}
        assert params["explain.best.share"]["percent"] == round(100 * p.question.params["share"])
        view = p.round().view(0)
        seen_all = [n for n in range(7) if view.unseen_count(n) == 0]
        voids = {s: [n for n in sorted(ns) if n not in seen_all] for s, ns in view.cannot_hold().items()}
        assert [(q["seat"], q["numbers"]) for k, q in p.explanation if k == "explain.best.void"] == \
            sorted((s, ns) for s, ns in voids.items() if ns)
        assert ("explain.reading.all_seen" in keys) == bool(seen_all)
        for lang in LANGUAGES:
            assert len(p.to_dict(lang)["explanation"]) == len(keys)


# ------------------------------------------------------------------ where is the tile
def test_where_tile_answers_are_clearly_most_likely_with_exact_odds():
    for seed in SAMPLE:
        p = generate("where_tile", seed)
        rnd = p.round()
        view = rnd.view(p.viewer)
        odds = {h: q for h, q in holder_probabilities(view)[Tile.parse(p.question.params["tile"])].items() if q}
        order = sorted(odds, key=lambda h: -odds[h])
        assert p.answer == order[0]
        if len(order) > 1:
            assert odds[order[0]] >= Fraction(3, 2) * odds[order[1]], p.id
        others = [s for s in range(rnd.n) if s != p.viewer]
        assert sorted(p.options, key=str) == sorted(others + (["stock"] if rnd.rules.stock_mode == "draw" else []),
                                                    key=str)
        shown = [(k, q) for k, q in p.explanation if k.startswith("explain.where.odds")]
        assert len(shown) == len(odds)
        for key, q in shown:
            holder = "stock" if key.endswith("_stock") else q["seat"]
            assert q["fraction"] == f"{odds[holder].numerator}/{odds[holder].denominator}"
        assert not where_tile.is_trivial(view, rnd.rules, Tile.parse(p.question.params["tile"]), odds)


def test_where_tile_labels_and_question_in_every_language():
    p = generate("where_tile", 3, game="laplaza_1v1")
    for lang in LANGUAGES:
        data = p.to_dict(lang)
        assert p.question.params["tile"] in data["question"]["text"]
        assert len({o["label"] for o in data["options"]}) == len(p.options)
        assert "view" in data
    assert p.to_dict("en")["options"][p.options.index("stock")]["label"] == "The stock"
    wrong = next(o for o in p.options if o != p.answer)
    assert check(p, p.answer).correct and not check(p, wrong).correct
    assert not check(p, p.viewer).correct and check(p, "nonsense").reason == "bad_response"


# ------------------------------------------------------------------ practice and daily
@pytest.mark.parametrize("ptype", STRATEGY_TYPES)
def test_practice_streams_and_levels(ptype):
    assert ptype in PUZZLE_TYPES
    for band in ("easy", "medium", "hard"):
        p = practice_puzzle(ptype, None, band, 0)
        assert p.difficulty.band == band and p.ptype == ptype
    assert practice_puzzle(ptype, "laplaza_partners", None, 1).rules.preset_name == "laplaza_partners"


def test_the_daily_hard_slot_is_a_strategy_puzzle_on_one_day_in_three():
    days = [dt.date(2026, 6, 1) + dt.timedelta(days=n) for n in range(420)]
    last = [daily_plan(d)[-1][0] for d in days]
    share = sum(t in STRATEGY_TYPES for t in last) / len(days)
    assert 0.25 <= share <= 0.42 and set(STRATEGY_TYPES) <= set(last)
    for day in days:
        plan = daily_plan(day)
        assert [band for _, _, band in plan] == list(SLOT_BANDS) and len(plan) == DAILY_SIZE
        assert all(t in CLASSIC_TYPES for t, _, _ in plan[:-1])
        assert plan == daily_plan(day.isoformat())


def test_the_other_days_keep_the_set_they_had():
    """Off strategy days the plan is the one drawn before the strategy types existed."""
    import random

    for n in range(60):
        day = dt.date(2026, 11, 1) + dt.timedelta(days=n)
        rng = random.Random(daily_seed(day))
        old = [(t, rng.randrange(1_000_000_000), b) for t, b in zip(rng.sample(list(CLASSIC_TYPES), 5), SLOT_BANDS)]
        plan = daily_plan(day)
        assert plan[:-1] == old[:-1]
        assert plan[-1] == old[-1] or plan[-1][0] in STRATEGY_TYPES


@pytest.mark.parametrize("day", ["2026-11-23", "2026-11-21"])
def test_a_strategy_day_generates_a_hard_strategy_puzzle(day):
    puzzles = daily_set(day)
    strategy = [p for p in puzzles if p.ptype in STRATEGY_TYPES]
    assert len(strategy) == 1 and strategy[0].difficulty.band == "hard" and puzzles[-1] is strategy[0]
    assert questions.KINDS[strategy[0].question.kind].mode in ("board", "choice")
