"""The best-move bank: positions of seeded bot games whose best move is proved, found once.

Proving a position takes seconds (``best_move_proof``), too slow on demand, so
``python -m puzzles bank`` plays, for each setup, the bot games ``best_move.<setup>.0``,
``.1``, … (``strong`` / ``casual`` bots drawn per seat from the game's seed), proves every
seat-0 decision worth asking about (:func:`worth_asking`) and writes the proved ones to
``puzzles/bank/best_move.json``: at most :data:`PER_GAME` a game and :data:`PER_SETUP` a
setup, at most :data:`TRIVIAL_SHARE` of them laying the one heaviest tile. Everything
follows from the seeds, so a rebuild gives the same bank (``--check``); ``--verify``
proves every stored entry again from its seed and compares the figures.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from engine import Action, Round, Rules, deal

from ..questions import canonical
from .best_move_proof import CONFIRM_DEALS, EXACT_LIMIT, MARGIN, SCREEN_DEALS, SHARE, check_claim, confirm, mix, prove
from .common import Setup, setups

VIEWER = 0
#: Tiles on the line before a position is considered (earlier ones take long to solve).
MIN_LINE = 5
#: No hand may hold more tiles than this (a player who drew a long way makes a search of
#: seconds a deal: one such 1v1 position took 22 s for 64 deals).
MAX_HAND = 10
#: Entries banked per setup, and at most this share of them "trivial" (the heaviest tile).
PER_SETUP = 60
TRIVIAL_SHARE = 0.15
#: At most this many positions from one game.
PER_GAME = 2
#: the club player as the bank was built with (the rule-based one before issue 50), so the
#: bank rebuilds the same
BOT_LEVELS = ("strong", "casual-rules")
BANK = Path(__file__).resolve().parents[1] / "bank" / "best_move.json"
#: 2: proved on 1,000+ deals or every deal, with the margin's and the share's 95 % errors.
BANK_VERSION = 2

SETUPS = tuple(setups("laplaza_partners", (4,)) + setups("laplaza_1v1", (2,)) + setups("draw", (2,))
               + setups("all_fives", (2,)))


def setup_key(rules: Rules) -> str:
    return Setup(rules.preset_name, rules.num_players, tuple(rules.overlays)).key


def setup_of(key: str) -> Setup:
    return next(s for s in SETUPS if s.key == key)


def placements(rnd: Round) -> set[str]:
    """The distinct placements of the seat to move (mirror moves on equal ends are one)."""
    return {str(canonical(rnd, a)) for a in rnd.legal_actions() if a.is_placement}


def worth_asking(rnd: Round) -> bool:
    """Seat 0 to move, :data:`MIN_LINE` tiles on the line, no hand over :data:`MAX_HAND`
    (those keep a proof to seconds) and two distinct placements or more to choose from."""
    return (rnd.result is None and rnd.turn == VIEWER and len(rnd.line) >= MIN_LINE
            and max(rnd.view(VIEWER).hand_counts) <= MAX_HAND and len(placements(rnd)) >= 2)


def is_heaviest(best: str, moves) -> bool:
    """Is ``best`` the one heaviest tile that fits (what a player with no plan sheds)?"""
    tiles = {Action.parse(m).tile for m in moves}
    top = max(t.pips for t in tiles)
    heavy = [t for t in tiles if t.pips == top]
    return len(heavy) == 1 and Action.parse(best).tile == heavy[0]


# ------------------------------------------------------------------ building
def game_seed(key: str, game: int) -> str:
    return f"best_move.{key}.{game}"


def eval_seed(key: str, game: int, move: int) -> int:
    """The screen's seed of a position: SHA-256 of setup, game and move number."""
    return mix("best_move", key, game, move) % 2**32


def play_game(setup: Setup, game: int, limit: int = PER_GAME) -> list[dict[str, Any]]:
    """The proved positions of one seeded bot game (at most ``limit``)."""
    from strategy.bots import get_bot

    rules = setup.rules()
    seed = game_seed(setup.key, game)
    rnd = deal(rules, seed)
    rng = random.Random(f"capicu-bank:{seed}")
    bots = [rng.choice(BOT_LEVELS) for _ in range(rules.num_players)]
    found: list[dict[str, Any]] = []
    history: list[str] = []
    while rnd.result is None and len(found) < limit:
        if worth_asking(rnd):
            proof = prove(rnd, eval_seed(setup.key, game, len(history)))
            if proof is not None:
                proof["trivial"] = is_heaviest(proof["action"], placements(rnd))
                found.append({"game": game, "deal": seed, "bots": bots, "history": list(history), **proof})
        action = get_bot(bots[rnd.turn]).choose(rnd.view(rnd.turn), rng)
        history.append(str(action))
        rnd.apply(action)
    return found


def build_setup(setup: Setup, count: int = PER_SETUP) -> list[dict[str, Any]]:
    """``count`` entries for one setup: games 0, 1, 2, … in order, trivial ones capped."""
    entries: list[dict[str, Any]] = []
    game = 0
    while len(entries) < count:
        for entry in play_game(setup, game):
            trivial = sum(e["trivial"] for e in entries)
            if entry["trivial"] and trivial + 1 > TRIVIAL_SHARE * count:
                continue
            if len(entries) < count:
                entries.append(entry)
        game += 1
    return entries


