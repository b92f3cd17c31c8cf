"""Lessons loaded from data and replayed through the engine (docs/lessons.md).

>>> course = load_course()
>>> lesson = course.lesson(course.games[0].lessons[0])
>>> frames = lesson.frames()
>>> frames[0].caption, len(frames) == len(lesson.steps) + 1
('intro', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

import yaml

from engine import EngineError, Round, Rules, position_from_dict
from engine.match import add_result, is_shutout, match_outcome, ranking
from language.catalogs import read_yaml

from . import figures, proof_store
from .proof import (
    MIN_BEST_SHARE, MIN_TASK_MARGIN, PROOF_SEED, Claim, MoveValues, best_move_problems, prove,
)

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
    #: The stored proofs of its strategy claims whose positions are unchanged:
    #: site key ("step 1", "task") -> (fingerprint, figures); see :func:`proof_sites`.
    proofs: Mapping[str, tuple[str, MoveValues]] = field(default_factory=dict, repr=False)

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


def final_standings(rnd: Round):
    """The match's final ranking (``engine.match.ranking``, best first) when this round's end
    ends it, else None: what a lesson step at a match's end shows and its texts state."""
    if rnd.result is None:
        return None
    scores = add_result(rnd.score, rnd.result)
    return ranking(rnd.rules, scores) if match_outcome(rnd.rules, scores, rnd.result)[0] else None


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
        return read_yaml(path)
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


