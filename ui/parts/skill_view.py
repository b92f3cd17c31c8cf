"""My progress: the skill figure per game (issue 45 item 4), beside the bots' figures.

For one game (preset): the points lost per decision over the player's last 30 reviewed
rounds with its 95% interval, the share of decisions within 0.5 of the best, one sentence
that sets it beside the bots (``casual``, ``strong``, ``expert``, measured by the same
review: bench/skill_of_bots.py), the trend per 10 rounds (plotly), and the weakest themes
of the player's Mistakes and Blunders (``strategy.themes.themes_of`` on the position each
was made from, rebuilt from the saved record), each with a link to practise it and to its
lesson (``ui/parts/themes.py``, as the review's cards and Practice link them). The
figures are ``progress.skill``'s; docs/skill.md says how they are computed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence

import plotly.graph_objects as go
import streamlit as st

from engine import SeatView
from matches.companion import TableGame
from matches.game import Game
from matches.table_review import choices
from progress import ProgressError
from progress.charts import _base, _empty
from progress.skill import (
    BOT_LEVELS, FEW, Figure, Round, bot_figures, comparable, compare, figure, last, rounds_of, trend,
)
from strategy.review import decision_points
from strategy.themes import themes_of

from .. import session
from ..labels import about, chart_separators, game_title, percent
from ..labels import figure as number
from .chart_inks import inks
from .themes import lesson_link, practise_link, theme_name

__all__ = ["WEAK_GRADES", "decision_views", "profile_themes", "skill_section", "skill_sentence", "trend_figure",
           "weakest_themes"]

#: the grades whose decisions name the weakest themes
WEAK_GRADES = ("mistake", "blunder")
#: how many themes the section lists
THEMES_SHOWN = 3
#: the bots' lines on the trend chart: a dash each (and a label: colour is never alone)
BOT_DASH = {"beginner": "dashdot", "casual": "dot", "strong": "dash", "expert": "longdash"}
_MINE = "#2e7d5b"  # the felt green of progress/charts.py


# ------------------------------------------------------------------ positions and themes
def decision_views(record: dict, index: int, seat: int = 0) -> dict[int, SeatView]:
    """ply -> the seat's view before that decision, rebuilt from a saved record: a match
    against the bots (``Game.to_dict``, round ``index``), a round recorded on the analysis
    board (``{"table": TableGame.to_dict}``) or a table of people (``{"people": ...,
    "seat": s}``). Empty when the record cannot be replayed (an old or damaged one)."""
    try:
        if "setup" in record and "rounds" in record:
            game = Game.from_dict(record)
            return {ply: before.view(seat) for ply, before in decision_points(game, index, seat)}
        if isinstance(record.get("people"), dict):
            game = Game.from_dict(record["people"])
            who = int(record.get("seat", seat))
            return {ply: before.view(who) for ply, before in decision_points(game, index, who)}
        if isinstance(record.get("table"), dict):
            table = TableGame.from_dict(record["table"])
            return {ply: before.view(table.seat) for ply, _action, before in choices(table)}
    except (ValueError, KeyError, TypeError, IndexError):
        return {}
    return {}


def tagged(rounds: Iterable[Round]) -> list[tuple[tuple[str, ...], float]]:
    """(themes, points lost) of each Mistake or Blunder in ``rounds`` whose position could
    be rebuilt ("other" left out: it names no theme to practise)."""
    out = []
    for rnd in rounds:
        weak = [d.data for d in rnd.decisions if d.data.get("grade") in WEAK_GRADES]
        if not weak:
            continue
        views = decision_views(rnd.record, rnd.index)
        for data in weak:
            view = views.get(data.get("ply"))
            if view is None or not data.get("action") or not data.get("best"):
                continue
            try:
                codes = themes_of(view, str(data["action"]), str(data["best"]), data.get("values") or None)
            except (ValueError, KeyError, TypeError):
                continue
            codes = tuple(c for c in codes if c != "other")
            if codes:
                out.append((codes, float(data.get("loss", 0.0))))
    return out


def weakest_themes(rounds: Iterable[Round], n: int = THEMES_SHOWN) -> list[tuple[str, int, float]]:
    """The themes the player's Mistakes and Blunders most often missed: (code, how many
    decisions, the points they lost), the commonest first, then the costliest."""
    count: Counter = Counter()
    lost: Counter = Counter()
    for codes, loss in tagged(rounds):
        for code in codes:
            count[code] += 1
            lost[code] += loss
    ranked = sorted(count, key=lambda c: (-count[c], -lost[c], c))
    return [(c, count[c], lost[c]) for c in ranked[:n]]


def profile_themes(store: Any, profile_id: int, preset: str) -> list[tuple[str, int, float]]:
    """The weakest themes of a profile in one game, from its last reviewed rounds (what a
    teacher's class summary lists beside each student signed in with a profile); [] when
    the store cannot be read."""
    try:
        games = store.games(profile_id)
    except ProgressError:
        return []
    return weakest_themes(last(rounds_of(games, preset)))


# ------------------------------------------------------------------ words
def bot_name(tr, level: str) -> str:
    return tr(f"bot.{level}.name")


def skill_sentence(tr, preset: str, mine: Figure, bots: dict[str, Figure]) -> str:
    """ "In Partners you lose 1.8 ± 0.3 points a decision — about the level of *Strong*.":
    the words the intervals allow (``progress.skill.compare``); markdown, no user text."""
    head = tr("skill.sentence", game=game_title(tr, preset), loss=about(tr, mine.mean, mine.half))
    where = compare(mine, bots)
    if not where:
        return head + tr("skill.no_bots")
    if where[0] == "between":
        return head + tr("skill.between", weaker=bot_name(tr, where[1]), stronger=bot_name(tr, where[2]))
    return head + tr(f"skill.{where[0]}", bot=bot_name(tr, where[1]))


# ------------------------------------------------------------------ the chart
def trend_figure(points: Sequence[tuple[int, Figure]], bots: dict[str, Figure], labels: dict[str, Any],
                 ink: str = "#263238") -> go.Figure:
    """The points lost per decision over each run of rounds (error bars: its 95% interval)
    and each bot's figure as a labelled dashed line (the levels the sentence compares
    with: ``progress.skill.comparable``). ``labels``: title, axis, loss, empty,
    and ``bots`` (level -> name)."""
    if not points:
        return _empty(labels["title"], labels["empty"])
    fig = _base(labels["title"])
    x = [n for n, _ in points]
    fig.add_scatter(x=x, y=[f.mean for _, f in points], name=labels["loss"], mode="lines+markers",
                    line=dict(color=_MINE), marker=dict(symbol="circle", size=9),
                    error_y=dict(type="data", symmetric=False, color=ink,
                                 array=[f.high - f.mean if f.high != float("inf") else 0 for _, f in points],
                                 arrayminus=[f.mean - f.low for _, f in points]),
                    hovertext=[f"{labels['loss']}: {f.mean:.2f} [{f.low:.2f}, "
                               f"{f.high:.2f}] · {f.decisions} {labels['decisions']}" for _, f in points],
                    hoverinfo="text")
    for level in BOT_LEVELS:
        if level in bots:
            name = labels["bots"].get(level, level)
            fig.add_hline(y=bots[level].mean, line=dict(dash=BOT_DASH[level], color=ink, width=1),
                          annotation=dict(text=name, font=dict(color=ink)), annotation_position="top left")
    fig.update_xaxes(title_text=labels["axis"], rangemode="tozero")
    fig.update_yaxes(title_text=labels["loss"], rangemode="tozero", gridcolor="rgba(128,128,128,0.25)")
    return fig


# ------------------------------------------------------------------ the section
def skill_section(tr, games: Sequence[Any]) -> None:
    """The section of My progress: ``games`` are the profile's saved games (every kind)."""
    st.subheader(tr("skill.title"))
    presets = sorted({g.game for g in games if rounds_of([g], g.game)}, key=lambda name: game_title(tr, name))
    if not presets:
        st.caption(tr("skill.none_yet", n=FEW))
        return
    which = presets[0]
    if len(presets) > 1:
        latest = max((g for g in games if g.game in presets), key=lambda g: g.started_at).game
        which = st.selectbox(tr("skill.pick"), presets, index=presets.index(latest),
                             key=session.translated("skill_game"), format_func=lambda name: game_title(tr, name))
    rounds = rounds_of(games, which)
    recent = last(rounds)
    mine = figure(recent)
    bots = bot_figures().get(which, {})
    if mine is None or not mine.enough:
        st.info(tr("skill.too_few", game=game_title(tr, which), n=0 if mine is None else mine.decisions, few=FEW),
                icon=":material/hourglass_empty:")
    else:
        st.markdown(skill_sentence(tr, which, mine, bots))
        a, b, c = st.columns(3)
        a.metric(tr("skill.loss"), about(tr, mine.mean, mine.half), help=tr("skill.loss_help"))
        b.metric(tr("skill.within"), percent(tr, mine.within), help=tr("skill.within_help"))
        c.metric(tr("skill.decisions"), mine.decisions, help=tr("skill.decisions_help", rounds=mine.rounds))
    chart = trend_figure(trend(rounds), comparable(bots), {
        "title": tr("skill.chart", game=game_title(tr, which)), "axis": tr("skill.axis"), "loss": tr("skill.loss"),
        "decisions": tr("skill.decisions_word"), "empty": tr("skill.chart_empty"),
        "bots": {lv: bot_name(tr, lv) for lv in BOT_LEVELS}}, ink=inks().line)
    chart.update_layout(separators=chart_separators(tr))
    st.plotly_chart(chart, width="stretch")
    st.caption(tr("skill.chart_help"))
    with st.expander(tr("skill.bots_title")):
        if not bots:
            st.caption(tr("skill.bots_none"))
        else:
            st.dataframe([{tr("skill.col_who"): bot_name(tr, lv),
                           tr("skill.loss"): about(tr, bots[lv].mean, bots[lv].half),
                           tr("skill.within"): percent(tr, bots[lv].within),
                           tr("skill.decisions"): bots[lv].decisions}
                          for lv in BOT_LEVELS if lv in bots], hide_index=True, width="stretch")
            st.caption(tr("skill.bots_help"))
    st.markdown(f"**{tr('skill.themes_title')}**")
    weak = weakest_themes(recent)
    if not weak:
        st.caption(tr("skill.themes_none"))
    for code, n, lost in weak:
        left, mid, right = st.columns([5, 2, 3])
        left.markdown(tr("skill.theme_line", theme=session.plain(theme_name(tr, code)), n=n, points=number(tr, lost)))
        with mid:
            practise_link(tr, code, which)
        with right:
            lesson_link(tr, code, which)
