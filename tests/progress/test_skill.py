"""The skill figure per game (progress/skill.py): points lost per decision with its 95%
interval over rounds, the share within 0.5 of the best, read from the reviews kept with
saved games (Play's matches and the analysis board's rounds), on SQLite and PostgreSQL.

The records are real games played by fast bots, graded by a made-up review (no solver):
every fourth choice a Mistake of 9 points to another legal move, every fourth a 1.5-point
Good move, the rest Best.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from engine import PRESET_NAMES
from matches.game import HUMAN, Game, Setup
from progress.records import SavedGame
from progress.skill import (
    BOT_FILE, BOT_LEVELS, FEW, LAST_ROUNDS, Figure, Graded, Round, bot_figures, comparable, compare, figure, last, rounds_of,
    t95, trend,
)
from strategy.bots import get_bot
from strategy.review import Decision, RoundReview, decision_points, grade_of

START = datetime(2026, 12, 1, 18, 0)


def graded_round(game: Game, index: int, *, hinted: int | None = None) -> RoundReview:
    """Round ``index``'s choices graded without a solver (see the module's doc)."""
    decisions = []
    for n, (ply, before) in enumerate(decision_points(game, index)):
        move = game.rounds[index][ply]
        actions = [str(a) for a in before.canonical_actions()]
        chosen = move.action if move.action in actions else move.action.replace("@R", "@L")
        other = next(a for a in actions if a != chosen)
        loss = 9.0 if n % 4 == 1 else 1.5 if n % 4 == 3 else 0.0
        best = other if loss else chosen
        values = {chosen: 10.0 - loss, other: 10.0 if loss else 9.0}
        decisions.append(Decision(ply, move.action, best, values[chosen], 10.0, loss, grade_of(loss), 0.0, 0.0, 512,
                                  n == hinted, values, max(loss - 0.4, 0.0), loss + 0.4, True, False,
                                  {a: 0.2 for a in values}))
    return RoundReview(index, tuple(decisions))


def played_match(seed: str, rounds: int, preset: str = "laplaza_1v1", players: int = 2) -> Game:
    """``rounds`` rounds (or until the match ends) of a match where seat 0 plays as the
    ``casual`` bot would, among ``casual`` bots."""
    game = Game.start(Setup(preset, players, (), seed, (HUMAN,) + ("casual",) * (players - 1)))
    me, rng = get_bot("casual"), random.Random(seed)
    while True:
        while not game.round.is_over:
            if game.bot_to_move:
                game.play_bot()
            else:
                game.play(me.choose(game.view(0), rng))
        if len(game.rounds) >= rounds or game.over:
            return game
        game.next_round()


def saved(game: Game, when: datetime, *, hinted: int | None = None, preset: str | None = None) -> SavedGame:
    """The match as the play page saves it (ui/pages/play.py record_of), with its reviews."""
    reviews = {i: graded_round(game, i, hinted=hinted) for i in range(len(game.rounds))}
    record = {**game.to_dict(), "reviews": {str(i): r.to_dict() for i, r in reviews.items()}, "judged": [],
              "saved_id": None}
    decisions = [d for r in reviews.values() for d in r.decisions]
    return SavedGame(preset or game.setup.preset, "finished", record, decisions=len(decisions),
                     best=sum(d.grade == "best" for d in decisions), points_lost=sum(d.loss for d in decisions),
                     started_at=when, updated_at=when + timedelta(minutes=20))


@pytest.fixture(scope="module")
def matches() -> list[SavedGame]:
    """Three 1 v 1 matches on three evenings (two rounds each at most)."""
    return [saved(played_match(f"skill-{n}", 2), START + timedelta(days=n)) for n in range(3)]


# ------------------------------------------------------------------ the figure
def test_the_figure_is_the_mean_over_decisions_with_an_interval_over_rounds():
    rounds = [Round("a", 0, (Graded(0.0, True), Graded(4.0, False))),
              Round("b", 1, (Graded(1.0, False), Graded(0.0, True), Graded(0.2, True))),
              Round("c", 2, (Graded(9.0, False),))]
    f = figure(rounds)
    assert (f.decisions, f.rounds) == (6, 3)
    assert f.mean == pytest.approx(14.2 / 6)
    assert f.within == pytest.approx(3 / 6)
    # cluster-robust: k/(k-1) * sum((S_r - m n_r)^2) / N^2, Student's t on k-1 = 2
    m = 14.2 / 6
    var = 3 / 2 * ((4.0 - 2 * m) ** 2 + (1.2 - 3 * m) ** 2 + (9.0 - m) ** 2) / 36
    assert f.high - f.mean == pytest.approx(t95(2) * math.sqrt(var))
    assert f.low == max(0.0, f.mean - t95(2) * math.sqrt(var))


def test_one_round_has_no_interval_and_no_decision_no_figure():
    assert figure([]) is None and figure([Round("a", 0, ())]) is None
    one = figure([Round("a", 0, (Graded(2.0, False), Graded(0.0, True)))])
    assert one.mean == 1.0 and one.high == math.inf


def test_the_interval_over_rounds_is_wider_than_one_over_decisions_when_rounds_differ():
    # a good round and a bad one, each of ten like decisions: the decisions agree within
    # their round, so the naive interval over 20 decisions would claim far too much
    rounds = [Round(str(i), i, tuple(Graded(loss, loss < 0.5) for _ in range(10)))
              for i, loss in enumerate([0.0, 6.0, 0.0, 6.0])]
    f = figure(rounds)
    losses = [d.loss for r in rounds for d in r.decisions]
    mean = sum(losses) / len(losses)
    naive = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in losses) / (len(losses) - 1) / len(losses))
    assert f.mean == 3.0 and f.half > 2 * naive


def test_t95_is_students_quantile():
    exact = {1: 12.706, 2: 4.303, 3: 3.182, 5: 2.571, 9: 2.262, 29: 2.045, 120: 1.980}
    for df, value in exact.items():
        assert t95(df) == pytest.approx(value, rel=3e-3)


@settings(max_examples=60, deadline=None)
@given(hs.lists(hs.lists(hs.floats(0, 60, allow_nan=False), min_size=1, max_size=8), min_size=1, max_size=12),
       hs.randoms(use_true_random=False))
def test_the_figure_holds_its_mean_and_ignores_the_order_of_rounds(losses, rnd):
    rounds = [Round(str(i), i, tuple(Graded(x, x <= 0.5) for x in r)) for i, r in enumerate(losses)]
    f = figure(rounds)
    assert f.low <= f.mean + 1e-9 and f.mean <= f.high + 1e-9
    assert 0 <= f.within_low <= f.within <= f.within_high <= 1 + 1e-12
    assert f.decisions == sum(map(len, losses)) and f.rounds == len(losses)
    shuffled = rounds[:]
    rnd.shuffle(shuffled)
    g = figure(shuffled)
    assert g.mean == pytest.approx(f.mean) and g.half == pytest.approx(f.half, nan_ok=True)


# ------------------------------------------------------------------ the reviews kept with saved games
def test_rounds_come_from_every_review_of_the_game_oldest_first(matches):
    rounds = rounds_of(list(reversed(matches)), "laplaza_1v1")
    assert len(rounds) == sum(len(g.record["reviews"]) for g in matches)
    assert [r.when for r in rounds] == sorted(r.when for r in rounds)
    stored = sum(len(review["decisions"]) for g in matches for review in g.record["reviews"].values())
    assert sum(len(r.decisions) for r in rounds) == stored
    assert rounds_of(matches, "draw") == []  # another game's figure does not take them


def test_games_dated_with_and_without_a_time_zone_sort_together(matches):
    from datetime import timezone

    aware = [replace(g, started_at=g.started_at.replace(tzinfo=timezone.utc), id=n) for n, g in enumerate(matches)]
    mixed = [aware[0], replace(matches[1], id=1), aware[2]]
    assert [r.game_id for r in rounds_of(mixed, "laplaza_1v1")] == sorted(r.game_id for r in rounds_of(mixed, "laplaza_1v1"))


def test_a_move_played_after_a_hint_does_not_count():
    game = played_match("skill-hint", 1)
    plain, hinted = rounds_of([saved(game, START)], "laplaza_1v1"), rounds_of([saved(game, START, hinted=0)],
                                                                               "laplaza_1v1")
    assert sum(len(r.decisions) for r in hinted) == sum(len(r.decisions) for r in plain) - 1


def test_a_round_recorded_on_the_analysis_board_counts_and_odd_records_are_skipped():
    review = {"round": 0, "accuracy": 0.5, "loss_per_decision": 4.5, "decisions": [
        {"ply": 3, "action": "2-5@L", "best": "5-5@R", "loss": 9.0, "grade": "mistake", "hint": False},
        {"ply": 5, "action": "1-1@R", "best": "1-1@R", "loss": 0.0, "grade": "best", "hint": False},
        {"ply": 7, "loss": "not a number"}, "not a decision"]}
    board = SavedGame("block", "finished", {"table": {}, "link": "x", "review": review}, decisions=2, best=1,
                      points_lost=9.0, started_at=START, kind="table", id=7)
    broken = SavedGame("block", "finished", {"reviews": {"x": 1, "0": "no"}, "review": []}, started_at=START)
    (rnd,) = rounds_of([board, broken], "block")
    assert rnd.kind == "table" and [d.loss for d in rnd.decisions] == [9.0, 0.0]
    assert figure([rnd]).within == 0.5


def test_the_figure_looks_at_the_last_30_rounds_and_the_trend_at_runs_of_ten():
    rounds = [Round(str(i), i, (Graded(float(i), False),)) for i in range(45)] + [Round("empty", 0, ())]
    recent = last(rounds)
    assert len(recent) == LAST_ROUNDS and recent[0].key == "15" and recent[-1].key == "44"
    points = trend(rounds)
    assert [n for n, _ in points] == [10, 20, 30, 40, 45]
    assert points[0][1].mean == 4.5 and points[-1][1].decisions == 5


def test_fewer_than_ten_decisions_are_not_enough():
    assert not figure([Round("a", 0, tuple(Graded(1.0, False) for _ in range(FEW - 1)))]).enough
    assert figure([Round("a", 0, tuple(Graded(1.0, False) for _ in range(FEW)))]).enough


def test_saved_and_read_back_the_reviews_give_the_same_figure(store, matches):
    """SQLite and PostgreSQL: the reviews kept in games_table's record JSON."""
    ana = store.create_profile("Ana")
    for g in matches:
        store.save_game(ana.id, g)
    kept = store.games(ana.id)
    assert figure(rounds_of(kept, "laplaza_1v1")) == figure(rounds_of(matches, "laplaza_1v1"))
    f = figure(rounds_of(kept, "laplaza_1v1"))
    assert f.decisions >= FEW and 0 < f.within < 1 and f.mean > 0


