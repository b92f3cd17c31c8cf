"""Themes: what the better move does that the move played does not, in the strategy lessons' terms.

:func:`themes_of` compares two moves from one seat's view (``best``, the better one, and
``played``) with facts computed from the position only: the open ends after each move
(:func:`engine.knowledge.ends_after`), the numbers the other seats provably lack
(:meth:`engine.SeatView.cannot_hold`: passes, draws and counting), how many tiles of a
number are still out, the numbers the partner has shown, what a play scores in All Fives,
the pips each move sheds, and whether a move goes out or blocks the round. It never
reads text. Each theme is one of :data:`THEMES`; ``lessons.themes.lesson_for`` names the
lesson that teaches it. :func:`theme_facts` gives the same themes with the figures a
sentence quotes ("this opens 5s, which Luis showed he lacks").

The rules, in the order the tags are given (most telling first; at most
:data:`MAX_TAGS`):

* ``go_out``: the better move empties the hand, or leaves only tiles that fit the ends it
  leaves while the move played does not;
* ``block_count``: the better move blocks the round (both ends one number, all seven of it
  down) and the move played does not;
* ``kill_double``: after the better move no end shows ``n``, the double ``n-n`` is still
  out (an opponent may hold it) and every other tile of ``n`` is down or in the hand: the
  double can never be laid; after the move played an end still shows ``n``;
* ``score_fives`` (All Fives): the better move scores more;
* ``goat_penalty`` (Goat): the better move sheds at least :data:`HEAVIER` more pips;
* ``play_double``: the better move lays a double the move played keeps, while its number
  shows on an end;
* ``block_void``: the better move leaves more ends that the next opponent provably lacks
  (the one who plays next; any opponent when it is a tie);
* ``partner_number`` (Partners): the better move leaves more ends the partner can follow
  (a number the partner has shown by laying it, that the partner does not provably lack),
  or, as many of those, fewer ends of numbers the partner provably lacks;
* ``keep_variety``: the better move leaves more ends the hand can still follow;
* ``control``: the better move leaves an end of a number the hand owns (two tiles of it
  or more in the hand, more than are still out), and the move played leaves none;
* ``shed_weight``: the better move sheds at least :data:`HEAVIER` more pips near the end
  of a round nobody can draw in any more (the stock is empty or there is none, and some
  hand holds at most :data:`NEAR_END` tiles: the round ends by a domino or a block, and the
  pips in hand count); not in Goat, where it is ``goat_penalty``, nor in All Fives, whose
  count is the in-play points, nor beside ``block_count``;
* ``other``: no rule applies.

When the move played blocks the round itself, the themes about the ends it leaves
(``block_void``, ``partner_number``, ``keep_variety``, ``control``) are not given: nobody
plays on those ends any more.

``values`` (each action's expected points, as the review and the solver give them) only
guards the comparison: when they say ``best`` is not better than ``played``, nothing tells
them apart and the answer is ``("other",)``.

>>> from engine import Round, Rules
>>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
...     "5-6 1-1 1-2 1-3 1-6 1-5 0-6", "2-2 2-3 2-4 3-3 3-4 4-4 1-4", "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
>>> for a in ["lead 6-6", "5-6@R", "pass", "2-6@L"]:
...     r.apply(a)
>>> themes_of(r.view(0), played="0-2@L", best="0-5@R")   # 0-2 leaves 0|5: Ana passed on 5 and lacks 0
('partner_number',)
"""

from __future__ import annotations

from typing import Any, Mapping

from engine import Action, SeatView
from engine.knowledge import ends_after
from engine.scoring import fives_points
from engine.tiles import TILES, Tile

THEMES: tuple[str, ...] = ("go_out", "block_count", "kill_double", "score_fives", "goat_penalty", "play_double",
                           "block_void", "partner_number", "keep_variety", "control", "shed_weight", "other")
#: A move sheds "more weight" when it lays at least this many pips more.
HEAVIER = 3
#: At most this many themes for one comparison (the most telling first).
MAX_TAGS = 3
#: The round is near its end when some hand holds at most this many tiles.
NEAR_END = 2

Fact = tuple[str, dict[str, Any]]


def themes_of(view: SeatView, played: str, best: str, values: Mapping[str, float] | None = None) -> tuple[str, ...]:
    """What ``best`` does that ``played`` does not, from ``view`` (the seat to move): one
    theme code or more from :data:`THEMES`, ``("other",)`` when no rule applies."""
    return tuple(code for code, _ in theme_facts(view, played, best, values))


def theme_facts(view: SeatView, played: str, best: str, values: Mapping[str, float] | None = None) -> tuple[Fact, ...]:
    """:func:`themes_of` with the figures behind each theme (JSON-able params), for a
    sentence: ``("block_void", {"seat": 1, "number": 5})`` and so on (docs/themes.md)."""
    yours, top = Action.parse(played), Action.parse(best)
    if yours is top or not top.is_placement or _no_better(view, played, best, values):
        return (("other", {}),)
    pair = _Pair(view, yours, top)
    facts = [fact for rule in _RULES if (fact := rule(pair)) is not None]
    if _blocked(pair, "played") is not None:  # nobody plays on the ends after a block
        facts = [f for f in facts if f[0] not in _ENDS_THEMES]
    if any(code == "block_count" for code, _ in facts):  # the block says what the pips do
        facts = [f for f in facts if f[0] != "shed_weight"]
    return tuple(facts[:MAX_TAGS]) or (("other", {}),)


