"""Seating a class at tables: who sits at which table, in which seat.

A teacher may leave it to chance, place some students by hand (a table, or a table and a
seat), and give students a *group* (a pair who sit side by side in the classroom, say):
``together`` puts a group at one table, as partners where the game has partners (the
first two of a group across the table from each other); ``apart`` spreads a group over
different tables. Everybody else is placed at random, always at the table with the fewest
students so far, so the tables stay as even as the wishes allow; the seats nobody takes
are the bots'. The plan follows from the seed alone.

>>> pupils = [Pupil(i, f"s{i}") for i in range(6)]
>>> tables = plan(pupils, players=4, seed=1)
>>> len(tables), sorted(p for t in tables for p in t if p is not None)
(2, [0, 1, 2, 3, 4, 5])
>>> sorted(sum(p is not None for p in t) for t in tables)
[3, 3]
>>> pair = [Pupil(0, "a", group="x"), Pupil(1, "b", group="x"), Pupil(2, "c"), Pupil(3, "d")]
>>> t = next(t for t in plan(pair, players=4, tables=2, partners=True, seed=3) if 0 in t)
>>> t.index(1) - t.index(0) in (2, -2)
True
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import dataclass
from typing import Sequence

__all__ = ["APART", "GROUP_RULES", "Pupil", "SeatingError", "TOGETHER", "plan", "table_count"]

TOGETHER, APART = "together", "apart"
GROUP_RULES = (TOGETHER, APART)


class SeatingError(ValueError):
    """A plan that cannot be kept; ``code`` names why (the page says it in words)."""

    def __init__(self, code: str, **params) -> None:
        self.code, self.params = code, params
        super().__init__(code)


@dataclass(frozen=True)
class Pupil:
    id: int
    name: str
    table: int | None = None  # the teacher's table for them (1-based), or None: any
    seat: int | None = None   # and the seat there (1-based), or None: any
    group: str = ""           # students with the same group are kept together or apart


def table_count(students: int, players: int) -> int:
    """The fewest tables that seat ``students``."""
    return max(1, math.ceil(students / players))


def plan(pupils: Sequence[Pupil], *, players: int, tables: int | None = None, groups: str = TOGETHER,
         partners: bool = False, seed: int | str = 0) -> list[tuple[int | None, ...]]:
    """Each table's seats: a pupil's id or None (a bot). ``partners``: the game is played
    by two sides of partners across the table (seats 1 and 3, 2 and 4)."""
    if groups not in GROUP_RULES:
        raise SeatingError("bad_rule")
    if len({p.id for p in pupils}) != len(pupils):
        raise SeatingError("twice")
    n = len(pupils)
    if n == 0:
        raise SeatingError("nobody")
    count = table_count(n, players) if tables is None else int(tables)
    if count < table_count(n, players):
        raise SeatingError("too_few_tables", need=table_count(n, players))
    if count > n:
        raise SeatingError("too_many_tables", most=n)  # a table with nobody at it is not a class table
    rng = random.Random(f"seating:{seed}")
    seats: list[list[int | None]] = [[None] * players for _ in range(count)]

    def free(t: int) -> list[int]:
        return [s for s in range(players) if seats[t][s] is None]

    def people(t: int) -> int:
        return players - len(free(t))

    # 1. the teacher's own places: a seat, then a table
    for p in pupils:
        if p.table is None:
            if p.seat is not None:
                raise SeatingError("seat_without_table", name=p.name)
            continue
        if not 1 <= p.table <= count:
            raise SeatingError("bad_table", name=p.name, most=count)
        if p.seat is not None and not 1 <= p.seat <= players:
            raise SeatingError("bad_seat", name=p.name, most=players)
    for p in sorted((p for p in pupils if p.seat is not None), key=lambda p: p.id):
        t, s = p.table - 1, p.seat - 1
        if seats[t][s] is not None:
            raise SeatingError("seat_twice", table=p.table, seat_n=p.seat)
        seats[t][s] = p.id
    for p in sorted((p for p in pupils if p.table is not None and p.seat is None), key=lambda p: p.id):
        spots = free(p.table - 1)
        if not spots:
            raise SeatingError("table_full", table=p.table)
        seats[p.table - 1][rng.choice(spots)] = p.id

    # 2. the groups, largest first
    placed = {p.id for p in pupils if p.table is not None}
    members: dict[str, list[Pupil]] = defaultdict(list)
    for p in pupils:
        if p.group and p.id not in placed:
            members[p.group].append(p)
    order = sorted(members, key=lambda g: (-len(members[g]), g))
    for group in order:
        crowd = sorted(members[group], key=lambda p: p.id)
        rng.shuffle(crowd)
        if groups == TOGETHER:
            if len(crowd) > players:
                raise SeatingError("group_too_big", group=group, most=players)
            fits = [t for t in range(count) if len(free(t)) >= len(crowd)]
            if not fits:
                raise SeatingError("group_no_room", group=group)
            if partners and len(crowd) >= 2:  # a table where they can sit as partners, if one has room
                fits = [t for t in fits if _has_pair(free(t), players)] or fits
            t = _fewest(fits, people, rng)
            for pid, s in zip([p.id for p in crowd], _seats_for(free(t), len(crowd), players, partners, rng)):
                seats[t][s] = pid
        else:
            everyone = {m.id for m in pupils if m.group == group}  # the teacher's placed ones too
            taken = {t for t in range(count) if everyone & set(seats[t])}
            for p in crowd:
                fits = [t for t in range(count) if free(t) and t not in taken]
                if not fits:
                    raise SeatingError("group_too_many", group=group, most=count)
                t = _fewest(fits, people, rng)
                seats[t][rng.choice(free(t))] = p.id
                taken.add(t)
        placed.update(p.id for p in crowd)

    # 3. everybody else, one at a time, at the emptiest table
    rest = sorted((p for p in pupils if p.id not in placed), key=lambda p: p.id)
    rng.shuffle(rest)
    for p in rest:
        fits = [t for t in range(count) if free(t)]
        if not fits:  # pragma: no cover - the table count seats everybody
            raise SeatingError("too_few_tables", need=table_count(n, players))
        t = _fewest(fits, people, rng)
        seats[t][rng.choice(free(t))] = p.id
    return [tuple(t) for t in seats]


def _fewest(tables: list[int], people, rng: random.Random) -> int:
    least = min(people(t) for t in tables)
    return rng.choice([t for t in tables if people(t) == least])


def _has_pair(spots: list[int], players: int) -> bool:
    return any((s + players // 2) % players in spots for s in spots)


def _seats_for(spots: list[int], k: int, players: int, partners: bool, rng: random.Random) -> list[int]:
    """``k`` of the free ``spots`` for one group: with partners, pairs across the table first."""
    spots = list(spots)
    rng.shuffle(spots)
    if not partners or k < 2:
        return spots[:k]
    chosen: list[int] = []
    for s in list(spots):
        mate = (s + players // 2) % players
        if len(chosen) + 2 <= k and s in spots and mate in spots and s not in chosen:
            chosen += [s, mate]
            spots.remove(s)
            spots.remove(mate)
    return (chosen + spots)[:k]
