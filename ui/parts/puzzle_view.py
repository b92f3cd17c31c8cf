"""One puzzle on screen: its question, board, answer, verdict with the engine's explanation.

Every answer is saved as an attempt for the current profile; a rated one (Practice, Daily)
moves the profile's and the puzzle's ratings, shown after the answer (``rating_view``).
"""

from __future__ import annotations

import datetime as dt

import streamlit as st

from progress import Attempt, ProgressError
from progress.ratings import seed_key
from puzzles import Puzzle, check
from language import seat_names
from language.tiles import tile_list
from puzzles.explain import label, question_text

from .. import session
from ..board.svg import stock_row_svg
from ..labels import COUNTS_ENDS, action_label, board_texts, double_rule_of, game_title, ptype_title, variant_names
from .question_widget import ask
from .rating_view import rated_mode_key, rating_key, show_rating_after_answer


def _save(puzzle: Puzzle, verdict, elapsed_ms: int, daily: dt.date | None, key: str, rated: bool) -> None:
    p = session.profile()
    if p is None:
        return
    attempt = Attempt(puzzle.id, puzzle.ptype, puzzle.rules.preset_name, bool(verdict.correct),
                      elapsed_ms, session.today(), daily=daily)
    try:
        # a first try only moves the ratings: the store checks, a retry is kept unrated
        change = session.store().record_attempt(p.id, attempt, band=seed_key(puzzle.question.kind, puzzle.difficulty.band) if rated else None)
    except ProgressError:
        session.notice("notice.not_saved")
    else:
        st.session_state[rating_key(key)] = change


#: Puzzles whose answer needs the round's history (who passed or drew on what, who led this
#: round): their move log is open, since the board shows neither (only the last tile placed).
LOG_OPEN = ("reading", "where_tile", "next_leader", "best_move")
def double_rule(puzzle: Puzzle) -> str | None:
    """The text key of this table's rule for a double at an end, when the answer counts ends."""
    return double_rule_of(puzzle.rules, puzzle.question.kind)


def _table_log(puzzle: Puzzle, rnd, names: list[str]) -> None:
    move_log(rnd, puzzle.viewer, names, expanded=puzzle.ptype in LOG_OPEN)


def move_log(rnd, viewer: int, names: list[str], *, expanded: bool) -> None:
    """What happened so far, as ``viewer`` saw it: who did what, on which ends."""
    tr = session.tr()
    steps = rnd.view(viewer).history
    if not steps:
        return
    with st.expander(tr("puzzle.log", n=len(steps)), expanded=expanded):
        lines = []
        for number, (seat, action, ends) in enumerate(steps, 1):
            # placements show the ends they leave; passes and draws the ends they faced
            shown = (steps[number][2] if number < len(steps) else rnd.ends) if action.is_placement else ends
            where = "" if not shown else (f" → {shown[0]}|{shown[1]}" if action.is_placement
                                          else f" ({shown[0]}|{shown[1]})")
            lines.append(f"{number}. **{names[seat]}**: {action_label(tr, action)}{where}")
        st.markdown("  \n".join(lines))


def show_puzzle(puzzle: Puzzle, *, key: str, daily: dt.date | None, allow_retry: bool = True, rated: bool = True,
                fix_rated: bool = True):
    """Draw the puzzle; returns its verdict once answered, else None. A ``rated`` answer
    counts for the ratings (when it is the profile's first try at the puzzle). With
    ``fix_rated`` whether it is rated is fixed when the puzzle is first shown: switching
    *Rated* with a puzzle on screen counts from the next one (no choosing after seeing the
    puzzle); without, it follows ``rated`` until the answer (the daily set fixes it for
    the whole set at its first answer instead)."""
    tr = session.tr()
    if not fix_rated and st.session_state.get(f"{key}:verdict") is None:
        st.session_state[rated_mode_key(key)] = bool(rated)
    rated = st.session_state.setdefault(rated_mode_key(key), bool(rated))
    lang = session.lang()
    band = puzzle.difficulty.band
    rnd = puzzle.round()
    names = seat_names(lang, puzzle.rules, puzzle.viewer)
    board_col, side_col = st.columns([3, 2], gap="large")
    kind = puzzle.question.kind
    with side_col:
        st.caption(f"{ptype_title(puzzle.ptype)} · {game_title(tr, puzzle.rules.preset_name)} · "
                   f"{tr(f'level.{band}')}")
        if puzzle.rules.overlays:  # named before the answer, never only in the explanation
            st.info(tr("puzzle.rules_in_force", rules="; ".join(variant_names(tr, puzzle.rules))),
                    icon=":material/rule:")
        if (rule := double_rule(puzzle)) is not None:
            st.info(tr(rule), icon=":material/functions:")
        st.markdown(f"#### {question_text(puzzle, lang)}")

    verdict = ask(
        kind, rnd, viewer=puzzle.viewer, key=key, board_box=board_col, controls=side_col,
        check=lambda response: check(puzzle, response, lang),
        choices=puzzle.options, label=lambda value: label(lang, kind, value, puzzle.rules, puzzle.viewer),
        on_answer=lambda verdict, ms: _save(puzzle, verdict, ms, daily, key, rated),
        allow_retry=allow_retry,
        labels=names,
    )
    with board_col:
        if kind == "draw_outcome":  # the question is about the order of the stock: show it
            st.caption(tr("puzzle.stock_order"))
            order = [str(t) for t in rnd.stock[:rnd.drawable]]
            st.image(stock_row_svg(order, title=tr("board.stock")), width="stretch",
                     alt=f"{tr('board.stock')}: {tile_list(order, board_texts(tr))}")
        _table_log(puzzle, rnd, names)
    if verdict is not None:
        with side_col:
            show_themes(puzzle, names)
            show_rating_after_answer(puzzle, key)
    return verdict


def show_themes(puzzle: Puzzle, names: list[str]) -> None:
    """A best-move puzzle's theme after the answer: what the answer does that the runner-up
    does not, in one sentence, the lesson that teaches it and "practise this theme"."""
    if puzzle.ptype != "best_move":
        return
    from puzzles.generators.best_move import answer_themes

    from .themes import lesson_link, practise_link, theme_name, theme_sentence

    tr = session.tr()
    facts = answer_themes(puzzle.round().view(puzzle.viewer), puzzle.question.params)
    code, params = facts[0]
    name = theme_name(tr, code)
    if name is None:
        return
    st.markdown(f"**{tr('themes.theme', name=name)}**")
    sentence = theme_sentence(tr, code, params, names)
    if sentence:
        st.markdown(sentence)
    lesson_link(tr, code, puzzle.rules.preset_name)
    practise_link(tr, code, puzzle.rules.preset_name)
