// Permalinks: each demo's state in the chapter URL's hash, written as the reader changes it and read
// back on load, e.g.
//   #ledger.featureMap=elu1&ledger.step=2&overcapacity.d=32&overcapacity.n=40
// (one "demo.setting=value" per setting; the encoding of values is in embed-codec.js). A plain
// anchor such as #where-retrieval-breaks-down is left alone. history.replaceState keeps the Back
// button for real navigation, not for every slider step.
import { DEMO_NAMES, decodeSettings, encodeSettings, quote, toQuery } from './embed-codec.js';

const WRITE_DELAY_MS = 250; // browsers throttle replaceState; a drag fires far more often

/** True when a hash carries demo settings rather than naming an anchor. */
export const isStateHash = (hash) => /^#?[a-z]+\.[\w-]+=/i.test(hash);

/**
 * Reads demo settings from a hash. Returns { states: {demo: settings}, notices: {demo: [text]},
 * order: [demo names in order of appearance], other: [text] (about names that are no demo) }.
 */
export function readHash(hash) {
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

const fromLoad = readHash(location.hash);
const current = {}; // demo -> latest state to keep in the URL (changed by the reader or from the link)
// A demo named in the link but not mounted yet keeps its settings as the link gave them.
for (const demo of fromLoad.order) current[demo] = fromLoad.states[demo];
let timer = 0;
const listeners = new Set();

/** Calls fn(demo, state) after each rememberState (the Embed control keeps its snippets current). */
export function onRemember(fn) {
  listeners.add(fn);
}

/** Settings for `demo` from the link the page was opened with (undefined when none). */
export function initialState(demo) {
  return fromLoad.states[demo];
}

/** What the link asked for that could not be read (plain strings), for the demo's figure. */
export function initialNotices(demo) {
  return [...(fromLoad.notices[demo] ?? []), ...(demo === fromLoad.order[0] ? fromLoad.other : [])];
}

function writeHash() {
  timer = 0;
  const states = Object.fromEntries(Object.entries(current).filter(([, s]) => s));
  const hash = hashFor(states);
  if (!hash && !isStateHash(location.hash)) return; // keep a plain anchor
  history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
}

/** After a demo named in the link mounts, the URL keeps what it actually shows. */
export function adoptMounted(demo, handle) {
  if (demo in current && handle) current[demo] = handle.getState();
}

/** Records a demo's new state (from its onStateChange); the hash follows shortly after. */
export function rememberState(demo, state) {
  current[demo] = state;
  for (const fn of listeners) fn(demo, state);
  clearTimeout(timer);
  timer = setTimeout(writeHash, WRITE_DELAY_MS);
}

/** The chapter URL that opens with `demo` in `state` (for the Embed control). */
export function permalinkFor(demo, state) {
  return `${location.origin === 'null' ? location.href.split('#')[0] : `${location.origin}${location.pathname}${location.search}`}${hashFor({ [demo]: state })}`;
}

/**
 * On load, a link with demo settings scrolls to the first demo it names; later hand-edited hashes
 * (hashchange) are applied to the demos already on screen. `demos`: Map name -> { handle }.
 */
export function initPermalinks(demos) {
  const first = fromLoad.order[0];
  const figure = first && document.getElementById(`figure-${first}`);
  if (figure) {
    // 'instant': the page's smooth scrolling is cut short by the layout shifts of loading. Once more
    // on load (fonts and figures above may have moved it), unless the reader has scrolled since.
    const go = () => {
      figure.scrollIntoView({ block: 'start', behavior: 'instant' });
      return window.scrollY;
    };
    const y = go();
    window.addEventListener(
      'load',
      () => {
        if (Math.abs(window.scrollY - y) < 2) go();
      },
      { once: true },
    );
  }
  window.addEventListener('hashchange', () => {
    const next = readHash(location.hash);
    for (const demo of next.order) {
      const entry = demos.get(demo);
      if (entry?.handle) {
        entry.handle.setState(next.states[demo]);
        current[demo] = entry.handle.getState();
      } else {
        fromLoad.states[demo] = next.states[demo]; // applied when it mounts
        current[demo] = next.states[demo];
      }
    }
  });
}
