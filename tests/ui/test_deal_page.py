"""The deal of the day under AppTest: a guest plays unranked, a profile's first play counts
and a reload resumes it, a second player sees the first in the field, today's hidden hands
never reach the page."""

from __future__ import annotations

import json

import pytest

from matches.daily_deal import DailyResults
from progress import open_store
from tests.support.streamlit_events import component_event
from tests.ui.conftest import PINNED_TODAY, create_profile, open_app, texts_of
from ui.i18n import LANGUAGES, translator


@pytest.fixture(autouse=True)
def instant_bots(monkeypatch):
    import ui.parts.play.setup

    monkeypatch.setattr(ui.parts.play.setup, "PACES", {name: 0.0 for name in ui.parts.play.setup.PACES})


@pytest.fixture(autouse=True)
def a_quick_expert(monkeypatch):
    """The expert's line searches little here: the test is about where it goes, not its strength."""
    import strategy.bots

    monkeypatch.setattr(strategy.bots, "EXPERT_LINE_NODES", 100_000)


@pytest.fixture(autouse=True)
def one_secret(monkeypatch):
    monkeypatch.setenv("CAPICU_DEAL_SECRET", "test-school")


def _game(at):
    return at.session_state["deal_game"]


def _board_key(at) -> str:
    return next(e.key for e in at.get("bidi_component") if (e.key or "").startswith("deal:"))


def _hidden_tiles_sent(at) -> list[str]:
    """Tiles of the other seats' hands that appear in what the board component was sent."""
    game = _game(at)
    sent = json.dumps([str(e.proto) for e in at.get("bidi_component")])
    return [str(t) for seat in range(1, game.round.n) for t in game.round.hand(seat)
            if f'"{t}"' in sent or f"'{t}'" in sent]


def _play_round(at, first_only: int | None = None):
    """Tap the first legal move until the round is over (or ``first_only`` moves)."""
    for count in range(80):
        game = _game(at)
        if game.round.is_over or (first_only is not None and count >= first_only):
            return at
        action = str(game.round.legal_actions()[0])
        ends = game.round.ends
        if action.endswith("@R") and ends is not None and ends[0] == ends[1]:
            action = action[:-1] + "L"
        at = component_event(at, _board_key(at), trigger=("play", action))
        assert not at.exception, [e.message for e in at.exception]
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_page_speaks_every_language_and_a_guest_plays_unranked(lang):
    tr = translator(lang)
    at = open_app("deal", lang=lang)
    assert not at.exception
    assert at.title[0].value == tr("deal.title")
    assert tr("deal.guest") in texts_of(at)
    at.button(key="deal_start_guest").click().run()
    assert not at.exception
    assert tr("deal.practice_badge") in texts_of(at)


def test_the_expert_s_line_is_played_out_while_you_play_then_kept_for_everyone(progress_db, light_review):
    tr = translator("en")
    at = open_app("deal", lang="en")
    at.button(key="deal_start_guest").click().run()
    (job,) = at.session_state["deal_lines"].values()  # started as the player sat down
    at = _play_round(at)
    moves, score = job.result(timeout=600)
    at.run()
    assert tr("deal.expert_moves", moves=", ".join(moves)).split(":")[0] in texts_of(at)
    store = open_store(f"sqlite:///{progress_db}", share_engine=False)
    try:
        from datetime import date
        assert DailyResults(store).line(date.fromisoformat(PINNED_TODAY), "laplaza_partners") == (moves, score)
    finally:
        store.close()
    # the next visitor reads it: nothing is played out again
    later = open_app("deal", lang="en")
    later.button(key="deal_start_guest").click().run()
    assert "deal_lines" not in later.session_state


