"""Actions: lead, place on an end, draw, pass.

Each action is a singleton value with a text form and a small integer id (86 in all),
so the search code can work with ints and the rest with readable values.

>>> a = Action.parse("3-5@L")
>>> a.kind, str(a.tile), a.end, str(a)
('place', '3-5', 'L', '3-5@L')
>>> Action.parse("lead 6-6") is Action.lead(Tile(6, 6))
True
>>> [str(Action.parse(t)) for t in ("draw", "PASS", "5-3@r")]
['draw', 'pass', '3-5@R']
"""

from __future__ import annotations

from .errors import NotationError
from .tiles import NUM_TILES, TILES, Tile

LEAD, PLACE, DRAW, PASS = "lead", "place", "draw", "pass"
LEFT, RIGHT = "L", "R"

# Action ids: lead t = t, t@L = 28 + t, t@R = 56 + t, draw = 84, pass = 85.
LEAD_BASE = 0
LEFT_BASE = NUM_TILES
RIGHT_BASE = 2 * NUM_TILES
DRAW_ID = 3 * NUM_TILES
PASS_ID = DRAW_ID + 1
NUM_ACTIONS = PASS_ID + 1


class Action:
    """One move. Compare with ``is`` or ``==``; both work since actions are unique."""

    __slots__ = ("kind", "tile", "end", "id")

    kind: str
    tile: Tile | None
    end: str | None
    id: int

    @classmethod
    def _make(cls, kind: str, tile: Tile | None, end: str | None, action_id: int) -> "Action":
        action = object.__new__(cls)
        object.__setattr__(action, "kind", kind)
        object.__setattr__(action, "tile", tile)
        object.__setattr__(action, "end", end)
        object.__setattr__(action, "id", action_id)
        return action

    def __setattr__(self, name, value):
        raise AttributeError("Action is immutable")

    def __reduce__(self):
        return (Action.from_id, (self.id,))

    @staticmethod
    def from_id(action_id: int) -> "Action":
        return ACTIONS[action_id]

    @staticmethod
    def lead(tile: Tile) -> "Action":
        return ACTIONS[LEAD_BASE + tile.id]

    @staticmethod
    def place(tile: Tile, end: str) -> "Action":
        if end not in (LEFT, RIGHT):
            raise NotationError("bad_action", text=f"{tile}@{end}")
        return ACTIONS[(LEFT_BASE if end == LEFT else RIGHT_BASE) + tile.id]

    @staticmethod
    def parse(text: str) -> "Action":
        """Read ``lead 6-6``, ``3-5@L``, ``3-5@R``, ``draw`` or ``pass`` (any case)."""
        raw = str(text).strip()
        low = raw.lower()
        if low == DRAW:
            return ACTIONS[DRAW_ID]
        if low == PASS:
            return ACTIONS[PASS_ID]
        try:
            if low.startswith("lead"):
                return Action.lead(Tile.parse(raw[4:]))
            if "@" in raw:
                tile_text, end = raw.split("@", 1)
                return Action.place(Tile.parse(tile_text), end.strip().upper())
        except NotationError:
            pass
        raise NotationError("bad_action", text=raw)

    @property
    def is_placement(self) -> bool:
        """Lead or place: an action that puts a tile on the table."""
        return self.tile is not None

    def __str__(self) -> str:
        if self.kind == LEAD:
            return f"lead {self.tile}"
        if self.kind == PLACE:
            return f"{self.tile}@{self.end}"
        return self.kind

    def __repr__(self) -> str:
        return f"Action.parse('{self}')"

    def __hash__(self) -> int:
        return self.id

    def __lt__(self, other: "Action") -> bool:
        return self.id < other.id


ACTIONS: list[Action] = (
    [Action._make(LEAD, t, None, LEAD_BASE + t.id) for t in TILES]
    + [Action._make(PLACE, t, LEFT, LEFT_BASE + t.id) for t in TILES]
    + [Action._make(PLACE, t, RIGHT, RIGHT_BASE + t.id) for t in TILES]
    + [Action._make(DRAW, None, None, DRAW_ID), Action._make(PASS, None, None, PASS_ID)]
)
DRAW_ACTION = ACTIONS[DRAW_ID]
PASS_ACTION = ACTIONS[PASS_ID]