# ------------------------------------------------------------------ beside the bots
BOTS = {"casual": Figure(300, 60, 4.0, 3.5, 4.5, .5, .45, .55), "strong": Figure(300, 60, 2.0, 1.7, 2.3, .6, .55, .65),
        "expert": Figure(300, 60, 0.8, 0.6, 1.0, .8, .75, .85)}


@pytest.mark.parametrize("mean, half, words", [
    (2.1, 0.5, ("about", "strong")),
    (3.0, 0.3, ("between", "casual", "strong")),
    (3.0, 1.2, ("between", "casual", "strong")),   # overlaps both: the words say between
    (3.3, 0.3, ("about", "casual")),                # overlaps casual only
    (6.0, 1.0, ("below", "casual")),
    (0.3, 0.1, ("above", "expert")),
    (0.5, 0.2, ("about", "expert")),
])
def test_the_sentence_says_what_the_intervals_allow(mean, half, words):
    assert compare(Figure(50, 30, mean, mean - half, mean + half, .5, .4, .6), BOTS) == words


def test_no_bots_no_comparison():
    mine = Figure(50, 30, 1.0, 0.5, 1.5, .5, .4, .6)
    assert compare(mine, {}) == ()
    # a bot measured on too few decisions, or on one round, is not compared with
    thin = {"strong": Figure(FEW - 1, 3, 1.0, 0.5, 1.5, .5, .4, .6), "expert": Figure(40, 1, 1.0, 0.0, math.inf, .5, 0, 1)}
    assert compare(mine, thin) == () and comparable(thin) == {}
    assert comparable(BOTS) == BOTS


