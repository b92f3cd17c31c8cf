"""Question kinds on small hand-made positions, with the expected answers worked out here."""

from __future__ import annotations

import pytest

from engine import Round, Rules, position_from_dict
from puzzles import questions
from puzzles.questions import KINDS, QuestionError, answer, check, options

PARTNERS_DEAL = ["6-6 1-2 0-0 0-1 0-2 0-3 0-4", "5-6 1-1 1-3 1-4 1-5 0-5 2-2",
                 "4-6 2-3 2-4 2-5 0-6 1-6 3-3", "3-6 2-6 3-4 3-5 4-4 4-5 5-5"]

#: A Partners round 2 frozen as a snapshot: both ends 6 with all seven sixes down (blocked).
BLOCKED_LINE = ["6-0", "0-1", "1-6", "6-6", "6-2", "2-3", "3-6", "6-4", "4-5", "5-6"]
BLOCKED_HANDS = [["0-0", "0-2", "1-1", "2-2", "5-5"],  # You: 0+2+2+4+10 = 18
                 ["0-3", "1-2", "3-3", "4-4", "0-5"],  # Luis: 3+3+6+8+5 = 25
                 ["0-4", "1-3", "1-4", "2-4"],         # Ana: 4+4+5+6 = 19
                 ["1-5", "2-5", "3-4", "3-5"]]         # Marco: 6+7+7+8 = 28


def blocked(overlays=(), last_placer=2, score=(0, 0)) -> Round:
    rules = Rules.preset("laplaza_partners", overlays=overlays)
    return position_from_dict({"rules": rules.to_dict(), "round": 2, "hands": BLOCKED_HANDS,
                               "line": BLOCKED_LINE, "turn": 3, "leader": 0, "last_placer": last_placer,
                               "score": list(score)}, reachable=False)  # a diagram: the turns before do not matter


def test_every_kind_is_described():
    assert set(KINDS) >= {"play_legal", "legal_moves", "must_do", "next_leader", "block_winner", "round_points",
                          "fives_points", "fives_best", "capicu_play", "kozel_penalty", "kozel_goat",
                          "match_winner", "cannot_hold", "unseen_count", "draw_outcome", "block_score", "shutout"}
    for kind in KINDS.values():
        assert kind.mode in ("board", "choice") and kind.summary


def test_play_legal_accepts_any_legal_placement_and_names_the_engines_reason():
    r = Round.from_hands(Rules.preset("laplaza_partners"), PARTNERS_DEAL)
    assert check("play_legal", r, {}, "lead 6-6").correct
    assert check("play_legal", r, {}, "lead 0-0").reason == "illegal.forced_lead"
    r.apply("lead 6-6")
    assert check("play_legal", r, {}, "5-6@L").correct and check("play_legal", r, {}, "5-6@R").correct
    v = check("play_legal", r, {}, "1-1@L")
    assert (v.correct, v.reason, v.params["left"], v.params["right"]) == (False, "illegal.no_fit", 6, 6)
    assert check("play_legal", r, {}, "6-6@L").reason == "illegal.not_in_hand"
    assert check("play_legal", r, {}, "pass").reason == "illegal.must_play"
    assert check("play_legal", r, {}, "3-5@X").reason == "bad_response"


def test_legal_moves_is_the_canonical_set():
    r = Round.from_hands(Rules.preset("laplaza_partners"), PARTNERS_DEAL)
    r.apply("lead 6-6")
    assert answer("legal_moves", r, {}) == ["5-6@L"]       # equal ends: one move, not two
    assert check("legal_moves", r, {}, ["5-6@R"]).correct  # either side is that move
    r.apply("5-6@R")  # ends 6 | 5: Ana holds 4-6, 2-5 and 1-6, 0-6
    assert sorted(answer("legal_moves", r, {})) == ["0-6@L", "1-6@L", "2-5@R", "4-6@L"]
    v = check("legal_moves", r, {}, ["2-5@R", "0-6@L"])
    assert v.reason == "missed" and v.params["missed"] == ["1-6@L", "4-6@L"]
    v = check("legal_moves", r, {}, ["2-5@R", "0-6@L", "1-6@L", "4-6@L", "3-3@L"])
    assert v.reason == "extra" and v.params["extra"] == ["3-3@L"]
    assert check("legal_moves", r, {}, "2-5@R").reason == "bad_response"


