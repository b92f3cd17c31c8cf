"""The teacher's Homework tab of a class (ui/pages/classes.py calls :func:`homework_tab`
behind the class's passphrase): set, change and delete homework, and compose the puzzle
sets the homework uses (and that the teacher can use again)."""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta
from urllib.parse import parse_qs, urlparse

import streamlit as st

from classroom.homework import (
    KINDS, MAX_COUNT, MAX_ROUNDS, Assignment, HomeworkError, assignments, delete_homework, delete_puzzle_set,
    edit_homework, local_time, puzzle_sets, save_puzzle_set, set_homework,
)
from matches.game import PLAYABLE_LEVELS
from progress import ProgressError
from puzzles import BANDS, PUZZLE_TYPES, PuzzleError
from puzzles.model import PuzzleId
from ui import session
from ui.labels import game_title, ptype_title
from ui.parts.classes.homework_words import describe, kind_word, lesson_title, now, when
from ui.parts.lesson_catalog import course

DEFAULT_DUE = time(17, 0)
_SPLIT = re.compile(r"[\s,;]+")


def error_text(error: Exception) -> str:
    """A homework or store error in the reader's language."""
    code = getattr(error, "code", "")
    tr = session.tr()
    if isinstance(error, HomeworkError) and tr.has(f"homework.error.{code}"):
        return tr(f"homework.error.{code}", limit=getattr(error, "params", {}).get("limit", ""))
    return session.error_message(error)


def puzzle_ids_of(text: str) -> tuple[list[str], list[str]]:
    """The puzzle ids in what a teacher pasted: ids, or Practice links (``?puzzle=<id>``),
    separated by spaces, commas or lines. Returns (ids, pieces that are neither).

    >>> puzzle_ids_of("block_count:all_fives:2:11, https://x/practice?puzzle=fives:all_fives:2:7 nonsense")
    (['block_count:all_fives:2:11', 'fives:all_fives:2:7'], ['nonsense'])
    """
    ids, bad = [], []
    for piece in filter(None, _SPLIT.split(text or "")):
        if "puzzle=" in piece:
            found = parse_qs(urlparse(piece).query).get("puzzle")
            piece = found[0] if found else piece
        try:
            ids.append(str(PuzzleId.parse(piece)))
        except PuzzleError:
            bad.append(piece)
    return ids, bad


def _due_inputs(school_class, key: str, start: datetime | None = None) -> datetime:
    """A date and a time on the class's clock (a naive datetime)."""
    tr = session.tr()
    local = local_time(school_class.time_zone, start or (now() + timedelta(days=7)))
    day_col, time_col = st.columns(2)
    day = day_col.date_input(tr("homework.set.due_day"), value=local.date(), key=f"{key}_day")
    at = time_col.time_input(tr("homework.set.due_time"), value=local.time().replace(second=0, microsecond=0)
                             if start else DEFAULT_DUE, key=f"{key}_time", step=900)
    st.caption(tr("homework.set.time_zone", zone=school_class.time_zone))
    return datetime.combine(day, at)


def _spec_inputs(school_class, kind: str, sets: list) -> dict | None:
    """The fields of one kind of homework; None while incomplete."""
    tr = session.tr()
    lang = session.lang()
    if kind == "lessons":
        ids = course().ordered_ids()
        chosen = st.multiselect(tr("homework.set.lessons"), ids, key="hw_lessons",
                                format_func=lambda x: f"{game_title(tr, course().game_of(x).id)}: {lesson_title(x, lang)}")
        return {"lessons": chosen} if chosen else None
    if kind == "puzzles":
        source = st.radio(tr("homework.set.source"), ["set", "drill"], horizontal=True, key="hw_source",
                          format_func=lambda s: tr(f"homework.set.source_{s}"))
        if source == "set":
            if not sets:
                st.info(tr("homework.sets.none"), icon=":material/info:")
                return None
            chosen = st.selectbox(tr("homework.set.which_set"), [s.id for s in sets], key="hw_set",
                                  format_func=lambda i: next(f"{s.name} ({len(s.puzzle_ids)})" for s in sets if s.id == i))
            return {"set": chosen}
        ptype = st.selectbox(tr("homework.set.type"), list(PUZZLE_TYPES), key="hw_type",
                             format_func=lambda t: ptype_title(t, lang=lang))
        presets = list(PUZZLE_TYPES[ptype].presets)
        games = [g for g in presets if g in school_class.games] or presets
        a, b, c = st.columns(3)
        game = a.selectbox(tr("homework.set.game"), games, key="hw_drill_game", format_func=lambda g: game_title(tr, g))
        band = b.selectbox(tr("homework.set.band"), list(BANDS), key="hw_band", format_func=lambda x: tr(f"level.{x}"))
        count = c.number_input(tr("homework.set.count"), 1, MAX_COUNT, 10, key="hw_count")
        return {"drill": {"type": ptype, "game": game, "band": band, "count": int(count)}}
    if kind == "play":
        a, b, c = st.columns(3)
        games = list(school_class.games) or ["all_fives"]
        game = a.selectbox(tr("homework.set.game"), games, key="hw_game", format_func=lambda g: game_title(tr, g))
        level = b.selectbox(tr("homework.set.level"), list(PLAYABLE_LEVELS), key="hw_level",
                            format_func=lambda x: tr(f"bot.{x}.name"))
        rounds = c.number_input(tr("homework.set.rounds"), 1, MAX_ROUNDS, 3, key="hw_rounds")
        return {"game": game, "rounds": int(rounds), "level": level}
    count = st.number_input(tr("homework.set.mistakes"), 1, MAX_COUNT, 5, key="hw_mistakes")
    return {"count": int(count)}


