"""Small helpers shared by the engine tests: build positions the way rules.md writes them."""

from __future__ import annotations

from typing import Any, Iterable

from engine import TILES, Round, Rules, Tile, position_from_dict


def rules(preset: str, players: int | None = None, *overlays: str, **options: Any) -> Rules:
    return Rules.preset(preset, players, overlays, **options)


def play(rnd: Round, *actions: str) -> Round:
    """Apply actions written in the notation (``"lead 6-6"``, ``"3-5@L"``, ``"draw"``)."""
    for action in actions:
        rnd.apply(action)
    return rnd


def legal(rnd: Round) -> list[str]:
    return [str(a) for a in rnd.legal_actions()]


def tiles(text: str) -> list[str]:
    return text.split()


def snapshot(rule_set: Rules, hands: Iterable[str], line: str, turn: int, stock: str = "",
             **extra: Any) -> Round:
    """A mid-round position without history: hands and the line as it lies, left to right.

    A diagram of one rule, so it loads with ``reachable=False``: the turns that would lead
    to it do not matter to the rule under test (the loader's reachability proof has its
    own tests in test_hardening.py)."""
    data: dict[str, Any] = {
        "rules": rule_set.to_dict(),
        "hands": [tiles(h) for h in hands],
        "line": tiles(line),
        "stock": tiles(stock),
        "turn": turn,
    }
    data.update(extra)
    return position_from_dict(data, reachable=False)


def fresh(rule_set: Rules, hands: Iterable[str], stock: str = "", leader: int | None = None,
          round_number: int = 1) -> Round:
    """A round before its lead, from readable hands and the stock top first."""
    return Round.from_hands(rule_set, list(hands), tiles(stock), leader=leader, round_number=round_number)


def rest(*used: str) -> list[str]:
    """The tiles of the set not named in ``used`` (each a space-separated list), in set order."""
    taken = {str(Tile.parse(t)) for group in used for t in group.split()}
    return [str(t) for t in TILES if str(t) not in taken]


def deal_rest(*used: str, sizes: Iterable[int]) -> list[str]:
    """Hands of the given sizes filled, in set order, with the tiles not in ``used``."""
    left = rest(*used)
    hands = []
    for size in sizes:
        hands.append(" ".join(left[:size]))
        left = left[size:]
    assert not left, f"{len(left)} tiles left over"
    return hands
