"""Practice: pick a game, a drill and a difficulty; solve puzzles the engine proves.

Links: ``?type=next_leader&game=laplaza_partners&level=hard`` (from a lesson's drills)
or ``?puzzle=<puzzle id>`` for one exact puzzle.
"""

from functools import partial

import streamlit as st

from puzzles import BANDS, PUZZLE_TYPES, PuzzleError, practice_puzzle, puzzle_from_id
from ui import session
from ui.labels import game_title, ptype_title
from ui.parts.puzzle_view import show_puzzle
from ui.parts.worksheet import practice_worksheet

tr = session.tr()
ANY = "any"

# ------------------------------------------------------------------ link params, once
if "practice_type" not in st.session_state:
    wanted_type = st.query_params.get("type")
    wanted_game = st.query_params.get("game")
    wanted_level = st.query_params.get("level")
    if wanted_type is not None and wanted_type not in PUZZLE_TYPES:
        session.notice("notice.bad_param", name="type", value=str(wanted_type)[:30])
        wanted_type = None
    ptype = wanted_type or next(iter(PUZZLE_TYPES))
    presets = PUZZLE_TYPES[ptype].presets
    if wanted_game is not None and wanted_game not in presets:
        session.notice("notice.bad_param", name="game", value=str(wanted_game)[:30])
        wanted_game = None
    if wanted_level is not None and wanted_level not in BANDS:
        session.notice("notice.bad_param", name="level", value=str(wanted_level)[:30])
        wanted_level = None
    st.session_state["practice_type"] = ptype
    st.session_state["practice_game"] = wanted_game or presets[0]
    st.session_state["practice_level"] = wanted_level or ANY
    st.session_state["practice_index"] = 0
    st.session_state["practice_exact"] = None
    exact = st.query_params.get("puzzle")
    if exact is not None:
        # An id's "+" (between table variants) arrives as a space when a link was typed
        # or pasted unencoded; ids never hold spaces.
        exact = str(exact).replace(" ", "+")
        try:
            linked = puzzle_from_id(exact)
        except PuzzleError:
            session.notice("notice.bad_puzzle", value=str(exact)[:60])
        else:
            # The selectors show the linked puzzle's drill and game, not the defaults.
            st.session_state["practice_exact"] = linked.id
            st.session_state["practice_type"] = linked.ptype
            st.session_state["practice_game"] = linked.rules.preset_name

session.show_notices()
st.title(tr("practice.title"))
st.caption(tr("practice.intro"))


def _restart() -> None:
    st.session_state["practice_index"] = 0
    st.session_state["practice_exact"] = None
    presets = PUZZLE_TYPES[st.session_state["practice_type"]].presets
    if st.session_state["practice_game"] not in presets:
        st.session_state["practice_game"] = presets[0]


type_col, game_col, level_col = st.columns([3, 3, 4])  # the level's four words need the room
type_col.selectbox(tr("practice.type"), list(PUZZLE_TYPES), key=session.translated("practice_type"), on_change=_restart,
                   format_func=lambda name: ptype_title(name, lang=tr.lang))
presets = list(PUZZLE_TYPES[st.session_state["practice_type"]].presets)
game_col.selectbox(tr("practice.game"), presets, key=session.translated("practice_game"), on_change=_restart,
                   format_func=lambda p: game_title(tr, p))
level_col.segmented_control(tr("practice.level"), [ANY, *BANDS], key=session.translated("practice_level"), on_change=_restart,
                            format_func=lambda b: tr(f"level.{b}"), required=True)

ptype = st.session_state["practice_type"]
st.caption(ptype_title(ptype, "summary"))
st.download_button(tr("worksheet.download"), help=tr("worksheet.download_help"), icon=":material/print:",
                   data=partial(practice_worksheet, ptype, st.session_state["practice_game"],
                                None if st.session_state["practice_level"] == ANY else st.session_state["practice_level"],
                                6, session.lang(), 2, st.session_state["practice_index"]),
                   file_name=f"capicu-{ptype}-{session.lang()}.pdf", mime="application/pdf",
                   on_click="ignore", key="practice_worksheet")  # six puzzles from this one on, built when clicked


@st.cache_data(show_spinner=False, max_entries=512)
def _puzzle(ptype: str, game: str, level: str, index: int, exact: str | None):
    if exact:
        return puzzle_from_id(exact)
    return practice_puzzle(ptype, game, None if level == ANY else level, index)


puzzle = _puzzle(ptype, st.session_state["practice_game"], st.session_state["practice_level"],
                 st.session_state["practice_index"], st.session_state["practice_exact"])
if st.session_state["practice_exact"]:
    # An exact puzzle keeps its own link, so it can be shared from the address bar.
    st.query_params["puzzle"] = st.session_state["practice_exact"]
    for name in ("type", "game", "level"):
        st.query_params.pop(name, None)
else:
    st.query_params.pop("puzzle", None)
    st.query_params["type"] = ptype
    st.query_params["game"] = st.session_state["practice_game"]


def _next() -> None:
    st.session_state["practice_index"] += 1
    st.session_state["practice_exact"] = None


show_puzzle(puzzle, key=f"practice:{puzzle.id}", daily=None)
st.button(tr("practice.next"), on_click=_next, type="primary", icon=":material/skip_next:")
