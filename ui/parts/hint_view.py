"""A hint on screen: the recommended move, a chart of every legal move's expected points
with how sure each figure is, and the facts behind it, in the reader's language."""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass, replace

import plotly.graph_objects as go
import streamlit as st

import jobs
from engine import Rules, SeatView
from language import capitalised, counted, in_sentence
from strategy.evaluate import Z95, mirrored, position_seed
from strategy.hint_ahead import HintAhead
from strategy.hints import Hint, hint

from .. import session
from ..board.focus import take_focus
from ..labels import about, action_label, chart_separators, figure, percent, seat_labels, short_action_label
from .chart_inks import inks


#: ``off``: no hint is worked out ahead (a small server short of CPU; docs/deploy.md)
THINK_AHEAD_ENV = "CAPICU_THINK_AHEAD"
#: how long a press of *Hint* waits for its job before the page says "thinking…" (s):
#: ``CAPICU_HINT_WAIT``; by default :data:`HINT_WAIT` with the queue's workers, and until
#: it lands with this process's threads (``threads`` mode: the page tests, ``streamlit run``)
HINT_WAIT_ENV, HINT_WAIT = "CAPICU_HINT_WAIT", 1.5
#: how often a hint being worked out looks again (s), only while it is
LOOK_AGAIN = 0.5
#: the session's name for the queue's turns among players (jobs.submit's ``owner``)
OWNER = "hint_owner"


def thinking_ahead() -> bool:
    """May this server work out deeper hints while players think (strategy/hint_ahead.py)?"""
    return os.environ.get(THINK_AHEAD_ENV, "on") != "off"


def hint_wait() -> float | None:
    """How long a press of *Hint* waits before the page says "thinking…" (None: until it lands)."""
    raw = os.environ.get(HINT_WAIT_ENV, "").strip()
    if raw:
        try:
            return max(0.0, float(raw))
        except ValueError:
            pass
    return HINT_WAIT if jobs.mode() == "queue" else None


def owner() -> str:
    """This session's name in the queue (a player's jobs take turns with the others')."""
    return st.session_state.setdefault(OWNER, uuid.uuid4().hex)


def _ahead(key: str) -> HintAhead:
    return st.session_state.setdefault(key, HintAhead(owner()))


@dataclass(frozen=True)
class PendingHint:
    """A hint asked for and still on the queue, or being worked out (a job of
    :data:`jobs.HINT`): the page says "thinking… (N ahead of you)" and shows the hint when
    it lands (:func:`refined`). It stands where a :class:`Hint` stands in the session."""

    job: jobs.Job
    deep: bool = False
    view: SeatView | None = None  # the position it was asked in
    moment: str | None = None  # the decision, when a page names it (its deeper hint follows)
    best = None  # not known yet
    thorough = False
    told_apart = True  # nothing to refine before it lands
    could_go_deeper = False
    trusted = False

    def landed(self) -> Hint | None:
        """The hint once its job is done (None: not yet, or it failed: :attr:`failed`)."""
        return self.job.result() if self.job.done() and not self.failed else None

    @property
    def failed(self) -> bool:
        return self.job.done() and (self.job.cancelled() or self.job.exception() is not None)


def ask(view: SeatView, deep: bool = False) -> Hint | PendingHint:
    """The hint of ``view`` (seeded from the position, the same caps on every page and
    load), as a job the queue's hint workers take first (:data:`jobs.HINT`); the hint
    itself if it lands within :func:`hint_wait`, else a :class:`PendingHint`."""
    job = jobs.submit(hint, (view,), {"seed": position_seed(view), "deep": deep}, priority=jobs.HINT, owner=owner())
    try:
        job.exception(timeout=hint_wait())
    except TimeoutError:
        return PendingHint(job, deep, view)
    pending = PendingHint(job, deep, view)
    return pending.landed() or pending


def landed(shown: Hint | PendingHint) -> Hint | PendingHint:
    """The hint a :class:`PendingHint` became once it landed, else ``shown`` itself."""
    return (shown.landed() or shown) if isinstance(shown, PendingHint) else shown