def test_must_do_and_draw_outcome_follow_the_draw_rule():
    rules = Rules.preset("laplaza_1v1")
    r = Round.from_hands(rules, ["6-6 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 2-2 2-3"],
                         stock="2-4 2-5 2-6 3-3 3-4 3-5 3-6 4-4 4-5 4-6 5-5 5-6 1-6 0-0", leader=0)
    r.apply("lead 6-6")
    # B holds no 6; the stock from the top: 2-4, 2-5, 2-6 (the first six), ..., 3-6, 4-6 ...
    assert answer("must_do", r, {}) == "draw"
    assert answer("draw_outcome", r, {}) == {"first": "draw", "plays": "2-6"}
    opts = options("draw_outcome", r, {}, seed=1)
    assert sum(check("draw_outcome", r, {}, o).correct for o in opts) == 1
    assert {"first": "draw", "plays": "3-6"} in opts  # a deeper six: the tempting wrong answer
    assert not check("draw_outcome", r, {}, {"first": "pass", "plays": None}).correct


def test_must_do_can_offer_draw_as_a_wrong_choice_where_nothing_can_be_drawn():
    # The Block game: the spare tiles sleep, so a player with nothing that fits passes.
    r = position_from_dict({"rules": {"preset": "block", "players": 2},
                            "hands": [["1-2", "3-5", "6-6", "2-3"], ["0-4", "2-4", "3-6", "2-2"]],
                            "line": ["4-5", "5-5", "5-1", "1-1", "1-6", "6-0"], "turn": 0, "leader": 0,
                            "last_placer": 1})
    assert not r.rules.can_draw and answer("must_do", r, {}) == "pass"
    assert options("must_do", r, {}) == ["play", "pass"]
    assert options("must_do", r, {"offer_draw": True}) == ["play", "draw", "pass"]
    assert options("must_do", r, {"offer_draw": "yes"}) == ["play", "pass"]  # only a real true
    verdict = check("must_do", r, {"offer_draw": True}, "draw")
    assert not verdict.correct and verdict.expected == "pass" and verdict.reason == "wrong"
    assert check("must_do", r, {"offer_draw": True}, "pass").correct
    # where the rules can draw, Draw is offered anyway
    one_v_one = Round.from_hands(Rules.preset("laplaza_1v1"),
                                 ["6-6 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 2-2 2-3"],
                                 stock="2-4 2-5 2-6 3-3 3-4 3-5 3-6 4-4 4-5 4-6 5-5 5-6 1-6 0-0", leader=0)
    assert options("must_do", one_v_one, {}) == options("must_do", one_v_one, {"offer_draw": True})


def _touch_table(touch: str = "on"):
    """Partners mid-round, ends 5 and 2; you hold 0-3 1-6 2-5 2-6 5-5 (2-5 fits both ends)."""
    return position_from_dict({
        "rules": {"preset": "laplaza_partners", "options": {"touch_move": touch}},
        "hands": [["0-3", "1-6", "2-5", "2-6", "5-5"], ["0-0", "0-1", "0-4", "1-2", "3-4"],
                  ["0-2", "0-5", "2-2", "3-5", "4-5"], ["0-6", "1-5", "2-4", "3-6"]],
        "line": ["5-6", "6-6", "6-4", "4-4", "4-1", "1-1", "1-3", "3-3", "3-2"],
        "turn": 0, "leader": 3, "last_placer": 3})


def test_touch_move_wants_the_touched_tile_on_either_end_and_nothing_else():
    r = _touch_table()
    assert answer("touch_move", r, {"tile": "2-5"}) == ["2-5@L", "2-5@R"]
    assert KINDS["touch_move"].mode == "board" and options("touch_move", r, {"tile": "2-5"})
    for end in "LR":
        verdict = check("touch_move", r, {"tile": "2-5"}, f"2-5@{end}")
        assert verdict.correct and verdict.reason == "laid_touched"
    better_looking = check("touch_move", r, {"tile": "2-5"}, "5-5@L")  # legal, but not the tile touched
    assert not better_looking.correct and better_looking.reason == "not_touched"
    assert better_looking.params == {"action": "5-5@L", "tile": "2-5"}
    assert check("touch_move", r, {"tile": "2-5"}, "0-3@L").reason == "illegal.no_fit"
    assert check("touch_move", r, {"tile": "2-5"}, "nonsense").reason == "bad_response"


