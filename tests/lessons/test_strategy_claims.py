"""The strategy claims of lessons (docs/lessons.md): a false claim is reported, and a true
one is proved whatever the seed.

``best_move`` is proved with ``strategy.evaluate`` from the viewer's view (every
consistent deal, or enough sampled deals that the claim holds at the bottom of its 99 %
interval), ``holds`` with ``engine.inference.holder_probabilities`` (exact), and a
``best_move`` task must win by a clear margin. The proofs are stored beside each script
(``python -m lessons prove``): the normal suite checks the claims against them and a
quick evaluation against their figures; the slow tests prove everything again, under the
stored seed and under others.
"""

from __future__ import annotations

import dataclasses
import shutil
from fractions import Fraction

import pytest

from engine import Tile
from engine.inference import holder_probabilities
from lessons import model, proof, proof_store
from lessons.model import (
    MIN_TASK_MARGIN, LessonError, best_move_problems, holds_problems, load_course, load_lesson, move_values,
    proof_problems, proof_sites, prove_lesson, site_round, site_values, validate_lesson,
)
from lessons.proof import Claim, MoveValues, claim_problems

COURSE = load_course()
GAMES = [g.id for g in COURSE.games]
STRATEGY = next(g for g in COURSE.games if g.id == "strategy").lessons
SITES = [(lid, site.key) for lid in STRATEGY for site in proof_sites(COURSE.lesson(lid))]
#: seeds other than the stored proofs' one: a proof must hold under each of them
OTHER_SEEDS = (1, 2, 3)


def _decision(lesson_id: str):
    """The lesson's first frame after step 1 (the viewer to move) and the lesson."""
    lesson = COURSE.lesson(lesson_id)
    return lesson.frames()[1].round, lesson


def _site(lesson_id: str, key: str):
    lesson = COURSE.lesson(lesson_id)
    return lesson, next(s for s in proof_sites(lesson) if s.key == key)


def test_the_strategy_part_has_fifteen_lessons_each_with_a_proved_best_move_and_task():
    game = next(g for g in COURSE.games if g.id == "strategy")
    assert len(game.lessons) >= 15
    assert game == COURSE.games[-1]  # after the rules games
    presets = set()
    for lesson_id in game.lessons:
        lesson = COURSE.lesson(lesson_id)
        presets.add(lesson.rules["preset"])
        assert any("best_move" in s.expect for s in lesson.steps), lesson_id
        assert lesson.task is not None and lesson.task.kind == "best_move", lesson_id
        assert validate_lesson(lesson, GAMES) == [], lesson_id
    assert {"laplaza_partners", "laplaza_1v1", "all_fives", "kozel"} <= presets  # the games that score their own way


def test_a_wrong_best_move_is_reported():
    rnd, _ = _decision("strategy-counting")
    assert best_move_problems(rnd, 0, "1-5@L", margin=24) == []
    problems = best_move_problems(rnd, 0, "1-2@L")
    assert problems and "margin" in problems[0] and "1-5@L" in problems[0]
    assert best_move_problems(rnd, 0, "6-6@L")  # not a legal move
    assert best_move_problems(rnd, 1, "1-5@L")  # seat 1 is not to move


def test_a_too_large_margin_is_reported():
    rnd, _ = _decision("strategy-counting")
    values = move_values(rnd, 0)
    assert values.exact
    margin = values.value("1-5@L") - values.value(values.runner_up("1-5@L"))
    assert 24 <= margin < 25
    assert best_move_problems(rnd, 0, "1-5@L", margin=24) == []
    problems = best_move_problems(rnd, 0, "1-5@L", margin=25)
    assert len(problems) == 1 and "not 25" in problems[0]


def test_a_best_move_that_wins_too_few_deals_is_reported():
    rnd, _ = _decision("strategy-reading-passes")  # exact: the best move is best in 63.6% of the deals
    values = site_values(*_site("strategy-reading-passes", "step 1"))  # its stored proof
    assert values.exact and values.deals == values.consistent == 17640
    assert 0.5 <= values.share("4-6@R") < 1
    assert best_move_problems(rnd, 0, "4-6@R", margin=10, values=values) == []
    assert any("best in" in p for p in best_move_problems(rnd, 0, "4-6@R", margin=10, share=1.0, values=values))


def _sampled(gap: float, gap_se: float, share: float, share_se: float) -> MoveValues:
    return MoveValues(("a", "b"), (gap / 2, -gap / 2), (0.1, 0.1), (share, 1 - share), (share_se, share_se),
                      (((0.0, 0.0), (gap, gap_se)), ((-gap, gap_se), (0.0, 0.0))), 2000, False, 10**9, 7)


