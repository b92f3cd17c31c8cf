"""Personal puzzles in the stores (progress/mistakes.py): a guest's in memory, a profile's in
SQLite and PostgreSQL, with the same tests on each; the schedule 1, 3, 7, 21 days. Every date
is given: none comes from today's clock."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

import pytest

from engine import Rules, deal
from engine.notation import position_to_dict
from progress import NullStore, ProfileError
from progress.mistakes import MemoryMistakes, PersonalPuzzle, puzzle_id

DAY = date(2026, 12, 1)


def _puzzle(seed: str = "a", *, game_theme: str = "other", made_on: date = DAY) -> PersonalPuzzle:
    rnd = deal(Rules.preset("draw", players=2), seed=seed)
    actions = [str(a) for a in rnd.legal_actions()]
    return PersonalPuzzle.make(position_to_dict(rnd), rnd.turn, actions[0], answers=(actions[1],),
                               values={actions[0]: -10.0, actions[1]: 2.0}, margin_low=11.0, deals=20, exact=True,
                               grade="mistake", themes=(game_theme,), source="play", made_on=made_on)


@pytest.fixture(params=["saved", "guest"])
def kept(request, saved_or_memory):
    """(mistakes, owner): a store's (a saved profile's on SQLite and PostgreSQL, or the
    memory store's profile) and a guest's session memory (owner None)."""
    if request.param == "guest":
        if not isinstance(saved_or_memory, NullStore):
            pytest.skip("one guest run is enough")
        return MemoryMistakes(), None
    owner = saved_or_memory.create_profile("Ana").id
    return saved_or_memory.mistakes, owner


def test_the_id_is_the_same_for_the_same_mistake_and_differs_otherwise():
    a, b = _puzzle(), _puzzle()
    assert a.id == b.id and a.id.startswith("mine-") and len(a.id) == 21
    assert _puzzle("b").id != a.id
    assert puzzle_id(a.position, a.seat, a.answers[0]) != a.id
    assert a.game == "draw"


def test_a_puzzle_survives_json_and_shows_the_seat_s_view():
    p = _puzzle()
    back = PersonalPuzzle.from_json(p.to_json())
    assert back == p
    assert back.view().hand == p.round().view(p.seat).hand
    assert p.is_answer(p.answers[0]) and not p.is_answer(p.played)


def test_a_mistake_is_due_the_day_it_is_made_then_after_1_3_7_and_21_days(kept):
    mistakes, owner = kept
    p = _puzzle()
    assert mistakes.add(owner, p) is True
    assert mistakes.count_due(owner, DAY - timedelta(days=1)) == 0
    assert [q.id for q in mistakes.due(owner, DAY)] == [p.id]
    day, gaps = DAY, []
    for _ in range(4):  # wrong at each due review: the gaps still grow
        mistakes.answer(owner, p.id, False, day)
        due = mistakes.review(owner, p.id).due
        gaps.append((due - day).days)
        assert mistakes.count_due(owner, due - timedelta(days=1)) == 0
        assert mistakes.count_due(owner, due) == 1
        day = due
    assert gaps == [1, 3, 7, 21]
    mistakes.answer(owner, p.id, True, day)
    mistakes.answer(owner, p.id, True, day)  # a retry the same day: no change
    assert mistakes.review(owner, p.id).solved == 1
    later = mistakes.review(owner, p.id).due
    mistakes.answer(owner, p.id, True, later)  # right twice at due reviews: retired
    assert mistakes.review(owner, p.id) is None
    assert mistakes.count_due(owner, later + timedelta(days=400)) == 0
    assert [q.id for q in mistakes.all(owner)] == [p.id]  # still kept, for the record
    assert mistakes.get(owner, p.id) == p


def test_adding_the_same_mistake_twice_keeps_one_puzzle_and_its_place_in_the_queue(kept):
    mistakes, owner = kept
    p = _puzzle()
    assert mistakes.add(owner, p)
    mistakes.answer(owner, p.id, True, DAY)
    assert mistakes.add(owner, replace(p, made_on=DAY + timedelta(days=5))) is False
    assert len(mistakes.all(owner)) == 1 and mistakes.review(owner, p.id).solved == 1


def test_due_by_game_and_theme(kept):
    mistakes, owner = kept
    a, b = _puzzle(game_theme="kill_double"), _puzzle("b", game_theme="keep_variety")
    c = replace(_puzzle("c"), id="mine-0000000000000000", game="all_fives")
    for p in (a, b, c):
        mistakes.add(owner, p)
    assert {p.id for p in mistakes.due(owner, DAY)} == {a.id, b.id, c.id}
    assert {p.id for p in mistakes.due(owner, DAY, game="draw")} == {a.id, b.id}
    assert [p.id for p in mistakes.due(owner, DAY, theme="kill_double")] == [a.id]
    assert mistakes.due(owner, DAY, game="all_fives", theme="kill_double") == []
    assert mistakes.get(owner, "mine-ffffffffffffffff") is None
    mistakes.answer(owner, "mine-ffffffffffffffff", True, DAY)  # unknown: ignored


def test_each_owner_has_their_own(saved_or_memory):
    ana, bo = (saved_or_memory.create_profile(n).id for n in ("Ana", "Bo"))
    p = _puzzle()
    assert saved_or_memory.mistakes.add(ana, p)
    assert saved_or_memory.mistakes.add(bo, p)  # the same position, another player's puzzle
    saved_or_memory.mistakes.answer(ana, p.id, True, DAY)
    assert saved_or_memory.mistakes.review(bo, p.id).solved == 0
    assert saved_or_memory.mistakes.all(bo) == [p]


def test_a_saved_puzzle_needs_a_profile(store):
    with pytest.raises(ProfileError):
        store.mistakes.add(999, _puzzle())


def test_saved_puzzles_outlive_the_store(db_url):
    from progress import open_store

    p = _puzzle()
    with open_store(db_url) as first:
        owner = first.create_profile("Ana").id
        first.mistakes.add(owner, p)
    with open_store(db_url, share_engine=False) as second:
        assert second.mistakes.due(owner, DAY) == [p]
