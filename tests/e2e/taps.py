"""Laying a tile on a board in the browser as a player does: tap the tile, then, when the
board offers it at both ends, the end.

The board says where a tap may lay a tile (``data-targets`` on the hand's tile: "L R" needs
a second tap on the end; one target or a lead is laid by the first tap). Under the full
suite's load a rerun can redraw the board between the two taps (the page still settling
from the move before): it then comes back without the tile picked up and the end stays
disabled. A player would tap the tile again; so does this, but only while the end is still
disabled (tapping a picked-up tile again puts it back)."""

from __future__ import annotations

from playwright.sync_api import expect


def lay_tile(board, tile: str, side: str, *, tries: int = 5, tap: bool = False) -> None:
    """Lay ``tile`` on ``board`` (a locator around one board) at ``side`` ("L" or "R";
    ignored when the board lays the tile with one tap). ``tap`` uses touch taps."""
    piece = board.locator(f'[data-tile="{tile}"][data-targets]')
    press = (lambda el: el.tap()) if tap else (lambda el: el.click())
    expect(piece).to_be_visible(timeout=30_000)
    if len((piece.get_attribute("data-targets") or "").split()) < 2:
        press(piece)
        return
    end = board.locator(f'[data-end="{side}"]')
    for attempt in range(tries):
        expect(piece).to_be_visible(timeout=30_000)
        if end.get_attribute("aria-disabled") != "false":
            press(piece)
        try:
            expect(end).to_have_attribute("aria-disabled", "false", timeout=10_000)
        except AssertionError:
            if attempt == tries - 1:
                raise
            continue
        press(end)
        return


def tap_action(board, action: str, *, tap: bool = False) -> None:
    """Make ``action`` (an engine action's text) on ``board``: a pass or a draw by its
    button, a tile by :func:`lay_tile`."""
    if action in ("draw", "pass"):
        button = board.locator(f'[data-action="{action}"]').first
        expect(button).to_be_visible(timeout=30_000)
        button.click()
        return
    lay_tile(board, action.removeprefix("lead ").split("@")[0], action[-1], tap=tap)