def test_a_sampled_claim_must_hold_at_the_bottom_of_its_99_percent_interval():
    # a mean that clears the margin is not enough: mean - 2.576 standard errors must
    assert claim_problems(_sampled(10.0, 1.0, 0.9, 0.01), Claim("a", 7.0)) == []
    problems = claim_problems(_sampled(10.0, 1.0, 0.9, 0.01), Claim("a", 8.0))
    assert len(problems) == 1 and "at least 7.42 at 99 %" in problems[0]
    # the same holds for the share of deals in which the move is best
    assert claim_problems(_sampled(10.0, 1.0, 0.6, 0.03), Claim("a")) == []
    assert "best in 55.0%" in claim_problems(_sampled(10.0, 1.0, 0.55, 0.03), Claim("a"))[0]
    # exact figures have no interval: the mean itself must clear the claim
    exact = dataclasses.replace(_sampled(10.0, 0.0, 0.55, 0.0), exact=True)
    assert claim_problems(exact, Claim("a", 10.0)) == [] and claim_problems(exact, Claim("a", 10.01))


def test_the_pip_arithmetic_lesson_does_its_sums_right():
    """The sums its texts read out (168 − table − hand) are the positions' own."""
    lesson = COURSE.lesson("strategy-pip-arithmetic")
    blocked = lesson.frames()[2].round
    assert blocked.result.kind == "block" and blocked.result.winner == 0
    assert sum(a + b for a, b in blocked.line) == 114 and blocked.pips(0) == 4
    assert blocked.pips(2) == 14 and list(blocked.result.to_dict()["side_pips"]) == [18, 36]
    task = lesson.task.round()
    assert sum(a + b for a, b in task.line) == 126 and task.pips(0) == 12
    assert [len(task.hand(s)) for s in (1, 2, 3)] == [2, 3, 2]
    trial = task.copy()
    trial.apply("0-4@R")  # the block the task warns against: it keeps the 3-5 (8 pips)
    assert trial.result.kind == "block" and trial.pips(0) == 8
    # the block wins only if Ana's three tiles hold 10 or fewer of the others' 30: 8 + a < 30 - a
    assert [a for a in range(31) if 8 + a < 30 - a][-1] == 10
    assert [a for a in range(51) if 4 + a < 50 - a][-1] == 22  # the lesson's block: unless she holds 23 or more


def _block_outcomes(rnd, move: str) -> dict[str, int]:
    """Over every deal that fits the viewer's view: how the block ``move`` ends (won, lost or tied)."""
    from engine.inference import every_deal

    out = {"won": 0, "lost": 0, "tie": 0}
    for deal in every_deal(rnd.view(0)):
        deal.apply(move)
        assert deal.result is not None and deal.result.kind == "block"
        out["tie" if deal.result.tie else "won" if deal.result.winner == 0 else "lost"] += 1
    return out


def test_the_match_lesson_plays_for_the_match_not_for_the_points():
    """At 95 of 100 the sure domino beats the block that scores more: what the texts say."""
    lesson = COURSE.lesson("strategy-play-for-the-match")
    rnd = lesson.frames()[1].round
    assert rnd.score == (95, 40) and rnd.rules.target == 100
    match = site_values(*_site("strategy-play-for-the-match", "step 1"))
    assert match.win_bonus == 40 and match.exact
    # the 0-4 wins in every deal: 5 points take the match, and the match is worth 40 more
    assert match.value("0-4@L") == 5 + 40 and match.share("0-4@L") == 1
    assert match.runner_up("0-4@L") == "0-6@L"  # the block, as the texts name it
    # counted in points, the block is the better move ...
    points = move_values(rnd, 0)
    assert points.win_bonus == 0 and points.exact
    assert max(points.actions, key=points.value) == "0-6@L" and points.value("0-6@L") > points.value("0-4@L") + 5
    # ... and the claim fails in points: the match valuation decides it
    assert best_move_problems(rnd, 0, "0-4@L", margin=10)
    # "your side usually wins it. But not always: in some deals Ana and you are the heavier side"
    blocks = _block_outcomes(rnd, "0-6@L")
    assert blocks["won"] > blocks["lost"] + blocks["tie"] and blocks["lost"] > 0
    # the task: the 2-2 keeps the 2-5 for the 5 end, a sure win; the block scores more
    task = lesson.task.round()
    task_match = site_values(*_site("strategy-play-for-the-match", "task"))
    assert task_match.value("2-2@L") == 45 and task_match.share("2-2@L") == 1
    task_points = move_values(task, 0)
    assert max(task_points.actions, key=task_points.value) == "2-5@L"
    assert task_points.value("2-5@R") < task_points.value("2-2@L")  # the other 2-5 gives the 5 away
    outcome = _block_outcomes(task, "2-5@L")
    assert outcome["won"] > 0 and outcome["lost"] + outcome["tie"] > 0


