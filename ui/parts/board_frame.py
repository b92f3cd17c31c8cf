"""Mount the board for a round, in the reader's language, and route its events."""

from __future__ import annotations

from typing import Callable, Sequence

from engine import Round
from strategy.evaluate import mirrored  # reads ends, line and rules: a Round has them as a view does

from .. import session
from ..board import board, board_model
from ..labels import board_texts, seat_labels
from .worksheet import without_pip_totals


def show_board(
    rnd: Round,
    *,
    viewer: int,
    key: str,
    reveal: bool = False,
    interactive: bool = True,
    hint_legal: bool = True,
    on_play: Callable[[str], None] | None = None,
    on_nav: Callable[[str], None] | None = None,
    labels: Sequence[str] | None = None,
    present: bool = False,
    one_end_for_twins: bool = False,
    hide_hand: bool = False,
    selected: str | None = None,
    hide_pips: bool = False,
    spectator: bool = False,
) -> None:
    """Draw ``rnd`` as ``viewer`` sees it; taps and arrow keys reach the callbacks.

    ``labels`` names the seats (default: you, Luis, Ana, Marco / player 2 ...). ``present``
    draws it for a projector (see :func:`ui.board.board`): the wide layout and labels that
    read from the back of the room. ``one_end_for_twins``: with equal ends a tile is offered
    on the left end only, since both ends give the same move (a game; a puzzle may ask
    which end). ``hide_hand``: the viewer's hand face down too (a spectator's board).
    ``selected``: a hand tile drawn as picked up. ``hide_pips``: no pip total beside the
    hands of a finished round (a puzzle whose question is that count). ``spectator``: nobody
    looking sits at the bottom (a table's spectator, its projector), so its turn is told by
    the seat's name ("Ana to play"), never "Your turn".
    """
    tr = session.tr()
    labels = labels or seat_labels(tr, rnd.rules, viewer)
    texts = board_texts(tr)
    if spectator:
        texts["your_turn"] = texts["turn_of"].replace("{name}", labels[viewer])
    model = board_model(
        rnd, viewer, seat_labels=labels, texts=texts,
        reveal=reveal, interactive=interactive, hint_legal=hint_legal, selected=selected,
    )
    if hide_pips:
        without_pip_totals(model)
    if one_end_for_twins and model.get("legal") and mirrored(rnd):
        one_end(model["legal"])
    # Only a board that steps frames listens to the arrow keys: with two boards on a page
    # (a lesson and its task) one key press must not reach both.
    board(model, key=key, on_play=on_play, on_nav=on_nav, nav=on_nav is not None, present=present,
          hide_hand=hide_hand)


def one_end(legal: dict) -> None:
    """With equal ends a tile laid on either is the same move: offer the left one only, so a
    tap plays it at once instead of asking "Choose an end"."""
    tiles = legal.get("tiles") or {}
    for tile, targets in tiles.items():
        if "L" in targets and "R" in targets:
            tiles[tile] = ["L"]
