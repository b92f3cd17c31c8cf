"""The personal puzzles' parts: where they are kept (book), one on screen (card), its words (explain)."""