def test_a_match_claim_records_its_win_bonus_and_is_checked_with_it():
    lesson = COURSE.lesson("strategy-play-for-the-match")
    site = next(s for s in proof_sites(lesson) if s.key == "step 1")
    assert site.win_bonus == 40 and lesson.task.params["win_bonus"] == 40
    # the bonus is part of what the proof is made of: the same claim in points is another proof
    step = lesson.steps[0]
    in_points = dict(step.expect["best_move"])
    del in_points["win_bonus"]
    plain = dataclasses.replace(lesson, steps=(dataclasses.replace(step, expect={**step.expect, "best_move": in_points}),)
                                + lesson.steps[1:])
    assert proof_sites(plain)[0].fingerprint != site.fingerprint
    assert any("0-4@L" in p and "margin" in p for p in proof_problems(plain))  # in points the block wins
    # a stored proof valued one way does not prove a claim valued another
    values = site_values(lesson, site)
    rnd = site_round(lesson, site)
    assert best_move_problems(rnd, 0, "0-4@L", 10, values=values, win_bonus=40) == []
    assert "win bonus 40" in best_move_problems(rnd, 0, "0-4@L", 10, values=values)[0]
    # the file keeps the bonus, and a points proof writes none (the older files stay as they are)
    again = MoveValues.from_dict(values.to_dict())
    assert again == values and values.to_dict()["win_bonus"] == 40
    assert "win_bonus" not in site_values(*_site("strategy-counting", "step 1")).to_dict()
    assert "valued for the match (win bonus 40)" in values.how()


def test_the_lead_lesson_leads_the_double_with_company():
    lesson = COURSE.lesson("strategy-the-lead")
    rnd = lesson.frames()[1].round
    assert rnd.round_number == 2 and not rnd.line and rnd.turn == 0 == rnd.leader  # a free lead
    hand = rnd.hand(0)
    assert sum(t.has(3) for t in hand) == 5 and sum(t.has(5) for t in hand) == 1  # 3-3 with company, 5-5 alone
    values = site_values(*_site("strategy-the-lead", "step 1"))
    assert not values.exact and values.deals in proof.DEAL_STEPS  # sampled, the claim at 99 %
    assert values.runner_up("lead 3-3") == "lead 5-5"  # "more than the 5-5, and every other tile worse still"
    task = site_values(*_site("strategy-the-lead", "task"))
    assert not task.exact and task.runner_up("lead 4-4") != "lead 4-4"
    assert sum(t.has(4) for t in lesson.task.round().hand(0)) == 4


def test_the_long_suit_lesson_keeps_the_four_6s():
    lesson = COURSE.lesson("strategy-long-suit")
    rnd = lesson.frames()[1].round
    values = site_values(*_site("strategy-long-suit", "step 1"))
    assert not values.exact
    # every move but the 2-5 lays one of the four 6s; the texts name the best of them, the 3-6
    assert [a for a in values.actions if "6" not in a.split("@")[0]] == ["2-5@L"]
    assert values.runner_up("2-5@L") == "3-6@R"
    assert sum(t.has(6) for t in rnd.hand(0)) == 4
    task = lesson.task.round()
    assert sum(t.has(5) for t in task.hand(0)) == 4 and task.ends == (5, 4)
    task_values = site_values(*_site("strategy-long-suit", "task"))
    assert [a for a in task_values.actions if not a.startswith(("0-5", "1-5", "3-5", "5-6"))] == ["0-4@R"]


def test_mirror_moves_are_one_move():
    rnd, _ = _decision("strategy-doubles")  # both ends show 1: 1-1 on the left is 1-1 on the right
    assert rnd.ends == (1, 1)
    assert move_values(rnd, 0).actions == ("1-1@L", "1-3@L")
    assert best_move_problems(rnd, 0, "1-1@R", margin=24) == []


