"""What the public record proves about the other seats (rules C-09..C-11, C-13, A-28, KZ-05).

The history says, for each other seat, when it provably held nothing that fitted (its
passes, its draws unless drawing is voluntary, the end of a blocked round), what it drew
and what it placed; the lead rule may say what the leader was dealt or what nobody was.
These are the facts the deal model (``engine.deal_model``) turns into allowed places for
the tiles, and the ones ``SeatView.cannot_hold_reasons`` quotes.

>>> from engine import Round, Rules
>>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
...     "5-6 1-1 1-2 1-3 1-6 1-5 0-6", "2-2 2-3 2-4 3-3 3-4 4-4 1-4", "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
>>> for a in ["lead 6-6", "5-6@R", "pass"]:
...     r.apply(a)
>>> void_numbers(r.view(0), 2)
{5: ('pass', (6, 5)), 6: ('pass', (6, 5))}
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import DRAW, LEAD, PASS, PLACE
from .tiles import SUIT_MASK, TILES, kozel_priority_key, tile_id
from .view import SeatViewData


def fits_mask(ends: tuple[int, int]) -> int:
    """The mask of the tiles that fit ``ends`` (show either number)."""
    return SUIT_MASK[ends[0]] | SUIT_MASK[ends[1]]


@dataclass
class Events:
    """What the public history says about one other seat.

    ``voids`` lists the moments the seat provably held no tile fitting ``ends``:
    (history index, fitting mask, "pass" | "draw" | "block", ends). A draw is one
    unless drawing is voluntary; "block" is the end of a blocked round (C-13).
    """

    voids: list[tuple[int, int, str, tuple[int, int]]] = field(default_factory=list)
    draws: list[int] = field(default_factory=list)         # history indices of its draws
    placed: list[tuple[int, int]] = field(default_factory=list)  # (history index, tile id)
    free_draws: list[int] = field(default_factory=list)    # draws not placed at once


def lead_facts(view: SeatViewData) -> tuple[int, int]:
    """What the lead rule proves: (the tile the leader was dealt or -1, the tiles no hand
    was dealt). The 1v1 lot proves nothing: its tiles go back and are reshuffled (A-10, A-34)."""
    rules = view.rules
    if rules is None or view.from_snapshot or view.start_line:
        return -1, 0  # the history does not start at the deal
    forced = view.forced_lead.id if view.forced_lead is not None else -1
    if view.round_number <= 1:
        mode = rules.first_lead
    elif forced >= 0 and "kozel_priority" in (rules.next_lead_after_domino, rules.next_lead_after_block,
                                              rules.next_lead_after_block_tie):
        mode = "kozel_priority"
    else:
        mode = "free"
    if mode == "kozel_priority" and forced >= 0:
        # KZ-05: the leader led the best tile of all the hands, so nobody was dealt a better one.
        key = kozel_priority_key(TILES[forced])
        return forced, sum(1 << t.id for t in TILES if kozel_priority_key(t) > key)
    if mode == "holder_66_forced" and forced < 0:
        return -1, 1 << tile_id(6, 6)  # the lot decided: 6-6 was dealt to nobody (A-09 overlay)
    return forced, 0


def seat_events(view: SeatViewData) -> dict[int, Events]:
    """The public facts about every other seat, read off the history once."""
    rules = view.rules
    voluntary = bool(rules is not None and rules.voluntary_draw)
    out = {s: Events() for s in range(view.num_players) if s != view.seat}
    history = view.history
    for i, (seat, action, ends) in enumerate(history):
        if seat == view.seat:
            continue
        ev = out[seat]
        if action.kind == PASS or (action.kind == DRAW and not voluntary):
            ev.voids.append((i, fits_mask(ends), action.kind, ends))
        if action.kind == DRAW:
            ev.draws.append(i)
            nxt = history[i + 1] if i + 1 < len(history) else None
            # C-10: a drawn tile that fits is placed at once, and it is the only one that
            # fits, so the placement right after a draw shows the drawn tile.
            if voluntary or nxt is None or nxt[0] != seat or nxt[1].kind != PLACE:
                ev.free_draws.append(i)
        elif action.kind in (LEAD, PLACE):
            ev.placed.append((i, action.tile.id))
    if view.outcome == "block" and view.ends is not None:
        for ev in out.values():  # nobody could place at the end of a blocked round
            ev.voids.append((len(history), fits_mask(view.ends), "block", view.ends))
    return out


def forbidden_between(ev: Events, after: int, before: int) -> int:
    """Tiles the seat could not hold at its void moments strictly between two indices."""
    mask = 0
    for i, fits, _, _ in ev.voids:
        if after < i < before:
            mask |= fits
    return mask


def void_numbers(view: SeatViewData, seat: int) -> dict[int, tuple[str, tuple[int, int]]]:
    """The numbers ``seat`` is void in by its own record: number -> (action, ends) of the
    last pass, draw or block that faced it, when the seat has drawn nothing since that
    stayed in its hand (a tile drawn and placed at once leaves again)."""
    ev = seat_events(view)[seat]
    last: dict[int, tuple[int, str, tuple[int, int]]] = {}
    for i, _, kind, ends in ev.voids:
        for number in set(ends):
            last[number] = (i, kind, ends)
    # A draw at the void moment itself or later may have brought the number back.
    return {n: (kind, ends) for n, (i, kind, ends) in sorted(last.items())
            if not any(d >= i for d in ev.free_draws)}


__all__ = ["Events", "fits_mask", "forbidden_between", "lead_facts", "seat_events", "void_numbers"]
