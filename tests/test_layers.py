"""The packages stand on floors (README and docs/architecture.md: ui → classroom → matches →
progress → storage, every feature → strategy → engine, with the one language layer just
above the engine): every import points down, no two packages import each other, and no
modules of a package, nor the pages' parts of two features, import each other in a circle.

Every module is parsed with ``ast``, and every import counts: at the top, inside a
function or under ``if TYPE_CHECKING`` alike (an import moved into a function still ties
two modules together: that is how ``puzzles.explain`` and ``puzzles.model`` were knotted).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support.imports import find_cycle as _cycle

ROOT = Path(__file__).resolve().parents[1]
#: what each package may import of the others
ALLOWED = {
    "engine": set(),
    # the queue's plumbing (jobs/): a base layer, it knows no work of ours
    "jobs": set(),
    "language": {"engine"},
    "strategy": {"engine", "jobs"},
    "storage": {"engine"},
    "progress": {"engine", "storage"},
    "puzzles": {"engine", "language", "strategy", "jobs"},
    "lessons": {"engine", "language", "puzzles", "strategy", "jobs"},
    "matches": {"engine", "jobs", "progress", "storage", "strategy"},
    "classroom": {"engine", "jobs", "language", "matches", "progress", "storage", "strategy"},
    # the pages never import storage/: what they need of it, progress/ re-exports
    "ui": {"engine", "language", "lessons", "progress", "puzzles", "strategy", "jobs", "classroom", "matches"},
}
#: the parts of the pages that share a feature (ui/parts/<feature>/), and what each may import
#: of the others: a feature's parts stand on the shared ones, never beside each other in a circle
UI_FEATURES = {
    "ui.parts.live": set(),
    "ui.parts.play": set(),
    "ui.parts.tables": {"ui.parts.live", "ui.parts.play"},
    "ui.parts.classroom": {"ui.parts.live", "ui.parts.play", "ui.parts.tables"},
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The project modules ``path`` imports anywhere in its code (dotted names)."""
    return _imports_of_source(path.read_text(encoding="utf-8"), path)


def _imports_of_source(source: str, path: Path) -> set[str]:
    tree = ast.parse(source)
    here = _module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # a submodule, or a name in one
    return {name for name in found if name.split(".")[0] in ALLOWED}


MODULES = {_module_name(p): p for pkg in ALLOWED for p in (ROOT / pkg).rglob("*.py")}
GRAPH = {name: {m for m in _imports(path) if m in MODULES and m != name} for name, path in MODULES.items()}


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_every_import_points_down(package):
    wrong = sorted(f"{name} imports {other}" for name, path in MODULES.items() if name.split(".")[0] == package
                   for other in _imports(path) if other.split(".")[0] not in ALLOWED[package] | {package})
    assert not wrong, wrong


@pytest.mark.parametrize("package", sorted(set(ALLOWED) - {"ui"}))
def test_no_import_circle_inside_a_package(package):
    inside = {n: {m for m in GRAPH[n] if m.split(".")[0] == package} for n in GRAPH if n.split(".")[0] == package}
    # a package's __init__ gathers its modules; a module importing its package's name from
    # __init__ is the usual re-export, not a circle of two modules
    for name in inside:
        inside[name].discard(package)
    assert _cycle(inside) is None, " → ".join(_cycle(inside))


def test_the_checker_finds_a_circle_through_a_function_level_import():
    source = "def f():\n    from .explain import puzzle_dict\n"
    model = ROOT / "puzzles" / "model.py"
    knotted = {**GRAPH, "puzzles.model": GRAPH["puzzles.model"] | {
        m for m in _imports_of_source(source, model) if m in MODULES}}
    inside = {n: {m for m in knotted[n] if m.startswith("puzzles.")} for n in knotted if n.startswith("puzzles.")}
    assert _cycle(inside) is not None
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_floors_are_one_way():
    """ALLOWED itself has no circle: no two packages may each import the other."""
    assert _cycle({p: set(allowed) for p, allowed in ALLOWED.items()}) is None


def test_no_import_circle_between_packages():
    packages = {p: set() for p in ALLOWED}
    for name, others in GRAPH.items():
        packages[name.split(".")[0]].update(o.split(".")[0] for o in others if o.split(".")[0] != name.split(".")[0])
    assert _cycle(packages) is None, " → ".join(_cycle(packages))


def test_no_import_circle_in_the_pages():
    inside = {n: {m for m in GRAPH[n] if m.startswith("ui.")} for n in GRAPH if n.startswith("ui.")}
    packages = {n for n, path in MODULES.items() if path.name == "__init__.py"}
    for name in inside:
        inside[name] -= packages  # a package's __init__ gathers its modules: the usual re-export
    assert _cycle(inside) is None, " → ".join(_cycle(inside))


def _ui_feature(name: str) -> str | None:
    return next((f for f in UI_FEATURES if name == f or name.startswith(f + ".")), None)


def test_the_parts_of_a_feature_import_down():
    wrong = sorted(f"{name} imports {other}" for name in GRAPH if _ui_feature(name)
                   for other in GRAPH[name] if _ui_feature(other)
                   and _ui_feature(other) not in UI_FEATURES[_ui_feature(name)] | {_ui_feature(name)})
    assert not wrong, wrong


def test_the_checker_finds_an_upward_import_and_a_circle_between_packages():
    """The checks above fail on a made-up upward import (strategy importing a match) and a
    made-up circle (matches importing the classroom, which imports matches)."""
    source = "from matches.game import Game\n"
    review = ROOT / "strategy" / "review.py"
    up = {m for m in _imports_of_source(source, review) if m.split(".")[0] not in ALLOWED["strategy"] | {"strategy"}}
    assert up == {"matches.game", "matches.game.Game"}
    knotted = {"matches": {"classroom"}, "classroom": {"matches"}}
    assert _cycle(knotted) == ["classroom", "matches", "classroom"]