def _no_better(view: SeatView, played: str, best: str, values: Mapping[str, float] | None) -> bool:
    if not values:
        return False
    mine = _value(view, values, played)
    top = _value(view, values, best)
    return mine is not None and top is not None and top <= mine


def _value(view: SeatView, values: Mapping[str, float], action: str) -> float | None:
    for key in (action, action.replace("@R", "@L"), action.replace("@L", "@R")):
        if key in values:
            return float(values[key])
    return None


class _Pair:
    """The two moves from one view, and what each leaves."""

    def __init__(self, view: SeatView, played: Action, best: Action) -> None:
        self.view, self.played, self.best = view, played, best
        self.rules = view.rules
        self.after = {"played": ends_after(view.ends, played), "best": ends_after(view.ends, best)}
        self.hand = {"played": _without(view.hand, played), "best": _without(view.hand, best)}

    def ends(self, which: str) -> tuple[int, ...]:
        return tuple(self.after[which] or ())

    def game(self) -> str:
        return self.rules.preset_name if self.rules is not None else ""

    def partners(self) -> bool:
        return self.rules is not None and self.rules.partnerships == "opposite" and self.view.num_players == 4

    def side(self, seat: int) -> int:
        return self.rules.side_of(seat) if self.rules is not None else seat

    def opponents(self) -> list[int]:
        """The other side's seats, in the order they play after the viewer."""
        me = self.side(self.view.seat)
        return [s for s in _after(self.view) if self.side(s) != me]

    def pips(self, which: str) -> int:
        move = self.played if which == "played" else self.best
        return move.tile.pips if move.is_placement else 0


def _without(hand: tuple[Tile, ...], action: Action) -> tuple[Tile, ...]:
    return tuple(t for t in hand if not (action.is_placement and t == action.tile))


def _after(view: SeatView) -> list[int]:
    n = view.num_players
    return [(view.seat + k) % n for k in range(1, n)]


def _new(top: list[int], mine: list[int]) -> int:
    """The number to name: one the better move leaves and the move played does not."""
    return next((n for n in top if n not in mine), top[0])


def _fits(tile: Tile, ends: tuple[int, ...]) -> bool:
    return any(tile.has(n) for n in ends)


# ------------------------------------------------------------------ the rules
def _go_out(p: _Pair) -> Fact | None:
    def out(which: str) -> bool:
        left, ends = p.hand[which], p.ends(which)
        return not left or (len(left) == 1 and _fits(left[0], ends))

    if out("best") and not out("played"):
        return ("go_out", {"now": not p.hand["best"]})
    return None


def _blocked(p: _Pair, which: str) -> int | None:
    ends = p.ends(which)
    if len(ends) != 2 or ends[0] != ends[1] or not p.hand[which]:
        return None
    number = ends[0]
    down = {Tile(a, b) for a, b in p.view.line}
    move = p.played if which == "played" else p.best
    if move.is_placement:
        down.add(move.tile)
    return number if sum(1 for t in TILES if t.has(number) and t in down) == 7 else None


def _block_count(p: _Pair) -> Fact | None:
    number = _blocked(p, "best")
    if number is not None and _blocked(p, "played") is None:
        return ("block_count", {"number": number})
    return None


def _dead_double(p: _Pair, which: str) -> Tile | None:
    """A double that can never be laid once the move is made: its number shows on no end,
    it is still out, an opponent may hold it, and every other tile of it is down or ours."""
    ends = p.ends(which)
    if not ends:
        return None
    move = p.played if which == "played" else p.best
    down = {Tile(a, b) for a, b in p.view.line} | {move.tile} | set(p.view.hand)
    before = set(p.view.ends or ())
    for number in sorted(before):
        double = Tile(number, number)
        if number in ends or double in down:
            continue
        if any(t not in down for t in TILES if t.has(number) and t != double):
            continue
        if any(double in p.view.possible_tiles(s) for s in p.opponents()):
            return double
    return None


def _kill_double(p: _Pair) -> Fact | None:
    double = _dead_double(p, "best")
    if double is not None and _dead_double(p, "played") != double:
        return ("kill_double", {"tile": str(double), "number": double.low})
    return None


def _fives(p: _Pair, which: str) -> int:
    move = p.played if which == "played" else p.best
    ends = p.after[which]
    if not move.is_placement or ends is None:
        return 0
    line = list(p.view.line)
    if move.kind == "lead" or not line:
        line = [(move.tile.low, move.tile.high)]
    elif move.end == "L":
        line = [(move.tile.other(p.view.ends[0]), p.view.ends[0])] + line
    else:
        line = line + [(p.view.ends[1], move.tile.other(p.view.ends[1]))]
    return fives_points(line, ends[0], ends[1], p.rules.flags.both_halves)


