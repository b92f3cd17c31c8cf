"""What every generator shares: the draft it returns, setups, and explanation lines.

A generator plays a real round (``puzzles.play``) and returns a :class:`Draft`: the
position, the question, the explanation lines built from the engine's trace, the
difficulty factors and the themes. The pipeline then proves it (``puzzles.pipeline``).

>>> Setup("laplaza_partners", 4, ("fid",)).key
'laplaza_partners+fid:4'
>>> from engine import Round
>>> rnd = Round.from_hands(Rules.preset("block", 2), ["0-0 0-1", "1-1 2-2"])
>>> hand_line(rnd, 1)
('explain.hand', {'seat': 1, 'tiles': ['1-1', '2-2'], 'pips': 6})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from engine import Round, Rules

from ..model import Line


@dataclass(frozen=True)
class Setup:
    """A game to generate for: preset, player count and table variants."""

    preset: str
    players: int
    overlays: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return "+".join((self.preset, *self.overlays)) + f":{self.players}"

    def rules(self) -> Rules:
        return Rules.preset(self.preset, self.players, self.overlays)

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "players": self.players, "overlays": list(self.overlays)}


def setups(preset: str, players: tuple[int, ...], *overlay_sets: tuple[str, ...]) -> list[Setup]:
    """Every player count with every overlay set (the empty set when none is given)."""
    return [Setup(preset, n, tuple(o)) for o in (overlay_sets or ((),)) for n in players]


@dataclass
class Draft:
    """A candidate puzzle, before the pipeline proves and stores it."""

    rnd: Round
    kind: str
    params: dict[str, Any]
    lines: list[Line]
    themes: list[str]
    factors: dict[str, int] = field(default_factory=dict)
    viewer: int = 0
    trace: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PuzzleType:
    """One puzzle type: what it asks, the games it fits, the rules it drills."""

    name: str
    kinds: tuple[str, ...]
    setups: tuple[Setup, ...]
    drills: tuple[str, ...]       # rules.md ids
    lessons: tuple[str, ...]      # lesson ids of lessons/content/course.yaml
    cuts: tuple[float, float]     # difficulty score limits: easy < cuts[0] <= medium < cuts[1] <= hard
    build: Callable[[Rules, str, Any, float], "Draft | None"]  # (rules, deal seed, rng, plan)
    summary: str
    #: kind -> its own difficulty cuts, for types with more than one kind (their scores differ)
    kind_cuts: Mapping[str, tuple[float, float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = set(self.kind_cuts) - set(self.kinds)
        if unknown:
            raise ValueError(f"{self.name}: cuts for kinds it does not produce: {sorted(unknown)}")

    def cuts_for(self, kind: str) -> tuple[float, float]:
        """The band cuts of one question kind of this type (the type's own when it has one kind)."""
        return tuple(self.kind_cuts.get(kind, self.cuts))

    @property
    def presets(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.preset for s in self.setups))

    def players_for(self, preset: str) -> tuple[int, ...]:
        return tuple(dict.fromkeys(s.players for s in self.setups if s.preset == preset))

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "summary": self.summary, "kinds": list(self.kinds),
            "presets": list(self.presets), "setups": [s.to_dict() for s in self.setups],
            "drills": list(self.drills), "lessons": list(self.lessons), "cuts": list(self.cuts),
            "kind_cuts": {k: list(self.cuts_for(k)) for k in self.kinds},
        }


# ------------------------------------------------------------ explanation lines
def line(key: str, **params: Any) -> Line:
    return (key, params)


def hand_line(rnd: Round, seat: int) -> Line:
    tiles = [str(t) for t in rnd.hand(seat)]
    if not tiles:
        return line("explain.hand_empty", seat=seat)
    return line("explain.hand", seat=seat, tiles=tiles, pips=rnd.pips(seat))


def last_placement(rnd: Round) -> tuple[int, str]:
    """(seat, tile) of the last tile put on the table."""
    for seat, action in reversed(rnd.public_history()):
        if action.is_placement:
            return seat, str(action.tile)
    raise ValueError("no tile has been placed")


def ends_before_last(rnd: Round) -> tuple[int, int] | None:
    """The open ends before the last action (the engine undoes it on a copy)."""
    trial = rnd.copy()
    trial.undo()
    return trial.ends


#: The sentence for a void, by what showed it and whether both ends showed one number;
#: a pass where nobody ever draws has its own (see void_line).
_VOID_KEYS = {
    ("pass", False): "explain.reading.void_pass", ("pass", True): "explain.reading.void_pass_same",
    ("draw", False): "explain.reading.void_draw", ("draw", True): "explain.reading.void_draw_same",
    ("block", False): "explain.reading.void_block", ("block", True): "explain.reading.void_block_same",
}
_NO_DRAW_PASS = {False: "explain.reading.void_pass_no_draw", True: "explain.reading.void_pass_same_no_draw"}


def void_line(rules: Rules, action: str, seat: int, ends: tuple[int, int], numbers: list[int]) -> Line:
    """Why ``seat`` holds none of ``numbers``: its pass or draw on ``ends``, or the block.

    A pass in a game with drawing needs "and has kept no tile drawn since" (a drawn tile
    may show anything); where nobody ever draws (Partners, sleeping tiles) the sentence
    says the pass alone, with no draw in it.

    >>> void_line(Rules.preset("laplaza_partners"), "pass", 1, (1, 6), [1, 6])[0]
    'explain.reading.void_pass_no_draw'
    >>> void_line(Rules.preset("laplaza_1v1"), "pass", 1, (4, 4), [4])[0]
    'explain.reading.void_pass_same'
    """
    left, right = ends
    same = left == right
    key = _NO_DRAW_PASS[same] if action == "pass" and not rules.can_draw else _VOID_KEYS[action, same]
    return line(key, seat=seat, left=left, right=right, numbers=list(numbers))


def block_lines(rnd: Round) -> list[Line]:
    """Why nobody can play: a dead number, or (with sleeping tiles) nothing left that fits."""
    left, right = rnd.ends
    on_line = {tuple(sorted(pair)) for pair in rnd.line}
    if left == right and sum(1 for a, b in on_line if left in (a, b)) == 7:
        return [line("explain.block.dead", number=left)]
    sleeping = rnd.rules.stock_mode == "sleeping"
    if left == right:  # "the ends show 6 and 6" reads as two numbers
        return [line("explain.block.sleeping_same" if sleeping else "explain.block.stuck_same", number=left)]
    return [line("explain.block.sleeping" if sleeping else "explain.block.stuck", left=left, right=right)]


def is_partners(rnd: Round) -> bool:
    return rnd.rules.partnerships == "opposite"


__all__ = [
    "Draft", "PuzzleType", "Setup", "block_lines", "ends_before_last", "hand_line", "is_partners",
    "last_placement", "line", "setups", "void_line",
]
