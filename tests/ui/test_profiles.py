"""Signing in from the sidebar: PINs, hidden profiles, a device that stays signed in, and
what the sidebar says when the progress file is lost or was damaged (issue 11)."""

from __future__ import annotations

import os

from progress import open_store
from ui.parts import device
from ui.i18n import translator
from ui.session import plain

from .conftest import create_profile, open_app

TR = translator("en")


def sidebar_texts(at) -> str:
    parts = [str(e.value) for kind in ("caption", "error", "success", "markdown") for e in getattr(at.sidebar, kind)]
    return "\n".join(parts)


def signed_in(at):
    return at.session_state["profile"] if "profile" in at.session_state else None


def pick(at, value):
    at.sidebar.selectbox(key="profile_select").set_value(value).run()
    assert not at.exception
    return at


def test_a_profile_with_a_pin_opens_only_with_it(progress_db):
    at = create_profile(open_app(), "Ana", pin="2468")
    assert signed_in(at).name == "Ana"

    fresh = open_app()  # another session (another student at the same server)
    assert "Ana" in fresh.sidebar.selectbox(key="profile_select").options
    with open_store(f"sqlite:///{progress_db}") as store:
        ana_id = store.profiles()[0].id
    pick(fresh, ana_id)
    assert signed_in(fresh) is None  # not yet
    assert TR("profile.pin_needed", name="Ana") in sidebar_texts(fresh)
    fresh.sidebar.text_input(key="profile_pin").input("1111").run()
    fresh.sidebar.button(key="profile_sign_in").click().run()
    assert signed_in(fresh) is None
    assert TR("error.wrong_pin") in sidebar_texts(fresh)
    fresh.sidebar.text_input(key="profile_pin").input("2468").run()
    fresh.sidebar.button(key="profile_sign_in").click().run()
    assert signed_in(fresh).name == "Ana"


def test_a_hidden_profile_is_not_listed_and_opens_by_its_name(progress_db):
    at = create_profile(open_app(), "Bea", pin="9753", hidden=True)
    assert signed_in(at).name == "Bea"

    fresh = open_app()
    options = fresh.sidebar.selectbox(key="profile_select").options
    assert "Bea" not in options and TR("profile.other") in options
    pick(fresh, "__other__")
    fresh.sidebar.text_input(key="profile_lookup").input("bea").run()
    fresh.sidebar.text_input(key="profile_pin").input("9753").run()
    fresh.sidebar.button(key="profile_sign_in").click().run()
    assert signed_in(fresh).name == "Bea"
    assert "Bea" in fresh.sidebar.selectbox(key="profile_select").options  # shown while signed in


def remembering(at):
    """Tick "Stay signed in on this device" (off unless asked: computers are shared)."""
    at.sidebar.checkbox(key="profile_remember").check().run()
    return at


def test_a_device_that_signed_in_stays_signed_in_until_it_signs_out(progress_db, monkeypatch):
    at = create_profile(remembering(open_app()), "Cai")
    token = at.session_state[device.TOKEN]
    assert len(token) >= 40
    monkeypatch.setattr(device, "browser_token", lambda: token)  # the cookie a reload sends
    again = open_app("practice")
    assert signed_in(again).name == "Cai"
    again.sidebar.button(key="profile_sign_out").click().run()
    assert signed_in(again) is None
    later = open_app()  # the token was forgotten on the server, whatever the browser still sends
    assert signed_in(later) is None


def test_settings_set_and_remove_a_pin_and_hide_the_name(progress_db):
    at = create_profile(open_app(), "Dan")
    at.sidebar.text_input(key="profile_set_pin").input("12").run()
    at.sidebar.button(key="profile_save_pin").click().run()
    assert TR("error.pin_format") in sidebar_texts(at)
    at.sidebar.text_input(key="profile_set_pin").input("4321").run()
    at.sidebar.button(key="profile_save_pin").click().run()
    assert TR("profile.pin_saved") in sidebar_texts(at)  # no PIN before: none to ask for
    at.sidebar.checkbox(key="profile_hidden").check().run()
    with open_store(f"sqlite:///{progress_db}") as store:
        dan = store.find_profile("Dan")
        assert store.protection(dan.id).pin and store.protection(dan.id).hidden
        assert store.profiles() == []


def test_a_name_with_markup_is_shown_as_text(progress_db):
    with open_store(f"sqlite:///{progress_db}") as store:
        evil = store.create_profile("[x](http://127.0.0.1:9/p)", pin="1234")
    at = pick(open_app(), evil.id)
    caption = next(str(c.value) for c in at.sidebar.caption if "PIN" in str(c.value))
    assert "\\[x\\]" in caption and "](http" not in caption


def test_a_progress_file_deleted_while_running_is_said_and_not_saved(progress_db):
    at = create_profile(open_app(), "Eva")
    os.unlink(progress_db)
    at.sidebar.selectbox(key="profile_select").set_value("__new__").run()
    at.sidebar.text_input(key="profile_name").input("Fay").run()
    at.sidebar.button(key="profile_create").click().run()
    assert not at.exception
    said = sidebar_texts(at)
    assert TR("notice.store_problem", detail=TR("store.file_lost")) in said  # the write failed, and says so
    at.run()
    assert TR("profile.not_saving", reason=TR("store.file_lost")) in sidebar_texts(at)  # and saving stopped


