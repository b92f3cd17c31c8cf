"""The review of a finished round: every choice graded, and a replay with every hand shown."""

from __future__ import annotations

from typing import Callable

import pandas as pd
import streamlit as st

from language import join

from matches.game import Game
from strategy.evaluate import Z95
from strategy.review import GRADES, Decision, RoundReview, table_value
from strategy.review_queue import RoundJudge

from ui import session
from ui.shell import page_file
from ui.labels import about, action_label, figure, percent, seat_labels
from ui.parts.board_frame import show_board
from ui.parts.hint_view import fact_text, values_help
from ui.parts.themes import theme_sentence

GRADE_MARKS = {"best": "✅", "good": "👍", "inaccuracy": "⚠️", "mistake": "❌", "blunder": "⛔"}
#: Grades whose card leads with the theme's one sentence (issue 45 item 3).
WHY_GRADES = ("mistake", "blunder")
#: Grades a "next mistake" jump stops at.
SLIPS = ("inaccuracy", "mistake", "blunder")
#: The replay's step buttons keep their words for screen readers and tooltips, but on a
#: phone show only their icons, so the five fit one row under the board (st.columns would
#: stack them one per line). Static CSS: nothing from a user or a link is in it.
_STEPS_CSS = """<style>
@media (max-width: 640px) {
  [class*="st-key-play-"][class*="-review-first "] button [data-testid="stMarkdownContainer"],
  [class*="st-key-play-"][class*="-review-prev "] button [data-testid="stMarkdownContainer"],
  [class*="st-key-play-"][class*="-review-next "] button [data-testid="stMarkdownContainer"],
  [class*="st-key-play-"][class*="-review-last "] button [data-testid="stMarkdownContainer"] {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
  }
}
</style>"""


def grade_text(tr, d: Decision) -> str:
    """The grade with its mark; a grade whose loss lies near a limit says so."""
    name = tr(f"play.grade.{d.grade}")
    return f"{GRADE_MARKS[d.grade]} {name if d.sure else tr('play.grade_near', grade=name)}"


def loss_text(tr, d: Decision) -> str:
    """The points lost, with the 95% interval when the deals were a sample."""
    if d.all_deals or d.loss_high - d.loss_low < 0.05:
        return figure(tr, d.loss)
    return tr("play.loss_range", loss=figure(tr, d.loss), low=figure(tr, d.loss_low), high=figure(tr, d.loss_high))


def luck_text(tr, d: Decision, table: float | None = None) -> str | None:
    """Luck told apart from skill, in words: where a perfect table would have ended the
    round with every hand shown, after the best move and after the player's, beside what
    it cost from the player's view (None: nothing to add); ``table``: what the round really
    came to for the player's side, in the same scale (``strategy.review.table_value``), so a
    perfect table's +82 is read beside the −28 that happened (walks review P3)."""
    exact, best = figure(tr, d.exact, True), figure(tr, d.best_exact, True)
    lost = d.best_exact - d.exact
    if d.grade == "best":
        text = tr("play.luck_unlucky", exact=exact, best=best) if lost >= 0.05 else None
    elif lost < 0.05:
        text = tr("play.luck_free", exact=exact)
    else:
        text = tr("play.luck_cost", lost=figure(tr, lost), exact=exact, best=best)
    if text is None or table is None:
        return text
    return text + " " + tr("play.luck_table", table=figure(tr, table, True))


def why_lines(tr, d: Decision, rules=None, seats: list[str] | None = None) -> list[str]:
    """Why the best move was better, in domino terms (``strategy.review.why_facts``): on a
    Mistake or Blunder first one sentence of what the best move does (its theme,
    ``ui.parts.themes``), then the ends each leaves, a double kept, and the hint's voids and
    counts (worded as the hint words them; they need the table's ``rules``, and ``seats``
    names the seats)."""
    lines = []
    theme = next((params for code, params in d.facts if code == "theme"), None)
    if theme is not None and d.grade in WHY_GRADES:  # one sentence first: what the best move does
        names = seats or (seat_labels(tr, rules) if rules is not None else None)
        params = {k: v for k, v in theme.items() if k != "code"}
        sentence = theme_sentence(tr, theme["code"], params, names)
        if sentence:
            lines.append(sentence)
    for code, params in d.facts:
        if code == "theme":
            continue
        if code == "ends":
            lines.append(tr("play.why.ends", yours=join(tr.lang, [str(n) for n in params["yours"]]),
                            best=join(tr.lang, [str(n) for n in params["best"]])))
        elif code == "double":
            lines.append(tr("play.why.double", tile=params["tile"]))
        elif rules is not None:
            lines.append(fact_text(tr, rules, code, params, seats))
    return lines