def think_ahead(key: str, moment: str, view: SeatView) -> None:
    """Start the deeper hint of the decision ``moment`` (seeded by its position) while the
    player looks at the board; ``key`` keeps this player's :class:`HintAhead` in the session."""
    if thinking_ahead():
        _ahead(key).think(moment, view, position_seed(view))


def hint_for(key: str, moment: str, view: SeatView, deep: bool = False) -> Hint | PendingHint:
    """The hint of ``moment``: the deeper one at once if it was worked out while the player
    thought (see :func:`think_ahead`), else the one asked for (:func:`ask`), seeded by the
    position (the deeper look then starts from the first hint's deals and goes on). A hint
    that cannot tell the close moves apart goes on being worked out (:func:`refined`)."""
    found = _ahead(key).ready(moment) or ask(view, deep)
    if isinstance(found, PendingHint):
        return replace(found, moment=moment)
    if not found.told_apart and thinking_ahead():
        _ahead(key).think(moment, view, position_seed(view))  # a no-op when it is already under way
    return found


def stop_thinking(key: str) -> None:
    """The player has moved: the hint worked out for that decision is no longer needed."""
    ahead = st.session_state.get(key)
    if ahead is not None:
        ahead.forget()


def refining(key: str, moment: str, shown: Hint | PendingHint) -> bool:
    """Is a deeper hint than ``shown`` being worked out for ``moment``?"""
    ahead = st.session_state.get(key)
    return ahead is not None and isinstance(shown, Hint) and not shown.told_apart and ahead.working(moment)


def refined(key: str, moment: str, shown: Hint | PendingHint) -> Hint | PendingHint:
    """``shown``, the hint a :class:`PendingHint` became once it landed (one that cannot
    tell its close moves apart then goes on being worked out), or the deeper hint of
    ``moment`` worked out since it was shown."""
    ahead = st.session_state.get(key)
    better = ahead.ready(moment) if ahead is not None else None
    if isinstance(shown, PendingHint):
        landed = shown.landed()
        if landed is None:
            return better or shown
        if shown.moment == moment and shown.view is not None and not landed.told_apart and thinking_ahead():
            _ahead(key).think(moment, shown.view, position_seed(shown.view))
        shown = landed
    return better if better is not None and better.evaluation.deals > shown.evaluation.deals else shown


def watch_refining(key: str, moment: str, shown: Hint | PendingHint) -> None:
    """While a deeper hint than ``shown`` is worked out, say so, in a fragment that looks
    twice a second (the page itself does not rerun) and reruns the page once it is done;
    the page then shows it (:func:`refined`). Never call it while another fragment runs
    (docs/tables.md, Known issues)."""
    if not refining(key, moment, shown):
        return

    def look() -> None:
        if refined(key, moment, shown) is not shown or not refining(key, moment, shown):
            st.rerun()
        st.caption(session.tr()("play.hint_refining"))

    st.fragment(look, run_every=LOOK_AGAIN)()


def show_waiting(pending: PendingHint) -> None:
    """A hint still on the queue: "thinking… (N ahead of you)" from the queue's own count,
    in a fragment that looks again every :data:`LOOK_AGAIN` seconds only while it waits,
    and reruns the page once the hint has landed (the page then shows it); a hint that
    could not be worked out says so plainly. Never call it while another fragment runs
    (docs/tables.md, Known issues)."""
    if pending.failed:
        waiting_notice(pending)
        return
    waiting = not pending.job.done()

    def look() -> None:
        if pending.job.done():
            if waiting:
                st.rerun()  # landed: the page draws it, and this fragment no more
            return
        waiting_notice(pending)

    st.fragment(look, run_every=LOOK_AGAIN if waiting else None)()


def waiting_notice(pending: PendingHint) -> None:
    """What a hint not yet landed says once: it could not be worked out, or "thinking…
    (N ahead of you)" from the queue's own count. No fragment and no timer: the caller
    looks again (:func:`show_waiting`, or the table's live part)."""
    tr = session.tr()
    if pending.failed:
        st.warning(tr("jobs.hint_failed"), icon=":material/error:")
        return
    ahead = pending.job.ahead()
    st.info(tr("jobs.hint_thinking_queue", n=ahead) if ahead else tr("jobs.hint_thinking"),
            icon=":material/hourglass_top:")


