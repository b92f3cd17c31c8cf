// The board in the browser: mounts the SVG drawn in Python (ui/board/svg.py) and
// reports what the player does. It never decides legality: `data.legal` lists the
// targets the engine allows, per tile ({"3-5": ["L", "R"], "6-6": ["lead"]}).
//
// Streamlit runs this function again on every data change but calls the cleanup it
// returns only on unmount, so document-level listeners are bound once per mount and
// read the latest data from `parentElement.__latest` (docs/board.md).

// Page Up / Page Down: what a presenter's clicker sends.
const NAV_KEYS = {
  ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', PageUp: 'prev', PageDown: 'next',
};
// Presentation mode (a projector): no text on the board under this many CSS pixels on a
// 1920 px wide screen, and proportionally less on a smaller one (1280 px: 16.3 px).
const PRESENT_MIN_PX = 24.5;
const PRESENT_AT_WIDTH = 1920;
const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
// Widgets that use arrow keys themselves: a key pressed in one of them is not ours.
const ARROW_ROLES = new Set(['slider', 'spinbutton', 'radio', 'tab', 'menuitem', 'option',
  'listbox', 'combobox', 'textbox', 'grid', 'gridcell', 'tree', 'treeitem']);
// Below this width the board asks Python for its narrow (phone) layout; above the
// second it goes back. Two thresholds, so a width in between never flips back and forth.
const NARROW_BELOW = 520;
const WIDE_ABOVE = 640;
const RESEND_AFTER_MS = 1500;

export default function (component) {
  const { data, parentElement, setStateValue, setTriggerValue } = component;
  parentElement.__latest = { data, setStateValue, setTriggerValue };
  if (!data.present) parentElement.__leaveSent = 0; // the leave, if one was sent, has landed
  // tileIndex: the hand's one Tab stop (undefined: the first playable tile)
  parentElement.__ui = parentElement.__ui || { selected: undefined, stateSelected: null, tileIndex: undefined };
  const host = parentElement.querySelector('.cpb');
  if (!host) return undefined;

  const focus = rememberFocus(parentElement);
  const board = new Board(data, parentElement);
  host.replaceChildren(board.root);
  parentElement.__board = board;
  board.restoreSelection();
  board.restoreFocus(focus);

  speak(parentElement, data.announce);
  bindOnce(parentElement, host);
  checkWidth(parentElement, host);
  if (data.present) board.enlarge();
  return () => unbind(parentElement);
}

class Board {
  constructor(data, parentElement) {
    this.data = data;
    this.pe = parentElement;
    this.legal = (data.legal && data.legal.tiles) || {};
    this.sent = false;
    this.root = document.createElement('div');
    this.root.className = data.present ? 'cpb-root present' : (data.fit ? 'cpb-root fit' : 'cpb-root');
    if (data.score) this.root.appendChild(buildScore(data.score));
    if (data.description && data.description.length) this.root.appendChild(buildDescription(data.description));
    this.svg = parseSvg(data.svg);
    if (this.svg) {
      this.root.appendChild(this.svg);
    } else {
      this.root.textContent = '⚠';
    }
    this.status = document.createElement('div');
    this.status.className = 'cpb-status';
    this.status.setAttribute('role', 'status');
    this.status.setAttribute('aria-live', 'polite');
    this.root.appendChild(buildKeys(data, parentElement));
    if (data.interactive) {
      this.rove(this.handStop());
      this.root.appendChild(this.buildBar());
      this.root.addEventListener('click', (e) => this.onClick(e));
      this.root.addEventListener('keydown', (e) => this.onKey(e));
    }
  }

  buildBar() {
    const bar = document.createElement('div');
    bar.className = 'cpb-bar';
    bar.appendChild(this.status);
    const legal = this.data.legal || {};
    for (const kind of ['draw', 'pass']) {
      if (!legal[kind]) continue;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `cpb-${kind}`;
      button.dataset.action = kind;
      button.textContent = this.data.texts[kind];
      bar.appendChild(button);
    }
    return bar;
  }

