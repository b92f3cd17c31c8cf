// Runs ui/parts/live/watch.js outside a browser, on a virtual clock (no real waiting):
// a fake feed, a fake Streamlit that draws (or drops) the reruns the watcher asks for, and
// sessionStorage/document stand-ins. Used by tests/ui/test_class_watch_js.py.
//   node live_watch_harness.mjs <path to live_watch.mjs> <scenario>
// prints one JSON line: what happened, with virtual times in ms.
const [, , modulePath, scenario] = process.argv;

let now = 0;
const timers = [];
globalThis.setTimeout = (fn, ms) => { timers.push({ at: now + (ms || 0), fn }); return timers.length; };
globalThis.clearTimeout = () => {};
Date.now = () => now;
const storage = new Map();
globalThis.sessionStorage = {
  getItem: (k) => (storage.has(k) ? storage.get(k) : null),
  setItem: (k, v) => storage.set(k, String(v)),
  removeItem: (k) => storage.delete(k),
};
const listeners = {};
globalThis.document = {
  addEventListener: (type, fn) => { (listeners[type] = listeners[type] || []).push(fn); },
  removeEventListener: (type, fn) => { listeners[type] = (listeners[type] || []).filter((f) => f !== fn); },
};
globalThis.window = { location: { reload: () => { out.reloaded = true; } } };
globalThis.performance = { timeOrigin: Number(process.env.PAGE_ORIGIN || 1) };
const flush = () => new Promise((resolve) => setImmediate(resolve));

const out = { triggers: [], states: [], fetches: [] };
const feed = [];  // answers the fake feed gives, in order: {value, server}
globalThis.fetch = async (url) => {
  out.fetches.push({ at: now, url });
  const next = feed.shift();
  if (!next) return new Promise(() => {});  // waits for ever
  return { headers: { get: () => "application/json" }, json: async () => next };
};

const { default: watcher } = await import(modulePath);
const parentElement = {};
let data;
const draw = (changes) => {
  data = { ...data, ...changes };
  watcher({ data, parentElement, setTriggerValue, setStateValue });
};
let dropNext = 0;
function setTriggerValue(name, value) {
  out.triggers.push({ at: now, name, value });
  if (dropNext > 0) { dropNext -= 1; return; }  // Streamlit folded this rerun into another
  setTimeout(() => draw({ since: value }), 200);  // the fragment draws the new value
}
function setStateValue(name, value) {
  out.states.push({ at: now, name, value });
}
async function runUntil(done, limit = 60000) {
  for (;;) {
    await flush(); await flush();
    if (done() || !timers.length) return;
    timers.sort((a, b) => a.at - b.at);
    const t = timers.shift();
    if (t.at > limit) return;
    now = Math.max(now, t.at);
    t.fn();
  }
}
const base = { url: "/live/quiz/ABC234", watch: "all", since: "question:0|3.3.9", fallback: 2, reload: false, gap: 0 };

if (scenario === "dropped_rerun") {
  // The feed says 40 answers; Streamlit drops the first rerun the watcher asks for.
  dropNext = 1;
  feed.push({ value: "question:0|40.40.40", server: "s1" }, { value: "question:0|40.40.40", server: "s1" });
  draw(base);
  await runUntil(() => data.since === "question:0|40.40.40");
  out.drawn_at = now;
} else if (scenario.startsWith("press")) {
  // The teacher's screen: a press of Next in the bar; the quiz moves (arrives) or not (lost).
  const kind = scenario.split(":")[1];
  draw({ ...base, since: "revealed:0|3.3.3", press: { areas: ["class_start", "class_bar"] } });
  const bar = { classList: { contains: (c) => c === "st-key-class_bar" } };
  const button = { tagName: "BUTTON", disabled: false, getAttribute: () => "stBaseButton-primary",
                   classList: { contains: () => false } };
  const popover = { ...button, getAttribute: () => "stPopoverButton" };
  const click = (el) => { for (const fn of listeners.click || []) fn({ composedPath: () => [el, bar], target: el }); };
  if (kind === "popover") click(popover);
  else click(button);
  if (kind === "arrives") setTimeout(() => draw({ since: "question:1|3.3.0" }), 600);
  if (kind === "answers_only") setTimeout(() => draw({ since: "revealed:0|4.4.3" }), 600);  // a join, not the move
  await runUntil(() => false, 20000);
}
else if (scenario.startsWith("guard")) {
  // A phone's page: `guard` says which question is open and whether this phone's answer is stored.
  const kind = scenario.split(":")[1];
  const key = "capicu-quiz:ABC234:device-0001";
  const guard = (q, answered, state = "question") => ({ key, question: q, state, answered, area: "class_asking" });
  if (kind === "lost_after_reload" || kind === "stored_after_reload" || kind === "lost_revealed") {
    // a tap made on an earlier load of the page (another timeOrigin)
    storage.set(key, JSON.stringify({ question: 0, page: 999 }));
    const answered = kind === "stored_after_reload";
    draw({ ...base, watch: "phase", since: "question:0", guard: guard(0, answered, kind === "lost_revealed" ? "revealed" : "question") });
  } else if (kind === "in_flight" || kind === "lost_then_reload") {
    // tapped Check on this page; a rerun of another kind is drawn first
    draw({ ...base, watch: "phase", since: "question:0", guard: guard(0, false) });
    const area = { classList: { contains: (c) => c === "st-key-class_asking" } };
    const button = { tagName: "BUTTON", disabled: false, getAttribute: () => "stBaseButton-primary",
                     classList: { contains: () => false } };
    for (const fn of listeners.click || []) fn({ composedPath: () => [button, area], target: button });
    out.stored_after_click = storage.get(key) || null;
    draw({ guard: guard(0, false) });
    out.stored_after_rerun = storage.get(key) || null;
    if (kind === "in_flight") draw({ guard: guard(0, true) });  // the answer's own rerun: stored
  }
  await runUntil(() => true);
  out.kept = storage.get(key) || null;
}
console.log(JSON.stringify(out));
process.exit(0);