def certainty_text(tr, hint: Hint) -> str:
    """How sure the hint is, in the one sentence its figures allow (:attr:`Hint.certainty`):
    "clearly better, by 4 to 13 points" when the paired margin's 95% range over the next
    best move excludes 0, "too close to call: 0.4 ± 1.0" when it does not, "exact, over
    all 2,646 deals" (no range: there is none) when every deal was solved, and "only 4
    deals: too few to trust" for a first guess. The comparison is paired: the same deals
    for both moves."""
    found = hint.evaluation
    deals = counted(tr.lang, found.deals, "deal")
    margin = next((params for code, params in hint.facts if code in ("margin", "tie")), None)
    certainty = hint.certainty
    if certainty == "few":
        return tr("play.sure.few", deals=deals)
    if margin is None:
        return tr("play.sure.exact_alone" if certainty == "exact" else "play.sure.alone", deals=deals)
    names = {"action": action_label(tr, margin["action"]), "other": action_label(tr, margin["other"]), "deals": deals}
    points, pm = margin["points"], margin["pm"]
    if certainty == "exact":
        key = "play.sure.exact" if points >= 0.05 else "play.sure.exact_equal"
        return capitalised(tr(key, points=figure(tr, points), **names))
    if certainty == "clear":
        return capitalised(tr("play.sure.clear", low=figure(tr, points - pm), high=figure(tr, points + pm), **names))
    return capitalised(tr("play.sure.close", points=figure(tr, points),
                          pm=figure(tr, pm) if pm is not None else "?", **names))


def fact_text(tr, rules: Rules, code: str, params: dict, seats: list[str] | None = None) -> str:
    """One fact of :mod:`strategy.hints` as a sentence (the margin and an exact answer are
    said by :func:`certainty_text`); ``seats``: the seats' names as the reader sees them
    (by default seat 0's view)."""
    seats = seats or seat_labels(tr, rules)
    if code == "share":
        # a pick that is best in a minority of deals: say why it is still the pick
        key = "play.fact.share" if params["share"] >= 0.5 else "play.fact.share_minority"
        return capitalised(tr(key, action=action_label(tr, params["action"]), share=percent(tr, params["share"])))
    if code == "void":
        # a pass where nobody ever draws (Partners, sleeping tiles) says the pass alone
        key = f"play.fact.void_{params['why']}" + ("_no_draw" if params["why"] == "void" and not rules.can_draw else "")
        return capitalised(tr(key, seat=in_sentence(tr.lang, seats[params["seat"]]), number=params["number"]))
    if code == "count":
        word = {0: "zero", 1: "one", 2: "two"}[params["unseen"]]
        return tr(f"play.fact.count_{word}", number=params["number"])
    raise ValueError(f"no words for the hint fact {code!r}")


#: Facts :func:`certainty_text` already says (texts review 12: an exact hint said it twice).
SAID_ABOVE = ("exact", "margin", "tie")


def distinct_facts(facts, trusted: bool = True) -> list[tuple[str, dict]]:
    """The facts without repeats: "no 3 is left hidden" already says that nobody else holds
    a 3, for every seat at once; the margin and an exact answer are in the certainty
    sentence; a first guess on too few deals (``trusted`` False) gives no share of them."""
    hidden_none = {params["number"] for code, params in facts if code == "count" and params["unseen"] == 0}
    kept, seen = [], set()
    for code, params in facts:
        if code in SAID_ABOVE or (code == "share" and not trusted):
            continue
        if code == "void" and params.get("why") == "all_seen":
            if params["number"] in hidden_none or ("all_seen", params["number"]) in seen:
                continue
            seen.add(("all_seen", params["number"]))
        kept.append((code, params))
    return kept


def distinct_moves(hint: Hint, view: SeatView | None) -> list[tuple]:
    """(action, expected, stderr) of every different move: with equal ends a tile on the
    right is the same move as on the left, so it is listed once."""
    found = hint.evaluation
    rows = list(zip(found.actions, found.expected, found.stderr))
    if view is None or not mirrored(view):
        return rows
    names = {str(a) for a, _, _ in rows}
    return [r for r in rows if not (str(r[0]).endswith("@R") and str(r[0])[:-1] + "L" in names)]