  // On a projector the board's small labels (seat names, tile counts, the stock's word)
  // grow to PRESENT_MIN_PX on screen. A seat's name tag grows as a whole (pill, name,
  // count, tags) around its centre, kept inside the table; other texts around their
  // anchor. A side seat's tag that would then reach the stock above it moves down clear
  // of it, and the stock is drawn last (tests/support/svg_contrast.py does the same in
  // Python to check the words' contrast). Idempotent: it runs again when the board is resized.
  enlarge() {
    const svg = this.svg;
    if (!svg || !svg.viewBox || !svg.viewBox.baseVal) return;
    const box = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    if (!box.width || !vb.width || !vb.height) return;
    const scale = Math.min(box.width / vb.width, box.height / vb.height);
    // A page may ask for another minimum with the CSS custom property --cpb-present-min-px
    // (it inherits into this shadow root): the class quiz's board shares the screen with a chart.
    const asked = parseFloat(getComputedStyle(svg).getPropertyValue('--cpb-present-min-px'));
    const minPx = (asked > 0 ? asked : PRESENT_MIN_PX) * Math.min(1, window.innerWidth / PRESENT_AT_WIDTH);
    const need = (text) => {
      const size = parseFloat(text.getAttribute('font-size')) || 16;
      return Math.max(1, minPx / (size * scale));
    };
    const NS = 'http://www.w3.org/2000/svg';
    for (const seat of svg.querySelectorAll('g.seat')) {
      let cluster = seat.querySelector(':scope > g.cpb-big');
      if (!cluster) {
        cluster = document.createElementNS(NS, 'g');
        cluster.setAttribute('class', 'cpb-big');
        const parts = [];
        for (const child of seat.children) {
          if (child.tagName === 'g') break; // the seat's tiles follow its name tag
          if (child.tagName !== 'title') parts.push(child);
        }
        if (!parts.length) continue;
        seat.insertBefore(cluster, parts[0]);
        for (const part of parts) cluster.appendChild(part);
      }
      const texts = [...cluster.querySelectorAll('text')];
      const k = Math.max(1, ...texts.map(need));
      const b = cluster.getBBox();
      const cx = b.x + b.width / 2;
      const cy = b.y + b.height / 2;
      const left = cx - (b.width / 2) * k;
      const right = cx + (b.width / 2) * k;
      let dx = 0;
      if (left < 4) dx = 4 - left;
      else if (right > vb.width - 4) dx = vb.width - 4 - right;
      cluster.setAttribute('transform', `translate(${dx} 0) translate(${cx} ${cy}) scale(${k}) translate(${-cx} ${-cy})`);
      cluster.__grown = { left: left + dx, right: right + dx, top: cy - (b.height / 2) * k };
    }
    for (const text of svg.querySelectorAll('text')) {
      if (text.closest('g.cpb-big')) continue;
      const k = need(text);
      const x = parseFloat(text.getAttribute('x')) || 0;
      const y = parseFloat(text.getAttribute('y')) || 0;
      if (k > 1) text.setAttribute('transform', `translate(${x} ${y}) scale(${k}) translate(${-x} ${-y})`);
      else text.removeAttribute('transform');
    }
    const stock = svg.querySelector(':scope > g.stock');
    if (stock) {
      const s = stock.getBBox(); // its words as grown
      for (const cluster of svg.querySelectorAll('g.seat-left > g.cpb-big, g.seat-right > g.cpb-big')) {
        const g = cluster.__grown;
        if (g && g.top < s.y + s.height + 2 && g.left < s.x + s.width && s.x < g.right) {
          const down = s.y + s.height + 2 - g.top;
          cluster.setAttribute('transform', `translate(0 ${down}) ${cluster.getAttribute('transform')}`);
        }
      }
      svg.appendChild(stock);
    }
  }

  // ------------------------------------------------------------------ queries
  tiles() { return this.svg ? [...this.svg.querySelectorAll('[data-tile]')] : []; }
  tile(name) { return this.tiles().find((t) => t.dataset.tile === name) || null; }
  end(side) { return this.svg ? this.svg.querySelector(`[data-end="${side}"]`) : null; }
  targets(name) { return Object.prototype.hasOwnProperty.call(this.legal, name) ? this.legal[name] : null; }

  // The hand is one Tab stop (a roving tabindex): the tile last moved to, or at the same
  // place in the hand after a move, or at first the first playable tile. The arrow keys,
  // Home and End move inside the hand; Tab goes on past it.
  handStop() {
    const tiles = this.tiles();
    if (!tiles.length) return null;
    let i = this.pe.__ui.tileIndex;
    if (i === undefined) i = Math.max(0, tiles.findIndex((t) => this.targets(t.dataset.tile)));
    return tiles[Math.max(0, Math.min(i, tiles.length - 1))];
  }

