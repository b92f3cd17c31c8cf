"""Lessons loaded from data and replayed through the engine (docs/lessons.md).

>>> course = load_course()
>>> lesson = course.lesson(course.games[0].lessons[0])
>>> frames = lesson.frames()
>>> frames[0].caption, len(frames) == len(lesson.steps) + 1
('intro', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

import yaml

from engine import EngineError, Round, Rules, position_from_dict
from engine.match import add_result, is_shutout, match_outcome

CONTENT = Path(__file__).resolve().parent / "content"
LANGUAGES = ("en", "nl", "pt", "es")
FALLBACK = "en"


class LessonError(ValueError):
    """A lesson file that is missing, malformed, or whose script the engine rejects."""


@dataclass(frozen=True)
class Step:
    action: str | None
    caption: str
    expect: Mapping[str, Any]


@dataclass(frozen=True)
class Variant:
    overlay: str
    expect: Mapping[str, Any]


@dataclass(frozen=True)
class Task:
    kind: str
    position: Mapping[str, Any]
    rules: Mapping[str, Any]
    params: Mapping[str, Any]
    viewer: int

    def round(self) -> Round:
        return position_from_dict({**self.position, "rules": self.rules})


@dataclass(frozen=True)
class LessonText:
    title: str
    summary: str
    body: str
    remember: tuple[str, ...]
    captions: Mapping[str, str]
    task: Mapping[str, str]
    variants: Mapping[str, str]


@dataclass(frozen=True)
class Frame:
    """One picture of a lesson's board: the round after ``index`` steps."""

    index: int
    round: Round
    action: str | None
    caption: str


@dataclass(frozen=True, eq=False)  # compared and cached by identity: one object per lesson
class Lesson:
    id: str
    game: str
    source: Mapping[str, str]
    rules: Mapping[str, Any]
    viewer: int
    reveal: bool
    start: Mapping[str, Any]
    steps: tuple[Step, ...]
    variants: tuple[Variant, ...]
    task: Task | None
    texts: Mapping[str, LessonText] = field(repr=False)
    #: Puzzle types that practise this lesson's rule (links to the practice page).
    drills: tuple[str, ...] = ()

    def text(self, lang: str) -> LessonText:
        """The lesson in ``lang``, English when that language lacks it."""
        return self.texts.get(lang) or self.texts[FALLBACK]

    def rules_with(self, overlays: Sequence[str] = ()) -> Rules:
        base = dict(self.rules)
        base["overlays"] = list(base.get("overlays", [])) + [o for o in overlays if o not in base.get("overlays", [])]
        return Rules.from_dict(base)

    def start_round(self, overlays: Sequence[str] = ()) -> Round:
        rules = self.rules_with(overlays)
        return position_from_dict({**self.start, "rules": rules.to_dict()})

    def frames(self, overlays: Sequence[str] = ()) -> list[Frame]:
        """Every frame of the script, replayed through the engine with these table variants.

        The frames are cached and shared: copy a frame's round before changing it.
        """
        return _frames(self, tuple(overlays))


@lru_cache(maxsize=256)
def _frames(lesson: Lesson, overlays: tuple[str, ...]) -> list[Frame]:
    rnd = lesson.start_round(overlays)
    frames = [Frame(0, rnd.copy(), None, "intro")]
    for i, step in enumerate(lesson.steps, 1):
        if step.action:
            rnd.apply(step.action)
        frames.append(Frame(i, rnd.copy(), step.action, step.caption))
    return frames


@dataclass(frozen=True)
class Game:
    id: str
    preset: str
    lessons: tuple[str, ...]


@dataclass(frozen=True)
class Course:
    games: tuple[Game, ...]
    lessons: Mapping[str, Lesson]

    def lesson(self, lesson_id: str) -> Lesson:
        if lesson_id not in self.lessons:
            raise LessonError(f"no lesson called {lesson_id!r}")
        return self.lessons[lesson_id]

    def game_of(self, lesson_id: str) -> Game:
        return next(g for g in self.games if lesson_id in g.lessons)

    def ordered_ids(self) -> list[str]:
        return [lid for g in self.games for lid in g.lessons]

    def neighbours(self, lesson_id: str) -> tuple[str | None, str | None]:
        """The previous and next lesson in course order."""
        ids = self.ordered_ids()
        i = ids.index(lesson_id)
        return (ids[i - 1] if i > 0 else None, ids[i + 1] if i + 1 < len(ids) else None)


