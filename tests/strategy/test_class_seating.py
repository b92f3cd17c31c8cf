"""Seating a class (classroom/seating.py): everybody once, the teacher's places kept,
groups together (as partners) or apart, the tables as even as the wishes allow, and a plan
that cannot be kept refused with its reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.seating import APART, TOGETHER, Pupil, SeatingError, plan, table_count


def seated(tables) -> list[int]:
    return sorted(p for t in tables for p in t if p is not None)


def where(tables, pid: int) -> tuple[int, int]:
    return next((i, t.index(pid)) for i, t in enumerate(tables) if pid in t)


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 40), players=st.sampled_from([2, 3, 4]), extra=st.integers(0, 3), seed=st.integers(0, 10**6))
def test_everybody_sits_once_and_the_tables_are_even(n, players, extra, seed):
    count = min(n, table_count(n, players) + extra)
    tables = plan([Pupil(i, f"s{i}") for i in range(n)], players=players, tables=count, seed=seed)
    assert len(tables) == count and all(len(t) == players for t in tables)
    assert seated(tables) == list(range(n))
    sizes = [sum(p is not None for p in t) for t in tables]
    assert max(sizes) - min(sizes) <= 1 and min(sizes) >= 1


@settings(max_examples=120, deadline=None)
@given(n=st.integers(4, 24), groups=st.integers(1, 4), size=st.integers(2, 3), seed=st.integers(0, 10**6))
def test_groups_sit_together_as_partners_or_apart(n, groups, size, seed):
    pupils = [Pupil(i, f"s{i}", group=f"g{i // size}" if i < groups * size and i < n else "") for i in range(n)]
    members: dict[str, list[int]] = {}
    for p in pupils:
        if p.group:
            members.setdefault(p.group, []).append(p.id)
    # enough tables that the wish can be kept: a table for each group, and one for each member
    count = min(n, max(table_count(n, 4), len(members), max(len(m) for m in members.values())))
    together = plan(pupils, players=4, tables=count, groups=TOGETHER, partners=True, seed=seed)
    assert seated(together) == list(range(n))
    for ids in members.values():
        spots = [where(together, i) for i in ids]
        assert len({t for t, _ in spots}) == 1
        seats = {s for _, s in spots}
        if len(ids) >= 2:  # two of them across the table from each other: partners
            assert any((s + 2) % 4 in seats for s in seats), (ids, together)
    apart = plan(pupils, players=4, tables=count, groups=APART, seed=seed)
    assert seated(apart) == list(range(n))
    for ids in members.values():
        assert len({where(apart, i)[0] for i in ids}) == len(ids)


def test_the_teachers_places_are_kept_and_the_rest_fill_in():
    pupils = [Pupil(0, "Ana", table=2, seat=3), Pupil(1, "Bo", table=2), Pupil(2, "Caro"), Pupil(3, "Dani")]
    tables = plan(pupils, players=4, tables=2, seed=5)
    assert tables[1][2] == 0 and 1 in tables[1]
    assert seated(tables) == [0, 1, 2, 3]


def test_the_same_seed_gives_the_same_plan_and_another_seed_may_not():
    pupils = [Pupil(i, f"s{i}") for i in range(12)]
    assert plan(pupils, players=4, seed=1) == plan(pupils, players=4, seed=1)
    assert len({tuple(plan(pupils, players=4, seed=s)) for s in range(8)}) > 1


@pytest.mark.parametrize("pupils, kwargs, code", [
    ([], {}, "nobody"),
    ([Pupil(i, f"s{i}") for i in range(5)], {"tables": 1}, "too_few_tables"),
    ([Pupil(i, f"s{i}") for i in range(2)], {"tables": 3}, "too_many_tables"),
    ([Pupil(0, "a", table=3), Pupil(1, "b")], {"tables": 2}, "bad_table"),
    ([Pupil(0, "a", table=1, seat=9), Pupil(1, "b")], {}, "bad_seat"),
    ([Pupil(0, "a", seat=1), Pupil(1, "b")], {}, "seat_without_table"),
    ([Pupil(0, "a", table=1, seat=1), Pupil(1, "b", table=1, seat=1)], {}, "seat_twice"),
    ([Pupil(i, f"s{i}", group="x") for i in range(5)] + [Pupil(9, "z")], {"tables": 2}, "group_too_big"),
    ([Pupil(i, f"s{i}", group="x") for i in range(3)], {"tables": 2, "groups": APART}, "group_too_many"),
    ([Pupil(0, "a"), Pupil(0, "b")], {}, "twice"),
])
def test_a_plan_that_cannot_be_kept_says_why(pupils, kwargs, code):
    with pytest.raises(SeatingError) as caught:
        plan(pupils, players=4, seed=0, **kwargs)
    assert caught.value.code == code
