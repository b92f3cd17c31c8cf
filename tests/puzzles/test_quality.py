"""Puzzles worth asking: the floors of docs/puzzles.md ("Quality"), on a fixed seeded sample.

Every type is generated for the seeds 0 … SAMPLE - 1 (the setup each seed picks), the same
sample on every day and in every process. The floors are checked twice: with the
measures of ``puzzles.quality`` (what ``python -m puzzles report`` prints) and, where a
floor is about the answer, straight from the engine round with tests/puzzles/reference.py.
"""

from __future__ import annotations

import importlib
from collections import Counter

import pytest

from engine import Round
from puzzles import LANGUAGES, PUZZLE_TYPES, PuzzleError, generate, kinds_of_type, puzzle_dict, puzzle_from_id
from puzzles import quality, questions
from puzzles.cli import main
from puzzles.daily import daily_plan, daily_set
from puzzles.explain import label
from puzzles.generators import common
from puzzles.pipeline import _prove

from . import reference as ref

#: Puzzles per type in the fixed sample (seeds 0 … SAMPLE - 1).
SAMPLE = 300
BAND_LOW, BAND_HIGH = 0.20, 0.45


@pytest.fixture(scope="module")
def sample() -> dict:
    return {t: [generate(t, s) for s in range(SAMPLE)] for t in PUZZLE_TYPES}


@pytest.fixture(scope="module")
def rows(sample) -> dict:
    return {t: [quality.row(p) for p in puzzles] for t, puzzles in sample.items()}


def _of_kind(puzzles, kind):
    return [p for p in puzzles if p.question.kind == kind]


# ------------------------------------------------------------------ floors
def test_the_floors_hold_on_the_fixed_sample(rows):
    assert quality.violations(rows) == []


def test_the_floors_are_the_documented_ones():
    assert quality.FLOORS["trivial"]["legal_moves"] == 0.15
    assert quality.FLOORS["trivial"]["next_leader"] == 0.0
    assert quality.FLOORS["trivial"]["fives_points"] == 0.20
    assert quality.FLOORS["position_slack"] == 0.15
    assert quality.FLOORS["band_share"] == (BAND_LOW, BAND_HIGH)


def test_select_every_legal_move_rarely_has_a_single_move(sample):
    puzzles = sample["legal_moves"]
    single = [p for p in puzzles if len(p.answer) == 1 and p.answer[0] not in ("draw", "pass")]
    assert len(single) / len(puzzles) <= 0.15
    for p in single:  # the only single moves left are forced leads
        assert p.answer[0].startswith("lead ") and "forced_lead" in p.themes, p.id
    for p in puzzles:  # a two-tile hand only when nothing fits
        rnd = p.round()
        assert len(rnd.hand(rnd.turn)) >= 3 or p.answer in (["draw"], ["pass"]), p.id


def test_the_next_leader_is_never_a_naive_answer_nor_after_the_last_round(sample):
    for p in sample["next_leader"]:
        rnd = p.round()
        history = rnd.public_history()
        pips = [rnd.pips(s) for s in range(rnd.n)]
        naive = {ref.last_placer(rnd), history[-1][0]} | {s for s in range(rnd.n) if pips[s] == min(pips)}
        assert p.answer == ref.next_leader(rnd), p.id
        assert p.answer not in naive, p.id
        if rnd.rules.match_mode == "race":
            totals = [a + b for a, b in zip(rnd.score, ref.round_points_total(rnd))]
            assert max(totals) < rnd.rules.target, p.id
        else:
            assert not ref.kozel_goats(rnd), p.id


def test_rounds_that_end_the_match_ask_no_next_leader():
    with pytest.raises(PuzzleError):  # the draw game is no next_leader table any more
        puzzle_from_id("next_leader:draw:3:384264086")
    p = puzzle_from_id("next_leader:laplaza_1v1+fid:2:341884102")
    rnd = p.round()
    assert max(a + b for a, b in zip(rnd.score, ref.round_points_total(rnd))) < rnd.rules.target


def test_what_a_play_scores_is_seldom_zero_and_answers_spread(sample):
    points = _of_kind(sample["fives"], "fives_points")
    answers = Counter(ref.fives_value(p.round(), p.question.params["action"]) for p in points)
    assert answers[0] / len(points) <= 0.20
    assert max(answers.values()) / len(points) <= 0.5 and len(answers) >= 4
    penalties = _of_kind(sample["kozel"], "kozel_penalty")
    zeros = sum(1 for p in penalties if ref.kozel_penalties(p.round())[p.question.params["seat"]] == 0)
    assert zeros / len(penalties) <= 0.20