@pytest.mark.parametrize("touch, tile, code", [
    ("off", "2-5", "touch_move_off"),   # a table without the rule binds nothing
    ("on", "0-0", "bad_param"),         # not in the mover's hand
    ("on", "0-3", "bad_param"),         # held, but it fits neither end: nothing to lay
    ("on", "twenty", "bad_param"),
])
def test_touch_move_is_asked_only_where_the_touched_tile_binds(touch, tile, code):
    with pytest.raises(QuestionError) as error:
        answer("touch_move", _touch_table(touch), {"tile": tile})
    assert error.value.code == code


def test_block_questions_on_a_dead_board():
    r = blocked()
    # sides: You + Ana = 18 + 19 = 37, Luis + Marco = 25 + 28 = 53
    assert answer("block_winner", r, {}) == 0
    assert answer("block_score", r, {}) == {"winner": 0, "points": 37 + 53}
    assert answer("next_leader", r, {}) == 2                # the blocker (Ana), La Plaza
    assert answer("next_leader", blocked(["fid"]), {}) == 1  # rotation after the leader (You)
    assert answer("block_score", blocked(["losing_side_only"]), {}) == {"winner": 0, "points": 53}
    assert answer("block_score", blocked(["blocker_wins"], last_placer=3), {}) == {"winner": 1, "points": 90}
    opts = options("block_score", r, {}, seed=3)
    assert sum(check("block_score", r, {}, o).correct for o in opts) == 1
    assert answer("round_points", r, {}) == 90
    with pytest.raises(QuestionError):
        answer("legal_moves", r, {})


def test_match_and_shutout():
    r = blocked(score=(20, 0))
    assert answer("match_winner", r, {}) == {"winner": 0, "shutout": True}   # 20 + 90 >= 100
    assert answer("shutout", r, {}) is True
    r = blocked(score=(5, 0))
    assert answer("match_winner", r, {}) == {"winner": "none", "shutout": False}   # 95: not yet
    assert answer("match_winner", blocked(score=(20, 3)), {}) == {"winner": 0, "shutout": False}


def test_fives_scores_the_ends_as_the_seed_says():
    rules = Rules.preset("all_fives")
    hands = ["5-5 0-1 0-2 0-3 1-1 1-2 1-3", "0-5 2-2 2-3 2-4 3-3 3-4 4-4"]
    stock = "0-0 0-4 0-6 1-4 1-5 1-6 2-5 2-6 3-5 3-6 4-5 4-6 5-6 6-6"
    r = Round.from_hands(rules, hands, stock=stock, leader=0)
    assert answer("fives_points", r, {"action": "lead 5-5"}) == 10
    r.apply("lead 5-5")
    assert answer("fives_points", r, {"action": "0-5@L"}) == 5      # 5 + 0: each end once
    pagat = Round.from_hands(Rules.preset("all_fives", overlays=["all_fives_pagat"]),
                             ["5-5 0-1 0-2 0-3 1-1 1-2 1-3 0-0 0-4", "0-5 2-2 2-3 2-4 3-3 3-4 4-4 0-6 1-4"],
                             stock="1-5 1-6 2-5 2-6 3-5 3-6 4-5 4-6 5-6 6-6", leader=0)
    pagat.apply("lead 5-5")
    assert answer("fives_points", pagat, {"action": "0-5@L"}) == 10  # the double counts both halves
    assert answer("fives_best", r, {}) == ["0-5@L"]
    assert check("fives_best", r, {}, "0-5@R").correct   # equal ends: the same move
    with pytest.raises(QuestionError):
        answer("fives_points", r, {"action": "3-4@L"})   # not a legal placement here


CAPICU_HANDS = [["2-5"], ["0-3", "0-4", "0-5", "0-6", "1-2", "1-3", "1-4"],   # Luis: 30 pips
                ["1-6", "2-2", "2-3", "2-4", "2-6", "3-3", "3-4"],        # Ana: 43 pips
                ["3-5", "3-6", "4-4", "4-5", "4-6", "5-6", "6-6"]]        # Marco: 67 pips


def capicu_round(overlays=(), hands=CAPICU_HANDS) -> Round:
    rules = Rules.preset("laplaza_partners", overlays=overlays)
    return position_from_dict({"rules": rules.to_dict(), "round": 2, "hands": hands, "turn": 0, "leader": 1,
                               "line": ["2-0", "0-0", "0-1", "1-1", "1-5", "5-5"]},  # ends 2 | 5
                             reachable=False)


