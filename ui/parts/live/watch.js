// The live watcher: waits on the server's feed (ui/parts/live/feed.py) and reruns its fragment
// only when the quiz it shows has changed. No timer reruns the page, except while a drawing
// shows something still being worked out and asks for one (`data.every`, below).
//
// The function runs again on every rerun with new data, but the loop is started once per
// mount: it reads the newest data from parentElement.__latest (see the Streamlit notes).
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// How long a rerun may take to draw a new value before the feed is asked again.
const REDRAW_WAIT_MS = 1000;
// How long a page that asks to (`data.reload`) may stay behind the feed, told again and
// again, before it loads again from its link. Seen under heavy load (docs/tables.md, Known
// issues): the page's connection to the server dropped and did not come back, so every
// rerun it asked for was refused in the browser ("Cannot send rerun backMessage when
// disconnected") while the feed, asked over plain HTTP, kept answering.
const STUCK_MS = 30000;

// ---------------------------------------------------------------- the answer guard
// A phone's answer goes to the server in the rerun its tap starts. When the server restarts
// at that moment the rerun is lost with it, and the page, loaded again, would show the
// question unanswered without a word (review C4). So the tap is noted in this tab's
// sessionStorage (which a reload keeps): `data.guard` = {key, question, state, answered,
// area}. A drawn page that says the answer is stored clears the note; a page loaded *after*
// the tap (another performance.timeOrigin: the tap's own rerun cannot still be on its way)
// that shows the question without this phone's answer tells Python, through the state
// value `unsent`, and the page says "Your answer was not sent. Tap again."
const pageLoad = () => (typeof performance !== "undefined" ? performance.timeOrigin : 0);

const readNote = (key) => {
  try {
    const note = JSON.parse(sessionStorage.getItem(key) || "null");
    return note && typeof note.question === "number" ? note : null;
  } catch (error) {
    return null;
  }
};

const forget = (key) => {
  try { sessionStorage.removeItem(key); } catch (error) { /* storage off: nothing kept */ }
};

function checkGuard(parentElement) {
  const { data, setStateValue } = parentElement.__latest;
  const guard = data.guard;
  if (!guard) return;
  const note = readNote(guard.key);
  if (!note) return;
  if (guard.answered && guard.question === note.question) return forget(guard.key); // stored: "Answer sent"
  if (guard.question !== note.question || !["question", "revealed"].includes(guard.state)) {
    return forget(guard.key); // the quiz is elsewhere now: nothing to tap again
  }
  if (note.page === pageLoad()) return; // tapped on this very page: its rerun may be on its way
  forget(guard.key);
  if (setStateValue) setStateValue("unsent", note.question);
}

// A tap that sends an answer: the Check button (a primary button inside the guard's area)
// or a play on the board there (the board marks itself busy while its play is sent).
function sendsAnswer(event, area) {
  const path = typeof event.composedPath === "function" ? event.composedPath() : [event.target];
  const inArea = path.some((el) => el && el.classList && el.classList.contains(`st-key-${area}`));
  if (!inArea) return false;
  return path.some((el) => el && ((el.tagName === "BUTTON" && !el.disabled &&
    (el.getAttribute ? el.getAttribute("data-testid") === "stBaseButton-primary" : true)) ||
    (el.classList && el.classList.contains("busy"))));
}

function watchTaps(parentElement) {
  if (parentElement.__onTap || typeof document === "undefined") return;
  parentElement.__onTap = (event) => {
    const guard = parentElement.__latest.data.guard;
    if (!guard || guard.answered || guard.state !== "question" || !sendsAnswer(event, guard.area)) return;
    try {
      sessionStorage.setItem(guard.key, JSON.stringify({ question: guard.question, page: pageLoad() }));
    } catch (error) { /* storage off: the page cannot keep the note */ }
  };
  parentElement.__onTapKey = (event) => { if (event.key === "Enter" || event.key === " ") parentElement.__onTap(event); };
  document.addEventListener("click", parentElement.__onTap);
  document.addEventListener("keydown", parentElement.__onTapKey);
}

