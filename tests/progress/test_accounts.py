"""PINs, hidden profiles and devices that stay signed in (progress/accounts.py), on
SQLite and PostgreSQL, and the same API in memory."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from progress import NullStore, ProfileError, open_store
from progress.pins import LOCK_SECONDS, MAX_FAILURES, clean_pin, hash_pin, verify_pin


@pytest.fixture
def store(saved_or_memory):
    return saved_or_memory


def code(call) -> str:
    with pytest.raises(ProfileError) as caught:
        call()
    return caught.value.code


def test_a_pin_protects_a_profile(store):
    ana = store.create_profile("Ana", pin="2468")
    assert store.protection(ana.id).pin and not store.protection(ana.id).hidden
    assert store.sign_in(ana.id, "2468") == ana
    assert code(lambda: store.sign_in(ana.id, "1357")) == "wrong_pin"
    assert code(lambda: store.sign_in(ana.id, None)) == "wrong_pin"
    bo = store.create_profile("Bo")
    assert store.sign_in(bo.id) == bo  # no PIN: open, as before


def test_a_bad_pin_is_refused_before_anything_is_made(store):
    assert code(lambda: store.create_profile("Ana", pin="12")) == "pin_format"
    assert store.profiles() == []  # the name was not taken by the refused try
    store.create_profile("Ana", pin="1234")


def test_hidden_profiles_are_left_out_of_the_list_but_found_by_name(store):
    store.create_profile("Ana", hidden=True, pin="1111")
    bo = store.create_profile("Bo")
    assert [p.name for p in store.profiles()] == ["Bo"]
    assert [p.name for p in store.profiles(include_hidden=True)] == ["Ana", "Bo"]
    assert store.find_profile(" ana ").name == "Ana" and store.find_profile("Cy") is None
    store.protect(bo.id, hidden=True)
    assert store.profiles() == []
    store.protect(bo.id, hidden=False, pin="9999")
    assert [p.name for p in store.profiles()] == ["Bo"] and store.protection(bo.id).pin
    store.protect(bo.id, pin="", current="9999")  # removed (with the PIN it had)
    assert not store.protection(bo.id).pin and store.sign_in(bo.id) == bo


def test_wrong_pins_in_a_row_lock_the_profile_for_a_while(db_url):
    with open_store(db_url) as store:
        ana = store.create_profile("Ana", pin="2468")
        for _ in range(MAX_FAILURES - 1):
            assert code(lambda: store.sign_in(ana.id, "0000")) == "wrong_pin"
        assert store.sign_in(ana.id, "2468") == ana  # a right PIN resets the count
        for _ in range(MAX_FAILURES):
            code(lambda: store.sign_in(ana.id, "0000"))
        with pytest.raises(ProfileError) as caught:
            store.sign_in(ana.id, "2468")  # even the right PIN waits
        assert caught.value.code == "pin_locked" and 0 < int(caught.value.params["seconds"]) <= LOCK_SECONDS + 1
        assert caught.value.params["wait"] == "1 min"


def test_a_device_stays_signed_in_until_it_is_forgotten(db_url):
    with open_store(db_url) as store:
        ana = store.create_profile("Ana", pin="2468")
        token = store.remember_device(ana.id)
        assert len(token) >= 40
        with open_store(db_url, share_engine=False) as other:  # another process, a reload
            assert other.device_profile(token) == ana
        assert store.device_profile(token + "x") is None and store.device_profile("short") is None
        store.forget_device(token)
        assert store.device_profile(token) is None


def test_only_a_hash_of_the_device_token_is_kept(db_url, db_path):
    import sqlite3

    with open_store(db_url) as store:
        token = store.remember_device(store.create_profile("Ana").id)
    con = sqlite3.connect(db_path)
    stored = [row[0] for row in con.execute("SELECT token_hash FROM capicu_devices")]
    con.close()
    assert len(stored) == 1 and token not in stored[0] and len(stored[0]) == 64


def test_the_pin_is_stored_salted_never_in_clear(db_url, db_path):
    import sqlite3

    with open_store(db_url) as store:
        store.create_profile("Ana", pin="24681357")
        store.create_profile("Bo", pin="24681357")
    con = sqlite3.connect(db_path)
    hashes = [row[0] for row in con.execute("SELECT pin_hash FROM capicu_profile_guards")]
    con.close()
    assert len(set(hashes)) == 2 and not any("24681357" in h for h in hashes)


@settings(max_examples=25, deadline=None)
@given(st.text(max_size=12))
def test_clean_pin_accepts_four_to_eight_ascii_digits_only(text):
    stripped = text.strip()
    ok = 4 <= len(stripped) <= 8 and all(c in "0123456789" for c in stripped)
    if ok:
        assert clean_pin(text) == stripped
    else:
        with pytest.raises(ProfileError):
            clean_pin(text)


def test_verify_pin_never_raises_on_a_damaged_hash():
    stored = hash_pin("1234")
    for broken in ["", "scrypt", stored[:-5] + "!!!!!", "md5$1$2$3$4$5", stored.replace("16384", "x")]:
        assert verify_pin("1234", broken) is False
    assert verify_pin("1234", stored) and not verify_pin("１２３４", stored)


def test_a_profile_can_be_renamed_and_deleted_with_everything_it_saved(store):
    from datetime import date

    from progress import Attempt

    ana = store.create_profile("Ana", pin="2468")
    bo = store.create_profile("Bo")
    store.record_attempt(ana.id, Attempt("p1", "block", "block", True, 900, date(2026, 11, 2)))
    assert store.rename_profile(ana.id, "  Ana Lúcia ").name == "Ana Lúcia"
    assert code(lambda: store.rename_profile(ana.id, "bo")) == "name_taken"
    assert [p.name for p in store.profiles()] == ["Ana Lúcia", "Bo"] and store.sign_in(ana.id, "2468").name == "Ana Lúcia"
    store.delete_profile(ana.id, pin="2468")
    assert [p.name for p in store.profiles(include_hidden=True)] == ["Bo"]
    try:
        left = len(store.attempts(ana.id))
    except ProfileError:
        left = 0
    assert left == 0  # its attempts went with it
    assert code(lambda: store.delete_profile(ana.id)) == "unknown_profile"
    store.create_profile("Ana")  # the name is free again
    assert store.sign_in(bo.id) == bo
