"""Look-alike names (issue 18): invisible and format characters are refused, names are
NFKC-normalised, and a name that reads the same as a taken one (its Unicode TR 39
skeleton) is refused, for profiles and class nicknames alike, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import unicodedata
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.quiz import open_quiz_store
from progress import NullStore, ProfileError, open_store
from progress.records import clean_name, name_key, name_skeleton, refuse_look_alike

# the characters the issue found in real names, and more of Unicode's invisible ones
INVISIBLE = ["\u200b", "\u061c", "\u2060", "\ufeff", "\u00ad", "\u180e", "\u034f", "\U000e0041", "\U000e007f",
             "\u115f", "\u1160", "\u3164", "\uffa0", "\u200d", "\u17b4", "\u180b", "\ue000"]
LOOK_ALIKES = [("Ana", "\u0410na"), ("Pinny", "\u0420inny"), ("Pinny", "P\u0456nny"), ("Emma", "Ernrna"),
               ("Il", "ll"), ("Sofia", "S\u03bffia")]


def code(call) -> str:
    with pytest.raises(ProfileError) as caught:
        call()
    return caught.value.code


@pytest.mark.parametrize("char", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_invisible_and_format_characters_are_refused(char):
    assert code(lambda: clean_name(f"An{char}a")) == "name_invisible"
    assert code(lambda: clean_name(f"Ana{char}")) == "name_invisible"


def test_names_are_nfkc_normalised_and_variation_selectors_dropped():
    assert clean_name("\uff21\uff4e\uff41") == "Ana"  # full-width letters
    assert clean_name("Ana\u2764\ufe0f") == "Ana\u2764"  # a heart as a phone types it
    assert clean_name("Jose\u0301") == "José"
    assert clean_name("\uff21na") == "Ana" and name_key("\uff21na") == name_key("ana")


@pytest.mark.parametrize("first, second", LOOK_ALIKES)
def test_look_alike_names_have_one_skeleton(first, second):
    assert name_skeleton(first) == name_skeleton(second)
    assert code(lambda: refuse_look_alike(second, [first])) in ("name_look_alike",)


def test_different_names_stay_different():
    names = ["Ana", "Ada", "Ava", "Bo", "Bea", "Dan", "Kim", "Lia", "María", "Mario", "Zoë", "Zoe"]
    skeletons = {name_skeleton(n) for n in names}
    assert len(skeletons) == len(names)  # accents count: "María" is not "Maria"
    assert refuse_look_alike("Ana", ["ANA"]) == "Ana"  # the same name is name_taken, not this


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=12))
def test_a_clean_name_has_nothing_invisible_and_is_stable(text):
    try:
        shown = clean_name(text)
    except ProfileError:
        return
    assert clean_name(shown) == shown and unicodedata.is_normalized("NFKC", shown)
    assert not any(unicodedata.category(c) in ("Cf", "Cc", "Co", "Cn") for c in shown)
    assert name_skeleton(shown) and refuse_look_alike(shown, [shown]) == shown  # never its own twin


@pytest.fixture
def store(saved_or_memory):
    return saved_or_memory


def test_a_store_refuses_a_look_alike_profile(store):
    store.create_profile("Pinny")
    for twin in ["Pinny\u200b", "\u0420inny", "P\u0456nny", "\uff30inny"]:
        assert code(lambda: store.create_profile(twin)) in ("name_look_alike", "name_invisible", "name_taken")
    assert [p.name for p in store.profiles()] == ["Pinny"]
    ana = store.create_profile("Ana")
    assert code(lambda: store.rename_profile(ana.id, "P\u0456nny")) == "name_look_alike"
    assert store.rename_profile(ana.id, "\u0410na").name == "\u0410na"  # its own look-alike is its own name


def test_twelve_look_alikes_at_once_make_one_profile(db_url):
    twins = ["Pinny", "\u0420inny", "P\u0456nny", "\u0420\u0456nny", "Pinny\u0435"[:5], "\uff30inny",
             "Pi\u0578ny", "Pin\u0578y", "Pinn\u0443", "\u0420inn\u0443", "P\u0456nn\u0443", "Pi\u0578\u0578y"]
    stores = [open_store(db_url, share_engine=False) for _ in range(2)]
    start = threading.Barrier(len(twins))

    def create(i: int) -> str:
        start.wait()
        try:
            stores[i % 2].create_profile(twins[i])
            return "made"
        except ProfileError as error:
            return error.code

    try:
        with ThreadPoolExecutor(len(twins)) as pool:
            outcomes = list(pool.map(create, range(len(twins))))
        assert outcomes.count("made") == 1, outcomes
        assert len(stores[0].profiles()) == 1
    finally:
        for s in stores:
            s.close()


def test_class_nicknames_follow_the_same_rule(db_url):
    quizzes = open_quiz_store(db_url)
    try:
        quiz, _ = quizzes.create(["fives:all_fives:2:12531294"])
        quizzes.join(quiz.code, "Ana", "device-0001")
        assert code(lambda: quizzes.join(quiz.code, "\u0410na", "device-0002")) == "name_look_alike"
        assert code(lambda: quizzes.join(quiz.code, "Ana\u200b", "device-0003")) == "name_invisible"
        assert quizzes.join(quiz.code, "Bo", "device-0004").nickname == "Bo"
    finally:
        quizzes.close_store()


def test_a_look_alike_of_a_hidden_name_does_not_quote_it(store):
    """Review D1: the refusal must not give a hidden profile's exact spelling."""
    store.create_profile("HideAway", hidden=True)
    store.create_profile("Pinny")
    with pytest.raises(ProfileError) as refused:
        store.create_profile("H\u0456deaway")  # a Cyrillic і
    assert refused.value.code == "name_look_alike_hidden"
    assert "HideAway" not in str(refused.value) and "HideAway" not in refused.value.params.values()
    ana = store.create_profile("Ana")
    assert code(lambda: store.rename_profile(ana.id, "H\u0456deaway")) == "name_look_alike_hidden"
    # a listed name is quoted, as before: the list shows it anyway
    assert code(lambda: store.create_profile("P\u0456nny")) == "name_look_alike"
