// Permalinks: each demo's state in the chapter URL's hash, written as the reader changes it and read
// back on load, e.g.
//   #ledger.featureMap=elu1&ledger.step=2&overcapacity.d=32&overcapacity.n=40
// (one "demo.setting=value" per setting; the encoding of values is in embed-codec.js). A plain
// anchor such as #where-retrieval-breaks-down is left alone. history.replaceState keeps the Back
// button for real navigation, not for every slider step.
import { DEMO_NAMES, decodeSettings, encodeSettings, quote, toQuery } from './embed-codec.js';
import { replaceStateSoon } from './lib/url-state.js';

const WRITE_DELAY_MS = 250; // browsers throttle replaceState; a drag fires far more often

/** True when a hash carries demo settings rather than naming an anchor. */
const isStateHash = (hash) => /^#?[a-z]+\.[\w-]+=/i.test(hash);

/**
 * Reads demo settings from a hash. Returns { states: {demo: settings}, notices: {demo: [text]},
 * order: [demo names in order of appearance], other: [text] (about names that are no demo) }.
 */
function readHash(hash) {
  const out = { states: {}, notices: {}, order: [], other: [] };
  if (!isStateHash(hash)) return out;
  const byDemo = new Map();
  const strangers = [];
  for (const [key, value] of new URLSearchParams(hash.replace(/^#/, ''))) {
    const dot = key.indexOf('.');
    const demo = dot > 0 ? key.slice(0, dot) : '';
    if (!DEMO_NAMES.includes(demo)) {
      strangers.push(key);
      continue;
    }
    if (!byDemo.has(demo)) byDemo.set(demo, []);
    byDemo.get(demo).push([key.slice(dot + 1), value]);
  }
  for (const [demo, entries] of byDemo) {
    const { state, notices } = decodeSettings(demo, entries);
    out.states[demo] = state;
    out.notices[demo] = notices;
    out.order.push(demo);
  }
  if (strangers.length) {
    out.other.push(
      `Link settings for no figure of this page ignored: ${strangers
        .slice(0, 4)
        .map((k) => quote(k))
        .join(', ')}` + `${strangers.length > 4 ? ` and ${strangers.length - 4} more` : ''}.`,
    );
  }
  return out;
}

/** The hash for demo states { demo: state } (states as getState() returns them). */
export function hashFor(states) {
  const entries = [];
  for (const [demo, state] of Object.entries(states)) {
    for (const [k, v] of encodeSettings(demo, state)) entries.push([`${demo}.${k}`, v]);
  }
  return entries.length ? `#${toQuery(entries)}` : '';
}

// ---- the chapter page ---------------------------------------------------------------------------

// What the page was opened with, read on first use (not at import: importing this module reads no
// URL, so node and other pages can use readHash/hashFor).
let opened = null;
const current = {}; // demo -> latest state to keep in the URL (changed by the reader or from the link)
const listeners = new Set();

function fromLoad() {
  if (!opened) {
    opened = readHash(location.hash);
    // A demo named in the link but not mounted yet keeps its settings as the link gave them.
    for (const demo of opened.order) if (!(demo in current)) current[demo] = opened.states[demo];
  }
  return opened;
}

/** Calls fn(demo, state) after each rememberState (the Embed control keeps its snippets current). */
export function onRemember(fn) {
  listeners.add(fn);
}

/** Settings for `demo` from the link the page was opened with (undefined when none). */
export function initialState(demo) {
  return fromLoad().states[demo];
}

/** What the link asked for that could not be read (plain strings), for the demo's figure. */
export function initialNotices(demo) {
  const { notices, order, other } = fromLoad();
  return [...(notices[demo] ?? []), ...(demo === order[0] ? other : [])];
}

/** The chapter URL for the states in `current`; null to leave the address as it is. */
function currentUrl() {
  const states = Object.fromEntries(Object.entries(current).filter(([, s]) => s));
  const hash = hashFor(states);
  if (!hash && !isStateHash(location.hash)) return null; // keep a plain anchor
  return `${location.pathname}${location.search}${hash}`;
}

/** After a demo named in the link mounts, the URL keeps what it actually shows. */
export function adoptMounted(demo, handle) {
  fromLoad();
  if (demo in current && handle) current[demo] = handle.getState();
}

/** Records a demo's new state (from its onStateChange); the hash follows shortly after. */
export function rememberState(demo, state) {
  fromLoad();
  current[demo] = state;
  for (const fn of listeners) fn(demo, state);
  replaceStateSoon(currentUrl, WRITE_DELAY_MS);
}

/** The chapter URL that opens with `demo` in `state` (for the Embed control). */
export function permalinkFor(demo, state) {
  return `${location.origin === 'null' ? location.href.split('#')[0] : `${location.origin}${location.pathname}${location.search}`}${hashFor({ [demo]: state })}`;
}

const HOLD_MS = 10000; // how long a linked figure is kept at the top while the page settles
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'];

/**
 * Scrolls `figure` to the top of the window and keeps it there while the page settles (fonts,
 * figures above it and the figure itself mounting change the layout; the browser's scroll
 * anchoring may pick a node below the growing figure), until the reader touches the page or
 * HOLD_MS have passed. 'instant': smooth scrolling is cut short by the layout shifts of loading.
 */
function holdInView(figure) {
  const go = () => figure.scrollIntoView({ block: 'start', behavior: 'instant' });
  go();
  const ro =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver(() => {
          if (Math.abs(figure.getBoundingClientRect().top) > 1) go();
        })
      : null;
  ro?.observe(document.body);
  ro?.observe(figure);
  const release = () => {
    clearTimeout(timer);
    ro?.disconnect();
    window.removeEventListener('load', go);
    for (const type of READER_INPUT) window.removeEventListener(type, release, true);
  };
  const timer = setTimeout(release, HOLD_MS);
  window.addEventListener('load', go, { once: true });
  for (const type of READER_INPUT) window.addEventListener(type, release, { capture: true, passive: true });
}

/**
 * On load, a link with demo settings scrolls to the first demo it names; later hand-edited hashes
 * (hashchange) are applied to the demos already on screen. `demos`: Map name -> { handle }.
 */
export function initPermalinks(demos) {
  const loaded = fromLoad();
  const first = loaded.order[0];
  const figure = first && document.getElementById(`figure-${first}`);
  if (figure) holdInView(figure);
  window.addEventListener('hashchange', () => {
    const next = readHash(location.hash);
    for (const demo of next.order) {
      const entry = demos.get(demo);
      if (entry?.handle) {
        entry.handle.update(next.states[demo]);
        current[demo] = entry.handle.getState();
      } else {
        loaded.states[demo] = next.states[demo]; // applied when it mounts
        current[demo] = next.states[demo];
      }
    }
  });
}
