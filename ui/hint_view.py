"""A hint on screen: the recommended move, a chart of every legal move's expected points,
and the facts behind it, in the reader's language."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from engine import Rules
from strategy.hints import Hint

from . import session
from .labels import action_label, seat_labels


def fact_text(tr, rules: Rules, code: str, params: dict) -> str:
    """One fact of :mod:`strategy.hints` as a sentence."""
    seats = seat_labels(tr, rules)
    if code == "share":
        return tr("play.fact.share", action=action_label(tr, params["action"]), share=f"{params['share']:.0%}")
    if code == "exact":
        return tr("play.fact.exact", deals=params["deals"])
    if code == "void":
        return tr(f"play.fact.void_{params['why']}", seat=seats[params["seat"]], number=params["number"])
    if code == "count":
        word = {0: "zero", 1: "one", 2: "two"}[params["unseen"]]
        return tr(f"play.fact.count_{word}", number=params["number"])
    raise ValueError(f"no words for the hint fact {code!r}")


def expected_points_figure(hint: Hint, tr) -> go.Figure:
    """A bar per legal move, best first; the recommended one in the accent colour."""
    rows = sorted(zip(hint.evaluation.actions, hint.evaluation.expected), key=lambda r: -r[1])
    names = [action_label(tr, a) for a, _ in rows]
    values = [round(v, 1) for _, v in rows]
    colours = ["#2e7d32" if str(a) == hint.best else "#90a4ae" for a, _ in rows]
    fig = go.Figure(go.Bar(x=values, y=names, orientation="h", marker_color=colours,
                           text=[f"{v:+.1f}" for v in values], textposition="auto",
                           hovertemplate="%{y}: %{x:+.1f}<extra></extra>"))
    fig.update_layout(height=80 + 34 * len(rows), margin=dict(l=10, r=10, t=30, b=30),
                      title=tr("play.expected_points"), yaxis=dict(autorange="reversed"),
                      xaxis=dict(title=tr("play.expected_points"), zeroline=True))
    return fig


def show_hint(hint: Hint, rules: Rules) -> None:
    tr = session.tr()
    with st.container(border=True):
        st.markdown(f"**{tr('play.hint_title')}**")
        st.success(tr("play.hint_best", action=action_label(tr, hint.best)), icon=":material/lightbulb:")
        found = hint.evaluation
        st.caption(tr("play.hint_exact" if found.exact else "play.hint_deals", deals=found.deals))
        st.plotly_chart(expected_points_figure(hint, tr), width="stretch", config={"displayModeBar": False})
        for code, params in hint.facts:
            st.markdown(f"- {fact_text(tr, rules, code, params)}")
