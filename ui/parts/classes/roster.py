"""The teacher's Roster tab of a class that lasts (ui/pages/classes.py): how students join
(the code, its link and QR), the students, typing a roster, login cards (a PDF), and
renaming, a new PIN, a new card or taking a student out; and the class's own settings
(a new passphrase, archive, export, delete).

Every function here takes a :class:`classroom.roster.SchoolClass` that the page has just
checked with :func:`classroom.roster.teacher_class`; each action checks it again before
it writes, so a screen left open after the passphrase changed does nothing.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable
from urllib.parse import quote
from zoneinfo import available_timezones

import pandas as pd
import streamlit as st

from classroom import roster
from classroom.login_cards import Card, cards_pdf
from classroom.roster import RosterError, SchoolClass
from progress import ProgressError, StoreUnavailable
from ui import session
from ui.labels import game_title
from ui.parts.classroom.quiz import app_base, qr_svg

#: the class page's url path; a student's page (ui/pages/my_class.py)
STUDENT_PAGE = "myclass"
TEACHER_PAGE = "classes"
#: what the last action of this session left to show (PINs once, a PDF): per class id
#: the time zones a class may keep its homework in: read from the system once per process
#: (the page itself runs again at every click)
ZONES = sorted(z for z in available_timezones() if "/" in z and not z.startswith(("Etc/", "SystemV/")))
FRESH = "classes_fresh"
FLASH = "classes_flash"
EXPORTED = "classes_exported"  # class ids exported in this session: delete may follow


def error_text(error: Exception) -> str:
    """A class or profile error in the reader's language, safe as Markdown."""
    tr = session.tr()
    if isinstance(error, RosterError):
        return tr(f"classes.error.{error.code}", **{k: session.plain(v) for k, v in error.params.items()})
    if isinstance(error, StoreUnavailable):
        return tr("notice.store_problem", detail=tr(f"store.{error.code}"))
    return session.error_message(error)


def act(work: Callable[[], Any], done: str | None = None) -> Any:
    """Run a store action from a callback; its refusal or ``done`` is the next run's message."""
    try:
        result = work()
    except ProgressError as error:
        st.session_state[FLASH] = ("error", error_text(error))
        return None
    if done:
        st.session_state[FLASH] = ("success", done)
    return result


def show_flash() -> None:
    kind, text = st.session_state.pop(FLASH, (None, None))
    if kind == "error":
        st.error(text, icon=":material/error:")
    elif kind == "success":
        st.success(text, icon=":material/check_circle:")


def _base() -> str:
    """The app's address (app_base), without this page's own name: links are made here."""
    base = app_base()
    return base[: -len(f"/{TEACHER_PAGE}")] if base.endswith(f"/{TEACHER_PAGE}") else base


def join_link(code: str) -> str:
    return f"{_base()}/{STUDENT_PAGE}?joinclass={quote(code)}"


def card_link(secret: str) -> str:
    return f"{_base()}/{STUDENT_PAGE}?card={quote(secret)}"


def _card_words(lang: str) -> dict[str, str]:
    words = session.translator(lang)
    return {k: words(f"classes.card.{k}") for k in ("title", "class", "name", "pin", "scan", "keep")}


def _fresh_cards(store: Any, school_class: SchoolClass, made: list[tuple[Any, str]]) -> None:
    """New cards for students whose PIN was just made: kept for this session to download
    (the PINs are shown once: nobody can read them again)."""
    cards = []
    for member, pin in made:
        secret = roster.issue_card(store, school_class.id, member.profile_id)
        cards.append(Card(member.nickname, member.profile_name, pin, card_link(secret)))
    pdf = cards_pdf(school_class.name, cards, _card_words(school_class.lang))
    st.session_state.setdefault(FRESH, {})[school_class.id] = {
        "pins": [(m.nickname, m.profile_name, pin) for m, pin in made], "pdf": pdf}


def _check(store: Any, school_class: SchoolClass) -> SchoolClass:
    return roster.teacher_class(store, school_class.id, school_class.key)