def _score_fives(p: _Pair) -> Fact | None:
    if p.rules is None or not p.rules.flags.fives:
        return None
    mine, top = _fives(p, "played"), _fives(p, "best")
    if top > mine:
        return ("score_fives", {"points": top, "yours": mine})
    return None


def _goat_penalty(p: _Pair) -> Fact | None:
    if p.game() != "kozel":
        return None
    if p.pips("best") - p.pips("played") >= HEAVIER:
        return ("goat_penalty", {"tile": str(p.best.tile), "pips": p.pips("best"), "yours": p.pips("played")})
    return None


def _play_double(p: _Pair) -> Fact | None:
    tile = p.best.tile
    if not tile.is_double or (p.played.is_placement and p.played.tile == tile):
        return None
    return ("play_double", {"tile": str(tile), "number": tile.low, "out": p.view.unseen_count(tile.low)})


def _voids(p: _Pair, seat: int, ends: tuple[int, ...]) -> list[int]:
    lacks = p.view.cannot_hold().get(seat, frozenset())
    return [n for n in ends if n in lacks]


def _block_void(p: _Pair) -> Fact | None:
    opponents = p.opponents()
    if not opponents:
        return None
    for group in ([opponents[0]], opponents):
        top = {s: _voids(p, s, p.ends("best")) for s in group}
        mine = sum(len(_voids(p, s, p.ends("played"))) for s in group)
        if sum(len(v) for v in top.values()) > mine:
            seat = next(s for s in group if top[s])
            return ("block_void", {"seat": seat, "number": _new(top[seat], _voids(p, seat, p.ends("played")))})
        if sum(len(v) for v in top.values()) < mine:
            return None
    return None


def _partner_shown(p: _Pair, partner: int) -> set[int]:
    shown: set[int] = set()
    for seat, action, ends in p.view.history:
        if seat != partner or not action.is_placement:
            continue
        after = ends_after(ends, action) or ()
        if action.kind == "lead":
            shown.update(after)
        elif action.end == "L":
            shown.add(after[0])
        else:
            shown.add(after[1])
    return shown


def _partner_number(p: _Pair) -> Fact | None:
    if not p.partners():
        return None
    partner = (p.view.seat + 2) % 4
    lacks = p.view.cannot_hold().get(partner, frozenset())
    shown = _partner_shown(p, partner) - set(lacks)

    def follows(which: str) -> list[int]:
        return [n for n in p.ends(which) if n in shown]

    top, mine = follows("best"), follows("played")
    if len(top) > len(mine):
        return ("partner_number", {"seat": partner, "number": _new(top, mine)})
    if len(top) < len(mine):
        return None
    # or it shuts the partner out of fewer ends: numbers the partner provably lacks
    shut = {which: [n for n in p.ends(which) if n in lacks] for which in ("best", "played")}
    if len(shut["best"]) < len(shut["played"]):
        return ("partner_number", {"seat": partner, "lacks": shut["played"][0]})
    return None


def _followable(p: _Pair, which: str) -> list[int]:
    return [n for n in p.ends(which) if any(t.has(n) for t in p.hand[which])]


def _keep_variety(p: _Pair) -> Fact | None:
    top, mine = _followable(p, "best"), _followable(p, "played")
    if len(top) > len(mine) and p.hand["best"]:
        return ("keep_variety", {"number": _new(top, mine)})
    return None


def _owned(p: _Pair, which: str) -> list[int]:
    out = []
    for n in sorted(set(p.ends(which))):
        held = sum(1 for t in p.hand[which] if t.has(n))
        if held >= 2 and held > p.view.unseen_count(n):
            out.append(n)
    return out


def _control(p: _Pair) -> Fact | None:
    top = _owned(p, "best")
    if top and not _owned(p, "played"):
        n = top[0]
        return ("control", {"number": n, "held": sum(1 for t in p.hand["best"] if t.has(n)),
                            "out": p.view.unseen_count(n)})
    return None


def _shed_weight(p: _Pair) -> Fact | None:
    if p.game() == "kozel" or (p.rules is not None and p.rules.flags.fives) or p.view.stock_count > 0:
        return None
    if min(p.view.hand_counts) > NEAR_END:  # the round is not near its end yet
        return None
    if p.pips("best") - p.pips("played") >= HEAVIER:
        return ("shed_weight", {"tile": str(p.best.tile), "pips": p.pips("best"), "yours": p.pips("played")})
    return None


#: themes about what the ends leave, moot when the move played blocks the round
_ENDS_THEMES = ("block_void", "partner_number", "keep_variety", "control")

_RULES = (_go_out, _block_count, _kill_double, _score_fives, _goat_penalty, _play_double, _block_void,
          _partner_number, _keep_variety, _control, _shed_weight)

__all__ = ["HEAVIER", "MAX_TAGS", "NEAR_END", "THEMES", "theme_facts", "themes_of"]
