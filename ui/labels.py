"""Words for the engine's values in the reader's language: seats, sides, actions, results."""

from __future__ import annotations

from functools import partial
from typing import Sequence

import language
from engine import Action, EngineError, Rules, RoundResult

from .i18n import Translator

#: Course game id of each engine preset.
GAME_OF_PRESET = {
    "laplaza_partners": "partners",
    "laplaza_1v1": "1v1",
    "all_fives": "all_fives",
    "draw": "draw",
    "block": "block",
    "kozel": "kozel",
}
PRESET_OF_GAME = {game: preset for preset, game in GAME_OF_PRESET.items()}


def ptype_title(name: str, part: str = "title", lang: str | None = None) -> str:
    """A puzzle type's title (or summary), from the puzzles' own texts, in ``lang`` (by
    default the session's: pass it for a ``format_func``, which may run outside the page)."""
    from puzzles.explain import lookup

    from . import session

    return str(lookup(lang or session.lang(), f"types.{name}.{part}"))


def game_title(tr: Translator, preset_or_game: str) -> str:
    game = GAME_OF_PRESET.get(preset_or_game, preset_or_game)
    return tr(f"game.{game}.title")


def variant_names(tr: Translator, rules: Rules) -> list[str]:
    """The table variants in force, each in a few words of the reader's language."""
    return [tr(f"variant.{name}") for name in rules.overlays] + (
        [tr("play.touch_move")] if rules.touch_move == "on" else [])


def seat_labels(tr: Translator, rules: Rules, viewer: int = 0) -> list[str]:
    """Names around the table as ``viewer`` sees them (language.seat_names: the one
    naming every page, puzzle and explanation uses)."""
    return language.seat_names(tr.lang, rules, viewer)


def side_label(tr: Translator, rules: Rules, side: int | None, viewer: int = 0,
               names: Sequence[str] | None = None) -> str:
    """A side's name; ``names``: the seats' own names (a table of people), else ours."""
    if side is None:
        return tr("result.nobody")
    if names is not None:
        if rules.partnerships == "opposite" and rules.match_mode == "race":
            return f"{names[side]} {language.word(tr.lang, 'names.and')} {names[side + 2]}"
        return names[side]
    if rules.partnerships == "opposite" and rules.match_mode == "race":
        return language.side_name(tr.lang, rules, side, viewer)
    return seat_labels(tr, rules, viewer)[side]


def action_label(tr: Translator, action: Action | str) -> str:
    """``3-5@L`` → "3-5 on the left end" (language.action_label: one wording everywhere)."""
    try:
        return language.action_label(tr.lang, action)
    except EngineError:
        return str(action)


def short_action_label(tr: Translator, action: Action | str) -> str:
    """"3-5 left" in the board's own short words ("3-5 izq."), for a narrow chart."""
    act = action if isinstance(action, Action) else Action.parse(str(action))
    if act.kind == "place":
        return f"{act.tile} {tr('board.left_tag' if act.end == 'L' else 'board.right_tag')}"
    if act.kind == "lead":
        return str(act.tile)
    return tr(f"board.{act.kind}")


#: Question kinds whose answer counts the open ends of All Fives: the page and the
#: worksheet state how a double at an end counts at this table (rules.md AF-09 and A-02),
#: before the answer.
COUNTS_ENDS = ("fives_points", "fives_best", "best_move")


def double_rule_of(rules: Rules, kind: str) -> str | None:
    """The text key of this table's rule for a double at an end, when a question of
    ``kind`` counts the ends of All Fives (None otherwise)."""
    if rules.in_play_scoring != "fives" or kind not in COUNTS_ENDS:
        return None
    return "puzzle.double_both" if rules.double_end_value == "both_halves" else "puzzle.double_once"


def figure(tr: Translator, value: float, signed: bool = False) -> str:
    """A measured figure in the reader's notation (language.number: one precision,
    the language's decimal sign, no negative zero)."""
    return language.number(tr.lang, value, signed)


def percent(tr: Translator, share: float) -> str:
    """A share as a whole percentage ("52%"): the page's other number format, beside
    :func:`figure` (no decimals, so no decimal sign to choose)."""
    return language.percent(share)


def chart_separators(tr: Translator) -> str:
    """Plotly's ``separators`` for the reader's language: the decimal sign, then the
    thousands sign, as :func:`figure` writes them (",." in nl, pt and es)."""
    decimal = figure(tr, 0.5)[1]
    return decimal + ("." if decimal == "," else ",")


