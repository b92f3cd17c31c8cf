"""Generate → prove with the engine → tag → stable id (the lichess-puzzler pipeline).

>>> p = generate("block_count", 1234, game="laplaza_partners", overlays=["fid"])
>>> p.id
'block_count:laplaza_partners+fid:4:1234'
>>> puzzle_from_id(p.id) == p
True
>>> check(p, p.answer).correct, check(p, {"winner": "tie", "points": 999}).correct
(True, False)
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace
from typing import Any, Iterable

from engine import PRESET_NAMES, EngineError, Rules

from . import questions
from .generators import PUZZLE_TYPES, Draft, PuzzleType, Setup
from .model import (
    BANDS, Difficulty, Puzzle, PuzzleError, PuzzleId, Question, band_of, difficulty_score, ordered_overlays,
)
from .play import load, position_of, rng_for

#: Candidate positions tried for one seed before giving up.
MAX_CANDIDATES = 400
#: Seeds scanned (seed, seed + 1, ...) to find a puzzle of a requested difficulty band.
MAX_SEEDS = 400


def _mix(*parts: Any) -> int:
    """A stable number from ``parts`` (sha256, never ``hash()``)."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).hexdigest()
    return int(digest[:12], 16)


def type_of(ptype: str) -> PuzzleType:
    if ptype not in PUZZLE_TYPES:
        raise PuzzleError(f"unknown puzzle type {ptype!r}: choose one of {', '.join(PUZZLE_TYPES)}")
    return PUZZLE_TYPES[ptype]


def _seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise PuzzleError(f"the seed must be a whole number from 0 up, not {seed!r}")
    return seed


def choose_setup(spec: PuzzleType, seed: int, game: str | None = None, players: int | None = None,
                 overlays: Iterable[str] | None = ()) -> Setup:
    """The game a puzzle is made for: as asked, the rest picked from the seed.

    ``overlays=None`` with a ``game``: the plain game when the type declares it, otherwise
    one of the type's declared table variants of that game (picked by the seed).
    """
    if overlays is None and game is not None and game in spec.presets:
        declared = [s for s in spec.setups if s.preset == game and (players is None or s.players == players)]
        if declared and not any(s.overlays == () for s in declared):
            return declared[_mix("variant", spec.name, game, players, seed) % len(declared)]
    overlays = ordered_overlays(overlays or ())
    if game is None:
        pool = [s for s in spec.setups if (players is None or s.players == players)
                and (not overlays or s.overlays == overlays)]
        if not pool:
            raise PuzzleError(f"{spec.name} has no game for players={players} overlays={list(overlays)}")
        return pool[_mix("setup", spec.name, seed) % len(pool)]
    if game not in PRESET_NAMES:
        raise PuzzleError(f"unknown game {game!r}: choose one of {', '.join(PRESET_NAMES)}")
    if game not in spec.presets:
        raise PuzzleError(f"{spec.name} puzzles do not fit {game}: choose one of {', '.join(spec.presets)}")
    if players is None:
        counts = spec.players_for(game)
        players = counts[_mix("players", spec.name, game, seed) % len(counts)]
    setup = Setup(game, players, overlays)
    try:
        setup.rules()
    except EngineError as exc:
        raise PuzzleError(str(exc)) from None
    return setup


def shuffled(options: list, *parts: Any) -> list:
    """The options in a seeded order (sha256 of ``parts``), so the answer sits anywhere.

    >>> shuffled([1, 2, 3, 4], "round_score", 7) == shuffled([1, 2, 3, 4], "round_score", 7)
    True
    """
    out = list(options)
    random.Random(_mix("option-order", *parts)).shuffle(out)
    return out


def _prove(spec: PuzzleType, setup: Setup, seed: int, candidate: str, draft: Draft) -> Puzzle | None:
    """Keep the draft only if the engine confirms one answer and rejects every wrong option."""
    if draft.kind not in spec.kinds:  # the static declaration (kinds_of_type) must hold
        raise AssertionError(f"{spec.name} produced {draft.kind!r}, not in its KINDS {spec.kinds}")
    position = position_of(draft.rnd)
    rnd = load(position)  # exactly what the learner gets
    kind = questions.kind_of(draft.kind)
    answer = questions.answer(draft.kind, rnd, draft.params)
    opts = questions.options(draft.kind, rnd, draft.params, seed=candidate)
    if kind.mode == questions.CHOICE and not kind.multi:
        # Numbers come sorted and seats in seat order from questions.options: a puzzle
        # shows them in an order seeded by its id, so the answer's place tells nothing.
        opts = shuffled(opts, spec.name, setup.key, seed)
        if any(_shows_plus_zero(draft.kind, o) for o in opts):
            return None  # "+0" is no believable choice, nor a round worth asking about
    if kind.mode == questions.CHOICE and kind.multi:
        # "Select all": the answer set is right, and adding or dropping any one option is wrong.
        if not answer or not set(answer) <= set(opts):
            return None
        if not questions.check(draft.kind, rnd, draft.params, answer).correct:
            return None
        for o in opts:
            other = [x for x in answer if x != o] if o in answer else [*answer, o]
            if questions.check(draft.kind, rnd, draft.params, other).correct:
                return None
        choices = len(opts)
    elif kind.mode == questions.CHOICE:
        right = [o for o in opts if questions.check(draft.kind, rnd, draft.params, o).correct]
        if len(right) != 1 or right[0] != answer:
            return None
        choices = len(opts)
    else:
        if not answer or (draft.kind in ("fives_best", "capicu_play") and len(answer) != 1):
            return None
        choices = draft.factors.get("choices", len(opts))
    # "select all" (cannot_hold): every option to select is one more thing to work out, and
    # every move of the history is one more to read back through (total, 0.01 each)
    multi = kind.mode == questions.CHOICE and kind.multi
    terms = len(answer) if multi else 0
    moves = len(rnd.public_history()) if multi else 0
    factors = {"choices": draft.factors.get("choices", choices), "terms": draft.factors.get("terms", 0) + terms,
               "total": draft.factors.get("total", 0) + moves, "steps": draft.factors.get("steps", 1)}
    score = difficulty_score(**factors)
    pid = PuzzleId(spec.name, setup.preset, setup.overlays, setup.players, seed)
    band = band_of(score, spec.cuts_for(draft.kind))
    return Puzzle(
        id=str(pid), ptype=spec.name, rules=rnd.rules, seed=seed, position=position, viewer=draft.viewer,
        question=Question(draft.kind, dict(draft.params), f"question.{draft.kind}"), answer=answer,
        options=tuple(opts), explanation=tuple(draft.lines),
        difficulty=Difficulty(score, band, factors),
        themes=tuple(dict.fromkeys(draft.themes)), trace={"candidate": candidate, **draft.trace},
    )


