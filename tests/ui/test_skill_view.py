"""The skill figure on My progress (ui/parts/skill_view.py), in every language: the
sentence beside the bots, the figures, the trend chart, the weakest themes with their
practice and lesson links; fewer than ten decisions say so instead of a figure.

The saved games are real 1 v 1 matches played by fast bots with a made-up review (no
solver: tests/progress/test_skill.py), written straight into the page's store.
"""

from __future__ import annotations

import json
from datetime import timedelta
from urllib.parse import parse_qs

import pytest

import ui.parts.skill_view as skill_view
from progress import open_store
from progress.skill import FEW, Figure, rounds_of
from strategy.themes import THEMES
from tests.progress.test_skill import START, played_match, saved
from tests.ui.conftest import create_profile, open_app, texts_of
from ui.i18n import LANGUAGES, translator
from ui.labels import game_title
from ui.parts.themes import theme_name

#: the bots' figures the page reads (the committed data file grows while it is measured)
BOTS = {"laplaza_1v1": {"casual": Figure(300, 60, 4.0, 3.5, 4.5, .5, .45, .55),
                        "strong": Figure(300, 60, 2.6, 2.3, 2.9, .6, .55, .65),
                        "expert": Figure(300, 60, 0.8, 0.6, 1.0, .8, .75, .85)}}


@pytest.fixture(scope="module")
def matches():
    return [saved(played_match(f"skill-{n}", 2), START + timedelta(days=n)) for n in range(3)]


@pytest.fixture(autouse=True)
def measured_bots(monkeypatch):
    monkeypatch.setattr(skill_view, "bot_figures", lambda: BOTS)


def _with_games(progress_db, lang: str, games):
    at = open_app("stats", lang=lang)
    create_profile(at, "Noa")
    with open_store(f"sqlite:///{progress_db}") as store:
        (noa,) = store.profiles()
        for g in games:
            store.save_game(noa.id, g)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_my_progress_shows_the_skill_figure_beside_the_bots(progress_db, matches, lang):
    tr = translator(lang)
    at = _with_games(progress_db, lang, matches)
    text = texts_of(at)
    assert tr("skill.title") in text
    mine = skill_view.figure(skill_view.last(rounds_of(matches, "laplaza_1v1")))
    sentence = skill_view.skill_sentence(tr, "laplaza_1v1", mine, BOTS["laplaza_1v1"])
    assert sentence in text and game_title(tr, "laplaza_1v1") in sentence
    assert any(m.label == tr("skill.loss") for m in at.metric)
    assert any(m.label == tr("skill.decisions") and m.value == str(mine.decisions) for m in at.metric)
    chart = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                 if json.loads(c.proto.spec)["layout"]["title"]["text"] == tr("skill.chart",
                                                                               game=game_title(tr, "laplaza_1v1")))
    assert len(chart["layout"]["shapes"]) == 3  # a line per bot, each with its name
    assert {a["text"] for a in chart["layout"]["annotations"]} == {tr(f"bot.{lv}.name") for lv in BOTS["laplaza_1v1"]}
    # the weakest themes: each links to Practice with its theme and to its lesson
    practice = [parse_qs(p.proto.query_string) for p in at.get("page_link") if p.proto.page == "practice"
                and "theme" in parse_qs(p.proto.query_string)]
    assert practice and all(q["theme"][0] in THEMES and q["theme"][0] != "other" for q in practice)
    assert all(q["lang"] == [lang] and q["game"] == ["laplaza_1v1"] for q in practice)
    assert any(p.proto.page == "lesson" for p in at.get("page_link"))
    assert tr("skill.themes_title") in text


