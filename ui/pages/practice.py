"""Practice: pick a game, a drill and a difficulty; solve puzzles the engine proves.

Links: ``?type=next_leader&game=laplaza_partners&level=hard`` (from a lesson's drills),
``level=mine`` for puzzles at the player's rating, ``?puzzle=<puzzle id>`` for one exact
puzzle, ``?review=1`` for the puzzles due for review (spaced repetition), ``?theme=<code>``
for the best-move puzzles whose answer teaches one theme (``strategy.themes``; "practise
this theme" on a puzzle, a review or My progress).
"""

from functools import partial

import streamlit as st

from progress import ProgressError
from puzzles import BANDS, PUZZLE_TYPES, PuzzleError, generate, practice_puzzle, puzzle_from_id
from puzzles.generators.best_move import NAME as BEST_MOVE, theme_seeds
from strategy.themes import THEMES
from ui import session
from ui.labels import game_title, ptype_title
from ui.parts.puzzle_view import show_puzzle
from ui.parts.rating_view import at_my_level, rated_choice, rated_mode_key, rated_toggle
from ui.parts.themes import theme_name
from ui.parts.worksheet import practice_worksheet

tr = session.tr()
ANY = "any"
MINE = "mine"  # puzzles at my level: a window around the player's rating

# ------------------------------------------------------------------ link params, once
if "practice_type" not in st.session_state:
    wanted_type = st.query_params.get("type")
    wanted_game = st.query_params.get("game")
    wanted_level = st.query_params.get("level")
    wanted_theme = st.query_params.get("theme")
    if wanted_theme is not None and (wanted_theme not in THEMES or wanted_theme == "other"):
        session.notice("notice.bad_param", name="theme", value=str(wanted_theme)[:30])
        wanted_theme = None
    if wanted_theme is not None:  # a theme's puzzles are best-move puzzles
        wanted_type = BEST_MOVE
    st.session_state["practice_theme"] = wanted_theme
    if wanted_type is not None and wanted_type not in PUZZLE_TYPES:
        session.notice("notice.bad_param", name="type", value=str(wanted_type)[:30])
        wanted_type = None
    ptype = wanted_type or next(iter(PUZZLE_TYPES))
    presets = PUZZLE_TYPES[ptype].presets
    if wanted_game is not None and wanted_game not in presets:
        session.notice("notice.bad_param", name="game", value=str(wanted_game)[:30])
        wanted_game = None
    if wanted_level is not None and wanted_level not in (*BANDS, MINE):
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
            st.session_state["practice_exact_at"] = (linked.ptype, linked.rules.preset_name,
                                                     st.session_state["practice_level"])

if st.query_params.get("review") == "1":  # Home's link to the review queue
    st.session_state["practice_review"] = True
st.query_params.pop("review", None)
session.show_notices()
st.title(tr("practice.title"))
st.caption(tr("practice.intro"))


def _restart() -> None:
    drill = (st.session_state["practice_type"], st.session_state["practice_game"], st.session_state["practice_level"])
    if st.session_state.get("practice_exact") and st.session_state.get("practice_exact_at") == drill:
        # a selector "changed" to what the linked puzzle already is (seen once in the browser
        # suite under load, as a tap's rerun arrived): the linked puzzle stays
        return
    st.session_state["practice_index"] = 0
    st.session_state["practice_exact"] = None
    st.session_state.pop("practice_mine", None)
    presets = PUZZLE_TYPES[st.session_state["practice_type"]].presets
    if st.session_state["practice_game"] not in presets:
        st.session_state["practice_game"] = presets[0]
    if st.session_state["practice_type"] != BEST_MOVE:
        st.session_state["practice_theme"] = None


def _all_themes() -> None:
    st.session_state["practice_theme"] = None
    _restart()


type_col, game_col, level_col = st.columns([3, 3, 4])  # the level's four words need the room
type_col.selectbox(tr("practice.type"), list(PUZZLE_TYPES), key=session.translated("practice_type"), on_change=_restart,
                   format_func=lambda name: ptype_title(name, lang=tr.lang))
presets = list(PUZZLE_TYPES[st.session_state["practice_type"]].presets)
game_col.selectbox(tr("practice.game"), presets, key=session.translated("practice_game"), on_change=_restart,
                   format_func=lambda p: game_title(tr, p))
level_col.segmented_control(tr("practice.level"), [ANY, *BANDS, MINE], key=session.translated("practice_level"),
                            on_change=_restart, required=True,
                            format_func=lambda b: tr("ratings.at_my_level") if b == MINE else tr(f"level.{b}"))

ptype = st.session_state["practice_type"]
st.caption(ptype_title(ptype, "summary"))
st.download_button(tr("worksheet.download"), help=tr("worksheet.download_help"), icon=":material/print:",
                   data=partial(practice_worksheet, ptype, st.session_state["practice_game"],
                                None if st.session_state["practice_level"] in (ANY, MINE) else st.session_state["practice_level"],
                                6, session.lang(), 2, st.session_state["practice_index"]),
                   file_name=f"capicu-{ptype}-{session.lang()}.pdf", mime="application/pdf",
                   on_click="ignore", key="practice_worksheet")  # six puzzles from this one on, built when clicked


@st.cache_data(show_spinner=False, max_entries=512)
def _puzzle(ptype: str, game: str, level: str, index: int, exact: str | None):
    if exact:
        return puzzle_from_id(exact)
    return practice_puzzle(ptype, game, None if level == ANY else level, index)


