"""A tiny Streamlit page for testing the board: a round where you are seat 0.

The engine deals (Partners, ``?seed=11`` by default; ``?preset=laplaza_1v1&players=2``
for another game; ``?touch=on`` for a touch-move table), the other seats play the
engine's first legal move, and your taps on the board are applied through the engine.
The texts under the board show what Python received, for AppTest and Playwright to read. ``?interactive=0`` shows a still
board (lesson frames), which still sends the arrow keys.

    .venv/bin/streamlit run tests/e2e/board_harness.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `streamlit run` puts only this folder on the path
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from engine import Round, Rules, deal  # noqa: E402
from ui.board import ENGLISH_TEXTS, board, board_model  # noqa: E402

#: Seed 11: you lead 6-6; after the others play the ends are 3|0 and you hold 0-3 (fits
#: both ends), 0-1 (right only) and 3-3 (left only).
DEFAULT_SEED = 11
VIEWER = 0
SEATS = {2: ["You", "Opponent"], 3: ["You", "Player 2", "Player 3"], 4: ["You", "Luis", "Ana", "Marco"]}


def advance(rnd: Round) -> None:
    """Let the other seats play until you have a move to make (your forced passes too)."""
    while not rnd.is_over and (rnd.turn != VIEWER or all(a.kind == "pass" for a in rnd.legal_actions())):
        rnd.apply(rnd.canonical_actions()[0])


def new_round(seed: int) -> Round:
    rnd = deal(st.session_state.rules, seed=seed)
    advance(rnd)
    return rnd


def on_play(action: str) -> None:
    rnd: Round = st.session_state.rnd
    rnd.apply(action)
    st.session_state.played.append(action)
    advance(rnd)
    if rnd.is_over:  # keep the table busy: the next deal
        st.session_state.seed += 1
        st.session_state.rnd = new_round(st.session_state.seed)


def on_nav(step: str) -> None:
    st.session_state.navs.append(step)


if "rnd" not in st.session_state:
    players = st.query_params.get("players")
    touch = {"touch_move": "on"} if st.query_params.get("touch") == "on" else {}
    st.session_state.rules = Rules.preset(st.query_params.get("preset", "laplaza_partners"),
                                          players=int(players) if players else None, **touch)
    seed = int(st.query_params.get("seed", DEFAULT_SEED))
    st.session_state.seed = seed
    st.session_state.rnd = new_round(seed)
    st.session_state.played = []
    st.session_state.navs = []

rnd = st.session_state.rnd
interactive = st.query_params.get("interactive", "1") != "0"
model = board_model(rnd, VIEWER, seat_labels=SEATS[rnd.n], texts=ENGLISH_TEXTS, interactive=interactive)
event = board(model, key="board", on_play=on_play, on_nav=on_nav)

ends = st.session_state.rnd.ends
st.text(f"ends: {ends[0]}|{ends[1]}" if ends else "ends: none")
st.text(f"played: {' '.join(st.session_state.played) or '-'}")
st.text(f"nav: {' '.join(st.session_state.navs) or '-'}")
st.text(f"event: {event.kind} {event.value}" if event else "event: -")
