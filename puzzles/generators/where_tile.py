"""``where_tile``: who most likely holds a tile you have not seen?

From seat 0's view only: every deal that fits what seat 0 has seen is equally likely,
and ``engine.inference.holder_probabilities`` gives each holder's exact chance (a
``Fraction``). The choices are every other seat and, where there is one, the stock. A
puzzle is kept only when the answer is clearly the most likely (at least
:data:`RATIO` times the runner-up, or the only possible holder) and when reading the
table matters: some holder is ruled out for the tile, or the answer is not the biggest
pile of hidden tiles (a player going by pile sizes alone gets it wrong); and a fact on the
table explains the odds (a holder ruled out by its passes and draws, or a seat that could
not play on the tile and has drawn since), never the counting alone.

>>> from puzzles import generate
>>> p = generate(NAME, 1, game="laplaza_partners")
>>> p.question.kind, p.viewer, p.answer in p.options
('where_tile', 0, True)
"""

from __future__ import annotations

from fractions import Fraction

from engine import Round, Rules, Tile
from engine.inference import holder_probabilities, seat_events

from ..play import deal_round, walk
from .common import Draft, PuzzleType, line, setups, void_line

NAME = "where_tile"
#: The question kinds this generator can produce, declared statically (``puzzles.kinds_of_type``).
KINDS: tuple[str, ...] = ("where_tile",)
VIEWER = 0
#: The answer is at least this many times as likely as the runner-up.
RATIO = Fraction(3, 2)
#: Plans below this ask about a tile only one holder can have (a certainty), the others
#: about a tile that is only likely somewhere.
CERTAIN_PLAN = 0.3
#: Plans from this value up want an answer that is not the biggest pile of hidden tiles.
SMALL_PILE_PLAN = 0.65
#: Candidate deals of a seed that must give the holder its plan names.
STRICT = 40


def piles(view, rules: Rules) -> dict:
    """How many hidden tiles each holder has: other hands, and the stock."""
    out = {s: view.hand_counts[s] for s in range(view.num_players) if s != view.seat}
    if rules.stock_mode == "draw":
        out["stock"] = view.stock_count
    return out


def biggest_piles(view, rules: Rules) -> set:
    sizes = piles(view, rules)
    top = max(sizes.values())
    return {h for h, n in sizes.items() if n == top}


def ranked(odds: dict) -> list:
    return sorted(odds, key=lambda h: (-odds[h], str(h)))


def is_clear(odds: dict) -> bool:
    order = ranked(odds)
    return len(order) == 1 or odds[order[0]] >= RATIO * odds[order[1]]


def is_trivial(view, rules: Rules, tile: Tile, odds: dict) -> bool:
    """Pile sizes alone give it: the answer is the one biggest pile, and nobody is ruled out."""
    answer = ranked(odds)[0]
    big = biggest_piles(view, rules)
    everyone = set(piles(view, rules)) - {h for h, n in piles(view, rules).items() if n == 0}
    return big == {answer} and set(odds) == everyone


def _void_of(view, seat: int, tile: Tile) -> tuple | None:
    """(seat, action, ends, number): the pass or draw that shows ``seat`` lacks a number of
    ``tile``, as :func:`_why_out` names it; None when counting rules the tile out."""
    reasons = view.cannot_hold_reasons(seat)
    for number in dict.fromkeys((tile.low, tile.high)):
        if number in reasons and reasons[number][0] == "void":
            params = reasons[number][1]
            return seat, params["action"], tuple(params["ends"]), number
    return None


def _why_out(view, seat: int, tile: Tile) -> list:
    """Why ``seat`` cannot hold ``tile``: a number of it the seat is void in, or counting."""
    reasons = view.cannot_hold_reasons(seat)
    for number in dict.fromkeys((tile.low, tile.high)):
        if number in reasons and reasons[number][0] == "void":
            params = reasons[number][1]
            return [void_line(view.rules, params["action"], seat, tuple(params["ends"]), [number]),
                    "pass_reveals" if params["action"] == "pass" else "draw_reveals"]
    return [line("explain.where.ruled_out", seat=seat, tile=str(tile)), "counting"]


