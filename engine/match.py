"""A match: rounds in a row, cumulative scores, the target or Kozel's limit, the winner.

>>> from engine import Rules
>>> m = Match.start(Rules.preset("laplaza_partners", overlays=["target_kort_50"]), seed=3)
>>> m.round.round_number, m.scores
(1, (0, 0))
>>> m.play_out_randomly(seed=1)
>>> m.is_over, max(m.scores) >= 50, m.winner in (0, 1)
(True, True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from .dealing import deal
from .errors import IllegalActionError
from .round import Round
from .rules import Rules
from .scoring import TARGET, RoundResult


@dataclass(frozen=True)
class Standing:
    """One line of a final ranking; tied totals share a rank (A-22)."""

    rank: int
    side: int
    total: int
    goat: bool = False


def add_result(scores: Sequence[int], result: RoundResult) -> tuple[int, ...]:
    return tuple(s + g for s, g in zip(scores, result.total))


def match_outcome(rules: Rules, scores: Sequence[int], last: RoundResult | None) -> tuple[bool, int | None]:
    """Is the match over after these totals, and who won (a side, or the best seat in Kozel)?"""
    if rules.match_mode == "penalty":
        if max(scores) >= rules.penalty_limit:
            low = min(scores)
            winners = [s for s, t in enumerate(scores) if t == low]
            return True, winners[0] if len(winners) == 1 else None
        return False, None
    if last is not None and last.kind == TARGET:
        return True, last.winner
    reached = [s for s, t in enumerate(scores) if t >= rules.target]
    if not reached:
        return False, None
    best = max(scores[s] for s in reached)
    leaders = [s for s in reached if scores[s] == best]
    # Two sides can only cross together with in-play scoring checked at round end;
    # equal totals then play another round.
    return (True, leaders[0]) if len(leaders) == 1 else (False, None)


def ranking(rules: Rules, scores: Sequence[int]) -> list[Standing]:
    """Sides (seats in Kozel) best first: high totals in a race, low in Kozel."""
    penalty = rules.match_mode == "penalty"
    order = sorted(range(len(scores)), key=lambda s: scores[s] if penalty else -scores[s])
    out: list[Standing] = []
    for i, side in enumerate(order):
        rank = out[-1].rank if out and scores[order[i - 1]] == scores[side] else i + 1
        goat = penalty and scores[side] >= rules.penalty_limit
        out.append(Standing(rank, side, scores[side], goat))
    return out


def is_shutout(rules: Rules, scores: Sequence[int], winner: int | None) -> bool:
    """Op nul / pneu (PT-13, A-15): the match is won while every other side is still at 0."""
    if rules.match_mode != "race" or winner is None:
        return False
    return all(t == 0 for s, t in enumerate(scores) if s != winner)


class Match:
    """Rounds dealt from one seed, with the totals carried from round to round."""

    def __init__(self, rules: Rules, seed: int | str, round_: Round, scores: Sequence[int],
                 results: Sequence[RoundResult] = ()) -> None:
        self.rules = rules
        self.seed = seed
        self.round = round_
        self.scores = tuple(scores)
        self.results: list[RoundResult] = list(results)
        self.is_over = False
        self.winner: int | None = None

    @staticmethod
    def start(rules: Rules, seed: int | str) -> "Match":
        scores = rules.flags.zeros
        return Match(rules, seed, deal(rules, seed, 1, score=scores), scores)

    @property
    def shutout(self) -> bool:
        return self.is_over and is_shutout(self.rules, self.scores, self.winner)

    def standings(self) -> list[Standing]:
        return ranking(self.rules, self.scores)

    def finish_round(self) -> RoundResult:
        """Add the finished round to the totals, then end the match or deal the next round."""
        if self.is_over:
            raise IllegalActionError("match_over")
        result = self.round.result
        if result is None:
            raise IllegalActionError("round_not_over")
        self.results.append(result)
        self.scores = add_result(self.scores, result)
        self.is_over, self.winner = match_outcome(self.rules, self.scores, result)
        if not self.is_over:
            number = self.round.round_number + 1
            self.round = deal(self.rules, self.seed, number, leader=result.next_leader,
                              previous_rule=result.next_leader_rule, score=self.scores)
        return result

    def play_out_randomly(self, seed: int = 0, max_rounds: int = 1000) -> None:
        """Random legal moves until the match ends (simulations and tests)."""
        rng = random.Random(seed)
        for _ in range(max_rounds):
            while not self.round.is_over:
                self.round.apply_id(rng.choice(self.round.legal_action_ids()))
            self.finish_round()
            if self.is_over:
                return
