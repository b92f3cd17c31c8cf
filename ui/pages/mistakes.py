"""Your mistakes: puzzles made from the player's own clear mistakes and blunders (Play, a
table, a class table, a round recorded on the analysis board), proven in the background
(``progress.mistakes``, docs/personal-puzzles.md). The ones due today come first, one at a
time, by game and by theme; an answer moves the puzzle on its spaced-repetition schedule
(1, 3, 7, then 21 days; right twice in a row, it retires). A guest's are kept for the
visit, a profile's in the database.

Links: ``?game=laplaza_1v1`` and ``?theme=kill_double`` choose the filters (a theme of
``strategy.themes.THEMES``, a game's preset name).
"""

import streamlit as st

from matches.game import PLAYER_COUNTS
from progress import ProgressError
from strategy.themes import THEMES
from ui import session
from ui.labels import game_title
from ui.parts.mistakes.book import mistake_book
from ui.parts.mistakes.card import show_mistake
from ui.parts.question_widget import reset
from ui.parts.themes import theme_name
from ui.shell import page_file

tr = session.tr()
ANY = "any"
CURRENT = "mistakes_current"  # the puzzle on screen: it stays until "Next puzzle"
DONE = "mistakes_done"        # the puzzles answered or passed in this visit
FILTERS = {"game": ("mistakes_game", tuple(PLAYER_COUNTS)), "theme": ("mistakes_theme", THEMES)}

# ------------------------------------------------------------------ a link's filters, each time one comes
for param, (name, known) in FILTERS.items():
    wanted = st.query_params.get(param)
    if wanted is None:
        continue
    if wanted in known and wanted != "other":
        st.session_state[name] = wanted
        st.session_state.pop(CURRENT, None)
    else:
        session.notice("notice.bad_param", name=param, value=str(wanted)[:30])
    st.query_params.pop(param, None)

session.show_notices()
st.title(tr("mistakes.title"))
st.caption(tr("mistakes.intro"))

book, owner = mistake_book()
today = session.today()
if owner is None:
    st.caption(tr("mistakes.guest"))
try:
    kept = book.all(owner)
except ProgressError:
    kept = []
    session.notice("notice.not_saved")

if not kept:
    st.info(tr("mistakes.empty"), icon=":material/lightbulb:")
    st.page_link(page_file("play"), label=tr("mistakes.play"), icon=":material/sports_esports:",
                 query_params={"lang": session.lang()})
    st.stop()


def _restart() -> None:
    """A filter changed: the next puzzle is the first due of the new choice."""
    st.session_state.pop(CURRENT, None)


# the games and themes of the player's puzzles, and the ones a link asked for
linked = {name: st.session_state.get(name, ANY) for name in ("mistakes_game", "mistakes_theme")}
games = sorted({p.game for p in kept} | ({linked["mistakes_game"]} - {ANY}), key=lambda name: game_title(tr, name))
themes = sorted({t for p in kept for t in p.themes if theme_name(tr, t) is not None} | ({linked["mistakes_theme"]} - {ANY}),
                key=lambda t: theme_name(tr, t) or t)
game_col, theme_col = st.columns(2)
game_col.selectbox(tr("mistakes.game"), [ANY, *games], key=session.translated("mistakes_game"), on_change=_restart,
                   format_func=lambda g: tr("mistakes.any_game") if g == ANY else game_title(tr, g))
if themes:  # only themes with a name (a puzzle of "other" alone has none to choose)
    theme_col.selectbox(tr("mistakes.theme"), [ANY, *themes], key=session.translated("mistakes_theme"),
                        on_change=_restart,
                        format_func=lambda t: tr("mistakes.any_theme") if t == ANY else theme_name(tr, t) or t)
game = st.session_state.get("mistakes_game", ANY)
theme = st.session_state.get("mistakes_theme", ANY)

done = st.session_state.setdefault(DONE, set())
try:
    due = [p for p in book.due(owner, today, None if game == ANY else game, None if theme == ANY else theme)
           if p.id not in done]
    puzzle = book.get(owner, st.session_state[CURRENT]) if st.session_state.get(CURRENT) else None
except ProgressError:
    due, puzzle = [], None
    session.notice("notice.not_saved")
if puzzle is None and due:
    puzzle = due[0]
    st.session_state[CURRENT] = puzzle.id
if puzzle is None:
    st.session_state.pop(CURRENT, None)
    if game != ANY or theme != ANY:
        st.info(tr("mistakes.none_filtered"), icon=":material/filter_alt:")
    else:
        st.success(tr("mistakes.done_today"), icon=":material/task_alt:")
    st.stop()

key = f"mistakes:{puzzle.id}"
answered = st.session_state.get(f"{key}:counted", False)  # the one on screen, once answered, is done for today
left = len([p for p in due if p.id != puzzle.id]) + (not answered)
st.caption(tr("mistakes.left", n=left))


def _answered(correct: bool) -> None:
    try:
        book.answer(owner, puzzle.id, correct, today)
    except ProgressError:
        session.notice("notice.not_saved")


def _next() -> None:
    done.add(puzzle.id)
    st.session_state.pop(CURRENT, None)
    reset(key)
    st.session_state.pop(f"{key}:counted", None)


show_mistake(puzzle, key=key, on_answer=_answered)
st.button(tr("mistakes.next"), on_click=_next, type="primary", icon=":material/skip_next:", key="mistakes_next")