def _read_yaml(path: Path) -> Any:
    where = f"{path.parent.name}/{path.name}"
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LessonError(f"{where} is missing") from None
    except yaml.YAMLError as exc:
        raise LessonError(f"{where} is not valid YAML: {exc}") from None


def _text(data: Mapping[str, Any]) -> LessonText:
    return LessonText(
        title=str(data["title"]),
        summary=str(data.get("summary", "")),
        body=str(data.get("body", "")),
        remember=tuple(str(r) for r in data.get("remember", [])),
        captions={str(k): str(v) for k, v in (data.get("captions") or {}).items()},
        task={str(k): str(v) for k, v in (data.get("task") or {}).items()},
        variants={str(k): str(v) for k, v in (data.get("variants") or {}).items()},
    )


def load_lesson(lesson_id: str, root: Path = CONTENT) -> Lesson:
    folder = root / lesson_id
    script = _read_yaml(folder / "script.yaml")
    if not isinstance(script, Mapping):
        raise LessonError(f"{lesson_id}: script.yaml must be a mapping")
    try:
        texts = {}
        for lang in LANGUAGES:
            path = folder / f"{lang}.yaml"
            if path.exists():
                texts[lang] = _text(_read_yaml(path))
        if FALLBACK not in texts:
            raise LessonError(f"{lesson_id}: the English text {FALLBACK}.yaml is missing")
        rules = dict(script["rules"])
        task_data = script.get("task")
        task = None
        if task_data:
            task = Task(
                kind=str(task_data["kind"]),
                position=dict(task_data["position"]),
                rules=dict(task_data.get("rules") or rules),
                params=dict(task_data.get("params") or {}),
                viewer=int(task_data.get("viewer", script.get("viewer", 0))),
            )
        return Lesson(
            id=lesson_id,
            game=str(script["game"]),
            source=dict(script.get("source") or {}),
            rules=rules,
            viewer=int(script.get("viewer", 0)),
            reveal=bool(script.get("reveal", False)),
            start=dict(script["start"]),
            steps=tuple(
                Step(s.get("action"), str(s.get("caption", "")), dict(s.get("expect") or {}))
                for s in script.get("steps", [])
            ),
            variants=tuple(Variant(str(v["overlay"]), dict(v.get("expect") or {}))
                           for v in script.get("variants", [])),
            task=task,
            texts=texts,
            drills=tuple(str(d) for d in script.get("drills") or ()),
        )
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, LessonError):
            raise
        raise LessonError(f"{lesson_id}: malformed lesson ({exc!r})") from None


@lru_cache(maxsize=4)
def load_course(root: Path = CONTENT) -> Course:
    data = _read_yaml(root / "course.yaml")
    games = tuple(Game(str(g["id"]), str(g["preset"]), tuple(g["lessons"])) for g in data["games"])
    lessons = {lid: load_lesson(lid, root) for g in games for lid in g.lessons}
    return Course(games, lessons)


# ---------------------------------------------------------------- strategy proofs
#: Strategy claims are proved from the viewer's SeatView only (never the hidden hands):
#: every consistent deal when there are at most STRATEGY_EXACT_LIMIT of them, else
#: STRATEGY_DEALS deals sampled with the fixed STRATEGY_SEED, so a proof cannot flake.
STRATEGY_DEALS = 64
STRATEGY_EXACT_LIMIT = 400
STRATEGY_SEED = 20261201
#: a best_move claim or task: the move must be best in at least this share of the deals
MIN_BEST_SHARE = 0.5
#: a "your turn" best_move task: the move must beat every other by at least this many
#: expected points (a clear answer, not a coin toss)
MIN_TASK_MARGIN = 3.0


@dataclass(frozen=True)
class MoveValues:
    """The evaluation of one position from one seat's view, mirror moves merged."""

    actions: tuple[str, ...]          # canonical, in the engine's order
    expected: tuple[float, ...]       # expected points (the seat's side minus the others')
    best_share: tuple[float, ...]     # share of the deals in which the move is among the best
    deals: int
    exact: bool

    def value(self, action: str) -> float:
        return self.expected[self.actions.index(action)]

    def share(self, action: str) -> float:
        return self.best_share[self.actions.index(action)]

    def runner_up(self, action: str) -> tuple[str, float] | None:
        others = [(a, e) for a, e in zip(self.actions, self.expected) if a != action]
        return max(others, key=lambda ae: ae[1]) if others else None