def test_the_sentence_says_between_when_the_intervals_say_so():
    tr = translator("en")
    mine = Figure(40, 30, 3.2, 3.0, 3.4, .5, .4, .6)
    assert skill_view.skill_sentence(tr, "laplaza_1v1", mine, BOTS["laplaza_1v1"]) == (
        f"In {game_title(tr, 'laplaza_1v1')} you lose 3.2 ± 0.2 points a decision — between *Club player* and *Strong*.")
    near = Figure(40, 30, 2.5, 2.0, 3.0, .5, .4, .6)
    assert skill_view.skill_sentence(tr, "laplaza_1v1", near, BOTS["laplaza_1v1"]).endswith(
        "about the level of *Strong*.")


def test_fewer_than_ten_decisions_say_so_instead_of_a_figure(progress_db):
    game = played_match("skill-short", 1)
    one = saved(game, START)
    n = sum(len(r.decisions) for r in rounds_of([one], "laplaza_1v1"))
    assert n < FEW
    tr = translator("en")
    at = _with_games(progress_db, "en", [one])
    assert tr("skill.too_few", game=game_title(tr, "laplaza_1v1"), n=n, few=FEW) in texts_of(at)
    assert not any(m.label == tr("skill.within") for m in at.metric)


def test_without_reviewed_rounds_it_says_how_to_get_a_figure():
    tr = translator("nl")
    at = open_app("stats", lang="nl")
    create_profile(at, "Ivo")
    at.run()
    assert tr("skill.none_yet", n=FEW) in texts_of(at)


def test_themes_come_from_the_positions_of_the_mistakes(matches):
    rounds = rounds_of(matches, "laplaza_1v1")
    mistakes = sum(d.data["grade"] == "mistake" for r in rounds for d in r.decisions)
    tagged = skill_view.tagged(rounds)
    assert mistakes and len(tagged) <= mistakes
    weak = skill_view.weakest_themes(rounds)
    assert weak and all(code in THEMES and code != "other" for code, _, _ in weak)
    counts = [n for _, n, _ in weak]
    assert counts == sorted(counts, reverse=True)


def test_a_position_is_rebuilt_from_each_kind_of_record(matches):
    record = matches[0].record
    views = skill_view.decision_views(record, 0)
    plies = [d["ply"] for d in record["reviews"]["0"]["decisions"]]
    assert sorted(views) == sorted(plies)
    assert all(v.seat == 0 for v in views.values())
    assert skill_view.decision_views({"setup": {}, "rounds": []}, 0) == {}  # a damaged record: nothing
    assert skill_view.decision_views({"table": {"rules": "nonsense"}}, 0) == {}


# ------------------------------------------------------------------ the teacher's class summary
def _class_table() -> "Table":
    """A 1 v 1 class table (Ana and Bo) played to the end of two rounds, first legal move."""
    from matches.table import Options, Table, token_hash

    table = Table.for_class("laplaza_1v1", 2, (), "79", [("Ana", token_hash("a")), ("Bo", token_hash("b"))],
                            Options(), number=2, now=0.0)
    for _ in range(2):
        while not table.game.round.is_over:
            seat = table.game.round.turn
            table.play(seat, table.game.round.canonical_actions()[0], version=table.version, now=1.0)
        if table.game.over:
            break
        table.game.next_round()
    return table


def _grades(table):
    """Ana's choices all judged: every third one a 9-point mistake, the rest best."""
    from types import SimpleNamespace

    from strategy.review import decision_points

    out = []
    for i in range(len(table.game.rounds)):
        for n, (ply, _) in enumerate(decision_points(table.game, i, 0)):
            loss = 9.0 if n % 3 == 1 else 0.0
            out.append(SimpleNamespace(code="T2", seat=0, round=i, ply=ply, grade="mistake" if loss else "best",
                                       loss=loss))
    return out