def _kept_since(view, seat: int, tile: Tile, events) -> tuple | None:
    """``tile`` is in ``seat``'s hand by counting: at some pass or draw of the seat, at
    least ``m`` of the tiles it holds now were already in its hand (it has drawn fewer
    than the rest since), so they show none of the numbers it could not play on then or
    later; when exactly ``m`` unseen tiles show none of them, that hand holds them all."""
    ev = events[seat]
    unseen = view.unseen_tiles()
    for i, _fits, _kind, _ends in ev.voids:
        kept = view.hand_counts[seat] - sum(1 for d in ev.free_draws if d >= i)
        numbers = sorted({n for j, _f, _k, ends in ev.voids if j >= i for n in ends})
        fitting = [t for t in unseen if t.low not in numbers and t.high not in numbers]
        if kept > 0 and len(fitting) == kept and tile in fitting:
            if kept == 1:
                return line("explain.where.kept_since_one", seat=seat, numbers=numbers, tile=str(tile))
            return line("explain.where.kept_since", seat=seat, numbers=numbers, count=kept, tile=str(tile),
                        tiles=[str(t) for t in fitting])
    return None


def _why_not_stock(view, tile: Tile, all_odds: dict, events) -> list | None:
    """Why ``tile`` cannot be in the stock, as lines, or None when no short reason shows it:
    the tiles nobody else can hold fill the stock (with why they cannot be elsewhere), or
    a hand holds it by counting (:func:`_kept_since`)."""
    only_stock = [t for t, odds in all_odds.items() if {h for h, p in odds.items() if p} == {"stock"}]
    if only_stock and len(only_stock) == view.stock_count and tile not in only_stock:
        said, voids = [], {}  # one pass or draw is said once, with every number it rules out
        for other in only_stock:
            for seat in range(view.num_players):
                if seat != view.seat and view.hand_counts[seat]:
                    void = _void_of(view, seat, other)
                    if void is None:
                        said.append((None, _why_out(view, seat, other)[0]))
                        continue
                    if void[:3] not in voids:
                        said.append((void[:3], None))
                    numbers = voids.setdefault(void[:3], [])
                    if void[3] not in numbers:
                        numbers.append(void[3])
        lines = [void_line(view.rules, event[1], event[0], event[2], sorted(voids[event])) if event else l
                 for event, l in said]
        key = "explain.where.stock_full_one" if len(only_stock) == 1 else "explain.where.stock_full"
        lines.append(line(key, tile=str(tile), tiles=[str(t) for t in only_stock], count=len(only_stock)))
        return [l for i, l in enumerate(lines) if l not in lines[:i]]  # one line per void, once
    holders = [h for h, p in all_odds[tile].items() if p and h != "stock"]
    for seat in holders:
        found = _kept_since(view, seat, tile, events)
        if found is not None:
            return [found]
    return None


def _later_draw_lines(view, tile: Tile, odds: dict, events=None) -> list:
    """A seat that could not play when the tile would have fitted, and has drawn since: the
    tile can only have come into its hand with one of those draws (fewer chances there)."""
    out = []
    for seat, ev in sorted((events or seat_events(view)).items()):
        if seat not in odds:
            continue
        covering = [(i, ends) for i, fits, _kind, ends in ev.voids if fits >> tile.id & 1]
        if not covering:
            continue
        i, (left, right) = covering[-1]
        count = sum(1 for d in ev.free_draws if d >= i)
        key = {(False, False): "explain.where.later_draw", (True, False): "explain.where.later_draw_same",
               (False, True): "explain.where.later_draw_one",
               (True, True): "explain.where.later_draw_same_one"}[left == right, count == 1]
        out.append(line(key, seat=seat, left=left, right=right, tile=str(tile), count=count))
    return out


def _draft(rnd: Round, view, tile: Tile, odds: dict, not_stock: list | None) -> Draft:
    rules = rnd.rules
    sizes = piles(view, rules)
    lines = [line("explain.where.method"), line("explain.where.unseen", count=len(view.unseen_tiles()))]
    for holder, count in sizes.items():
        if holder == "stock":
            key = "explain.where.pile_stock_one" if count == 1 else "explain.where.pile_stock"
            lines.append(line(key, count=count))
        else:
            lines.append(line("explain.where.pile_one" if count == 1 else "explain.where.pile", seat=holder,
                              count=count))
    themes = ["reading", "odds"]
    steps = 1
    for holder in sizes:
        if holder in odds or sizes[holder] == 0:
            continue
        if holder == "stock":
            lines += [l for l in not_stock if l not in lines]  # a void already said is not said twice
            themes.append("counting")
        else:
            sentence, theme = _why_out(view, holder, tile)
            lines.append(sentence)
            themes.append(theme)
        steps += 1
    later = _later_draw_lines(view, tile, odds)
    if later:
        lines += later
        themes.append("draw_reveals")
        steps += len(later)
    order = ranked(odds)
    for holder in order:
        p = odds[holder]
        params = {"fraction": f"{p.numerator}/{p.denominator}", "percent": round(100 * p)}
        if holder == "stock":
            lines.append(line("explain.where.odds_stock", **params))
        else:
            lines.append(line("explain.where.odds", seat=holder, **params))
    answer = order[0]
    result: dict = {"tile": str(tile)}
    if answer != "stock":
        result["seat"] = answer
    if len(order) == 1:
        key = "explain.where.certain_stock" if answer == "stock" else "explain.where.certain"
    else:
        key = "explain.where.likely_stock" if answer == "stock" else "explain.where.likely"
        result["ratio"] = float(odds[answer] / odds[order[1]])  # a figure: worded by explain.number
    lines.append(line(key, **result))
    big = biggest_piles(view, rules)
    if answer not in big:
        themes.append("small_pile")
        steps += 1
    top = odds[answer]
    factors = {"choices": len(sizes), "terms": len(odds), "total": round(100 * (1 - top)) + 10 * len(odds),
               "steps": steps}
    return Draft(rnd.copy(), "where_tile", {"tile": str(tile), "viewer": VIEWER}, lines, themes, factors,
                 viewer=VIEWER, trace={"odds": {str(h): str(p) for h, p in odds.items()}})


