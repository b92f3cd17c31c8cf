"""Rule options, the six presets and the table-variant overlays (rules.md §3).

A :class:`Rules` value is one frozen set of named options. Presets are the seed
games; overlays are table variants that override a few options.

>>> r = Rules.preset("laplaza_partners")
>>> r.num_players, r.first_lead, r.target, r.sides
(4, 'holder_66_forced', 100, 2)
>>> Rules.preset("laplaza_partners", overlays=["capicu_25", "target_kort_50"]).capicu_bonus
25
>>> Rules.preset("all_fives", players=3).hand_size
5
>>> Rules.preset("kozel", players=3).stock_size
7
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any, Iterable, Mapping

from .errors import RulesError
from .tiles import NUM_TILES

# Option name -> allowed values. ``None`` means "an int checked by its own rule".
# Values only this first engine leaves out (spinners) are named in UNSUPPORTED.
OPTION_VALUES: dict[str, tuple | None] = {
    "num_players": (2, 3, 4),
    "partnerships": ("none", "opposite"),
    "table_direction_label": ("right", "left"),
    "hand_size": None,
    "stock_mode": ("none", "sleeping", "draw"),
    "stock_reserve": None,
    "draw_rule": ("until_playable",),
    "must_play": (True,),
    "voluntary_draw": (False, True),
    "first_lead": ("holder_66_forced", "lot_any", "kozel_priority", "seat_any"),
    "lot_order": ("sum_then_high_half",),
    "next_lead_after_domino": ("player_out", "rotate", "kozel_priority"),
    "next_lead_after_block": ("blocker", "block_winner", "rotate", "lot", "abw333", "kozel_priority"),
    "next_lead_after_block_tie": ("blocker", "rotate", "previous_leader", "lot", "kozel_priority"),
    "spinner": ("none",),
    "double_end_value": ("single", "both_halves"),
    "in_play_scoring": ("none", "fives"),
    "domino_points": ("all_hands", "losing_side_only"),
    "block_winner": ("lowest_pips", "blocker"),
    "block_compare": ("side_total", "individual"),
    "block_points": ("all_hands", "losing_side_only", "diff_per_loser", "diff_once"),
    "block_tie": ("no_score", "lightest_tile", "blocker_side"),
    "end_rounding": ("none", "nearest_5"),
    "capicu_bonus": (0, 25, 30),
    "shutout_flag": (True,),
    "match_mode": ("race", "penalty"),
    "target": None,
    "target_check": ("end_of_round", "immediate"),
    "penalty_limit": None,
    "penalty_zero_for": ("out_and_fish_maker",),
    "block_declaration": ("stock_exhausted", "dead_board_immediate"),
    "touch_move": ("off", "on"),
}
UNSUPPORTED = {"spinner": "first_double and all_doubles come later (rules.md A-01)"}
RACE_TARGETS = (50, 100, 150, 200, 500)
#: A number option on the command line: ASCII digits, at most this many (no rule needs more).
MAX_OPTION_DIGITS = 18
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")

PRESET_NAMES = ("laplaza_partners", "laplaza_1v1", "all_fives", "draw", "block", "kozel")

_SEED_002 = dict(
    partnerships="none",
    table_direction_label="left",
    hand_size={2: 7, 3: 5, 4: 5},
    stock_mode="draw",
    first_lead="lot_any",
    next_lead_after_domino="player_out",
    next_lead_after_block="block_winner",
    next_lead_after_block_tie="lot",
    domino_points="all_hands",
    block_compare="individual",
    block_points="diff_per_loser",
    block_tie="no_score",
    target=100,
)
_LA_PLAZA = dict(
    table_direction_label="right",
    hand_size=7,
    next_lead_after_domino="player_out",
    next_lead_after_block="blocker",
    next_lead_after_block_tie="blocker",
    domino_points="all_hands",
    block_points="all_hands",
    block_tie="no_score",
    target=100,
)

#: Preset name -> (allowed player counts, options that differ from the defaults).
PRESETS: dict[str, tuple[tuple[int, ...], dict[str, Any]]] = {
    "laplaza_partners": (
        (4,),
        dict(_LA_PLAZA, partnerships="opposite", stock_mode="none", first_lead="holder_66_forced",
             block_compare="side_total"),
    ),
    "laplaza_1v1": (
        (2,),
        dict(_LA_PLAZA, partnerships="none", stock_mode="draw", first_lead="lot_any",
             block_compare="individual"),
    ),
    "all_fives": ((2, 3, 4), dict(_SEED_002, in_play_scoring="fives", target=200, target_check="immediate")),
    "draw": ((2, 3, 4), dict(_SEED_002)),
    "block": ((2, 3, 4), dict(_SEED_002, stock_mode="sleeping")),
    "kozel": (
        (2, 3, 4),
        dict(
            partnerships="none",
            table_direction_label="left",
            hand_size=7,
            stock_mode="draw",
            first_lead="kozel_priority",
            next_lead_after_domino="kozel_priority",
            next_lead_after_block="kozel_priority",
            next_lead_after_block_tie="kozel_priority",
            match_mode="penalty",
            penalty_limit=101,
        ),
    ),
}

_LA_PLAZA_PRESETS = ("laplaza_partners", "laplaza_1v1")
_WITH_STOCK = ("laplaza_1v1", "all_fives", "draw", "kozel")

#: Overlay name -> (presets it applies to, option overrides). rules.md §3.3.
OVERLAYS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "target_kort_50": (_LA_PLAZA_PRESETS, {"target": 50}),
    "target_klassiek_100": (_LA_PLAZA_PRESETS, {"target": 100}),
    "target_150": (_LA_PLAZA_PRESETS, {"target": 150}),
    "target_lang_200": (_LA_PLAZA_PRESETS, {"target": 200}),
    "target_500": (_LA_PLAZA_PRESETS, {"target": 500}),
    "capicu_25": (_LA_PLAZA_PRESETS, {"capicu_bonus": 25}),
    "capicu_30": (_LA_PLAZA_PRESETS, {"capicu_bonus": 30}),
    "fid": (
        _LA_PLAZA_PRESETS,
        {
            "first_lead": "lot_any",
            "next_lead_after_domino": "rotate",
            "next_lead_after_block": "rotate",
            "next_lead_after_block_tie": "rotate",
            "capicu_bonus": 0,
            "domino_points": "all_hands",
            "block_points": "all_hands",
        },
    ),
    "blocker_wins": (_LA_PLAZA_PRESETS, {"block_winner": "blocker"}),
    "losing_side_only": (_LA_PLAZA_PRESETS, {"domino_points": "losing_side_only", "block_points": "losing_side_only"}),
    "pt_1v1_66_lead": (("laplaza_1v1",), {"first_lead": "holder_66_forced"}),
    "dead_board_call": (_WITH_STOCK, {"block_declaration": "dead_board_immediate"}),
    "kozel_limit_101": (("kozel",), {"penalty_limit": 101}),
    # The spinner of pagat's All Fives is left out: no preset has one yet (rules.md A-01).
    "all_fives_pagat": (
        ("all_fives",),
        {
            "hand_size": {2: 9, 3: 7, 4: 5},
            "double_end_value": "both_halves",
            "next_lead_after_block": "lot",
            "end_rounding": "nearest_5",
        },
    ),
    "partners_pagat": (
        ("laplaza_partners",),
        {
            "next_lead_after_domino": "rotate",
            "next_lead_after_block": "rotate",
            "next_lead_after_block_tie": "rotate",
            "domino_points": "losing_side_only",
            "block_points": "losing_side_only",
        },
    ),
    "abw333_compat": (
        ("laplaza_partners",),
        {"next_lead_after_block": "abw333", "next_lead_after_block_tie": "previous_leader", "target": 200},
    ),
    "individual_block_compare": (("laplaza_partners",), {"block_compare": "individual"}),
}


@dataclass(frozen=True)
class Rules:
    """Every rule option of rules.md §3.1, resolved for one player count."""

    preset_name: str = "draw"
    overlays: tuple[str, ...] = ()
    num_players: int = 2
    partnerships: str = "none"
    table_direction_label: str = "left"
    hand_size: int = 7
    stock_mode: str = "draw"
    stock_reserve: int = 0
    draw_rule: str = "until_playable"
    must_play: bool = True
    voluntary_draw: bool = False
    first_lead: str = "lot_any"
    lot_order: str = "sum_then_high_half"
    next_lead_after_domino: str = "player_out"
    next_lead_after_block: str = "blocker"
    next_lead_after_block_tie: str = "blocker"
    spinner: str = "none"
    double_end_value: str = "single"
    in_play_scoring: str = "none"
    domino_points: str = "all_hands"
    block_winner: str = "lowest_pips"
    block_compare: str = "individual"
    block_points: str = "all_hands"
    block_tie: str = "no_score"
    end_rounding: str = "none"
    capicu_bonus: int = 0
    shutout_flag: bool = True
    match_mode: str = "race"
    target: int = 100
    target_check: str = "end_of_round"
    penalty_limit: int = 101
    penalty_zero_for: str = "out_and_fish_maker"
    block_declaration: str = "stock_exhausted"
    touch_move: str = "off"
    #: Options set by hand on top of the preset and overlays (kept for the notation).
    custom: tuple[tuple[str, Any], ...] = field(default=(), compare=False)

    # ----------------------------------------------------------------- building
    @staticmethod
    def preset(
        name: str,
        players: int | None = None,
        overlays: Iterable[str] = (),
        **options: Any,
    ) -> "Rules":
        """The preset ``name`` for ``players`` seats, with overlays then options applied."""
        if not isinstance(name, str) or name not in PRESETS:
            raise RulesError("unknown_preset", name=name, choices=", ".join(PRESET_NAMES))
        allowed_players, preset_options = PRESETS[name]
        if players is None:
            players = allowed_players[0] if len(allowed_players) == 1 else 2
        if isinstance(players, bool) or not isinstance(players, int) or players not in allowed_players:
            raise RulesError("bad_players", preset=name, players=players,
                             allowed=" or ".join(str(p) for p in allowed_players))
        merged: dict[str, Any] = dict(preset_options)
        overlay_names = tuple(overlays)
        for overlay in overlay_names:
            if not isinstance(overlay, str) or overlay not in OVERLAYS or name not in OVERLAYS[overlay][0]:
                choices = ", ".join(o for o, (presets, _) in OVERLAYS.items() if name in presets)
                raise RulesError("unknown_overlay", name=overlay, preset=name, choices=choices)
            merged.update(OVERLAYS[overlay][1])
        for key, value in options.items():
            if key not in OPTION_VALUES or key == "num_players":
                raise RulesError("unknown_option", name=key)
        merged.update(options)
        merged["num_players"] = players
        if isinstance(merged.get("hand_size"), Mapping):  # {players: size}; JSON keys are text
            sizes = {str(k): v for k, v in merged["hand_size"].items()}
            if str(players) not in sizes:
                raise RulesError("bad_option", name="hand_size", value=merged["hand_size"],
                                 allowed=f"a size for {players} players")
            merged["hand_size"] = sizes[str(players)]
        rules = Rules(preset_name=name, overlays=overlay_names,
                      custom=tuple(sorted(options.items())), **merged)
        rules.validate()
        return rules

    def with_options(self, **options: Any) -> "Rules":
        """The same preset and overlays with more options set by hand."""
        custom = dict(self.custom)
        custom.update(options)
        return Rules.preset(self.preset_name, self.num_players, self.overlays, **custom)

    def validate(self) -> None:
        for name, allowed in OPTION_VALUES.items():
            value = getattr(self, name)
            if allowed is not None:
                if value not in allowed or type(value) is not type(allowed[0]):
                    if name in UNSUPPORTED and isinstance(value, str):
                        raise RulesError("bad_option", name=name, value=value, allowed=UNSUPPORTED[name])
                    raise RulesError("bad_option", name=name, value=value,
                                     allowed="one of " + ", ".join(str(a) for a in allowed))
            elif isinstance(value, bool) or not isinstance(value, int):
                raise RulesError("bad_option", name=name, value=value, allowed="a whole number")
        if self.partnerships == "opposite" and self.num_players != 4:
            raise RulesError("bad_option", name="partnerships", value="opposite", allowed="needs 4 players")
        dealt = self.hand_size * self.num_players
        if not 1 <= self.hand_size or dealt > NUM_TILES:
            raise RulesError("bad_option", name="hand_size", value=self.hand_size,
                             allowed=f"{self.num_players} hands must fit in 28 tiles")
        if self.stock_mode == "none" and dealt != NUM_TILES:
            raise RulesError("bad_option", name="stock_mode", value="none",
                             allowed=f"all 28 tiles must be dealt, but {dealt} are")
        if not 0 <= self.stock_reserve <= NUM_TILES - dealt:
            raise RulesError("bad_option", name="stock_reserve", value=self.stock_reserve,
                             allowed=f"from 0 to {NUM_TILES - dealt}")
        if self.match_mode == "race":
            ok = 100 <= self.target <= 500 if self.in_play_scoring == "fives" else False
            if not (ok or self.target in RACE_TARGETS):
                raise RulesError("bad_option", name="target", value=self.target,
                                 allowed="one of 50, 100, 150, 200, 500 (All Fives: 100 to 500)")
        elif self.penalty_limit < 1:
            raise RulesError("bad_option", name="penalty_limit", value=self.penalty_limit, allowed="at least 1")

    # ------------------------------------------------------------- derived facts
    @property
    def sides(self) -> int:
        """Scoring units: two teams with partnerships, otherwise one per seat."""
        return 2 if self.partnerships == "opposite" else self.num_players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships == "opposite" else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.num_players) if self.side_of(s) == side)

    @property
    def stock_size(self) -> int:
        """Undealt tiles: the stock (draw games) or the sleeping tiles."""
        return NUM_TILES - self.hand_size * self.num_players

    @property
    def can_draw(self) -> bool:
        return self.stock_mode == "draw"

    @cached_property
    def flags(self) -> "RuleFlags":
        """The options a round reads on every action, derived once per Rules value."""
        return RuleFlags(self)

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the options only; ``flags`` is derived again when needed."""
        return {k: v for k, v in self.__dict__.items() if k != "flags"}

    # ----------------------------------------------------------------- notation
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"preset": self.preset_name, "players": self.num_players}
        if self.overlays:
            data["overlays"] = list(self.overlays)
        if self.custom:
            data["options"] = {k: v for k, v in self.custom}
        return data

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> "Rules":
        """The inverse of :meth:`to_dict`: ``{"preset", "players"?, "overlays"?, "options"?}``."""
        if not isinstance(data, Mapping) or not isinstance(data.get("preset"), str):
            raise RulesError("bad_rules", detail='they must be an object naming a preset, like {"preset": "draw"}')
        unknown = sorted(str(k) for k in data if k not in ("preset", "players", "overlays", "options"))
        if unknown:
            raise RulesError("bad_rules", detail=f"unknown key {unknown[0]!r}")
        options = data.get("options") or {}
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise RulesError("bad_rules", detail="options must be an object of name: value")
        overlays = data.get("overlays") or ()
        if not isinstance(overlays, (list, tuple)) or not all(isinstance(o, str) for o in overlays):
            raise RulesError("bad_rules", detail="overlays must be a list of table-variant names")
        return Rules.preset(data["preset"], data.get("players"), overlays, **dict(options))

    def describe(self) -> dict[str, Any]:
        """Every option and its value (for docs, the UI's rules panel and tests)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name in OPTION_VALUES}

    def replace(self, **changes: Any) -> "Rules":
        """A copy with options changed without re-validation (for tests of edge cases)."""
        return replace(self, **changes)


class RuleFlags:
    """What rounds and scoring read from the options, precomputed (rounds are dealt by the
    million in simulations, so each one copies these instead of deriving them again).

    >>> f = Rules.preset("laplaza_partners").flags
    >>> f.side, f.units, f.fast_playout
    ((0, 1, 0, 1), 2, True)
    """

    __slots__ = ("rules", "dealer", "n", "side", "units", "zeros", "partners", "race", "fives",
                 "both_halves", "immediate", "draw_limit", "voluntary", "dead_call", "rounding",
                 "fast_playout")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.n = n = rules.num_players
        self.partners = rules.partnerships == "opposite"
        #: side of each seat: its team with partnerships, otherwise the seat itself
        self.side = tuple(rules.side_of(s) for s in range(n))
        self.race = rules.match_mode == "race"
        #: scoring units of the match totals: sides in a race, seats in Kozel
        self.units = rules.sides if self.race else n
        self.zeros = (0,) * self.units
        self.fives = rules.in_play_scoring == "fives"
        self.both_halves = rules.double_end_value == "both_halves"
        self.immediate = rules.target_check == "immediate" and self.race
        #: tiles that stay in the stock for good; no stock at all behaves as an endless reserve
        self.draw_limit = rules.stock_reserve if rules.can_draw else 1 << 30
        self.voluntary = rules.voluntary_draw
        self.dead_call = rules.block_declaration == "dead_board_immediate"
        self.rounding = rules.end_rounding == "nearest_5"
        #: the rule sets the tight random-playout loop handles (the rest use the plain loop)
        self.fast_playout = not (self.fives or self.voluntary or self.dead_call)
        #: how to deal these rules, made by engine.dealing on the first deal
        self.dealer: tuple | None = None

    def __reduce__(self):  # derived data: pickles and copies derive it again
        return (_flags_of, (self.rules,))


def _flags_of(rules: Rules) -> RuleFlags:
    return rules.flags


def parse_option(text: str) -> tuple[str, Any]:
    """Read ``name=value`` from the command line, turning numbers and booleans into values."""
    if not isinstance(text, str) or "=" not in text:
        raise RulesError("unknown_option", name=text)
    name, raw = (part.strip() for part in text.split("=", 1))
    value: Any = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif _WHOLE_NUMBER.fullmatch(raw):  # ASCII digits only: int() refuses "¹", isdigit() does not
        if len(raw.lstrip("-")) > MAX_OPTION_DIGITS:
            raise RulesError("bad_option", name=name, value=raw, allowed="a number of at most "
                             f"{MAX_OPTION_DIGITS} digits")
        value = int(raw)
    return name, value


def overlays_for(preset: str) -> list[str]:
    """The table variants that apply to a preset, in the order of rules.md §3.3."""
    return [name for name, (presets, _) in OVERLAYS.items() if preset in presets]
