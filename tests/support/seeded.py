"""A profile with a history, written straight into a store: attempts at puzzles over a
few days and one finished match with every round's review, so a browser test can open
*My progress* with data and a match that is over without playing one.

The match is real (the engine plays it: the player takes the first legal move, the bot
its own seeded choice); its reviews are made up (every decision at once, no solver), as
judging a whole match would take minutes. Everything depends on the ``today`` given,
never on the clock.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from matches.game import Game, Setup
from progress.records import Attempt, SavedGame
from strategy.review import Decision, RoundReview, decision_points, grade_of

#: a 1 v 1 match to 50 points against a beginner: over after three rounds
MATCH = Setup("laplaza_1v1", 2, ("target_kort_50",), "3", ("human", "beginner"))
#: (puzzle type, game) of the seeded attempts
DRILLS = (("round_score", "laplaza_partners"), ("next_leader", "laplaza_partners"),
          ("fives", "all_fives"), ("legal_moves", "laplaza_1v1"))


def finished_match(setup: Setup = MATCH) -> Game:
    """The whole match, played through the engine."""
    game = Game.start(setup)
    for _ in range(50):
        while not game.round.is_over:
            if game.human_to_move:
                game.play(game.round.legal_actions()[0])
            else:
                game.play_bot()
        game.next_round()
        if game.over:
            return game
    raise AssertionError(f"the match {setup} did not end in 50 rounds")


def made_up_review(game: Game, index: int) -> RoundReview:
    """Every choice of round ``index`` graded without a solver: every third one lost a
    point and a half to another legal move, the rest were best."""
    decisions = []
    for n, (ply, before) in enumerate(decision_points(game, index)):
        move = game.rounds[index][ply]
        actions = [str(a) for a in before.canonical_actions()]
        chosen = move.action if move.action in actions else move.action.replace("@R", "@L")
        other = next(a for a in actions if a != chosen)
        loss = 1.5 if n % 3 == 2 else 0.0
        best = other if loss else chosen
        values = {chosen: 2.0 - loss, other: 2.0 if loss else 1.0}
        decisions.append(Decision(ply, move.action, best, values[chosen], 2.0, loss, grade_of(loss),
                                  values[chosen] + 1.0, 3.0, 400, False, values, max(loss - 0.5, 0.0),
                                  loss + 0.5, True, False, {a: 0.2 for a in values}))
    return RoundReview(index, tuple(decisions))


def saved_match(today: date) -> SavedGame:
    """The finished match as the play page saves it, with its reviews, dated ``today``."""
    game = finished_match()
    reviews = {i: made_up_review(game, i) for i in range(len(game.rounds))}
    record = {**game.to_dict(), "reviews": {str(i): r.to_dict() for i, r in reviews.items()},
              "judged": [], "saved_id": None}
    decisions = [d for r in reviews.values() for d in r.decisions]
    at = datetime.combine(today, time(16, 30))
    return SavedGame(game.setup.preset, "finished", record, decisions=len(decisions),
                     best=sum(d.grade == "best" for d in decisions), points_lost=sum(d.loss for d in decisions),
                     started_at=at - timedelta(minutes=20), updated_at=at)


def seed_player(store, name: str, *, pin: str | None, today: date):
    """A profile ``name`` (with ``pin``) that tried puzzles on the five days before
    ``today`` and on it, and finished one match today; returns the profile."""
    profile = store.create_profile(name, pin=pin)
    for back in range(6):
        day = today - timedelta(days=back)
        for n, (ptype, game) in enumerate(DRILLS):
            store.record_attempt(profile.id, Attempt(f"{ptype}:{game}:{back}:{n}", ptype, game,
                                                     (back + n) % 3 != 0, 6000 + 500 * n, day,
                                                     at=datetime.combine(day, time(17, n))))
    store.save_game(profile.id, saved_match(today))
    return profile
