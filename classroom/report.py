"""What a class's tables came to: each table's result, and each student's play.

For a table: the rounds finished, each side's total and the winner (once the match is
over). For a student: the choices they made themselves (moves with more than one real
option; not those a bot made for them while they were away or out of time), how many of
those their own review judged, the share the
review called *best*, and the points those moves gave away on average. The grades are
the ones each student's review kept, choice by choice as each was judged
(``matches.table_review.SeatJudge``, ``matches.table_grades``), whatever their screen
did; a choice whose grade has not arrived yet counts as *waiting* (still being judged, or
never judged if the review stopped), and the share says how many grades it stands on.
A student's *skill* is the figure of ``progress.skill`` over those grades: points lost
per decision with its 95% interval over rounds, and the share within 0.5 of the best
(docs/skill.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Iterable, Sequence

from matches.table import PERSON, Table
from progress.skill import Figure, Graded, Round, figure
from strategy.review import decision_points

__all__ = ["StudentLine", "TableLine", "report"]


@dataclass(frozen=True)
class TableLine:
    table: int          # its number in the class, from 1
    code: str
    rounds: int         # rounds finished
    totals: tuple[int, ...]  # each side's total
    winner: int | None  # the winning side, once the match is over
    over: bool

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class StudentLine:
    table: int
    seat: int           # from 1
    name: str
    side: int
    side_total: int
    won: bool | None    # None while the match goes on
    moves: int          # real choices the student made
    judged: int         # of those, judged by the student's review
    best: int
    points_lost: float  # over the judged moves
    #: the skill figure over the judged moves (None without one), the game, the profile
    skill: Figure | None = None
    game: str = ""
    profile: int | None = None

    @property
    def waiting(self) -> int:
        """Choices whose grade has not been kept (yet)."""
        return self.moves - self.judged

    @property
    def best_share(self) -> float | None:
        return self.best / self.judged if self.judged else None

    @property
    def loss_per_move(self) -> float | None:
        return self.points_lost / self.judged if self.judged else None


def report(tables: Sequence[tuple[int, str, Table]], grades: Iterable) -> tuple[list[TableLine], list[StudentLine]]:
    """``tables``: (number, code, table) of each class table; ``grades``: the kept grades
    (anything with ``code``, ``seat``, ``round``, ``ply``, ``grade``, ``loss``)."""
    kept: dict[tuple[str, int], list] = {}
    for g in grades:
        kept.setdefault((g.code, int(g.seat)), []).append(g)
    table_lines: list[TableLine] = []
    students: list[StudentLine] = []
    for number, code, table in tables:
        game = table.game
        if game is None:
            continue
        rules = game.setup.rules()
        match = game.match
        totals = tuple(int(t) for t in match.scores)
        over = bool(match.is_over) or table.state == "over"
        winner = match.winner if match.is_over else None
        table_lines.append(TableLine(number, code, len(match.results), totals, winner, over))
        for seat, who in enumerate(table.seats):
            if who.kind != PERSON:
                continue
            made = [(i, ply) for i in range(len(game.rounds)) for ply, _ in decision_points(game, i, seat)
                    if table.note(i, ply) is None]
            mine = {(int(g.round), int(g.ply)): g for g in kept.get((code, seat), ())}
            judged = [mine[m] for m in made if m in mine]
            side = rules.side_of(seat)
            by_round: dict[int, list[Graded]] = {}
            for g in judged:
                by_round.setdefault(int(g.round), []).append(Graded(float(g.loss), g.grade == "best"))
            skill = figure([Round(f"{code}:{seat}:{i}", i, tuple(d)) for i, d in sorted(by_round.items())])
            students.append(StudentLine(
                number, seat + 1, who.name, side, totals[side], (winner == side) if match.is_over else None,
                len(made), len(judged), sum(g.grade == "best" for g in judged),
                round(sum(float(g.loss) for g in judged), 2), skill, game.setup.preset, who.profile))
    return table_lines, students
