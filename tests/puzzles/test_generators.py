"""Every puzzle type over many seeds: the engine's answer, derived a second time here;
one right answer; wrong options wrong; texts in every language; ids that regenerate."""

from __future__ import annotations

import json

import pytest

from engine import Action, Round, Rules, deal, position_from_dict
from puzzles import LANGUAGES, PUZZLE_TYPES, KINDS, check, generate, puzzle_dict, puzzle_from_id
from puzzles.model import PuzzleId, band_of
from puzzles import questions

from . import reference as ref


def rebuild(position: dict) -> Round:
    """The position dealt again from its seed with the engine, its history applied move by move."""
    rules = Rules.from_dict(position["rules"])
    history = position.get("history", [])  # a lead puzzle has no history yet: its leader is to move
    leader = history[0]["seat"] if history else position["turn"]
    rnd = deal(rules, position["seed"], position["round"], leader=leader, score=position["score"])
    for step in history:
        assert step["seat"] == rnd.turn
        rnd.apply(step["action"])
    return rnd


def expected(p, rnd: Round):
    """The answer worked out by tests/puzzles/reference.py."""
    kind, params = p.question.kind, p.question.params
    if kind == "legal_moves":
        return ref.legal_moves(rnd)
    if kind == "draw_outcome":
        return ref.draw_outcome(rnd)[0]
    if kind == "next_leader":
        return ref.next_leader(rnd)
    if kind == "block_score":
        winner = ref.block_winner(rnd)
        return {"winner": "tie", "points": 0} if winner is None else {"winner": winner,
                                                                       "points": ref.block_points(rnd, winner)}
    if kind == "round_points":
        return ref.domino_points(rnd)
    if kind == "fives_points":
        return ref.fives_value(rnd, params["action"])
    if kind == "fives_best":
        scores = {m: ref.fives_value(rnd, m) for m in ref.canonical_placements(rnd)}
        best = max(scores.values())
        return [m for m, s in scores.items() if s == best]
    if kind == "kozel_penalty":
        return ref.kozel_penalties(rnd)[params["seat"]]
    if kind == "kozel_goat":
        goats = ref.kozel_goats(rnd)
        return "none" if not goats else goats[0] if len(goats) == 1 else goats
    if kind == "match_winner":
        return ref.match_winner(rnd)
    if kind == "cannot_hold":
        return ref.cannot_hold(dict(p.position), params["viewer"], params["seat"], p.answer)
    if kind == "unseen_count":
        return ref.unseen_count(rnd.view(params["viewer"]), params["number"])
    if kind == "best_move":
        return ref.best_move(rnd, params)
    if kind == "where_tile":
        return ref.where_tile(rnd, params["viewer"], params["tile"])
    raise AssertionError(f"no reference for {kind}")


def test_every_type_is_swept(sweep):
    assert set(sweep) == set(PUZZLE_TYPES)
    for name, puzzles in sweep.items():
        assert {p.question.kind for p in puzzles} == set(PUZZLE_TYPES[name].kinds), name


@pytest.mark.parametrize("ptype", list(PUZZLE_TYPES))
def test_answer_is_the_engines_and_matches_a_second_derivation(sweep, ptype):
    for p in sweep[ptype]:
        rnd = rebuild(dict(p.position))
        assert p.answer == expected(p, rnd), p.id
        assert questions.answer(p.question.kind, rnd, p.question.params) == p.answer, p.id


@pytest.mark.parametrize("ptype", list(PUZZLE_TYPES))
def test_one_right_answer_and_every_wrong_option_is_wrong(sweep, ptype):
    for p in sweep[ptype]:
        rnd = rebuild(dict(p.position))
        kind = KINDS[p.question.kind]
        right = expected(p, rnd)
        params = p.question.params
        if kind.mode == "board":
            assert set(p.options) >= set(right), p.id  # the board offers every right move
            if p.question.kind == "fives_best":
                assert len(right) == 1, p.id
            mirror = rnd.ends is not None and rnd.ends[0] == rnd.ends[1]
            for option in p.options:
                same = option.replace("@R", "@L") if mirror else option  # equal ends: one move
                if p.question.kind == "legal_moves":
                    verdict = questions.check(p.question.kind, rnd, params, [option])
                    assert verdict.correct == ([same] == right), (p.id, option)
                else:
                    verdict = questions.check(p.question.kind, rnd, params, option)
                    assert verdict.correct == (same in right), (p.id, option)
        elif kind.multi:
            assert set(right) <= set(p.options)
            for option in p.options:
                flipped = sorted(set(right) ^ {option})
                assert not questions.check(p.question.kind, rnd, params, flipped).correct, (p.id, option)
            assert questions.check(p.question.kind, rnd, params, right).correct
        else:
            assert [o for o in p.options if o == right] == [right], p.id
            for option in p.options:
                assert questions.check(p.question.kind, rnd, params, option).correct == (option == right), \
                    (p.id, option)
        assert len(json.dumps(p.options)) > 2