def test_capicu_play_and_its_bonus():
    r = capicu_round()
    assert r.ends == (2, 5)
    assert answer("capicu_play", r, {}) == ["2-5@L", "2-5@R"]
    assert check("capicu_play", r, {}, "2-5@R").correct
    double = [["2-2"], CAPICU_HANDS[1], ["1-6", "2-5", "2-3", "2-4", "2-6", "3-3", "3-4"], CAPICU_HANDS[3]]
    assert answer("capicu_play", capicu_round(hands=double), {}) == []   # a double is never a capicú
    for overlays, points in [((), 140), (("capicu_25",), 165), (("capicu_30",), 170),
                             (("capicu_25", "losing_side_only"), 30 + 67 + 25)]:
        r = capicu_round(overlays)
        r.apply("2-5@L")
        assert r.result.capicu
        assert answer("round_points", r, {}) == points
        opts = options("round_points", r, {}, seed=7)
        assert points in opts and len(set(opts)) == len(opts) == 4


def kozel_fish(score) -> Round:
    rules = Rules.preset("kozel", 3)
    return position_from_dict({
        "rules": rules.to_dict(), "round": 2, "score": list(score), "turn": 2, "leader": 0, "last_placer": 1,
        "line": BLOCKED_LINE, "stock": [],
        "hands": [["0-0", "0-2", "1-1"],                                    # 4 pips
                  ["2-2", "5-5", "0-5", "1-2", "3-3", "4-4"],               # 36 pips: the fish-maker
                  ["0-3", "1-3", "1-4", "2-4", "0-4", "1-5", "2-5", "3-4", "3-5"]]},  # 50 pips
        reachable=False)


def test_kozel_penalties_and_the_goat():
    r = kozel_fish([40, 95, 60])
    assert r.result is not None and r.result.blocker == 1
    assert answer("kozel_penalty", r, {"seat": 1}) == 0     # the fish-maker takes nothing, even holding 36
    assert answer("kozel_penalty", r, {"seat": 0}) == 4
    assert answer("kozel_penalty", r, {"seat": 2}) == 50
    assert answer("kozel_goat", r, {}) == 2                # 60 + 50 = 110
    assert answer("kozel_goat", kozel_fish([40, 95, 50]), {}) == "none"   # 100 is not enough
    assert answer("kozel_goat", kozel_fish([98, 101, 51]), {}) == [0, 1, 2]
    opts = options("kozel_penalty", r, {"seat": 1}, seed=2)
    assert 0 in opts and 36 in opts                          # the fish-maker's own pips: the trap
    with pytest.raises(QuestionError):
        answer("round_points", r, {})


def test_reading_from_one_seat():
    r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
                         "5-6 1-1 1-2 1-3 1-6 1-5 0-6", "2-2 2-3 2-4 3-3 3-4 4-4 1-4",
                         "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
    for action in ["lead 6-6", "5-6@R", "pass"]:
        r.apply(action)
    # Ana passed on 5 and 6; the only 0 you have not seen is 0-6, so she has no 0 either.
    assert answer("cannot_hold", r, {"seat": 2, "viewer": 0}) == [0, 5, 6]
    assert check("cannot_hold", r, {"seat": 2, "viewer": 0}, [6, 0, 5]).correct
    assert not check("cannot_hold", r, {"seat": 2, "viewer": 0}, [5, 6]).correct
    # You hold 0-5 and see 5-6 on the line: 7 - 1 - 1 = 5 fives unseen.
    assert answer("unseen_count", r, {"number": 5, "viewer": 0}) == 5
    assert all(0 <= n <= 7 for n in options("unseen_count", r, {"number": 5, "viewer": 0}, seed=1))
    with pytest.raises(QuestionError):
        answer("cannot_hold", r, {"seat": 0, "viewer": 0})


@pytest.mark.parametrize("kind", [k for k, v in KINDS.items() if v.mode == "choice"])
def test_bad_responses_are_refused_plainly(kind):
    r = blocked()
    params = {"seat": 1, "number": 3, "viewer": 0, "action": "lead 6-6"}
    try:
        questions.answer(kind, r, params)
    except QuestionError:
        return  # this kind is not about a blocked Partners round
    verdict = check(kind, r, params, object())
    assert not verdict.correct and verdict.reason == "bad_response"
