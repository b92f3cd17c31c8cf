"""The bots' skill figures, measured by the review a player's games get (issue 45 item 4).

For every game (preset) and each of ``casual``, ``strong`` and ``expert``: rounds where
that bot sits at seat 0 among ``strong`` bots (its partner too, in Partners; the player
count turns over the preset's counts round by round), each round reviewed for seat 0 as a
player's round is (``strategy.review.review_round``: the same caps on deals and nodes, the
same seeds from the round), and the figure of ``progress.skill.figure`` over all its
decisions: points lost per decision with its 95% interval over rounds, and the share
within 0.5 of the best. My progress sets the player's figure beside these.

Heavy (a decision is up to 60 M nodes, about 9 s of a core): it runs in pieces. Each
round, once reviewed, is appended to the log (one JSON line: game, bot, round, players,
its decisions' loss / grade / sure, CPU seconds); a new piece plays only rounds the log
does not have, always giving the next round to the (game, bot) with the fewest decisions,
so that every pair grows together. After each piece the log's figures are written to
``progress/bot_skill.json`` with their real counts (``--record``).

    nice -n 15 .venv/bin/python bench/skill_of_bots.py --minutes 25 --jobs 2 --record
    .venv/bin/python bench/skill_of_bots.py --minutes 0     # the table only
    .venv/bin/python bench/skill_of_bots.py --minutes 0 --record --doc   # and into the data file and docs
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import PRESET_NAMES, PRESETS  # noqa: E402
from matches.game import HUMAN, Game, Setup  # noqa: E402
from progress.skill import BOT_FILE, BOT_LEVELS, Graded, Round, figure  # noqa: E402
from strategy.bots import get_bot  # noqa: E402
from strategy.review import review_round  # noqa: E402

LOG = Path(__file__).with_name("results") / "skill_of_bots.jsonl"
OPPONENT = "strong"
#: decisions wanted per game and bot
WANTED = 300


def setup_of(game: str, bot: str, number: int) -> Setup:
    counts = PRESETS[game][0]
    players = counts[number % len(counts)]
    return Setup(game, players, (), f"skill:{game}:{bot}:{number}", (HUMAN,) + (OPPONENT,) * (players - 1))


def play_one(game: str, bot: str, number: int) -> dict:
    """Round ``number`` of ``bot`` at ``game``, played and reviewed for seat 0."""
    started = time.process_time()
    setup = setup_of(game, bot, number)
    match = Game.start(setup)
    me = get_bot(bot)
    rng = random.Random(f"skill:{game}:{bot}:{number}")
    while not match.round.is_over:
        if match.bot_to_move:
            match.play_bot()
        else:
            match.play(me.choose(match.view(0), rng))
    review = review_round(match, 0)
    return {"game": game, "bot": bot, "round": number, "players": setup.players,
            "decisions": [{"ply": d.ply, "loss": round(d.loss, 4), "grade": d.grade, "sure": d.sure,
                           "deals": d.deals, "same": d.action == d.best} for d in review.decisions],
            "cpu": round(time.process_time() - started, 2)}


def read_log(path: Path) -> list[dict]:
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rows.append(json.loads(line))
        except ValueError:
            continue  # a line cut short by a stopped piece
    return rows


def figures(rows: list[dict]) -> dict[str, dict[str, dict]]:
    by: dict[tuple[str, str], list[Round]] = {}
    for row in sorted(rows, key=lambda r: r["round"]):
        decisions = tuple(Graded(d["loss"], d["grade"] == "best") for d in row["decisions"])
        by.setdefault((row["game"], row["bot"]), []).append(Round(f"{row['round']}", row["round"], decisions))
    out: dict[str, dict[str, dict]] = {}
    for (game, bot), rounds in by.items():
        fig = figure(rounds)
        if fig is not None:
            sure = sum(d["sure"] for r in rows if r["game"] == game and r["bot"] == bot for d in r["decisions"])
            cpu = sum(r["cpu"] for r in rows if r["game"] == game and r["bot"] == bot)
            # the review's best move itself, with its interval over rounds as the share within
            # 0.5 has (recorded since issue 50: older rows lack it)
            of_same = figure([Round(f"{r['round']}", r["round"], tuple(Graded(d["loss"], d["same"]) for d in
                                                                         r["decisions"] if "same" in d))
                              for r in rows if r["game"] == game and r["bot"] == bot])
            extra = ({"same": round(of_same.within, 4), "same_low": round(of_same.within_low, 4),
                      "same_high": round(of_same.within_high, 4), "same_of": of_same.decisions}
                     if of_same is not None else {})
            out.setdefault(game, {})[bot] = fig.to_dict() | extra | {"played_rounds": len(rounds),
                                                              "sure": round(sure / fig.decisions, 4),
                                                              "cpu_hours": round(cpu / 3600, 2)}
    return out


def table(data: dict[str, dict[str, dict]], bots=BOT_LEVELS) -> str:
    lines = ["| game | bot | decisions | rounds | points lost a decision (95%) | within 0.5 of the best "
             "| the best move itself | sure |",
             "|---|---|---:|---:|---|---:|---:|---:|"]
    for game in PRESET_NAMES:
        for bot in bots:
            row = data.get(game, {}).get(bot)
            if row is None:
                lines.append(f"| {game} | {bot} | 0 | 0 | — | — | — | — |")
                continue
            high = "∞" if row["high"] is None else f"{row['high']:.2f}"  # one round: no interval
            same = (f"{row['same']:.1%} [{row['same_low']:.1%}, {row['same_high']:.1%}] of {row['same_of']}"
                    if "same" in row else "—")
            lines.append(f"| {game} | {bot} | {row['decisions']} | {row['played_rounds']} | {row['mean']:.2f} "
                         f"[{row['low']:.2f}, {high}] | {row['within']:.1%} | {same} | {row['sure']:.0%} |")
    return "\n".join(lines)


def record(data: dict[str, dict[str, dict]], path: Path = BOT_FILE) -> None:
    doc = {"about": "bench/skill_of_bots.py: each bot at seat 0 among strong bots, every decision reviewed by "
                    "strategy.review.review_round; figures of progress.skill.figure (docs/skill.md)",
           "opponents": OPPONENT, "wanted": WANTED, "games": data}
    path.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")


DOC = Path(__file__).resolve().parents[1] / "docs" / "skill.md"


def write_doc(data: dict[str, dict[str, dict]], rows: list[dict], path: Path = DOC) -> None:
    """The table between ``<!-- bots -->`` and ``<!-- /bots -->`` in docs/skill.md."""
    text = path.read_text(encoding="utf-8")
    start, end = text.index("<!-- bots -->") + len("<!-- bots -->"), text.index("<!-- /bots -->")
    cpu = sum(r["cpu"] for r in rows) / 3600
    decisions = sum(len(r["decisions"]) for r in rows)
    body = (f"\n{table(data)}\n\n{len(rows)} rounds, {decisions} decisions, {cpu:.1f} h of CPU in all (one core). "
            "*sure*: the share of grades clear of every limit.\n")
    path.write_text(text[:start] + body + text[end:], encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(PRESET_NAMES))
    ap.add_argument("--bots", default=",".join(BOT_LEVELS))
    ap.add_argument("--wanted", type=int, default=WANTED, help="decisions wanted per game and bot")
    ap.add_argument("--minutes", type=float, default=25, help="start no round after this long (0: table only)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--log", type=Path, default=LOG)
    ap.add_argument("--record", action="store_true", help=f"write the figures to {BOT_FILE.name}")
    ap.add_argument("--doc", action="store_true", help="write the table into docs/skill.md")
    args = ap.parse_args()
    rows = read_log(args.log)
    pairs = [(g, b) for g in args.games.split(",") for b in args.bots.split(",")]
    counts = {p: 0 for p in pairs}
    taken: dict[tuple[str, str], set[int]] = {p: set() for p in pairs}
    for r in rows:
        p = (r["game"], r["bot"])
        if p in counts:
            counts[p] += len(r["decisions"])
            taken[p].add(r["round"])
    deadline = time.monotonic() + 60 * args.minutes
    args.log.parent.mkdir(parents=True, exist_ok=True)
    running: dict = {}

    def next_pair():
        busy = {}
        for p in running.values():
            busy[p] = busy.get(p, 0) + 1
        open_pairs = [p for p in pairs if counts[p] < args.wanted]
        if not open_pairs:
            return None
        return min(open_pairs, key=lambda p: (counts[p] + 8 * busy.get(p, 0), pairs.index(p)))

    def next_number(p) -> int:
        n = 0
        while n in taken[p]:
            n += 1
        taken[p].add(n)
        return n

    with args.log.open("a", encoding="utf-8") as f, ProcessPoolExecutor(max_workers=args.jobs) as pool:
        while True:
            while len(running) < args.jobs and time.monotonic() < deadline:
                p = next_pair()
                if p is None:
                    break
                running[pool.submit(play_one, p[0], p[1], next_number(p))] = p
            if not running:
                break
            done, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for future in done:
                p = running.pop(future)
                row = future.result()
                f.write(json.dumps(row, separators=(",", ":")) + "\n")
                f.flush()
                rows.append(row)
                counts[p] += len(row["decisions"])
                print(f"{p[0]} {p[1]} round {row['round']}: {len(row['decisions'])} decisions, "
                      f"{row['cpu']:.0f} s; {counts[p]} in all", flush=True)
    # the levels the app offers; the log also keeps retired ones (casual-rules: the club
    # player before issue 50), which --bots can still print
    data = figures(rows)
    print(table(data, args.bots.split(",")))
    data = {game: {bot: row for bot, row in levels.items() if bot in BOT_LEVELS} for game, levels in data.items()}
    if args.record:
        record(data)
        print(f"written: {BOT_FILE}")
    if args.doc:
        write_doc(data, rows)
        print(f"written: {DOC}")


if __name__ == "__main__":
    main()