def _position_key(rnd: Round) -> str:
    import json

    from engine.notation import position_to_dict

    return json.dumps(position_to_dict(rnd), sort_keys=True)


def move_values(rnd: Round, viewer: int) -> MoveValues:
    """``strategy.evaluate`` of the position from ``viewer``'s view (cached per position)."""
    return _move_values(_position_key(rnd), viewer)


@lru_cache(maxsize=256)
def _move_values(key: str, viewer: int) -> MoveValues:
    import json

    from engine import Action
    from puzzles.questions import canonical
    from strategy.evaluate import evaluate

    rnd = position_from_dict(json.loads(key))
    ev = evaluate(rnd.view(viewer), deals=STRATEGY_DEALS, budget=None, seed=STRATEGY_SEED,
                  exact_limit=STRATEGY_EXACT_LIMIT)
    merged: dict[str, tuple[float, float]] = {}
    for action, value, share in zip(ev.actions, ev.expected, ev.best_share):
        name = str(canonical(rnd, Action.parse(str(action))))
        merged.setdefault(name, (value, share))  # a mirror move has the same value in every deal
    return MoveValues(tuple(merged), tuple(v for v, _ in merged.values()), tuple(s for _, s in merged.values()),
                      ev.deals, ev.exact)


def best_move_problems(rnd: Round, viewer: int, action: str, margin: float = 0.0,
                       share: float = MIN_BEST_SHARE) -> list[str]:
    """Why ``action`` is not proved the best move for ``viewer`` (empty: it is).

    Proved means: from the viewer's view it has the highest expected value, at least
    ``margin`` points above every other move, and it is among the best moves in at
    least ``share`` of the consistent deals.
    """
    from engine import Action
    from puzzles.questions import canonical

    if rnd.result is not None:
        return ["best_move: the round is over"]
    if rnd.turn != viewer:
        return [f"best_move: seat {viewer} (the viewer) is not to move, seat {rnd.turn} is"]
    try:
        name = str(canonical(rnd, Action.parse(str(action))))
    except EngineError as exc:
        return [f"best_move: {exc}"]
    values = move_values(rnd, viewer)
    if name not in values.actions:
        return [f"best_move: {name} is not a legal move here ({', '.join(values.actions)})"]
    how = "every consistent deal" if values.exact else f"{values.deals} sampled deals"
    problems = []
    mine = values.value(name)
    other = values.runner_up(name)
    if other is None:
        problems.append(f"best_move: {name} is the only move, there is nothing to choose")
    elif mine - other[1] < margin - 1e-9:
        problems.append(f"best_move: {name} is worth {mine:.2f} and {other[0]} {other[1]:.2f} over {how}: "
                        f"a margin of {mine - other[1]:.2f}, not {margin}")
    if values.share(name) < share - 1e-9:
        problems.append(f"best_move: {name} is best in {values.share(name):.0%} of {how}, not {share:.0%}")
    return problems


def _fraction(value: Any):
    from fractions import Fraction

    return Fraction(str(value))


