"""Capicú's rules engine: six dominoes games as pure, exact, fast Python.

>>> from engine import Rules, deal
>>> r = deal(Rules.preset("laplaza_partners"), seed=1)
>>> str(r.legal_actions()[0])
'lead 6-6'
"""

from .actions import ACTIONS, DRAW_ACTION, PASS_ACTION, Action
from .dealing import deal, deal_from, lot_winner, shuffled_tiles
from .errors import EngineError, IllegalActionError, NotationError, PositionError, RulesError
from .knowledge import SeatView
from .match import Match, Standing, add_result, is_shutout, match_outcome, ranking
from .notation import dumps, loads, position_from_dict, position_to_dict
from .round import Round, lead_requirement
from .rules import OVERLAYS, PRESET_NAMES, PRESETS, Rules, overlays_for
from .scoring import BLOCK, DOMINO, TARGET, RoundResult, fives_points, round_to_5
from .tiles import TILES, Tile, kozel_priority_key, lot_key

__all__ = [
    "ACTIONS", "Action", "BLOCK", "DOMINO", "DRAW_ACTION", "EngineError", "IllegalActionError",
    "Match", "NotationError", "OVERLAYS", "PASS_ACTION", "PRESETS", "PRESET_NAMES", "PositionError",
    "Round", "RoundResult", "Rules", "RulesError", "SeatView", "Standing", "TARGET", "TILES", "Tile",
    "add_result", "deal", "deal_from", "dumps", "fives_points", "is_shutout", "kozel_priority_key",
    "lead_requirement", "loads", "lot_key", "lot_winner", "match_outcome", "overlays_for",
    "position_from_dict", "position_to_dict", "ranking", "round_to_5", "shuffled_tiles",
]