  rove(stop) {
    if (!stop || !this.data.interactive) return;
    for (const t of this.tiles()) t.setAttribute('tabindex', t === stop ? '0' : '-1');
    this.pe.__ui.tileIndex = this.tiles().indexOf(stop);
  }
  get selected() { return this.pe.__ui.selected || null; }

  // ------------------------------------------------------------------ actions
  pick(name, byKeyboard) {
    const targets = this.targets(name);
    if (!targets || targets.length === 0) {
      this.shake(this.tile(name));
      return;
    }
    if (this.locked) { // touch-move: the tile picked up is the one to lay
      if (name !== this.selected) this.shake(this.tile(name));
      return this.paintSelection(byKeyboard);
    }
    if (targets[0] === 'lead') return this.play(`lead ${name}`);
    if (targets.length === 1) return this.play(`${name}@${targets[0]}`);
    if (this.selected === name) return this.select(null, byKeyboard);
    return this.select(name, byKeyboard);
  }

  // Touch-move on (rules.md PT-16) and a tile picked up: no other tile may be laid, and
  // the tile cannot be put back.
  get locked() { return Boolean(this.data.touch_move && this.selected); }

  release() {
    if (!this.locked) this.select(null, false);
  }

  chooseEnd(side) {
    const name = this.selected;
    if (!name) return this.hint();
    const targets = this.targets(name) || [];
    if (targets.includes(side)) this.play(`${name}@${side}`);
  }

  select(name, byKeyboard) {
    const ui = this.pe.__ui;
    ui.selected = name;
    this.paintSelection(byKeyboard);
    if (ui.stateSelected !== name) {
      ui.stateSelected = name;
      this.pe.__latest.setStateValue('selected', name);
    }
  }

  play(action) {
    if (this.sent) return; // one action per board: the next one comes with new data
    this.sent = true;
    this.root.classList.add('busy');
    setTimeout(() => { this.sent = false; this.root.classList.remove('busy'); }, RESEND_AFTER_MS);
    const ui = this.pe.__ui;
    const { setStateValue, setTriggerValue } = this.pe.__latest;
    ui.selected = null;
    // Both updates leave in the same flush, so they make one rerun, not two.
    if (ui.stateSelected) {
      ui.stateSelected = null;
      setStateValue('selected', null);
    }
    setTriggerValue('play', action);
  }

  // ------------------------------------------------------------------ drawing
  paintSelection(byKeyboard) {
    const name = this.selected;
    const targets = (name && this.targets(name)) || [];
    for (const t of this.tiles()) t.classList.toggle('selected', t.dataset.tile === name);
    let first = null;
    for (const side of ['L', 'R']) {
      const end = this.end(side);
      if (!end) continue;
      const on = targets.includes(side);
      end.classList.toggle('target', on);
      end.setAttribute('tabindex', on ? '0' : '-1');
      end.setAttribute('aria-disabled', on ? 'false' : 'true');
      if (on && !first) first = end;
    }
    this.status.textContent = !name ? '' : (this.data.touch_move ? this.data.texts.touched : this.data.texts.choose_end);
    this.root.dataset.selected = name || '';
    if (byKeyboard && first) first.focus({ preventScroll: true });
  }

  restoreSelection() {
    if (!this.data.interactive) return;
    const ui = this.pe.__ui;
    if (ui.selected === undefined) ui.selected = this.data.selected || null;
    const targets = ui.selected ? this.targets(ui.selected) : null;
    if (ui.selected && !(targets && targets.length > 1)) {
      ui.selected = null;
      if (ui.stateSelected) { // the position changed under the selection
        ui.stateSelected = null;
        this.pe.__latest.setStateValue('selected', null);
      }
    }
    this.paintSelection(false);
  }

