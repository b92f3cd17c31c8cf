"""The themes tagger against positions checked by hand (issue 45 item 3).

``bench/data/theme_checks.json`` holds positions of the best-move bank (the banked answer
against its runner-up) and of casual bots' moves in seeded games (Goat and Partners; the
bot's move against the best move of a 150-deal evaluation). For each, the themes that truly
say what the better move does were judged by hand from the position, with a one-line why,
and never copied from the tagger. This bench replays every position with the engine, tags
it with :func:`strategy.themes.themes_of` and prints:

* **precision**: the share of the tagger's tags that the hand check also gives (an
  ``other`` counts as a tag: right when the hand check found no theme either);
* **recall**: the share of the hand-checked themes the tagger finds;
* the same on the positions marked ``held_out``, judged after the rules were last
  changed, so none of them shaped a rule;
* every position has at least one tag (``other`` when no rule applies);
* the precision of each theme, and every disagreement, so a rule can be fixed.

The goal is a precision of at least 90% (docs/themes.md records the figures).

    .venv/bin/python bench/theme_precision.py            # about a second
    .venv/bin/python bench/theme_precision.py --quiet    # the figures only
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Rules, deal  # noqa: E402
from strategy.themes import THEMES, themes_of  # noqa: E402

CHECKS = Path(__file__).resolve().parent / "data" / "theme_checks.json"
#: the precision the tagger must reach (issue 45: at least 90% of tags right)
GOAL = 0.90


def load(path: Path = CHECKS) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["positions"]


def tag(position: dict) -> tuple[str, ...]:
    """The tagger's themes for one checked position, replayed from its deal and moves."""
    rnd = deal(Rules.preset(position["preset"], position["players"]), position["deal"])
    for action in position["history"]:
        rnd.apply(action)
    return themes_of(rnd.view(rnd.turn), position["played"], position["best"], position["values"])


def measure(positions: list[dict]) -> dict:
    given = right = wanted = found = 0
    per_theme: dict[str, Counter] = {t: Counter() for t in THEMES}
    wrong, untagged = [], []
    for p in positions:
        tags, truth = tag(p), set(p["tags"])
        if not tags:
            untagged.append(p["id"])
        for t in tags:
            ok = t in truth
            given += 1
            right += ok
            per_theme[t]["given"] += 1
            per_theme[t]["right"] += ok
        real = truth - {"other"}
        wanted += len(real)
        found += len(real & set(tags))
        if set(tags) != truth:
            wrong.append((p["id"], tags, sorted(truth), p["why"]))
    return {"positions": len(positions), "tags": given, "right": right, "precision": right / given if given else 0.0,
            "recall": found / wanted if wanted else 1.0, "untagged": untagged, "per_theme": per_theme,
            "disagreements": wrong}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quiet", action="store_true", help="print the figures only")
    args = parser.parse_args(argv)
    positions = load()
    m = measure(positions)
    print(f"positions {m['positions']}, tags {m['tags']}, right {m['right']}: precision {m['precision']:.1%} "
          f"(goal {GOAL:.0%}), recall {m['recall']:.1%}, positions without a tag {len(m['untagged'])}")
    held = measure([p for p in positions if p.get("held_out")])
    print(f"held out (judged after the rules were last changed): positions {held['positions']}, tags {held['tags']}, "
          f"right {held['right']}: precision {held['precision']:.1%}, recall {held['recall']:.1%}")
    if not args.quiet:
        print("\ntheme            tags  right  precision")
        for theme, c in m["per_theme"].items():
            if c["given"]:
                print(f"{theme:15} {c['given']:5} {c['right']:6}  {c['right'] / c['given']:9.0%}")
        print(f"\n{len(m['disagreements'])} positions where the tags differ from the hand check:")
        for pid, tags, truth, why in m["disagreements"]:
            print(f"  {pid}: tagger {' '.join(tags)} | hand {' '.join(truth)} | {why}")
    return 0 if m["precision"] >= GOAL and not m["untagged"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