def test_no_kind_has_one_answer_most_of_the_time(rows):
    for ptype, group in rows.items():
        for kind in PUZZLE_TYPES[ptype].kinds:
            answers = Counter(r["answer"] for r in group if r["kind"] == kind)
            assert max(answers.values()) / sum(answers.values()) <= 0.5, (ptype, kind, answers.most_common(2))


def test_the_answer_can_sit_at_any_option_position(rows):
    for ptype, group in rows.items():
        for k, (n, shares) in quality.position_shares(group).items():
            if n >= 30:
                assert max(shares) <= 1 / k + 0.15, (ptype, k, shares)
        # numbers: the answer is not mostly the smallest (nor the largest) of its four values,
        # even read in order (All Fives answers are multiples of 5 from 0 up: 5 has one below)
        numeric = [r["rank"] for r in group if r["rank"] is not None]
        if len(numeric) >= 30 and ptype != "fives":
            ranks = Counter(numeric)
            assert max(ranks.values()) / len(numeric) <= 0.45, (ptype, ranks)


def test_options_are_shuffled_by_the_puzzle_seed_alone():
    puzzles = [generate("round_score", s) for s in range(40)]
    assert [p.options for p in puzzles] == [generate("round_score", s).options for s in range(40)]
    assert {p.options.index(p.answer) for p in puzzles} == {0, 1, 2, 3}
    assert any(list(p.options) != sorted(p.options) for p in puzzles)


@pytest.mark.parametrize("ptype", list(PUZZLE_TYPES))
def test_every_band_holds_a_fair_share_of_every_type_and_kind(rows, ptype):
    group = rows[ptype]
    for subset in [group] + [[r for r in group if r["kind"] == k] for k in PUZZLE_TYPES[ptype].kinds]:
        counts = Counter(r["band"] for r in subset)
        for band in ("easy", "medium", "hard"):
            assert BAND_LOW <= counts[band] / len(subset) <= BAND_HIGH, (ptype, subset[0]["kind"], counts)


def test_no_option_reads_plus_zero(sample):
    for ptype, puzzles in sample.items():
        for p in puzzles:
            for lang in LANGUAGES:
                for option in p.options if questions.KINDS[p.question.kind].mode == "choice" else ():
                    assert not label(lang, p.question.kind, option, p.rules).endswith("+0"), (p.id, option)


# ------------------------------------------------------------- kinds
def test_each_generator_declares_its_kinds_statically():
    for name, spec in PUZZLE_TYPES.items():
        module = importlib.import_module(f"puzzles.generators.{name}")
        assert isinstance(module.KINDS, tuple) and module.KINDS == spec.kinds == kinds_of_type(name)
        assert set(module.KINDS) <= set(questions.KINDS)
        assert set(spec.kind_cuts) <= set(spec.kinds)


def test_the_sample_asks_only_declared_kinds(sample):
    for ptype, puzzles in sample.items():
        assert {p.question.kind for p in puzzles} == set(kinds_of_type(ptype)), ptype


def test_the_pipeline_refuses_an_undeclared_kind():
    setup = common.Setup("laplaza_1v1", 2, ())
    rnd = Round.from_hands(setup.rules(), ["0-0 0-1", "1-1 2-2"])
    draft = common.Draft(rnd, "legal_moves", {}, [], ["match"])  # match declares match_winner only
    with pytest.raises(AssertionError, match="not in its KINDS"):
        _prove(PUZZLE_TYPES["match"], setup, 1, "1.0", draft)


@pytest.mark.parametrize("date", ["2026-11-29", "2026-12-01", "2027-02-28"])
def test_the_daily_plan_alone_tells_which_kinds_a_day_may_ask(date):
    allowed = {kind for ptype, _, _ in daily_plan(date) for kind in kinds_of_type(ptype)}
    by_type = {ptype: set(kinds_of_type(ptype)) for ptype, _, _ in daily_plan(date)}
    for p in daily_set(date):
        assert p.question.kind in by_type[p.ptype] and p.question.kind in allowed


# ------------------------------------------------------------- wording
def _texts(p, lang="en"):
    return puzzle_dict(p, lang)["explanation"]