  // The focus stays in the board when it is redrawn: on the same control, else on the
  // hand's Tab stop, else (the others' turn: nothing to press) on the board itself, so a
  // player who moved by keyboard is not sent back to the top of the page.
  restoreFocus(focus) {
    if (!focus) return;
    let target = null;
    if (focus.kind === 'keys') target = this.root.querySelector('.cpb-keys-toggle');
    if (this.data.interactive) {
      if (focus.kind === 'end') target = this.selected ? this.end(focus.end) : null;
      if (focus.kind === 'button') target = this.root.querySelector(`button[data-action="${focus.action}"]`);
      if (focus.kind === 'draw') target = this.svg && this.svg.querySelector('[data-action="draw"]');
      if (!target) {
        target = (focus.tile && this.tile(focus.tile)) || this.handStop();
        this.rove(target);
      }
    }
    if (!target) {
      target = this.root;
      target.setAttribute('tabindex', '-1'); // focusable by script, not a Tab stop
    }
    target.focus({ preventScroll: true });
  }

  shake(el) {
    if (!el) return;
    el.classList.remove('nope');
    void el.getBoundingClientRect(); // restart the animation
    el.classList.add('nope');
  }

  hint() {
    for (const t of this.tiles()) {
      if (this.targets(t.dataset.tile)) t.classList.add('hint');
    }
    setTimeout(() => { for (const t of this.tiles()) t.classList.remove('hint'); }, 1400);
  }

  // ------------------------------------------------------------------ events
  onClick(e) {
    const el = e.target.closest('[data-tile], [data-end], [data-action]');
    if (!el || !this.root.contains(el)) return;
    if (el.dataset.tile) {
      this.rove(el);
      this.pick(el.dataset.tile, false);
    } else if (el.dataset.end) {
      this.chooseEnd(el.dataset.end);
    } else if (el.dataset.action) {
      this.play(el.dataset.action);
    }
  }

  onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const el = e.target.closest('[data-tile], [data-end], svg [data-action]');
    if (!el) return;
    const activate = e.key === 'Enter' || e.key === ' ';
    if (el.dataset.tile) {
      const tiles = this.tiles();
      const i = tiles.indexOf(el);
      const moves = {
        ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: tiles.length - 1,
      };
      if (e.key in moves) {
        const next = tiles[Math.max(0, Math.min(tiles.length - 1, moves[e.key]))];
        this.rove(next);
        if (next) next.focus({ preventScroll: true });
      } else if (activate) {
        this.rove(el);
        this.pick(el.dataset.tile, true);
      } else if (e.key === 'Escape' && this.selected) {
        this.release();
      } else {
        return;
      }
    } else if (el.dataset.end) {
      if (activate) {
        this.chooseEnd(el.dataset.end);
      } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        const other = this.end(e.key === 'ArrowLeft' ? 'L' : 'R');
        if (other && other.classList.contains('target')) other.focus({ preventScroll: true });
      } else if (e.key === 'Escape') {
        const back = this.selected && this.tile(this.selected);
        this.release();
        if (back) back.focus({ preventScroll: true });
      } else {
        return;
      }
    } else if (activate) {
      this.play(el.dataset.action);
    } else {
      return;
    }
    e.preventDefault(); // also tells the document listener this key was ours
  }
}

// The score strip: round number, the match score of each side or seat, and the target
// or the penalty limit. Every text is set with textContent (the names may be a player's).
function buildScore(score) {
  const strip = document.createElement('div');
  strip.className = 'cpb-score';
  strip.setAttribute('role', 'group');
  strip.setAttribute('aria-label', score.title);
  const add = (parent, cls, text) => {
    const el = document.createElement('span');
    el.className = cls;
    el.textContent = text;
    parent.appendChild(el);
    return el;
  };
  add(strip, 'cpb-score-round', score.round);
  for (const entry of score.entries) {
    const item = add(strip, entry.mine ? 'cpb-score-entry mine' : 'cpb-score-entry', '');
    add(item, 'cpb-score-name', entry.label);
    add(item, 'cpb-score-points', String(entry.points));
    if (entry.extra) add(item, 'cpb-score-extra', entry.extra);
  }
  add(strip, 'cpb-score-goal', score.goal);
  return strip;
}

