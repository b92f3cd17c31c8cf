"""The new-match form of the play page, and the link that reproduces a deal.

Link: ``/play?game=laplaza_1v1&seed=abc&players=2&rules=fid,capicu_25&levels=casual&pace=fast``
— ``levels`` names the bot of each seat after yours, in turn order; ``pace`` is slow,
normal or fast. A link with a seed
starts that match at once; a bad value is reported and the form is shown instead.
"""

from __future__ import annotations

import secrets
import streamlit as st

from engine import PRESET_NAMES, Rules, overlays_for
from strategy.game import HUMAN, PLAYABLE_LEVELS, PLAYER_COUNTS, GameError, Setup
from strategy.strength import measured

from .. import session
from ..labels import figure, game_title, seat_labels, variant_names

#: Seconds between two bots' moves: never faster than the eye can follow.
PACES = {"slow": 1.6, "normal": 1.0, "fast": 0.6}
DEFAULT_LEVEL = "casual"


def new_seed() -> str:
    """A fresh deal number, short enough to read out and type."""
    return str(secrets.randbelow(900_000) + 100_000)


def setup_from_link() -> Setup | None:
    """The match a link names, or None (no link, or a bad one: then a notice says why)."""
    params = st.query_params
    if str(params.get("pace", "")) in PACES:
        st.session_state["play_pace"] = str(params["pace"])
    if "seed" not in params:
        return None
    preset = str(params.get("game", "laplaza_partners"))
    try:
        if preset not in PRESET_NAMES:
            raise GameError("bad_game", preset)
        raw = str(params.get("players", PLAYER_COUNTS[preset][0]))
        if not (raw.isascii() and raw.isdigit() and len(raw) == 1):
            raise GameError("bad_players", raw)
        players = int(raw)
        rules = tuple(r for r in str(params.get("rules", "")).split(",") if r)
        levels = tuple(v for v in str(params.get("levels", "")).split(",") if v) or (DEFAULT_LEVEL,) * (players - 1)
        return Setup(preset, players, rules, str(params["seed"])[:40], (HUMAN, *levels))
    except (GameError, ValueError) as error:
        name = getattr(error, "code", "bad_setup").removeprefix("bad_")
        session.notice("play.bad_link", name=name, value=str(error)[:40])
        return None


def link_params(setup: Setup) -> dict[str, str]:
    return {"game": setup.preset, "players": str(setup.players), "rules": ",".join(setup.overlays),
            "levels": ",".join(setup.seats[1:]), "seed": setup.seed}


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
            players = st.segmented_control(tr("play.players"), list(counts), default=counts[0],
                                           key=f"play_form_players:{preset}", required=True)
        rules_of = overlays_for(preset)
        chosen = st.multiselect(tr("play.rules"), rules_of, key=session.translated(f"play_form_rules:{preset}"),
                                format_func=lambda o: tr(f"variant.{o}"), placeholder=tr("play.rules_none"))
        labels = seat_labels(tr, Rules.preset(preset, players))
        levels = [HUMAN]
        columns = st.columns(max(1, players - 1))
        for seat in range(1, players):
            partner = preset == "laplaza_partners" and seat == 2
            name = tr("play.partner", seat=labels[seat]) if partner else labels[seat]
            level = columns[seat - 1].selectbox(
                name, list(PLAYABLE_LEVELS), index=PLAYABLE_LEVELS.index(DEFAULT_LEVEL),
                key=session.translated(f"play_form_level:{preset}:{players}:{seat}"),
                format_func=lambda v: tr(f"bot.{v}.name"))
            columns[seat - 1].caption(tr(f"bot.{level}.about"))
            strength = measured(level, preset, players)
            if strength is not None:  # docs/strength.md: against the level below, duplicate deals
                columns[seat - 1].caption(tr("play.measured", points=figure(tr, strength["points_per_deal"], True),
                                             low=figure(tr, strength["ci95"][0], True),
                                             high=figure(tr, strength["ci95"][1], True),
                                             other=tr(f"bot.{strength['b']}.name"), deals=strength["deals"]))
            levels.append(level)
        seed = st.text_input(tr("play.seed"), key="play_form_seed", max_chars=40, help=tr("play.seed_help"))
        st.segmented_control(tr("play.pace"), list(PACES), key=session.translated("play_pace"),
                             format_func=lambda p: tr(f"play.pace_{p}"), required=True)
        if not st.button(tr("play.start"), type="primary", icon=":material/play_arrow:", key="play_start"):
            return None
    try:
        return Setup(preset, players, tuple(chosen), seed.strip() or new_seed(), tuple(levels))
    except GameError as error:
        st.error(tr("play.bad_setup", reason=session.plain(str(error))), icon=":material/error:")
        return None


def pace() -> float:
    return PACES.get(st.session_state.get("play_pace", "normal"), PACES["normal"])


def describe(setup: Setup) -> str:
    """Game, table rules and deal in a line of the reader's language."""
    tr = session.tr()
    parts = [game_title(tr, setup.preset), *variant_names(tr, setup.rules()), tr("play.deal", seed=setup.seed)]
    return " · ".join(session.plain(p) for p in parts)


def init_state() -> None:
    st.session_state.setdefault("play_pace", "normal")


__all__ = ["PACES", "describe", "init_state", "link_params", "new_seed", "pace", "setup_form",
                      "setup_from_link"]
