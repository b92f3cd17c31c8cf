"""The choices that set up a table, shared by a table with friends (``/table``) and a class's
tables (the class page): the game and its players and rules, then the table's options (a
turn timer, the wait for a player who drops out, the bots' level, hints, touch-move)."""

from __future__ import annotations

import streamlit as st

from engine import overlays_for
from matches.game import PLAYABLE_LEVELS, PLAYER_COUNTS
from matches.table import TURN_CHOICES, WAIT_CHOICES, Options
from ui import session
from ui.labels import game_title

__all__ = ["choose_game", "choose_options"]


def choose_game(prefix: str) -> tuple[str, int, tuple[str, ...]]:
    """The game, its number of players and table rules, as widgets keyed by ``prefix``."""
    tr = session.tr()
    preset = st.selectbox(tr("play.game"), list(PLAYER_COUNTS), key=session.translated(f"{prefix}_game"),
                          format_func=lambda p: game_title(tr, p))
    counts = PLAYER_COUNTS[preset]
    players = counts[-1] if preset == "laplaza_partners" else counts[0]
    if len(counts) > 1:
        players = st.segmented_control(tr("play.players"), list(counts), required=True,
                                       key=f"{prefix}_players:{preset}", default=counts[0])
    chosen = st.multiselect(tr("play.rules"), overlays_for(preset), key=session.translated(f"{prefix}_rules:{preset}"),
                            format_func=lambda o: tr(f"variant.{o}"), placeholder=tr("play.rules_none"))
    return preset, int(players), tuple(chosen)


def choose_options(prefix: str) -> Options:
    """A table's options, two to a row."""
    tr = session.tr()
    left, right = st.columns(2)
    turn = left.selectbox(tr("table.turn_timer"), TURN_CHOICES, key=f"{prefix}_turn",
                          format_func=lambda s: tr("table.no_timer") if not s else tr("table.seconds", n=s))
    wait = right.selectbox(tr("table.wait"), WAIT_CHOICES, key=f"{prefix}_wait", index=2,
                           format_func=lambda s: tr("table.seconds", n=s))
    fill = left.selectbox(tr("table.fill_level"), PLAYABLE_LEVELS, key=f"{prefix}_fill", index=2,
                          format_func=lambda v: tr(f"bot.{v}.name"))
    hints = right.toggle(tr("table.allow_hints"), key=f"{prefix}_hints", value=False)
    touch = right.toggle(tr("play.touch_move"), key=f"{prefix}_touch", value=False, help=tr("play.touch_move_help"))
    return Options(bool(hints), int(turn), int(wait), str(fill), bool(touch))
