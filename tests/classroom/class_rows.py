"""A class and its students written straight into the tables (the homework and dashboard
tests do not depend on how the roster makes them: classroom/roster.py)."""

from __future__ import annotations

import json
import secrets
from datetime import datetime, timezone

import sqlalchemy as sa

from classroom.homework import ClassRef
from progress.records import name_key
from storage.database import class_members_table, classes_table

T0 = datetime(2026, 11, 30, 8, 0, tzinfo=timezone.utc)


def make_class(store, name: str = "7B", time_zone: str = "Europe/Amsterdam", lang: str = "en",
               archived: bool = False) -> ClassRef:
    values = dict(code=secrets.token_hex(3).upper(), name=name, games=json.dumps(["all_fives"]), lang=lang,
                  time_zone=time_zone, secret_hash="x", archived=archived, created_at=T0, updated_at=T0)
    new_id = store._run(lambda conn: conn.execute(sa.insert(classes_table).values(**values)).inserted_primary_key[0],
                        write=True)
    return ClassRef(int(new_id), name, time_zone, lang)


def add_member(store, class_id: int, profile_id: int, nickname: str) -> None:
    values = dict(class_id=class_id, profile_id=profile_id, nickname=nickname, name_key=name_key(nickname),
                  joined_at=T0)
    store._run(lambda conn: conn.execute(sa.insert(class_members_table).values(**values)), write=True)


def student(store, school_class: ClassRef, nickname: str) -> int:
    profile = store.create_profile(f"{nickname} ({school_class.name})")
    add_member(store, school_class.id, profile.id, nickname)
    return profile.id