// "?" (or the small button) shows the keys this board answers to; the panel stays open
// across redraws until it is closed again.
function buildKeys(data, parentElement) {
  const t = data.keys || {};
  const box = document.createElement('div');
  box.className = 'cpb-keys';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'cpb-keys-toggle';
  button.textContent = '?';
  button.setAttribute('aria-label', t.title || 'Keys');
  button.setAttribute('title', t.title || 'Keys');
  const panel = document.createElement('div');
  panel.className = 'cpb-keys-panel';
  panel.id = 'cpb-keys-panel';
  const heading = document.createElement('p');
  heading.className = 'cpb-keys-title';
  heading.textContent = t.title || 'Keys';
  panel.appendChild(heading);
  const list = document.createElement('ul');
  for (const line of t.lines || []) {
    const item = document.createElement('li');
    item.textContent = line;
    list.appendChild(item);
  }
  panel.appendChild(list);
  button.setAttribute('aria-controls', panel.id);
  const show = (open) => {
    parentElement.__keysOpen = open;
    panel.hidden = !open;
    button.setAttribute('aria-expanded', open ? 'true' : 'false');
  };
  show(Boolean(parentElement.__keysOpen));
  button.addEventListener('click', () => show(!parentElement.__keysOpen));
  box.__show = show;
  box.appendChild(button);
  box.appendChild(panel);
  return box;
}

// The board in words (ui/board/speech.py), for screen readers: off screen, not hidden.
function buildDescription(lines) {
  const box = document.createElement('div');
  box.className = 'cpb-sr cpb-description';
  for (const line of lines) {
    const p = document.createElement('p');
    p.textContent = line;
    box.appendChild(p);
  }
  return box;
}

// One polite live region per mounted board, kept across redraws (a region created with
// its text is often not read): a move, a verdict or a result is said once, by its id.
function speak(parentElement, announce) {
  let region = parentElement.__live;
  if (!region) {
    region = document.createElement('div');
    region.className = 'cpb-sr cpb-live';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    parentElement.appendChild(region);
    parentElement.__live = region;
  }
  if (!announce || announce.id === parentElement.__saidId) return;
  parentElement.__saidId = announce.id;
  region.dataset.said = String(announce.id);
  region.textContent = '';
  // a tick later, so the same words said again still count as a change
  setTimeout(() => { region.textContent = announce.text; }, 60);
}

function parseSvg(text) {
  if (typeof text !== 'string' || !text) return null;
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = parsed.documentElement;
  if (!svg || svg.nodeName !== 'svg' || parsed.getElementsByTagName('parsererror').length) return null;
  return document.importNode(svg, true);
}

// Where the focus is in this board before a redraw replaces its elements.
function rememberFocus(parentElement) {
  const active = parentElement.activeElement;
  if (!active || !active.closest) return null;
  if (active.closest('.cpb-keys')) return { kind: 'keys' };
  const el = active.closest('[data-tile], [data-end], [data-action]');
  if (!el) return { kind: 'board' };
  if (el.dataset.tile) return { kind: 'tile', tile: el.dataset.tile };
  if (el.dataset.end) return { kind: 'end', end: el.dataset.end };
  if (el.tagName === 'BUTTON') return { kind: 'button', action: el.dataset.action };
  return { kind: 'draw' };
}

function isTyping(el) {
  if (!el || el.nodeType !== 1) return false;
  if (TYPING_TAGS.has(el.tagName) || el.isContentEditable) return true;
  return ARROW_ROLES.has(el.getAttribute('role'));
}

// A select box (role combobox) whose list is closed: it wants no arrow or page keys.
function isClosedChoice(el) {
  return Boolean(el && el.nodeType === 1 && el.getAttribute('role') === 'combobox'
    && el.getAttribute('aria-expanded') !== 'true');
}

function fullscreen(on) {
  try {
    const el = document.documentElement;
    if (on && !document.fullscreenElement && el.requestFullscreen) return el.requestFullscreen().catch(() => {});
    if (!on && document.fullscreenElement && document.exitFullscreen) return document.exitFullscreen().catch(() => {});
  } catch (err) { /* a browser without full screen: the page still fills the window */ }
  return undefined;
}

// One "leave" at a time. Escape leaves full screen, and full screen ending sends a leave of
// its own: a second rerun request sent before the first has answered carries the URL as it
// was (still ?present=1), which can put the lesson back on the projector. A leave that got
// no answer may go again; a board drawn out of presentation clears the mark.
function leave(parentElement, setTriggerValue) {
  const now = Date.now();
  if (parentElement.__leaveSent && now - parentElement.__leaveSent < RESEND_AFTER_MS) return;
  parentElement.__leaveSent = now;
  setTriggerValue('nav', 'leave');
}

