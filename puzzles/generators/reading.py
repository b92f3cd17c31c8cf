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
from .common import Draft, PuzzleType, line, setups, void_line

NAME = "reading"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("cannot_hold", "unseen_count")
VIEWER = 0


def _events(view, seat: int) -> list:
    """The passes and draws of ``seat`` as the viewer saw them, with the ends they faced:
    the draws of one turn (one after another, nobody else moving) count as one event."""
    out: list[list] = []
    previous = None
    for actor, action, ends in view.history:
        if actor == seat and action.kind in ("pass", "draw") and ends is not None:
            same_turn = previous is not None and previous[0] == seat and previous[1].kind == "draw"
            if action.kind == "draw" and same_turn and out and out[-1][0] == "draw" and out[-1][1] == ends:
                out[-1][2] += 1
            else:
                out.append([action.kind, ends, 1])
        previous = (actor, action)
    return [tuple(e) for e in out]


def _reason_lines(view, seat: int, answer: list[int]) -> tuple[list, list[str], int]:
    """One sentence per fact that rules a number out (SeatView.cannot_hold_reasons), the
    themes they touch and how many steps of reasoning they take."""
    reasons = view.cannot_hold_reasons(seat)
    voids: dict[tuple, list[int]] = {}
    seen_all: list[int] = []
    lines, themes, steps = [], [], 0
    for number in answer:
        code, params = reasons[number]
        if code == "void":
            voids.setdefault((params["action"], tuple(params["ends"])), []).append(number)
        elif code == "all_seen":
            seen_all.append(number)
    for (action, (left, right)), numbers in voids.items():
        lines.append(void_line(view.rules, action, seat, (left, right), numbers))
        themes.append("draw_reveals" if action == "draw" else "pass_reveals")
        steps += 1
    if seen_all:
        lines.append(line("explain.reading.all_seen", numbers=seen_all))
        themes.append("counting")
        steps += 1
    for number in answer:
        code, params = reasons[number]
        if code != "elimination":
            continue
        lines.append(line("explain.reading.elimination", seat=seat, number=number, tiles=params["tiles"]))
        for tile in params["tiles"]:
            why = params["why"][tile]
            if why["code"] == "void":
                lines.append(line("explain.reading.because_void", seat=seat, tile=tile, other=why["number"]))
            elif why["code"] == "lead":
                lines.append(line("explain.reading.because_lead", seat=seat, tile=tile))
            else:
                lines.append(line("explain.reading.because_counting", seat=seat, tile=tile))
        themes.append("counting")
        steps += 1 + len(params["tiles"])
    return lines, themes, steps


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
    answer = sorted(known[seat])
    lines, reason_themes, steps = _reason_lines(view, seat, answer)
    themes = ["reading", *dict.fromkeys(reason_themes)]
    # numbers an older pass or draw ruled out, given back by tiles drawn since
    shown = {n for kind, ends_faced, _count in _events(view, seat) for n in ends_faced}
    cancelled = sorted(shown - set(answer))
    if cancelled:
        lines.append(line("explain.reading.cancelled", seat=seat, numbers=cancelled))
        themes.append("draw_cancels")
    lines.append(line("explain.reading.result", seat=seat, numbers=answer))
    factors = {"choices": 7, "terms": 0, "total": 0, "steps": steps + bool(cancelled)}
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
    steps = 1
    if any(a == b == number for a, b in on_line) or f"{number}-{number}" in in_hand:
        themes.append("double_counts_once")
        steps += 1  # the double shows the number twice and is one tile
    # total: the 7 tiles of the number, and every tile of the line to scan for it
    factors = {"terms": 2 + len(in_hand) + len(placed), "total": 7 + len(view.line), "steps": steps}
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
    kinds=KINDS,
    setups=tuple(
        setups("laplaza_partners", (4,)) + setups("laplaza_1v1", (2,)) + setups("draw", (3,))
        + setups("block", (3, 4)) + setups("kozel", (3, 4))
    ),
    drills=("C-11", "A-28", "A-34"),
    lessons=("partners-passing", "1v1-passing-blocking", "kozel-bazaar"),
    # Band cuts: the tertiles (quality.calibrate) of each kind's scores over seeds 40000-42999
    # (3000 puzzles, about 1,100-1,800 of each kind: python -m puzzles report --calibrate
    # --per-type 3000 --seed 40000), measured 2026-12-01 (cannot_hold again once its explanation
    # came from SeatView.cannot_hold_reasons); a puzzle's band uses its kind's cuts.
    # ``cuts``: the same over all the type's scores.
    cuts=(4.6, 5.4),
    kind_cuts={"cannot_hold": (4.4, 4.6), "unseen_count": (5.0, 6.0)},
    build=build,
    summary="read the table from one seat: what a player cannot hold, how many tiles of a number are unseen",
)