def test_a_wrong_probability_is_reported():
    rnd, _ = _decision("strategy-counting")
    assert holds_problems(rnd, 0, {"seat": 1, "number": 5, "probability": "0"}) == []
    assert holds_problems(rnd, 0, {"seat": 1, "number": 5, "probability": "1"})
    assert holds_problems(rnd, 0, {"seat": 1, "number": 3, "probability": "0"})  # Luis may hold a 3
    odds = holder_probabilities(rnd.view(0))
    tile = Tile.parse("2-2")
    exact = odds[tile][1]
    assert 0 < exact < 1
    assert holds_problems(rnd, 0, {"seat": 1, "tile": "2-2", "probability": str(exact)}) == []
    wrong = holds_problems(rnd, 0, {"seat": 1, "tile": "2-2", "probability": str(exact + Fraction(1, 100))})
    assert wrong and "inference says" in wrong[0]
    assert holds_problems(rnd, 0, {"seat": 1, "number": 2, "probability_at_least": str(exact)}) == []
    assert holds_problems(rnd, 0, {"seat": 1, "number": 2, "probability_at_least": "1"})
    assert holds_problems(rnd, 0, {"seat": 1, "number": 5, "probability_at_most": "0"}) == []
    assert holds_problems(rnd, 0, {"seat": 1, "number": 2, "probability_at_most": str(exact / 2)})
    assert holds_problems(rnd, 0, {"seat": 0, "number": 5, "probability": "0"})  # the viewer's own hand
    assert holds_problems(rnd, 0, {"seat": 1, "tile": "1-5", "probability": "0"})  # a tile in view
    assert holds_problems(rnd, 0, {"seat": 1, "number": 5})  # no probability given


def test_false_claims_in_a_script_are_reported_by_the_validator():
    lesson = COURSE.lesson("strategy-counting")
    step = lesson.steps[0]
    for claim, words in [
        ({"best_move": {"action": "1-2@L"}}, "best_move"),
        ({"best_move": {"action": "1-5@L", "margin": 40}}, "not 40"),
        ({"holds": {"seat": 3, "number": 5, "probability": "1"}}, "holds[3, number 5]"),
        ({"unseen": {"5": 1}}, "unseen[5]"),
        ({"unseen_pips": 1}, "unseen_pips"),
    ]:
        broken = dataclasses.replace(lesson, steps=(dataclasses.replace(step, expect=claim),) + lesson.steps[1:])
        problems = validate_lesson(broken, GAMES)
        assert problems and all(p.startswith("step 1:") for p in problems), claim
        assert any(words in p for p in problems), (claim, problems)


def test_a_best_move_task_needs_the_proved_move_a_clear_margin_and_true_values(monkeypatch):
    lesson = COURSE.lesson("strategy-reading-passes")
    task = lesson.task
    assert validate_lesson(lesson, GAMES) == []

    def with_params(**params):
        return dataclasses.replace(lesson, task=dataclasses.replace(task, params={**task.params, **params}))

    problems = validate_lesson(with_params(action="1-1@L"), GAMES)  # the runner-up
    assert problems and problems[0].startswith("task: best_move: 1-1@L")
    assert validate_lesson(with_params(margin=25), GAMES)  # the margin is about 20
    values = dict(task.params["values"])
    values["0-2@R"] += 1
    assert any("values[0-2@R]" in p for p in validate_lesson(with_params(values=values), GAMES))
    # A task is only fair with a clear winner: below MIN_TASK_MARGIN it is refused.
    monkeypatch.setattr(model, "MIN_TASK_MARGIN", 50.0)
    assert validate_lesson(lesson, GAMES)
    assert MIN_TASK_MARGIN == 3.0


def test_a_sampled_proof_depends_on_its_seed_only():
    rnd, _ = _decision("strategy-1v1-make-them-draw")
    first = proof.prove(rnd, 0, steps=(256,))
    proof._prove.cache_clear()
    again = proof.prove(rnd, 0, steps=(256,))
    assert first == again and not first.exact and first.deals == 256
    assert proof.prove(rnd, 0, steps=(256,), seed=1) != first


@pytest.mark.parametrize("lesson_id", STRATEGY)
def test_the_task_answer_is_tapped_right_and_the_runner_up_wrong(lesson_id):
    from puzzles import questions

    task = COURSE.lesson(lesson_id).task
    rnd = task.round()
    params = {"viewer": task.viewer, **task.params}
    assert questions.check("best_move", rnd, params, task.params["action"]).correct
    values = site_values(*_site(lesson_id, "task"))
    verdict = questions.check("best_move", rnd, params, values.runner_up(task.params["action"]))
    assert not verdict.correct