def test_the_class_summary_gives_each_student_their_skill_figure():
    from classroom.report import report
    from progress.skill import Graded, Round

    table = _class_table()
    grades = _grades(table)
    _, (ana, bo) = report([(2, "T2", table)], grades)
    by_round = {}
    for g in grades:
        by_round.setdefault(g.round, []).append(Graded(g.loss, g.grade == "best"))
    assert ana.skill == skill_view.figure([Round(str(i), i, tuple(d)) for i, d in sorted(by_round.items())])
    assert ana.skill.decisions == ana.judged and ana.game == "laplaza_1v1"
    assert bo.skill is None  # nothing of Bo's judged yet


def _summary_script(tables, lines, students):
    from types import SimpleNamespace

    from ui.parts.classroom.tables import _draw_summary

    _draw_summary(SimpleNamespace(code="ABCD"), tables, lines, students, 0, False)


def test_the_teacher_sees_each_student_s_figure_and_weakest_themes(progress_db, matches):
    """Ana is signed in with a profile that has reviewed 1 v 1 matches: her weakest themes
    are listed; Bo plays without one: a dash."""
    from dataclasses import replace

    from streamlit.testing.v1 import AppTest

    from classroom.report import report

    with open_store(f"sqlite:///{progress_db}") as store:
        ana_profile = store.create_profile("Ana")
        for g in matches:
            store.save_game(ana_profile.id, g)
    table = _class_table()
    lines, (ana, bo) = report([(2, "T2", table)], _grades(table))
    students = [replace(ana, profile=ana_profile.id), bo]
    at = AppTest.from_function(_summary_script, args=([(2, "T2", table)], lines, students), default_timeout=60)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    tr = translator("en")
    people = next(d.value for d in at.dataframe if tr("skill.col_skill") in d.value)
    row = people.set_index(tr("class_tables.col_student"))
    assert row.loc["Ana", tr("skill.col_skill")] == skill_view.about(tr, ana.skill.mean, ana.skill.half)
    expected = [theme_name(tr, c) for c, _, _ in
                skill_view.weakest_themes(skill_view.last(rounds_of(matches, "laplaza_1v1")))]
    assert expected and row.loc["Ana", tr("skill.col_themes")] == ", ".join(expected)
    assert row.loc["Bo", tr("skill.col_themes")] == "—"
    assert tr("skill.teacher_help") in texts_of(at)


def test_a_table_of_people_keeps_its_reviews_and_they_count():
    """A table's match as ui/pages/table.py keeps it for a profile: its rounds count in the
    figure, and the seat's positions are rebuilt from the people's game."""
    from matches.companion import TableGame
    from progress.records import SavedGame
    from tests.progress.test_skill import graded_round

    table = _class_table()
    game = table.game
    reviews = {str(i): {"decisions": [d.to_dict() for d in graded_round(game, i).decisions]}
               for i in range(len(game.rounds))}
    record = {"table": TableGame.from_round(game.round, 0, hands=True).to_dict(), "people": game.to_dict(), "seat": 0,
              "reviews": reviews}
    kept = SavedGame("laplaza_1v1", "finished", record, started_at=START, kind="table", id=3)
    rounds = rounds_of([kept], "laplaza_1v1")
    assert len(rounds) == len(game.rounds) and all(r.kind == "table" for r in rounds)
    assert sum(len(r.decisions) for r in rounds) == sum(len(v["decisions"]) for v in reviews.values())
    views = skill_view.decision_views(record, 0)
    assert sorted(views) == sorted(d["ply"] for d in reviews["0"]["decisions"])
    assert all(v.seat == 0 for v in views.values())


def test_a_damaged_record_rebuilds_no_position():
    """Whatever a saved record holds, rebuilding its positions gives {} rather than failing."""
    from hypothesis import given, settings
    from hypothesis import strategies as hs

    from tests.progress.test_skill import _json

    @settings(max_examples=60, deadline=None)
    @given(hs.dictionaries(hs.sampled_from(["setup", "rounds", "people", "seat", "table"]), _json, max_size=5),
           hs.integers(-1, 3))
    def check(record, index):
        assert isinstance(skill_view.decision_views(record, index), dict)

    check()