def roster_tab(store: Any, school_class: SchoolClass) -> None:
    tr = session.tr()
    cid = school_class.id
    show_flash()
    st.subheader(tr("classes.join_heading"))
    link = join_link(school_class.code)
    code_col, qr_col = st.columns([3, 2])
    code_col.markdown(tr("classes.join_how", code=f"`{school_class.code}`"))
    code_col.code(link, language=None, wrap_lines=True)
    qr_col.image(qr_svg(link), width=200, caption=tr("classes.qr_caption"), alt=tr("class.qr_alt", link=link))

    fresh = st.session_state.get(FRESH, {}).get(cid)
    if fresh:
        st.subheader(tr("classes.fresh_heading"))
        st.warning(tr("classes.fresh_once"), icon=":material/key:")
        st.dataframe(pd.DataFrame(fresh["pins"], columns=[tr("classes.col.nickname"), tr("classes.col.sign_in"),
                                                          tr("classes.col.pin")]), hide_index=True)
        st.download_button(tr("classes.cards_download"), fresh["pdf"], file_name=f"capicu-cards-{school_class.code}.pdf",
                           mime="application/pdf", key=f"classes_cards_pdf_{cid}", icon=":material/print:")
        st.button(tr("classes.fresh_done"), key=f"classes_fresh_done_{cid}",
                  on_click=lambda: st.session_state.get(FRESH, {}).pop(cid, None))

    st.subheader(tr("classes.students_heading"))
    people = roster.members(store, cid)
    if people:
        st.dataframe(pd.DataFrame(
            [(m.nickname, m.profile_name, tr("classes.yes") if m.has_card else tr("classes.no"),
              m.joined_at.date().isoformat()) for m in people],
            columns=[tr("classes.col.nickname"), tr("classes.col.sign_in"), tr("classes.col.card"),
                     tr("classes.col.joined")]), hide_index=True)
    else:
        st.info(tr("classes.no_students"), icon=":material/group_add:")

    if not school_class.archived:
        _add_form(store, school_class)
    if people:
        _student_actions(store, school_class, people)


def _add_form(store: Any, school_class: SchoolClass) -> None:
    tr = session.tr()
    cid = school_class.id

    def add() -> None:
        names = st.session_state.get(f"classes_names_{cid}", "").splitlines()

        def work() -> bool:
            _check(store, school_class)
            _fresh_cards(store, school_class, roster.add_students(store, cid, names))
            return True

        if act(work, tr("classes.added")):
            st.session_state[f"classes_names_{cid}"] = ""

    with st.expander(tr("classes.add_heading"), expanded=False):
        st.text_area(tr("classes.add_names"), key=f"classes_names_{cid}", help=tr("classes.add_help"),
                     height=150)
        st.button(tr("classes.add"), key=f"classes_add_{cid}", on_click=add, type="primary",
                  icon=":material/person_add:")


def _student_actions(store: Any, school_class: SchoolClass, people: list) -> None:
    tr = session.tr()
    cid = school_class.id
    by_id = {m.profile_id: m for m in people}
    pick_key = f"classes_student_{cid}"
    if st.session_state.get(pick_key) not in by_id:
        st.session_state.pop(pick_key, None)

    def chosen() -> Any:
        member = by_id.get(st.session_state.get(pick_key))
        if member is None:
            raise RosterError("not_member")
        return member

    def rename() -> None:
        def work() -> None:
            _check(store, school_class)
            roster.rename_student(store, cid, chosen().profile_id, st.session_state.get(f"classes_rename_{cid}", ""))
        act(work, tr("classes.renamed"))

    def new_pin() -> None:
        def work() -> None:
            _check(store, school_class)
            member = chosen()
            pin = roster.reset_pin(store, cid, member.profile_id)
            _fresh_cards(store, school_class, [(roster.member_of(store, cid, member.profile_id), pin)])
        act(work, tr("classes.pin_done"))

    def cards_for_all() -> None:
        def work() -> None:
            _check(store, school_class)
            made = [(m, roster.reset_pin(store, cid, m.profile_id)) for m in roster.members(store, cid)]
            _fresh_cards(store, school_class, made)
        act(work, tr("classes.pin_done"))

    def remove() -> None:
        def work() -> None:
            _check(store, school_class)
            roster.remove_student(store, cid, chosen().profile_id)
        act(work, tr("classes.removed"))

    with st.expander(tr("classes.manage_heading"), expanded=False):
        st.selectbox(tr("classes.student"), list(by_id), key=pick_key, format_func=lambda i: by_id[i].nickname,
                     index=None, placeholder=tr("classes.student_pick"))
        st.text_input(tr("classes.rename_to"), key=f"classes_rename_{cid}", max_chars=40)
        cols = st.columns(3)
        cols[0].button(tr("classes.rename"), key=f"classes_rename_go_{cid}", on_click=rename, icon=":material/edit:")
        cols[1].button(tr("classes.new_pin"), key=f"classes_pin_go_{cid}", on_click=new_pin, icon=":material/key:",
                       help=tr("classes.new_pin_help"))
        cols[2].button(tr("classes.remove"), key=f"classes_remove_go_{cid}", on_click=remove,
                       icon=":material/person_remove:", help=tr("classes.remove_help"))
        st.divider()
        st.button(tr("classes.cards_all"), key=f"classes_cards_all_{cid}", on_click=cards_for_all,
                  icon=":material/print:", help=tr("classes.cards_all_help"))


