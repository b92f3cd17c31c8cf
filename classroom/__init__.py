"""The classroom: the live quiz (``quiz``, its pulse for the live feed in
``quiz_pulse``), seating a class at tables (``seating``) and the end-of-lesson report
(``report``). See docs/architecture.md and docs/classroom.md.

Stands on ``matches`` (a class plays at ordinary tables), ``strategy``, ``progress`` and
``storage``.
"""