@pytest.mark.parametrize("ptype", list(PUZZLE_TYPES))
def test_the_puzzle_needs_the_rule_it_drills(sweep, ptype):
    for p in sweep[ptype]:
        rnd = rebuild(dict(p.position))
        kind = p.question.kind
        rules = rnd.rules
        if kind == "legal_moves":
            hand = rnd.hand(rnd.turn)
            moves = ref.legal_moves(rnd)
            if rnd.ends is not None:
                placed = {m.split("@")[0] for m in moves if "@" in m}
                assert len(placed) < len(hand) or rnd.ends[0] == rnd.ends[1] or \
                    any(m.endswith("@R") for m in moves if m.replace("@R", "@L") in moves), p.id
            else:
                assert rnd.forced_lead >= 0
        elif kind == "draw_outcome":
            outcome, draws = ref.draw_outcome(rnd)
            assert outcome["first"] == "pass" or outcome["plays"] is None or draws >= 2, p.id
        elif kind == "next_leader":
            others = set()
            for options in ({"next_lead_after_domino": "player_out", "next_lead_after_block": "blocker",
                             "next_lead_after_block_tie": "blocker"},
                            {"next_lead_after_domino": "rotate", "next_lead_after_block": "rotate",
                             "next_lead_after_block_tie": "rotate"},
                            {"next_lead_after_domino": "player_out", "next_lead_after_block": "block_winner",
                             "next_lead_after_block_tie": "lot"}):
                went_out = any(not rnd.hand(s) for s in range(rnd.n))
                tie = not went_out and ref.block_winner(rnd) is None
                which = ("next_lead_after_domino" if went_out else
                         "next_lead_after_block_tie" if tie else "next_lead_after_block")
                if options[which] == getattr(rules, which):
                    continue  # the same rule for this ending: not an alternative
                data = dict(p.position, rules=rules.with_options(**options).to_dict())
                alt = rebuild(data)
                answer = ref.next_leader(alt)
                if isinstance(answer, int):
                    others.add(answer)
            assert p.answer not in others, p.id
        elif kind == "block_score":
            blocker_side = rules.side_of(ref.last_placer(rnd))
            low = min(range(rnd.n), key=lambda s: (rnd.pips(s), s))
            if rules.block_winner == "blocker":  # the blocker's side must not be the lighter one anyway
                totals = ref.side_pips(rnd)
                assert totals[p.answer["winner"]] > min(totals), p.id
                continue
            assert (p.answer["winner"] == "tie" or p.answer["winner"] != blocker_side
                    or p.answer["winner"] != rules.side_of(low)
                    or (rules.block_points.startswith("diff") and rnd.n >= 3)), p.id
        elif kind == "round_points":
            changed = []
            for overlay, undo in (("losing_side_only", {"domino_points": "all_hands"}),
                                  ("capicu_25", {"capicu_bonus": 0}), ("capicu_30", {"capicu_bonus": 0}),
                                  ("all_fives_pagat", {"end_rounding": "none"})):
                if overlay in rules.overlays:
                    alt = rebuild(dict(p.position, rules=rules.with_options(**undo).to_dict()))
                    changed.append(ref.domino_points(alt) != p.answer)
            if changed:
                assert all(changed), p.id
            else:
                out = next(s for s in range(rnd.n) if not rnd.hand(s))
                tempting = (rnd.pips((out + 2) % 4) if rules.partnerships == "opposite"
                            else sum(t.pips for t in rnd.stock) if rules.can_draw else 1)
                assert tempting > 0, p.id
        elif kind == "fives_points":
            # a scoring play, or one that looks as if it scores (the other double model, the
            # tile's own pips, or ends adding up to 0)
            action = p.question.params["action"]
            after = rnd.copy()
            after.apply(action)
            other = rnd.rules.with_options(double_end_value="single" if rules.double_end_value == "both_halves"
                                           else "both_halves")
            alt = rebuild(dict(p.position, rules=other.to_dict()))
            looks = (ref.fives_value(alt, action) > 0 or after.ends[0] + after.ends[1] == 0
                     or Action.parse(action).tile.pips % 5 == 0)
            assert p.answer > 0 or looks, p.id
        elif kind == "kozel_penalty":
            seat = p.question.params["seat"]
            assert p.answer != 0 or rnd.pips(seat) > 0, p.id
        elif kind == "kozel_goat":
            assert p.answer == "none" or isinstance(p.answer, int), p.id
        elif kind == "match_winner":
            if p.answer["winner"] == "none":
                assert max(a + b for a, b in zip(rnd.score, ref.round_points_total(rnd))) >= rules.target - 15
        elif kind == "cannot_hold":
            assert p.answer, p.id
        elif kind == "unseen_count":
            view = rnd.view(p.question.params["viewer"])
            number = p.question.params["number"]
            assert any(t.has(number) for t in view.hand) and any(number in pair for pair in view.line), p.id


