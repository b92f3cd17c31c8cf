"""A live quiz or a tables session run "for a class": the teacher picks one of the classes
opened in this session (My classes) when starting it, and its results go into that class's
history (classroom.dashboard.record_history), shown on the class's Progress tab.

The teacher's access is checked again when the results are written (the class's key from
My classes, classroom.roster.teacher_class): a forged session value writes nothing."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from typing import Any, Iterable

import streamlit as st

from classroom import roster
from classroom.dashboard import record_history
from progress import ProgressError, Store
from ui import session

#: the classes opened in this session (ui/pages/classes.py: class id -> the teacher's key)
OPENED = "classes_keys"
#: the class picked for the next quiz or tables session
PICKED = "live_for_class"
#: quiz code -> class id, for the sessions started for a class
FOR = "live_class_of"
#: quiz code -> a hash of what was last written (nothing is written twice)
WRITTEN = "live_class_written"


def _opened() -> list[roster.SchoolClass]:
    store = session.store()
    if not isinstance(store, Store):
        return []
    found = []
    for class_id, key in dict(st.session_state.get(OPENED, {})).items():
        try:
            found.append(roster.teacher_class(store, class_id, key))
        except ProgressError:
            continue
    return found


def class_choice() -> None:
    """A choice of the classes opened in this session (none when there is none)."""
    classes = _opened()
    if not classes:
        return
    tr = session.tr()
    ids = [None] + [c.id for c in classes]
    names = {c.id: c.name for c in classes}
    st.selectbox(tr("homework.live.for_class"), ids, key=PICKED, help=tr("homework.live.for_class_help"),
                 format_func=lambda i: tr("homework.live.no_class") if i is None else names[i])


def started(code: str) -> None:
    """The quiz or tables session ``code`` was opened: remember the class picked for it."""
    picked = st.session_state.get(PICKED)
    if picked is not None:
        st.session_state.setdefault(FOR, {})[code] = picked


def _keep(code: str, kind: str, data: dict) -> None:
    class_id = st.session_state.get(FOR, {}).get(code)
    if class_id is None:
        return
    text = json.dumps(data, sort_keys=True, default=str)
    digest = hashlib.sha256(text.encode()).hexdigest()
    if st.session_state.setdefault(WRITTEN, {}).get(code) == digest:
        return
    store = session.store()
    try:
        school_class = roster.teacher_class(store, class_id, st.session_state.get(OPENED, {}).get(class_id))
        record_history(store, school_class.id, kind, data, key=code)
    except ProgressError:
        return  # the class was closed or deleted: its history is not written
    st.session_state[WRITTEN][code] = digest
    st.caption(session.tr()("homework.live.kept", name=session.plain(school_class.name)))


def keep_quiz(quiz: Any, ranking: Iterable[Any], rows: list[dict]) -> None:
    """A closed quiz's ranking and per-question summary, into its class's history."""
    if quiz.state != "closed":
        return
    _keep(quiz.code, "quiz", {"title": quiz.title, "questions": quiz.total,
                              "ranking": [{"rank": r.rank, "nickname": r.nickname, "correct": r.correct,
                                           "answered": r.answered} for r in ranking],
                              "summary": rows})


def keep_tables(quiz: Any, table_lines: Iterable[Any], students: Iterable[Any]) -> None:
    """The tables' end-of-class summary, into its class's history (again as grades arrive)."""
    if quiz.state != "closed":
        return
    _keep(quiz.code, "tables", {"title": quiz.title, "tables": [t.to_dict() for t in table_lines],
                                "students": [{**asdict(s), "best_share": s.best_share} for s in students]})
