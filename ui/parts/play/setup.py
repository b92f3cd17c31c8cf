"""The new-match form of the play page, and the link that reproduces a deal.

Link: ``/play?game=laplaza_1v1&seed=123456&players=2&rules=fid,capicu_25&levels=casual&pace=fast``
— ``seed`` is a deal number (digits); ``levels`` names the bot of each seat after yours, in
turn order; ``pace`` is slow, normal or fast. A link with a seed starts that match at once.
A bad value is named in a notice with what it may be (in the reader's language), and the
form is shown with whatever the link got right.
"""

from __future__ import annotations

import math
import secrets
import streamlit as st

from engine import EngineError, Rules, overlays_for
from matches.game import HUMAN, PLAYABLE_LEVELS, PLAYER_COUNTS, GameError, Setup
from progress.skill import bot_figures
from strategy.strength import against_outside, against_outside_before, measured

from ui import session
from ui.labels import figure, game_title, percent, seat_labels, variant_names

#: Seconds between two bots' moves: never faster than the eye can follow.
PACES = {"slow": 1.6, "normal": 1.0, "fast": 0.6}
DEFAULT_LEVEL = "casual"
#: A deal number is at most this many digits (short enough to read out and type).
SEED_DIGITS = 18


#: the link's ``touch`` parameter: a tournament table where a tile picked up must be laid
TOUCH_VALUES = {"off": False, "on": True}


def new_seed() -> str:
    """A fresh deal number, short enough to read out and type."""
    return str(secrets.randbelow(900_000) + 100_000)


class LinkProblem(ValueError):
    """A link's parameter that does not fit: its name, its value, and what it may be."""

    def __init__(self, name: str, value: str, allowed: str) -> None:
        self.name, self.value, self.allowed = name, value, allowed
        super().__init__(name)


def _choices(values, name_of) -> str:
    """What a link may say, each with its name in the reader's words: "draw (The Draw game)"."""
    return ", ".join(f"{v} ({name_of(v)})" for v in values)


def _skill_caption(tr, skill) -> str:
    """What the review measured of a level's own moves in this game (bench/skill_of_bots.py):
    points lost a decision, the share within half a point of the best, and, where recorded,
    the share that was the best move itself, each with its 95% interval."""
    text = tr("play.level_skill", decisions=skill.decisions, loss=figure(tr, skill.mean), low=figure(tr, skill.low),
              high=figure(tr, skill.high), share=percent(tr, skill.within))
    if skill.same is None:
        return text
    return text + " " + tr("play.level_same", share=percent(tr, skill.same), low=percent(tr, skill.same_low),
                           high=percent(tr, skill.same_high))


def check_seed(text: str) -> str:
    """A deal number: digits only, at most :data:`SEED_DIGITS` of them (LinkProblem if not)."""
    if not (text.isascii() and text.isdigit() and len(text) <= SEED_DIGITS):
        raise LinkProblem("seed", text, session.tr()("play.allowed.seed"))
    return text


def _read_link(params, kept: dict) -> Setup:
    """The Setup a link names; each value that fits goes into ``kept`` on the way."""
    tr = session.tr()
    seed = str(params["seed"])
    if seed.isascii() and seed.isdigit() and len(seed) <= SEED_DIGITS:
        kept["seed"] = seed  # a good deal number is kept whatever else is wrong
    preset = str(params.get("game", "laplaza_partners"))
    if preset not in PLAYER_COUNTS:
        raise LinkProblem("game", preset, tr("play.allowed.game", choices=_choices(PLAYER_COUNTS, lambda p: game_title(tr, p))))
    kept["game"], title = preset, game_title(tr, preset)
    counts = PLAYER_COUNTS[preset]
    raw = str(params.get("players", counts[0]))
    if raw not in {str(c) for c in counts}:
        raise LinkProblem("players", raw, tr("play.allowed.players", game=title, choices=", ".join(map(str, counts))))
    players = kept["players"] = int(raw)
    offered = overlays_for(preset)
    rules = tuple(r for r in str(params.get("rules", "")).split(",") if r)
    allowed_rules = (tr("play.allowed.rules", game=title, choices=_choices(offered, lambda o: tr(f"variant.{o}")))
                     if offered else tr("play.allowed.rules_none", game=title))
    for rule in rules:
        if rule not in offered:
            raise LinkProblem("rules", rule, allowed_rules)
    try:
        Rules.preset(preset, players, rules)
    except EngineError:  # each fits the game, but not all together (or not at this table size)
        raise LinkProblem("rules", ",".join(rules), allowed_rules) from None
    kept["rules"] = rules
    raw_levels = str(params.get("levels", ""))
    levels = tuple(v for v in raw_levels.split(",") if v) or (DEFAULT_LEVEL,) * (players - 1)
    unknown = [v for v in levels if v not in PLAYABLE_LEVELS]
    if unknown or len(levels) != players - 1:
        raise LinkProblem("levels", unknown[0] if unknown else raw_levels,
                          tr("play.allowed.levels", n=players - 1,
                             choices=_choices(PLAYABLE_LEVELS, lambda v: tr(f"bot.{v}.name"))))
    kept["levels"] = levels
    touch = str(params.get("touch", "off"))
    if touch not in TOUCH_VALUES:
        raise LinkProblem("touch", touch, tr("play.allowed.touch"))
    kept["touch"] = touch
    return Setup(preset, players, rules, check_seed(seed), (HUMAN, *levels), TOUCH_VALUES[touch])


