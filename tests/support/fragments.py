"""Every ``st.fragment`` a page declares in AppTest, with the fragment it was declared in.

A fragment declared while another fragment runs is nested: when the outer one reruns,
Streamlit drops the outer run's queued writes but keeps the inner fragment's, which can
then reach the browser addressed to places its page does not have ("Bad delta path index
7 (should be between [0, 2])", a blank screen: docs/tables.md, Known issues). These helpers
wrap Streamlit's fragment storage to record each declaration at run time::

    declared = record_fragments(monkeypatch)
    ...  # run pages in AppTest
    assert not nested(declared), describe(nested(declared))
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NamedTuple

from streamlit.runtime import fragment as st_fragment

ROOT = Path(__file__).resolve().parents[2]


class Declared(NamedTuple):
    """One fragment declared in a run: its id, the id of the fragment running when it was
    declared (None: at the page's top level), the function it runs and where in the
    project's code it was declared (``ui/parts/hint_view.py:190``)."""

    id: str
    parent: str | None
    name: str
    where: str


def _origin() -> tuple[str, str]:
    """The declared function's name and the innermost line of the project's code on the stack."""
    name, where = "?", "?"
    frame = sys._getframe(2)
    while frame is not None:
        if name == "?" and frame.f_code.co_name == "wrap" and "non_optional_func" in frame.f_locals:
            func = frame.f_locals["non_optional_func"]
            name = getattr(func, "__qualname__", None) or getattr(func, "__name__", repr(func))
        path = Path(frame.f_code.co_filename)
        if where == "?" and path.is_relative_to(ROOT) and ".venv" not in path.parts and "tests" not in path.parts:
            where = f"{path.relative_to(ROOT)}:{frame.f_lineno}"
        if name != "?" and where != "?":
            break
        frame = frame.f_back
    return name, where


def record_fragments(monkeypatch) -> list[Declared]:
    """Record every fragment declared from now on (until ``monkeypatch`` is undone), in order."""
    seen: list[Declared] = []
    register = st_fragment.MemoryFragmentStorage.register

    def recording(self, key, fragment, *, parent_fragment_id=None, **kwargs):
        seen.append(Declared(key, parent_fragment_id, *_origin()))
        return register(self, key, fragment, parent_fragment_id=parent_fragment_id, **kwargs)

    monkeypatch.setattr(st_fragment.MemoryFragmentStorage, "register", recording)
    return seen


def nested(declared: list[Declared]) -> list[Declared]:
    """The fragments declared inside another fragment."""
    return [entry for entry in declared if entry.parent is not None]


def describe(entries: list[Declared], declared: list[Declared] | None = None) -> str:
    """Each nested fragment and the fragment it was declared in, for a failure's message."""
    outer = {d.id: d for d in declared or entries}
    lines = []
    for entry in entries:
        parent = outer.get(entry.parent)
        inside = f"{parent.name} ({parent.where})" if parent is not None else entry.parent
        lines.append(f"{entry.name} ({entry.where}) inside {inside}")
    return "; ".join(lines)
