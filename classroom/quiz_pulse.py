"""A quiz's pulse: the few numbers that say whether a screen watching it must redraw.

A phone needs to redraw when the quiz moves (its *phase*: state and question); the
teacher's screen also when students join, leave or answer (its *crowd*). One query reads
the pulse of any number of quizzes, so a server watching a whole class asks the database
once per beat, whatever the number of phones (``ui/parts/live/feed.py``).

>>> import tempfile, pathlib
>>> from classroom.quiz import open_quiz_store
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> quizzes = open_quiz_store(f"sqlite:///{folder}/capicu.sqlite3")
>>> quiz, secret = quizzes.create(["fives:all_fives:2:12531294"], title="Fives", lang="en")
>>> before = pulses(quizzes, [quiz.code])[quiz.code]
>>> before.phase
'lobby:-1'
>>> _ = quizzes.join(quiz.code, "Ana", "device-of-ana")
>>> after = pulses(quizzes, [quiz.code])[quiz.code]
>>> after.phase == before.phase, after.crowd == before.crowd
(True, False)
>>> pulses(quizzes, ["NOSUCH"])
{}
>>> quizzes.close_store(); import shutil; shutil.rmtree(folder)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

import sqlalchemy as sa

from storage.database import quiz_answers_table, quiz_players_table, quizzes_table

if TYPE_CHECKING:
    from classroom.quiz import QuizStore

#: How many quizzes one query asks about (a server rarely watches more than a few).
BATCH = 200


@dataclass(frozen=True)
class Pulse:
    code: str
    state: str
    current: int
    players: int
    last_player: int  # the newest student's id: one leaving as another joins still changes the crowd
    answers: int      # answers to the question on screen

    @property
    def phase(self) -> str:
        """Changes when the quiz moves on: what a phone watches."""
        return phase_of(self.state, self.current)

    @property
    def crowd(self) -> str:
        """Changes when a student joins, leaves or answers: what the teacher's screen watches."""
        return f"{self.players}.{self.last_player}.{self.answers}"

    def watched(self, what: str) -> str:
        """The value a screen watching ``what`` ("phase" or "all") compares."""
        return self.phase if what == "phase" else f"{self.phase}|{self.crowd}"


def phase_of(state: str, current: int) -> str:
    """A quiz's phase as :attr:`Pulse.phase` writes it (a page reads it off its own :class:`Quiz`)."""
    return f"{state}:{current}"


def _players_in_class():
    """The quiz's students still in the class (a removed student, if the table keeps them, is not)."""
    t = quiz_players_table
    return [t.c.removed.is_(False)] if "removed" in t.c else []


def pulses(quizzes: "QuizStore", codes: Iterable[str]) -> dict[str, Pulse]:
    """The pulse of every quiz in ``codes`` that exists, by code, in one short read."""
    wanted = sorted({str(c) for c in codes})
    q, p, a = quizzes_table, quiz_players_table, quiz_answers_table
    in_class = _players_in_class()
    count = sa.select(sa.func.count()).where(p.c.quiz_id == q.c.id, *in_class).scalar_subquery()
    last = sa.select(sa.func.coalesce(sa.func.max(p.c.id), 0)).where(p.c.quiz_id == q.c.id, *in_class)
    answered = sa.select(sa.func.count()).where(a.c.quiz_id == q.c.id, a.c.question == q.c.current)
    found: dict[str, Pulse] = {}
    for start in range(0, len(wanted), BATCH):
        chunk = wanted[start:start + BATCH]
        query = sa.select(q.c.code, q.c.state, q.c.current, count, last.scalar_subquery(),
                          answered.scalar_subquery()).where(q.c.code.in_(chunk))
        rows = quizzes._run(lambda conn: conn.execute(query).all(), write=False)
        for code, state, current, players, newest, answers in rows:
            found[code] = Pulse(code, state, int(current), int(players), int(newest), int(answers))
    return found
