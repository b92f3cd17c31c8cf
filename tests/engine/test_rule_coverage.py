"""Every rule ID of docs/rules.md has a golden test, and the reference states every rule
the engine and its tests follow.

A rule counts as tested when a test in this folder names it: ``PT-04`` anywhere in the
source (a docstring or a comment), or ``pt04`` as a word of a test function's name
(``test_pt04_the_holder_of_6_6_…``, ``test_c13_c14_…``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RULES_MD = REPO / "docs" / "rules.md"
DECISIONS_MD = REPO / "docs" / "rules-decisions.md"
HERE = Path(__file__).resolve().parent

FAMILIES = ("C", "PT", "BV", "AF", "DR", "BK", "KZ")
_ROW = re.compile(r"^\|\s*((?:%s)-\d{2})\s*\|" % "|".join(FAMILIES), re.MULTILINE)
_NAME_WORD = re.compile(r"^(%s)(\d{2})$" % "|".join(f.lower() for f in FAMILIES))


def rule_ids(text: str) -> list[str]:
    """The IDs that open a row of a rules table, in file order.

    >>> rule_ids("| C-01 | Double-six set |\\n| PT-14 | Match |\\nsee C-02 in prose")
    ['C-01', 'PT-14']
    """
    return _ROW.findall(text)


def ids_named_in_tests(folder: Path) -> set[str]:
    found: set[str] = set()
    for path in folder.glob("test_*.py"):
        source = path.read_text(encoding="utf-8")
        found.update(re.findall(r"\b(?:%s)-\d{2}\b" % "|".join(FAMILIES), source))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                for word in node.name.split("_"):
                    match = _NAME_WORD.match(word)
                    if match:
                        found.add(f"{match.group(1).upper()}-{match.group(2)}")
    return found


def test_rule_id_parser_reads_table_rows_only():
    assert rule_ids("| KZ-12 | fish |\n| A-05 | x |\nKZ-13 in a sentence") == ["KZ-12"]


def test_every_rule_id_of_rules_md_has_a_test():
    ids = rule_ids(RULES_MD.read_text(encoding="utf-8"))
    assert len(ids) > 80                             # the parser found the tables
    for family in FAMILIES:
        assert any(i.startswith(family + "-") for i in ids), family
    tested = ids_named_in_tests(HERE)
    missing = [i for i in ids if i not in tested]
    assert not missing, f"rules without a golden test: {', '.join(missing)}"


def test_every_rule_a_golden_test_pins_is_stated_in_rules_md():
    stated = set(rule_ids(RULES_MD.read_text(encoding="utf-8")))
    lost = sorted(ids_named_in_tests(HERE) - stated)
    assert not lost, f"tests pin rules that docs/rules.md no longer states: {', '.join(lost)}"


#: where the code and the docs cite rules ("rules.md PT-09", "A-25", "D-13")
CITING = ("engine", "strategy", "puzzles", "lessons", "language", "progress", "ui", "tests", "docs")
_CITED = re.compile(r"\b(?:(?:%s|A)-\d{2}|D-\d{2})\b" % "|".join(FAMILIES))


def defined_ids() -> set[str]:
    """Rule rows of rules.md, its decisions (**A-nn …**) and those of rules-decisions.md (**D-nn …**)."""
    rules = RULES_MD.read_text(encoding="utf-8")
    decisions = DECISIONS_MD.read_text(encoding="utf-8")
    return (set(rule_ids(rules)) | set(re.findall(r"^\*\*(A-\d{2})\b", rules, re.MULTILINE))
            | set(re.findall(r"^\*\*(D-\d{2})\b", decisions, re.MULTILINE)))


def test_every_rule_cited_in_the_repository_is_defined_in_the_reference():
    defined = defined_ids()
    assert {"A-01", "A-36", "D-01", "D-24"} <= defined       # the parser found both pages
    undefined: dict[str, set[str]] = {}
    for folder in CITING:
        for path in (REPO / folder).rglob("*"):
            if path.suffix not in (".py", ".md", ".yaml", ".js") or ".venv" in path.parts:
                continue
            for cited in set(_CITED.findall(path.read_text(encoding="utf-8", errors="replace"))) - defined:
                undefined.setdefault(cited, set()).add(str(path.relative_to(REPO)))
    assert not undefined, f"rules cited but not defined in docs/rules*.md: {undefined}"


def test_rules_md_lists_every_option_preset_and_table_variant_of_the_engine():
    from engine.rules import OPTION_VALUES, OVERLAYS, PRESET_NAMES

    text = RULES_MD.read_text(encoding="utf-8")
    for name, allowed in OPTION_VALUES.items():     # §3.1: one row per option, with its values
        row = re.search(r"^\| *\d+ *\| `%s` \|([^|]*)\|" % name, text, re.MULTILINE)
        assert row, f"option {name} is not in rules.md §3.1"
        for value in allowed or ():
            if isinstance(value, str):
                assert f"`{value}`" in row.group(1), f"{name} = {value} is not in rules.md §3.1"
    presets = re.search(r"^\| Option \|(.*)\|$", text, re.MULTILINE)
    assert presets and [p.strip(" `") for p in presets.group(1).split("|")] == list(PRESET_NAMES)
    for overlay in OVERLAYS:                        # §3.3
        assert re.search(r"^\|[^|]*`%s`" % overlay, text, re.MULTILINE), f"table variant {overlay} is not in §3.3"
