"""The app's API: generate, check, puzzle_from_id, practice_puzzle, PUZZLE_TYPES."""

from __future__ import annotations

import pytest

from engine import PRESET_NAMES
from puzzles import (
    BANDS, PUZZLE_TYPES, PuzzleError, check, generate, practice_puzzle, puzzle_from_id,
)
from puzzles.model import PuzzleId

# in the smoke set that scripts/smoke_pythons.sh runs on Python 3.12 and 3.13
pytestmark = pytest.mark.smoke


def test_puzzle_types_say_what_they_fit_and_drill():
    for name, spec in PUZZLE_TYPES.items():
        assert spec.presets and set(spec.presets) <= set(PRESET_NAMES)
        assert spec.drills and spec.lessons and spec.summary and spec.kinds
        assert spec.cuts[0] < spec.cuts[1]
        for setup in spec.setups:
            setup.rules()  # every declared game is a real engine game


def test_the_same_arguments_give_the_same_puzzle():
    a = generate("round_score", 99, game="laplaza_partners", overlays=["capicu_30"])
    b = generate("round_score", 99, game="laplaza_partners", overlays=("capicu_30",))
    assert a == b and a.id == "round_score:laplaza_partners+capicu_30:4:99"
    assert "capicu" in a.themes and "capicu_bonus" in a.themes


def test_overlay_order_does_not_change_the_id():
    a = generate("round_score", 4, game="laplaza_partners", overlays=["losing_side_only", "capicu_25"])
    assert a.id == "round_score:laplaza_partners+capicu_25+losing_side_only:4:4"
    assert puzzle_from_id("round_score:laplaza_partners+losing_side_only+capicu_25:4:4") == a


def test_difficulty_request_keeps_the_id_exact():
    p = generate("legal_moves", 10, difficulty="hard")
    assert p.difficulty.band == "hard" and PuzzleId.parse(p.id).seed >= 10
    assert puzzle_from_id(p.id) == p


@pytest.mark.parametrize("call", [
    lambda: generate("nope", 1),
    lambda: generate("fives", -1),
    lambda: generate("fives", True),
    lambda: generate("fives", 1, game="kozel"),
    lambda: generate("fives", 1, game="nope"),
    lambda: generate("fives", 1, difficulty="brutal"),
    lambda: generate("kozel", 1, players=5),
    lambda: puzzle_from_id("fives:all_fives:2"),
    lambda: puzzle_from_id("fives:all_fives+nope:2:1"),
    lambda: practice_puzzle("fives", "block", "easy", 0),
    lambda: practice_puzzle("fives", None, None, -1),
])
def test_bad_requests_raise_plain_puzzle_errors(call):
    with pytest.raises(PuzzleError) as info:
        call()
    assert "\n" not in str(info.value)


def test_practice_stream_is_stable_and_varied():
    stream = [practice_puzzle("block_count", "laplaza_partners", "medium", i) for i in range(4)]
    assert [p.id for p in stream] == [practice_puzzle("block_count", "laplaza_partners", "medium", i).id
                                      for i in range(4)]
    assert len({p.id for p in stream}) == 4
    assert all(p.difficulty.band == "medium" and p.rules.preset_name == "laplaza_partners" for p in stream)
    any_game = practice_puzzle("reading", None, None, 3)
    assert any_game.ptype == "reading" and any_game.difficulty.band in BANDS


def test_check_gives_a_localized_verdict():
    p = generate("block_count", 1234, game="laplaza_partners", overlays=["fid"])
    right = check(p, p.answer, "pt")
    assert right.correct and right.lines[0] == "Certo." and right.explanation.startswith("Certo.")
    wrong = next(o for o in p.options if o != p.answer)
    verdict = check(p, wrong, "es")
    assert not verdict.correct and verdict.reason == "wrong" and verdict.expected == p.answer
    assert verdict.lines[0].startswith("Casi.") and len(verdict.lines) > 2
    assert verdict.to_dict()["lang"] == "es"
    with pytest.raises(PuzzleError):
        check(p, p.answer, "fr")


def test_board_puzzles_name_the_illegal_move():
    p = generate("legal_moves", 3)
    hand = p.position["hands"][p.viewer]
    verdict = check(p, ["9-9@L"], "en")
    assert verdict.reason == "bad_response" and not verdict.correct
    verdict = check(p, p.answer + [f"{hand[0]}@L", f"{hand[0]}@R"], "en")
    assert not verdict.correct or set(p.answer) >= {f"{hand[0]}@L"}
