"""A hint says each fact once: "every 4 is in your hand or on the table" is true of every
other seat at once, so it is one fact, not one per seat (texts review, finding 13)."""

from __future__ import annotations

from engine import Round, Rules
from strategy.hints import _table_facts


def _all_fours_seen() -> Round:
    """Partners: you hold six 4s and Luis lays the seventh, the 4-6; Marco then passes."""
    rnd = Round.from_hands(Rules.preset("laplaza_partners"), [
        "6-6 4-4 0-4 1-4 2-4 3-4 4-5", "4-6 0-0 0-1 0-2 0-3 0-5 0-6",
        "1-1 1-2 1-3 1-5 1-6 2-2 2-3", "2-5 2-6 3-3 3-5 3-6 5-5 5-6"])
    for action in ["lead 6-6", "4-6@L", "1-6@R", "pass"]:
        rnd.apply(action)
    return rnd


def test_an_all_seen_fact_is_said_once_not_once_per_seat():
    rnd = _all_fours_seen()
    view, actions = rnd.view(0), rnd.legal_actions()
    assert all(4 in view.cannot_hold()[seat] for seat in (1, 2, 3))  # every other seat lacks a 4
    best = next(a for a in actions if str(a) == "4-4@L")
    facts = _table_facts(view, best, actions)
    all_seen = [params for code, params in facts if code == "void" and params["why"] == "all_seen"]
    assert [params["number"] for params in all_seen] == [4]


def _after_a_pass() -> Round:
    r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
                                                            "5-6 1-1 1-2 1-3 1-6 1-5 0-6",
                                                            "2-2 2-3 2-4 3-3 3-4 4-4 1-4",
                                                            "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
    for a in ["lead 6-6", "5-6@R", "pass", "2-6@L"]:
        r.apply(a)
    return r


def test_a_review_says_why_in_the_hints_terms_the_ends_and_a_void():
    """Walks review 2026-12-05, P4: the review never said why a move was worse."""
    from strategy.review import why_facts

    view = _after_a_pass().view(0)  # ends 2 and 5; Ana passed on 6 and 5
    facts = why_facts(view, "0-2@L", "0-5@R")
    assert facts[0] == ("ends", {"yours": [0, 5], "best": [0, 2]})
    assert ("void", {"seat": 2, "number": 5, "why": "void"}) in facts  # the 5 left open: Ana has none
    assert why_facts(view, "0-5@R", "0-5@R") == ()


def test_a_review_says_the_best_move_plays_a_double_yours_keeps():
    from strategy.review import why_facts

    r = Round.from_hands(Rules.preset("laplaza_partners"), ["6-6 0-0 0-1 0-2 0-3 0-4 0-5",
                                                            "5-6 1-1 1-2 1-3 1-6 1-5 0-6",
                                                            "2-2 2-3 2-4 3-3 3-4 4-4 1-4",
                                                            "2-5 2-6 3-5 3-6 4-5 4-6 5-5"])
    facts = why_facts(r.view(0), "lead 0-1", "lead 6-6")
    assert ("double", {"tile": "6-6"}) in facts and ("ends", {"yours": [0, 1], "best": [6, 6]}) in facts