def test_a_tie_between_single_hands_says_so():
    p = puzzle_from_id("block_count:laplaza_partners+individual_block_compare:4:65130633")
    keys = [k for k, _ in p.explanation]
    assert p.answer == {"winner": "tie", "points": 0}
    assert "explain.block.tie_hands" in keys and "explain.block.tie" not in keys
    assert "explain.block.side_total" not in keys  # side totals decide nothing at this table
    text = " ".join(_texts(p))
    assert "(6 each: You, Luis and Marco)" in text and "12 each" not in text


def test_equal_ends_read_as_one_number(sample):
    for ptype in ("legal_moves", "draw_or_pass", "block_count", "next_leader"):
        for p in sample[ptype]:
            for key, params in p.explanation:
                if "left" in params and "right" in params:
                    assert params["left"] != params["right"], (p.id, key)
    for p in sample["legal_moves"] + sample["draw_or_pass"]:
        for text in _texts(p):
            for n in range(7):
                assert f"No {n} and no {n} " not in text and f"show {n} and {n}," not in text, (p.id, text)


def test_one_tile_is_one_tile(sample):
    for p in sample["draw_or_pass"] + sample["legal_moves"]:
        for key, params in p.explanation:
            if "tiles" in params and key.startswith(("explain.draw.nothing_fits", "explain.legal.no_fit")):
                assert len(params["tiles"]) >= 2, (p.id, key)
        for text in _texts(p):
            assert "none of " not in text or ", " in text.split("none of ", 1)[1], (p.id, text)


def test_dutch_winner_labels_are_grammatical():
    p = generate("match", 2, game="laplaza_partners", overlays=["target_150"])
    labels = [label("nl", "match_winner", {"winner": 0, "shutout": s}, p.rules) for s in (False, True)]
    assert labels == ["Winnaar: Jij en Ana, niet op nul", "Winnaar: Jij en Ana, op nul"]
    assert all("door Jij" not in l for l in labels)


def test_shutout_wording_fits_the_table(sample):
    seen = set()
    for p in sample["match"]:
        for key, _ in p.explanation:
            if key.startswith(("explain.match.shutout", "explain.match.no_shutout")):
                sides = len(p.round().score)
                want = "" if p.rules.partnerships == "opposite" else "_player" if sides == 2 else "_all"
                assert key.split("shutout", 1)[1] == want, (p.id, key)  # never "the other side" of three
                seen.add(want)
    assert seen == {"", "_player", "_all"}


def test_draw_or_pass_shows_the_stock_in_order(sample):
    for p in sample["draw_or_pass"][:40]:
        data = puzzle_dict(p, "en")
        assert data["stock_order"] == list(p.position["stock"])
        assert "in the order it is drawn" in data["question"]["text"]
        drawn = [params["tile"] for key, params in p.explanation if key.startswith("explain.draw.drawn_")]
        assert drawn == data["stock_order"][:len(drawn)], p.id  # the tiles come off the top, in order
        for lang in LANGUAGES:
            assert "stock_order" in puzzle_dict(p, lang)
    assert "stock_order" not in puzzle_dict(generate("legal_moves", 1), "en")


def test_a_verdict_on_equal_ends_names_one_number():
    from puzzles.explain import verdict_sentence
    rnd = Round.from_hands(common.Setup("laplaza_partners", 4).rules(), [
        "6-6 1-2 0-0 0-1 0-2 0-3 0-4", "5-6 1-1 1-3 1-4 1-5 0-5 2-2",
        "4-6 2-3 2-4 2-5 0-6 1-6 3-3", "3-6 2-6 3-4 3-5 4-4 4-5 5-5"])
    rnd.apply("lead 6-6")
    verdict = questions.check("play_legal", rnd, {}, "1-1@L")
    assert verdict_sentence("en", "play_legal", verdict, rnd.rules) == "The 1-1 does not fit: both ends show 6."


# ------------------------------------------------------------- report
def test_the_report_command_prints_the_measures(capsys):
    code = main(["report", "--per-type", "12", "--type", "match", "--type", "fives", "--calibrate"])
    out = capsys.readouterr().out
    assert code in (0, 1)
    assert "== match (12 puzzles)" in out and "fives_points" in out and "answer position" in out
    assert "band cuts measured" in out and "floors: " in out
    assert main(["report", "--per-type", "0"]) == 2


def test_calibrate_cuts_near_thirds():
    scores = [1.0] * 30 + [2.0] * 30 + [3.0] * 40
    assert quality.calibrate(scores) == (2.0, 3.0)