def _build_one(key: str) -> tuple[str, list]:
    return key, build_setup(setup_of(key))


def build_bank(processes: int = 1, report: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every setup's entries (the same on every machine), ``processes`` setups at a time;
    ``report`` hears of each setup as it is done."""
    keys = [s.key for s in SETUPS]
    built: dict[str, list] = {}
    if processes > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(processes) as pool:
            for key, entries in pool.imap_unordered(_build_one, keys):
                built[key] = entries
                if report:
                    report(f"{key}: {len(entries)} entries, {entries[-1]['game'] + 1} games")
    else:
        for key in keys:
            built[key] = _build_one(key)[1]
            if report:
                report(f"{key}: {len(built[key])} entries, {built[key][-1]['game'] + 1} games")
    return {"version": BANK_VERSION, "margin": MARGIN, "share": SHARE, "screen_deals": SCREEN_DEALS,
            "confirm_deals": CONFIRM_DEALS, "exact_limit": EXACT_LIMIT, "min_line": MIN_LINE,
            "max_hand": MAX_HAND, "setups": {k: built[k] for k in keys}}


def write_bank(data: dict[str, Any], path: Path = BANK) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


@lru_cache(maxsize=1)
def bank() -> dict[str, Any]:
    return json.loads(BANK.read_text(encoding="utf-8"))


def replay(rules: Rules, entry: dict[str, Any]) -> Round:
    """The banked position: the deal again, its history applied move by move."""
    rnd = deal(rules, entry["deal"])
    for action in entry["history"]:
        rnd.apply(action)
    return rnd


# ------------------------------------------------------------------ verifying
#: The figures of an entry that its proof, run again from its seed, must give.
FIGURES = ("action", "runner_up", "values", "margin", "margin_error", "margin_low", "share", "share_error",
           "deals", "exact", "consistent")


def verify_entry(rules: Rules, entry: dict[str, Any]) -> list[str]:
    """What is wrong with one entry (empty when nothing): the position must still be one
    worth asking about, its figures must prove the claim, and the confirmation run again
    from its seed must give those very figures."""
    rnd = replay(rules, entry)
    if not worth_asking(rnd):
        return ["the position is not one the bank asks about"]
    problems = check_claim(entry)
    again = confirm(rnd, entry["eval_seed"], entry["action"])
    if not again["holds"]:
        problems.append(f"the claim fails when proved again: margin {again['margin']} ± {again['margin_error']}, "
                        f"share {again['share']} ± {again['share_error']}")
    problems += _figures_differ(entry, again)
    return problems


#: sampled figures proved again from the same seed may move by this many of their
#: combined standard errors (the sampler or the search may change between versions):
#: the claim must hold again, the figures need not match to the last digit
AGAIN_Z = 4.0


def _figures_differ(entry: dict[str, Any], again: dict[str, Any]) -> list[str]:
    """Exact proofs must come out the same; sampled ones within their errors."""
    if entry["exact"]:
        differ = [f for f in FIGURES if again.get(f) != entry.get(f)]
        return [f"figures differ when proved again: {', '.join(differ)}"] if differ else []
    out = []
    if again["action"] != entry["action"]:
        out.append(f"another move is best when proved again: {again['action']}")
    for figure, error in (("margin", "margin_error"), ("share", "share_error")):
        # the errors are 95 % half-widths: back to standard errors, then combined
        se = ((entry[error] / 1.96) ** 2 + (again[error] / 1.96) ** 2) ** 0.5
        if abs(again[figure] - entry[figure]) > AGAIN_Z * se + 1e-9:
            out.append(f"{figure} moved when proved again: {entry[figure]} then {again[figure]}")
    return out


def verify_bank(data: dict[str, Any] | None = None,
                report: Callable[[str], None] | None = None) -> dict[str, list[str]]:
    """Every entry's problems (:func:`verify_entry`), by ``setup/game/move``; only the
    entries with problems."""
    data = data or bank()
    out: dict[str, list[str]] = {}
    for key, entries in data["setups"].items():
        rules = setup_of(key).rules()
        for entry in entries:
            problems = verify_entry(rules, entry)
            if problems:
                out[f"{key}/{entry['game']}/{len(entry['history'])}"] = problems
        if report:
            report(f"{key}: {len(entries)} entries verified")
    return out


__all__ = ["BANK", "BANK_VERSION", "BOT_LEVELS", "MAX_HAND", "MIN_LINE", "PER_GAME", "PER_SETUP", "SETUPS",
           "TRIVIAL_SHARE", "VIEWER", "bank", "build_bank", "build_setup", "eval_seed", "game_seed", "is_heaviest",
           "placements", "play_game", "replay", "setup_key", "setup_of", "verify_bank", "verify_entry",
           "worth_asking", "write_bank"]