def settings_tab(store: Any, school_class: SchoolClass, forget: Callable[[int], None]) -> None:
    """The class itself: what it studies, a new passphrase, archive, export and delete."""
    tr = session.tr()
    cid = school_class.id
    st.markdown(tr("classes.about", games=", ".join(game_title(tr, g) for g in school_class.games),
                   lang=session.LANGUAGES.get(school_class.lang, school_class.lang),
                   zone=session.plain(school_class.time_zone)))

    def new_secret() -> None:
        typed = st.session_state.get(f"classes_new_secret_{cid}", "")
        again = st.session_state.get(f"classes_new_secret2_{cid}", "")
        if typed != again:
            st.session_state[FLASH] = ("error", tr("classes.secrets_differ"))
            return
        renewed = act(lambda: roster.change_secret(store, school_class, typed), tr("classes.secret_changed"))
        if renewed is not None:
            st.session_state.setdefault("classes_keys", {})[cid] = renewed.key

    with st.expander(tr("classes.secret_heading")):
        st.text_input(tr("classes.secret_new"), key=f"classes_new_secret_{cid}", type="password", max_chars=100)
        st.text_input(tr("classes.secret_again"), key=f"classes_new_secret2_{cid}", type="password", max_chars=100)
        st.button(tr("classes.secret_change"), key=f"classes_secret_go_{cid}", on_click=new_secret)

    def archive(flag: bool) -> None:
        def work() -> None:
            _check(store, school_class)
            roster.archive_class(store, cid, flag)
        act(work, tr("classes.archived_done") if flag else tr("classes.unarchived_done"))

    if school_class.archived:
        st.info(tr("classes.is_archived"), icon=":material/inventory_2:")
        st.button(tr("classes.unarchive"), key=f"classes_unarchive_{cid}", on_click=archive, args=(False,))
    else:
        st.button(tr("classes.archive"), key=f"classes_archive_{cid}", on_click=archive, args=(True,),
                  help=tr("classes.archive_help"), icon=":material/inventory_2:")

    st.subheader(tr("classes.export_heading"))
    _check(store, school_class)

    def mark_exported() -> None:
        st.session_state.setdefault(EXPORTED, set()).add(cid)

    cols = st.columns(2)
    # built when pressed (a class's records run to megabytes: every run of the page would pay them)
    cols[0].download_button(tr("classes.export_json"), partial(roster.export_class, store, cid, "json"),
                            file_name=f"capicu-class-{school_class.code}.json", mime="application/json",
                            key=f"classes_export_json_{cid}", on_click=mark_exported, icon=":material/download:")
    cols[1].download_button(tr("classes.export_csv"), partial(roster.export_class, store, cid, "csv"),
                            file_name=f"capicu-class-{school_class.code}.csv", mime="text/csv",
                            key=f"classes_export_csv_{cid}", on_click=mark_exported, icon=":material/download:")

    def delete() -> None:
        if st.session_state.get(f"classes_delete_code_{cid}", "").strip().upper() != school_class.code:
            st.session_state[FLASH] = ("error", tr("classes.delete_code_wrong"))
            return

        def work() -> None:
            _check(store, school_class)
            roster.delete_class(store, cid, exported=cid in st.session_state.get(EXPORTED, set()),
                                students_too=bool(st.session_state.get(f"classes_delete_students_{cid}")))
            forget(cid)
        act(work, tr("classes.deleted"))

    with st.expander(tr("classes.delete_heading")):
        st.caption(tr("classes.delete_help"))
        st.text_input(tr("classes.delete_code", code=school_class.code), key=f"classes_delete_code_{cid}",
                      max_chars=12)
        st.checkbox(tr("classes.delete_students"), key=f"classes_delete_students_{cid}")
        st.button(tr("classes.delete"), key=f"classes_delete_go_{cid}", on_click=delete, icon=":material/delete:",
                  disabled=cid not in st.session_state.get(EXPORTED, set()))