def values_help(tr, rules: Rules) -> str:
    """What a value means at this table: the scale the player reads the chart in."""
    if rules.match_mode != "race":
        return tr("play.values_help_penalty")
    if rules.sides > 2:
        return tr("play.values_help_players")
    return tr("play.values_help_sides" if rules.partnerships == "opposite" else "play.values_help_two")


def expected_points_figure(hint: Hint, tr, view: SeatView | None = None) -> go.Figure:
    """A bar per different legal move, best first, with its 95% interval; the recommended
    one in the accent colour and named in its label (colour is never the only sign)."""
    rows = sorted(distinct_moves(hint, view), key=lambda r: -r[1])
    values = [round(v, 1) for _, v, _ in rows]
    halves = [None if s == float("inf") else Z95 * s for _, _, s in rows]  # None: not known yet ("± ?")
    # the figure with its range beside the move's short name (the side column is narrow, and
    # an error bar would hide a label inside the bar); the long name in the hover
    names = [("★ " if str(a) == hint.best else "") + f"{short_action_label(tr, a)}  {about(tr, v, h, signed=True)}"
             for (a, _, _), v, h in zip(rows, values, halves)]
    hovers = [f"{action_label(tr, a)}: {about(tr, v, h, signed=True)}" for (a, _, _), v, h in zip(rows, values, halves)]
    colours = ["#2e7d32" if str(a) == hint.best else "#607d8b" for a, _, _ in rows]
    fig = go.Figure(go.Bar(x=values, y=names, orientation="h", marker_color=colours,
                           error_x=dict(type="data", array=[h or 0.0 for h in halves], visible=any(halves),
                                        color=inks().line),
                           customdata=hovers, hovertemplate="%{customdata}<extra></extra>"))
    fig.update_layout(height=80 + 34 * len(rows), margin=dict(l=10, r=10, t=30, b=30), separators=chart_separators(tr),
                      title=tr("play.expected_points"), yaxis=dict(autorange="reversed"),
                      xaxis=dict(title=tr("play.expected_points"), zeroline=True))
    return fig


def headline(tr, hint: Hint | PendingHint) -> str:
    """The hint's move as its box and a screen reader say it: recommended when the hint is
    trusted, a first guess when it rests on too few deals (strategy.hints.TRUSTED_DEALS);
    "thinking…" while it is still being worked out."""
    if isinstance(hint, PendingHint):
        return tr("jobs.hint_thinking")
    return tr("play.hint_best" if hint.trusted else "play.hint_guess", action=action_label(tr, hint.best))


def show_hint(hint: Hint | PendingHint, rules: Rules, view: SeatView | None = None) -> None:
    """The hint for ``view`` (the position it was asked in: equal ends list a move once);
    one still being worked out says so (:func:`show_waiting`)."""
    if isinstance(hint, PendingHint):
        show_waiting(hint)
        return
    tr = session.tr()
    with st.container(border=True):
        # the *Hint* button is gone once pressed: the focus comes here, not to the page's top
        take_focus("hint_focus", f"{hint.best}|{hint.evaluation.deals}|{hint.deep}|{hint.thorough}")
        st.markdown(f"**{tr('play.hint_title')}**")
        if hint.trusted:
            st.success(headline(tr, hint), icon=":material/lightbulb:")
        else:  # a first guess is not drawn like a sure answer (walks review P1)
            st.info(headline(tr, hint), icon=":material/help:")
        st.caption(certainty_text(tr, hint)
                   + (" " + tr("play.hint_thorough" if hint.thorough else "play.hint_deep") if hint.deep else ""))
        st.plotly_chart(expected_points_figure(hint, tr, view), width="stretch", config={"displayModeBar": False})
        st.caption(values_help(tr, rules))
        seats = seat_labels(tr, rules, view.seat) if view is not None else None  # "you" is the one asking
        for code, params in distinct_facts(hint.facts, hint.trusted):
            st.markdown(f"- {fact_text(tr, rules, code, params, seats)}")