// ---------------------------------------------------------------- the teacher's presses
// A press of the quiz's own button (Start, Show the answer, Next) must move the quiz. When
// it has not within PRESS_WAIT_MS (the phase this page draws is still the one it was
// pressed on), the watcher says so through the state value `press_lost` ("<phase>@<n>"),
// and the page asks the teacher to press again (review C5: 2 of 80 presses never arrived).
// A second press is safe: each move is taken from one state only (the store's bad_move).
const PRESS_WAIT_MS = 4000;
const phaseOf = (since) => String(since || "").split("|")[0];

function watchPresses(parentElement) {
  if (parentElement.__onPress || typeof document === "undefined") return;
  parentElement.__presses = 0;
  parentElement.__onPress = (event) => {
    const { press, since } = parentElement.__latest.data;
    if (!press || !press.areas) return;
    const path = typeof event.composedPath === "function" ? event.composedPath() : [event.target];
    const inArea = path.some((el) => el && el.classList && press.areas.some((a) => el.classList.contains(`st-key-${a}`)));
    // the quiz's moves are its primary buttons (the bar's QR code popover is not one)
    const button = path.find((el) => el && el.tagName === "BUTTON" &&
      (!el.getAttribute || el.getAttribute("data-testid") === "stBaseButton-primary"));
    if (!inArea || !button || button.disabled) return;
    const phase = phaseOf(since);
    const n = (parentElement.__presses += 1);
    setTimeout(() => {
      const latest = parentElement.__latest;
      // pressed again since (that press counts), or this watcher is gone (its page moved on)
      if (parentElement.__presses !== n || !latest.data.press || !parentElement.__watch) return;
      if (phaseOf(latest.data.since) === phase && latest.setStateValue) {
        latest.setStateValue("press_lost", `${phase}@${n}`);
      }
    }, PRESS_WAIT_MS);
  };
  document.addEventListener("click", parentElement.__onPress);
}

function unwatchTaps(parentElement) {
  if (parentElement.__onPress && typeof document !== "undefined") {
    document.removeEventListener("click", parentElement.__onPress);
    parentElement.__onPress = null;
  }
  if (!parentElement.__onTap || typeof document === "undefined") return;
  document.removeEventListener("click", parentElement.__onTap);
  document.removeEventListener("keydown", parentElement.__onTapKey);
  parentElement.__onTap = null;
}

// ---------------------------------------------------------------- looking again
// A fragment that shows something still being worked out on this server (a review being
// judged, a hint being thought out) asks for `data.every` seconds: the watcher reruns it
// that often, until a drawing no longer asks. (Such a part was a fragment of its own, on a
// timer, inside the table's live fragment: when the two ran one after the other before
// the server sent their messages, Streamlit dropped the outer one's and kept the inner
// one's, addressed to places the browser's page did not have yet, and the page was gone:
// docs/tables.md, Known issues.)
function keepLooking(parentElement) {
  const loop = parentElement.__watch;
  if (!loop || loop.stopped || loop.look || !(Number(parentElement.__latest.data.every) > 0)) return;
  const next = () => {
    const every = Number(parentElement.__latest.data.every) || 0;
    if (loop.stopped || every <= 0) {
      loop.look = null;
      return;
    }
    loop.look = setTimeout(() => {
      loop.look = null;
      if (loop.stopped) return;
      const latest = parentElement.__latest;
      if (Number(latest.data.every) > 0) latest.setTriggerValue("change", `look:${Date.now()}`);
      next();
    }, every * 1000);
  };
  next();
}

