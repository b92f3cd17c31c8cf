"""Where things are saved and how: the database URL, the schema and the shared
engines (``database``), the errors of saved progress (``errors``), the join codes of
quizzes and tables (``join_codes``), and the watch on an SQLite file
(``file_watch``, ``sqlite_peek``). See docs/architecture.md.

Plumbing: it imports the engine's error base only; the features build on it, the
pages never import it.
"""
