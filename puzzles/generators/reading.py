"""``reading``: read the table from one seat's view only (``rnd.view(seat)``).

Which numbers can a player not hold after these passes and draws (rules.md C-11, A-28)?
How many tiles of a number have you not seen yet? Both answers come from the engine's
:class:`~engine.SeatView` of the viewer (seat 0), never from the hidden hands. Kept
when the answer is more than the ends now on the table, or when counting needs both
your hand and the line.

>>> from puzzles import generate
>>> p = generate(NAME, 2, game="kozel", players=4)
>>> p.viewer, p.question.params["viewer"]
(0, 0)
"""

from __future__ import annotations

from engine import Round, Rules

from ..play import deal_round, walk
from .common import Draft, PuzzleType, line, setups

NAME = "reading"
VIEWER = 0


def _events(view, seat: int) -> list:
    """The passes and draws of ``seat`` as the viewer saw them, with the ends they faced."""
    out = []
    for actor, action, ends in view.history:
        if actor == seat and action.kind in ("pass", "draw") and ends is not None:
            if action.kind == "draw" and out and out[-1][0] == "draw" and out[-1][1] == ends:
                out[-1] = ("draw", ends, out[-1][2] + 1)
            else:
                out.append((action.kind, ends, 1))
    return out


def _cannot_hold_draft(rnd: Round, view, rng) -> Draft | None:
    known = view.cannot_hold()
    seats = [s for s, numbers in sorted(known.items()) if numbers]
    if not seats:
        return None
    ends = set(rnd.ends or ())
    good = [s for s in seats if set(known[s]) != ends or len(_events(view, s)) >= 2]
    if not good:
        return None
    seat = good[int(rng.random() * len(good))]
    events = _events(view, seat)
    lines = []
    themes = ["reading"]
    seen: set[int] = set()
    for kind, (left, right), count in events:
        seen |= {left, right}
        if kind == "pass":
            lines.append(line("explain.reading.passed", seat=seat, left=left, right=right))
            themes.append("pass_reveals")
        else:
            lines.append(line("explain.reading.drew", seat=seat, left=left, right=right, count=count))
            themes.append("draw_reveals")
    answer = sorted(known[seat])
    cancelled = sorted(seen - set(answer))
    if cancelled:
        lines.append(line("explain.reading.cancelled", seat=seat, numbers=cancelled))
        themes.append("draw_cancels")
    lines.append(line("explain.reading.result", seat=seat, numbers=answer))
    factors = {"choices": 7, "terms": 0, "total": 0, "steps": len(events) + bool(cancelled)}
    return Draft(rnd.copy(), "cannot_hold", {"seat": seat, "viewer": VIEWER}, lines, themes, factors, viewer=VIEWER)


def _unseen_draft(rnd: Round, view, rng) -> Draft | None:
    on_line = {tuple(sorted(pair)) for pair in view.line}
    numbers = []
    for n in range(7):
        in_hand = [t for t in view.hand if t.has(n)]
        placed = [p for p in on_line if n in p]
        if in_hand and placed and view.unseen_count(n) >= 1:
            numbers.append(n)
    if not numbers:
        return None
    number = numbers[int(rng.random() * len(numbers))]
    in_hand = [str(t) for t in view.hand if t.has(number)]
    placed = [f"{a}-{b}" for a, b in sorted(on_line) if number in (a, b)]
    unseen = view.unseen_count(number)
    lines = [
        line("explain.reading.suit", number=number),
        line("explain.reading.in_hand", number=number, count=len(in_hand), tiles=in_hand),
        line("explain.reading.on_line", number=number, count=len(placed), tiles=placed),
        line("explain.reading.unseen", hand=len(in_hand), placed=len(placed), total=unseen),
    ]
    themes = ["reading", "counting"]
    if any(a == b == number for a, b in on_line) or f"{number}-{number}" in in_hand:
        themes.append("double_counts_once")
    factors = {"terms": 2 + len(in_hand) + len(placed), "total": 7, "steps": 1}
    return Draft(rnd.copy(), "unseen_count", {"number": number, "viewer": VIEWER}, lines, themes, factors,
                 viewer=VIEWER)


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    rnd = deal_round(rules, seed)
    counting = plan < 0.4
    stop = rng.randint(3, 20)
    for i, state in enumerate(walk(rnd, rng)):
        if i < stop or state.turn != VIEWER or state.ends is None:
            continue
        view = state.view(VIEWER)
        draft = _unseen_draft(state, view, rng) if counting else _cannot_hold_draft(state, view, rng)
        if draft is not None or (counting and i > stop + 12):
            return draft
    return None


SPEC = PuzzleType(
    name=NAME,
    kinds=("cannot_hold", "unseen_count"),
    setups=tuple(
        setups("laplaza_partners", (4,)) + setups("laplaza_1v1", (2,)) + setups("draw", (3,))
        + setups("block", (3, 4)) + setups("kozel", (3, 4))
    ),
    drills=("C-11", "A-28", "A-34"),
    lessons=("partners-passing", "1v1-passing-blocking", "kozel-bazaar"),
    cuts=(4.0, 4.9),
    build=build,
    summary="read the table from one seat: what a player cannot hold, how many tiles of a number are unseen",
)
