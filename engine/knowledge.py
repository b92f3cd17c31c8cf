"""What one seat knows, and the facts that follow from it (rules C-11, A-28, A-34).

A :class:`SeatView` holds only what the seat may see: its own hand, the line, how
many tiles the others and the stock hold, and the public history (a draw shows that
someone drew, not what). Inference, hints and "read the table" puzzles are built on it,
never on the full deal.

>>> from engine import Round, Rules
>>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
...     "5-6 1-1 1-2 1-3 1-6 1-5 0-6", "2-2 2-3 2-4 3-3 3-4 4-4 1-4", "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
>>> for a in ["lead 6-6", "5-6@R", "pass"]:
...     r.apply(a)
>>> v = r.view(0)
>>> sorted(v.cannot_hold()[2])
[5, 6]
>>> v.unseen_count(6), v.hand_counts
(5, (6, 6, 7, 7))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import DRAW, LEAD, PASS, PLACE, Action
from .tiles import TILES, Tile, tiles_in

if TYPE_CHECKING:  # pragma: no cover
    from .round import Round


def _ends_after(ends: tuple[int, int] | None, action: Action) -> tuple[int, int] | None:
    if action.kind == LEAD:
        return (action.tile.low, action.tile.high)
    if action.kind == PLACE and ends is not None:
        left, right = ends
        if action.end == "L":
            return (action.tile.other(left), right)
        return (left, action.tile.other(right))
    return ends


@dataclass(frozen=True)
class SeatView:
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

    @staticmethod
    def of(rnd: "Round", seat: int) -> "SeatView":
        # Walk back to the start of the known history to learn the ends it began from.
        start = rnd.copy()
        for _ in range(len(rnd.history)):
            start.undo()
        ends = start.ends
        steps = []
        for actor, action in rnd.public_history():
            steps.append((actor, action, ends))
            ends = _ends_after(ends, action)
        return SeatView(
            seat=seat,
            num_players=rnd.n,
            hand=tuple(rnd.hand(seat)),
            line=tuple(rnd.line),
            ends=rnd.ends,
            hand_counts=tuple(bin(h).count("1") for h in rnd.hands),
            stock_count=len(rnd.stock_ids),
            sleeping_count=bin(rnd.sleeping).count("1"),
            turn=rnd.turn,
            leader=rnd.leader,
            history=tuple(steps),
        )

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

    def cannot_hold(self) -> dict[int, frozenset[int]]:
        """For every other seat, the numbers it is known not to hold now.

        A pass, or a draw, shows the player held neither end number. A drawn tile
        that was not played lacks both end numbers too, but it may hold any other
        number, so it cancels what older passes proved about the rest.
        """
        voids: dict[int, set[int]] = {s: set() for s in range(self.num_players) if s != self.seat}
        pending_draw: dict[int, bool] = {s: False for s in voids}
        for actor, action, ends in self.history:
            if actor == self.seat:
                continue
            if pending_draw[actor] and action.kind in (DRAW, PASS) and ends is not None:
                voids[actor] &= set(ends)
            pending_draw[actor] = False
            if action.kind in (DRAW, PASS) and ends is not None:
                voids[actor] |= set(ends)
                pending_draw[actor] = action.kind == DRAW
        return {s: frozenset(v) for s, v in voids.items()}

    def possible_tiles(self, seat: int) -> list[Tile]:
        """Unseen tiles ``seat`` could still hold, given what it cannot hold."""
        if seat == self.seat:
            return list(self.hand)
        voids = self.cannot_hold()[seat]
        return [t for t in self.unseen_tiles() if t.low not in voids and t.high not in voids]

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


__all__ = ["SeatView", "tiles_in"]
