"""What one seat knows, and the facts that follow from it (rules C-11, A-28, A-34).

A :class:`SeatView` holds only what the seat may see: its own hand, the line, how
many tiles the others and the stock hold, and the public history (a draw shows that
someone drew, not what); ``Round.view(seat)`` makes one. Inference, hints and "read the
table" puzzles are built on it, never on the full deal.

Its fields are :class:`engine.view.SeatViewData`, which the deal model reads; this
class adds what the model proves (``engine.holdings``), one floor above it.

>>> from engine import Round, Rules
>>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
...     "5-6 1-1 1-2 1-3 1-6 1-5 0-6", "2-2 2-3 2-4 3-3 3-4 4-4 1-4", "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
>>> for a in ["lead 6-6", "5-6@R", "pass"]:
...     r.apply(a)
>>> v = r.view(0)
>>> sorted(v.cannot_hold()[2])      # the pass on 6|5, and the only unseen 0 is 0-6
[0, 5, 6]
>>> v.cannot_hold_reasons(2)[0]
('elimination', {'number': 0, 'tiles': ['0-6'], 'why': {'0-6': {'code': 'void', 'number': 6}}})
>>> v.unseen_count(6), v.hand_counts
(5, (6, 6, 7, 7))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import holdings
from .tiles import Tile, tiles_in
from .view import SeatViewData, ends_after


@dataclass(frozen=True)
class SeatView(SeatViewData):
    """What one seat knows (the fields of :class:`~engine.view.SeatViewData`), and the
    exact facts about the other hands that follow from it."""

    def cannot_hold(self) -> dict[int, frozenset[int]]:
        """For every other seat, every number it provably does not hold now.

        Exact: a number is listed iff the seat holds no tile showing it in any deal
        consistent with this view (engine/holdings.py). That uses every public fact:
        tile counting, every seat's passes and draws (a drawn tile that was not placed
        at once did not fit the ends at that player's later draws and passes), hand and
        stock sizes, the forced 6-6 and Kozel priority leads, and that a round which goes
        on was not blocked. Raises PositionError when no deal explains the view.
        """
        return holdings.impossible_numbers(self)

    def cannot_hold_reasons(self, seat: int) -> dict[int, tuple[str, dict]]:
        """Why ``seat`` cannot hold each number of ``cannot_hold()[seat]``: one reason each.

        Codes (params are JSON-able):

        * ``("all_seen", {"number": n})``: every tile showing n is in the viewer's hand
          or on the line.
        * ``("void", {"number": n, "action": "pass" | "draw" | "block", "ends": [l, r]})``:
          the seat's last pass or draw facing n (or the block that ended the round), and
          everything it drew since was placed at once, so it holds no n.
        * ``("elimination", {"number": n, "tiles": [...], "why": {tile: {...}}})``: each
          unseen tile showing n is ruled out for the seat; per tile ``{"code": "void",
          "number": m}`` (its other number m is void for the seat, as above),
          ``{"code": "lead", "led": "5-5"}`` (Kozel's priority lead of 5-5 shows nobody
          was dealt it, and the seat kept nothing it drew; ``"led": None`` when a lot
          decided the lead because nobody was dealt 6-6), or ``{"code": "counting"}`` (it
          must lie elsewhere: the other seats' voids, hand and stock sizes leave no room).
        """
        return holdings.reasons(self, seat)

    def possible_tiles(self, seat: int) -> list[Tile]:
        """Unseen tiles ``seat`` holds in at least one consistent deal (its own hand for
        the viewer)."""
        if seat == self.seat:
            return list(self.hand)
        return holdings.possible_tiles(self, seat)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hand": [str(t) for t in self.hand],
            "line": [f"{a}-{b}" for a, b in self.line],
            "ends": list(self.ends) if self.ends else None,
            "hand_counts": list(self.hand_counts),
            "stock_count": self.stock_count,
            "turn": self.turn,
            "history": [{"seat": s, "action": str(a)} for s, a, _ in self.history],
            "cannot_hold": {str(s): sorted(v) for s, v in self.cannot_hold().items()},
            "unseen": [str(t) for t in self.unseen_tiles()],
        }


__all__ = ["SeatView", "ends_after", "tiles_in"]