def test_the_bots_data_file_holds_real_counts():
    """progress/bot_skill.json, as bench/skill_of_bots.py wrote it: known games and bots,
    each figure's counts and interval consistent (it never claims more than it measured)."""
    data = json.loads(BOT_FILE.read_text(encoding="utf-8"))
    figures = bot_figures()
    assert figures and set(figures) <= set(PRESET_NAMES)
    for game, levels in figures.items():
        assert set(levels) <= set(BOT_LEVELS)
        for level, f in levels.items():
            row = data["games"][game][level]
            assert 1 <= f.decisions and 1 <= f.rounds <= row["played_rounds"]
            assert f.low <= f.mean <= f.high and 0 <= f.within <= 1
            if f.same is not None:  # the review's best move itself: measured on rounds that recorded it
                assert 0 <= f.same_low <= f.same <= f.same_high <= 1 and 1 <= f.same_of <= f.decisions


def test_a_bot_figure_reads_the_share_of_best_moves_only_where_it_was_recorded():
    from progress.skill import BotFigure

    row = Figure(120, 30, 2.0, 1.5, 2.5, .6, .5, .7).to_dict()
    assert BotFigure.from_dict(row).same is None and BotFigure.from_dict(row).same_of == 0
    full = BotFigure.from_dict(row | {"same": .4, "same_low": .3, "same_high": .5, "same_of": 80})
    assert (full.same, full.same_low, full.same_high, full.same_of) == (.4, .3, .5, 80)
    assert full.mean == 2.0 and full.enough