def about(tr: Translator, value: float, half: float | None, signed: bool = False) -> str:
    """"+4.1 ± 1.2": a sampled figure with the half-width of its 95% interval (the bare
    figure when it is exact, "?" for the half-width when it is not known yet)."""
    if half is not None and half == 0:
        return figure(tr, value, signed)
    return f"{figure(tr, value, signed)} ± {'?' if half is None or half == float('inf') else figure(tr, half)}"


def seat_sentence(tr: Translator, key: str, seat: int, labels: list[str], viewer: int = 0, **params: object) -> str:
    """The sentence ``key`` whose subject is ``seat``: its "you" form when that seat is the
    viewer ("You lead the next round.", never "You leads"), chosen as every puzzle text
    chooses it (language.subject_key); ``labels`` name the seats."""
    name = language.in_sentence(tr.lang, labels[seat])
    if isinstance(params.get("side"), str):  # a side that is one seat reads as one
        params["side"] = language.in_sentence(tr.lang, params["side"])
    return language.capitalised(tr(language.subject_key(key, seat, viewer, tr.has), seat=name, **params))


def event_text(tr: Translator, seat: int, action: Action | str, labels: list[str], viewer: int = 0) -> str:
    """"Luis passes", "You play 3-5 on the left end": a move told as an event, in the
    reader's words (the viewer is spoken to, not about)."""
    text = str(action)
    if text in ("draw", "pass"):
        return seat_sentence(tr, f"play.log_{text}", seat, labels, viewer)
    if text.startswith("lead"):
        return seat_sentence(tr, "play.log_lead", seat, labels, viewer, tile=text.split()[1])
    return seat_sentence(tr, "play.log_place", seat, labels, viewer, action=action_label(tr, text))


def result_summary(tr: Translator, rules: Rules, result: RoundResult, viewer: int = 0,
                   names: Sequence[str] | None = None) -> list[str]:
    """A few sentences that say how a round ended and what it scored, as ``viewer`` reads
    them; ``names``: the seats' own names at a table of people (the viewer's is "you")."""
    seats = list(names) if names is not None else seat_labels(tr, rules, viewer)
    side_label = partial(_side_label, names=names)
    lines: list[str] = []
    if result.kind == "domino":
        lines.append(seat_sentence(tr, "result.domino", result.out_seat, seats, viewer))
        if result.capicu:
            lines.append(tr("result.capicu", bonus=result.capicu_bonus) if result.capicu_bonus
                         else tr("result.capicu_no_bonus"))
    elif result.kind == "block":
        # Goat's blocked round is a fish (glossary): the penalty game calls it so
        fish = rules.match_mode == "penalty"
        lines.append(seat_sentence(tr, "result.fish" if fish else "result.block", result.blocker, seats, viewer))
        if rules.match_mode == "race":
            pips = ", ".join(f"{side_label(tr, rules, s, viewer)}: {p}" for s, p in enumerate(result.side_pips))
            lines.append(tr("result.pips", pips=pips))
    else:  # the target reached during play (All Fives): without partners that side is one seat
        side = side_label(tr, rules, result.winner, viewer)
        if rules.partnerships == "opposite":
            lines.append(tr("result.target", side=side))
        else:
            lines.append(seat_sentence(tr, "result.target", result.winner, seats, viewer, side=side))
    if rules.match_mode == "penalty":
        penalties = ", ".join(f"{seats[s]}: +{p}" for s, p in enumerate(result.points))
        lines.append(tr("result.penalties", penalties=penalties))
    elif result.tie:
        lines.append(tr("result.tie"))
    elif any(result.in_play):
        # All Fives: points were scored during play too; every side's total says what counts
        each = ", ".join(f"{side_label(tr, rules, s, viewer)}: {p}" for s, p in enumerate(result.total))
        lines.append(tr("result.points_each", points=each))
    else:
        gained = result.total[result.winner] if result.winner is not None else 0
        lines.append(tr("result.points", side=side_label(tr, rules, result.winner, viewer),
                        points=language.counted(tr.lang, gained, "point")))  # "1 point"
    if result.next_leader is not None:
        lines.append(seat_sentence(tr, "result.next_leader", result.next_leader, seats, viewer))
    elif result.next_leader_rule in ("lot", "kozel_priority"):
        lines.append(tr(f"result.next_leader_{result.next_leader_rule}"))
    return lines


_side_label = side_label


def board_texts(tr: Translator) -> dict[str, str]:
    """The board component's own words, with the tiles' names as players say them
    (language.tile_words)."""
    from .board.model import TEXT_KEYS

    words = language.tile_words(tr.lang)
    return {k: words[k] if k in words else tr(f"board.{k}") for k in TEXT_KEYS}
