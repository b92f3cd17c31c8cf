"""Capicú as an installed program: the ``capicu`` command (:mod:`capicu.cli`) and the
files Streamlit runs (capicu/web/: the app's main script, its routes, its settings).

The school itself lives in the other packages (engine, strategy, lessons, puzzles, ui, ...);
this package only starts it. docs/deploy.md, "Install with pip".
"""