def load_lesson(lesson_id: str, root: Path = CONTENT, proved: bool = True) -> Lesson:
    """The lesson of folder ``root/lesson_id``. A strategy lesson comes with its stored proofs,
    its texts' figures filled from them and its task's values measured by them; without an
    up-to-date proof it does not load (``proved=False``: as written, for the prover)."""
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
        if task_data and "values" in (task_data.get("params") or {}):
            raise LessonError(f"{lesson_id}: task.params.values are measured by the proof; "
                              "remove them from the script")
        if task_data:
            task = Task(
                kind=str(task_data["kind"]),
                position=dict(task_data["position"]),
                rules=dict(task_data.get("rules") or rules),
                params=dict(task_data.get("params") or {}),
                viewer=int(task_data.get("viewer", script.get("viewer", 0))),
            )
        lesson = Lesson(
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
        return _with_proofs(lesson, proof_store.read(folder)) if proved else lesson
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
@dataclass(frozen=True)
class ProofSite:
    """A position whose best_move claim needs a proof: the frame after a step, or the task."""

    key: str                  # "step 3" (the frame after step 3) or "task"
    fingerprint: str          # of the script data the position is made from
    viewer: int
    claim: tuple[str, float, float]  # (action as written, margin, share)
    values_shown: bool        # a task shows every move's value after a wrong tap
    win_bonus: int = 0        # > 0: the moves are valued for the match (lessons.proof)


def _win_bonus(made_of: dict[str, Any], claim: Mapping[str, Any]) -> int:
    """The claim's ``win_bonus`` (0: points), recorded in what its proof is made of when it
    plays for the match (a points claim keeps the fingerprint it always had)."""
    bonus = int(claim.get("win_bonus", 0))
    if bonus < 0:
        raise LessonError(f"win_bonus must be 0 or more, not {bonus}")
    if bonus:
        made_of["win_bonus"] = bonus
    return bonus


def proof_sites(lesson: Lesson) -> list[ProofSite]:
    """Every position of ``lesson`` with a best_move claim, in script order."""
    sites = []
    for i, step in enumerate(lesson.steps, 1):
        wanted = step.expect.get("best_move")
        if wanted:
            made_of = {"rules": lesson.rules, "start": lesson.start, "viewer": lesson.viewer,
                       "actions": [s.action for s in lesson.steps[:i]]}
            bonus = _win_bonus(made_of, wanted)
            claim = (str(wanted["action"]), float(wanted.get("margin", 0)),
                     float(wanted.get("share", MIN_BEST_SHARE)))
            sites.append(ProofSite(f"step {i}", proof_store.fingerprint(made_of), lesson.viewer, claim, False, bonus))
    task = lesson.task
    if task is not None and task.kind == "best_move":
        made_of = {"rules": task.rules, "position": task.position, "viewer": task.viewer}
        bonus = _win_bonus(made_of, task.params)
        # a task is only fair with a clear winner: at least MIN_TASK_MARGIN, in most deals
        claim = (str(task.params["action"]), max(float(task.params.get("margin", MIN_TASK_MARGIN)), MIN_TASK_MARGIN),
                 MIN_BEST_SHARE)
        sites.append(ProofSite("task", proof_store.fingerprint(made_of), task.viewer, claim, True, bonus))
    return sites


def site_round(lesson: Lesson, site: ProofSite) -> Round:
    if site.key == "task":
        return lesson.task.round()
    return lesson.frames()[int(site.key.split()[1])].round


def site_claim(lesson: Lesson, site: ProofSite) -> Claim:
    """The site's claim, its move named canonically (t@L for a mirror twin)."""
    from engine import Action
    from puzzles.questions import canonical

    action, margin, share = site.claim
    return Claim(str(canonical(site_round(lesson, site), Action.parse(action))), margin, share)


def site_values(lesson: Lesson, site: ProofSite, seed: int = PROOF_SEED) -> MoveValues:
    """The site's figures: the stored proof while its position is unchanged, else proved now."""
    stored = lesson.proofs.get(site.key)
    if stored is not None and stored[0] == site.fingerprint:
        return stored[1]
    return _prove_site(lesson, site, seed)


def prove_lesson(lesson: Lesson, seed: int = PROOF_SEED) -> dict[str, tuple[str, MoveValues]]:
    """Prove every site of ``lesson`` afresh with ``seed``: key -> (fingerprint, figures)."""
    return {site.key: (site.fingerprint, _prove_site(lesson, site, seed)) for site in proof_sites(lesson)}


def _prove_site(lesson: Lesson, site: ProofSite, seed: int) -> MoveValues:
    return prove(site_round(lesson, site), site.viewer, [site_claim(lesson, site)], seed,
                 values_shown=site.values_shown, win_bonus=site.win_bonus)


def proof_problems(lesson: Lesson, proofs: Mapping[str, tuple[str, MoveValues]] | None = None) -> list[str]:
    """Every best_move claim of ``lesson`` checked against ``proofs`` (default: its own
    stored ones, or a proof made now where its position changed)."""
    problems = []
    for site in proof_sites(lesson):
        try:
            rnd = site_round(lesson, site)
        except EngineError as exc:
            problems.append(f"{site.key}: the position does not load: {exc}")
            continue
        values = proofs[site.key][1] if proofs is not None else site_values(lesson, site)
        action, margin, share = site.claim
        problems += [f"{site.key}: {p}" for p in best_move_problems(rnd, site.viewer, action, margin, share, values,
                                                                     site.win_bonus)]
    return problems


def move_values(rnd: Round, viewer: int, win_bonus: int = 0) -> MoveValues:
    """The figures of any position from ``viewer``'s view (exact, or the most deals a proof
    samples), in points or, with ``win_bonus``, for the match."""
    return prove(rnd, viewer, win_bonus=win_bonus)


def _with_proofs(lesson: Lesson, stored: Mapping[str, tuple[str, MoveValues]]) -> Lesson:
    """``lesson`` with its stored proofs, its texts' figures filled and its task's values measured."""
    sites = proof_sites(lesson)
    proofs = {}
    for site in sites:
        entry = stored.get(site.key)
        if entry is None or entry[0] != site.fingerprint:
            why = "has no proof" if entry is None else "was proved for another position"
            raise LessonError(f"{lesson.id}: {site.key} {why}: run `python -m lessons prove {lesson.id}`")
        proofs[site.key] = entry
    try:
        steps = [s for s in sites if s.key != "task"]
        # the texts quote the proof of the lesson's one step claim
        values, action = (proofs[steps[0].key][1], site_claim(lesson, steps[0]).action) if len(steps) == 1 \
            else (None, None)
        texts = {lang: _filled(lang, text, values, action) for lang, text in lesson.texts.items()}
    except (EngineError, ValueError) as exc:
        raise LessonError(f"{lesson.id}: {exc}") from None
    task = lesson.task
    if "task" in proofs:
        measured = proofs["task"][1]
        shown = {a: round(v, 2) + 0.0 for a, v in zip(measured.actions, measured.expected)}
        task = replace(task, params={**task.params, "values": shown})
    return replace(lesson, texts=texts, task=task, proofs=proofs)


def _filled(lang: str, text: LessonText, values: MoveValues | None, action: str | None) -> LessonText:
    def f(s: str) -> str:
        return figures.fill(lang, s, values, action)

    return LessonText(title=f(text.title), summary=f(text.summary), body=f(text.body),
                      remember=tuple(f(r) for r in text.remember),
                      captions={k: f(v) for k, v in text.captions.items()},
                      task={k: f(v) for k, v in text.task.items()},
                      variants={k: f(v) for k, v in text.variants.items()})


# ---------------------------------------------------------------- strategy claims
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
def _claims(frame_round: Round, expect: Mapping[str, Any], viewer: int, steps_claim: bool = True) -> list[str]:
    """Every claim of ``expect`` that the engine does not confirm, as a message (best_move
    claims are left to :func:`proof_problems`)."""
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
        elif key == "standings":
            # the match's final ranking (engine.match.ranking): best first, equal totals share a rank
            standings = final_standings(rnd)
            if standings is None:
                problems.append("standings: the round is not over" if rnd.result is None
                                else "standings: the match is not over after this round")
                continue
            actual = [{"seat": s.side, "rank": s.rank, "total": s.total, "goat": s.goat} for s in standings]
            check("standings", actual, [{"goat": False, **row} for row in wanted])
        elif key == "unseen":
            view = rnd.view(viewer)
            for number, count in wanted.items():
                check(f"unseen[{number}]", view.unseen_count(int(number)), count)
        elif key == "unseen_pips":
            # what the viewer can count: 168 pips in a set, minus the table, minus its own hand
            table = sum(a + b for a, b in rnd.line)
            check("unseen_pips", 168 - table - sum(t.pips for t in rnd.hand(viewer)), wanted)
        elif key == "holds":
            for claim in (wanted if isinstance(wanted, list) else [wanted]):
                problems += holds_problems(rnd, viewer, claim)
        elif key == "best_move":
            if not steps_claim:
                problems.append("best_move: only a step may claim a best move (the proofs are made per step)")
            # else proved per site by proof_problems
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
        problems += [f"variant {variant.overlay}: {p}"
                     for p in _claims(last.round, variant.expect, lesson.viewer, steps_claim=False)]
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
    problems += proof_problems(lesson)
    if lesson.task:
        problems += _task_problems(lesson)
    return problems


def _task_problems(lesson: Lesson) -> list[str]:
    """The task must load and its question must have an engine answer that checks right."""
    from puzzles import questions  # lessons reuse the puzzles' question kinds

    task = lesson.task
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
    if task.kind == "touch_move" and not {str(a.tile) for a in rnd.legal_actions() if a.is_placement} - {
            str(task.params.get("tile"))}:
        return ["task: no other tile fits, so touch-move decides nothing here"]
    if task.kind in ("play_legal", "capicu_play", "fives_best", "touch_move") and isinstance(expected, list):
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
        # its claim (the move, a clear margin, most deals) is proved by proof_problems
        site = next(s for s in proof_sites(lesson) if s.key == "task")
        return [f"task: {p}" for p in _shown_value_problems(params.get("values"), site_values(lesson, site))]
    return []


def _shown_value_problems(shown: Mapping[str, Any] | None, values: MoveValues) -> list[str]:
    """The values a task shows after a wrong tap must be its proof's, to one decimal."""
    if shown is None:
        return ["values: a best_move task shows every move's value (filled from its proof)"]
    problems = []
    if sorted(shown) != sorted(values.actions):
        problems.append(f"values: the task lists {sorted(shown)}, the legal moves are {sorted(values.actions)}")
    for action, value in shown.items():
        if action in values.actions and abs(float(value) - values.value(action)) > 0.05 + 1e-9:
            problems.append(f"values[{action}]: the task says {value}, the proof {values.value(action):.2f}")
    return problems


__all__ = [
    "Course", "Frame", "Game", "LANGUAGES", "Lesson", "LessonError", "LessonText", "MIN_BEST_SHARE",
    "MIN_TASK_MARGIN", "MoveValues", "ProofSite", "Step", "Task", "Variant", "best_move_problems", "final_standings",
    "holds_problems", "load_course", "load_lesson", "move_values", "proof_problems", "proof_sites",
    "prove_lesson", "site_claim", "site_round", "site_values", "validate_lesson",
]