def pace_from_link() -> None:
    """The bots' pace a link asks for (``pace=fast``); another value is named in a notice
    and the pace stays as it was. Read when a session opens the page with a link."""
    params = st.query_params
    if "pace" not in params:
        return
    value = str(params["pace"])
    if value in PACES:
        st.session_state["play_pace"] = value
    else:
        tr = session.tr()
        session.notice("play.bad_pace", value=value[:40],
                       choices=_choices(PACES, lambda p: tr(f"play.pace_{p}")))


def _fill_form(kept: dict) -> None:
    """Put what a bad link got right into the form (its widgets take these values)."""
    if "seed" in kept:
        st.session_state["play_form_seed"] = kept["seed"]
    if "touch" in kept:
        st.session_state["play_form_touch"] = TOUCH_VALUES[kept["touch"]]
    preset = kept.get("game")
    if preset is None:
        return
    st.session_state["play_form_game"] = preset
    players = kept.get("players")
    if players is None:
        return
    st.session_state[f"play_form_players:{preset}"] = players
    if "rules" in kept:
        st.session_state[f"play_form_rules:{preset}"] = list(kept["rules"])
    for seat, level in enumerate(kept.get("levels", ()), start=1):
        st.session_state[f"play_form_level:{preset}:{players}:{seat}"] = level


def setup_from_link() -> Setup | None:
    """The match a link names, or None (no link, or a bad one: then a notice says which
    parameter, its value and what it may be, and the form keeps what did fit)."""
    params = st.query_params
    if "seed" not in params:
        return None
    kept: dict = {}
    try:
        return _read_link(params, kept)
    except LinkProblem as problem:
        session.notice("play.bad_link", name=problem.name, value=problem.value[:40], allowed=problem.allowed)
    except GameError:  # Setup's own checks, should one ever be stricter than the link's
        session.notice("play.bad_link", name="game", value=str(params.get("game", "")), allowed="")
    _fill_form(kept)
    return None


def link_params(setup: Setup) -> dict[str, str]:
    return {"game": setup.preset, "players": str(setup.players), "rules": ",".join(setup.overlays),
            "levels": ",".join(setup.seats[1:]), "seed": setup.seed,
            **({"touch": "on"} if setup.touch_move else {})}


