"""The table page's live part holds no fragment of its own (docs/tables.md, Known issues).

The live part of ``/table`` is a fragment that the feed reruns. The review of a round once
drew itself in a fragment of its own, on a timer, inside it (``judged_panel``), and so did
a hint still being worked out (``show_waiting``, ``watch_refining``). When the live part
ran again before the server had sent the browser what its last run drew (a busy server),
Streamlit dropped that run's writes and kept the inner fragment's, which were addressed
to places the browser's page did not have yet: the frontend threw "Bad delta path index 7
(should be between [0, 2])" and unmounted the whole page. So nothing in the live part may
be a fragment: it draws the review's progress and the hint's "thinking…" itself, and its
watcher reruns it every few seconds while they are worked out.

These tests record every fragment the page declares, with the fragment it was declared
in, while a review is being judged, once it is judged, and while a hint is on the queue.
"""

from __future__ import annotations

import json
from concurrent.futures import Future

import pytest
from streamlit.testing.v1 import AppTest

from matches.table import Options, Table, new_token, token_hash
from matches.table_store import TableStore
from progress import open_store
from tests.support.fragments import Declared, describe, nested, record_fragments
from tests.support.table_rounds import played_table
from tests.ui.conftest import APP, texts_of
from ui.parts.tables.sync import open_table


@pytest.fixture
def declared(monkeypatch) -> list[Declared]:
    """Every fragment the page declares, with the fragment it is declared in (tests/support/fragments.py)."""
    return record_fragments(monkeypatch)


