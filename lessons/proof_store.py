"""A lesson's proven figures, kept beside its script in ``proof.yaml``.

Proving a 1 v 1 position samples thousands of deals, too slow to do on every load or in
the normal test suite, so ``python -m lessons prove`` proves once and writes the figures
here. Each entry carries the fingerprint of the script data its position is made from
(the rules, the start and the steps up to it, or the task's position, and the viewer):
a stored figure is only used while that data is unchanged.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Mapping

import yaml

from language.catalogs import read_yaml

from .proof import MoveValues

PROOF_FILE = "proof.yaml"
HEADER = ("# The figures that prove this lesson's strategy claims (docs/lessons.md), written by\n"
          "# `python -m lessons prove {lesson_id}`. Do not edit: prove again after changing the script.\n")


def fingerprint(data: Any) -> str:
    """The first 16 hex digits of the SHA-256 of ``data`` as canonical JSON."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def read(folder: Path) -> dict[str, tuple[str, MoveValues]]:
    """Key ("step 1", "task") -> (fingerprint, figures); empty when the lesson has no proof file."""
    path = folder / PROOF_FILE
    if not path.exists():
        return {}
    data = read_yaml(path)
    return {str(key): (str(entry["fingerprint"]), MoveValues.from_dict(entry)) for key, entry in data.items()}


def dump(lesson_id: str, proofs: Mapping[str, tuple[str, MoveValues]]) -> str:
    body = {key: {"fingerprint": fp, **values.to_dict()} for key, (fp, values) in proofs.items()}
    return HEADER.format(lesson_id=lesson_id) + yaml.safe_dump(body, sort_keys=False, allow_unicode=True,
                                                               default_flow_style=None, width=110)


def write(folder: Path, lesson_id: str, proofs: Mapping[str, tuple[str, MoveValues]]) -> None:
    (folder / PROOF_FILE).write_text(dump(lesson_id, proofs), encoding="utf-8")


__all__ = ["PROOF_FILE", "dump", "fingerprint", "read", "write"]
