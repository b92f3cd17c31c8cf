"""A class's summary (classroom/report.py): each table's result, and per student the
choices they made themselves, the ones their review judged and the share called best."""

from __future__ import annotations

from types import SimpleNamespace

from classroom.report import report
from matches.table import Options, Table, token_hash
from strategy.review import decision_points


def played_table() -> Table:
    table = Table.for_class("block", 2, (), "77", [("Ana", token_hash("a")), ("Bo", token_hash("b"))], Options(),
                            number=4, now=0.0)
    while not table.game.round.is_over:
        seat = table.game.round.turn
        table.play(seat, table.game.round.canonical_actions()[0], version=table.version, now=1.0)
    return table


def test_each_student_s_best_share_comes_from_their_own_judged_choices():
    table = played_table()
    ana_choices = [ply for ply, _ in decision_points(table.game, 0, 0)]
    bo_choices = [ply for ply, _ in decision_points(table.game, 0, 1)]
    # Ana's review judged every choice, one of them not best; Bo's never finished
    grades = [SimpleNamespace(code="T4", seat=0, round=0, ply=p, grade="best" if i else "mistake", loss=0.0 if i else 9.0)
              for i, p in enumerate(ana_choices)]
    tables, students = report([(4, "T4", table)], grades)
    assert tables[0].table == 4 and tables[0].code == "T4" and tables[0].totals == tuple(table.game.match.scores)
    ana, bo = students
    assert (ana.name, ana.table, ana.seat, ana.moves, ana.judged) == ("Ana", 4, 1, len(ana_choices), len(ana_choices))
    if ana_choices:
        assert ana.best == len(ana_choices) - 1 and ana.points_lost == 9.0
        assert ana.best_share == (len(ana_choices) - 1) / len(ana_choices)
    assert (bo.moves, bo.judged, bo.best_share) == (len(bo_choices), 0, None)
    assert ana.waiting == 0 and bo.waiting == len(bo_choices)  # Bo's grades not kept yet


def test_a_move_a_bot_made_for_an_absent_student_is_not_theirs():
    table = Table.for_class("block", 2, (), "78", [("Ana", token_hash("a")), None], Options(wait_seconds=30),
                            number=1, now=0.0)
    now = 0.0
    while not table.game.round.is_over:
        now += 100.0
        assert table.step(now, {})  # nobody is there: a bot plays for Ana, and the bot for itself
    _, students = report([(1, "T1", table)], [])
    assert students[0].moves == 0 and students[0].judged == 0
