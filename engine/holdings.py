"""Who may hold each hidden tile, exactly: the probabilities, the numbers a seat cannot
hold, and one true reason for each (rules C-11, C-13, A-28, KZ-05).

Every answer is a count over the consistent deals of ``engine.deal_model``, so
``SeatView.cannot_hold()`` is the same model as ``holder_probabilities``, not a second
set of rules.

>>> from engine import Round, Rules
>>> r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
...     "5-6 1-1 1-2 1-3 1-6 1-5 0-6", "2-2 2-3 2-4 3-3 3-4 4-4 1-4", "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
>>> for a in ["lead 6-6", "5-6@R", "pass"]:
...     r.apply(a)
>>> holder_probabilities(r.view(0))[Tile(5, 5)]   # seat 2 passed on 6|5: seats 1 and 3 share it, 6 : 7
{1: Fraction(6, 13), 3: Fraction(7, 13)}
"""

from __future__ import annotations

from fractions import Fraction

from .deal_model import Holder, model
from .errors import PositionError
from .evidence import lead_facts, seat_events, void_numbers
from .tiles import TILES, Tile
from .view import SeatViewData


def _holder_masses(view: SeatViewData) -> tuple[int, dict[int, dict[Holder, int]]]:
    m = model(view)
    total = m.total()
    out: dict[int, dict[Holder, int]] = {}
    unseen = {t.id for t in view.unseen_tiles()}
    for t, row in m.masses().items():
        if t not in unseen:
            continue
        got = out.setdefault(t, {})
        for c, mass in row.items():
            if mass:
                holder = m.classes[c][0]
                got[holder] = got.get(holder, 0) + mass
    for b in m.bins:  # tiles known to lie in one place (a forced lead before it is led)
        for t in b.forced:
            if t in unseen:
                out[t] = {b.holder: total}
    return total, out


def holder_probabilities(view: SeatViewData) -> dict[Tile, dict[Holder, Fraction]]:
    """For every tile the viewer has not seen: who holds it now, with the exact
    probability under the uniform prior over the consistent deals. Holders are seats,
    ``"stock"`` and ``"sleeping"``; holders with probability 0 are left out."""
    total, masses = _holder_masses(view)
    if total == 0:
        raise PositionError("bad_position", detail="no deal is consistent with this view")
    return {TILES[t]: {h: Fraction(m, total) for h, m in sorted(row.items(), key=lambda kv: str(kv[0])) if m}
            for t, row in sorted(masses.items())}


def impossible_numbers(view: SeatViewData) -> dict[int, frozenset[int]]:
    """Seat -> the numbers it holds in no consistent deal (what ``SeatView.cannot_hold`` returns)."""
    total, masses = _holder_masses(view)
    if total == 0:
        raise PositionError("bad_position", detail="no deal is consistent with this view")
    out = {}
    for seat in range(view.num_players):
        if seat == view.seat:
            continue
        possible = set()
        for t, row in masses.items():
            if row.get(seat):
                possible.update((TILES[t].low, TILES[t].high))
        out[seat] = frozenset(set(range(7)) - possible)
    return out


def possible_tiles(view: SeatViewData, seat: int) -> list[Tile]:
    """The unseen tiles ``seat`` holds in at least one consistent deal."""
    _, masses = _holder_masses(view)
    return [TILES[t] for t, row in sorted(masses.items()) if row.get(seat)]


def reasons(view: SeatViewData, seat: int) -> dict[int, tuple[str, dict]]:
    """See ``SeatView.cannot_hold_reasons``."""
    impossible = impossible_numbers(view)[seat]
    voids = void_numbers(view, seat)
    unseen = view.unseen_tiles()
    forced_lead, not_dealt = lead_facts(view)
    ev = seat_events(view)[seat]
    out: dict[int, tuple[str, dict]] = {}
    for n in sorted(impossible):
        showing = [t for t in unseen if t.has(n)]
        if not showing:
            out[n] = ("all_seen", {"number": n})
        elif n in voids:
            kind, ends = voids[n]
            out[n] = ("void", {"number": n, "action": kind, "ends": [ends[0], ends[1]]})
        else:
            why = {}
            for t in showing:
                other = t.other(n)
                if other != n and other in voids:
                    why[str(t)] = {"code": "void", "number": other}
                elif not_dealt >> t.id & 1 and not ev.free_draws:
                    why[str(t)] = {"code": "lead", "led": str(TILES[forced_lead]) if forced_lead >= 0 else None}
                else:
                    why[str(t)] = {"code": "counting"}
            out[n] = ("elimination", {"number": n, "tiles": [str(t) for t in showing], "why": why})
    return out


__all__ = ["holder_probabilities", "impossible_numbers", "possible_tiles", "reasons"]