def test_a_damaged_progress_file_is_kept_aside_and_said(progress_db):
    progress_db.parent.mkdir(parents=True, exist_ok=True)
    progress_db.write_bytes(b"SQLite format 3\x00" + b"\x07" * 8192)
    at = open_app()
    kept = [p.name for p in progress_db.parent.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1
    assert TR("profile.salvaged", kept=plain(kept[0]), rows=0) in sidebar_texts(at)
    create_profile(at, "Gil")  # the fresh file saves
    assert signed_in(at).name == "Gil"


def test_a_profile_is_renamed_and_deleted_from_its_settings(progress_db):
    at = create_profile(open_app(), "Hal")
    at.sidebar.text_input(key="profile_rename").input("Hal Jordan").run()
    at.sidebar.button(key="profile_rename_button").click().run()
    assert signed_in(at).name == "Hal Jordan" and TR("profile.renamed") in sidebar_texts(at)
    assert at.sidebar.button(key="profile_delete").disabled  # not before saying yes
    at.sidebar.checkbox(key="profile_delete_sure").check().run()
    at.sidebar.button(key="profile_delete").click().run()
    assert not at.exception and signed_in(at) is None
    with open_store(f"sqlite:///{progress_db}") as store:
        assert store.profiles(include_hidden=True) == []


def test_on_a_shared_computer_signing_in_leaves_no_device_behind_unless_asked(progress_db):
    import sqlite3

    at = create_profile(open_app(), "Ivo")  # the default: a reload goes back to Guest
    assert signed_in(at).name == "Ivo" and device.TOKEN not in at.session_state
    con = sqlite3.connect(progress_db)
    assert con.execute("SELECT COUNT(*) FROM capicu_devices").fetchone()[0] == 0
    con.close()
    kept = create_profile(remembering(open_app()), "Jo")  # ticked: the device stays signed in
    assert device.TOKEN in kept.session_state


def test_signing_in_by_name_says_the_same_for_a_wrong_name_and_a_wrong_pin(progress_db):
    create_profile(open_app(), "Kim", pin="8642", hidden=True)
    fresh = pick(open_app(), "__other__")
    answers = []
    for name, pin in [("Kim", "1111"), ("Nobody", "1111"), ("Kim", "2222"), ("Nobody", "")]:
        fresh.sidebar.text_input(key="profile_lookup").input(name).run()
        fresh.sidebar.text_input(key="profile_pin").input(pin).run()
        fresh.sidebar.button(key="profile_sign_in").click().run()
        answers.append([str(e.value) for e in fresh.sidebar.error])
    assert answers == [[TR("error.no_match")]] * 4  # one answer, and never the last try's
    assert signed_in(fresh) is None


def test_signing_in_by_name_is_limited_per_session(progress_db, monkeypatch):
    from progress.accounts import NameLookups

    monkeypatch.setattr("ui.parts.profile_picker.NAME_LOOKUPS", NameLookups(per_name=3))
    create_profile(open_app(), "Lia", pin="8642", hidden=True)
    fresh = pick(open_app(), "__other__")
    fresh.sidebar.text_input(key="profile_lookup").input("Lia").run()
    for pin in ["1111", "2222", "3333"]:
        fresh.sidebar.text_input(key="profile_pin").input(pin).run()
        fresh.sidebar.button(key="profile_sign_in").click().run()
    fresh.sidebar.text_input(key="profile_pin").input("8642").run()
    fresh.sidebar.button(key="profile_sign_in").click().run()
    assert signed_in(fresh) is None and TR("profile.too_many_lookups") in sidebar_texts(fresh)


def _sign_in_by_name(at, name: str, pin: str):
    at.sidebar.text_input(key="profile_lookup").input(name).run()
    at.sidebar.text_input(key="profile_pin").input(pin).run()
    at.sidebar.button(key="profile_sign_in").click().run()
    return at


def test_a_class_behind_one_school_address_keeps_each_name_its_own_tries(progress_db, monkeypatch):
    from progress.accounts import NameLookups

    monkeypatch.setattr("ui.parts.profile_picker.NAME_LOOKUPS", NameLookups(per_name=3))
    monkeypatch.setattr("ui.parts.profile_picker._client_address", lambda: "192.0.2.10")  # one NAT
    create_profile(open_app(), "Noa", pin="1357", hidden=True)
    create_profile(open_app(), "Ole", pin="2468", hidden=True)
    for _ in range(2):  # a prankster in the class, in new tabs: Noa's tries run out ...
        tab = pick(open_app(), "__other__")
        for pin in ["0000", "1111"]:
            _sign_in_by_name(tab, "Noa", pin)
    assert TR("profile.too_many_lookups") in sidebar_texts(tab)
    ole = _sign_in_by_name(pick(open_app(), "__other__"), "Ole", "2468")  # ... a classmate's do not
    assert signed_in(ole).name == "Ole"


def test_changing_the_pin_or_deleting_asks_for_the_current_pin(progress_db):
    at = create_profile(remembering(open_app()), "Max", pin="2468")
    token = at.session_state[device.TOKEN]
    at.sidebar.text_input(key="profile_set_pin").input("1357").run()
    at.sidebar.button(key="profile_save_pin").click().run()
    assert TR("error.wrong_pin") in sidebar_texts(at)  # no current PIN given
    at.sidebar.checkbox(key="profile_delete_sure").check().run()
    at.sidebar.button(key="profile_delete").click().run()
    assert signed_in(at).name == "Max" and TR("error.wrong_pin") in sidebar_texts(at)
    at.sidebar.text_input(key="profile_current_pin").input("2468").run()
    at.sidebar.text_input(key="profile_set_pin").input("1357").run()
    at.sidebar.button(key="profile_save_pin").click().run()
    assert TR("profile.pin_saved") in sidebar_texts(at)
    with open_store(f"sqlite:///{progress_db}") as store:
        assert store.device_profile(token) is None  # the old cookie signs in no more
        assert store.device_profile(at.session_state[device.TOKEN]).name == "Max"  # this device stays
    at.sidebar.text_input(key="profile_current_pin").input("1357").run()
    at.sidebar.checkbox(key="profile_delete_sure").check().run()
    at.sidebar.button(key="profile_delete").click().run()
    assert not at.exception and signed_in(at) is None


def _try_new(at, name: str):
    pick(at, "__new__")
    at.sidebar.text_input(key="profile_name").input(name).run()
    at.sidebar.button(key="profile_create").click().run()
    assert not at.exception
    return [str(e.value) for e in at.sidebar.error]


def test_new_profile_shares_the_limit_of_signing_in_by_name(progress_db, monkeypatch):
    """Review D1: "That name is taken" tells a hidden name as well as a sign-in by name
    does, so refused names count in the same limit; names that are created do not."""
    from progress.accounts import NameLookups

    monkeypatch.setattr("ui.parts.profile_picker.NAME_LOOKUPS", NameLookups(per_name=3))
    monkeypatch.setattr("ui.parts.profile_picker._client_address", lambda: "192.0.2.20")
    create_profile(open_app(), "Hideaway", pin="1357", hidden=True)
    stranger = open_app()
    for made_up in ["Uno", "Dos", "Tres", "Cuatro"]:  # created: they tell nothing, and cost nothing
        assert _try_new(stranger, made_up) == []
        assert signed_in(stranger).name == made_up
    assert _try_new(stranger, "hideaway") == [TR("error.name_taken", name="hideaway")]
    assert _try_new(stranger, "HIDEAWAY") == [TR("error.name_taken", name="HIDEAWAY")]
    assert _try_new(stranger, "Quiet") == []  # created, given back
    assert _try_new(stranger, "Hideaway") == [TR("error.name_taken", name="Hideaway")]
    assert _try_new(stranger, "Hideaway") == [TR("profile.too_many_lookups")]
    assert _try_new(stranger, "Made up") == [TR("profile.too_many_lookups")]  # no telling either way
    pick(stranger, "__other__")  # one limit for both ways of asking
    _sign_in_by_name(stranger, "Hideaway", "1357")
    assert signed_in(stranger).name != "Hideaway" and TR("profile.too_many_lookups") in sidebar_texts(stranger)
    again = open_app()  # a new tab from the same address: the name's own count holds
    assert _try_new(again, "hideaway") == [TR("profile.too_many_lookups")]


def test_new_profile_does_not_quote_a_hidden_look_alike(progress_db):
    create_profile(open_app(), "HideAway", pin="1357", hidden=True)
    stranger = open_app()
    errors = _try_new(stranger, "H\u0456deaway")  # a Cyrillic і
    assert errors == [TR("error.name_look_alike_hidden", name="H\u0456deaway")]
    assert "HideAway" not in sidebar_texts(stranger)


def test_a_salvage_placeholder_profile_is_named_in_the_readers_language(progress_db):
    """Review D2: attempts whose profile was lost come back under "Recovered 1", which the
    list shows translated until its owner renames it."""
    import sqlite3

    from datetime import date

    from progress import Attempt

    with open_store(f"sqlite:///{progress_db}") as store:
        ana = store.create_profile("Ana")
        day = date(2026, 11, 29)
        for n in range(30):
            store.record_attempt(ana.id, Attempt(f"p{n}", "count_points", "all_fives", True, 900, day))
    con = sqlite3.connect(progress_db)
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'capicu_profiles'").fetchone()[0]
    size = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    with progress_db.open("r+b") as handle:
        handle.seek((root - 1) * size)
        handle.write(b"\x07" * size)
    at = open_app(lang="nl")
    select = at.sidebar.selectbox(key="profile_select")
    assert translator("nl")("profile.recovered", number=1) == "Hersteld 1"
    assert "Hersteld 1" in select.options and "Recovered 1" not in select.options
    pick(at, ana.id)
    assert signed_in(at).id == ana.id  # the owner opens it, attempts and all