def holds_problems(rnd: Round, viewer: int, claim: Mapping[str, Any]) -> list[str]:
    """Check a ``holds`` claim with ``engine.inference.holder_probabilities`` (exact).

    ``{seat, tile, probability}``: the exact chance that ``seat`` (or ``"stock"``) holds
    that tile. ``{seat, number, ...}``: a tile of that number; ``probability`` may then be
    only "0" (no such tile can be there) or "1" (one surely is), and the bounds
    ``probability_at_least`` (proved by the likeliest single tile) and
    ``probability_at_most`` (proved by the sum over the tiles) are checked soundly.
    """
    from engine import Tile
    from engine.inference import holder_probabilities

    holder = claim.get("seat")
    holder = int(holder) if isinstance(holder, int) or str(holder).isdigit() else str(holder)
    if holder == viewer:
        return [f"holds: seat {viewer} is the viewer, whose hand is in view"]
    odds = holder_probabilities(rnd.view(viewer))
    if "tile" in claim:
        tile = Tile.parse(str(claim["tile"]))
        seen_here = tile not in odds
        chances = [odds.get(tile, {}).get(holder, 0)]
        what = f"holds[{holder}, {tile}]"
        if seen_here:
            return [f"{what}: the viewer has seen {tile}; there is nothing to infer"]
    else:
        number = int(claim["number"])
        chances = [row.get(holder, 0) for t, row in odds.items() if t.has(number)]
        what = f"holds[{holder}, number {number}]"
    top, total = max(chances, default=0), min(1, sum(chances))
    problems = []
    if "probability" in claim:
        wanted = _fraction(claim["probability"])
        if "tile" in claim:
            if chances[0] != wanted:
                problems.append(f"{what}: the script says {wanted}, the inference says {chances[0]}")
        elif wanted == 0:
            if total != 0:
                problems.append(f"{what}: the script says 0, but it may hold one (up to {total})")
        elif wanted == 1:
            if top != 1:
                problems.append(f"{what}: the script says 1, but no tile of it is sure to be there")
        else:
            problems.append(f"{what}: only 0 or 1 can be proved for a number; claim a tile or a bound")
    if "probability_at_least" in claim:
        wanted = _fraction(claim["probability_at_least"])
        if top < wanted:
            problems.append(f"{what}: at least {wanted} is not proved (its likeliest tile: {top})")
    if "probability_at_most" in claim:
        wanted = _fraction(claim["probability_at_most"])
        if total > wanted:
            problems.append(f"{what}: at most {wanted} is not proved (the tiles add up to {total})")
    if not {"probability", "probability_at_least", "probability_at_most"} & set(claim):
        problems.append(f"{what}: the claim needs probability, probability_at_least or probability_at_most")
    return problems


# ---------------------------------------------------------------- validation
def _claims(frame_round: Round, expect: Mapping[str, Any], viewer: int) -> list[str]:
    """Every claim of ``expect`` that the engine does not confirm, as a message."""
    problems: list[str] = []
    rnd = frame_round

    def check(name: str, actual: Any, wanted: Any) -> None:
        if actual != wanted:
            problems.append(f"{name}: the script says {wanted!r}, the engine says {actual!r}")

    for key, wanted in expect.items():
        if key == "ends":
            check("ends", list(rnd.ends) if rnd.ends else None, wanted)
        elif key == "turn":
            check("turn", rnd.turn, wanted)
        elif key == "hand_counts":
            check("hand_counts", [len(rnd.hand(s)) for s in range(rnd.n)], wanted)
        elif key == "stock_count":
            check("stock_count", len(rnd.stock_ids), wanted)
        elif key == "legal":
            check("legal", sorted(str(a) for a in rnd.legal_actions()), sorted(wanted))
        elif key == "round_points":
            check("round_points", list(rnd.round_points), wanted)
        elif key == "cannot_hold":
            known = rnd.view(viewer).cannot_hold()
            for seat, numbers in wanted.items():
                check(f"cannot_hold[{seat}]", sorted(known.get(int(seat), ())), sorted(numbers))
        elif key == "result":
            if rnd.result is None:
                problems.append("result: the script expects the round to be over, but it is not")
                continue
            actual = rnd.result.to_dict()
            for field_name, value in wanted.items():
                check(f"result.{field_name}", actual.get(field_name), value)
        elif key == "match":
            if rnd.result is None:
                problems.append("match: the round is not over")
                continue
            scores = add_result(rnd.score, rnd.result)
            over, winner = match_outcome(rnd.rules, scores, rnd.result)
            actual = {"scores": list(scores), "over": over, "winner": winner,
                      "shutout": is_shutout(rnd.rules, scores, winner) if over else False}
            for field_name, value in wanted.items():
                check(f"match.{field_name}", actual.get(field_name), value)
        elif key == "unseen":
            view = rnd.view(viewer)
            for number, count in wanted.items():
                check(f"unseen[{number}]", view.unseen_count(int(number)), count)
        elif key == "holds":
            for claim in (wanted if isinstance(wanted, list) else [wanted]):
                problems += holds_problems(rnd, viewer, claim)
        elif key == "best_move":
            problems += best_move_problems(rnd, viewer, str(wanted["action"]), float(wanted.get("margin", 0)),
                                           float(wanted.get("share", MIN_BEST_SHARE)))
        else:
            problems.append(f"unknown claim {key!r}")
    return problems