def setup_form() -> Setup | None:
    """The form; the Setup to start when the player presses Start, else None."""
    tr = session.tr()
    with st.container(border=True):
        st.subheader(tr("play.setup"))
        presets = list(PLAYER_COUNTS)
        preset = st.selectbox(tr("play.game"), presets, key=session.translated("play_form_game"),
                              format_func=lambda p: game_title(tr, p))
        counts = PLAYER_COUNTS[preset]
        players = counts[0]
        if len(counts) > 1:
            key = f"play_form_players:{preset}"
            # a value put in by a link (_fill_form) is the default: no second one
            players = st.segmented_control(tr("play.players"), list(counts), required=True, key=key,
                                           **({} if key in st.session_state else {"default": counts[0]}))
        rules_of = overlays_for(preset)
        chosen = st.multiselect(tr("play.rules"), rules_of, key=session.translated(f"play_form_rules:{preset}"),
                                format_func=lambda o: tr(f"variant.{o}"), placeholder=tr("play.rules_none"))
        labels = seat_labels(tr, Rules.preset(preset, players))
        levels = [HUMAN]
        skills = bot_figures().get(preset, {})  # read once a run, not once a seat
        columns = st.columns(max(1, players - 1))
        for seat in range(1, players):
            partner = preset == "laplaza_partners" and seat == 2
            name = tr("play.partner", seat=labels[seat]) if partner else labels[seat]
            key = f"play_form_level:{preset}:{players}:{seat}"
            level = columns[seat - 1].selectbox(
                name, list(PLAYABLE_LEVELS), key=session.translated(key), format_func=lambda v: tr(f"bot.{v}.name"),
                **({} if key in st.session_state else {"index": PLAYABLE_LEVELS.index(DEFAULT_LEVEL)}))
            about = f"bot.{level}.about"
            if Rules.preset(preset, players).partnerships == "none" and tr.has(about + "_solo"):
                about += "_solo"  # no partner to speak of in Goat, 1 v 1, Draw, Block, All Fives
            columns[seat - 1].caption(tr(about))
            strength = measured(level, preset, players)
            if strength is not None:  # docs/strength.md: against the level below, duplicate deals
                columns[seat - 1].caption(_measured(tr, "play.measured", strength,
                                                    other=tr(f"bot.{strength['b']}.name")))
            outside = against_outside(level, preset, players)
            if outside is not None:  # docs/strength.md: the `dominoes` package at full strength
                columns[seat - 1].caption(_measured(tr, "play.measured_outside", outside))
            elif (before := against_outside_before(level, preset, players)) is not None:
                outside, step = before  # measured as it was, and what it gained since
                columns[seat - 1].caption(_measured(tr, "play.measured_outside_before", outside) + " "
                                          + _measured(tr, "play.measured_since", step))
            skill = skills.get(level)
            if skill is not None and skill.enough and skill.high < math.inf:  # bench/skill_of_bots.py
                columns[seat - 1].caption(_skill_caption(tr, skill))
            levels.append(level)
        touch = st.toggle(tr("play.touch_move"), key="play_form_touch", help=tr("play.touch_move_help"))
        seed = st.text_input(tr("play.seed"), key="play_form_seed", max_chars=40, help=tr("play.seed_help"))
        st.segmented_control(tr("play.pace"), list(PACES), key=session.translated("play_pace"),
                             format_func=lambda p: tr(f"play.pace_{p}"), required=True)
        if not st.button(tr("play.start"), type="primary", icon=":material/play_arrow:", key="play_start"):
            return None
    try:
        return Setup(preset, players, tuple(chosen), check_seed(seed.strip()) if seed.strip() else new_seed(),
                     tuple(levels), bool(touch))
    except LinkProblem as problem:
        st.error(tr("play.bad_setup", reason=session.plain(problem.allowed)), icon=":material/error:")
    except GameError as error:
        st.error(tr("play.bad_setup", reason=session.plain(str(error))), icon=":material/error:")
    return None


def _measured(tr, key: str, row: dict, **more) -> str:
    """A measured duel (strategy.strength) as a line of the reader's language."""
    return tr(key, points=figure(tr, row["points_per_deal"], True), low=figure(tr, row["ci95"][0], True),
              high=figure(tr, row["ci95"][1], True), deals=row["deals"], **more)


def pace() -> float:
    return PACES.get(st.session_state.get("play_pace", "normal"), PACES["normal"])


def describe(setup: Setup) -> str:
    """Game, table rules and deal in a line of the reader's language."""
    tr = session.tr()
    parts = [game_title(tr, setup.preset), *variant_names(tr, setup.rules()), tr("play.deal", seed=setup.seed)]
    return " · ".join(session.plain(p) for p in parts)


def init_state() -> None:
    st.session_state.setdefault("play_pace", "normal")


__all__ = ["PACES", "check_seed", "describe", "init_state", "link_params", "new_seed", "pace", "pace_from_link",
           "setup_form", "setup_from_link"]
