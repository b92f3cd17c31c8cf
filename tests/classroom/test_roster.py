"""The class that lasts (classroom/roster.py), on SQLite and PostgreSQL: a class, its
passphrase and lockout, its roster, login cards, exports; and what a student, a
stranger with the class code, or the teacher of another class can NOT do."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
import sqlalchemy as sa
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom import roster
from classroom.roster import RosterError
from progress import ProfileError, open_store
from progress.records import clean_name, name_key
from progress.pins import MAX_FAILURES
from storage.database import class_members_table, classes_table
from tests.progress.conftest import db_url, postgres_base  # noqa: F401  (fixtures: SQLite and PostgreSQL)

SECRET = "green tiles 7"


@pytest.fixture
def store(db_url):  # noqa: F811
    opened = open_store(db_url)
    yield opened
    opened.close()


def new_class(store, name="7B", secret=SECRET):
    return roster.create_class(store, name=name, games=["all_fives", "draw"], lang="nl",
                               time_zone="Europe/Amsterdam", secret=secret)


def test_create_open_and_look_up(store):
    made = new_class(store)
    assert len(made.code) == roster.CODE_LENGTH and made.games == ("all_fives", "draw") and made.is_teacher
    opened = roster.open_class(store, made.code.lower(), f"  {SECRET} ")
    assert opened == made and opened.key == made.key
    seen = roster.class_by_code(store, made.code)
    assert seen == made and seen.key == "" and not seen.is_teacher
    assert roster.class_by_code(store, "NOPE") is None
    assert roster.teacher_class(store, made.id, opened.key).name == "7B"


@pytest.mark.parametrize("kwargs, code", [
    ({"secret": "short"}, "secret_format"),
    ({"games": []}, "bad_games"),
    ({"games": ["chess"]}, "bad_games"),
    ({"time_zone": "Mars/Olympus"}, "bad_time_zone"),
    ({"lang": "<b>"}, "bad_lang"),
])
def test_create_refuses_what_is_wrong(store, kwargs, code):
    base = dict(name="7B", games=["all_fives"], lang="en", time_zone="UTC", secret=SECRET)
    with pytest.raises(RosterError) as caught:
        roster.create_class(store, **{**base, **kwargs})
    assert caught.value.code == code


def test_wrong_passphrases_lock_the_class_as_wrong_pins_lock_a_profile(store):
    made = new_class(store)
    for _ in range(MAX_FAILURES):
        with pytest.raises(RosterError, match="passphrase") as caught:
            roster.open_class(store, made.code, "not the one!")
        assert caught.value.code == "wrong_secret"
    with pytest.raises(RosterError) as caught:  # locked: even the right one waits
        roster.open_class(store, made.code, SECRET)
    assert caught.value.code == "secret_locked" and caught.value.params["wait"]
    with pytest.raises(RosterError) as caught:
        roster.open_class(store, "ZZZZZZZZ", SECRET)
    assert caught.value.code == "unknown_class"
    # the lock passes (its end moved into the past): the right passphrase opens and clears the count
    past = datetime.now(timezone.utc) - timedelta(seconds=1)
    store._run(lambda c: c.execute(sa.update(classes_table).values(locked_until=past)), write=True)
    assert roster.open_class(store, made.code, SECRET).id == made.id
    row = store._run(lambda c: c.execute(sa.select(classes_table)).first(), write=False)
    assert (row.failures, row.lockouts, row.locked_until) == (0, 0, None)
    assert SECRET not in row.secret_hash and row.secret_hash.startswith("scrypt$")


def test_a_teacher_key_opens_its_own_class_only(store):
    a, b = new_class(store, "7A"), new_class(store, "7B", secret="another secret")
    with pytest.raises(RosterError):
        roster.teacher_class(store, b.id, a.key)   # A's key on B
    for forged in ("", "0" * 64, a.key.upper(), None, True, 1):
        with pytest.raises(RosterError):
            roster.teacher_class(store, a.id, forged)
    with pytest.raises(RosterError):
        roster.teacher_class(store, str(a.id), a.key)
    # a new passphrase closes every screen opened under the old one
    renewed = roster.change_secret(store, a, "a brand new one")
    with pytest.raises(RosterError):
        roster.teacher_class(store, a.id, a.key)
    assert roster.teacher_class(store, a.id, renewed.key).id == a.id


def test_students_join_once_by_code_with_a_nickname_and_a_pin(store):
    made = new_class(store)
    store.create_profile("Ana")  # someone else on the server is already called Ana
    pid, member = roster.join_class(store, made.code, "Ana", "2468")
    assert member.nickname == "Ana" and member.profile_name == "Ana (7B)"
    assert store.protection(pid).pin and store.protection(pid).hidden
    assert store.sign_in_by_name("Ana (7B)", "2468").id == pid
    with pytest.raises(RosterError) as caught:
        roster.join_class(store, made.code, "ana", "1357")
    assert caught.value.code == "nickname_taken"
    with pytest.raises(ProfileError) as caught:
        roster.join_class(store, made.code, "Bo", "12")
    assert caught.value.code == "pin_format"
    assert [m.nickname for m in roster.members(store, made.id)] == ["Ana"]
    # a signed-in profile joins as itself; twice is refused
    own = store.create_profile("Carla")
    assert roster.join_class(store, made.code, "Carla", profile_id=own.id)[0] == own.id
    with pytest.raises(RosterError) as caught:
        roster.join_class(store, made.code, "Carlita", profile_id=own.id)
    assert caught.value.code == "already_member"
    assert [c.name for c in roster.classes_of(store, own.id)] == ["7B"]
    assert all(c.key == "" for c in roster.classes_of(store, own.id))


def test_the_roster_typed_by_the_teacher_and_its_management(store):
    made = new_class(store)
    made_pins = roster.add_students(store, made.id, ["Ana", "  Bo ", ""])
    assert [(m.nickname, len(pin)) for m, pin in made_pins] == [("Ana", 6), ("Bo", 6)]
    (ana, ana_pin), (bo, _) = made_pins
    assert store.sign_in(ana.profile_id, ana_pin).id == ana.profile_id
    with pytest.raises(RosterError):
        roster.add_students(store, made.id, ["Cy", "BO"])
    assert len(roster.members(store, made.id)) == 2  # nothing half-added
    renamed = roster.rename_student(store, made.id, ana.profile_id, "Anita")
    assert (renamed.nickname, renamed.profile_name) == ("Anita", "Anita")
    token = store.remember_device(ana.profile_id)
    pin = roster.reset_pin(store, made.id, ana.profile_id)
    assert pin != ana_pin and store.sign_in(ana.profile_id, pin)
    assert store.device_profile(token) is None  # signed out everywhere
    with pytest.raises(ProfileError):
        store.sign_in(ana.profile_id, ana_pin)
    roster.remove_student(store, made.id, bo.profile_id)
    assert [m.nickname for m in roster.members(store, made.id)] == ["Anita"]
    assert store._has_profile(bo.profile_id)  # the profile and its work stay the student's
    with pytest.raises(RosterError):
        roster.reset_pin(store, made.id, bo.profile_id)  # not in the class any more


def test_login_cards(store):
    made = new_class(store)
    other = new_class(store, "8C", secret="other class!")
    (ana, _), = roster.add_students(store, made.id, ["Ana"])
    first = roster.issue_card(store, made.id, ana.profile_id)
    assert roster.sign_in_by_card(store, first) == ana.profile_id
    row = store._run(lambda c: c.execute(sa.select(class_members_table)).first(), write=False)
    assert row.card_hash != first and len(row.card_hash) == 64  # only its hash is kept
    second = roster.issue_card(store, made.id, ana.profile_id)
    with pytest.raises(RosterError):
        roster.sign_in_by_card(store, first)  # a new card replaces the old
    with pytest.raises(RosterError):
        roster.issue_card(store, other.id, ana.profile_id)  # not a student of the other class
    for forged in ("", "x" * 30, None, second[:-1], second + "A"):
        with pytest.raises(RosterError):
            roster.sign_in_by_card(store, forged)
    roster.archive_class(store, made.id)
    with pytest.raises(RosterError):
        roster.sign_in_by_card(store, second)
    with pytest.raises(RosterError) as caught:
        roster.join_class(store, made.code, "Bo", "2468")
    assert caught.value.code == "archived"
    roster.archive_class(store, made.id, False)
    assert roster.sign_in_by_card(store, second) == ana.profile_id
    roster.remove_student(store, made.id, ana.profile_id)
    with pytest.raises(RosterError):
        roster.sign_in_by_card(store, second)


def test_export_then_delete(store):
    made = new_class(store)
    (ana, _), = roster.add_students(store, made.id, ["=HYPERLINK(1)"])
    with pytest.raises(RosterError) as caught:
        roster.delete_class(store, made.id, exported=False)
    assert caught.value.code == "export_first"
    data = json.loads(roster.export_class(store, made.id, "json"))
    assert data["class"]["name"] == "7B" and [s["nickname"] for s in data["students"]] == ["=HYPERLINK(1)"]
    assert b"'=HYPERLINK(1)" in roster.export_class(store, made.id, "csv")  # formula-safe
    roster.delete_class(store, made.id, exported=True, students_too=True)
    assert roster.class_by_code(store, made.code) is None
    assert not store._has_profile(ana.profile_id)


def test_a_teacher_acts_on_their_own_class_only(store):
    """Every roster action takes the class it acts in: a student of class B is not reached
    through class A's id (the page passes only the id its teacher key opened)."""
    a, b = new_class(store, "7A"), new_class(store, "7B", secret="another one!")
    (sam, sam_pin), = roster.add_students(store, b.id, ["Sam"])
    for action in (lambda: roster.rename_student(store, a.id, sam.profile_id, "Pwned"),
                   lambda: roster.reset_pin(store, a.id, sam.profile_id),
                   lambda: roster.remove_student(store, a.id, sam.profile_id),
                   lambda: roster.issue_card(store, a.id, sam.profile_id),
                   lambda: roster.member_of(store, a.id, sam.profile_id)):
        with pytest.raises(RosterError) as caught:
            action()
        assert caught.value.code == "not_member"
    assert [(m.nickname, m.profile_id) for m in roster.members(store, b.id)] == [("Sam", sam.profile_id)]
    assert store.sign_in(sam.profile_id, sam_pin).id == sam.profile_id  # the PIN is untouched
    assert roster.members(store, a.id) == []
    # the export of A holds nothing of B
    assert b"Sam" not in roster.export_class(store, a.id, "json")


@settings(max_examples=200, deadline=None, derandomize=True)
@given(nickname=st.text(min_size=1, max_size=40), class_name=st.text(min_size=1, max_size=40))
def test_profile_names_fit_and_differ(nickname, class_name):
    """Every sign-in name tried for a student is a valid profile name of at most 40
    characters, the first is the nickname itself, and no two are the same profile."""
    try:
        nickname, class_name = clean_name(nickname), clean_name(class_name)
    except ProfileError:
        return
    names = list(roster.profile_names(nickname, class_name))
    assert names[0] == nickname and len(names) == 100
    assert all(len(clean_name(n)) <= 40 for n in names)
    assert len({name_key(n) for n in names}) == len(names)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(text=st.text(max_size=120))
def test_a_passphrase_is_taken_as_typed_or_refused_in_words(text):
    try:
        secret = roster.clean_secret(text)
    except RosterError as error:
        assert error.code == "secret_format"
        return
    assert roster.SECRET_MIN <= len(secret) <= roster.SECRET_MAX and secret == secret.strip()
