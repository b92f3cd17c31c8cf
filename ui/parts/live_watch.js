// The live watcher: waits on the server's feed (ui/parts/live_feed.py) and reruns its fragment
// only when the quiz it shows has changed. No timer reruns the page.
//
// The function runs again on every rerun with new data, but the loop is started once per
// mount: it reads the newest data from parentElement.__latest (see the Streamlit notes).
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// How long a rerun may take to draw a new value before the feed is asked again.
const REDRAW_WAIT_MS = 1000;

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  parentElement.__latest = { data, setTriggerValue };
  if (parentElement.__watch) {
    return parentElement.__watch.stop;
  }
  const loop = { stopped: false, controller: null };
  loop.stop = () => {
    loop.stopped = true;
    if (loop.controller) loop.controller.abort();
    parentElement.__watch = null;
  };
  parentElement.__watch = loop;

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
        if (answer.value !== since) await tell(answer.value);
      } else {
        // A quiz that is gone, or a refused request: the page says what happened.
        await tell(`gone:${Date.now()}`);
        await sleep(10000);
      }
    }
  })();
  return loop.stop;
}
