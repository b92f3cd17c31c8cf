"""Matches and tables: a match against the bots (``game``), a table of people
(``table``, kept by ``table_store``, its grades in ``table_grades``), a match in
progress (``live_match``), the record of a real round (``companion``) and the review
of a table's or a record's choices (``table_review``). See docs/architecture.md.

Stands on ``strategy`` (bots, reviews), ``progress`` and ``storage``; the classroom and the
pages stand on it.
"""