def test_no_data_file_no_bots(tmp_path):
    assert bot_figures(tmp_path / "missing.json") == {}
    (tmp_path / "bad.json").write_text("{not json")
    assert bot_figures(tmp_path / "bad.json") == {}


_json = hs.recursive(hs.none() | hs.booleans() | hs.integers(-5, 40) | hs.floats(allow_nan=True) | hs.text(max_size=6),
                     lambda inner: hs.lists(inner, max_size=4) | hs.dictionaries(hs.text(max_size=8), inner, max_size=4),
                     max_leaves=20)
_decision = hs.fixed_dictionaries({}, optional={"loss": _json | hs.floats(0, 50), "grade": hs.sampled_from(
    ["best", "mistake", "blunder", 3]), "hint": _json, "ply": _json})


@settings(max_examples=80, deadline=None)
@given(hs.dictionaries(hs.sampled_from(["reviews", "review", "setup", "rounds", "table", "x"]),
                       _json | hs.dictionaries(hs.sampled_from(["0", "1", "a", "-1"]),
                                               _json | hs.fixed_dictionaries({"decisions": hs.lists(_decision | _json,
                                                                                                      max_size=4)})),
                       max_size=4))
def test_any_record_gives_rounds_or_none_and_never_fails(record):
    """A saved record of any shape (an old version, a damaged row) never breaks the page:
    its rounds hold only finite, non-negative losses, or it gives none."""
    rounds = rounds_of([SavedGame("draw", "finished", record, started_at=START)], "draw")
    for r in rounds:
        assert all(math.isfinite(d.loss) and d.loss >= 0 for d in r.decisions)
    figure(rounds)


def test_a_share_every_decision_agrees_on_still_has_an_interval():
    """15 best moves of 15 over 5 rounds: the rounds do not differ, but 15 decisions do not
    prove 100% (the Wilson interval's lower end, 79.6%)."""
    rounds = [Round(f"{i}", i, tuple(Graded(0.0, True) for _ in range(3))) for i in range(5)]
    f = figure(rounds)
    assert f.within == 1.0 and f.within_high == 1.0
    assert 0.79 < f.within_low < 0.80


@settings(max_examples=60, deadline=None)
@given(hs.lists(hs.lists(hs.booleans(), min_size=1, max_size=8), min_size=1, max_size=12))
def test_a_share_interval_holds_the_share_and_is_never_a_point(rounds):
    f = figure([Round(f"{i}", i, tuple(Graded(0.0 if b else 1.0, b) for b in bests)) for i, bests in enumerate(rounds)])
    assert f.within_low <= f.within <= f.within_high
    assert f.within_high - f.within_low > 0