export default function (component) {
  const { data, parentElement, setTriggerValue, setStateValue } = component;
  parentElement.__latest = { data, setTriggerValue, setStateValue };
  if (data.guard) {
    watchTaps(parentElement);
    checkGuard(parentElement);
  }
  if (data.press) watchPresses(parentElement);
  if (parentElement.__watch) {
    keepLooking(parentElement);
    return parentElement.__watch.stop;
  }
  const loop = { stopped: false, controller: null };
  // the server that drew this page: a restart before the feed's first answer is seen too
  if (data.server) loop.server = data.server;
  loop.stop = () => {
    loop.stopped = true;
    if (loop.controller) loop.controller.abort();
    if (loop.look) clearTimeout(loop.look);
    loop.look = null;
    unwatchTaps(parentElement);
    parentElement.__watch = null;
  };
  parentElement.__watch = loop;
  keepLooking(parentElement);

  const tell = async (value) => {
    // Rerun the fragment, then wait until it has drawn something new (its data says so)
    // before asking again: a stale `since` would answer at once and rerun in a loop. The
    // wait is short (REDRAW_WAIT_MS): a rerun Streamlit dropped or folded into another
    // leaves `since` as it was, and the feed, asked again with it, answers at once, so
    // the fragment is asked again a moment later. (It was 5 s: a burst of answers could
    // leave the teacher's count behind for 6 s, review C6.)
    const asked = parentElement.__latest.data.since;
    // A screen that shows many things at once (a class's tables) redraws at most every `gap` s.
    const gap = (parentElement.__latest.data.gap || 0) * 1000;
    const early = (loop.told || 0) + gap - Date.now();
    if (gap && early > 0) await sleep(early);
    if (loop.stopped) return;
    loop.told = Date.now();
    parentElement.__latest.setTriggerValue("change", value);
    for (let waited = 0; waited < REDRAW_WAIT_MS && !loop.stopped; waited += 50) {
      if (parentElement.__latest.data.since !== asked) return;
      await sleep(50);
    }
  };

  (async () => {
    let backoff = 0;
    while (!loop.stopped) {
      const { url, watch, since, fallback } = parentElement.__latest.data;
      let answer = null;
      try {
        loop.controller = new AbortController();
        const response = await fetch(
          `${url}${url.includes("?") ? "&" : "?"}watch=${encodeURIComponent(watch)}&since=${encodeURIComponent(since)}` +
            (loop.server ? `&server=${encodeURIComponent(loop.server)}` : ""),
          { cache: "no-store", signal: loop.controller.signal },
        );
        const type = response.headers.get("content-type") || "";
        if (!type.includes("application/json")) {
          // No feed on this server (`streamlit run app.py`): look again every few seconds.
          await sleep(fallback * 1000);
          if (!loop.stopped) await tell(`tick:${Date.now()}`);
          continue;
        }
        answer = await response.json();
        backoff = 0;
      } catch (error) {
        if (loop.stopped) return;
        // The server is restarting or the network dropped: ask again, a little later each time.
        backoff = Math.min(2000, backoff ? backoff * 2 : 500);
        await sleep(backoff);
        continue;
      }
      if (loop.stopped) return;
      if (answer && answer.server) {
        // A restarted server has a new session for this page, which knows none of its
        // fragments (it drops their reruns): a page that asks for it loads again, from
        // its link (a phone's link says which student it is).
        if (loop.server && answer.server !== loop.server && parentElement.__latest.data.reload) {
          loop.stopped = true;
          window.location.reload();
          return;
        }
        loop.server = answer.server;
      }
      if (answer && typeof answer.value === "string") {
        const behind = answer.value !== since;
        if (!behind || loop.behindOf !== since) {
          loop.behindOf = since; // caught up, or drew something new: the clock starts again
          loop.behindAt = Date.now();
        } else if (Date.now() - loop.behindAt > STUCK_MS && parentElement.__latest.data.reload) {
          loop.stopped = true;
          window.location.reload();
          return;
        }
        if (behind) await tell(answer.value);
      } else {
        // A quiz that is gone, or a refused request: the page says what happened.
        await tell(`gone:${Date.now()}`);
        await sleep(10000);
      }
    }
  })();
  return loop.stop;
}