def validate_lesson(lesson: Lesson, course_games: Sequence[str] = ()) -> list[str]:
    """Replay the lesson and return every problem found (an empty list means it is sound)."""
    problems: list[str] = []
    if course_games and lesson.game not in course_games:
        problems.append(f"game {lesson.game!r} is not in the course")
    try:
        frames = lesson.frames()
    except EngineError as exc:
        return [f"the script does not replay: {exc}"]
    for frame, step in zip(frames[1:], lesson.steps):
        problems += [f"step {frame.index}: {p}" for p in _claims(frame.round, step.expect, lesson.viewer)]
    for variant in lesson.variants:
        try:
            last = lesson.frames([variant.overlay])[-1]
        except EngineError as exc:
            problems.append(f"variant {variant.overlay}: {exc}")
            continue
        problems += [f"variant {variant.overlay}: {p}" for p in _claims(last.round, variant.expect, lesson.viewer)]
    captions = {"intro"} | {s.caption for s in lesson.steps}
    for lang, text in lesson.texts.items():
        missing = captions - set(text.captions)
        if missing:
            problems.append(f"{lang}: captions missing: {sorted(missing)}")
        if lesson.task and not {"prompt", "right", "wrong"} <= set(text.task):
            problems.append(f"{lang}: the task needs prompt, right and wrong")
        missing_variants = {v.overlay for v in lesson.variants} - set(text.variants)
        if missing_variants:
            problems.append(f"{lang}: variant texts missing: {sorted(missing_variants)}")
        if not text.body.strip() or not text.remember:
            problems.append(f"{lang}: body and remember must not be empty")
    if lesson.task:
        problems += _task_problems(lesson.task)
    return problems


def _task_problems(task: Task) -> list[str]:
    """The task must load and its question must have an engine answer that checks right."""
    from puzzles import questions  # lessons reuse the puzzles' question kinds

    try:
        rnd = task.round()
    except EngineError as exc:
        return [f"task position: {exc}"]
    if task.kind not in questions.KINDS:
        return [f"task kind {task.kind!r} is not a question kind"]
    params = {"viewer": task.viewer, **task.params}
    try:
        expected = questions.answer(task.kind, rnd, params)
    except (EngineError, ValueError) as exc:
        return [f"task has no answer: {exc}"]
    if task.kind in ("play_legal", "capicu_play", "fives_best") and isinstance(expected, list):
        # the answer lists the placements that are right (a capicú goes out on either end):
        # the learner taps one, and each of them must check right
        if not expected:
            return [f"task: {task.kind} has no right placement here"]
        responses = expected
    else:
        responses = [expected]
    for response in responses:
        if not questions.check(task.kind, rnd, params, response).correct:
            return [f"task: the engine's own answer {response!r} does not check right"]
    if task.kind == "best_move":
        return [f"task: {p}" for p in _best_move_task_problems(rnd, task.viewer, params)]
    return []


def _best_move_task_problems(rnd: Round, viewer: int, params: Mapping[str, Any]) -> list[str]:
    """A best-move task is only fair where the move is best by a clear margin in most deals;
    the values it shows (params.values, optional) must be the evaluation's, to one decimal."""
    margin = max(float(params.get("margin", MIN_TASK_MARGIN)), MIN_TASK_MARGIN)
    problems = best_move_problems(rnd, viewer, str(params["action"]), margin)
    if problems:
        return problems
    values = move_values(rnd, viewer)
    shown = params.get("values")
    if shown is not None:
        if sorted(shown) != sorted(values.actions):
            problems.append(f"values: the task lists {sorted(shown)}, the legal moves are {sorted(values.actions)}")
        for action, value in shown.items():
            if action in values.actions and abs(float(value) - values.value(action)) > 0.05 + 1e-9:
                problems.append(f"values[{action}]: the task says {value}, the evaluation {values.value(action):.2f}")
    return problems


__all__ = [
    "Course", "Frame", "Game", "LANGUAGES", "Lesson", "LessonError", "LessonText", "MoveValues", "Step",
    "Task", "Variant", "best_move_problems", "holds_problems", "load_course", "load_lesson", "move_values",
    "validate_lesson",
]