# ------------------------------------------------------------ the stored proofs
@pytest.mark.parametrize("lesson_id,key", SITES)
def test_every_stored_proof_is_exact_where_feasible_and_sampled_enough_elsewhere(lesson_id, key):
    lesson, site = _site(lesson_id, key)
    values = site_values(lesson, site)
    assert values is lesson.proofs[key][1]  # the stored figures, not a proof made now
    assert values.exact == (values.consistent <= proof.EXACT_LIMIT), values.how()
    assert values.seed == proof.PROOF_SEED
    if values.exact:
        assert values.deals == values.consistent and not any(values.stderr)
    else:
        assert values.deals in proof.DEAL_STEPS
        # the figures a learner sees are known to PRECISION (or the most deals were spent)
        claim = model.site_claim(lesson, site)
        assert proof.precise(values, claim, site.values_shown) or values.deals == proof.DEAL_STEPS[-1]


@pytest.mark.parametrize("lesson_id,key", SITES)
def test_a_stored_proof_agrees_with_a_quick_evaluation(lesson_id, key):
    """Seconds instead of minutes: a small evaluation (every deal up to RECHECK_EXACT, else a
    sample) must agree with the stored figures within their combined standard errors."""
    lesson, site = _site(lesson_id, key)
    assert proof.recheck_problems(site_round(lesson, site), site.viewer, site_values(lesson, site)) == []


def test_a_recheck_reports_figures_that_do_not_fit_the_position():
    lesson, site = _site("strategy-partner", "task")
    stored = site_values(lesson, site)
    shifted = dataclasses.replace(stored, expected=tuple(v + 1 for v in stored.expected))
    problems = proof.recheck_problems(site_round(lesson, site), site.viewer, shifted)
    assert problems and problems[0].startswith("value of ")


def _copy(tmp_path, lesson_id):
    shutil.copytree(model.CONTENT / lesson_id, tmp_path / lesson_id)
    return tmp_path / lesson_id / "script.yaml"


def test_a_lesson_whose_position_changed_since_its_proof_does_not_load(tmp_path):
    script = _copy(tmp_path, "strategy-partner")
    script.write_text(script.read_text(encoding="utf-8").replace("score: [0, 0]", "score: [10, 0]", 1),
                      encoding="utf-8")
    with pytest.raises(LessonError, match=r"step 1 was proved for another position: run `python -m lessons prove"):
        load_lesson("strategy-partner", tmp_path)
    (tmp_path / "strategy-partner" / proof_store.PROOF_FILE).unlink()
    with pytest.raises(LessonError, match="step 1 has no proof"):
        load_lesson("strategy-partner", tmp_path)
    assert load_lesson("strategy-partner", tmp_path, proved=False).proofs == {}


def test_a_script_may_not_write_the_values_a_task_shows(tmp_path):
    script = _copy(tmp_path, "strategy-partner")
    text = script.read_text(encoding="utf-8")
    script.write_text(text.replace("params: {action: 1-2@R}", "params: {action: 1-2@R, values: {1-2@R: 2.5}}"),
                      encoding="utf-8")
    with pytest.raises(LessonError, match="values are measured by the proof"):
        load_lesson("strategy-partner", tmp_path)


def test_the_task_shows_the_values_its_proof_measured():
    for lesson_id in STRATEGY:
        lesson, site = _site(lesson_id, "task")
        values = site_values(lesson, site)
        assert lesson.task.params["values"] == {a: round(v, 2) for a, v in zip(values.actions, values.expected)}


# ------------------------------------------------------------ proving again (slow)
@pytest.mark.slow
def test_proving_again_gives_the_stored_figures():
    """What `python -m lessons prove --check` does: the proofs depend on their seed only."""
    for lesson_id in STRATEGY:
        lesson = load_lesson(lesson_id, proved=False)
        stored = (model.CONTENT / lesson_id / proof_store.PROOF_FILE).read_text(encoding="utf-8")
        assert proof_store.dump(lesson_id, prove_lesson(lesson)) == stored, lesson_id


@pytest.mark.slow
@pytest.mark.parametrize("seed", OTHER_SEEDS)
def test_the_proofs_hold_under_other_seeds(seed):
    for lesson_id in STRATEGY:
        lesson = COURSE.lesson(lesson_id)
        proofs = prove_lesson(lesson, seed)
        assert proof_problems(lesson, proofs) == [], (lesson_id, seed)
        for key, (_, values) in proofs.items():  # and they measure what the stored proof did
            stored = lesson.proofs[key][1]
            for a in stored.actions:
                allowed = proof.RECHECK_Z * (values.value_stderr(a) ** 2 + stored.value_stderr(a) ** 2) ** 0.5 + 1e-3
                assert abs(values.value(a) - stored.value(a)) <= allowed, (lesson_id, key, a, seed)