def decision_card(tr, d: Decision, luck: bool = True, table: float | None = None, rules=None,
                  seats: list[str] | None = None) -> str:
    """One choice as a few lines that fit a phone: the move, its grade and loss, the best
    move, why it was better (:func:`why_lines`), and what it cost in this deal (``luck``:
    the other hands are known; ``table``: see :func:`luck_text`)."""
    yours = action_label(tr, d.action)
    if d.grade == "best":
        head = tr("play.card_best", n=d.ply + 1, yours=yours, grade=grade_text(tr, d))
    else:
        head = tr("play.card", n=d.ply + 1, yours=yours, grade=grade_text(tr, d), loss=loss_text(tr, d),
                  best=action_label(tr, d.best))
    lines = [head] + why_lines(tr, d, rules, seats) + [text for text in (luck_text(tr, d, table) if luck else None, tr("play.card_hint") if d.hint else None)
                      if text]
    return "  \n".join(lines)


def analyse_link(tr, link: str | None) -> None:
    """"Analyse this position": the position on the analysis board, in one click."""
    if link:
        st.page_link(page_file("analyse"), label=tr("play.analyse_position"), icon=":material/troubleshoot:",
                     query_params={"g": link})


def show_decisions(decisions: list[Decision], *, luck: bool = True, links: dict[int, str] | None = None,
                   table: float | None = None, rules=None, seats: list[str] | None = None) -> None:
    """The round's choices as a list (readable on a phone), and every figure as a table;
    ``links``: each choice's position for the analysis board (``matches.companion.link_at``)."""
    tr = session.tr()
    for d in decisions:
        with st.container(border=True):
            st.markdown(decision_card(tr, d, luck, table, rules, seats))
            analyse_link(tr, (links or {}).get(d.ply))
    with st.expander(tr("play.review_table")):
        st.dataframe(review_table(decisions, luck), hide_index=True, width="stretch")


def _half(d: Decision, action: str) -> float:
    return 0.0 if d.all_deals else Z95 * d.stderr.get(action, float("inf"))


def review_table(decisions: list[Decision], luck: bool = True) -> pd.DataFrame:
    tr = session.tr()
    rows = []
    for d in decisions:
        row = {
            tr("play.col_move"): d.ply + 1,
            tr("play.col_yours"): action_label(tr, d.action),
            tr("play.col_grade"): grade_text(tr, d),
            tr("play.col_lost"): loss_text(tr, d),
            tr("play.col_best"): action_label(tr, d.best),
            tr("play.col_expected"): f"{about(tr, d.expected, _half(d, d.evaluated), True)} / "
                                     f"{about(tr, d.best_expected, _half(d, d.best), True)}",
            tr("play.col_exact"): f"{figure(tr, d.exact, True)} / {figure(tr, d.best_exact, True)}",
            tr("play.col_hint"): "💡" if d.hint else "",
        }
        if not luck:  # the other hands are not known: no values with every hand shown
            row.pop(tr("play.col_exact"))
        rows.append(row)
    return pd.DataFrame(rows)



def show_progress(done: list[Decision], total: int, failed: int, *, luck: bool = True,
                  links: dict[int, str] | None = None) -> None:
    """While the last decisions are still being judged: those done so far, and how many are left."""
    tr = session.tr()
    st.subheader(tr("play.review"))
    st.progress(len(done) / total if total else 1.0, text=tr("play.judging", done=len(done), total=total))
    if failed:
        st.warning(tr("play.judge_failed", n=failed), icon=":material/error:")
    if done:
        show_decisions(done, luck=luck, links=links)


#: How often a review still being judged looks again (seconds).
LOOK_AGAIN = 0.5


def judged_panel(judge: RoundJudge, show: Callable[[RoundReview], None], *, luck: bool = True,
                 links: dict[int, str] | None = None) -> None:
    """A round's review that appears by itself: its progress while choices are being judged,
    then ``show(review)`` once every one is. A fragment that looks again every
    :data:`LOOK_AGAIN` seconds only while something is pending; when the review completes it
    reruns the page once, which draws the panel again with no timer, so nothing reruns on a
    timer after that. Never call it while another fragment runs (a table's live part draws
    its review itself): a fragment inside a fragment can break the browser's page
    (docs/tables.md, Known issues; tests/ui/test_no_nested_fragments.py)."""
    pending = judge.pending > 0

    def panel() -> None:
        review = judge.review()
        if review is None:
            show_progress(judge.decisions(), judge.total, len(judge.failed()), luck=luck, links=links)
        elif pending:
            st.rerun()  # complete: the page draws it once more, without the timer
        else:
            show(review)

    st.fragment(panel, run_every=LOOK_AGAIN if pending else None)()


