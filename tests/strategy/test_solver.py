"""The solver's values equal a plain brute-force minimax (written here, on engine.Round)
on thousands of small random positions of every preset, and the ``dominoes`` package's
``dominoes.search.alphabeta`` on random Partners positions."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from engine import Rules, deal_from
from strategy.solver import engine_solve, solve, solve_maxn, unit_utilities

from .test_core import _all_rules, _ids


def brute(rnd, root):
    """Plain minimax (paranoid with more than two units), no pruning, no table."""
    if rnd.result is not None:
        u = unit_utilities(rnd)
        k = len(u)
        return Fraction((k - 1) * u[root] - sum(x for i, x in enumerate(u) if i != root), k - 1)
    f = rnd._flags
    me = f.side[rnd.turn] if f.race else rnd.turn
    values = []
    for aid in rnd.legal_action_ids():
        rnd.apply_id(aid)
        values.append(brute(rnd, root))
        rnd.undo()
    return max(values) if me == root else min(values)


def small_position(rules, rng, left):
    """A random round played on at random until at most ``left`` tiles are in hands and stock."""
    while True:
        rnd = deal_from(rules, rng)
        while rnd.result is None and sum(bin(h).count("1") for h in rnd.hands) + len(rnd._stock) > left:
            legal = rnd.legal_action_ids()
            rnd.apply_id(legal[rng.randrange(len(legal))])
        if rnd.result is None:
            return rnd


RULES = list(_all_rules()) + [Rules.preset("draw", 2).with_options(voluntary_draw=True),
                              Rules.preset("laplaza_1v1", overlays=["dead_board_call"])]


@pytest.mark.parametrize("rules", RULES, ids=_ids)
def test_values_equal_brute_force_minimax(rules):
    rng = random.Random(f"brute:{_ids(rules)}")
    k = rules.flags.units
    for i in range(100):
        rnd = small_position(rules, rng, 6 + i % 4 if rules.num_players < 4 else 8 + i % 4)
        sol = solve(rnd)
        root = rules.flags.side[rnd.turn] if rules.flags.race else rnd.turn
        expected = []
        for aid in rnd.legal_action_ids():
            rnd.apply_id(aid)
            expected.append(brute(rnd, root))
            rnd.undo()
        assert [a.id for a in sol.actions] == rnd.legal_action_ids()
        assert [Fraction(v) for v in sol.values] == expected, (i, rnd.history)
        assert sol.value == max(expected)
        assert sol.best.id == rnd.legal_action_ids()[expected.index(max(expected))]
        if k == 2 and i % 10 == 0:
            assert engine_solve(rnd).values == sol.values


def test_engine_fallback_is_used_for_voluntary_draw():
    rules = Rules.preset("draw", 2).with_options(voluntary_draw=True)
    rnd = small_position(rules, random.Random(3), 7)
    assert solve(rnd).method == "engine-minimax"


def test_maxn_on_three_players_is_consistent():
    rng = random.Random(5)
    rules = Rules.preset("draw", 3)
    for _ in range(30):
        rnd = small_position(rules, rng, 6)
        out = solve_maxn(rnd)
        assert list(out) == rnd.legal_actions()
        for util in out.values():
            assert len(util) == 3


def test_full_partners_deal_solves_and_agrees_with_its_children():
    rnd = deal_from(Rules.preset("laplaza_partners"), random.Random(11))
    sol = solve(rnd)
    rnd.apply(sol.best)
    child = solve(rnd)
    assert child.value == -sol.value  # the other side moves next in Partners


# ------------------------------------------------------------- dominoes package
def to_dominoes_game(rnd):
    """Our Partners round as a ``dominoes.Game`` at the same position.

    Mapping: seats 0..3 are its players 0..3 (teams 0-2 and 1-3 in both), the line is its
    board tile for tile as it lies, hands are the same tiles. Its ``Result.points`` are
    for team 0 (negative when team 1 scores): the domino side scores every pip left in
    the three other hands, a block goes to the lower team total, which scores both teams'
    pips, a tie scores nothing: exactly laplaza_partners without a capicú bonus, so
    values compare there, as ``+points`` for team 0 and ``-points`` for team 1. Its
    passes are automatic, so we compare only positions where the player to move can place.
    """
    import dominoes
    board = dominoes.Board()
    for a, b in rnd.line:
        board.board.append(dominoes.Domino(a, b))
    hands = [dominoes.Hand([dominoes.Domino(t.low, t.high) for t in rnd.hand(s)]) for s in range(4)]
    game = dominoes.Game(board, hands, [], rnd.turn, (), 0, None)
    game._update_valid_moves()
    return game


def test_values_equal_dominoes_alphabeta():
    import copy
    dominoes = pytest.importorskip("dominoes", reason="the dominoes package (pip install '.[bench]') is absent")
    rules = Rules.preset("laplaza_partners")
    rng = random.Random("dominoes-package")
    compared = 0
    while compared < 200:
        left = 8 + compared % 9 if compared % 25 else 22
        rnd = small_position(rules, rng, left)
        while rnd.result is None and rnd.legal_action_ids() == [85]:
            rnd.apply_id(85)
        if rnd.result is not None or rnd.left < 0:
            continue
        game = to_dominoes_game(rnd)
        _, points = dominoes.search.alphabeta(copy.deepcopy(game))
        ours = solve(rnd).value
        assert ours == (points if rnd.turn % 2 == 0 else -points), rnd.history
        compared += 1


def test_table_memory_is_bounded():
    from strategy.solver import tt_bits_for
    rnd = deal_from(Rules.preset("laplaza_1v1"), random.Random(1))
    assert (1 << tt_bits_for(rnd)) * 17 <= 64 * 2**20
    assert (1 << tt_bits_for(rnd, tt_mb=10_000)) * 17 <= 256 * 2**20
    assert (1 << tt_bits_for(rnd, tt_mb=0.01)) <= 1024


def test_a_finished_round_is_refused_and_a_node_limit_stops():
    from strategy.solver import NodeLimit
    rnd = deal_from(Rules.preset("laplaza_1v1"), random.Random(2))
    with pytest.raises(NodeLimit):
        solve(rnd, node_limit=100)
    rnd.playout(random.Random(3))
    with pytest.raises(ValueError):
        solve(rnd)


@pytest.mark.parametrize("name,players", [("laplaza_partners", 4), ("draw", 2), ("draw", 3), ("kozel", 4),
                                          ("all_fives", 3)])
def test_unit_values_one_per_side_or_seat(name, players):
    from strategy.solver import unit_values
    rules = Rules.preset(name, players)
    rng = random.Random(f"units:{name}:{players}")
    for _ in range(20):
        rnd = small_position(rules, rng, 8)
        values = unit_values(rnd)
        assert len(values) == rules.flags.units
        if len(values) == 2:
            assert values[0] == -values[1]
        for unit, v in enumerate(values):  # each equals the brute-force paranoid value
            assert Fraction(v) == brute(rnd.copy(), unit)