def _pick(rnd: Round, view, rng, plan: float, wanted: float | None) -> Draft | None:
    """A tile to ask about here. With ``wanted`` (a number in [0, 1)) only one whose answer is
    that holder (``wanted`` of the way along the holders), so the answers spread over them;
    among those, the kind the plan asks for when there is one (a certainty or not, an
    answer that is not the biggest pile)."""
    rules = rnd.rules
    holders = list(piles(view, rules))
    sizes = piles(view, rules)
    events = seat_events(view)
    all_odds = holder_probabilities(view)
    pool = []
    for tile, odds in all_odds.items():
        odds = {h: p for h, p in odds.items() if p}
        if "sleeping" in odds or not is_clear(odds) or is_trivial(view, rules, tile, odds):
            continue
        if wanted is not None and ranked(odds)[0] != holders[int(wanted * len(holders))]:
            continue
        # fair: a fact on the table explains the odds (a holder ruled out, or a seat that
        # could not play on the tile and has drawn since), not the counting alone
        ruled_out = any(n and h not in odds for h, n in sizes.items())
        if not ruled_out and not _later_draw_lines(view, tile, odds, events):
            continue
        # a stock that cannot hold the tile is said with its reason, or the tile is not asked
        not_stock = None
        if sizes.get("stock") and "stock" not in odds:
            not_stock = _why_not_stock(view, tile, all_odds, events)
            if not_stock is None:
                continue
        pool.append((tile, odds, not_stock))
    if not pool:
        return None
    preferred = [c for c in pool if (len(c[1]) == 1) == (plan < CERTAIN_PLAN)]
    if plan >= SMALL_PILE_PLAN:
        preferred = [c for c in preferred if ranked(c[1])[0] not in biggest_piles(view, rules)]
    pool = preferred or pool
    tile, odds, not_stock = pool[int(rng.random() * len(pool))]
    return _draft(rnd, view, tile, odds, not_stock)


def build(rules: Rules, seed: str, rng, plan: float) -> Draft | None:
    rnd = deal_round(rules, seed)
    stop = rng.randint(4, 16)
    # The holder to ask about, fixed by the seed's plan (like the kind of tile), so the answers
    # spread over the holders; a seed whose first STRICT candidate deals give no such tile
    # takes any holder after that.
    candidate = int(seed.rsplit(".", 1)[-1]) if "." in seed else 0
    wanted = plan * 7.31 % 1 if candidate < STRICT else None
    for i, state in enumerate(walk(rnd, rng)):
        if i < stop or state.ends is None or state.turn != VIEWER:
            continue
        draft = _pick(state, state.view(VIEWER), rng, plan, wanted)
        if draft is not None or i > stop + 10:
            return draft
    return None


SPEC = PuzzleType(
    name=NAME,
    kinds=KINDS,
    setups=tuple(setups("laplaza_partners", (4,)) + setups("laplaza_1v1", (2,)) + setups("draw", (2, 3))
                 + setups("all_fives", (2, 3))),
    drills=("C-11", "A-28", "A-34"),
    lessons=("partners-passing", "1v1-draw-pile", "1v1-passing-blocking"),
    # Band cuts: the tertiles (quality.calibrate) of the scores over seeds 0-999, measured 2026-12-01.
    cuts=(4.1, 4.8),
    build=build,
    summary="who most likely holds a tile you have not seen, with the exact odds",
)
