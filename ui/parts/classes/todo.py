"""The student's To do: the homework of every class they belong to, soonest due first.

Shown on Home and My progress for a signed-in profile. Only the student's own work is
read (classroom.homework.todo); a guest, or a profile in no class, sees nothing here."""

from __future__ import annotations

import streamlit as st

from classroom.homework import todo
from progress import ProgressError, Store
from ui import session
from ui.parts.classes.homework_words import describe, link_of, now, state_word, when
from ui.shell import page_file


def todo_section(*, limit: int = 8) -> None:
    """The To do list (nothing for a guest or a profile with no homework)."""
    profile = session.profile()
    store = session.store()
    if profile is None or not isinstance(store, Store):
        return
    tr = session.tr()
    try:
        items = todo(store, profile.id, now=now())
    except ProgressError as error:
        st.warning(session.error_message(error), icon=":material/warning:")
        return
    if not items:
        return
    st.subheader(tr("homework.todo.title"), anchor="todo")
    for item in items[:limit]:
        a, status = item.assignment, item.status
        with st.container(border=True, key=f"todo_{a.id}"):
            st.markdown(f"**{session.plain(describe(tr, a, item.sets))}**")
            st.caption(session.plain(tr("homework.todo.line", school_class=item.school_class.name,
                                        due=when(tr, item.school_class.time_zone, a.due_at),
                                        state=state_word(tr, status))))
            if not status.finished:
                page, query = link_of(a, status, item.sets, session.lang())
                st.page_link(page_file(page), label=tr("homework.todo.start" if not status.count else
                                                       "homework.todo.go_on"),
                             icon=":material/arrow_forward:", query_params=query)
    if len(items) > limit:
        st.caption(tr("homework.todo.more", n=len(items) - limit))
