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
>>> sorted(v.cannot_hold()[2])      # the pass on 6|5, and the only unseen 0 is 0-6
[0, 5, 6]
>>> v.cannot_hold_reasons(2)[0]
('elimination', {'number': 0, 'tiles': ['0-6'], 'why': {'0-6': {'code': 'void', 'number': 6}}})
>>> v.unseen_count(6), v.hand_counts
(5, (6, 6, 7, 7))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import inference
from .actions import DRAW_ID, LEAD, PLACE, Action
from .rules import Rules
from .tiles import TILES, Tile, tiles_in

if TYPE_CHECKING:  # pragma: no cover
    from .round import Round


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
    # The facts below are public too (or the viewer's own); inference needs them to
    # rebuild the deals that explain the view (engine/inference.py).
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
            ends = ends_after(ends, action)
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
            rules=rnd.rules,
            round_number=rnd.round_number,
            forced_lead=TILES[rnd.forced_lead] if rnd.forced_lead >= 0 else None,
            own_draws=tuple((i, TILES[drawn]) for i, (actor, aid, drawn) in enumerate(rnd.history)
                            if actor == seat and aid == DRAW_ID),
            outcome=rnd.result.kind if rnd.result is not None else None,
            from_snapshot=rnd.from_snapshot,
            start_line=tuple(start.line),
            start_last_placer=start.last_placer,
            start_round_points=tuple(start.round_points),
            score=tuple(rnd.score),
            lot=tuple((s, TILES[t]) for s, t in sorted(rnd.lot.items())),
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
        """For every other seat, every number it provably does not hold now.

        Exact: a number is listed iff the seat holds no tile showing it in any deal
        consistent with this view (engine/inference.py). That uses every public fact:
        tile counting, every seat's passes and draws (a drawn tile that was not placed
        at once did not fit the ends at that player's later draws and passes), hand and
        stock sizes, the forced 6-6 and Kozel priority leads, and that a round which goes
        on was not blocked. Raises PositionError when no deal explains the view.
        """
        return inference.impossible_numbers(self)

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
        return inference.reasons(self, seat)

    def possible_tiles(self, seat: int) -> list[Tile]:
        """Unseen tiles ``seat`` holds in at least one consistent deal (its own hand for
        the viewer)."""
        if seat == self.seat:
            return list(self.hand)
        return inference.possible_tiles(self, seat)

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
