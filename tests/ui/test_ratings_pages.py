"""Ratings and reviews on the pages (AppTest): rated answers in Practice and Daily, the
puzzle's rating after the answer, "at my level", the rating and its trend on My progress
(never another profile's), the review queue on Home and in Practice."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from progress import Attempt, open_store
from progress.ratings import START, nearest_band, puzzle_seed, seed_key
from puzzles import daily_set, practice_puzzle, puzzle_from_id
from tests.ui.conftest import answer_puzzle, create_profile, open_app, texts_of
from ui.i18n import LANGUAGES, translator
from ui.labels import ptype_title
from ui.parts.rating_view import signed
from ui.session import today

EN = translator("en")


def _shown_puzzle(at):
    """The puzzle Practice shows: the one whose board is on the page."""
    keys = [c.key for c in at.get("bidi_component") if c.key and c.key.endswith(":board")]
    assert len(keys) == 1, keys
    key = keys[0][: -len(":board")]
    return key, puzzle_from_id(key.split(":", 1)[1].removeprefix("review:"))


def _store(progress_db):
    return open_store(f"sqlite:///{progress_db}")


def test_a_first_answer_in_practice_is_rated_and_shows_both_ratings(progress_db):
    at = open_app("practice", type="block_count", game="laplaza_partners")
    create_profile(at, "Nilda")
    key, puzzle = _shown_puzzle(at)
    at = answer_puzzle(at, key, puzzle, right=True)
    assert not at.exception, [e.message for e in at.exception]
    with _store(progress_db) as store:
        (nilda,) = store.profiles()
        mine, theirs = store.rating(nilda.id), store.puzzle_rating(puzzle.id)
    seed = puzzle_seed(seed_key(puzzle.question.kind, puzzle.difficulty.band))
    assert mine.value > START.value and theirs.value < seed.value
    said = texts_of(at)
    assert EN("ratings.puzzle_rated", rating=theirs.shown, before=seed.shown) in said
    assert f"Your puzzle rating: {mine.shown} (+" in said


def test_a_retry_is_saved_but_not_rated_and_says_so(progress_db):
    at = open_app("practice", type="block_count", game="laplaza_partners")
    create_profile(at, "Olga")
    key, puzzle = _shown_puzzle(at)
    at = answer_puzzle(at, key, puzzle, right=False)
    with _store(progress_db) as store:
        (olga,) = store.profiles()
        after_first = store.rating(olga.id)
    at.button(key=f"{key}:retry").click().run()
    at = answer_puzzle(at, key, puzzle, right=True)
    assert not at.exception
    assert EN("ratings.not_counted") in texts_of(at)
    with _store(progress_db) as store:
        assert store.rating(olga.id) == after_first  # the retry moved nothing
        assert len(store.attempts(olga.id)) == 2 and len(store.rating_history(olga.id)) == 1


def test_a_guest_sees_the_puzzles_starting_rating_and_no_rating_of_their_own(progress_db):
    at = open_app("practice", type="next_leader", game="laplaza_partners")
    key, puzzle = _shown_puzzle(at)
    at = answer_puzzle(at, key, puzzle, right=True)
    said = texts_of(at)
    assert EN("ratings.puzzle_new", rating=puzzle_seed(seed_key(puzzle.question.kind, puzzle.difficulty.band)).shown) in said
    assert EN("ratings.guest") in said


def test_at_my_level_offers_an_unseen_rated_puzzle_in_the_window(progress_db):
    wanted = practice_puzzle("block_count", "laplaza_partners", "medium", 7)
    with _store(progress_db) as store:
        other = store.create_profile("Other")
        store.record_attempt(other.id, Attempt(wanted.id, "block_count", "laplaza_partners", False, 900, today()),
                             band="medium")
        rated = store.puzzle_rating(wanted.id)
    at = open_app("practice", type="block_count", game="laplaza_partners", level="mine")
    assert not [w.value for w in at.warning]  # "mine" is a level a link may ask for
    create_profile(at, "Pia")
    _, shown = _shown_puzzle(at)
    assert shown.id == wanted.id
    low, high = START.window()
    assert EN("ratings.window", low=round(low), high=round(high), rating=round(START.value)) in texts_of(at)
    assert low <= rated.value <= high


def test_at_my_level_without_rated_puzzles_takes_the_nearest_band():
    at = open_app("practice", type="block_count", game="laplaza_partners", level="mine")
    _, shown = _shown_puzzle(at)
    # the band whose measured seed for this drill's kind is nearest: block counts are long sums,
    # so a new player (1500) starts on the easy ones, not on the middle third
    assert shown.difficulty.band == nearest_band(START.value, ["block_score"]) == "easy"
    assert EN("ratings.window_new", rating=1500, level=EN("level.easy")) in texts_of(at)


def test_daily_answers_are_rated(progress_db):
    day = today()
    puzzles = daily_set(day)
    at = open_app("daily")
    create_profile(at, "Rosa")
    for number, puzzle in enumerate(puzzles[:2], 1):
        at = answer_puzzle(at, f"daily:{day.isoformat()}:{number}", puzzle, right=number == 1)
        assert not at.exception
    with _store(progress_db) as store:
        (rosa,) = store.profiles()
        assert list(store.rating_history(rosa.id)["item"]) == [p.id for p in puzzles[:2]]
        assert [r.puzzle_id for r in store.reviews(rosa.id)] == [puzzles[1].id]  # the one missed


def _rate_some(store, profile_id, n=12):
    for i in range(n):
        p = practice_puzzle("block_count", "block", None, i)
        store.record_attempt(profile_id, Attempt(p.id, p.ptype, "block", i % 3 != 0, 1000, today()),
                             band=p.difficulty.band)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_my_progress_shows_the_rating_with_its_deviation_and_trend(progress_db, lang):
    at = open_app("stats", lang=lang)
    create_profile(at, "Beto")
    with _store(progress_db) as store:
        (beto,) = store.profiles()
        _rate_some(store, beto.id)
        rating = store.rating(beto.id)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    tr = translator(lang)
    assert any(m.label == tr("ratings.title") and m.value == rating.shown for m in at.metric)
    assert len(at.get("plotly_chart")) == 6  # the trend and the themes' trend besides the four charts
    assert tr("ratings.rated_count", n=12) in texts_of(at)
    weakest = tr("ratings.practise_weakest", theme=ptype_title("block_count", lang=lang))
    (link,) = [link for link in at.get("page_link") if link.proto.label == weakest]
    assert link.proto.page == "practice" and "type=block_count&level=mine" in link.proto.query_string
    themes = at.dataframe[0].value  # by theme: the rating performance beside the share right
    assert themes.columns.tolist() == [tr(f"ratings.col_{c}") for c in ("theme", "rated", "right", "performance")]
    assert themes.iloc[0, 1] == 12


def test_my_progress_before_any_rated_answer_says_how_to_get_one():
    at = open_app("stats")
    create_profile(at, "Cleo")
    at.run()
    assert EN("ratings.none_yet") in texts_of(at)
    assert len(at.get("plotly_chart")) == 4


def test_a_hidden_profiles_rating_is_never_shown_to_anyone_else(progress_db):
    with _store(progress_db) as store:
        secret = store.create_profile("Secreta", pin="4821", hidden=True)
        _rate_some(store, secret.id)
        shown = store.rating(secret.id).shown
    for page in ("stats", "home", "practice", "daily"):
        at = open_app(page)  # a guest
        assert shown not in texts_of(at) and "Secreta" not in texts_of(at)
        assert all(m.value != shown for m in at.metric)
    at = open_app("stats")
    create_profile(at, "Nosy")
    at.run()
    assert shown not in texts_of(at) and all(m.value != shown for m in at.metric)
    assert EN("ratings.none_yet") in texts_of(at)


def test_a_missed_puzzle_comes_back_on_home_and_in_practice(progress_db):
    missed = practice_puzzle("block_count", "laplaza_partners", None, 3)
    yesterday = today() - dt.timedelta(days=1)
    at = open_app("home")
    create_profile(at, "Dora")
    with _store(progress_db) as store:
        (dora,) = store.profiles()
        store.record_attempt(dora.id, Attempt(missed.id, missed.ptype, "laplaza_partners", False, 900, yesterday))
    at.run()
    links = [link for link in at.get("page_link") if EN("ratings.review_home", n=1) in str(link.proto.label)]
    assert links, "Home shows the review queue with its count"
    at.switch_page("ui/pages/practice.py")
    at.query_params["review"] = "1"
    at.run()
    assert not at.exception
    key, shown = _shown_puzzle(at)
    assert shown.id == missed.id and key.startswith("practice:review:")
    assert EN("ratings.review_left", n=1) in texts_of(at)
    at = answer_puzzle(at, key, shown, right=True)
    with _store(progress_db) as store:
        (review,) = store.reviews(dora.id)
        assert review.solved == 1 and review.due == today() + dt.timedelta(days=3)
    at.button(key=[b.key for b in at.button if b.label == EN("practice.next")][0]).click().run()
    assert EN("ratings.review_done") in texts_of(at)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_practice_at_my_level_and_the_review_toggle_in_every_language(progress_db, lang):
    tr = translator(lang)
    at = open_app("practice", type="block_count", game="block", level="mine", lang=lang)
    create_profile(at, "Eva")
    assert tr("ratings.at_my_level") in at.get("button_group")[0].proto.options[-1].content
    assert any(t.label == tr("ratings.review_toggle") for t in at.toggle)
    key, puzzle = _shown_puzzle(at)
    at = answer_puzzle(at, key, puzzle, right=False)
    assert not at.exception, [e.message for e in at.exception]
    with _store(progress_db) as store:
        (eva,) = store.profiles()
        mine = store.rating(eva.id)
    assert tr("ratings.yours", rating=mine.shown, change=signed(mine.value - START.value)) in texts_of(at)


def test_a_review_that_cannot_be_rebuilt_is_skipped_with_a_plain_message(progress_db):
    at = open_app("practice")
    create_profile(at, "Fede")
    with _store(progress_db) as store:
        (fede,) = store.profiles()
        store.record_attempt(fede.id, Attempt("block_count:nogame:4:1", "block_count", "nogame", False, 900,
                                              today() - dt.timedelta(days=2)))
    at.query_params["review"] = "1"
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.warning  # a plain message, no traceback
    at.run()
    assert EN("ratings.review_done") in texts_of(at)


# --- rated or not --------------------------------------------------------------------


def test_practice_switched_to_unrated_counts_from_the_next_puzzle(progress_db):
    at = open_app("practice", type="block_count", game="laplaza_partners")
    create_profile(at, "Gil")
    assert any(t.label == EN("ratings.rated_toggle") and t.value for t in at.toggle)  # rated unless switched off
    key, puzzle = _shown_puzzle(at)
    at.toggle(key="practice_rated").set_value(False).run()
    # a puzzle keeps the choice it was shown with: no switching off after seeing a hard one
    assert EN("ratings.unrated_next") in texts_of(at)
    at = answer_puzzle(at, key, puzzle, right=False)
    with _store(progress_db) as store:
        (gil,) = store.profiles()
        assert len(store.rating_history(gil.id)) == 1
    at.button(key=[b.key for b in at.button if b.label == EN("practice.next")][0]).click().run()
    key, second = _shown_puzzle(at)
    assert second.id != puzzle.id and EN("ratings.unrated_next") not in texts_of(at)
    at = answer_puzzle(at, key, second, right=True)
    assert EN("ratings.unrated_answer") in texts_of(at)
    with _store(progress_db) as store:
        assert len(store.rating_history(gil.id)) == 1  # kept, not rated
        assert len(store.attempts(gil.id)) == 2 and store.puzzle_rating(second.id) is None
    at.switch_page("ui/pages/daily.py").run()  # the choice goes with the player to the daily set
    assert not at.toggle(key="daily_rated").value


def test_a_daily_set_is_rated_or_not_as_a_whole_from_its_first_answer(progress_db):
    day = today()
    puzzles = daily_set(day)
    at = open_app("daily")
    create_profile(at, "Hana")
    at.toggle(key="daily_rated").set_value(False).run()
    at = answer_puzzle(at, f"daily:{day.isoformat()}:1", puzzles[0], right=True)
    locked = [t for t in at.toggle if t.key and t.key.startswith("daily_rated_locked")]
    assert locked and locked[0].value is False and locked[0].proto.disabled
    at = answer_puzzle(at, f"daily:{day.isoformat()}:2", puzzles[1], right=True)
    with _store(progress_db) as store:
        (hana,) = store.profiles()
        assert store.rating_history(hana.id).empty and len(store.attempts(hana.id)) == 2


def _chart(at, title: str) -> dict:
    """The page's Plotly figure with that title."""
    (found,) = [f for f in (json.loads(c.proto.spec) for c in at.get("plotly_chart"))
                if f["layout"].get("title", {}).get("text") == title]
    return found


def test_my_progress_charts_each_themes_trend_beside_the_table(progress_db):
    at = open_app("stats")
    create_profile(at, "Ines")
    with _store(progress_db) as store:
        (ines,) = store.profiles()
        _rate_some(store, ines.id)
        for i in range(4):
            p = practice_puzzle("next_leader", "laplaza_partners", None, i)
            store.record_attempt(ines.id, Attempt(p.id, p.ptype, "laplaza_partners", True, 1000, today()),
                                 band=p.difficulty.band)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    picker = at.multiselect(key="stats_theme_trend")
    assert set(picker.value) == {"block_count", "next_leader"}
    trend = _chart(at, EN("ratings.trend_chart"))
    assert sorted(line["name"] for line in trend["data"]) == sorted(
        ptype_title(t, lang="en") for t in ("block_count", "next_leader"))
    assert [len(line["x"]) for line in trend["data"] if line["name"] == ptype_title("block_count", lang="en")] == [12]
    picker.set_value(["next_leader"]).run()
    trend = _chart(at, EN("ratings.trend_chart"))
    assert [line["name"] for line in trend["data"]] == [ptype_title("next_leader", lang="en")]
