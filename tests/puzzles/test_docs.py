"""docs/puzzles.md against the code: the figures the page gives are the ones the code uses
(one source: the code; the page is tested against it, so it cannot drift)."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from puzzles import PUZZLE_TYPES

DOC = Path(__file__).resolve().parents[2] / "docs" / "puzzles.md"
#: Where a constant the page names without its module is looked for.
MODULES = ("puzzles.generators.best_move", "puzzles.generators.best_move_proof", "puzzles.generators.best_move_bank",
           "puzzles.generators.where_tile", "puzzles.generators.fives", "puzzles.generators.kozel",
           "puzzles.quality", "puzzles.daily", "puzzles.pipeline", "puzzles.explain")


def _band_rows() -> dict[str, tuple[float, float]]:
    """The band table: "type" or "type / kind" -> (easy <, hard ≥)."""
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("| type / kind | easy < | hard ≥ |"):].split("\n\n", 1)[0]
    rows = {}
    for row in table.splitlines()[2:]:
        name, low, high = (cell.strip() for cell in row.strip("|").split("|"))
        assert name not in rows, name
        rows[name] = (float(low), float(high))
    return rows


def test_the_band_cuts_in_the_doc_are_the_codes():
    expected = {}
    for name, spec in PUZZLE_TYPES.items():
        if len(spec.kinds) == 1:
            expected[name] = spec.cuts_for(spec.kinds[0])
        else:
            expected.update({f"{name} / {kind}": spec.cuts_for(kind) for kind in spec.kinds})
    assert _band_rows() == expected


def _value(name: str, module: str | None):
    """The constant a name stands for: in the module given, or the one module of
    :data:`MODULES` that defines it (a name several define must say its module)."""
    candidates = [f"puzzles.generators.{module}", f"puzzles.{module}"] if module else list(MODULES)
    found = []
    for path in candidates:
        try:
            mod = importlib.import_module(path)
        except ModuleNotFoundError:
            continue
        if name in vars(mod):
            found.append(vars(mod)[name])
    assert found, f"docs/puzzles.md names {name}, which no module defines"
    assert module or len(found) == 1, f"docs/puzzles.md names {name} without its module, and several define it"
    return found[0]


def test_every_constant_the_doc_gives_is_the_codes():
    """Every `NAME = value` (or `module.NAME = value`) written on the page."""
    text = DOC.read_text(encoding="utf-8")
    found = re.findall(r"`(?:(\w+)\.)?([A-Z][A-Z0-9_]+) = ([^`]+)`", text)
    assert len(found) >= 8
    for module, name, literal in found:
        assert _value(name, module or None) == ast.literal_eval(literal), (module, name, literal)
