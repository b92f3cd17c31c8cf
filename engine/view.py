"""The data of what one seat may see (rules C-11, A-28, A-34), and nothing that reads it.

:class:`SeatViewData` is the record a :class:`~engine.round.Round` hands a seat: its own
hand, the line, how many tiles the others and the stock hold, and the public history (a
draw shows that someone drew, not what). It sits on the engine's lowest floor, with the
tiles, actions and rules only, so that the deal model (``engine.deal_model``) can read
it and :class:`engine.knowledge.SeatView`, the class seats are actually given, can add
the facts the model proves on top of it without anything importing upward.

>>> from engine.actions import Action
>>> ends_after((6, 6), Action.parse("5-6@R")), ends_after((6, 5), Action.parse("pass"))
((6, 5), (6, 5))
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import LEAD, PLACE, Action
from .rules import Rules
from .tiles import TILES, Tile


def ends_after(ends: tuple[int, int] | None, action: Action) -> tuple[int, int] | None:
    """The open ends once ``action`` is made on ``ends`` (a draw or a pass leaves them)."""
    if action.kind == LEAD:
        return (action.tile.low, action.tile.high)
    if action.kind == PLACE and ends is not None:
        left, right = ends
        if action.end == "L":
            return (action.tile.other(left), right)
        return (left, action.tile.other(right))
    return ends


@dataclass(frozen=True)
class SeatViewData:
    seat: int
    num_players: int
    hand: tuple[Tile, ...]
    line: tuple[tuple[int, int], ...]
    ends: tuple[int, int] | None
    hand_counts: tuple[int, ...]
    stock_count: int
    sleeping_count: int
    turn: int
    leader: int
    #: (seat, action, ends before the action) for every public action of the round.
    history: tuple[tuple[int, Action, tuple[int, int] | None], ...]
    # The facts below are public too (or the viewer's own); inference needs them to
    # rebuild the deals that explain the view (engine/deal_model.py).
    rules: Rules | None = None
    round_number: int = 1
    #: the tile the rules forced the leader to lead (PT-04, KZ-05), if any
    forced_lead: Tile | None = None
    #: the viewer's own draws: (history index, the tile it drew)
    own_draws: tuple[tuple[int, Tile], ...] = ()
    #: how the round ended ("domino", "block", "target"), None while it goes on
    outcome: str | None = None
    #: a round loaded mid-way: the line, last placer and points it started from
    from_snapshot: bool = False
    start_line: tuple[tuple[int, int], ...] = ()
    start_last_placer: int = -1
    start_round_points: tuple[int, ...] = ()
    score: tuple[int, ...] = ()
    #: the lot (seat, tile drawn); public, and it says nothing about the deal (A-34)
    lot: tuple[tuple[int, Tile], ...] = ()

    def seen(self) -> set[Tile]:
        out = set(self.hand)
        for a, b in self.line:
            out.add(Tile(a, b))
        return out

    def unseen_tiles(self) -> list[Tile]:
        """Tiles this seat has not seen: in other hands, the stock or asleep."""
        seen = self.seen()
        return [t for t in TILES if t not in seen]

    def unseen_count(self, number: int) -> int:
        """How many tiles showing ``number`` this seat has not seen."""
        return sum(1 for t in self.unseen_tiles() if t.has(number))


__all__ = ["SeatViewData", "ends_after"]