// F (enter presentation, full screen) and Escape (leave it) while a board can present.
function modeKey(e, parentElement) {
  const { data, setTriggerValue } = parentElement.__latest;
  if (e.repeat || e.altKey || e.ctrlKey || e.metaKey) return false;
  if ((e.key === 'f' || e.key === 'F') && data.presentable) {
    fullscreen(true); // a key press is a user gesture
    if (!data.present) setTriggerValue('nav', 'present');
    return true;
  }
  if (e.key === 'Escape' && data.present && !e.defaultPrevented) {
    fullscreen(false);
    leave(parentElement, setTriggerValue);
    return true;
  }
  return false;
}

function bindOnce(parentElement, host) {
  if (parentElement.__onKey) return;
  parentElement.__onKey = (e) => {
    const { data, setTriggerValue } = parentElement.__latest;
    const origin = e.composedPath()[0];
    if (isTyping(origin)) return;
    if (e.key === '?' && !e.altKey && !e.ctrlKey && !e.metaKey && (data.nav || data.interactive)) {
      const keys = parentElement.querySelector('.cpb-keys');
      if (keys && keys.__show) keys.__show(!parentElement.__keysOpen);
      e.preventDefault();
      return;
    }
    if (data.nav && modeKey(e, parentElement)) {
      e.preventDefault();
      return;
    }
    const step = NAV_KEYS[e.key];
    if (!data.nav || !step || e.defaultPrevented || e.repeat) return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (origin && origin.closest && origin.closest('[data-tile], [data-end]')) return;
    e.preventDefault(); // Home and End would scroll the page
    setTriggerValue('nav', step);
  };
  document.addEventListener('keydown', parentElement.__onKey);
  // On a projector the bar's language box keeps the focus once a language is chosen, and
  // the box stops the arrow keys and Escape on their way up: while its list is closed, the
  // clicker's keys step the lesson and Escape leaves, caught before the box sees them
  // (review K2).
  parentElement.__onBoxKey = (e) => {
    const { data, setTriggerValue } = parentElement.__latest;
    const step = NAV_KEYS[e.key];
    if (!data.present || !data.nav || !(step || e.key === 'Escape')) return;
    if (e.repeat || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (!isClosedChoice(e.composedPath()[0])) return;
    e.preventDefault();
    e.stopPropagation();
    if (step) {
      setTriggerValue('nav', step);
    } else {
      fullscreen(false);
      leave(parentElement, setTriggerValue);
    }
  };
  document.addEventListener('keydown', parentElement.__onBoxKey, true);
  // Escape in full screen is the browser's own: it leaves full screen, and so do we.
  parentElement.__onFull = () => {
    const { data, setTriggerValue } = parentElement.__latest;
    // Any full screen ending while the board presents: the rerun that drew this board may
    // have mounted it after full screen began, so it cannot know it saw it begin.
    if (!document.fullscreenElement && data.present && data.nav) leave(parentElement, setTriggerValue);
  };
  document.addEventListener('fullscreenchange', parentElement.__onFull);
  if (typeof ResizeObserver !== 'undefined') {
    parentElement.__resize = new ResizeObserver(() => checkWidth(parentElement, host));
    parentElement.__resize.observe(host);
  }
}

function unbind(parentElement) {
  if (parentElement.__onKey) document.removeEventListener('keydown', parentElement.__onKey);
  if (parentElement.__onBoxKey) document.removeEventListener('keydown', parentElement.__onBoxKey, true);
  parentElement.__onBoxKey = null;
  if (parentElement.__onFull) document.removeEventListener('fullscreenchange', parentElement.__onFull);
  parentElement.__onFull = null;
  if (parentElement.__resize) parentElement.__resize.disconnect();
  parentElement.__onKey = null;
  parentElement.__resize = null;
}

function checkWidth(parentElement, host) {
  const { data, setStateValue } = parentElement.__latest;
  const width = host.clientWidth;
  if (!width) return;
  if (data.present) { // the projector keeps the wide layout; its labels follow the size
    if (parentElement.__board) parentElement.__board.enlarge();
    return;
  }
  const narrow = data.narrow ? width < WIDE_ABOVE : width < NARROW_BELOW;
  if (narrow !== Boolean(data.narrow) && parentElement.__askedNarrow !== narrow) {
    parentElement.__askedNarrow = narrow;
    setStateValue('narrow', narrow);
  }
}
