"""The review of a finished round: every choice graded, and a replay with every hand shown."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from strategy.evaluate import Z95
from strategy.game import Game
from strategy.review import GRADES, Decision, RoundReview

from .. import session
from .board_frame import show_board
from .hint_view import values_help
from ..labels import about, action_label, figure, seat_labels

GRADE_MARKS = {"best": "✅", "good": "👍", "inaccuracy": "⚠️", "mistake": "❌", "blunder": "⛔"}
#: Grades a "next mistake" jump stops at.
SLIPS = ("inaccuracy", "mistake", "blunder")


def grade_text(tr, d: Decision) -> str:
    """The grade with its mark; a grade whose loss lies near a limit says so."""
    name = tr(f"play.grade.{d.grade}")
    return f"{GRADE_MARKS[d.grade]} {name if d.sure else tr('play.grade_near', grade=name)}"


def loss_text(tr, d: Decision) -> str:
    """The points lost, with the 95% interval when the deals were a sample."""
    if d.all_deals or d.loss_high - d.loss_low < 0.05:
        return figure(tr, d.loss)
    return tr("play.loss_range", loss=figure(tr, d.loss), low=figure(tr, d.loss_low), high=figure(tr, d.loss_high))


def _half(d: Decision, action: str) -> float:
    return 0.0 if d.all_deals else Z95 * d.stderr.get(action, float("inf"))


def review_table(decisions: list[Decision]) -> pd.DataFrame:
    tr = session.tr()
    rows = []
    for d in decisions:
        rows.append({
            tr("play.col_move"): d.ply + 1,
            tr("play.col_yours"): action_label(tr, d.action),
            tr("play.col_grade"): grade_text(tr, d),
            tr("play.col_lost"): loss_text(tr, d),
            tr("play.col_best"): action_label(tr, d.best),
            tr("play.col_expected"): f"{about(tr, d.expected, _half(d, d.evaluated), True)} / "
                                     f"{about(tr, d.best_expected, _half(d, d.best), True)}",
            tr("play.col_exact"): f"{figure(tr, d.exact, True)} / {figure(tr, d.best_exact, True)}",
            tr("play.col_hint"): "💡" if d.hint else "",
        })
    return pd.DataFrame(rows)



def show_progress(done: list[Decision], total: int, failed: int) -> None:
    """While the last decisions are still being judged: those done so far, and how many are left."""
    tr = session.tr()
    st.subheader(tr("play.review"))
    st.progress(len(done) / total if total else 1.0, text=tr("play.judging", done=len(done), total=total))
    if failed:
        st.warning(tr("play.judge_failed", n=failed), icon=":material/error:")
    if done:
        st.dataframe(review_table(done), hide_index=True, width="stretch")


def show_review(game: Game, index: int, review: RoundReview, key: str, failed: int = 0) -> None:
    tr = session.tr()
    st.subheader(tr("play.review"))
    if failed:
        st.warning(tr("play.judge_failed", n=failed), icon=":material/error:")
    if not review.decisions:
        st.info(tr("play.no_decisions"), icon=":material/info:")
    else:
        left, right = st.columns(2)
        left.metric(tr("play.accuracy"), f"{review.accuracy:.0%}")
        right.metric(tr("play.loss"), figure(tr, review.loss_per_decision))
        st.dataframe(review_table(list(review.decisions)), hide_index=True, width="stretch")
    limits = {name: figure(tr, limit) for name, limit in GRADES[:-1]}
    st.caption(tr("play.grades_help", **limits) + " " + tr("play.grades_sure"))
    st.caption(values_help(tr, game.setup.rules()))
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
        st.markdown(tr("play.replay_choice", grade=grade_text(tr, judged),
                       yours=action_label(tr, judged.action), best=action_label(tr, judged.best),
                       loss=loss_text(tr, judged)))
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
