"""A 1 v 1 table against the club player, its first round played to the end: the person
at seat 0 always takes the first legal move, the bot plays at its pace. For the tests of
the round's end (the review, the live part) on tables and in the browser."""

from __future__ import annotations

from matches.table import Options, Table, token_hash


def played_table(seed: str, token: str, options: Options | None = None, moves: int | None = None) -> Table:
    """``moves``: stop once the round holds that many moves (the same deal, played the same way)."""
    table = Table.open("laplaza_1v1", 2, (), seed, ["me", "casual"], options or Options(),
                       name="Ana", token=token_hash(token)).start(0.0)
    now = 0.0
    while not table.game.round.is_over and (moves is None or len(table.game.rounds[-1]) < moves):
        now += 10.0  # past the bot's pace, and the person is there
        if table.game.round.turn == 0:
            table.play(0, table.game.round.canonical_actions()[0], version=table.version, now=now)
        else:
            assert table.step(now, {0: now})
    return table
