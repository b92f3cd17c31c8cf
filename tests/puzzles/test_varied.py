"""Review C17: a printed set has variety: no near repeats, and a drill whose answer the
table's rules fix (Kozel's next lead) is mixed with a companion whose answers vary."""

from __future__ import annotations

import pytest

from puzzles import practice_puzzle
from puzzles.varied import look, varied_set


def test_the_kozel_who_leads_next_set_does_not_give_one_answer_six_times():
    stream = [practice_puzzle("next_leader", "kozel", None, i).answer for i in range(6)]
    assert stream == ["priority"] * 6  # the stream alone: the rule fixes the answer (KZ-06)
    chosen = varied_set("next_leader", "kozel", None, 6)
    answers = [str(p.answer) for p in chosen]
    assert len(chosen) == 6 and chosen[0] == practice_puzzle("next_leader", "kozel", None, 0)
    assert answers.count("priority") <= 3 and len(set(answers)) >= 3, answers
    for puzzle in chosen:
        assert puzzle.rules.preset_name == "kozel"
        if puzzle.answer != "priority":  # a companion: the priority lead of a new deal
            rnd = puzzle.round()
            assert puzzle.question.kind == "legal_moves" and not rnd.line
            assert [str(a) for a in rnd.legal_actions()] == puzzle.answer and puzzle.answer[0].startswith("lead ")


def test_the_kozel_penalty_set_has_no_near_repeats():
    stream = [practice_puzzle("kozel", "kozel", "medium", i) for i in range(4)]
    assert len({look(p) for p in stream}) < 4  # the stream repeats "Player 2 · 4" within four
    chosen = varied_set("kozel", "kozel", "medium", 4)
    assert len(chosen) == 4 and len({look(p) for p in chosen}) == 4
    assert chosen[0] == stream[0]


@pytest.mark.parametrize(("ptype", "game", "level"), [("block_count", "laplaza_partners", "hard"),
                                                       ("round_score", None, None), ("next_leader", None, None),
                                                       ("draw_or_pass", "laplaza_1v1", None)])
def test_a_set_keeps_the_streams_order_from_the_puzzle_on_screen(ptype, game, level):
    chosen = varied_set(ptype, game, level, 6, start=3)
    assert chosen[0] == practice_puzzle(ptype, game, level, 3)
    looks = [look(p) for p in chosen]
    assert len(chosen) == 6 and len({p.id for p in chosen}) == 6
    # a drill with few possible answers (a seat, "lot", "priority") repeats one at most twice
    assert max(looks.count(x) for x in looks) <= (2 if ptype == "next_leader" else 1), looks