@st.cache_data(show_spinner=False, max_entries=256)
def _theme_puzzle(game: str, seed: int):
    return generate(BEST_MOVE, seed, game)


# ------------------------------------------------------------------ review queue, at my level
profile = session.profile()
review_id = None
if profile is not None:
    try:
        due = session.store().reviews_due(profile.id, session.today())
    except ProgressError:
        due = []
        session.notice("notice.not_saved")
    toggles = st.container(horizontal=True, gap="medium")
    with toggles:
        st.toggle(tr("ratings.review_toggle"), key="practice_review", help=tr("ratings.review_help"))
        rated_toggle("practice")
    if st.session_state.get("practice_review"):
        # the puzzle stays until "Next puzzle", even once its answer has moved it in the queue
        review_id = st.session_state.get("practice_review_id")
        skipped = st.session_state.setdefault("practice_review_skipped", set())
        due = [r for r in due if r.puzzle_id not in skipped]
        if review_id is None and due:
            review_id = st.session_state["practice_review_id"] = due[0].puzzle_id
        if review_id is None:
            st.success(tr("ratings.review_done"), icon=":material/task_alt:")
            st.stop()
        st.caption(tr("ratings.review_left", n=len(due)))

mine_id = None
if review_id is None and st.session_state["practice_level"] == MINE and not st.session_state["practice_exact"]:
    # chosen once per puzzle: answering moves the rating, and the puzzle must stay on screen
    chosen = st.session_state.get("practice_mine")
    here = (st.session_state["practice_index"], ptype, st.session_state["practice_game"])
    if chosen is None or chosen["at"] != here:
        found, band, (low, high), mine = at_my_level(ptype, st.session_state["practice_game"])
        chosen = {"at": here, "id": found, "band": band, "low": low, "high": high, "rating": mine.value}
        st.session_state["practice_mine"] = chosen
    mine_id = chosen["id"]
    if mine_id is None:
        st.caption(tr("ratings.window_new", rating=round(chosen["rating"]), level=tr(f"level.{chosen['band']}")))
    else:
        st.caption(tr("ratings.window", low=round(chosen["low"]), high=round(chosen["high"]),
                      rating=round(chosen["rating"])))

theme = st.session_state.get("practice_theme") if review_id is None else None
if theme:
    with st.container(horizontal=True, gap="medium"):
        st.caption(tr("themes.practice_caption", name=theme_name(tr, theme)))
        st.button(tr("themes.practice_all"), on_click=_all_themes, icon=":material/close:", key="practice_all_themes")
    seeds = theme_seeds(st.session_state["practice_game"], theme)
    if not seeds:
        st.info(tr("themes.practice_none"), icon=":material/info:")
        st.stop()

try:
    if theme:  # the theme's puzzles one after another (its seeds: puzzles.generators.best_move)
        puzzle = _theme_puzzle(st.session_state["practice_game"], seeds[st.session_state["practice_index"] % len(seeds)])
    elif review_id is not None:
        puzzle = _puzzle(ptype, st.session_state["practice_game"], ANY, 0, review_id)
    elif st.session_state["practice_level"] == MINE and not st.session_state["practice_exact"]:
        puzzle = (_puzzle(ptype, st.session_state["practice_game"], ANY, 0, mine_id) if mine_id else
                  _puzzle(ptype, st.session_state["practice_game"], st.session_state["practice_mine"]["band"],
                          st.session_state["practice_index"], None))
    else:
        puzzle = _puzzle(ptype, st.session_state["practice_game"], st.session_state["practice_level"],
                         st.session_state["practice_index"], st.session_state["practice_exact"])
except PuzzleError as error:
    # a stream that finds no puzzle of that level, or a queued id this version cannot rebuild
    st.warning(session.error_message(error), icon=":material/info:")
    if review_id is not None:  # not offered again in this session
        st.session_state.setdefault("practice_review_skipped", set()).add(review_id)
    st.session_state.pop("practice_review_id", None)
    st.button(tr("practice.next"), on_click=lambda: st.session_state.update(
        practice_index=st.session_state["practice_index"] + 1), type="primary", icon=":material/skip_next:")
    st.stop()
if st.session_state["practice_exact"]:
    # An exact puzzle keeps its own link, so it can be shared from the address bar.
    st.query_params["puzzle"] = st.session_state["practice_exact"]
    for name in ("type", "game", "level"):
        st.query_params.pop(name, None)
else:
    st.query_params.pop("puzzle", None)
    st.query_params["type"] = ptype
    st.query_params["game"] = st.session_state["practice_game"]
if theme and not st.session_state["practice_exact"]:
    st.query_params["theme"] = theme
else:
    st.query_params.pop("theme", None)


def _next() -> None:
    st.session_state["practice_index"] += 1
    st.session_state["practice_exact"] = None
    st.session_state.pop("practice_review_id", None)


puzzle_key = f"practice:review:{puzzle.id}" if review_id else f"practice:{puzzle.id}"
choice = rated_choice()
shown_as = st.session_state.get(rated_mode_key(puzzle_key))
if profile is not None and shown_as is not None and shown_as != choice:
    st.caption(tr("ratings.rated_next" if choice else "ratings.unrated_next"))
show_puzzle(puzzle, key=puzzle_key, daily=None, rated=choice)
st.button(tr("practice.next"), on_click=_next, type="primary", icon=":material/skip_next:")
