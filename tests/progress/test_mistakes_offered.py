"""Offers of personal puzzles from what is stored (matches/mistake_offers.py), on SQLite
and PostgreSQL: a table's judging job keeps the grade and offers a profile's clear mistake
from the table as it is kept in the database (keep_and_offer); decisions kept with a match
are offered after a reload (offer_round); the same decision never makes two puzzles nor
a second proof, and one a proof refused is not proven again. The proof is a stand-in (the
AI's own tests are in tests/strategy/test_mistake_proof.py); dates are given."""

from __future__ import annotations

import threading
from datetime import date

import pytest

import matches.mistake_offers as offers
from engine.notation import position_to_dict
from matches.game import Setup
from matches.table import Options, Table, token_hash
from matches.table_grades import store_url
from matches.table_store import TableStore
from progress import open_store
from progress.mistakes import PersonalPuzzle
from strategy.review import Decision, decision_points
from tests.support.rounds import played
from ui.parts.tables.sync import change, load, open_table

DAY = date(2026, 12, 1)


class Proofs:
    """The proof's stand-in: a puzzle for every move but ``refuse``; counts its calls."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.refuse: set[str] = set()
        self._lock = threading.Lock()

    def __call__(self, position, seat, played, grade, source, made_on, cancel=None):
        with self._lock:
            self.calls.append(played)
        if played in self.refuse:
            return None
        return PersonalPuzzle.make(position, seat, played, answers=("other",), values={}, margin_low=1.0,
                                   deals=1024, exact=False, grade=grade, source=source, made_on=made_on)


@pytest.fixture
def proofs(monkeypatch) -> Proofs:
    stand_in = Proofs()
    monkeypatch.setattr(offers, "prove_mistake", stand_in)
    # what a proof refused is remembered by this process (the proof is deterministic): each
    # test starts without another's
    monkeypatch.setattr(offers, "_refused", {})
    return stand_in


def blunder(ply: int, action: str) -> Decision:
    return Decision(ply=ply, action=action, best="x", expected=-30.0, best_expected=0.0, loss=30.0,
                    grade="blunder", exact=-30.0, best_exact=0.0, deals=1024, hint=False, sure=True)


def kept(job) -> None:
    """Wait for a proof job and its keeping (callbacks run in order: this one after it)."""
    done = threading.Event()
    job.add_done_callback(lambda _: done.set())
    assert done.wait(60), "the proof job never ended"


def table_with_a_choice(tables: TableStore, ana: int) -> tuple[str, int, str]:
    """A table where Ana (seat 0, with her profile) has just made a real choice:
    (code, its ply in round 0, the move)."""
    table = Table.open("laplaza_1v1", 2, (), "45", ["me", "open"], Options(), name="Ana", token=token_hash("a"),
                       profile=ana)
    code = open_table(tables, table, seat_token="a", now=0.0)
    change(tables, code, lambda t: t.sit(1, "Luis", token_hash("b")))
    change(tables, code, lambda t: t.start(now=0.0))
    for _ in range(60):
        table, version = load(tables, code)
        rnd = table.game.round
        legal = [str(a) for a in rnd.canonical_actions()]
        ply = len(table.game.rounds[0])
        change(tables, code, lambda t: t.play(rnd.turn, legal[-1], version=version, now=1.0))
        if rnd.turn == 0 and len(set(legal)) > 1:
            return code, ply, legal[-1]
    raise AssertionError("Ana never had a choice")


@pytest.fixture
def at_the_table(db_url):
    """(store, Ana's profile, the tables, and her table where she just chose ``move`` at
    ``ply``: code, ply, move, and the store's address as a job finds it)."""
    with open_store(db_url) as store:
        ana = store.create_profile("Ana").id
        tables = TableStore(store)
        code, ply, move = table_with_a_choice(tables, ana)
        yield store, ana, tables, code, ply, move, store_url(tables)


def test_a_table_s_judging_keeps_the_grade_and_offers_a_profile_s_mistake_from_the_stored_table(at_the_table, proofs):
    store, ana, tables, code, ply, move, url = at_the_table
    job = offers.keep_and_offer(url, code, 0, ana, "table", DAY, 0, blunder(ply, move))
    assert job is not None
    kept(job)
    assert [(g.ply, g.grade) for g in tables.grades([code])] == [(ply, "blunder")]
    [puzzle] = store.mistakes.all(ana)
    before = dict(decision_points(load(tables, code)[0].game, 0, 0))[ply]
    assert puzzle.position == position_to_dict(before) and puzzle.played == move
    assert puzzle.seat == 0 and puzzle.source == "table" and puzzle.made_on == DAY
    # judged again (a reload, a second screen of the seat): one grade, one puzzle, one proof
    assert offers.keep_and_offer(url, code, 0, ana, "table", DAY, 0, blunder(ply, move)) is None
    assert len(tables.grades([code])) == 1 and len(store.mistakes.all(ana)) == 1
    assert proofs.calls == [move]


def test_a_table_s_judging_offers_nothing_for_a_guest_or_another_position(at_the_table, proofs):
    store, ana, tables, code, ply, move, url = at_the_table
    # a guest's puzzles live in their screen's session: that screen offers them
    assert offers.keep_and_offer(url, code, 0, None, "table", DAY, 0, blunder(ply, move)) is None
    assert [g.ply for g in tables.grades([code])] == [ply]  # the grade is kept all the same
    # a decision that is not the move kept at that ply (another match since): not offered
    assert offers.keep_and_offer(url, code, 0, ana, "table", DAY, 0, blunder(ply, "9-9@L")) is None
    assert offers.keep_and_offer(url, code, 0, ana, "table", DAY, 3, blunder(ply, move)) is None
    assert offers.keep_and_offer(url, "NOSUCH", 0, ana, "table", DAY, 0, blunder(ply, move)) is None
    assert proofs.calls == [] and store.mistakes.all(ana) == []


def test_stored_decisions_are_offered_once_and_a_refused_one_is_not_proven_again(db_url, proofs):
    game = played(Setup("draw", 2, (), "offers", ("human", "casual")), seed=3)
    points = decision_points(game, 0)
    assert len(points) >= 2
    stored = {ply: blunder(ply, str(game.rounds[0][ply].action)) for ply, _ in points}
    refused = stored[points[0][0]].action
    proofs.refuse.add(refused)
    with open_store(db_url) as store:
        ana = store.create_profile("Ana").id
        for job in offers.offer_round(game, 0, 0, stored.get, ana, "play", store, day=DAY):
            kept(job)
        wanted = {d.action for d in stored.values()} - {refused}
        assert {p.played for p in store.mistakes.all(ana)} == wanted
        assert sorted(proofs.calls) == sorted(d.action for d in stored.values())
        # the match reopened: every stored decision offered again proves nothing again
        assert offers.offer_round(game, 0, 0, stored.get, ana, "play", store, day=DAY) == []
        assert sorted(proofs.calls) == sorted(d.action for d in stored.values())
        assert len(store.mistakes.all(ana)) == len(wanted)