def _shows_plus_zero(kind: str, option: Any) -> bool:
    """An option that reads "side: +0" (a side winning nothing)."""
    return kind == "block_score" and isinstance(option, dict) and option.get("winner") != "tie" \
        and option.get("points") == 0


def _build(spec: PuzzleType, setup: Setup, seed: int) -> Puzzle:
    rules = setup.rules()
    # The plan is fixed by the seed (which sub-question, which moment); candidates vary the deal.
    plan = rng_for(spec.name, setup.key, seed, "plan").random()
    for k in range(MAX_CANDIDATES):
        candidate = f"{seed}.{k}"
        draft = spec.build(rules, candidate, rng_for(spec.name, setup.key, candidate), plan)
        if draft is not None:
            puzzle = _prove(spec, setup, seed, candidate, draft)
            if puzzle is not None:
                return puzzle
    raise PuzzleError(f"no {spec.name} puzzle found for {setup.key} from seed {seed}")


def generate(ptype: str, seed: int, game: str | None = None, players: int | None = None,
             overlays: Iterable[str] | None = None, difficulty: str | None = None) -> Puzzle:
    """One puzzle, the same for the same arguments in every process.

    ``game``/``players``/``overlays`` default to a fitting setup chosen by the seed; with a
    ``game`` and no ``overlays`` that is the plain game, or, when the type does not declare
    the plain game (``next_leader`` at La Plaza), one of its declared variants.
    With ``difficulty`` (easy, medium, hard) the seeds ``seed, seed + 1, ...`` are tried
    until one gives that band; the puzzle's id holds the seed that did.
    """
    spec = type_of(ptype)
    seed = _seed(seed)
    if difficulty is not None and difficulty not in BANDS:
        raise PuzzleError(f"unknown difficulty {difficulty!r}: choose one of {', '.join(BANDS)}")
    overlays = None if overlays is None else tuple(overlays)
    for s in range(seed, seed + (MAX_SEEDS if difficulty else 1)):
        setup = choose_setup(spec, s, game, players, overlays)
        puzzle = _build(spec, setup, s)
        if difficulty is None or puzzle.difficulty.band == difficulty:
            return puzzle
    raise PuzzleError(f"no {difficulty} {ptype} puzzle found from seed {seed}")


def puzzle_from_id(puzzle_id: str) -> Puzzle:
    """Generate the puzzle an id names (see docs/puzzles.md for the format)."""
    pid = PuzzleId.parse(puzzle_id)
    spec = type_of(pid.ptype)
    if pid.preset not in PRESET_NAMES:
        raise PuzzleError(f"unknown game {pid.preset!r} in puzzle id: choose one of {', '.join(PRESET_NAMES)}")
    try:
        Rules.preset(pid.preset, pid.players, pid.overlays)
    except EngineError as exc:
        raise PuzzleError(f"bad puzzle id {puzzle_id!r}: {exc}") from None
    return generate(spec.name, pid.seed, pid.preset, pid.players, pid.overlays)


def practice_puzzle(ptype: str, game: str | None = None, difficulty: str | None = None, index: int = 0) -> Puzzle:
    """Puzzle number ``index`` of a practice stream (type, game, band): stable and varied."""
    spec = type_of(ptype)
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise PuzzleError(f"the index must be a whole number from 0 up, not {index!r}")
    seed = _mix("practice", ptype, game, difficulty, index) % 1_000_000_000
    if game is None:
        return generate(ptype, seed, difficulty=difficulty)
    pool = [s for s in spec.setups if s.preset == game]
    if not pool:
        choose_setup(spec, seed, game)  # raises the plain error
    setup = pool[_mix("practice-setup", ptype, game, index) % len(pool)]
    return generate(ptype, seed, setup.preset, setup.players, setup.overlays, difficulty)


def check(puzzle: Puzzle, response: Any, lang: str = "en") -> questions.Verdict:
    """The verdict on a response, with the explanation in ``lang``."""
    from .explain import verdict_lines
    verdict = questions.check(puzzle.question.kind, puzzle.round(), puzzle.question.params, response)
    lines = verdict_lines(puzzle, verdict, lang)
    return replace(verdict, explanation=" ".join(lines), lines=tuple(lines), lang=lang)


__all__ = ["MAX_CANDIDATES", "MAX_SEEDS", "check", "choose_setup", "generate", "practice_puzzle",
           "puzzle_from_id", "shuffled", "type_of"]
