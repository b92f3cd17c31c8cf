"""The review of a finished round: every choice graded, and a replay with every hand shown."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from strategy.game import Game
from strategy.review import GRADES, RoundReview

from . import session
from .board_frame import show_board
from .labels import action_label, seat_labels

GRADE_MARKS = {"best": "✅", "good": "👍", "inaccuracy": "⚠️", "mistake": "❌", "blunder": "⛔"}
#: Grades a "next mistake" jump stops at.
SLIPS = ("inaccuracy", "mistake", "blunder")


def review_table(review: RoundReview) -> pd.DataFrame:
    tr = session.tr()
    rows = []
    for d in review.decisions:
        rows.append({
            tr("play.col_move"): d.ply + 1,
            tr("play.col_yours"): action_label(tr, d.action),
            tr("play.col_grade"): f"{GRADE_MARKS[d.grade]} {tr(f'play.grade.{d.grade}')}",
            tr("play.col_best"): action_label(tr, d.best),
            tr("play.col_expected"): f"{d.expected:+.1f} / {d.best_expected:+.1f}",
            tr("play.col_exact"): f"{d.exact:+.0f} / {d.best_exact:+.0f}",
            tr("play.col_hint"): "💡" if d.hint else "",
        })
    return pd.DataFrame(rows)


def show_review(game: Game, index: int, review: RoundReview, key: str) -> None:
    tr = session.tr()
    st.subheader(tr("play.review"))
    if not review.decisions:
        st.info(tr("play.no_decisions"), icon=":material/info:")
    else:
        left, right = st.columns(2)
        left.metric(tr("play.accuracy"), f"{review.accuracy:.0%}")
        right.metric(tr("play.loss"), f"{review.loss_per_decision:.1f}")
        st.dataframe(review_table(review), hide_index=True, width="stretch")
    limits = {name: f"{limit:g}" for name, limit in GRADES[:-1]}
    st.caption(tr("play.grades_help", **limits))
    _replay(game, index, review, key)


def _replay(game: Game, index: int, review: RoundReview, key: str) -> None:
    """Step through the round with every hand face up: buttons, arrow keys, Home, End."""
    tr = session.tr()
    moves = game.rounds[index]
    total = len(moves)
    step_key = f"{key}:step"
    step = min(max(st.session_state.get(step_key, total), 0), total)
    slips = [d.ply for d in review.decisions if d.grade in SLIPS]

    def go(to: int) -> None:
        st.session_state[step_key] = min(max(to, 0), total)

    def nav(direction: str) -> None:
        go({"first": 0, "prev": step - 1, "next": step + 1, "last": total}.get(direction, step))

    def next_slip() -> None:
        later = [p for p in slips if p >= step]  # the position before the slip: the choice
        go(later[0] if later else (slips[0] if slips else step))

    st.markdown(f"**{tr('play.replay_title')}**")
    rnd = game.round_start(index)
    for move in moves[:step]:
        rnd.apply(move.action)
    show_board(rnd, viewer=0, key=f"{key}:board", reveal=True, interactive=False, on_nav=nav,
               labels=seat_labels(tr, game.setup.rules()))
    st.caption(tr("play.replay_step", n=step, total=total))
    judged = next((d for d in review.decisions if d.ply == step), None)
    if judged is not None:  # the position before one of your choices: say how it was judged
        st.markdown(tr("play.replay_choice", grade=f"{GRADE_MARKS[judged.grade]} {tr(f'play.grade.{judged.grade}')}",
                       yours=action_label(tr, judged.action), best=action_label(tr, judged.best),
                       loss=f"{judged.loss:.1f}"))
    cols = st.columns(5)
    cols[0].button(tr("play.replay_first"), key=f"{key}:first", on_click=go, args=(0,), disabled=step == 0,
                   icon=":material/first_page:", width="stretch")
    cols[1].button(tr("play.replay_prev"), key=f"{key}:prev", on_click=go, args=(step - 1,), disabled=step == 0,
                   icon=":material/chevron_left:", width="stretch")
    cols[2].button(tr("play.replay_next"), key=f"{key}:next", on_click=go, args=(step + 1,),
                   disabled=step == total, icon=":material/chevron_right:", width="stretch")
    cols[3].button(tr("play.replay_last"), key=f"{key}:last", on_click=go, args=(total,), disabled=step == total,
                   icon=":material/last_page:", width="stretch")
    cols[4].button(tr("play.replay_mistake"), key=f"{key}:slip", on_click=next_slip, disabled=not slips,
                   icon=":material/error:", width="stretch")
