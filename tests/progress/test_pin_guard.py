"""The PIN guard under attack (issue 18): wrong PINs tried in parallel, a lockout that
grows, tokens revoked with the PIN, the current PIN asked before a change, scrypt run
outside the write transaction; on SQLite and PostgreSQL, and the same rules in memory."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, timedelta, timezone

import pytest
import sqlalchemy as sa

from progress import NullStore, ProfileError, open_store
import progress.accounts as accounts
from progress.accounts import NameLookups
from storage.database import guards_table
from progress.pins import (
    LOCK_CAP_SECONDS, MAX_FAILURES, Tries, lock_seconds, seconds_to_try, take_try,
)

from .conftest import attempt


def code(call) -> str:
    with pytest.raises(ProfileError) as caught:
        call()
    return caught.value.code


def parallel_wrong_tries(db_url: str, profile_id: int, count: int) -> list[str]:
    """``count`` sessions (two server processes' pools) typing a wrong PIN at the same moment."""
    stores = [open_store(db_url, share_engine=False) for _ in range(2)]
    start = threading.Barrier(count)

    def one(i: int) -> str:
        start.wait()
        return code(lambda: stores[i % 2].sign_in(profile_id, f"{i:04d}"[-4:] if i else "9999"))

    try:
        with ThreadPoolExecutor(count) as pool:
            return list(pool.map(one, range(count)))
    finally:
        for s in stores:
            s.close()


@pytest.mark.parametrize("count", [20, 40])
def test_parallel_wrong_pins_are_evaluated_at_most_five_times(db_url, count):
    with open_store(db_url) as store:
        ana = store.create_profile("Ana", pin="24681357")
    outcomes = parallel_wrong_tries(db_url, ana.id, count)
    assert outcomes.count("wrong_pin") <= MAX_FAILURES  # evaluated: the rest waited
    assert outcomes.count("wrong_pin") + outcomes.count("pin_locked") == count
    with open_store(db_url) as store:
        assert code(lambda: store.sign_in(ana.id, "24681357")) == "pin_locked"  # the owner waits too


def test_the_lock_grows_with_each_lockout_and_a_right_pin_resets_it(db_url):
    with open_store(db_url) as store:
        ana = store.create_profile("Ana", pin="2468")
        where = guards_table.c.profile_id == ana.id
        waits = []
        for _ in range(3):
            for _ in range(MAX_FAILURES):
                code(lambda: store.sign_in(ana.id, "0000"))
            with pytest.raises(ProfileError) as caught:
                store.sign_in(ana.id, "2468")
            waits.append(int(caught.value.params["seconds"]))
            # the lock runs out (moved into the past rather than waited for)
            past = datetime.now(timezone.utc) - timedelta(seconds=1)
            store._run(lambda conn: conn.execute(sa.update(guards_table).where(where).values(locked_until=past)),
                       write=True)
        assert waits[0] < waits[1] < waits[2]
        assert store.sign_in(ana.id, "2468") == ana
        for _ in range(MAX_FAILURES):
            code(lambda: store.sign_in(ana.id, "0000"))
        with pytest.raises(ProfileError) as caught:
            store.sign_in(ana.id, "2468")
        assert int(caught.value.params["seconds"]) <= waits[0]  # back to the first, short lock


def test_trying_every_four_digit_pin_takes_longer_than_a_school_year():
    assert seconds_to_try(10_000) > 365 * 86400
    assert lock_seconds(1) == 60 and lock_seconds(10**6) == LOCK_CAP_SECONDS  # never forever
    assert [lock_seconds(n) for n in range(1, 12)] == sorted(lock_seconds(n) for n in range(1, 12))


def test_take_try_counts_before_the_pin_is_checked():
    now = datetime(2026, 1, 5, tzinfo=timezone.utc)
    tries, refused = Tries(), []
    for _ in range(MAX_FAILURES + 3):
        tries, wait = take_try(tries, now)
        refused.append(wait is not None)
    assert refused == [False] * MAX_FAILURES + [True] * 3
    later = now + timedelta(seconds=lock_seconds(1) + 1)
    assert take_try(tries, later)[1] is None  # the wait is over


def test_scrypt_runs_outside_the_write_transaction(db_url, monkeypatch):
    with open_store(db_url) as store:
        ana = store.create_profile("Ana", pin="2468")
        other = open_store(db_url, share_engine=False, timeout=0.05, retries=0)
        seen = []
        real = accounts.verify_pin

        def verify_while_someone_writes(pin, stored):
            # another session saves an attempt and takes the guard row while the PIN is hashed
            other.record_attempt(ana.id, attempt(date(2026, 11, 29)))
            other._run(lambda conn: conn.execute(
                sa.select(guards_table).where(guards_table.c.profile_id == ana.id).with_for_update(nowait=True)
            ).all(), write=True)
            seen.append(True)
            return real(pin, stored)

        monkeypatch.setattr(accounts, "verify_pin", verify_while_someone_writes)
        try:
            assert store.sign_in(ana.id, "2468") == ana
            assert code(lambda: store.sign_in(ana.id, "1111")) == "wrong_pin"
        finally:
            other.close()
        assert seen == [True, True]


@pytest.fixture
def any_store(saved_or_memory):
    return saved_or_memory


def test_memory_store_locks_too(any_store):
    ana = any_store.create_profile("Ana", pin="2468")
    outcomes = [code(lambda: any_store.sign_in(ana.id, "0000")) for _ in range(MAX_FAILURES + 2)]
    assert outcomes == ["wrong_pin"] * MAX_FAILURES + ["pin_locked"] * 2


def test_changing_the_pin_signs_every_device_out(db_url):
    with open_store(db_url) as store:
        ana = store.create_profile("Ana", pin="2468")
        copied = store.remember_device(ana.id)
        store.protect(ana.id, pin="1357", current="2468")
        assert store.device_profile(copied) is None  # a copied cookie no longer signs in
        kept = store.remember_device(ana.id)
        store.protect(ana.id, hidden=True)  # hiding the name is not a PIN change
        assert store.device_profile(kept) == ana


def test_changing_or_removing_a_pin_and_deleting_ask_for_the_current_pin(any_store):
    ana = any_store.create_profile("Ana", pin="2468")
    assert code(lambda: any_store.protect(ana.id, pin="1357")) == "wrong_pin"
    assert code(lambda: any_store.protect(ana.id, pin="", current="0000")) == "wrong_pin"
    assert code(lambda: any_store.delete_profile(ana.id)) == "wrong_pin"
    assert code(lambda: any_store.delete_profile(ana.id, pin="1111")) == "wrong_pin"
    assert any_store.sign_in(ana.id, "2468") == ana  # nothing changed
    any_store.protect(ana.id, pin="1357", current="2468")
    assert any_store.sign_in(ana.id, "1357") == ana
    any_store.delete_profile(ana.id, pin="1357")
    assert any_store.profiles(include_hidden=True) == []
    bo = any_store.create_profile("Bo")  # no PIN: nothing to ask for
    any_store.protect(bo.id, pin="4321")
    any_store.protect(bo.id, pin="", current="4321")
    any_store.delete_profile(bo.id)


def test_signing_in_by_name_gives_one_answer_for_a_wrong_name_and_a_wrong_pin(any_store):
    any_store.create_profile("Ana", pin="2468", hidden=True)
    assert code(lambda: any_store.sign_in_by_name("Nobody", "2468")) == "no_match"
    assert code(lambda: any_store.sign_in_by_name("Ana", "1111")) == "no_match"
    assert code(lambda: any_store.sign_in_by_name("Ana", None)) == "no_match"
    assert any_store.sign_in_by_name(" ana ", "2468").name == "Ana"


def test_name_lookups_are_limited_per_session_and_per_address():
    clock = [1000.0]
    lookups = NameLookups(per_name=3, per_address=5, window_seconds=600, clock=lambda: clock[0])
    assert all(lookups.allow("session-1", "10.0.0.7", "Ana") for _ in range(3))
    assert not lookups.allow("session-1", "10.0.0.8", "Bo")  # the session's own limit
    assert not lookups.allow("session-2", "10.0.0.7", "ANA")  # another tab, the same address and name
    assert lookups.allow("session-3", "10.0.0.9", "Ana")
    clock[0] += 601
    assert lookups.allow("session-1", "10.0.0.7", "Ana")  # the window moved on


def test_a_class_behind_one_address_does_not_use_up_each_others_tries():
    clock = [1000.0]
    lookups = NameLookups(per_name=3, per_address=8, window_seconds=600, clock=lambda: clock[0])
    school = "192.0.2.10"  # one NAT for the whole class
    assert [lookups.allow("tab-ana", school, "Ana") for _ in range(4)] == [True, True, True, False]
    assert lookups.allow("tab-bo", school, "Bo")  # a classmate: Ana's wrong tries are not hers
    assert not lookups.allow("tab-ana-2", school, " ana ")  # a new tab does not reset Ana's
    # trying many names from one place (new tabs, each name a few times) still meets a limit
    answers = [lookups.allow(f"tab-{n}", school, f"Name{n}") for n in range(10)]
    assert answers == [True] * 4 + [False] * 6  # 3 + 1 + 4 = the address's 8
    assert lookups.allow("tab-home", "198.51.100.4", "Cy")  # another address has its own


def test_a_database_made_before_growing_locks_gets_the_column_on_its_next_open(db_url):
    with open_store(db_url, share_engine=False) as old:
        ana = old.create_profile("Ana", pin="2468")
        with old._writer.begin() as conn:  # as an older Capicú left it
            conn.exec_driver_sql("ALTER TABLE capicu_profile_guards DROP COLUMN lockouts")
    with open_store(db_url, share_engine=False) as store:
        for _ in range(MAX_FAILURES):
            code(lambda: store.sign_in(ana.id, "0000"))
        assert code(lambda: store.sign_in(ana.id, "2468")) == "pin_locked"
        row = store._run(lambda conn: conn.execute(sa.select(guards_table)).first(), write=False)
        assert row.lockouts == 1