def seat_page(code: str, token: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page("ui/pages/table.py")
    at.query_params["t"] = code
    at.query_params["me"] = token
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def watcher_data(at: AppTest, code: str) -> dict:
    found = [e for e in at.get("bidi_component") if e.key == f"table_watch:{code}"]
    assert len(found) == 1, "the live part's watcher is on the page"
    return json.loads(found[0].proto.json)


def played_round(token: str, options: Options = Options()) -> Table:
    """A 1 v 1 table whose first round is over, the person at seat 0 having made choices."""
    from strategy.review import decision_points

    for n in range(100):
        table = played_table(f"live-part-{n}", token, options)
        if decision_points(table.game, 0, 0):
            return table
    raise AssertionError("no deal gave the person a choice")


def test_the_rounds_review_is_drawn_by_the_live_part_itself(progress_db, light_review, monkeypatch, declared):
    import strategy.review_queue as review_queue

    held: list[tuple[Future, Future]] = []  # (what the page holds, the real judging)
    judge_later = review_queue.judge_later

    def held_judging(*args, **kwargs) -> Future:
        mine = Future()
        held.append((mine, judge_later(*args, **kwargs)))
        return mine

    monkeypatch.setattr(review_queue, "judge_later", held_judging)
    token = new_token()
    code = open_table(TableStore(open_store()), played_round(token), seat_token=token)

    at = seat_page(code, token)  # the round's end, its choices still being judged
    assert "Round over" in texts_of(at)
    assert held and at.get("progress"), "the review's progress is on the page"
    assert declared, "the live part is a fragment"
    assert not nested(declared), describe(nested(declared), declared)  # it could break the browser's page
    assert watcher_data(at, code)["every"] > 0, "the live part looks again while choices are judged"

    for mine, real in held:  # every choice judged
        error = real.exception(timeout=300)
        mine.set_exception(error) if error is not None else mine.set_result(real.result())
    at.run()  # what the watcher's next look draws
    assert not at.exception, [e.message for e in at.exception]
    assert "Replay with every hand shown" in texts_of(at) and not at.get("progress")
    assert "every" not in watcher_data(at, code), "nothing is looked at again once the review is drawn"
    assert not nested(declared), describe(nested(declared), declared)


def test_a_hint_on_the_queue_is_drawn_by_the_live_part_itself(progress_db, monkeypatch, declared):
    import jobs
    import ui.parts.hint_view as hint_view

    class Pool:  # where the held hint stands in the queue
        def ahead(self, _job) -> int:
            return 2

    job = jobs.Job("held-hint", jobs.HINT)
    job.pool = Pool()
    monkeypatch.setattr(hint_view, "ask", lambda view, deep=False: hint_view.PendingHint(job, deep, view))
    monkeypatch.setenv(hint_view.THINK_AHEAD_ENV, "off")  # no deeper hint follows the one asked for
    token = new_token()
    for n in range(100):  # a deal where the person leads with a real choice
        table = Table.open("laplaza_1v1", 2, (), f"live-hint-{n}", ["me", "casual"], Options(hints=True),
                           name="Ana", token=token_hash(token)).start(0.0)
        if table.game.round.turn == 0 and len(table.game.round.canonical_actions()) > 1:
            break
    code = open_table(TableStore(open_store()), table, seat_token=token)

    at = seat_page(code, token)
    at.button(key=f"table_hint:{code}:{table.version}").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert "Thinking… (2 ahead of you)" in texts_of(at)
    assert declared, "the live part is a fragment"
    assert not nested(declared), describe(nested(declared), declared)  # it could break the browser's page
    assert watcher_data(at, code)["every"] > 0, "the live part looks again while the hint is on the queue"

    job.set_result(hint_view.hint(table.game.view(0), seed=1, max_nodes=20_000))  # the hint lands
    at.run()  # what the watcher's next look draws
    assert not at.exception, [e.message for e in at.exception]
    assert "What a strong player would do" in texts_of(at) and "Thinking…" not in texts_of(at)
    assert "every" not in watcher_data(at, code)
    assert not nested(declared), describe(nested(declared), declared)


#: Runs ui/parts/live/watch.js in Node on a virtual clock (as tests/ui/live_watch_harness.mjs
#: does): a feed that never answers, a fragment drawn again 200 ms after each rerun asked.
LOOK_HARNESS = r"""
const [, , modulePath] = process.argv;
let now = 0;
const timers = [];
globalThis.setTimeout = (fn, ms) => { timers.push({ at: now + (ms || 0), fn }); return timers.length; };
globalThis.clearTimeout = () => {};
Date.now = () => now;
globalThis.fetch = () => new Promise(() => {});  // the table does not move
globalThis.window = { location: { reload: () => {} } };
const { default: watcher } = await import(modulePath);
const parentElement = {};
const out = { reruns: [] };
let data = { url: "/live/table/ABC234?seat=0", watch: "all", since: "7", fallback: 2, reload: true, gap: 0 };
const draw = (changes) => { data = { ...data, ...changes }; watcher({ data, parentElement, setTriggerValue }); };
function setTriggerValue(name, value) {
  out.reruns.push({ at: now, name, value });
  setTimeout(() => draw({}), 200);
}
async function runUntil(limit) {
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    timers.sort((a, b) => a.at - b.at);
    if (!timers.length || timers[0].at > limit) { now = limit; return; }
    const t = timers.shift();
    now = Math.max(now, t.at);
    t.fn();
  }
}
draw({ every: 0.5 });  // the review is being judged
await runUntil(2100);
out.judged_at = now;
draw({ every: undefined });  // judged: the drawing no longer asks
await runUntil(10000);
console.log(JSON.stringify(out));
"""


def test_the_watcher_reruns_its_fragment_only_while_a_drawing_asks(tmp_path) -> None:
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("Node.js is not installed")
    root = Path(__file__).resolve().parents[2]
    module = tmp_path / "live_watch.mjs"  # the file as it ships, loaded as an ES module
    module.write_text((root / "ui/parts/live/watch.js").read_text(encoding="utf-8"), encoding="utf-8")
    harness = tmp_path / "look_harness.mjs"
    harness.write_text(LOOK_HARNESS, encoding="utf-8")
    done = subprocess.run([node, str(harness), module.as_uri()], capture_output=True, text=True, timeout=60,
                          check=True)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    times = [r["at"] for r in seen["reruns"]]
    assert all(r["name"] == "change" and r["value"].startswith("look:") for r in seen["reruns"])
    assert times == [500, 1000, 1500, 2000], "twice a second while asked"
    assert max(times) <= seen["judged_at"], "none once the drawing no longer asks"