def show_graded(review: RoundReview, rules, failed: int = 0, *, luck: bool = True,
                links: dict[int, str] | None = None, table: float | None = None,
                seats: list[str] | None = None) -> None:
    """The graded choices of a round, their summary and what the grades mean: the play
    page's review, and the analysis board's of a round recorded at a real table."""
    tr = session.tr()
    st.subheader(tr("play.review"))
    if failed:
        st.warning(tr("play.judge_failed", n=failed), icon=":material/error:")
    if not review.decisions:
        st.info(tr("play.no_decisions"), icon=":material/info:")
    else:
        left, right = st.columns(2)
        left.metric(tr("play.accuracy"), percent(tr, review.accuracy))
        right.metric(tr("play.loss"), figure(tr, review.loss_per_decision))
        show_decisions(list(review.decisions), luck=luck, links=links, table=table, rules=rules, seats=seats)
    limits = {name: figure(tr, limit) for name, limit in GRADES[:-1]}
    st.caption(tr("play.grades_help", **limits) + " " + tr("play.grades_sure"))
    st.caption(values_help(tr, rules))


def position_links(game: Game, index: int, seat: int = 0) -> dict[int, str]:
    """Every position of round ``index`` as a link for the analysis board, from the
    player's seat: ply -> the record cut before that move (empty if it cannot be made)."""
    from matches.companion import TableGame, link_at

    rnd = game.round_start(index)
    for move in game.rounds[index]:
        rnd.apply(move.action)
    try:
        table = TableGame.from_round(rnd, seat)
    except ValueError:
        return {}
    return {ply: link_at(table, ply) for ply in range(len(game.rounds[index]) + 1)}


def show_review(game: Game, index: int, review: RoundReview, key: str, failed: int = 0, *, seat: int = 0,
                labels: list[str] | None = None) -> None:
    """Round ``index``'s review of ``seat``'s choices, and its replay as that seat sat."""
    links_key = f"{key}:links"
    if links_key not in st.session_state:  # made once per round's review
        st.session_state[links_key] = position_links(game, index, seat)
    links = st.session_state[links_key]
    table = table_value(game, index, seat)  # what the round came to, beside a perfect table's
    seats = labels or seat_labels(session.tr(), game.setup.rules(), seat)
    show_graded(review, game.setup.rules(), failed, links=links, table=table, seats=seats)
    _replay(game, index, review, key, links, seat=seat, labels=labels, table=table)


def _replay(game: Game, index: int, review: RoundReview, key: str, links: dict[int, str] | None = None, *,
            seat: int = 0, labels: list[str] | None = None, table: float | None = None) -> None:
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
        # step p is the position before move p, where the slip was chosen: the next one is
        # after the step shown (the one on screen may be a slip already), then from the start
        later = [p for p in slips if p > step]
        go(later[0] if later else (slips[0] if slips else step))

    st.markdown(f"**{tr('play.replay_title')}**")
    rnd = game.round_start(index)
    for move in moves[:step]:
        rnd.apply(move.action)
    show_board(rnd, viewer=seat, key=f"{key}:board", reveal=True, interactive=False, on_nav=nav,
               labels=labels or seat_labels(tr, game.setup.rules(), seat))
    # the position before move step + 1: the number that choice's card gives (walks review P7)
    st.caption(tr("play.replay_step", n=step + 1, total=total) if step < total else tr("play.replay_end", total=total))
    judged = next((d for d in review.decisions if d.ply == step), None)
    # One row right under the board, on a phone too (see _STEPS_CSS); the arrow keys, Home
    # and End do the same.
    st.html(_STEPS_CSS)
    with st.container(horizontal=True, gap="small", key=f"{key}:buttons"):
        for name, icon, to, off in (("first", "first_page", 0, step == 0), ("prev", "chevron_left", step - 1, step == 0),
                                    ("next", "chevron_right", step + 1, step == total),
                                    ("last", "last_page", total, step == total)):
            st.button(tr(f"play.replay_{name}"), key=f"{key}:{name}", on_click=go, args=(to,), disabled=off,
                      icon=f":material/{icon}:")
        st.button(tr("play.replay_mistake"), key=f"{key}:slip", on_click=next_slip, disabled=not slips,
                  icon=":material/error:")
    if judged is not None:  # the position before one of your choices: say how it was judged
        st.markdown(tr("play.replay_choice", grade=grade_text(tr, judged),
                       yours=action_label(tr, judged.action), best=action_label(tr, judged.best),
                       loss=loss_text(tr, judged)))
        luck = luck_text(tr, judged, table)
        if luck:
            st.caption(luck)
    analyse_link(tr, (links or {}).get(step))