def test_explanations_and_texts_exist_in_every_language(all_puzzles):
    for p in all_puzzles:
        for lang in LANGUAGES:
            data = puzzle_dict(p, lang)
            assert data["question"]["text"].strip() and data["title"].strip()
            assert data["explanation"] and all(line.strip() for line in data["explanation"]), (p.id, lang)
            for text in [data["question"]["text"], data["answer_label"], *data["explanation"],
                         *(o["label"] for o in data["options"]), *(t["label"] for t in data["themes"])]:
                assert text.strip() and "{" not in text and "}" not in text, (p.id, lang, text)
            json.dumps(data)  # JSON-able
        wrong = check(p, "not an answer", "nl")
        assert not wrong.correct and wrong.explanation and wrong.lang == "nl"


def test_explanations_differ_by_language(sweep):
    p = sweep["block_count"][0]
    texts = {lang: tuple(puzzle_dict(p, lang)["explanation"]) for lang in LANGUAGES}
    assert len(set(texts.values())) == len(LANGUAGES)


def test_ids_regenerate_the_same_puzzle(all_puzzles):
    for p in all_puzzles[::3]:
        pid = PuzzleId.parse(p.id)
        assert str(pid) == p.id and pid.ptype == p.ptype and pid.seed == p.seed
        again = puzzle_from_id(p.id)
        assert again == p and puzzle_dict(again, "es") == puzzle_dict(p, "es")


def test_positions_are_reachable_and_carry_no_answer(all_puzzles):
    for p in all_puzzles:
        position = dict(p.position)
        assert "result" not in position
        rnd = rebuild(position)
        assert [str(t) for t in rnd.stock] == position["stock"] and rnd.turn == position["turn"]
        assert [[str(t) for t in rnd.hand(s)] for s in range(rnd.n)] == position["hands"]
        assert [f"{a}-{b}" for a, b in rnd.line] == position["line"]
        assert (rnd.result is not None) == KINDS[p.question.kind].finished, p.id


def test_the_engine_loader_reads_every_position(all_puzzles):
    for p in all_puzzles:
        rnd = position_from_dict(dict(p.position))
        assert questions.answer(p.question.kind, rnd, p.question.params) == p.answer


def test_reading_puzzles_use_one_seat_view_only(sweep):
    for p in sweep["reading"]:
        data = puzzle_dict(p, "en")
        view = data["view"]
        assert view["seat"] == p.viewer == p.question.params["viewer"]
        assert "cannot_hold" not in view and "unseen" not in view
        assert view["hand"] == data["position"]["hands"][p.viewer]
        assert "hands" not in view


def test_difficulty_is_measured_and_banded(all_puzzles):
    for p in all_puzzles:
        d = p.difficulty
        assert set(d.factors) == {"choices", "terms", "total", "steps"}
        assert d.band == band_of(d.score, PUZZLE_TYPES[p.ptype].cuts_for(p.question.kind))


@pytest.mark.parametrize("ptype", list(PUZZLE_TYPES))
def test_each_band_can_be_asked_for(ptype):
    for band in ("easy", "medium", "hard"):
        p = generate(ptype, 5, difficulty=band)
        assert p.difficulty.band == band
        assert puzzle_from_id(p.id) == p


def test_themes_are_tagged(all_puzzles):
    for p in all_puzzles:
        assert p.themes and len(set(p.themes)) == len(p.themes)