def test_a_profile_s_first_play_counts_a_reload_resumes_it_and_the_next_player_sees_it(progress_db, light_review):
    tr = translator("en")
    at = create_profile(open_app("deal", lang="en"), "Ana")
    at.button(key="deal_start_rated").click().run()
    at = _play_round(at, first_only=2)
    moves_so_far = [m.action for m in _game(at).rounds[0] if m.seat == 0]
    assert not _hidden_tiles_sent(at)  # only Ana's hand went to the browser
    # a new session (a reload) of the same profile resumes the rated try where it was
    again = open_app("deal", lang="en")
    again.session_state["profile"] = at.session_state["profile"]
    again.run()
    assert tr("deal.rated_resume") in texts_of(again)
    again.button(key="deal_start_rated").click().run()
    assert [m.action for m in _game(again).rounds[0] if m.seat == 0] == moves_so_far
    again = _play_round(again)
    assert not again.exception
    assert _game(again).round.is_over
    assert not _hidden_tiles_sent(again)  # today's deal: the hands stay hidden after the round
    assert tr("deal.alone") in texts_of(again)
    store = open_store(f"sqlite:///{progress_db}", share_engine=False)
    try:
        results = DailyResults(store)
        from datetime import date
        done = results.finished(date.fromisoformat(PINNED_TODAY), "laplaza_partners")
    finally:
        store.close()
    assert [r.nickname for r in done] == ["Ana"]
    # Bea plays the same deal: Ana is in her field, and Ana's play counts once only
    bea = create_profile(open_app("deal", lang="en"), "Bea")
    bea.button(key="deal_start_rated").click().run()
    bea = _play_round(bea)
    assert tr("deal.rank_of", rank=1, size=2) in [m.value for m in bea.metric] or \
        tr("deal.rank_of", rank=2, size=2) in [m.value for m in bea.metric]
    assert bea.session_state["deal_rated"]
    # at each of her choices: what the field (Ana too) played there, and, once judged, her grade
    assert tr("deal.choices_title") in texts_of(bea)
    bea.session_state["deal_judge"].wait(timeout=600)
    bea.run()
    assert tr("deal.choice_grade", grade="").split("{")[0].rstrip(". ") in texts_of(bea)
    standings = [t.value for t in bea.table]
    assert any(set(frame.iloc[:, 1]) == {"Ana", "Bea"} for frame in standings)  # the day's standings


def test_a_bad_or_future_day_gets_a_plain_notice():
    tr = translator("en")
    at = open_app("deal", lang="en", day="someday")
    assert tr("deal.bad_date", value="someday") in texts_of(at)
    at = open_app("deal", lang="en", day="2099-01-01")
    assert tr("deal.future_date") in texts_of(at)


def test_a_class_has_its_own_standings_by_class_nickname(progress_db):
    from datetime import date

    from classroom.roster import create_class, join_class

    tr = translator("en")
    day = date.fromisoformat(PINNED_TODAY)
    store = open_store(f"sqlite:///{progress_db}", share_engine=False)
    try:
        school_class = create_class(store, name="7B", games=["laplaza_partners"], lang="en", time_zone="UTC",
                                    secret="a long passphrase")
        ana_id, _ = join_class(store, school_class.code, "Ana", "4321")
        bea_id, _ = join_class(store, school_class.code, "Bea", "8765")
        outsider = store.create_profile("Cy")
        results = DailyResults(store)
        for profile_id, name, score in ((ana_id, "Ana (7B)", 10.0), (bea_id, "Bea", -4.0), (outsider.id, "Cy", 30.0)):
            results.enter(day, "laplaza_partners", profile_id, name)
            results.finish(day, "laplaza_partners", profile_id, [], score, [])
        ana = next(p for p in store.profiles(include_hidden=True) if p.id == ana_id)
    finally:
        store.close()
    at = open_app("deal", lang="en")
    at.session_state["profile"] = ana
    at.run()
    assert not at.exception
    title = tr("deal.board_class", name="7B", first="2026-12-28", last="2027-01-03")
    assert title in [e.label for e in at.expander]
    frames = [t.value for t in at.table]
    class_board = [f for f in frames if set(f.iloc[:, 1]) == {"Ana", "Bea"}]
    assert class_board and list(class_board[0].iloc[:, 1]) == ["Ana", "Bea"]  # Ana beat Bea; Cy is not in the class
    assert any("Cy" in set(f.iloc[:, 1]) for f in frames)  # the server's standings have everyone
