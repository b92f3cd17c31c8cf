"""A table in words and on a board, for whoever looks at it: its seats' names, the log, whose
turn it is, and the live board of somebody who does not sit there (a spectator with every
hand face down, the teacher projecting it with the hands shown or hidden).

A spectator's board is drawn from no seat's view with the hands hidden: the page, the
websocket messages and the link hold no tile of any hand until the round is over (the
board's hidden-hand drawing drops the tiles' names as well as their faces).
"""

from __future__ import annotations

import streamlit as st

from language import capitalised, in_sentence, word
from matches.table import PERSON, Table, TableError
from matches.table_store import TableStore
from progress import ProgressError
from ui import session
from ui.labels import event_text, result_summary, seat_sentence, side_label
from ui.parts.board_frame import show_board
from ui.parts.live.watch import watch
from ui.parts.tables.feed import PATH as FEED_PATH
from ui.parts.tables.sync import load

__all__ = ["NOBODY", "error_text", "log_lines", "names_for", "score_line", "spectate", "table_store", "turn_line"]

#: The viewer of somebody who does not sit at the table: no seat is "you".
NOBODY = -1


def table_store() -> TableStore | None:
    """The tables of this app's database; None when it does not save (tables need it)."""
    try:
        return TableStore(session.store())
    except ValueError:
        return None


def error_text(error: TableError) -> str:
    tr = session.tr()
    params = {k: session.plain(v) for k, v in error.params.items()}
    return tr(f"table.error.{error.code}", **params)


def names_for(table: Table, viewer: int | None, *, markdown: bool = True) -> list[str]:
    """Each seat as this viewer reads it: "You" for their own seat (never a bot's default
    name such as "Ana (you)"), a person's own name, or "Bot 3" (by its seat: a bot must
    never share a name with a person at the table); ``viewer`` None (or :data:`NOBODY`) for
    somebody not seated.

    ``markdown``: the names escaped for what renders Markdown (``st.markdown``, captions,
    notices), so no name makes a link, an image or formatting. False: exactly as typed, for
    what shows text as it is (the board's SVG, a table's cells, the screen reader's words),
    where an escape would be shown ("\\+1\\+1")."""
    tr = session.tr()
    out = []
    for i, seat in enumerate(table.seats):
        if i == viewer:
            out.append(word(tr.lang, "names.you"))
        elif seat.kind == PERSON:
            out.append(session.plain(seat.name) if markdown else seat.name)
        else:
            out.append(tr("table.bot_name", n=i + 1))
    return out


def log_lines(table: Table, index: int, names: list[str], viewer: int) -> list[str]:
    """Round ``index``'s moves as events, with why a move was made for its player."""
    tr = session.tr()
    lines = []
    for ply, move in enumerate(table.game.rounds[index]):
        text = event_text(tr, move.seat, move.action, names, viewer)
        why = table.note(index, ply)
        if why is not None:
            text += " " + tr(f"table.note_{why}")
        lines.append(text)
    return lines


def turn_line(table: Table, names: list[str], viewer: int) -> str:
    tr = session.tr()
    rnd = table.game.round
    if rnd.turn == viewer:
        text = tr("play.your_turn")
    else:
        text = capitalised(tr("play.waiting", seat=in_sentence(tr.lang, names[rnd.turn])))
    if rnd.turn in table.away:
        text += " " + seat_sentence(tr, "table.away_now", rnd.turn, names, viewer)
    return text


def score_line(table: Table, names: list[str], viewer: int = NOBODY) -> str:
    """The match so far: each side's total, and the round being played."""
    tr = session.tr()
    game = table.game
    rules = game.setup.rules()
    totals = " · ".join(f"{side_label(tr, rules, s.side, viewer, names)}: {s.total}" for s in game.match.standings())
    return f"{tr('class_tables.round_n', n=len(game.rounds))} · {totals}"


def spectate(store: TableStore, code: str, *, shown: bool = False, present: bool = False, gap: float = 0.0) -> None:
    """The table live, for somebody who does not sit there: every hand face down unless
    ``shown`` (the teacher's choice), redrawn when the table moves."""
    tr = session.tr()

    @st.fragment
    def live() -> None:
        try:
            table, version = load(store, code)
        except (TableError, ProgressError) as error:
            st.error(error_text(error) if isinstance(error, TableError) else session.error_message(error))
            watch(code, "unavailable", what="all", key=f"table_spectate_watch:{code}", path=FEED_PATH, gap=gap)
            return  # and look again within seconds
        watch(code, str(version), what="all", key=f"table_spectate_watch:{code}", path=FEED_PATH, gap=gap)
        names = names_for(table, None)  # for Markdown; the board shows them as typed
        if table.game is None:
            st.info(tr("class_tables.not_dealt"), icon=":material/hourglass_empty:")
            st.markdown(" · ".join(names))
            return
        game = table.game
        rnd = game.round
        board_col, side_col = st.columns([3, 2], gap="large")
        with board_col:
            show_board(rnd, viewer=0, key=f"table_spectate:{code}:{len(game.rounds)}", reveal=shown or rnd.is_over,
                       interactive=False, hint_legal=False, labels=names_for(table, None, markdown=False),
                       present=present, hide_hand=not (shown or rnd.is_over), spectator=True)
        with side_col:
            if table.state == "over":
                st.markdown(f"**{tr('play.match_over')}**")
            elif rnd.is_over:
                for line in result_summary(tr, game.setup.rules(), rnd.result, NOBODY, names=names):
                    st.markdown(f"- {line}")
            else:
                st.markdown(f"**{turn_line(table, names, NOBODY)}**")
            lines = log_lines(table, len(game.rounds) - 1, names, NOBODY)
            st.markdown("\n".join(f"- {line}" for line in reversed(lines[-10:])) or tr("class_tables.no_moves"))

    live()
