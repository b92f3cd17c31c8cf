"""A database made before the class that lasts (issue 46 item 6) opens with every row it
had and gains the class tables, on SQLite and PostgreSQL.

``data/before_classes.sqlite3`` was made by the previous main's schema (``git show
cfdbf6c:storage/database.py``: its ``prepare()`` made the tables, and one row was written
to each table, two profiles); it is committed so the test needs no git history. The
PostgreSQL database is built from that file's own tables and rows (reflected), as an
older Capicú would have left it there."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import sqlalchemy as sa

from classroom import roster
from progress import open_store
from storage.database import metadata
from tests.progress.conftest import postgres_base  # noqa: F401  (fixture)

OLD = Path(__file__).parent / "data" / "before_classes.sqlite3"
NEW_TABLES = {"capicu_classes", "capicu_class_members", "capicu_puzzle_sets", "capicu_assignments",
              "capicu_class_history"}


def rows_of(url: str) -> dict[str, list[tuple]]:
    engine = sa.create_engine(url)
    try:
        old = sa.MetaData()
        old.reflect(engine)
        with engine.connect() as conn:
            return {name: sorted(tuple(str(v) for v in r) for r in conn.execute(sa.select(table)))
                    for name, table in old.tables.items()}
    finally:
        engine.dispose()


def check_opens_and_keeps(url: str, before: dict[str, list[tuple]]) -> None:
    assert not NEW_TABLES & set(before) and sum(map(len, before.values())) >= 15
    with open_store(url) as store:
        made = roster.create_class(store, name="7B", games=["all_fives"], lang="en", time_zone="UTC",
                                   secret="green tiles 7")
        (ana, pin), = roster.add_students(store, made.id, ["Ana"])
        assert store.sign_in(ana.profile_id, pin).id == ana.profile_id
    after = rows_of(url)
    assert NEW_TABLES <= set(after) and set(metadata.tables) <= set(after)
    for name, rows in before.items():
        kept = [r for r in after[name] if r in rows] if name != "capicu_meta" else after[name]
        assert kept == rows or name == "capicu_meta", name
        assert set(rows) <= set(after[name]), name  # every old row is still there, unchanged


def test_an_older_sqlite_database_keeps_its_rows_and_gains_classes(tmp_path):
    copy = tmp_path / "capicu.sqlite3"
    shutil.copyfile(OLD, copy)
    url = f"sqlite:///{copy}"
    check_opens_and_keeps(url, rows_of(url))


def test_an_older_postgresql_database_keeps_its_rows_and_gains_classes(postgres_base):  # noqa: F811
    from tests.support.postgres import new_database

    url = new_database(postgres_base)
    source = sa.create_engine(f"sqlite:///{OLD}")
    target = sa.create_engine(url)
    try:
        old = sa.MetaData()
        old.reflect(source)
        for table in old.tables.values():  # SQLite's reflected types, as PostgreSQL types
            for column in table.columns:
                generic = column.type.as_generic()
                column.type = sa.DateTime(timezone=True) if isinstance(generic, sa.DateTime) else generic
                column.server_default = None  # SQLite's spelling ("0" for false); every row has its values
        old.create_all(target)
        with source.connect() as src, target.begin() as dst:
            for table in old.sorted_tables:
                rows = [dict(r._mapping) for r in src.execute(sa.select(table))]
                if rows:
                    dst.execute(sa.insert(table), rows)
    finally:
        source.dispose()
        target.dispose()
    check_opens_and_keeps(url, rows_of(url))
