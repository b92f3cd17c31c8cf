"""``python -m puzzles``: see puzzles/cli.py."""

from .cli import main

raise SystemExit(main())