def _new_homework(store, school_class, sets: list) -> None:
    tr = session.tr()
    with st.container(border=True, key="hw_new"):
        st.markdown(f"**{tr('homework.set.title')}**")
        kind = st.radio(tr("homework.set.kind"), list(KINDS), horizontal=True, key="hw_kind",
                        format_func=lambda k: kind_word(tr, k))
        spec = _spec_inputs(school_class, kind, sets)
        due = _due_inputs(school_class, "hw_due")
        if st.button(tr("homework.set.save"), type="primary", icon=":material/add_task:", key="hw_save",
                     disabled=spec is None):
            try:
                set_homework(store, school_class.id, kind, spec, due, now=now())
            except (HomeworkError, ProgressError) as error:
                st.error(error_text(error), icon=":material/error:")
            else:
                session.notice("homework.set.saved")
                st.rerun()


def _one_homework(store, school_class, a: Assignment, sets: dict, number: int) -> None:
    tr = session.tr()
    with st.expander(f"{number}. {session.plain(describe(tr, a, sets))} — "
                     f"{session.plain(tr('homework.due', due=when(tr, school_class.time_zone, a.due_at)))}"):
        st.caption(tr("homework.set_on", day=when(tr, school_class.time_zone, a.set_at)))
        due = _due_inputs(school_class, f"hw_edit_{a.id}", a.due_at)
        change, remove = st.columns(2)
        if change.button(tr("homework.edit.save"), key=f"hw_edit_save_{a.id}", icon=":material/edit_calendar:"):
            try:
                edit_homework(store, school_class.id, a.id, due=due)
            except (HomeworkError, ProgressError) as error:
                st.error(error_text(error), icon=":material/error:")
            else:
                session.notice("homework.edit.saved")
                st.rerun()
        sure = remove.checkbox(tr("homework.edit.sure"), key=f"hw_sure_{a.id}")
        if remove.button(tr("homework.edit.delete"), key=f"hw_delete_{a.id}", icon=":material/delete:",
                         disabled=not sure):
            try:
                delete_homework(store, school_class.id, a.id)
            except (HomeworkError, ProgressError) as error:
                st.error(error_text(error), icon=":material/error:")
            else:
                session.notice("homework.edit.deleted")
                st.rerun()


def _puzzle_sets(store, school_class, sets: list) -> None:
    tr = session.tr()
    st.subheader(tr("homework.sets.title"))
    st.caption(tr("homework.sets.intro"))
    options = [None] + [s.id for s in sets]
    chosen = st.selectbox(tr("homework.sets.edit"), options, key="hw_set_pick",
                          format_func=lambda i: tr("homework.sets.new") if i is None else
                          next(f"{s.name} ({len(s.puzzle_ids)})" for s in sets if s.id == i))
    old = next((s for s in sets if s.id == chosen), None)
    suffix = "new" if old is None else str(old.id)
    name = st.text_input(tr("homework.sets.name"), value=old.name if old else "", max_chars=60,
                         key=f"hw_set_name_{suffix}")
    text = st.text_area(tr("homework.sets.ids"), value="\n".join(old.puzzle_ids) if old else "",
                        help=tr("homework.sets.ids_help"), key=f"hw_set_ids_{suffix}")
    ids, bad = puzzle_ids_of(text)
    if bad:
        st.warning(tr("homework.sets.bad_ids", ids=", ".join(f"`{b[:40].replace('`', '')}`" for b in bad[:5])),
                   icon=":material/warning:")
    save, remove = st.columns(2)
    if save.button(tr("homework.sets.save"), key=f"hw_set_save_{suffix}", icon=":material/save:",
                   disabled=not ids or bool(bad)):
        try:
            save_puzzle_set(store, school_class.id, name, ids, set_id=old.id if old else None, now=now())
        except (HomeworkError, ProgressError) as error:
            st.error(error_text(error), icon=":material/error:")
        else:
            session.notice("homework.sets.saved")
            st.rerun()
    if old is not None and remove.button(tr("homework.sets.delete"), key=f"hw_set_delete_{suffix}",
                                         icon=":material/delete:"):
        try:
            delete_puzzle_set(store, school_class.id, old.id)
        except (HomeworkError, ProgressError) as error:
            st.error(error_text(error), icon=":material/error:")
        else:
            st.session_state.pop("hw_set_pick", None)
            session.notice("homework.sets.deleted")
            st.rerun()


def homework_tab(school_class) -> None:
    """The class's homework: the list (soonest due first), a new one, the puzzle sets."""
    tr = session.tr()
    store = session.store()
    try:
        work = assignments(store, school_class.id)
        sets = puzzle_sets(store, school_class.id)
    except ProgressError as error:
        st.warning(session.error_message(error), icon=":material/warning:")
        return
    by_id = {s.id: s for s in sets}
    st.subheader(tr("homework.title"))
    if not work:
        st.info(tr("homework.none"), icon=":material/assignment:")
    for number, a in enumerate(work, 1):
        _one_homework(store, school_class, a, by_id, number)
    _new_homework(store, school_class, sets)
    _puzzle_sets(store, school_class, sets)
