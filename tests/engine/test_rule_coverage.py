"""Every rule ID of rules.md has a golden test.

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
RULES_MD = REPO / ".." / "shared" / "rules.md"
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


@pytest.mark.skipif(not RULES_MD.is_file(), reason="shared/rules.md is not beside the repository")
def test_every_rule_id_of_rules_md_has_a_test():
    ids = rule_ids(RULES_MD.read_text(encoding="utf-8"))
    assert len(ids) > 80                             # the parser found the tables
    for family in FAMILIES:
        assert any(i.startswith(family + "-") for i in ids), family
    tested = ids_named_in_tests(HERE)
    missing = [i for i in ids if i not in tested]
    assert not missing, f"rules without a golden test: {', '.join(missing)}"
