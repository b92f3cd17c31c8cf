"""The engine's modules stand on floors: every import points down, none up.

Each module of engine/ is parsed with ``ast`` and every import is counted: at the top,
inside functions and under ``if TYPE_CHECKING`` alike, since an import moved into a
function still ties the two modules in a circle (that is how inference, knowledge, round
and scoring used to be knotted together)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.imports import find_cycle as _cycle

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MODULES = sorted(p.stem for p in ENGINE.glob("*.py"))


def _imports(name: str, source: str | None = None) -> set[str]:
    """The engine modules ``engine/<name>.py`` (or ``source``) imports, anywhere in its code."""
    if source is None:
        source = (ENGINE / f"{name}.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    out: set[str] = set()

    def module(dotted: str) -> None:
        if dotted == "":
            out.add("__init__")
        elif dotted.split(".")[0] in MODULES:
            out.add(dotted.split(".")[0])

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "engine" or alias.name.startswith("engine."):
                    module(alias.name[len("engine."):] if "." in alias.name else "")
        elif isinstance(node, ast.ImportFrom):
            if node.level > 1 or (node.level == 0 and not (node.module or "").startswith("engine")):
                continue  # outside the engine
            base = node.module or ""
            if node.level == 0:
                base = base[len("engine."):] if "." in base else ""
            if base:
                module(base)
            else:  # ``from . import x``: a submodule, or a name of the package itself
                for alias in node.names:
                    out.add(alias.name if alias.name in MODULES else "__init__")
    out.discard(name)
    return out


GRAPH = {name: _imports(name) for name in MODULES}


def _below(name: str) -> set[str]:
    """Every engine module ``name`` reaches by imports."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        for nxt in GRAPH[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_the_engine_has_no_import_cycle():
    cycle = _cycle(GRAPH)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_checker_sees_imports_in_functions_and_type_checking_blocks():
    """The parser finds what a cycle would hide behind: a function-level import and a
    TYPE_CHECKING one (checked on a made-up graph, so the test does not depend on them)."""
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .round import Round\n"
              "def f():\n    from . import scoring\n    import engine.tiles\n")
    assert _imports("probe", source) == {"round", "scoring", "tiles"}
    assert _imports("probe", "from engine import Round\nfrom .. import other\n") == {"__init__"}
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_the_floors_the_inference_and_settlement_stand_on():
    """The view's data and the settlement know only tiles, actions and rules; the deal
    model and what it proves know views and plain deals, never a Round; the round is
    below the inference that turns deals into rounds."""
    floor = {"errors", "tiles", "actions", "rules"}
    assert _below("view") <= floor
    assert _below("scoring") <= floor
    for name in ("evidence", "deal_model", "holdings", "knowledge"):
        assert "round" not in _below(name), name
    assert "round" in GRAPH["inference"] and "inference" not in _below("round")
