"""Capicú's strategy core: exact solver, hidden-information evaluation, bots, duels.

It reads ``engine/`` only; the engine stays the single source of truth for legality
and scoring.
"""
